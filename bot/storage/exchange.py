"""Moving whole campaigns in and out: export, import, and the store's backup and check."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from bot.storage.admin import check_file
from bot.storage.backup import backup_connection
from bot.storage.base import CheckReport
from bot.storage.campaigns import CampaignsMixin
from bot.storage.connection import connect, ro_uri
from bot.storage.exchange_rows import qmark, read_export
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

        async def fetch(sql: str, *params: Any) -> list[Any]:
            async with db.execute(sql, params) as cur:
                return list(await cur.fetchall())

        try:
            with self._errors(doing):
                await db.execute("PRAGMA busy_timeout = 5000")
                await db.execute("BEGIN")
                export = await read_export(
                    fetch, qmark, campaign_id, clock=self._clock, schema_version=self._version
                )
                await db.execute("COMMIT")
        finally:
            await db.close()
        return export

    async def backup(self, dest: str | Path, *, overwrite: bool = False) -> None:
        await backup_connection(self._r, self.path, Path(dest), overwrite=overwrite)

    async def check(self) -> CheckReport:
        return await check_file(self.path)
