"""The Cyberpunk TCG `GameAdapter` for the game service: a thin translation to rules/tcg.

States are `rules.tcg.state.Duel` (stored as its own JSON), actions the
`rules.tcg.actions.Action` union, the reducer `rules.tcg.engine.apply`. A duel is one
"run": its label is the phase or turn it is in, and it finishes with a result (a win, a
loss or a draw), which frees its channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import TypeAdapter

from bot.service.adapter import ModelAdapter
from bot.storage.base import RunInfo
from rules.core.events import Event
from rules.tcg import engine
from rules.tcg.actions import Action
from rules.tcg.state import Duel

if TYPE_CHECKING:
    from rules.tcg.cards import TcgContent


class TcgAdapter(ModelAdapter[Duel, Action, "TcgContent"]):
    game = "tcg"
    states = TypeAdapter(Duel)
    actions: TypeAdapter[Action] = TypeAdapter(Action)

    def default_content(self) -> TcgContent:
        from content.tcg.loader import load_default_pack

        return load_default_pack()

    def apply(self, state: Duel, action: Action) -> tuple[Duel, Sequence[Event]]:
        outcome = engine.apply(state, action, self.content)
        return outcome.state, outcome.events

    def player(self, action: Action) -> str:
        return action.player

    def kind(self, action: Action) -> str:
        return action.type

    def finished(self, state: Duel) -> bool:
        return state.result is not None

    def last_run(self, state: Duel) -> RunInfo | None:
        if state.result is None:
            return RunInfo(number=1, label=str(state.phase.value), status="active")
        status = "draw" if state.result.winner is None else "complete"
        return RunInfo(number=1, label="duel", status=status)
