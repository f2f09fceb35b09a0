"""Rounds and the Plan: turn order, what may be played (R6 restrictions), Plan Size, and
resolving each card fully before the Plan checks its size.
"""

from __future__ import annotations

from rules.core.text import count, name_list
from rules.legends import effects as fx
from rules.legends.actions import Play
from rules.legends.cards import Suit
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine import (
    card_effects,
    execution,
    hands,
    status,
)
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.evaluate import count_symbols
from rules.legends.state import (
    Frame,
    PlanEntry,
)


def plan_size(eng: Engine) -> int:
    run = eng.run
    size = run.base_plan_size
    for e in run.plan:
        size += e.size_bonus
        for eff in eng.card_of(e.inst).effects:
            if isinstance(eff, fx.PlanSize):
                size += eff.amount
    for ob in run.active:
        size += eng.scard(ob.order).plan_size
    return max(1, size)


def start_round(eng: Engine) -> None:
    run = eng.run
    eng.set_run(phase="plan", round=run.round + 1, plan=(), turn=run.leader, frames=(), prompts=())
    names = name_list(eng.scard(o.order).name for o in eng.run.active)
    eng.emit(
        EventKind.ROUND,
        f"Round {eng.run.round} against {names}. Plan Size {plan_size(eng)}. "
        f"{eng.name(run.leader)} plays first.",
    )
    # R13: the merc rushes in: its top card is put into the Plan before anyone plays.
    for seat in run.seats:
        if eng.t.runners[seat].is_merc:
            inst = hands.take_top(eng, seat)
            if inst is not None:
                eng.emit(EventKind.MERC_RUSH, f"{eng.name(seat)} rushes in.")
                enter_plan(eng, seat, inst, put=True)
    resolve(eng)


def legal_plays(eng: Engine, seat: int) -> list[str]:
    return [i for i in eng.zones(seat).hand if play_refusal(eng, seat, i) is None]


def play_refusal(eng: Engine, seat: int, inst: str) -> str | None:
    """Why this card can't be *played* now (restrictions; R6), or None."""
    card = eng.card_of(inst)
    if not any(isinstance(eff, fx.OnlyIf) for eff in card.effects):
        return None
    plan_cards = eng.plan_cards()
    for eff in card.effects:
        if not isinstance(eff, fx.OnlyIf):
            continue
        if eff.no_other_suit and count_symbols(plan_cards, Suit(eff.no_other_suit)) > 0:
            return (
                f"{card.name} can only be played if there are no other "
                f"{eff.no_other_suit.title()} symbols in the Plan."
            )
        if eff.plan_has_suit and count_symbols(plan_cards, Suit(eff.plan_has_suit)) == 0:
            return (
                f"{card.name} can only be played if the Plan shows a "
                f"{eff.plan_has_suit.title()} symbol."
            )
        if eff.max_plan_cards is not None and len(plan_cards) > eff.max_plan_cards:
            return (
                f"{card.name} can only be played while the Plan has at most "
                f"{count(eff.max_plan_cards, 'card')}."
            )
        if eff.min_plan_cards is not None and len(plan_cards) < eff.min_plan_cards:
            has = count(eff.min_plan_cards, "card")
            return f"{card.name} can only be played once the Plan has {has}."
    return None


@handles(Play)
def on_play(eng: Engine, a: Play) -> None:
    run = eng.run
    seat = eng.run_seat_for(a.player, a.merc)
    if run.phase != "plan":
        raise refuse(
            Code.NOT_PLAN, "There is no Plan being built right now: " + status.waiting_on(eng) + "."
        )
    if run.prompts or run.frames:
        raise refuse(
            Code.PROMPT_OPEN, "Finish the open choice first: " + status.waiting_on(eng) + "."
        )
    if run.turn != seat:
        assert run.turn is not None
        raise refuse(Code.NOT_YOUR_TURN, f"It is {eng.name(run.turn)}'s turn to play.")
    if a.card not in eng.zones(seat).hand:
        raise refuse(Code.NOT_IN_HAND, "That card is not in your hand.", Hint.HAND)
    reason = play_refusal(eng, seat, a.card)
    if reason:
        raise refuse(Code.RESTRICTED, reason)
    eng.set_zones(seat, hand=tuple(i for i in eng.zones(seat).hand if i != a.card))
    enter_plan(eng, seat, a.card, put=False)
    eng.set_run(turn_taken=True)
    resolve(eng)


def enter_plan(eng: Engine, seat: int, inst: str, *, put: bool, size_bonus: int = 0) -> None:
    card = eng.card_of(inst)
    entry = PlanEntry(inst=inst, seat=seat, put=put, size_bonus=size_bonus)
    verb = "puts" if put else "plays"
    eng.set_run(
        plan=eng.run.plan + (entry,), frames=eng.run.frames + (Frame(inst=inst, seat=seat),)
    )
    eng.emit(
        EventKind.CARD_ENTERED,
        f"{eng.name(seat)} {verb} {eng.card_label(inst)}{' into the Plan' if put else ''}.",
        inst=inst,
        card=card.id,
        seat=seat,
    )


def resolve(eng: Engine) -> None:
    """Run pending card effects until one waits on a decision, then advance the Plan."""
    while True:
        run = eng.t.run
        if run is None or run.phase != "plan" or run.prompts:
            return
        if not run.frames:
            break
        frame = run.frames[-1]
        effects = eng.card_of(frame.inst).effects
        if frame.index >= len(effects):
            eng.set_run(frames=run.frames[:-1])
            continue
        eng.set_run(frames=run.frames[:-1] + (frame.model_copy(update={"index": frame.index + 1}),))
        card_effects.card_effect(eng, effects[frame.index], frame)
    after_play(eng)


def after_play(eng: Engine) -> None:
    run = eng.run
    turn_taken = run.turn_taken
    eng.set_run(turn_taken=False)
    if len(run.plan) >= plan_size(eng):
        execution.execute(eng)
        return
    turn = run.turn
    assert turn is not None
    if turn_taken:
        turn = eng.next_seat(turn)
        eng.set_run(turn=turn)
    if not legal_plays(eng, turn):
        eng.emit(
            EventKind.NOTHING_TO_PLAY,
            f"{eng.name(turn)} has nothing they can play: the Plan executes now.",
        )
        execution.execute(eng)
        return
    eng.emit(EventKind.TURN, f"{eng.name(turn)}'s turn to play.", seat=turn)


def remove_from_plan(eng: Engine, inst: str) -> None:
    """A card leaves the Plan for its owner's discard; its ongoing effects end now."""
    run = eng.run
    entry = next(e for e in run.plan if e.inst == inst)
    eng.set_run(plan=tuple(e for e in run.plan if e.inst != inst))
    eng.set_zones(entry.seat, discard=eng.zones(entry.seat).discard + (inst,))
    eng.emit(
        EventKind.LEFT_PLAN, f"{eng.card_of(inst).name} is discarded from the Plan.", inst=inst
    )
