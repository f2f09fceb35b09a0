"""`PostgresStore`'s administration: export and import of a campaign, backup through
pg_dump, and the consistency check `db check` reports (split out of postgres.py)."""

from __future__ import annotations

import asyncio
import logging
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from bot.storage.base import CheckReport
from bot.storage.errors import StorageError
from bot.storage.exchange_rows import dollar, read_export
from bot.storage.pg_schema import APPLICATION, DATA_MODEL_VERSION, PG_CURRENT_VERSION
from bot.storage.transfer import CampaignExport

if TYPE_CHECKING:
    from bot.storage.postgres import PostgresStore

log = logging.getLogger("bot.storage")


async def export_campaign(store: PostgresStore, campaign_id: str) -> CampaignExport:
    doing = f"exporting campaign {campaign_id}"
    async with (
        store._conn(doing) as conn,
        # One snapshot: the state, log, runs and prefs are one consistent picture.
        conn.transaction(isolation="repeatable_read", readonly=True),
    ):
        return await read_export(
            conn.fetch,
            dollar,
            campaign_id,
            clock=store._clock,
            schema_version=DATA_MODEL_VERSION,
            binary=' COLLATE "C"',
        )


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
