"""Moving whole campaigns in and out: export, import, and the store's backup and check."""

from __future__ import annotations

import logging
from pathlib import Path

from bot.storage.admin import check_file
from bot.storage.backup import backup_connection
from bot.storage.base import CheckReport, RunRecord
from bot.storage.campaigns import CampaignsMixin
from bot.storage.connection import connect, ro_uri
from bot.storage.errors import CampaignNotFoundError
from bot.storage.exchange_rows import (
    RUN_COLUMNS,
    build_export,
)
from bot.storage.rows import INFO_COLUMNS, LOG_COLUMNS, entry_from_row
from bot.storage.transfer import CampaignExport

log = logging.getLogger("bot.storage")


class ExchangeMixin(CampaignsMixin):
    """`Store`'s administration methods: export, import, backup, check."""

    async def export_campaign(self, campaign_id: str) -> CampaignExport:
        # One read transaction on a connection of its own (the shared reader must never
        # sit in an old snapshot): the state, log and runs are one consistent picture.
        doing = f"exporting campaign {campaign_id}"
        with self._errors(doing):
            db = await connect(ro_uri(self.path), uri=True)
        try:
            with self._errors(doing):
                await db.execute("PRAGMA busy_timeout = 5000")
                await db.execute("BEGIN")
                async with db.execute(
                    f"SELECT {INFO_COLUMNS}, state FROM campaigns WHERE id = ?", (campaign_id,)
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
                async with db.execute(
                    "SELECT version, state FROM genesis WHERE campaign_id = ?", (campaign_id,)
                ) as cur:
                    grow = await cur.fetchone()
                if grow is None:
                    raise CampaignNotFoundError(f"Campaign {campaign_id} has no genesis state.")
                async with db.execute(
                    f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = ? ORDER BY seq",
                    (campaign_id,),
                ) as cur:
                    entries = [entry_from_row(r) for r in await cur.fetchall()]
                async with db.execute(
                    f"SELECT {RUN_COLUMNS} FROM runs WHERE campaign_id = ? ORDER BY number",
                    (campaign_id,),
                ) as cur:
                    runs = [RunRecord(*r) for r in await cur.fetchall()]
                async with db.execute(
                    "SELECT key, value FROM campaign_prefs WHERE campaign_id = ? ORDER BY key",
                    (campaign_id,),
                ) as cur:
                    pref_rows = [(str(r[0]), str(r[1])) for r in await cur.fetchall()]
                await db.execute("COMMIT")
        finally:
            await db.close()
        return build_export(
            row=row,
            genesis_version=int(grow[0]),
            genesis_state=str(grow[1]),
            entries=entries,
            runs=runs,
            pref_rows=pref_rows,
            exported_at=self._clock(),
            schema_version=self._version,
        )

    async def backup(self, dest: str | Path, *, overwrite: bool = False) -> None:
        await backup_connection(self._r, self.path, Path(dest), overwrite=overwrite)

    async def check(self) -> CheckReport:
        return await check_file(self.path)
