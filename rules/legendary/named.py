"""Named Python effects: the typed escape hatch for text the vocabulary cannot say.

A content file writes `{type = "named", name = "swap_spaces", params = {...}}`; the loader
checks the name against `NAMED_EFFECTS`. A named effect receives a `Host`, a narrow view
of the working state, so it cannot bypass zones or the event log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.legendary.codes import Ev
from rules.legendary.state import CITY, OpEffect, Z

if TYPE_CHECKING:
    from rules.legendary.work import Work

Params = dict[str, int | str | bool]


class Host:
    def __init__(self, work: Work, op: OpEffect) -> None:
        self._w = work
        self.seat = op.seat
        self.source = op.source

    def villains_in_city(self) -> int:
        return sum(1 for i in range(CITY) if self._w.z[Z.city(i)])

    def add_attack(self, n: int) -> None:
        self._w.attack += n

    def add_recruit(self, n: int) -> None:
        self._w.recruit += n

    def revealed(self) -> list[str]:
        """The cards revealed for Uru-Enchanted Weapons, still set aside (L5, L26)."""
        return list(self._w.z[Z.REVEALED])

    def kind(self, inst: str) -> str:
        return self._w.card(inst).kind.value

    def play_revealed_strike(self, inst: str) -> None:
        """A revealed Master Strike is played (its Strike happens, then it is KO'd)."""
        from rules.legendary import city

        w = self._w
        w.move(inst, Z.REVEALED, Z.KO)
        city.strike(w)

    def revealed_enters(self, inst: str) -> None:
        """A revealed Villain enters the city as a drawn one would (L24)."""
        from rules.legendary import city

        city.enter(self._w, inst)

    def swap_spaces(self, a: int, b: int) -> None:
        """Move the Villain in space a to space b, swapping with any occupant; captured
        cards travel; no push, Ambush or escape (L18)."""
        w = self._w
        if not w.z[Z.city(a)] or a == b:
            return
        w.z[Z.city(a)], w.z[Z.city(b)] = w.z[Z.city(b)], w.z[Z.city(a)]
        w.z[Z.cap(a)], w.z[Z.cap(b)] = w.z[Z.cap(b)], w.z[Z.cap(a)]
        v = w.z[Z.city(b)][0]
        w.emit(Ev.MOVE, f"{w.name(v)} moves to the {w.space(b)}", card=v, space=b)


def _int(params: Params, key: str, default: int) -> int:
    v = params.get(key, default)
    return v if isinstance(v, int) and not isinstance(v, bool) else default


def _attack_per_villain(host: Host, params: Params) -> None:
    """+`per` Attack for each Villain in the city."""
    host.add_attack(_int(params, "per", 1) * host.villains_in_city())


def _swap_spaces(host: Host, params: Params) -> None:
    """Move the Villain in space `from` (0 Bridge .. 4 Sewers) to space `to`."""
    a, b = _int(params, "from", 4), _int(params, "to", 0)
    if 0 <= a < CITY and 0 <= b < CITY:
        host.swap_spaces(a, b)


def _play_revealed_strikes(host: Host, params: Params) -> None:
    """Every Master Strike among the Uru reveal is played, before the reveal returns (L5)."""
    for inst in host.revealed():
        if host.kind(inst) == "strike":
            host.play_revealed_strike(inst)


def _revealed_villain_enters(host: Host, params: Params) -> None:
    """The first Villain among the Uru reveal enters the city (L5, L24)."""
    for inst in host.revealed():
        if host.kind(inst) == "villain":
            host.revealed_enters(inst)
            return


NamedEffect = Callable[[Host, Params], None]

NAMED_EFFECTS: dict[str, NamedEffect] = {
    "attack_per_villain": _attack_per_villain,
    "swap_spaces": _swap_spaces,
    "play_revealed_strikes": _play_revealed_strikes,
    "revealed_villain_enters": _revealed_villain_enters,
}
