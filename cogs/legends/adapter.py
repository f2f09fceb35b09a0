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

from bot.storage.base import RunInfo
from rules.core.events import Event
from rules.legends import engine
from rules.legends.actions import Action
from rules.legends.state import Table

if TYPE_CHECKING:
    from rules.legends.cards import ContentPack

_ACTION: TypeAdapter[Action] = TypeAdapter(Action)


class LegendsAdapter:
    game = "legends"

    def __init__(self, content: ContentPack | None = None) -> None:
        if content is None:
            from content.legends.loader import load_default_pack

            content = load_default_pack()
        self.content = content

    def new_table(self, *, table_id: str, name: str, owner: str, campaign: str, seed: int) -> Table:
        return engine.new_table(
            table_id=table_id,
            name=name,
            owner=owner,
            campaign=campaign,
            seed=seed,
            content=self.content,
        )

    def state_to_json(self, state: Table) -> str:
        return state.model_dump_json()

    def state_from_json(self, data: str) -> Table:
        return Table.model_validate_json(data)

    def action_to_json(self, action: Action) -> str:
        return action.model_dump_json()

    def action_from_json(self, data: str) -> Action:
        return _ACTION.validate_json(data)

    def apply(self, state: Table, action: Action) -> tuple[Table, Sequence[Event]]:
        outcome = engine.apply(state, action, self.content)
        return outcome.table, outcome.events

    def version(self, state: Table) -> int:
        return state.version

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
