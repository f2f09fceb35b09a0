"""The Cyberpunk Legends `GameAdapter` for the game service: a thin translation to
rules/legends.

States are `rules.legends.state.Table` (stored as its own JSON), actions the
`rules.legends.actions.Action` union, the reducer `rules.legends.engine.apply`.
A Legends campaign never finishes by itself (a completed campaign may replay its
scenarios); the owner archives it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import TypeAdapter

from bot.service.adapter import ModelAdapter
from bot.storage.base import RunInfo
from rules.core.events import Event
from rules.legends import engine
from rules.legends.actions import Action
from rules.legends.state import Table

if TYPE_CHECKING:
    from rules.legends.cards import ContentPack


class LegendsAdapter(ModelAdapter[Table, Action, "ContentPack"]):
    game = "legends"
    states = TypeAdapter(Table)
    actions: TypeAdapter[Action] = TypeAdapter(Action)

    def default_content(self) -> ContentPack:
        from content.legends.loader import load_default_pack

        return load_default_pack()

    def new_table(self, *, table_id: str, name: str, owner: str, campaign: str, seed: int) -> Table:
        return engine.new_table(
            table_id=table_id,
            name=name,
            owner=owner,
            campaign=campaign,
            seed=seed,
            content=self.content,
        )

    def apply(self, state: Table, action: Action) -> tuple[Table, Sequence[Event]]:
        outcome = engine.apply(state, action, self.content)
        return outcome.table, outcome.events

    def player(self, action: Action) -> str:
        return action.player

    def kind(self, action: Action) -> str:
        return action.type

    def finished(self, state: Table) -> bool:
        return False

    def last_run(self, state: Table) -> RunInfo | None:
        if state.run is not None:
            return RunInfo(number=len(state.history) + 1, label=state.run.scenario, status="active")
        if state.history:
            last = state.history[-1]
            return RunInfo(number=len(state.history), label=last.scenario, status=last.outcome)
        return None
