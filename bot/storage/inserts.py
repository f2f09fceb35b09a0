"""Creating and importing a campaign, alike on every backend (SQLite, PostgreSQL).

Both only INSERT rows in one transaction and turn a constraint failure into the
storage error the caller expects; what differs by backend is the placeholder style,
the transaction, the driver's constraint exception and its translation (`_integrity`).
A backend mixes in `InsertsMixin` and gives those four, so the two cannot drift apart.
"""

from __future__ import annotations

import logging
from abc import abstractmethod
from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, ClassVar

from bot.storage.base import CampaignInfo, NewCampaign, Store
from bot.storage.errors import StorageError
from bot.storage.exchange_rows import (
    ACTION_COLUMNS,
    CAMPAIGN_COLUMNS,
    GENESIS_COLUMNS,
    IMPORT_RUN_COLUMNS,
    PREF_COLUMNS,
    check_import_version,
    import_rows,
    insert_sql,
)
from bot.storage.rows import info_from_row
from bot.storage.transfer import CampaignExport

log = logging.getLogger("bot.storage")


class InsertsMixin(Store):
    """`create_campaign` and `import_campaign` for a backend that gives the hooks below."""

    #: The driver's placeholder (`exchange_rows.qmark` or `dollar`).
    _mark: ClassVar[Callable[[int], str]]
    #: The driver's exception for a violated constraint (unique id, channel, interaction).
    _constraint_error: ClassVar[type[Exception]]
    _clock: Callable[[], int]

    @property
    @abstractmethod
    def _data_version(self) -> int:
        """The newest export schema this store reads."""

    @abstractmethod
    def _transaction(self, doing: str) -> AbstractAsyncContextManager[Any]:
        """One write transaction; what it yields has `executemany(sql, rows)`."""

    @abstractmethod
    def _integrity(self, exc: Any, cid: str, channel: str | None) -> StorageError: ...

    async def _insert(
        self, doing: str, cid: str, channel: str | None, tables: Sequence[tuple[str, str, Any]]
    ) -> None:
        """INSERT each (table, columns, rows) in one transaction."""
        mark = type(self)._mark
        try:
            async with self._transaction(doing) as conn:
                for table, columns, rows in tables:
                    await conn.executemany(insert_sql(table, columns, mark), rows)
        except self._constraint_error as exc:
            raise self._integrity(exc, cid, channel) from exc

    async def create_campaign(
        self, campaign: NewCampaign, *, version: int, state: str
    ) -> CampaignInfo:
        now = self._clock()
        # The row in CAMPAIGN_COLUMNS order: INFO_COLUMNS, then the state.
        row = (
            campaign.id,
            campaign.game,
            campaign.name,
            campaign.owner,
            campaign.guild_id,
            campaign.channel_id,
            "active",
            version,
            now,
            now,
            state,
        )
        await self._insert(
            f"creating campaign {campaign.id}",
            campaign.id,
            campaign.channel_id,
            [
                ("campaigns", CAMPAIGN_COLUMNS, [row]),
                ("genesis", GENESIS_COLUMNS, [(campaign.id, version, state)]),
            ],
        )
        log.info("created campaign %s (game %s) at v%d", campaign.id, campaign.game, version)
        return info_from_row(row)

    async def import_campaign(
        self,
        data: CampaignExport,
        *,
        rebind: bool = False,
        guild_id: str | None = None,
        channel_id: str | None = None,
        keep_updated_at: bool = False,
    ) -> CampaignInfo:
        c = data.campaign
        check_import_version(data, self._data_version)
        rows = import_rows(
            data,
            rebind=rebind,
            guild_id=guild_id,
            channel_id=channel_id,
            keep_updated_at=keep_updated_at,
            now=self._clock(),
        )
        await self._insert(
            f"importing campaign {c.id}",
            c.id,
            rows.channel,
            [
                ("campaigns", CAMPAIGN_COLUMNS, [rows.campaign]),
                ("genesis", GENESIS_COLUMNS, [rows.genesis]),
                ("actions", ACTION_COLUMNS, rows.actions),
                ("runs", IMPORT_RUN_COLUMNS, rows.runs),
                ("campaign_prefs", PREF_COLUMNS, rows.prefs),
            ],
        )
        log.info("imported campaign %s at v%d (%d actions)", c.id, c.version, len(data.actions))
        info = await self.get_info(c.id)
        assert info is not None
        return info
