"""Resolving pending work: the op queue, the Villain Deck card, the city, and every effect
of the vocabulary. `run` executes ops until the queue is empty, a prompt waits, or the
game is over; Evil Wins is checked after every op (§6, L25)."""

from __future__ import annotations

from rules.legendary import effects as fx
from rules.legendary.actions import MASTERMIND
from rules.legendary.cards import (
    BystanderCard,
    HeroCard,
    StrikeCard,
    TacticCard,
    TwistCard,
    VillainCard,
)
from rules.legendary.codes import Ev
from rules.legendary.named import NAMED_EFFECTS, Host
from rules.legendary.state import (
    CITY,
    SEWERS,
    Op,
    OpAbilities,
    OpAdapt,
    OpEffect,
    OpEnter,
    OpEscape,
    OpNextTurn,
    OpOrder,
    OpReturnRevealed,
    Option,
    OpVillainCard,
    PromptKind,
    Result,
    Z,
)
from rules.legendary.work import Work

YES, NO, DECLINE, SKIP = "yes", "no", "decline", "skip"
ESCAPE_KO_MAX_COST = 6


def run(w: Work) -> None:
    while w.pending and w.prompt is None and not w.over:
        op = w.pending.pop(0)
        execute(w, op, None)
        if w.check_evil():
            return
    w.check_evil()


def push(w: Work, *ops: Op) -> None:
    """Put ops at the front of the queue, in the given order."""
    w.pending[0:0] = list(ops)


def execute(w: Work, op: Op, choice: str | None) -> None:
    if isinstance(op, OpAbilities):
        _abilities(w, op, choice)
    elif isinstance(op, OpEffect):
        _effect(w, op, choice)
    elif isinstance(op, OpVillainCard):
        villain_card(w)
    elif isinstance(op, OpEnter):
        enter(w, op.card)
    elif isinstance(op, OpEscape):
        _escape_parts(w, op)
    elif isinstance(op, OpAdapt):
        adapt(w)
    elif isinstance(op, OpNextTurn):
        next_turn(w)
    elif isinstance(op, OpOrder):
        _order(w, op, choice)
    else:
        _return_revealed(w)


# ---- abilities ------------------------------------------------------------------------


def superpower_met(w: Work, icons: tuple[str, ...], before: int) -> bool:
    """Each icon needs a card played earlier this turn showing it; the same icon twice
    needs two such cards (§4)."""
    earlier = w.played[:before]
    need: dict[str, int] = {}
    for icon in icons:
        need[icon] = need.get(icon, 0) + 1
    return all(sum(1 for i in earlier if icon in w.icons(i)) >= n for icon, n in need.items())


def _pile(w: Work, op: OpAbilities) -> list[str]:
    return w.z[Z.ESCAPE] if op.pile == "escape" else w.z[Z.victory(op.seat)]


def _abilities(w: Work, op: OpAbilities, choice: str | None) -> None:
    if not op.abilities:
        return
    ab, rest = op.abilities[0], op.abilities[1:]
    tail = op.model_copy(update={"abilities": rest})
    if ab.superpower and not superpower_met(w, ab.superpower, op.before):
        push(w, tail)
        return
    pile = _pile(w, op)
    # Checked now, in printed order (L19); the highest "instead" tier met applies.
    if not w.cyber_met(ab.cyber_mod, pile):
        push(w, tail)
        return
    effects = ab.effects
    for tier in ab.instead:
        if w.cyber_met(tier.cyber_mod, pile):
            effects = tier.effects
    if ab.may and choice is None:
        who = op.seat
        w.ask(
            PromptKind.MAY,
            who,
            f"Use this ability? {ab.text}".strip(),
            [Option(id=YES, label="Yes"), Option(id=NO, label="No")],
            op,
        )
        return
    ops: list[Op] = []
    if choice != NO:
        enemy = op.pile == "escape"
        ops = [
            OpEffect(seat=op.seat, source=op.source, effect=e, fated=op.fated, enemy=enemy)
            for e in effects
        ]
    push(w, *ops, tail)


