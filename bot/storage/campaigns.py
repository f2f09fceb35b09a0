"""Campaign rows: create, load, find, list, change status, move to another channel."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from bot.storage.base import (
    CAMPAIGN_STATUSES,
    CampaignInfo,
    CampaignStatus,
    NewCampaign,
    StoredCampaign,
)
from bot.storage.core import SqliteBase
from bot.storage.errors import CampaignNotFoundError
from bot.storage.rows import INFO_COLUMNS, info_from_row

log = logging.getLogger("bot.storage")


class CampaignsMixin(SqliteBase):
    """`Store`'s campaign methods."""

    async def create_campaign(
        self, campaign: NewCampaign, *, version: int, state: str
    ) -> CampaignInfo:
        now = self._clock()
        try:
            async with self._write(f"creating campaign {campaign.id}") as w:
                await w.execute(
                    "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
                    " version, created_at, updated_at, state)"
                    " VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)",
                    (
                        campaign.id,
                        campaign.game,
                        campaign.name,
                        campaign.owner,
                        campaign.guild_id,
                        campaign.channel_id,
                        version,
                        now,
                        now,
                        state,
                    ),
                )
                await w.execute(
                    "INSERT INTO genesis (campaign_id, version, state) VALUES (?, ?, ?)",
                    (campaign.id, version, state),
                )
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, campaign.id, campaign.channel_id) from exc
        log.info("created campaign %s (game %s) at v%d", campaign.id, campaign.game, version)
        return CampaignInfo(
            id=campaign.id,
            game=campaign.game,
            name=campaign.name,
            owner=campaign.owner,
            guild_id=campaign.guild_id,
            channel_id=campaign.channel_id,
            status="active",
            version=version,
            created_at=now,
            updated_at=now,
        )

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

    async def list_campaigns(
        self,
        status: CampaignStatus | None = "active",
        *,
        game: str | None = None,
        limit: int | None = None,
    ) -> list[CampaignInfo]:
        sql = f"SELECT {INFO_COLUMNS} FROM campaigns"
        where: list[str] = []
        params: list[Any] = []
        if status is not None:
            where.append("status = ?")
            params.append(status)
        if game is not None:
            where.append("game = ?")
            params.append(game)
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY updated_at DESC, id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
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
