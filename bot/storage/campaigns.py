"""Campaign rows: create, load, find, list, change status, move to another channel."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import AbstractAsyncContextManager

import aiosqlite

from bot.storage.base import (
    CAMPAIGN_STATUSES,
    CampaignInfo,
    CampaignStatus,
    StoredCampaign,
)
from bot.storage.core import SqliteBase
from bot.storage.errors import CampaignNotFoundError
from bot.storage.exchange_rows import qmark
from bot.storage.inserts import InsertsMixin
from bot.storage.rows import INFO_COLUMNS, info_from_row, list_sql

log = logging.getLogger("bot.storage")


class CampaignsMixin(SqliteBase, InsertsMixin):
    """`Store`'s campaign methods (creating one is `InsertsMixin`'s, shared with
    PostgreSQL; this gives it SQLite's hooks)."""

    _mark = qmark
    _constraint_error = sqlite3.IntegrityError

    @property
    def _data_version(self) -> int:
        return self._version

    def _transaction(self, doing: str) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._write(doing)

    async def load(self, campaign_id: str) -> StoredCampaign | None:
        row = await self._read_one(
            f"SELECT {INFO_COLUMNS}, state FROM campaigns WHERE id = ?",
            (campaign_id,),
            f"loading campaign {campaign_id}",
        )
        if row is None:
            return None
        return StoredCampaign(info=info_from_row(row), state=row[10])

    async def get_info(self, campaign_id: str) -> CampaignInfo | None:
        row = await self._read_one(
            f"SELECT {INFO_COLUMNS} FROM campaigns WHERE id = ?",
            (campaign_id,),
            f"reading campaign {campaign_id}",
        )
        return None if row is None else info_from_row(row)

    async def find_active_by_channel(self, channel_id: str, game: str) -> CampaignInfo | None:
        row = await self._read_one(
            f"SELECT {INFO_COLUMNS} FROM campaigns"
            " WHERE channel_id = ? AND game = ? AND status = 'active'",
            (channel_id, game),
            f"looking up the {game} campaign of channel {channel_id}",
        )
        return None if row is None else info_from_row(row)

    async def _list_campaigns(
        self, status: CampaignStatus | None, game: str | None, limit: int | None
    ) -> list[CampaignInfo]:
        sql, params = list_sql(status, game, limit, qmark)
        rows = await self._read_all(sql, params, "listing campaigns")
        return [info_from_row(r) for r in rows]

    async def set_status(self, campaign_id: str, status: CampaignStatus) -> CampaignInfo:
        if status not in CAMPAIGN_STATUSES:
            raise ValueError(f"unknown status {status!r}")
        try:
            async with self._write(f"changing the status of campaign {campaign_id}") as w:
                async with w.execute(
                    f"UPDATE campaigns SET status = ?, updated_at = ? WHERE id = ?"
                    f" RETURNING {INFO_COLUMNS}",
                    (status, self._clock(), campaign_id),
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, campaign_id, None) from exc
        log.info("campaign %s is now %s", campaign_id, status)
        return info_from_row(row)

    async def rebind(
        self, campaign_id: str, *, guild_id: str | None, channel_id: str | None
    ) -> CampaignInfo:
        try:
            async with self._write(f"moving campaign {campaign_id}") as w:
                async with w.execute(
                    f"UPDATE campaigns SET guild_id = ?, channel_id = ?, updated_at = ?"
                    f" WHERE id = ? RETURNING {INFO_COLUMNS}",
                    (guild_id, channel_id, self._clock(), campaign_id),
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, campaign_id, channel_id) from exc
        return info_from_row(row)