def abilities_op(
    w: Work,
    seat: int,
    source: str | None,
    abilities: tuple[fx.Ability, ...],
    *,
    enemy: bool,
) -> OpAbilities:
    return OpAbilities(
        seat=seat,
        source=source,
        abilities=abilities,
        pile="escape" if enemy else "victory",
        before=len(w.played),
    )


def effects_op(
    w: Work,
    seat: int,
    source: str | None,
    effects: tuple[fx.Effect, ...],
    *,
    enemy: bool = False,
) -> list[Op]:
    return [OpEffect(seat=seat, source=source, effect=e, enemy=enemy) for e in effects]


def seats_for(w: Work, seat: int, who: fx.Who, *, enemy: bool = False) -> list[int]:
    """Who "each player" means: from the current player, clockwise (§5). In advanced solo
    an enemy's "each other player" hits the solo player (L17)."""
    if who is fx.Who.YOU:
        return [seat]
    if who is fx.Who.EACH_OTHER and enemy and w.players == 1 and w.g.options.advanced_solo:
        return [w.current]
    order = [(w.current + k) % w.players for k in range(w.players)]
    if who is fx.Who.EACH_OTHER:
        order = [s for s in order if s != w.current]
    return order


# ---- effects --------------------------------------------------------------------------


def _effect(w: Work, op: OpEffect, choice: str | None) -> None:  # noqa: C901
    e = op.effect
    seat = op.seat
    if isinstance(e, fx.Recruit):
        w.recruit += e.amount
    elif isinstance(e, fx.Attack):
        w.attack += e.amount
    elif isinstance(e, fx.PerCount):
        amount = e.per * w.count(seat, e.count)  # fixed now (L19)
        if e.pool is fx.Pool.RECRUIT:
            w.recruit += amount
        else:
            w.attack += amount
    elif isinstance(e, fx.Draw):
        w.draw(seat, e.n)
    elif isinstance(e, fx.GainWound):
        for s in seats_for(w, seat, e.who, enemy=op.enemy):
            for _ in range(e.n):
                gain_wound(w, s)
    elif isinstance(e, fx.Rescue):
        for _ in range(e.n):
            if not w.z[Z.BYSTANDERS]:
                break
            b = w.z[Z.BYSTANDERS][0]
            w.move(b, Z.BYSTANDERS, Z.victory(seat))
            rescued(w, seat, b)
    elif isinstance(e, fx.KO):
        _ko(w, op, e, choice)
    elif isinstance(e, fx.Discard):
        if e.who is not fx.Who.YOU:
            push(
                w,
                *[
                    OpEffect(seat=s, source=op.source, effect=fx.Discard(n=e.n))
                    for s in seats_for(w, seat, e.who, enemy=op.enemy)
                ],
            )
        else:
            _discard(w, op, e, choice)
    elif isinstance(e, fx.Undercover):
        _undercover(w, op, e, choice)
    elif isinstance(e, fx.FatedFuture):
        _fated(w, op, choice)
    elif isinstance(e, fx.HqHero):
        _hq_hero(w, op, e, choice)
    elif isinstance(e, fx.HeroDeckToEscape):
        for _ in range(e.n):
            if not w.z[Z.HERO_DECK]:
                break
            h = w.z[Z.HERO_DECK][0]
            w.move(h, Z.HERO_DECK, Z.ESCAPE)
            w.emit(Ev.ESCAPE, f"{w.name(h)} is put into the Escape pile", card=h)
            w.note_deck_out()
    elif isinstance(e, fx.PlayVillainCard):
        push(w, *[OpVillainCard() for _ in range(e.n)])
    elif isinstance(e, fx.CaptureBystander):
        for _ in range(e.n):
            capture_bystander(w, op.source)
    elif isinstance(e, fx.CaptureHero):
        _capture_hero(w, op, e, choice)
    elif isinstance(e, fx.GainHero):
        _gain_hero(w, op, e, choice)
    elif isinstance(e, fx.RevealOr):
        _reveal_or(w, op, e, choice)
    elif isinstance(e, fx.Defeat):
        _defeat_effect(w, op, e, choice)
    elif isinstance(e, fx.VillainEscapes):
        _villain_escapes(w, op, e, choice)
    elif isinstance(e, fx.ChooseOne):
        _choose_one(w, op, e, choice)
    elif isinstance(e, fx.PlayCopy):
        _play_copy(w, op, e, choice)
    elif isinstance(e, fx.ReEnter):
        back = [i for i in w.z[Z.ESCAPE] if isinstance(w.card(i), VillainCard)]
        if back:
            enter(w, back[-1])  # it enters as a drawn Villain would (L24)
    else:
        NAMED_EFFECTS[e.name](Host(w, op), e.params)


