"""The working context of one action: the table being rebuilt, the content, the events.

Every phase module works on an `Engine`: it reads the current table (`eng.t`), replaces it
with updated copies (states are immutable) and records events. Only the small lookups every
phase needs live here; each rule lives in the module of its phase.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legends.cards import ContentPack, PlayerCard, Scenario, ScenarioCard
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.evaluate import EvalCard, EvalOptions, compile_card
from rules.legends.state import Run, SeatZones, Table

# The option key that ends a multi-pick prompt early ("Done").
DONE = "done"

_COMPILED: dict[tuple[str, int], tuple[PlayerCard, EvalCard]] = {}


def compiled(inst: str, card: PlayerCard) -> EvalCard:
    """compile_card, memoized: instance ids and card objects are few and long-lived.
    The entry holds the card itself, so its id() cannot be reused while cached."""
    key = (inst, id(card))
    got = _COMPILED.get(key)
    if got is not None and got[0] is card:
        return got[1]
    if len(_COMPILED) > 50_000:
        _COMPILED.clear()
    result = compile_card(inst, card)
    _COMPILED[key] = (card, result)
    return result


def refuse(code: Code, message: str, hint: Hint | None = None) -> IllegalAction:
    return IllegalAction.of(code, message, hint)


def seat_label(table: Table, seat: int) -> str:
    r = table.runners[seat]
    return f"{r.name} (merc)" if r.is_merc else r.name


class Flatline(Exception):
    """Health reached 0 mid-resolution: unwinds to the action boundary (R1)."""


class Engine:
    """One action's worth of work on an immutable table."""

    def __init__(self, table: Table, content: ContentPack) -> None:
        self.t = table
        self.c = content
        self.events: list[Event] = []

    @property
    def run(self) -> Run:
        if self.t.run is None:
            raise refuse(Code.NO_RUN, "No run is in progress.", Hint.START_RUN)
        return self.t.run

    def set_run(self, **updates: Any) -> None:
        self.t = self.t.model_copy(update={"run": self.run.model_copy(update=updates)})

    def set_table(self, **updates: Any) -> None:
        self.t = self.t.model_copy(update=updates)

    def emit(
        self,
        kind: EventKind,
        text: str,
        seats: Iterable[int] | None = None,
        hint: Hint | None = None,
        **data: Any,
    ) -> None:
        self.events.append(
            Event(
                kind=kind,
                text=text,
                seats=None if seats is None else tuple(seats),
                data=data,
                hint=hint,
            )
        )

    def name(self, seat: int) -> str:
        return seat_label(self.t, seat)

    def card_of(self, inst: str) -> PlayerCard:
        return self.c.cards[self.run.cards[inst]]

    def card_label(self, inst: str) -> str:
        card = self.card_of(inst)
        suits = " ".join(s.value.title() for s in card.suits)
        return f"{card.name} [{card.rank_label()}{' ' + suits if suits else ''}]"

    def scenario(self) -> Scenario:
        return self.c.scenarios[self.run.scenario]

    def scard(self, order: int) -> ScenarioCard:
        for card in self.scenario().cards:
            if card.order == order:
                return card
        raise KeyError(order)

    def eval_opts(self) -> EvalOptions:
        o = self.t.options
        return EvalOptions(
            ace_low=o.ace_low,
            one_rank_per_card=o.one_rank_per_card,
            loose_or_better_suits=o.loose_or_better_suits,
        )

    def plan_cards(self) -> list[EvalCard]:
        return [compiled(e.inst, self.card_of(e.inst)) for e in self.run.plan]

    def seat_for(self, player: str, merc: bool) -> int:
        for i, r in enumerate(self.t.runners):
            if r.player == player and r.is_merc == merc:
                return i
        if merc:
            raise refuse(Code.NO_MERC, "You have no merc at this table.")
        raise refuse(Code.NOT_SEATED, "You are not seated at this table.", Hint.JOIN)

    def run_seat_for(self, player: str, merc: bool) -> int:
        seat = self.seat_for(player, merc)
        if seat not in self.run.seats:
            raise refuse(
                Code.NOT_IN_RUN, "You are not part of this run; you will be dealt in next run."
            )
        return seat

    def zones(self, seat: int) -> SeatZones:
        return self.run.zones[seat]

    def set_zones(self, seat: int, **updates: Any) -> None:
        zones = dict(self.run.zones)
        zones[seat] = zones[seat].model_copy(update=updates)
        self.set_run(zones=zones)

    def next_seat(self, seat: int) -> int:
        seats = self.run.seats
        return seats[(seats.index(seat) + 1) % len(seats)]
