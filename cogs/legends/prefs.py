"""Discord-side preferences that are not game state: DM opt-ins, closed DMs already
reported, warnings already given to owners, the last version published per table, the
deadline of each open scene vote and of each table's next turn-timer reminder (so a
restarted bot resumes those timers with the time that was left, not the full duration).

Kept in a small JSON file next to the database (`<database>.discord.json`), written
atomically and at most once a second. Losing the last second of it on a crash costs at
most a repeated board or notice, never game state (which is in the database).
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

log = logging.getLogger("cogs.legends")

SAVE_DELAY = 1.0


def _plain(key: Sequence[Any]) -> list[Any]:
    """`key` as it reads back from JSON (tuples become lists), so stored keys compare."""
    plain: list[Any] = json.loads(json.dumps(list(key)))
    return plain


class Prefs:
    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.dm: dict[str, set[str]] = {}  # table id -> players who opted in
        self.dm_closed: set[str] = set()  # players whose closed DMs were reported
        self.warned: dict[str, str] = {}  # table id -> the last setup problem reported
        self.published: dict[str, int] = {}  # table id -> last version posted publicly
        # table id -> (the open vote's key, its deadline in Unix seconds)
        self.votes: dict[str, tuple[list[Any], float]] = {}
        # table id -> (the awaited turn's key, the next reminder's deadline, its number)
        self.turns: dict[str, tuple[list[Any], float, int]] = {}
        self._save_task: asyncio.Task[None] | None = None
        if path is not None and path.exists():
            try:
                self._load(json.loads(path.read_text(encoding="utf-8")))
            except (OSError, ValueError) as exc:
                log.warning("could not read %s (%s); starting with empty preferences",
                            path, type(exc).__name__)

    def _load(self, data: dict[str, Any]) -> None:
        self.dm = {k: set(v) for k, v in (data.get("dm") or {}).items()}
        self.dm_closed = set(data.get("dm_closed") or [])
        self.warned = dict(data.get("warned") or {})
        self.published = {k: int(v) for k, v in (data.get("published") or {}).items()}
        self.votes = {k: (list(v["key"]), float(v["deadline"]))
                      for k, v in (data.get("votes") or {}).items()
                      if isinstance(v, dict) and "key" in v and "deadline" in v}
        self.turns = {k: (list(v["key"]), float(v["deadline"]), int(v.get("reminder", 1)))
                      for k, v in (data.get("turns") or {}).items()
                      if isinstance(v, dict) and "key" in v and "deadline" in v}

    def dump(self) -> dict[str, Any]:
        return {
            "dm": {k: sorted(v) for k, v in self.dm.items() if v},
            "dm_closed": sorted(self.dm_closed),
            "warned": self.warned,
            "published": self.published,
            "votes": {k: {"key": key, "deadline": at} for k, (key, at) in self.votes.items()},
            "turns": {k: {"key": key, "deadline": at, "reminder": n}
                      for k, (key, at, n) in self.turns.items()},
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

    def dm_players(self, table: str) -> set[str]:
        return self.dm.get(table, set())

    def mark_published(self, table: str, version: int) -> None:
        if self.published.get(table, -1) < version:
            self.published[table] = version
            self.changed()

    def vote_deadline(self, table: str, key: Sequence[Any], seconds: float,
                      now: float) -> float:
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

    def turn_deadline(self, table: str, key: Sequence[Any], seconds: float,
                      now: float) -> tuple[float, int]:
        """The next turn-timer reminder for the awaited turn `key` of `table`: (its
        deadline, its number). The stored one if this turn was already timed (before a
        restart), else (`now + seconds`, 1), stored and saved at once."""
        stored = self.turns.get(table)
        if stored is not None and stored[0] == _plain(key):
            return stored[1], stored[2]
        self.set_turn_reminder(table, key, now + seconds, 1, at_once=True)
        return now + seconds, 1

    def set_turn_reminder(self, table: str, key: Sequence[Any], deadline: float,
                          number: int, *, at_once: bool = False) -> None:
        self.turns[table] = (_plain(key), deadline, number)
        self.changed(at_once=at_once)

    def clear_turn(self, table: str) -> None:
        if self.turns.pop(table, None) is not None:
            self.changed()

    def changed(self, *, at_once: bool = False) -> None:
        if self.path is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.save()
            return
        if self._save_task is None or self._save_task.done():
            self._save_task = loop.create_task(self._save_later(0.0 if at_once else SAVE_DELAY))
        elif at_once:
            self._save_task.cancel()
            self._save_task = loop.create_task(self._save_later(0.0))

    async def _save_later(self, delay: float) -> None:
        await asyncio.sleep(delay)
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_name(f".{self.path.name}.tmp-{os.getpid()}")
        try:
            tmp.write_text(json.dumps(self.dump(), indent=1), encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            log.warning("could not save %s: %s", self.path, exc)
            with contextlib.suppress(OSError):
                tmp.unlink()

    async def close(self) -> None:
        if self._save_task is not None and not self._save_task.done():
            self._save_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._save_task
        self.save()
