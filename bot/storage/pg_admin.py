"""`PostgresStore`'s administration: export and import of a campaign, backup through
pg_dump, and the consistency check `db check` reports (split out of postgres.py)."""

from __future__ import annotations

import asyncio
import json
import logging
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import asyncpg

from bot.storage.base import CampaignInfo, CheckReport, RunRecord
from bot.storage.connection import compact_json
from bot.storage.errors import CampaignNotFoundError, InvalidExportError, StorageError
from bot.storage.pg_schema import APPLICATION, DATA_MODEL_VERSION, PG_CURRENT_VERSION
from bot.storage.rows import INFO_COLUMNS, LOG_COLUMNS, entry_from_row, info_from_row, run_dict
from bot.storage.transfer import CampaignExport, ExportedAction, ExportedCampaign, ExportedRun

if TYPE_CHECKING:
    from bot.storage.postgres import PostgresStore

log = logging.getLogger("bot.storage")

RUN_COLUMNS = "number, label, status, started_version, ended_version, started_at, ended_at"


async def export_campaign(store: PostgresStore, campaign_id: str) -> CampaignExport:
    doing = f"exporting campaign {campaign_id}"
    async with (
        store._conn(doing) as conn,
        # One snapshot: the state, log, runs and prefs are one consistent picture.
        conn.transaction(isolation="repeatable_read", readonly=True),
    ):
        row = await conn.fetchrow(
            f"SELECT {INFO_COLUMNS}, state FROM campaigns WHERE id = $1", campaign_id
        )
        if row is None:
            raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        grow = await conn.fetchrow(
            "SELECT version, state FROM genesis WHERE campaign_id = $1", campaign_id
        )
        if grow is None:
            raise CampaignNotFoundError(f"Campaign {campaign_id} has no genesis state.")
        entries = [
            entry_from_row(r)
            for r in await conn.fetch(
                f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = $1 ORDER BY seq",
                campaign_id,
            )
        ]
        runs = [
            RunRecord(*r)
            for r in await conn.fetch(
                f"SELECT {RUN_COLUMNS} FROM runs WHERE campaign_id = $1 ORDER BY number",
                campaign_id,
            )
        ]
        pref_rows = await conn.fetch(
            'SELECT key, value FROM campaign_prefs WHERE campaign_id = $1 ORDER BY key COLLATE "C"',
            campaign_id,
        )
    info = info_from_row(row)
    return CampaignExport(
        exported_at=store._clock(),
        schema_version=DATA_MODEL_VERSION,
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
            state=json.loads(row[10]),
            genesis_version=int(grow[0]),
            genesis=json.loads(grow[1]),
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
        prefs={str(r[0]): json.loads(r[1]) for r in pref_rows},
    )


