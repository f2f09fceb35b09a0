"""Describing what the table waits on, for refusals and the board."""

from __future__ import annotations

from rules.legends.engine.context import Engine


def waiting_on(eng: Engine) -> str:
    run = eng.t.run
    if run is None:
        return "no run is in progress"
    if run.prompts:
        names = ", ".join(sorted({eng.name(p.seat) for p in run.prompts}))
        return f"waiting for {names} to choose"
    if run.phase == "flip":
        return f"waiting for {eng.name(run.leader)} (Leader) to flip"
    if run.phase == "vote":
        return "the crew is voting"
    if run.phase == "plan" and run.turn is not None:
        return f"it is {eng.name(run.turn)}'s turn to play"
    if run.phase == "cleanup":
        waiting = [eng.name(s) for s, c in run.cleanup.items() if not c.ready]
        return "clean-up: waiting for " + ", ".join(waiting)
    return "resolving"