def gain_wound(w: Work, seat: int) -> None:
    if not w.z[Z.WOUNDS]:
        return  # nothing is gained from an empty stack (§4)
    wound = w.z[Z.WOUNDS][0]
    w.move(wound, Z.WOUNDS, Z.discard(seat))
    w.emit(Ev.WOUND, f"{w.who(seat)} gains a Wound", seat=seat)


def rescued(w: Work, seat: int, b: str, later: list[OpEffect] | None = None) -> None:
    """Announce a rescue; its "when rescued" effects go to `later` (for the fighter to
    order against the Fight effect) or straight to the queue."""
    w.emit(Ev.RESCUE, f"{w.who(seat)} rescues {w.name(b)}", seat=seat, card=b)
    c = w.card(b)
    if isinstance(c, BystanderCard) and c.on_rescue:
        ops = [OpEffect(seat=seat, source=b, effect=e) for e in c.on_rescue]
        if later is not None:
            later.extend(ops)
        else:
            push(w, *ops)


def _order(w: Work, op: OpOrder, choice: str | None) -> None:
    if choice is None:
        w.ask(
            PromptKind.ORDER,
            op.seat,
            "Which first: the Fight effect or the rescued Bystanders' effects?",
            [Option(id="fight", label="Fight effect first"),
             Option(id="rescue", label="Rescue effects first")],
            op,
        )  # fmt: skip
        return
    if choice == "rescue":
        push(w, *op.rescue, *op.fight)
    else:
        push(w, *op.fight, *op.rescue)


def _choose(
    w: Work,
    op: OpEffect,
    kind: PromptKind,
    seat: int,
    text: str,
    cands: list[str],
    choice: str | None,
    *,
    may: bool,
) -> str | None:
    """The card chosen for `op`, or None (nothing to choose, or declined). Asks (and
    returns None with the prompt set) when there is a real choice."""
    if choice is not None:
        return None if choice == SKIP else choice
    opts = w.card_options(cands)
    if not opts:
        return None
    if len(opts) == 1 and not may:
        return opts[0].id
    if may:
        opts.append(Option(id=SKIP, label="Don't"))
    w.ask(kind, seat, text, opts, op)
    return None


def _again(w: Work, op: OpEffect, n: int) -> None:
    if op.done + 1 < n:
        push(w, op.model_copy(update={"done": op.done + 1}))


def _ko(w: Work, op: OpEffect, e: fx.KO, choice: str | None) -> None:
    seat = op.seat
    cands = [i for z in e.zones for i in w.zone_cards(seat, z) if w.matches(i, e.match)]
    pick = _choose(w, op, PromptKind.CHOOSE_CARD, seat, "Choose a card to KO", cands, choice,
                   may=e.may)  # fmt: skip
    if pick is None:
        return
    src = w.where(pick)
    assert src is not None
    w.move(pick, src, Z.KO)
    w.emit(Ev.KO, f"{w.who(seat)} KOs {w.name(pick)}", seat=seat, card=pick)
    _again(w, op, e.n)


def _discard(w: Work, op: OpEffect, e: fx.Discard, choice: str | None) -> None:
    seat = op.seat
    cands = w.z[Z.hand(seat)]
    pick = _choose(w, op, PromptKind.DISCARD, seat, "Choose a card to discard", cands, choice,
                   may=False)  # fmt: skip
    if pick is None:
        return
    w.move(pick, Z.hand(seat), Z.discard(seat))
    w.emit(Ev.DISCARD, f"{w.who(seat)} discards {w.name(pick)}", seat=seat, card=pick)
    _again(w, op, e.n)


