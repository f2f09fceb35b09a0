"""The Villain Deck card and the city (§4 step 1): entering and pushing, escapes with
their three parts, captures, Twists, Strikes, Adapting (§7), the Uru reveal's return, and
defeating an enemy."""

from __future__ import annotations

from rules.legendary import effects as fx
from rules.legendary.actions import MASTERMIND
from rules.legendary.cards import (
    BystanderCard,
    StrikeCard,
    TacticCard,
    TwistCard,
    VillainCard,
)
from rules.legendary.codes import Ev
from rules.legendary.state import (
    CITY,
    SEWERS,
    Op,
    OpAbilities,
    OpAdapt,
    OpEffect,
    OpEscape,
    OpOrder,
    OpReturnRevealed,
    OpVillainCard,
    Result,
    Z,
)
from rules.legendary.steps import ESCAPE_KO_MAX_COST, abilities_op, effects_op, push, rescued
from rules.legendary.work import Work


def villain_card(w: Work) -> None:
    deck = w.z[Z.VILLAIN_DECK]
    if not deck:
        return
    top = deck.pop(0)
    w.note_deck_out()
    c = w.card(top)
    w.emit(Ev.VILLAIN_CARD, f"The Villain Deck reveals {c.name}", card=top)
    if isinstance(c, VillainCard):
        _enter_now(w, top)
    elif isinstance(c, BystanderCard):
        w.z[Z.BYSTANDERS].insert(0, top)
        capture_bystander(w, None)
    elif isinstance(c, TwistCard):
        w.z[Z.KO].append(top)  # the Twist is KO'd once its effect is queued (§4)
        twist(w)
    elif isinstance(c, StrikeCard):
        w.z[Z.KO].append(top)
        strike(w)
    else:
        w.z[Z.KO].append(top)


def enter(w: Work, inst: str) -> None:
    src = w.where(inst)
    if src is not None:
        w.z[src].remove(inst)
    _enter_now(w, inst)


def _enter_now(w: Work, inst: str) -> None:
    """Enter the Sewers, pushing only as far as room is needed (§4); a Villain pushed off
    the Bridge escapes; all escapes resolve before the newcomer's Ambush."""
    ops: list[Op] = []
    if w.z[Z.city(SEWERS)]:
        empty = next((i for i in range(SEWERS - 1, -1, -1) if not w.z[Z.city(i)]), None)
        if empty is None:
            ops.append(escape_from(w, 0))
            empty = 0
        for i in range(empty, SEWERS):
            w.z[Z.city(i)] = w.z[Z.city(i + 1)]
            w.z[Z.cap(i)] = w.z[Z.cap(i + 1)]
        w.z[Z.city(SEWERS)] = []
        w.z[Z.cap(SEWERS)] = []
    w.z[Z.city(SEWERS)].append(inst)
    w.emit(Ev.ENTER, f"{w.name(inst)} enters the Sewers", card=inst, space=SEWERS)
    c = w.card(inst)
    assert isinstance(c, VillainCard)
    if c.ambush:
        ops.append(abilities_op(w, w.current, inst, c.ambush, enemy=True))
    push(w, *ops)


def escape_from(w: Work, space: int) -> Op:
    villain = w.z[Z.city(space)][0]
    held = list(w.z[Z.cap(space)])
    w.z[Z.city(space)] = []
    w.z[Z.cap(space)] = []
    w.z[Z.ESCAPE].append(villain)
    by = [b for b in held if isinstance(w.card(b), BystanderCard)]
    w.z[Z.ESCAPE].extend(held)  # captured Heroes stay there too (§7, L14)
    w.escaped_bystanders += len(by)
    w.emit(
        Ev.ESCAPE,
        f"{w.name(villain)} escapes" + (f" with {w.names(by)}" if by else ""),
        card=villain,
    )
    return OpEscape(card=villain, bystanders=bool(by))


def escape_parts(w: Work, op: OpEscape) -> None:
    ops: list[Op] = [
        OpEffect(seat=w.current, effect=fx.HqHero(to="ko", max_cost=ESCAPE_KO_MAX_COST))
    ]
    if op.bystanders:
        # One card each, however many Bystanders (§4).
        ops.append(OpEffect(seat=w.current, effect=fx.Discard(who=fx.Who.EACH)))
    c = w.card(op.card)
    assert isinstance(c, VillainCard)
    if c.escape:
        ops.append(abilities_op(w, w.current, op.card, c.escape, enemy=True))
    push(w, *ops)


def capture_bystander(w: Work, source: str | None) -> None:
    """The top Bystander is captured by `source` (a city Villain), or, for a drawn
    Bystander (source None), by the Villain closest to the Villain Deck, else the
    Mastermind (§4)."""
    if not w.z[Z.BYSTANDERS]:
        return
    b = w.z[Z.BYSTANDERS][0]
    space: int | None
    if source is not None and source != MASTERMIND and w.city_index(source) is not None:
        space = w.city_index(source)
    elif source is None:
        space = next((i for i in range(CITY - 1, -1, -1) if w.z[Z.city(i)]), None)
    else:
        space = None
    if space is None:
        w.move(b, Z.BYSTANDERS, Z.MM_CAP)
        w.emit(Ev.CAPTURE, f"The Mastermind captures {w.name(b)}", card=b)
    else:
        w.move(b, Z.BYSTANDERS, Z.cap(space))
        v = w.z[Z.city(space)][0]
        w.emit(Ev.CAPTURE, f"{w.name(v)} captures {w.name(b)}", card=b)


