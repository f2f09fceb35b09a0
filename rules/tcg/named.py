"""Named Python effects: the typed escape hatch for text the vocabulary can't express.

A card writes `{type = "named", name = "even_odds"}`; the loader checks the name against
`NAMED_EFFECTS`, and the engine calls the function when the effect resolves. A named effect
sees only the narrow `EffectHost` interface, never the raw state, so it can't bypass zones,
visibility or the event log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

Params = dict[str, int | str | bool]


class EffectHost(Protocol):
    def street_cred(self, seat: int) -> int | None: ...
    def value_pairs(self, seat: int) -> int: ...
    def draw(self, seat: int, count: int) -> None: ...
    def friendly_units(self, seat: int) -> list[str]: ...
    def add_power(self, inst: str, amount: int, seat: int) -> None: ...


NamedEffect = Callable[[EffectHost, int, Params], None]


def _int(params: Params, key: str, default: int) -> int:
    value = params.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _even_odds(host: EffectHost, seat: int, params: Params) -> None:
    """Draw 2 if your Street Cred is even, else 1 (null and 0 are not even: T24)."""
    cred = host.street_cred(seat)
    host.draw(seat, 2 if cred is not None and cred > 0 and cred % 2 == 0 else 1)


def _pair_surge(host: EffectHost, seat: int, params: Params) -> None:
    """Each of your Units gets +`per` power this turn for each value-pair you have."""
    bonus = _int(params, "per", 1) * host.value_pairs(seat)
    if bonus:
        for inst in host.friendly_units(seat):
            host.add_power(inst, bonus, seat)


NAMED_EFFECTS: dict[str, NamedEffect] = {
    "even_odds": _even_odds,
    "pair_surge": _pair_surge,
}