def send_undercover(w: Work, seat: int, inst: str, src: str) -> None:
    w.move(inst, src, Z.victory(seat))
    w.undercover.append(inst)
    w.emit(Ev.UNDERCOVER, f"{w.who(seat)} sends {w.name(inst)} Undercover", seat=seat, card=inst)
    if src.startswith("hq"):
        w.refill_hq(int(src[2:]))


def _undercover(w: Work, op: OpEffect, e: fx.Undercover, choice: str | None) -> None:
    seat = op.seat
    if e.self_card:
        src = Z.played(seat)
        if op.source is None or op.source not in w.z[src]:
            return
        if e.may and choice is None:
            w.ask(
                PromptKind.MAY,
                seat,
                f"Send {w.name(op.source)} Undercover?",
                [Option(id=YES, label="Yes"), Option(id=NO, label="No")],
                op,
            )
            return
        if choice == NO:
            return
        send_undercover(w, seat, op.source, src)
        return
    cands = [i for i in w.zone_cards(seat, e.zone) if w.matches(i, e.match)]
    pick = _choose(w, op, PromptKind.CHOOSE_CARD, seat, "Choose a card to send Undercover",
                   cands, choice, may=e.may)  # fmt: skip
    if pick is None:
        return
    where = w.where(pick)
    assert where is not None
    send_undercover(w, seat, pick, where)


def _fated(w: Work, op: OpEffect, choice: str | None) -> None:
    seat = op.seat
    src = Z.played(seat)
    if op.source is None or op.source not in w.z[src]:
        return
    answer = choice
    if answer is None and op.fated is not None:
        answer = YES if op.fated else NO
    if answer is None:
        w.ask(
            PromptKind.FATED_FUTURE,
            seat,
            f"Put {w.name(op.source)} on the bottom of your deck (Fated Future)?",
            [Option(id=YES, label="Yes"), Option(id=NO, label="No")],
            op,
        )
        return
    if answer == YES:
        # Still played this turn (it stays in `played`), no longer one of "your Heroes".
        w.move(op.source, src, Z.deck(seat))
        w.emit(Ev.FATED, f"{w.who(seat)} puts {w.name(op.source)} on the bottom of their deck",
               seat=seat, card=op.source)  # fmt: skip


def _hq_hero(w: Work, op: OpEffect, e: fx.HqHero, choice: str | None) -> None:
    cands = [
        i
        for i in w.zone_cards(w.current, fx.Zone.HQ)
        if e.max_cost is None or _cost(w, i) <= e.max_cost
    ]
    pick = _choose(w, op, PromptKind.HQ_HERO, w.current, "Choose an HQ Hero", cands, choice,
                   may=False)  # fmt: skip
    if pick is None:
        return
    slot = w.hq_index(pick)
    assert slot is not None
    if e.to == "ko":
        w.move(pick, Z.hq(slot), Z.KO)
        w.emit(Ev.KO, f"{w.name(pick)} is KO'd from the HQ", card=pick)
    elif e.to == "escape":
        w.move(pick, Z.hq(slot), Z.ESCAPE)
        w.emit(Ev.ESCAPE, f"{w.name(pick)} is put into the Escape pile", card=pick)
    else:
        w.move(pick, Z.hq(slot), Z.HERO_DECK)
        w.emit(Ev.MOVE, f"{w.name(pick)} goes to the bottom of the Hero Deck", card=pick)
    w.refill_hq(slot)
    _again(w, op, e.n)


def _cost(w: Work, inst: str) -> int:
    c = w.card(inst)
    return c.cost if isinstance(c, HeroCard) else 0


def _capture_hero(w: Work, op: OpEffect, e: fx.CaptureHero, choice: str | None) -> None:
    if op.source is None:
        return
    space = w.city_index(op.source)
    if space is None:
        return
    cands = [
        i
        for i in w.zone_cards(w.current, fx.Zone.HQ)
        if e.max_cost is None or _cost(w, i) <= e.max_cost
    ]
    pick = _choose(w, op, PromptKind.HQ_HERO, w.current, "Choose an HQ Hero to be captured",
                   cands, choice, may=False)  # fmt: skip
    if pick is None:
        return
    slot = w.hq_index(pick)
    assert slot is not None
    w.move(pick, Z.hq(slot), Z.cap(space))
    w.emit(Ev.CAPTURE, f"{w.name(op.source)} captures {w.name(pick)}", card=pick)
    w.refill_hq(slot)


