"""The Legendary 2099 `GameAdapter` for the game service: a thin translation to
rules/legendary.

States are the front end's `cogs.legendary.table.Table` (seats, setup and, once
started, the engine's `Game`), actions its `Action` union (lobby actions, and `Move`
wrapping an engine action with the person who sent it), the reducer
`cogs.legendary.table.apply`. A game is one run, labelled by its turn, and it finishes when the
players win, Evil Wins or the game is drawn, which frees its channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import TypeAdapter

from bot.service.adapter import ModelAdapter
from bot.storage.base import RunInfo
from cogs.legendary.table import Action, Table, apply
from rules.core.events import Event

if TYPE_CHECKING:
    from rules.legendary.cards import Pack


class LegendaryAdapter(ModelAdapter[Table, Action, "Pack"]):
    game = "legendary"
    states = TypeAdapter(Table)
    actions: TypeAdapter[Action] = TypeAdapter(Action)

    def default_content(self) -> Pack:
        from content.legendary.loader import load_default_pack

        return load_default_pack()

    def apply(self, state: Table, action: Action) -> tuple[Table, Sequence[Event]]:
        return apply(state, action, self.content)

    def player(self, action: Action) -> str:
        return action.person

    def kind(self, action: Action) -> str:
        return action.action.type if action.type == "move" else action.type

    def finished(self, state: Table) -> bool:
        return state.over

    def last_run(self, state: Table) -> RunInfo | None:
        game = state.game
        if game is None:
            return None
        label = f"turn {game.turn_no}"
        if state.abandoned:
            return RunInfo(number=1, label=label, status="abandoned")
        if not game.over or game.result is None:
            return RunInfo(number=1, label=label, status="active")
        status = {"good": "complete", "evil": "evil wins", "draw": "draw"}[game.result.value]
        return RunInfo(number=1, label=label, status=status)
