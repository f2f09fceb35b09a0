"""Discord-side preferences that are not game state: DM opt-ins, closed DMs already
reported, each player's language as last heard from them (their DM'd hands speak it,
after a restart too), warnings already given to owners, the last version published per
table, the deadline of each open scene vote and of each table's next turn-timer reminder
(so a restarted bot resumes those timers with the time that was left, not the full
duration).

Kept in the database (schema v4: `campaign_prefs`, one row per table and preference,
deleted with its campaign; `prefs` for what belongs to no campaign, a player's closed
DMs and language), so `db backup`, `db export` / `db import` and a move to another host carry them.
Changes are written at most once a second (a timer's deadline at once), and only the
preferences that changed, in one transaction, through `Store.save_prefs`. Losing the
last second of them on a crash costs at most a repeated board or notice, never game
state.

Before v4 they were in a JSON file next to the database (`<database>.discord.json`). On
the first start with such a file, `Prefs.open` imports it once into the database and
renames it to `<database>.discord.json.imported`; a file that cannot be read is reported
and left where it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.storage.base import Pref, Store
from bot.storage.errors import StorageError

log = logging.getLogger("cogs.common")

SAVE_DELAY = 1.0

# Row keys. A table's preferences are rows of `campaign_prefs` (campaign id, key); a
# player's closed DMs and their language are a row of `prefs` each, keyed DM_CLOSED or
# LANGUAGE + player id.
DM, WARNED, PUBLISHED, VOTE, TURN = "dm", "warned", "published", "vote", "turn"
DM_CLOSED = "dm_closed:"
LANGUAGE = "language:"
#: Longest language code kept (Discord's are like "en-US", "pl"; ours like "pl").
LANGUAGE_MAX = 16

_RowKey = tuple[str | None, str]


def _plain(key: Sequence[Any]) -> list[Any]:
    """`key` as it reads back from JSON (tuples become lists), so stored keys compare."""
    plain: list[Any] = json.loads(json.dumps(list(key)))
    return plain


def _language(value: Any) -> bool:
    """A language code worth keeping (a string of 1..LANGUAGE_MAX characters)."""
    return isinstance(value, str) and 0 < len(value) <= LANGUAGE_MAX


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


class Prefs:
    """The preferences in memory, saved to `store` (None: kept in memory only).

    Cogs change the attributes directly (then call `changed()`) or through the helpers;
    a save writes the difference from what was last saved."""

    def __init__(self, store: Store | None = None) -> None:
        self.store = store
        self.dm: dict[str, set[str]] = {}  # table id -> players who opted in
        self.dm_closed: set[str] = set()  # players whose closed DMs were reported
        self.languages: dict[str, str] = {}  # player -> their language, last heard
        self.warned: dict[str, str] = {}  # table id -> the last setup problem reported
        self.published: dict[str, int] = {}  # table id -> last version posted publicly
        # table id -> (the open vote's key, its deadline in Unix seconds)
        self.votes: dict[str, tuple[list[Any], float]] = {}
        # table id -> (the awaited turn's key, the next reminder's deadline, its number)
        self.turns: dict[str, tuple[list[Any], float, int]] = {}
        self._saved: dict[_RowKey, Any] = {}  # what the store holds, as `_rows()` gives it
        self._dirty = False
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._save_task: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, store: Store | None, *, legacy: Path | None = None) -> Prefs:
        """Load the preferences from `store`; import `legacy` (a pre-v4
        `<database>.discord.json`) once if it exists."""
        prefs = cls(store)
        if store is not None:
            try:
                rows = await store.load_prefs()
            except StorageError as exc:
                log.warning(
                    "could not read the preferences (%s); starting without them", exc.message
                )
                rows = []
            prefs._load_rows(rows)
        if legacy is not None and legacy.exists():
            await prefs._import_legacy(legacy)
        return prefs

    # ---- reading --------------------------------------------------------------------

    def _load_rows(self, rows: Sequence[Pref]) -> None:
        bad = 0
        for row in rows:
            try:
                self._load_row(row.campaign_id, row.key, json.loads(row.value or ""))
            except (ValueError, TypeError, KeyError, IndexError):
                bad += 1
                # Not understood: dropped from the store at the next save.
                self._saved[(row.campaign_id, row.key)] = object()
        if bad:
            log.warning("%d stored preferences could not be read and were ignored", bad)
        self._saved.update(self._rows())

    def _load_row(self, cid: str | None, key: str, value: Any) -> None:
        if cid is None:
            if key.startswith(DM_CLOSED) and value is True:
                self.dm_closed.add(key[len(DM_CLOSED) :])
                return
            if key.startswith(LANGUAGE) and _language(value):
                self.languages[key[len(LANGUAGE) :]] = value
                return
            raise ValueError(key)
        if key == DM:
            self.dm[cid] = {str(p) for p in value}
        elif key == WARNED:
            self.warned[cid] = str(value)
        elif key == PUBLISHED:
            self.published[cid] = int(value)
        elif key == VOTE:
            self.votes[cid] = (list(value["key"]), float(value["deadline"]))
        elif key == TURN:
            self.turns[cid] = (
                list(value["key"]),
                float(value["deadline"]),
                int(value.get("reminder", 1)),
            )
        else:
            raise ValueError(key)

    def _load(self, data: dict[str, Any]) -> None:
        """The pre-v4 JSON file's contents; what is already in memory (from the
        database) wins."""
        dm = {k: set(v) for k, v in (data.get("dm") or {}).items()}
        warned = {k: str(v) for k, v in (data.get("warned") or {}).items()}
        published = {k: int(v) for k, v in (data.get("published") or {}).items()}
        votes = {
            k: (list(v["key"]), float(v["deadline"]))
            for k, v in (data.get("votes") or {}).items()
            if isinstance(v, dict) and "key" in v and "deadline" in v
        }
        turns = {
            k: (list(v["key"]), float(v["deadline"]), int(v.get("reminder", 1)))
            for k, v in (data.get("turns") or {}).items()
            if isinstance(v, dict) and "key" in v and "deadline" in v
        }
        dm_closed = {str(p) for p in data.get("dm_closed") or []}
        for cid, players in dm.items():
            self.dm.setdefault(cid, players)
        self.dm_closed |= dm_closed
        self.warned = {**warned, **self.warned}
        self.published = {**published, **self.published}
        self.votes = {**votes, **self.votes}
        self.turns = {**turns, **self.turns}

    async def _import_legacy(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            self._load(data)
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
            log.warning(
                "could not read %s (%s); it was not imported and is left as it is",
                path,
                type(exc).__name__,
            )
            return
        if self.store is None:
            return
        if not await self.flush():
            log.warning(
                "could not import %s into the database; will try again at the next start", path
            )
            return
        done = path.with_name(path.name + ".imported")
        try:
            os.replace(path, done)
        except OSError as exc:
            log.warning("imported %s into the database but could not rename it: %s", path, exc)
            return
        log.info(
            "imported the Discord preferences of %s into the database (renamed to %s)",
            path,
            done.name,
        )

    def dump(self) -> dict[str, Any]:
        """Everything, in the pre-v4 file's shape (for tests and debugging)."""
        return {
            "dm": {k: sorted(v) for k, v in self.dm.items() if v},
            "dm_closed": sorted(self.dm_closed),
            "languages": dict(sorted(self.languages.items())),
            "warned": self.warned,
            "published": self.published,
            "votes": {k: {"key": key, "deadline": at} for k, (key, at) in self.votes.items()},
            "turns": {
                k: {"key": key, "deadline": at, "reminder": n}
                for k, (key, at, n) in self.turns.items()
            },
        }

    # ---- changes --------------------------------------------------------------------

    def set_dm(self, table: str, player: str, enabled: bool) -> None:
        players = self.dm.setdefault(table, set())
        if enabled:
            players.add(player)
            self.dm_closed.discard(player)
        else:
            players.discard(player)
        self.changed()

    def heard(self, player: str, language: str) -> None:
        """`player` spoke `language` (their client's, on a command or a click): kept for
        their DM'd hands, saved only when it changed."""
        if self.languages.get(player) != language and _language(language):
            self.languages[player] = language
            self.changed()

    def dm_players(self, table: str) -> set[str]:
        return self.dm.get(table, set())

    def mark_published(self, table: str, version: int) -> None:
        if self.published.get(table, -1) < version:
            self.published[table] = version
            self.changed()

    def vote_deadline(self, table: str, key: Sequence[Any], seconds: float, now: float) -> float:
        """The deadline of the vote `key` of `table`: the stored one if this vote was
        already timed (before a restart), else `now + seconds` (stored, saved at once)."""
        stored = self.votes.get(table)
        if stored is not None and stored[0] == _plain(key):
            return stored[1]
        deadline = now + seconds
        self.votes[table] = (_plain(key), deadline)
        self.changed(at_once=True)
        return deadline

    def clear_vote(self, table: str) -> None:
        if self.votes.pop(table, None) is not None:
            self.changed()

    def turn_deadline(
        self, table: str, key: Sequence[Any], seconds: float, now: float
    ) -> tuple[float, int]:
        """The next turn-timer reminder for the awaited turn `key` of `table`: (its
        deadline, its number). The stored one if this turn was already timed (before a
        restart), else (`now + seconds`, 1), stored and saved at once."""
        stored = self.turns.get(table)
        if stored is not None and stored[0] == _plain(key):
            return stored[1], stored[2]
        self.set_turn_reminder(table, key, now + seconds, 1, at_once=True)
        return now + seconds, 1

    def set_turn_reminder(
        self, table: str, key: Sequence[Any], deadline: float, number: int, *, at_once: bool = False
    ) -> None:
        self.turns[table] = (_plain(key), deadline, number)
        self.changed(at_once=at_once)

    def clear_turn(self, table: str) -> None:
        if self.turns.pop(table, None) is not None:
            self.changed()

    # ---- saving ---------------------------------------------------------------------

    def changed(self, *, at_once: bool = False) -> None:
        """Something changed: save within SAVE_DELAY seconds (`at_once`: now). Without
        a running event loop the change waits for the next save or `close()`."""
        self._dirty = True
        if self.store is None:
            return
        if at_once:
            self._wake.set()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._save_task is None or self._save_task.done():
            self._save_task = loop.create_task(self._saver())

    async def _saver(self) -> None:
        """Saves while there are changes: at once if asked, else after SAVE_DELAY, so
        the store is written at most once a second (plus the at-once saves)."""
        while self._dirty:
            if not self._wake.is_set():
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), SAVE_DELAY)
            self._wake.clear()
            if not await self.flush():
                return  # the store failed: the next change (or close) tries again

    def _rows(self) -> dict[_RowKey, Any]:
        """Every preference as (campaign id or None, key) -> a value that compares
        (immutable snapshots: the sets are mutated in place)."""
        rows: dict[_RowKey, Any] = {}
        for cid, players in self.dm.items():
            if players:
                rows[(cid, DM)] = tuple(sorted(players))
        for player in self.dm_closed:
            rows[(None, DM_CLOSED + player)] = True
        for player, language in self.languages.items():
            rows[(None, LANGUAGE + player)] = language
        for cid, text in self.warned.items():
            rows[(cid, WARNED)] = text
        for cid, version in self.published.items():
            rows[(cid, PUBLISHED)] = version
        for cid, (key, at) in self.votes.items():
            rows[(cid, VOTE)] = (_json(key), at)
        for cid, (key, at, n) in self.turns.items():
            rows[(cid, TURN)] = (_json(key), at, n)
        return rows

    @staticmethod
    def _encode(row: _RowKey, value: Any) -> str:
        key = row[1]
        if key == DM:
            return _json(list(value))
        if key == VOTE:
            return _json({"key": json.loads(value[0]), "deadline": value[1]})
        if key == TURN:
            return _json({"key": json.loads(value[0]), "deadline": value[1], "reminder": value[2]})
        return _json(value)

    async def flush(self) -> bool:
        """Write what changed since the last save, in one transaction. False if the
        store failed (the changes stay pending)."""
        if self.store is None:
            self._dirty = False
            return True
        async with self._lock:
            self._dirty = False
            rows = self._rows()
            changes = [
                Pref(cid, key, self._encode((cid, key), value))
                for (cid, key), value in rows.items()
                if self._saved.get((cid, key), _MISSING) != value
            ]
            changes += [
                Pref(cid, key, None) for (cid, key) in self._saved if (cid, key) not in rows
            ]
            if not changes:
                return True
            try:
                skipped = await self.store.save_prefs(changes)
            except StorageError as exc:
                self._dirty = True
                log.warning("could not save the Discord preferences: %s", exc.message)
                return False
            except BaseException:
                self._dirty = True  # cancelled: still to be saved
                raise
            if skipped:
                log.debug("%d preferences of unknown campaigns were not saved", skipped)
            self._saved = rows
            return True

    async def refresh(self) -> bool:
        """Take up what other processes sharing the database saved (a DM opt-in made on
        another shard…). Only while nothing of this process's is waiting to be saved:
        then what is in memory is what it last saved, and the database holds that plus
        the others' changes. True if anything changed."""
        if self.store is None or self._dirty:
            return False
        try:
            rows = await self.store.load_prefs()
        except StorageError as exc:
            log.warning("could not read the preferences: %s", exc.message)
            return False
        async with self._lock:
            if self._dirty:
                return False  # changed meanwhile: saved first, taken up next time
            fresh = Prefs()
            fresh._load_rows(rows)
            if fresh._saved == self._saved:
                return False
            self.dm, self.dm_closed, self.warned = fresh.dm, fresh.dm_closed, fresh.warned
            self.languages = fresh.languages
            self.published, self.votes, self.turns = fresh.published, fresh.votes, fresh.turns
            self._saved = fresh._saved
            return True

    async def close(self) -> None:
        """Save what is pending (the store must still be open)."""
        task, self._save_task = self._save_task, None
        if task is not None and not task.done():
            self._wake.set()  # no more waiting: save now
            with contextlib.suppress(Exception):
                await task
        if self._dirty:
            await self.flush()


_MISSING = object()
