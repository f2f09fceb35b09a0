"""What a game's front end computes from one version of a table (views, legal actions),
computed once, for every game.

A state never changes once it has a version, so a seat's view or legal actions at a
version can be kept and shared by everything that asks at that version: the answer's
panel, the public board, autocomplete, DM'd hands, the next command's name resolution.

Kept by table, the newest version only (an older version is what a stale click or a
queued board asks for: computed and not kept, so it never pushes the newest out), and
bounded by tables, least recently used first. Bounding by tables rather than entries
matters: with one global bound of a few hundred entries, 500 active tables made two or
three entries each per action, so by the time a player acted again (after the other
tables' actions) their table's view and legal actions had been dropped and the command
computed them again (measured: a card game's play at 500 games, docs/benchmarks.md).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

V = TypeVar("V")

#: Tables kept when the game does not say (as many as the service keeps states of).
TABLES = 1024


class VersionMemo:
    def __init__(self, tables: int = TABLES) -> None:
        if tables < 1:
            raise ValueError("a memo keeps at least one table")
        self.tables = tables
        self._data: OrderedDict[str, tuple[int, dict[Hashable, Any]]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def get(self, table: str, version: int, key: Hashable) -> Any | None:
        """The value kept for `key` at this version of `table`, or None."""
        found = self._data.get(table)
        if found is None or found[0] != version:
            return None
        value = found[1].get(key)
        if value is not None:
            self._data.move_to_end(table)
        return value

    def put(self, table: str, version: int, key: Hashable, value: V) -> V:
        """Keep `value` (returned) for `key` at `version`; a newer version of the table
        replaces everything kept of it, an older one is not kept."""
        found = self._data.get(table)
        if found is None or found[0] < version:
            self._data[table] = (version, {key: value})
        elif found[0] == version:
            found[1][key] = value
        else:
            return value
        self._data.move_to_end(table)
        while len(self._data) > self.tables:
            self._data.popitem(last=False)
        return value

    def compute(self, table: str, version: int, key: Hashable, make: Callable[[], V]) -> V:
        """The kept value, or `make()` kept."""
        found = self.get(table, version, key)
        if found is not None:
            self.hits += 1
            return found  # type: ignore[no-any-return]
        self.misses += 1
        return self.put(table, version, key, make())

    def forget(self, table: str) -> None:
        self._data.pop(table, None)

    def clear(self) -> None:
        self._data.clear()

    def __len__(self) -> int:
        return len(self._data)
