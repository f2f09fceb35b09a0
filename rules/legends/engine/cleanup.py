"""Clean-up after a round (R8 step 5): discards within the limit, then ready and draw up."""

from __future__ import annotations

from rules.legends.actions import (
    Discard,
    Ready,
)
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine import (
    hands,
    plan,
    runs,
)
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.state import CleanupSeat


def begin_cleanup(eng: Engine) -> None:
    finish_round(eng, cleared_all=not eng.run.active)


def finish_round(eng: Engine, *, cleared_all: bool) -> None:
    run = eng.run
    for e in run.plan:
        eng.set_zones(e.seat, discard=eng.zones(e.seat).discard + (e.inst,))
    cleanup = {s: CleanupSeat(limit=None if cleared_all else 1) for s in run.seats}
    eng.set_run(
        plan=(),
        frames=(),
        prompts=(),
        turn=None,
        phase="cleanup",
        cleanup=cleanup,
        cleanup_cleared=cleared_all,
        scenes=(),
        after_scenes="continue",
    )
    if cleared_all:
        eng.emit(
            EventKind.CLEANUP,
            "All Obstacles cleared. Discard any number of cards.",
            hint=Hint.READY_TO_DRAW,
        )
    else:
        eng.emit(
            EventKind.CLEANUP,
            "The Obstacles still stand. You may discard up to one card.",
            hint=Hint.READY_TO_DRAW,
        )


@handles(Discard)
def on_discard(eng: Engine, a: Discard) -> None:
    run = eng.run
    seat = eng.run_seat_for(a.player, a.merc)
    if run.phase != "cleanup":
        raise refuse(Code.NOT_CLEANUP, "You can only discard during clean-up.")
    cs = run.cleanup[seat]
    if cs.ready:
        raise refuse(Code.ALREADY_READY, "You are already done with clean-up.")
    if a.card not in eng.zones(seat).hand:
        raise refuse(Code.NOT_IN_HAND, "That card is not in your hand.", Hint.HAND)
    if cs.limit is not None and cs.discarded >= cs.limit:
        raise refuse(
            Code.DISCARD_LIMIT,
            f"After a round the Obstacles survive, you may discard only {cs.limit} card.",
            Hint.READY,
        )
    hands.discard_from_hand(eng, seat, a.card)
    cleanup = dict(run.cleanup)
    cleanup[seat] = cs.model_copy(update={"discarded": cs.discarded + 1})
    eng.set_run(cleanup=cleanup)


@handles(Ready)
def on_ready(eng: Engine, a: Ready) -> None:
    run = eng.run
    seat = eng.run_seat_for(a.player, a.merc)
    if run.phase != "cleanup":
        raise refuse(Code.NOT_CLEANUP, "There is no clean-up to finish right now.")
    cs = run.cleanup[seat]
    if cs.ready:
        raise refuse(Code.ALREADY_READY, "You are already done with clean-up.")
    cleanup = dict(run.cleanup)
    cleanup[seat] = cs.model_copy(update={"ready": True})
    eng.set_run(cleanup=cleanup)
    eng.emit(EventKind.READY, f"{eng.name(seat)} is ready.")
    if all(c.ready for c in cleanup.values()):
        end_cleanup(eng)


def end_cleanup(eng: Engine) -> None:
    run = eng.run
    for s in run.seats:
        hands.draw_up(eng, s)
    eng.set_run(cleanup={})
    if run.cleanup_cleared:
        leader = eng.next_seat(run.leader)
        eng.set_run(leader=leader, phase="flip")
        if not eng.run.deck:
            runs.complete(eng)
            return
        eng.emit(
            EventKind.LEADER,
            f"The Leader Token passes to {eng.name(leader)}, who flips the next card.",
        )
    else:
        plan.start_round(eng)