def twist(w: Work) -> None:
    w.twists += 1
    w.emit(Ev.TWIST, f"Scheme Twist {w.twists}", n=w.twists)
    ops: list[Op] = []
    for rule in w.scheme.twist:
        if rule.first <= w.twists <= rule.last:
            ops += effects_op(w, w.current, None, rule.effects, enemy=True)
    if w.players == 1:
        # Solo: after each Twist an HQ Hero costing 6 or less is KO'd, or in advanced solo
        # goes to the bottom of the Hero Deck (L17).
        to = "hero_deck_bottom" if w.g.options.advanced_solo else "ko"
        ops.append(OpEffect(seat=w.current, effect=fx.HqHero(to=to, max_cost=6)))
    push(w, *ops)


def strike(w: Work) -> None:
    w.emit(Ev.STRIKE, "Master Strike!")
    ops: list[Op] = [abilities_op(w, w.current, MASTERMIND, w.strike_abilities(), enemy=True)]
    if w.adapting():
        ops.append(OpAdapt())  # an Adapting Strike ends with Adapt (§7)
    if w.players == 1 and w.g.options.advanced_solo:
        ops.append(OpVillainCard())  # advanced solo: each Strike brings another card (L17)
    push(w, *ops)


def adapt(w: Work) -> None:
    """Shuffle the remaining Tactics; the new top is the Mastermind. Nothing with an empty
    stack (L7)."""
    t = w.z[Z.TACTICS]
    if not t:
        return
    w.rng, shuffled = w.rng.shuffle(t)
    w.z[Z.TACTICS] = shuffled
    w.emit(Ev.ADAPT, f"The Mastermind adapts: {w.name(shuffled[0])}", card=shuffled[0])


def return_revealed(w: Work) -> None:
    rev = w.z[Z.REVEALED]
    if not rev:
        return
    w.rng, shuffled = w.rng.shuffle(rev)
    w.z[Z.VILLAIN_DECK].extend(shuffled)
    w.z[Z.REVEALED] = []


def defeat(w: Work, seat: int, target: str, *, fight_or_fail: bool) -> None:
    """Put the enemy in the Victory Pile, rescue, then its Fight (and Fight or Fail)
    effects; for an Uru fight the revealed cards go back last (L5)."""
    ops: list[Op] = []
    later: list[OpEffect] = []
    fight: OpAbilities | None = None
    if target == MASTERMIND:
        tactics = w.z[Z.TACTICS]
        if w.adapting():
            tac = tactics[0]  # you always fight the top Tactic (§7)
        else:
            w.rng, k = w.rng.randint(0, len(tactics) - 1)  # a random face-down Tactic
            tac = tactics[k]
        w.move(tac, Z.TACTICS, Z.victory(seat))
        t = w.card(tac)
        assert isinstance(t, TacticCard)
        w.emit(Ev.DEFEAT, f"{w.who(seat)} takes the Tactic {t.name}", seat=seat, card=tac)
        for b in list(w.z[Z.MM_CAP]):
            w.move(b, Z.MM_CAP, Z.victory(seat))
            rescued(w, seat, b, later)
        if not w.z[Z.TACTICS] and w.result is None:
            # The players win now; the last Fight effect still resolves (§6, L7).
            w.result = Result.GOOD
            w.emit(Ev.END, "The players win!", result="good")
        if w.tactic_fight(t):
            fight = abilities_op(w, seat, tac, w.tactic_fight(t), enemy=True)
        if fight_or_fail and t.fight_or_fail:
            ops.append(abilities_op(w, seat, MASTERMIND, t.fight_or_fail, enemy=True))
        if w.adapting():
            ops.append(OpAdapt())
    else:
        space = w.city_index(target)
        assert space is not None
        v = w.card(target)
        assert isinstance(v, VillainCard)
        w.move(target, Z.city(space), Z.victory(seat))
        w.emit(Ev.DEFEAT, f"{w.who(seat)} defeats {v.name}", seat=seat, card=target)
        for held in list(w.z[Z.cap(space)]):
            if isinstance(w.card(held), BystanderCard):
                w.move(held, Z.cap(space), Z.victory(seat))
                rescued(w, seat, held, later)
            else:
                # A captured Hero is gained by whoever defeats its captor.
                w.move(held, Z.cap(space), Z.discard(seat))
                w.emit(Ev.GAIN, f"{w.who(seat)} gains {w.name(held)}", seat=seat, card=held)
        if v.fight:
            fight = abilities_op(w, seat, target, v.fight, enemy=True)
        if fight_or_fail and v.fight_or_fail:
            ops.append(abilities_op(w, seat, target, v.fight_or_fail, enemy=True))
    if fight_or_fail:
        ops.append(OpReturnRevealed())
    # The Fight effect and "when rescued" effects go in the order the fighter picks (§4).
    if fight is not None and later:
        first: list[Op] = [OpOrder(seat=seat, fight=(fight,), rescue=tuple(later))]
    else:
        first = [*([fight] if fight is not None else []), *later]
    push(w, *first, *ops)