def _gain_hero(w: Work, op: OpEffect, e: fx.GainHero, choice: str | None) -> None:
    seat = op.seat
    cands = [
        i for i in w.zone_cards(seat, fx.Zone.HQ) if e.max_cost is None or _cost(w, i) <= e.max_cost
    ]
    pick = _choose(w, op, PromptKind.CHOOSE_CARD, seat, "Choose an HQ Hero to gain", cands,
                   choice, may=e.may)  # fmt: skip
    if pick is None:
        return
    slot = w.hq_index(pick)
    assert slot is not None
    w.move(pick, Z.hq(slot), Z.hand(seat) if e.to == "hand" else Z.discard(seat))
    w.emit(Ev.GAIN, f"{w.who(seat)} gains {w.name(pick)}", seat=seat, card=pick)
    w.refill_hq(slot)


def _defeat_effect(w: Work, op: OpEffect, e: fx.Defeat, choice: str | None) -> None:
    """Defeat a city Villain without paying Attack: no Uru reveal, but its Fight and
    Fight or Fail effects happen (§5, L20)."""
    cands = [
        w.z[Z.city(i)][0]
        for i in range(CITY)
        if w.z[Z.city(i)]
        and (e.max_attack is None or w.enemy_attack(w.z[Z.city(i)][0]) <= e.max_attack)
    ]
    pick = _choose(w, op, PromptKind.CHOOSE_CARD, op.seat, "Choose a Villain to defeat", cands,
                   choice, may=e.may)  # fmt: skip
    if pick is None:
        return
    defeat(w, op.seat, pick, fight_or_fail=True)


def _villain_escapes(w: Work, op: OpEffect, e: fx.VillainEscapes, choice: str | None) -> None:
    """An effect that says a Villain escapes runs the full procedure (L14)."""
    if e.space is not None:
        space: int | None = e.space if w.z[Z.city(e.space)] else None
    else:
        in_city = [w.z[Z.city(i)][0] for i in range(CITY) if w.z[Z.city(i)]]
        pick = _choose(w, op, PromptKind.CHOOSE_CARD, w.current, "Choose a Villain that escapes",
                       in_city, choice, may=False)  # fmt: skip
        space = w.city_index(pick) if pick is not None else None
    if space is None:
        return
    push(w, _escape(w, space))


def _play_copy(w: Work, op: OpEffect, e: fx.PlayCopy, choice: str | None) -> None:
    cands = [
        i for i in w.played if i != op.source and not i.startswith("copy") and w.matches(i, e.match)
    ]
    pick = _choose(w, op, PromptKind.CHOOSE_CARD, op.seat, "Choose a card to copy", cands,
                   choice, may=False)  # fmt: skip
    if pick is None:
        return
    c = w.card(pick)
    assert isinstance(c, HeroCard)
    copy = f"copy{len(w.copies) + 1}"
    w.copies[copy] = c.id
    w.inst = {**w.inst, copy: c.id}
    before = len(w.played)
    w.played.append(copy)
    w.recruit += c.recruit or 0
    w.attack += c.attack or 0
    w.emit(Ev.PLAY, f"{w.who(op.seat)} plays a copy of {c.name}", seat=op.seat, card=copy)
    if c.abilities:
        push(w, OpAbilities(seat=op.seat, source=copy, abilities=c.abilities, before=before))


def _doable(w: Work, seat: int, effects: tuple[fx.Effect, ...]) -> bool:
    """Can an option of "do A or B" actually be done (§5)? Checked on what it needs."""
    for e in effects:
        if isinstance(e, fx.GainWound) and not w.z[Z.WOUNDS]:
            return False
        if isinstance(e, fx.Rescue) and not w.z[Z.BYSTANDERS]:
            return False
        if isinstance(e, fx.Draw) and not (w.z[Z.deck(seat)] or w.z[Z.discard(seat)]):
            return False
        if isinstance(e, fx.Discard) and e.who is fx.Who.YOU and not w.z[Z.hand(seat)]:
            return False
        if isinstance(e, fx.KO) and not any(
            w.matches(i, e.match) for z in e.zones for i in w.zone_cards(seat, z)
        ):
            return False
        if (
            isinstance(e, fx.Undercover)
            and not e.self_card
            and not any(w.matches(i, e.match) for i in w.zone_cards(seat, e.zone))
        ):
            return False
        if isinstance(e, fx.HqHero | fx.GainHero) and not any(
            e.max_cost is None or _cost(w, i) <= e.max_cost for i in w.zone_cards(seat, fx.Zone.HQ)
        ):
            return False
    return True


