"""Clue puzzles: the crew types an answer; a right one opens the puzzle's reward."""

from __future__ import annotations

import re

from rules.legends.actions import Solve
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine import rewards
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles


def normalize_answer(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


@handles(Solve)
def on_solve(eng: Engine, a: Solve) -> None:
    if not any(r.player == a.player for r in eng.t.runners):
        raise refuse(Code.NOT_SEATED, "Only the crew can submit answers.", Hint.JOIN)
    guess = normalize_answer(a.answer)
    if not guess:
        raise refuse(Code.EMPTY_ANSWER, "Type an answer to submit.")
    for ref in eng.t.clues:
        scen_id, order = ref.split(":")
        card = next(c for c in eng.c.scenarios[scen_id].cards if c.order == int(order))
        puzzle = card.puzzle
        if puzzle is None or puzzle.id in eng.t.solved:
            continue
        if guess in {normalize_answer(x) for x in puzzle.answers}:
            eng.set_table(solved=eng.t.solved + (puzzle.id,))
            eng.emit(EventKind.SOLVED, f"Correct! The crew cracked '{card.name}'.")
            if puzzle.unlock_pack:
                rewards.unlock(eng, puzzle.unlock_pack)
            if puzzle.eddies:
                rewards.gain_eddies(eng, puzzle.eddies)
            if puzzle.memory:
                rewards.set_memory(eng, puzzle.memory)
            return
    raise refuse(
        Code.WRONG_ANSWER, "That answer doesn't crack any open clue. No harm done; try again."
    )
