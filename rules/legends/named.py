"""Named Python effects: the typed escape hatch for cards the vocabulary cannot express.

A content file writes `{type = "named", name = "overclock"}`; the loader checks the name
against `NAMED_EFFECTS`, and the engine calls the function when the card enters the Plan.
A named effect receives the engine's narrow `EffectHost` interface, never the raw state,
so it cannot bypass zones, visibility or the event log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rules.legends.cards import Suit


class EffectHost(Protocol):
    def symbols_in_plan(self, suit: Suit) -> int: ...
    def draw(self, seat: int, count: int) -> int: ...
    def heal_now(self, amount: int) -> None: ...
    def cards_in_plan(self) -> int: ...


NamedEffect = Callable[[EffectHost, int, dict[str, int | str | bool]], None]


def _overclock(host: EffectHost, seat: int, params: dict[str, int | str | bool]) -> None:
    """Draw a card per Tech symbol in the Plan, up to `max` (default 3)."""
    cap = params.get("max", 3)
    limit = cap if isinstance(cap, int) and not isinstance(cap, bool) else 3
    host.draw(seat, min(limit, host.symbols_in_plan(Suit.TECH)))


def _field_medic(host: EffectHost, seat: int, params: dict[str, int | str | bool]) -> None:
    """Heal at once (not at execution) 1 per card already in the Plan, up to `max`."""
    cap = params.get("max", 3)
    limit = cap if isinstance(cap, int) and not isinstance(cap, bool) else 3
    host.heal_now(min(limit, host.cards_in_plan()))


NAMED_EFFECTS: dict[str, NamedEffect] = {
    "overclock": _overclock,
    "field_medic": _field_medic,
}

# Named scene effects: none yet; the loader rejects unknown names.
NAMED_SCENE_EFFECTS: dict[str, Callable[[EffectHost, dict[str, int | str | bool]], None]] = {}