def _choose_one(w: Work, op: OpEffect, e: fx.ChooseOne, choice: str | None) -> None:
    ok = [k for k, o in enumerate(e.options) if _doable(w, op.seat, o.effects)]
    if not ok:
        return
    if choice is None and len(ok) > 1:
        opts = [Option(id=str(k), label=e.options[k].label) for k in ok]
        w.ask(PromptKind.CHOOSE_ONE, op.seat, "Choose one", opts, op)
        return
    k = int(choice) if choice is not None else ok[0]
    fx_ops = effects_op(w, op.seat, op.source, e.options[k].effects, enemy=op.enemy)
    push(w, *fx_ops)


def _reveal_or(w: Work, op: OpEffect, e: fx.RevealOr, choice: str | None) -> None:
    if e.who is not fx.Who.YOU:
        push(
            w,
            *[
                OpEffect(seat=s, source=op.source, effect=e.model_copy(update={"who": fx.Who.YOU}))
                for s in seats_for(w, op.seat, e.who, enemy=op.enemy)
            ],
        )
        return
    seat = op.seat
    cands = [i for i in w.your_heroes(seat) if w.classes(i) & set(e.cls)]
    if choice is None and cands:
        opts = w.card_options(cands) + [Option(id=DECLINE, label="Don't reveal")]
        w.ask(PromptKind.REVEAL, seat, "Reveal a card, or take the alternative", opts, op)
        return
    if choice is not None and choice != DECLINE:
        w.emit(Ev.REVEAL, f"{w.who(seat)} reveals {w.name(choice)}", seat=seat, card=choice)
        return
    push(w, *effects_op(w, seat, op.source, e.otherwise))


# ---- the Villain Deck and the city ----------------------------------------------------


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
            ops.append(_escape(w, 0))
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


def _escape(w: Work, space: int) -> Op:
    villain = w.z[Z.city(space)][0]
    held = list(w.z[Z.cap(space)])
    w.z[Z.city(space)] = []
    w.z[Z.cap(space)] = []
    w.z[Z.ESCAPE].append(villain)
    by = [b for b in held if isinstance(w.card(b), BystanderCard)]
    w.z[Z.ESCAPE].extend(held)  # captured Heroes stay there too (§7, L14)
    w.escaped_bystanders += len(by)
    w.emit(Ev.ESCAPE, f"{w.name(villain)} escapes" + (f" with {w.names(by)}" if by else ""),
           card=villain)  # fmt: skip
    return OpEscape(card=villain, bystanders=bool(by))


def _escape_parts(w: Work, op: OpEscape) -> None:
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


def _return_revealed(w: Work) -> None:
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


# ---- turns ----------------------------------------------------------------------------


def start_turn(w: Work) -> None:
    w.emit(Ev.TURN, f"{w.who(w.current)}'s turn", seat=w.current)
    warmup = w.g.options.warmup_round and w.players >= 4 and w.turn_no <= w.players
    if not warmup:  # L17 warm-up round: no Villain card on each player's first turn
        push(w, OpVillainCard())
    run(w)


def next_turn(w: Work) -> None:
    if w.result is Result.GOOD or w.deck_ran_out:
        finish(w)
        return
    w.current = (w.current + 1) % w.players
    w.turn_no += 1
    start_turn(w)


def finish(w: Work) -> None:
    """End of the game after a won or run-out turn (§6)."""
    if w.result is None:
        w.result = Result.DRAW
        w.emit(Ev.END, "The game ends in a draw.", result="draw")
    w.over = True
    scores = {w.who(s): w.vp(s) for s in range(w.players)}
    w.emit(Ev.END, "Scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()), scores=scores)
