"""Discord-side preferences (not game state; schema v4): load them all, save a batch."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.storage.base import Pref
from bot.storage.connection import transaction
from bot.storage.core import SqliteBase
from bot.storage.errors import StorageError, translate


class PrefsMixin(SqliteBase):
    """`Store`'s preference methods."""

    async def load_prefs(self) -> list[Pref]:
        rows = await self._read_all(
            "SELECT campaign_id, key, value FROM campaign_prefs"
            " UNION ALL SELECT NULL, key, value FROM prefs",
            (),
            "reading the preferences",
        )
        return [Pref(campaign_id=r[0], key=str(r[1]), value=str(r[2])) for r in rows]

    async def save_prefs(self, changes: Sequence[Pref]) -> int:
        """One transaction on the writer (never the action-commit path). Upserts and
        deletes; a preference of a campaign that does not exist is skipped (counted)."""
        last: dict[tuple[str | None, str], str | None] = {}
        for p in changes:
            last[(p.campaign_id, p.key)] = p.value
        if not last:
            return 0
        now = self._clock()
        set_campaign = [
            (c, k, v, now, c) for (c, k), v in last.items() if c is not None and v is not None
        ]
        del_campaign = [(c, k) for (c, k), v in last.items() if c is not None and v is None]
        set_global = [(k, v, now) for (c, k), v in last.items() if c is None and v is not None]
        del_global = [(k,) for (c, k), v in last.items() if c is None and v is None]
        lists = (del_campaign, del_global, set_campaign, set_global)
        doing = "saving the preferences"
        try:
            if self._inline is not None:
                # Like an action commit: written here, fsync'd by the flusher. On the
                # writer's thread it would hold the write lock for several thread hops,
                # and an action arriving meanwhile would wait for them.
                async with self._wlock:
                    if self._shut:
                        raise StorageError(f"The database {self.path} is closed.")
                    try:
                        skipped = _save_prefs(self._inline, *lists)
                    except sqlite3.OperationalError as exc:
                        if getattr(exc, "sqlite_errorcode", None) not in (
                            sqlite3.SQLITE_BUSY,
                            sqlite3.SQLITE_LOCKED,
                        ):
                            raise translate(exc, str(self.path), doing) from exc
                    else:
                        assert self.flusher is not None
                        self.flusher.request()
                        return skipped
            # FULL, or another process holds the write lock: on the writer's thread.
            if self._shut:
                raise StorageError(f"The database {self.path} is closed.")
            async with self._wlock:
                try:
                    skipped = await self._w._execute(  # type: ignore[no-untyped-call]
                        _save_prefs, self._w._conn, *lists
                    )
                except sqlite3.IntegrityError:
                    raise
                except sqlite3.Error as exc:
                    raise translate(exc, str(self.path), doing) from exc
            if self.flusher is not None:
                self.flusher.request()
        except sqlite3.IntegrityError as exc:
            raise StorageError(
                f"Saving the preferences failed: a value is not valid JSON ({exc})."
            ) from exc
        return int(skipped)


def _save_prefs(
    conn: sqlite3.Connection,
    del_campaign: list[Any],
    del_global: list[Any],
    set_campaign: list[Any],
    set_global: list[Any],
) -> int:
    """One transaction of preference changes; returns how many were skipped (their
    campaign does not exist)."""
    skipped = 0
    with transaction(conn):
        if del_campaign:
            conn.executemany(
                "DELETE FROM campaign_prefs WHERE campaign_id = ? AND key = ?", del_campaign
            )
        if del_global:
            conn.executemany("DELETE FROM prefs WHERE key = ?", del_global)
        if set_campaign:
            cur = conn.executemany(
                "INSERT INTO campaign_prefs (campaign_id, key, value, updated_at)"
                " SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM campaigns WHERE id = ?)"
                " ON CONFLICT (campaign_id, key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at",
                set_campaign,
            )
            skipped = len(set_campaign) - max(cur.rowcount, 0)
        if set_global:
            conn.executemany(
                "INSERT INTO prefs (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at",
                set_global,
            )
    return skipped
