"""Decisions an effect waits on: building each prompt and answering it (`Choose`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from rules.core.text import count, plural
from rules.legends import effects as fx
from rules.legends.actions import Choose
from rules.legends.codes import Code, EventKind
from rules.legends.engine import (
    card_effects,
    execution,
    hands,
    obstacles,
    plan,
    scenes,
    status,
    votes,
)
from rules.legends.engine.context import DONE, Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.state import (
    AssignDamageStep,
    ChoosePlayerStep,
    ChooseTargetStep,
    DiscardFromHandStep,
    DiscardFromPlanStep,
    DrawAndPutStep,
    Frame,
    Option,
    Prompt,
    PromptStep,
    PutFromHandStep,
    ReplaceHandStep,
    ReplacePlanStep,
    SceneDiscardStep,
)


def add_prompt(eng: Engine, prompt: Prompt) -> None:
    eng.set_run(prompts=eng.run.prompts + (prompt,))
    if not prompt.private:
        eng.emit(EventKind.PROMPT, prompt.text, seat=prompt.seat)
    else:
        eng.emit(
            EventKind.PROMPT, f"Waiting for {eng.name(prompt.seat)} to decide.", seat=prompt.seat
        )


def player_prompt(eng: Engine, seat: int, frame: Frame, what: str, step: ChoosePlayerStep) -> None:
    options = tuple(Option(key=f"seat:{s}", label=eng.name(s)) for s in eng.run.seats)
    add_prompt(
        eng,
        Prompt(
            seat=seat,
            source=frame.inst,
            text=f"{eng.name(seat)} chooses a player to {what}.",
            options=options,
            step=step,
        ),
    )


def hand_prompt(
    eng: Engine,
    seat: int,
    step: PromptStep,
    text: str,
    insts: Sequence[str],
    *,
    picks: int,
    optional: bool,
    source: str | None,
) -> Prompt:
    options = [Option(key=i, label=eng.card_label(i)) for i in insts]
    if optional:
        options.append(Option(key=DONE, label="Done"))
    return Prompt(
        seat=seat,
        text=text,
        options=tuple(options),
        private=True,
        source=source,
        picks_left=picks,
        step=step,
    )


def discard_hand_prompt(eng: Engine, seat: int, source: str, eff: fx.DiscardFromHand) -> None:
    hand = eng.zones(seat).hand
    if not hand:
        if eff.draw_after:
            hands.draw(eng, seat, eff.draw_after)
        return
    picks = min(eff.count, len(hand))
    add_prompt(
        eng,
        hand_prompt(
            eng,
            seat,
            DiscardFromHandStep(draw_after=eff.draw_after),
            f"{eng.name(seat)} {'may discard up to' if eff.optional else 'discards'} "
            f"{count(picks, 'card')}.",
            hand,
            picks=picks,
            optional=eff.optional,
            source=source,
        ),
    )


def put_prompt(eng: Engine, seat: int, source: str, optional: bool) -> None:
    hand = eng.zones(seat).hand
    if not hand:
        eng.emit(EventKind.NO_CARD, f"{eng.name(seat)} has no card to put into the Plan.")
        return
    add_prompt(
        eng,
        hand_prompt(
            eng,
            seat,
            PutFromHandStep(),
            f"{eng.name(seat)} may put a card from hand into the Plan.",
            hand,
            picks=1,
            optional=optional,
            source=source,
        ),
    )


def discard_from_plan_prompt(
    eng: Engine, seat: int, source: str, picks: int, eff: fx.DiscardFromPlan, dealt: int
) -> None:
    cands = [
        e.inst for e in eng.run.plan if card_effects.matches_filter(eng, e.inst, eff.filter, source)
    ]
    if not cands or picks <= 0:
        if dealt and eff.damage_each:
            obstacles.immediate(eng, seat, source, dealt * eff.damage_each)
        return
    options = [Option(key=i, label=eng.card_label(i)) for i in cands]
    options.append(Option(key=DONE, label="Done"))
    add_prompt(
        eng,
        Prompt(
            seat=seat,
            source=source,
            picks_left=picks,
            text=f"{eng.name(seat)} may discard {plural(picks, 'a card', 'cards')} from the Plan.",
            options=tuple(options),
            step=DiscardFromPlanStep(dealt=dealt, damage_each=eff.damage_each, filter=eff.filter),
        ),
    )


def replace_prompt(eng: Engine, seat: int, source: str, optional: bool) -> None:
    cands = [
        e.inst for e in eng.run.plan if e.inst != source and replace_options(eng, seat, e.inst)
    ]
    if not cands:
        eng.emit(EventKind.NO_REPLACE, f"{eng.name(seat)} has nothing to replace.")
        return
    options = [Option(key=i, label=eng.card_label(i)) for i in cands]
    if optional:
        options.append(Option(key=DONE, label="Don't replace"))
    add_prompt(
        eng,
        Prompt(
            seat=seat,
            source=source,
            text=f"{eng.name(seat)} may replace a card in the Plan.",
            options=tuple(options),
            step=ReplacePlanStep(),
        ),
    )


def replace_options(eng: Engine, seat: int, out: str) -> list[str]:
    """Hand cards that could legally be *played* once `out` has left the Plan."""
    saved = eng.t
    eng.set_run(plan=tuple(e for e in eng.run.plan if e.inst != out))
    try:
        return plan.legal_plays(eng, seat)
    finally:
        eng.t = saved


@handles(Choose)
def on_choose(eng: Engine, a: Choose) -> None:
    run = eng.run
    seat = eng.run_seat_for(a.player, a.merc)
    if run.phase == "vote":
        if eng.t.runners[seat].is_merc:
            raise refuse(Code.MERC_VOTE, "Mercs don't vote; vote as yourself.")
        votes.vote(eng, seat, a.option)
        return
    mine = [p for p in run.prompts if p.seat == seat]
    if not mine:
        raise refuse(
            Code.NO_PROMPT, "Nothing is waiting on you right now: " + status.waiting_on(eng) + "."
        )
    prompt = mine[0]
    if a.option not in {o.key for o in prompt.options}:
        raise refuse(Code.BAD_OPTION, "That is not one of the choices. Pick from the list offered.")
    eng.set_run(prompts=tuple(p for p in run.prompts if p is not prompt))
    answer(eng, prompt, a.option)
    if eng.t.run is None:
        return
    if eng.run.phase == "plan":
        plan.resolve(eng)
    elif eng.run.phase == "scene":
        scenes.process_scenes(eng)


def answer(eng: Engine, p: Prompt, key: str) -> None:
    """Continue with what the prompt was waiting for; `key` is one of its options."""
    seat = p.seat
    step = p.step
    match step:
        case ChoosePlayerStep():
            target = int(key.split(":")[1])
            if step.then == "draw":
                hands.draw(eng, target, step.count)
            elif step.then == "discard":
                hand_eff = fx.DiscardFromHand(
                    count=step.count, optional=step.optional, draw_after=step.draw_after
                )
                discard_hand_prompt(eng, target, p.source or "", hand_eff)
            else:
                put_prompt(eng, target, p.source or "", step.optional)
        case ChooseTargetStep():
            obstacles.deal_immediate(eng, int(key.split(":")[1]), step.amount)
        case DiscardFromPlanStep():
            eff = fx.DiscardFromPlan(max=10, filter=step.filter, damage_each=step.damage_each)
            if key == DONE:
                if step.dealt and eff.damage_each:
                    obstacles.immediate(eng, seat, p.source or "", step.dealt * eff.damage_each)
                return
            plan.remove_from_plan(eng, key)
            discard_from_plan_prompt(
                eng, seat, p.source or "", p.picks_left - 1, eff, step.dealt + 1
            )
        case DiscardFromHandStep() | SceneDiscardStep():
            if key != DONE:
                hands.discard_from_hand(eng, seat, key)
            left = p.picks_left - 1
            hand = eng.zones(seat).hand
            if key != DONE and left > 0 and hand:
                again = hand_prompt(
                    eng,
                    seat,
                    step,
                    p.text,
                    hand,
                    picks=left,
                    optional=any(o.key == DONE for o in p.options),
                    source=p.source,
                )
                eng.set_run(prompts=eng.run.prompts + (again,))
            elif step.draw_after:
                hands.draw(eng, seat, step.draw_after)
        case PutFromHandStep():
            if key == DONE:
                return
            eng.set_zones(seat, hand=tuple(i for i in eng.zones(seat).hand if i != key))
            plan.enter_plan(eng, seat, key, put=True)
        case DrawAndPutStep():
            drawn = step.drawn
            eng.set_zones(seat, hand=tuple(i for i in eng.zones(seat).hand if i != drawn))
            if key == "put":
                plan.enter_plan(eng, seat, drawn, put=True, size_bonus=step.bonus)
            else:
                eng.set_zones(seat, discard=eng.zones(seat).discard + (drawn,))
                # The drawn card was never shown: only its player learns what it was.
                eng.emit(EventKind.DISCARDED, f"{eng.name(seat)} discards the drawn card.")
                eng.emit(
                    EventKind.DISCARDED_PRIVATE,
                    f"You discarded {eng.card_of(drawn).name}.",
                    seats=[seat],
                )
        case ReplacePlanStep():
            if key == DONE:
                return
            opts = replace_options(eng, seat, key)
            add_prompt(
                eng,
                hand_prompt(
                    eng,
                    seat,
                    ReplaceHandStep(out=key),
                    f"{eng.name(seat)} picks the replacing card.",
                    opts,
                    picks=1,
                    optional=False,
                    source=p.source,
                ),
            )
        case ReplaceHandStep():
            plan.remove_from_plan(eng, step.out)
            eng.set_zones(seat, hand=tuple(i for i in eng.zones(seat).hand if i != key))
            plan.enter_plan(eng, seat, key, put=False)
        case AssignDamageStep():
            execution.assign_step(eng, step.order, int(key))
        case _:
            assert_never(step)
