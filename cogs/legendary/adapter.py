"""The Legendary 2099 `GameAdapter` for the game service: a thin translation to
rules/legendary.

States are `rules.legendary.state.Game` (stored as its own JSON), actions the
`rules.legendary.actions.Action` union, the reducer `rules.legendary.engine.apply`. An
action names its seat, not a person: the front end maps people to seats, so the log's
player is `seat N`. A game is one run, labelled by its turn, and it finishes when the
players win, Evil Wins or the game is drawn, which frees its channel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import TypeAdapter

from bot.storage.base import RunInfo
from rules.core.events import Event
from rules.legendary import engine
from rules.legendary.actions import Action
from rules.legendary.state import Game

if TYPE_CHECKING:
    from rules.legendary.cards import Pack

_ACTION: TypeAdapter[Action] = TypeAdapter(Action)


class LegendaryAdapter:
    game = "legendary"

    def __init__(self, content: Pack | None = None) -> None:
        if content is None:
            from content.legendary.loader import load_default_pack

            content = load_default_pack()
        self.content = content

    def state_to_json(self, state: Game) -> str:
        return state.model_dump_json()

    def state_from_json(self, data: str) -> Game:
        return Game.model_validate_json(data)

    def action_to_json(self, action: Action) -> str:
        return action.model_dump_json()

    def action_from_json(self, data: str) -> Action:
        return _ACTION.validate_json(data)

    def apply(self, state: Game, action: Action) -> tuple[Game, Sequence[Event]]:
        outcome = engine.apply(state, action, self.content)
        return outcome.state, outcome.events

    def version(self, state: Game) -> int:
        return state.version

    def player(self, action: Action) -> str:
        return f"seat {action.seat}"

    def kind(self, action: Action) -> str:
        return action.type

    def finished(self, state: Game) -> bool:
        return state.over

    def last_run(self, state: Game) -> RunInfo | None:
        if not state.over or state.result is None:
            return RunInfo(number=1, label=f"turn {state.turn_no}", status="active")
        status = {"good": "complete", "evil": "evil wins", "draw": "draw"}[state.result.value]
        return RunInfo(number=1, label=f"turn {state.turn_no}", status=status)
