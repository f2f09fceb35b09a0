"""Moving whole campaigns in and out: export, import, and the store's backup and check."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from bot.storage.admin import check_file
from bot.storage.backup import backup_connection
from bot.storage.base import CampaignInfo, CheckReport, RunRecord
from bot.storage.campaigns import CampaignsMixin
from bot.storage.connection import compact_json, connect, ro_uri
from bot.storage.errors import CampaignNotFoundError, InvalidExportError
from bot.storage.rows import INFO_COLUMNS, LOG_COLUMNS, entry_from_row, info_from_row, run_dict
from bot.storage.transfer import (
    CampaignExport,
    ExportedAction,
    ExportedCampaign,
    ExportedRun,
)

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
                    "SELECT number, label, status, started_version, ended_version,"
                    " started_at, ended_at FROM runs WHERE campaign_id = ? ORDER BY number",
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
        prefs: dict[str, Any] = {}
        for key, value in pref_rows:
            try:
                prefs[key] = json.loads(value)
            except ValueError:
                log.warning(
                    "campaign %s: preference %r is not valid JSON; not exported", campaign_id, key
                )
        info = info_from_row(row)
        stored_state = str(row[10])
        gversion, gstate = int(grow[0]), str(grow[1])
        return CampaignExport(
            exported_at=self._clock(),
            schema_version=self._version,
            campaign=ExportedCampaign(
                id=info.id,
                game=info.game,
                name=info.name,
                owner=info.owner,
                guild_id=info.guild_id,
                channel_id=info.channel_id,
                status=info.status,
                version=info.version,
                created_at=info.created_at,
                updated_at=info.updated_at,
                state=json.loads(stored_state),
                genesis_version=gversion,
                genesis=json.loads(gstate),
            ),
            runs=[ExportedRun(**run_dict(r)) for r in runs],
            actions=[
                ExportedAction(
                    seq=e.seq,
                    version_before=e.version_before,
                    player=e.player,
                    kind=e.kind,
                    interaction_id=e.interaction_id,
                    created_at=e.created_at,
                    action=json.loads(e.action),
                    events=json.loads(e.events),
                )
                for e in entries
            ],
            prefs=prefs,
        )

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
        if data.schema_version > self._version:
            raise InvalidExportError(
                f"The export was made by a newer Fixer (schema v{data.schema_version}; this one "
                f"has v{self._version}). Import it with that version or newer."
            )
        guild = guild_id if rebind else c.guild_id
        channel = channel_id if rebind else c.channel_id
        try:
            async with self._write(f"importing campaign {c.id}") as w:
                await w.execute(
                    "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
                    " version, created_at, updated_at, state)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        c.id,
                        c.game,
                        c.name,
                        c.owner,
                        guild,
                        channel,
                        c.status,
                        c.version,
                        c.created_at,
                        c.updated_at if keep_updated_at else self._clock(),
                        compact_json(c.state),
                    ),
                )
                await w.execute(
                    "INSERT INTO genesis (campaign_id, version, state) VALUES (?, ?, ?)",
                    (c.id, c.genesis_version, compact_json(c.genesis)),
                )
                await w.executemany(
                    "INSERT INTO actions (campaign_id, seq, version_before, player, kind,"
                    " interaction_id, created_at, action, events)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            c.id,
                            a.seq,
                            a.version_before,
                            a.player,
                            a.kind,
                            a.interaction_id,
                            a.created_at,
                            compact_json(a.action),
                            compact_json(a.events),
                        )
                        for a in data.actions
                    ],
                )
                await w.executemany(
                    "INSERT INTO runs (campaign_id, number, label, status, started_version,"
                    " ended_version, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            c.id,
                            r.number,
                            r.label,
                            r.status,
                            r.started_version,
                            r.ended_version,
                            r.started_at,
                            r.ended_at,
                        )
                        for r in data.runs
                    ],
                )
                now = self._clock()
                await w.executemany(
                    "INSERT INTO campaign_prefs (campaign_id, key, value, updated_at)"
                    " VALUES (?, ?, ?, ?)",
                    [(c.id, key, compact_json(value), now) for key, value in data.prefs.items()],
                )
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, c.id, channel) from exc
        log.info("imported campaign %s at v%d (%d actions)", c.id, c.version, len(data.actions))
        info = await self.get_info(c.id)
        assert info is not None
        return info

    async def backup(self, dest: str | Path, *, overwrite: bool = False) -> None:
        await backup_connection(self._r, self.path, Path(dest), overwrite=overwrite)

    async def check(self) -> CheckReport:
        return await check_file(self.path)
