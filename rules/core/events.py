"""Events: what happened, tagged with who may see it.

The reducer emits events; the per-player view (`visible_to`) is the single choke point
deciding which seat receives which event. A public event's text must never contain a
hidden card.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class Event(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    # None: public. Otherwise the seats that may see it (a private event).
    seats: tuple[int, ...] | None = None
    data: dict[str, Any] = {}
    # How to act next, as a game's `Hint` value (see `Refusal.hint`); the text names no
    # front end's command.
    hint: str | None = None

    @property
    def public(self) -> bool:
        return self.seats is None


def visible_to(events: list[Event] | tuple[Event, ...], seat: int | None) -> list[Event]:
    """Events a seat may see (seat None = a spectator: public events only)."""
    return [e for e in events if e.seats is None or (seat is not None and seat in e.seats)]


def public_events(events: list[Event] | tuple[Event, ...]) -> list[Event]:
    return visible_to(events, None)