async def import_campaign(
    store: PostgresStore,
    data: CampaignExport,
    *,
    rebind: bool = False,
    guild_id: str | None = None,
    channel_id: str | None = None,
    keep_updated_at: bool = False,
) -> CampaignInfo:
    c = data.campaign
    if data.schema_version > DATA_MODEL_VERSION:
        raise InvalidExportError(
            f"The export was made by a newer Fixer (schema v{data.schema_version}; this one "
            f"has v{DATA_MODEL_VERSION}). Import it with that version or newer."
        )
    guild = guild_id if rebind else c.guild_id
    channel = channel_id if rebind else c.channel_id
    now = store._clock()
    try:
        async with store._tx(f"importing campaign {c.id}") as conn:
            await conn.execute(
                "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
                " version, created_at, updated_at, state)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                c.id,
                c.game,
                c.name,
                c.owner,
                guild,
                channel,
                c.status,
                c.version,
                c.created_at,
                c.updated_at if keep_updated_at else now,
                compact_json(c.state),
            )
            await conn.execute(
                "INSERT INTO genesis (campaign_id, version, state) VALUES ($1, $2, $3)",
                c.id,
                c.genesis_version,
                compact_json(c.genesis),
            )
            await conn.executemany(
                "INSERT INTO actions (campaign_id, seq, version_before, player, kind,"
                " interaction_id, created_at, action, events)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
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
            await conn.executemany(
                f"INSERT INTO runs (campaign_id, {RUN_COLUMNS})"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
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
            await conn.executemany(
                "INSERT INTO campaign_prefs (campaign_id, key, value, updated_at)"
                " VALUES ($1, $2, $3, $4)",
                [(c.id, key, compact_json(value), now) for key, value in data.prefs.items()],
            )
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise store._integrity(exc, c.id, channel) from exc
    log.info("imported campaign %s at v%d (%d actions)", c.id, c.version, len(data.actions))
    info = await store.get_info(c.id)
    assert info is not None
    return info


async def backup(store: PostgresStore, dest: str | Path, *, overwrite: bool = False) -> None:
    """A consistent copy through `pg_dump` (custom format; restore with pg_restore)."""
    target = Path(dest)
    if target.exists() and not overwrite:
        raise StorageError(f"{target} already exists; choose another file or overwrite it.")
    tool = shutil.which("pg_dump")
    if tool is None:
        raise StorageError(
            "pg_dump was not found on PATH: install the PostgreSQL client tools to back "
            "up a PostgreSQL database (see docs/storage.md, PostgreSQL)."
        )
    args = [tool, "--format=custom", f"--file={target}", "--dbname", store.url]
    if store.db_schema:
        args += ["--schema", store.db_schema]
    proc = await asyncio.create_subprocess_exec(
        *args, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE
    )
    _, err = await proc.communicate()
    if proc.returncode != 0:
        raise StorageError(
            f"pg_dump of {store.path} failed: {err.decode(errors='replace').strip()}"
        )


async def check(store: PostgresStore) -> CheckReport:
    """The database's consistency, as `db check` reports it: every campaign has its
    genesis, its log is 1, 2, 3, … with no gap and as long as its version is past the
    genesis, each action's version_before follows on."""
    report = CheckReport(path=store.path, supported_version=PG_CURRENT_VERSION)
    async with store._conn("checking the database") as conn:
        row = await conn.fetchrow("SELECT application, version FROM fixer_schema")
        report.schema_version = None if row is None else int(row["version"])
        report.application_id_ok = row is not None and row["application"] == APPLICATION
        report.size_bytes = int(await conn.fetchval("SELECT pg_database_size(current_database())"))
        for table in ("campaigns", "genesis", "actions", "runs", "campaign_prefs", "prefs"):
            report.counts[table] = int(await conn.fetchval(f"SELECT count(*) FROM {table}"))
        bad = await conn.fetch(
            "SELECT c.id, c.version, g.version AS gv, count(a.seq) AS n,"
            " coalesce(max(a.seq), 0) AS top,"
            " bool_and(a.version_before = g.version + a.seq - 1) AS chained"
            " FROM campaigns c LEFT JOIN genesis g ON g.campaign_id = c.id"
            " LEFT JOIN actions a ON a.campaign_id = c.id"
            " GROUP BY c.id, c.version, g.version"
            " HAVING g.version IS NULL OR count(a.seq) <> coalesce(max(a.seq), 0)"
            " OR count(a.seq) <> c.version - g.version"
            " OR NOT coalesce(bool_and(a.version_before = g.version + a.seq - 1), true)"
            ' ORDER BY c.id COLLATE "C"'
        )
    report.integrity = ["ok"]
    for b in bad:
        if b["gv"] is None:
            report.problems.append(f"campaign {b['id']} has no genesis state")
        else:
            report.problems.append(
                f"campaign {b['id']} is at v{b['version']} from genesis v{b['gv']} but "
                f"its log has {b['n']} actions (last seq {b['top']}); "
                "it does not replay to its state"
            )
    if report.schema_version != PG_CURRENT_VERSION:
        report.problems.append(
            f"schema v{report.schema_version}, this Fixer expects v{PG_CURRENT_VERSION}"
        )
    return report
