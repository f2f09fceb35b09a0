"""Every effect of the vocabulary (`rules.legendary.effects`), resolved for one op."""

from __future__ import annotations

from rules.legendary import effects as fx
from rules.legendary import scheme_rules
from rules.legendary.cards import (
    HeroCard,
    VillainCard,
)
from rules.legendary.city import capture_bystander, defeat, enter, escape_from
from rules.legendary.codes import Ev
from rules.legendary.named import NAMED_EFFECTS, Host
from rules.legendary.state import (
    CITY,
    OpEffect,
    Option,
    OpVillainCard,
    PromptKind,
    Z,
)
from rules.legendary.steps import (
    DECLINE,
    NO,
    YES,
    again,
    choose_card,
    effects_op,
    gain_wound,
    play_side,
    push,
    rescued,
    seats_for,
)
from rules.legendary.work import Work


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
    elif isinstance(e, fx.StackHero):
        scheme_rules.stack_hero(w, op, e, choice)
    elif isinstance(e, fx.StackTwist):
        scheme_rules.stack_twist(w)
    elif isinstance(e, fx.TokenUnderHq):
        scheme_rules.token_under_hq(w, op, e, choice)
    elif isinstance(e, fx.FlushHq):
        scheme_rules.flush_hq(w, op)
    elif isinstance(e, fx.ReEnter):
        back = [i for i in w.z[Z.ESCAPE] if isinstance(w.card(i), VillainCard)]
        if back:
            enter(w, back[-1])  # it enters as a drawn Villain would (L24)
    else:
        NAMED_EFFECTS[e.name](Host(w, op), e.params)


def _ko(w: Work, op: OpEffect, e: fx.KO, choice: str | None) -> None:
    seat = op.seat
    cands = [i for z in e.zones for i in w.zone_cards(seat, z) if w.matches(i, e.match)]
    pick = choose_card(
        w, op, PromptKind.CHOOSE_CARD, seat, "Choose a card to KO", cands, choice, may=e.may
    )
    if pick is None:
        return
    src = w.where(pick)
    assert src is not None
    w.move(pick, src, Z.KO)
    w.emit(Ev.KO, f"{w.who(seat)} KOs {w.name(pick)}", seat=seat, card=pick)
    again(w, op, e.n)


def _discard(w: Work, op: OpEffect, e: fx.Discard, choice: str | None) -> None:
    seat = op.seat
    cands = w.z[Z.hand(seat)]
    pick = choose_card(
        w, op, PromptKind.DISCARD, seat, "Choose a card to discard", cands, choice, may=False
    )
    if pick is None:
        return
    w.move(pick, Z.hand(seat), Z.discard(seat))
    w.emit(Ev.DISCARD, f"{w.who(seat)} discards {w.name(pick)}", seat=seat, card=pick)
    again(w, op, e.n)


def send_undercover(w: Work, seat: int, inst: str, src: str) -> None:
    w.move(inst, src, Z.victory(seat))
    w.undercover.append(inst)
    w.emit(Ev.UNDERCOVER, f"{w.who(seat)} sends {w.name(inst)} Undercover", seat=seat, card=inst)
    if src.startswith("hq") and src[2:].isdigit():
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
    pick = choose_card(
        w,
        op,
        PromptKind.CHOOSE_CARD,
        seat,
        "Choose a card to send Undercover",
        cands,
        choice,
        may=e.may,
    )
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
        w.emit(
            Ev.FATED,
            f"{w.who(seat)} puts {w.name(op.source)} on the bottom of their deck",
            seat=seat,
            card=op.source,
        )


def _hq_hero(w: Work, op: OpEffect, e: fx.HqHero, choice: str | None) -> None:
    cands = [
        i
        for i in w.zone_cards(w.current, fx.Zone.HQ)
        if e.max_cost is None or _cost(w, i) <= e.max_cost
    ]
    pick = choose_card(
        w, op, PromptKind.HQ_HERO, w.current, "Choose an HQ Hero", cands, choice, may=False
    )
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
    again(w, op, e.n)


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
    pick = choose_card(
        w,
        op,
        PromptKind.HQ_HERO,
        w.current,
        "Choose an HQ Hero to be captured",
        cands,
        choice,
        may=False,
    )
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
    pick = choose_card(
        w, op, PromptKind.CHOOSE_CARD, seat, "Choose an HQ Hero to gain", cands, choice, may=e.may
    )
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
    pick = choose_card(
        w,
        op,
        PromptKind.CHOOSE_CARD,
        op.seat,
        "Choose a Villain to defeat",
        cands,
        choice,
        may=e.may,
    )
    if pick is None:
        return
    defeat(w, op.seat, pick, fight_or_fail=True)


def _villain_escapes(w: Work, op: OpEffect, e: fx.VillainEscapes, choice: str | None) -> None:
    """An effect that says a Villain escapes runs the full procedure (L14)."""
    if e.space is not None:
        space: int | None = e.space if w.z[Z.city(e.space)] else None
    else:
        in_city = [w.z[Z.city(i)][0] for i in range(CITY) if w.z[Z.city(i)]]
        text = "Choose a Villain that escapes"
        pick = choose_card(
            w, op, PromptKind.CHOOSE_CARD, w.current, text, in_city, choice, may=False
        )
        space = w.city_index(pick) if pick is not None else None
    if space is None:
        return
    push(w, escape_from(w, space))


def _play_copy(w: Work, op: OpEffect, e: fx.PlayCopy, choice: str | None) -> None:
    cands = [
        i for i in w.played if i != op.source and not i.startswith("copy") and w.matches(i, e.match)
    ]
    pick = choose_card(
        w, op, PromptKind.CHOOSE_CARD, op.seat, "Choose a card to copy", cands, choice, may=False
    )
    if pick is None:
        return
    c = w.card(pick)
    assert isinstance(c, HeroCard)
    copy = f"copy{len(w.copies) + 1}"
    w.copies[copy] = c.id
    w.inst = {**w.inst, copy: c.id}
    before = len(w.played)
    w.played.append(copy)
    # A copy of a divided card is a copy of the half that was played (L2, L3).
    play_side(w, op.seat, copy, w.halves.get(pick), before, None)


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
