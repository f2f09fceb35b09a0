"""What a game gives the service and what the service gives back: the `GameAdapter` a
game implements (cogs/<game>/adapter.py, most through `bot.service.adapter.ModelAdapter`),
an accepted action (`Applied`, what listeners and callers get), the service's own
refusals (`Refused`) and what `GameService.start` reports. The service itself is
bot/service/game.py; these are apart so a game's adapter and a front end can name them
without the service's machinery. Names no game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from bot.storage.base import CampaignInfo, RunInfo
from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event

S = TypeVar("S")
A = TypeVar("A")


class GameAdapter(Protocol[S, A]):
    """What the service needs to know about a game. Keep implementations thin: they
    translate, they do not decide."""

    #: Stored in each campaign row; a service refuses campaigns of another game.
    game: str

    def state_to_json(self, state: S) -> str: ...

    def state_from_json(self, data: str) -> S:
        """Parse and validate; raise (e.g. pydantic.ValidationError) if invalid."""
        ...

    def action_to_json(self, action: A) -> str: ...

    def action_from_json(self, data: str) -> A: ...

    def apply(self, state: S, action: A) -> tuple[S, Sequence[Event]]:
        """The pure reducer: a new state at version + 1 and its events, or IllegalAction
        (with the state untouched)."""
        ...

    def version(self, state: S) -> int: ...

    def player(self, action: A) -> str: ...

    def kind(self, action: A) -> str: ...

    def finished(self, state: S) -> bool:
        """The campaign is over: its status becomes "finished", freeing its channel."""
        ...

    def last_run(self, state: S) -> RunInfo | None:
        """The campaign's latest run (being played or ended), or None before the first."""
        ...


class Refused(IllegalAction):
    """A refusal decided by the service rather than the rules (stale version, unknown or
    closed campaign…). It is an IllegalAction, so callers handle both alike."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(Refusal(code=code, message=message))

    @classmethod
    def stale(cls, expected: int, current: int) -> Refused:
        return cls(
            "stale",
            f"That was made for an older state of the table (version {expected}; it is "
            f"now at {current}). Look at the latest board and try again.",
        )


@dataclass(frozen=True, slots=True)
class Applied(Generic[S]):
    """An action that is on disk.

    For a retried interaction (`duplicate`), `version`, `seq` and `events` are the ones
    recorded when it was first applied, and `state` is the table as it is now.
    """

    campaign_id: str
    seq: int
    version: int  # the state version right after this action
    events: tuple[Event, ...]
    state: S
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class StartupReport:
    active: list[CampaignInfo]
    warmed: int
    unreadable: list[str] = field(default_factory=list)


Listener = Callable[[Applied[S]], None]
