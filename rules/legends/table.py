"""The async façade the adapters call: one `LegendsTable` per table.

It serializes actions on its table, checks the state version the click was made against
(stale or double clicks are refused), applies the action through the pure reducer and
splits the resulting events into public ones and each person's private ones. It does no
I/O; persistence wraps it (bot.service).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.legends.actions import Action
from rules.legends.cards import ContentPack
from rules.legends.codes import Code, Hint
from rules.legends.engine import apply
from rules.legends.state import Table


@dataclass(frozen=True)
class ActResult:
    table: Table
    public: tuple[Event, ...]
    # Private events per person (player id), already filtered by the view rules.
    private: dict[str, tuple[Event, ...]] = field(default_factory=dict)


def split_events(
    table: Table, events: tuple[Event, ...]
) -> tuple[tuple[Event, ...], dict[str, tuple[Event, ...]]]:
    public = tuple(e for e in events if e.seats is None)
    private: dict[str, list[Event]] = {}
    for e in events:
        if e.seats is None:
            continue
        for s in e.seats:
            if s < len(table.runners):
                bucket = private.setdefault(table.runners[s].player, [])
                if e not in bucket:
                    bucket.append(e)
    return public, {k: tuple(v) for k, v in private.items()}


class LegendsTable:
    def __init__(self, table: Table, content: ContentPack) -> None:
        self._table = table
        self._content = content
        self._lock = asyncio.Lock()

    @property
    def state(self) -> Table:
        return self._table

    async def act(self, action: Action, expected_version: int | None = None) -> ActResult:
        async with self._lock:
            if expected_version is not None and expected_version != self._table.version:
                raise IllegalAction(
                    Refusal(
                        code=Code.STALE,
                        message="That button is out of date: the table has moved on.",
                        hint=Hint.STATUS,
                    )
                )
            outcome = apply(self._table, action, self._content)
            self._table = outcome.table
            public, private = split_events(outcome.table, outcome.events)
            return ActResult(table=outcome.table, public=public, private=private)
