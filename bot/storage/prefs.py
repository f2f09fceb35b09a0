"""Discord-side preferences (not game state; schema v4): load them all, save a batch."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from bot.storage.base import Pref
from bot.storage.connection import transaction
from bot.storage.core import SqliteBase
from bot.storage.errors import StorageError


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
        """One transaction (`_short_write`: with NORMAL on the event loop, like an action
        commit). Upserts and deletes; a preference of a campaign that does not exist is
        skipped (counted)."""
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
        try:
            skipped = await self._short_write(
                lambda conn: _save_prefs(conn, *lists), "saving the preferences"
            )
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
