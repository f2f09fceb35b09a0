"""Backup and check of a database file (also used by the admin CLI on a file no bot has
open, and while the bot runs).
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

import aiosqlite

from bot.storage import schema
from bot.storage.backup import backup_connection
from bot.storage.base import CAMPAIGN_STATUSES, CheckReport
from bot.storage.connection import open_query_only, scalar
from bot.storage.errors import DatabaseMissingError, translate
from bot.storage.migrations import probe


def _missing(p: Path) -> DatabaseMissingError:
    return DatabaseMissingError(
        f"There is no database at {p}.\n"
        "Check BOT_DATABASE / --database; `python -m bot db init` creates a new one."
    )


async def backup_file(src: str | Path, dest: str | Path, *, overwrite: bool = False) -> None:
    """Online backup of the database file `src` (the bot may be running on it)."""
    p = Path(src)
    if not p.is_file():
        raise _missing(p)
    await probe(p, quick_check=False)
    db = await open_query_only(p)
    try:
        await backup_connection(db, p, Path(dest), overwrite=overwrite)
    finally:
        await db.close()


async def check_file(path: str | Path) -> CheckReport:
    """`db check` on a file, read-only (safe while the bot runs)."""
    p = Path(path)
    if not p.is_file():
        raise _missing(p)
    if p.stat().st_size == 0:
        # Not even an SQLite header: nothing to read (and nothing a connection should
        # write into it).
        report = CheckReport(path=str(p), supported_version=schema.current_version())
        report.problems.append(
            "the file is empty (0 bytes): it holds no database. Restore a backup over it, "
            "or run `python -m bot db init` to start a new database there"
        )
        return report
    db = await open_query_only(p)
    try:
        return await check_connection(db, p)
    finally:
        await db.close()


async def check_connection(db: aiosqlite.Connection, path: Path) -> CheckReport:
    report = CheckReport(path=str(path), supported_version=schema.current_version())
    with contextlib.suppress(OSError):
        report.size_bytes = path.stat().st_size
    try:
        app_id = int(await scalar(db, "PRAGMA application_id"))
        report.application_id_ok = app_id == schema.APPLICATION_ID
        version = int(await scalar(db, "PRAGMA user_version"))
        report.schema_version = version
        report.journal_mode = str(await scalar(db, "PRAGMA journal_mode"))
    except sqlite3.Error as exc:
        err = translate(exc, str(path), "reading the database header")
        report.problems.append(err.message)
        return report
    if not report.application_id_ok:
        report.problems.append(f"not a Fixer database (application id {app_id:#x})")
        return report
    if version > report.supported_version:
        report.problems.append(
            f"schema v{version} is newer than this Fixer (v{report.supported_version}): "
            "upgrade Fixer to check it"
        )
        return report
    if version < report.supported_version:
        report.notes.append(
            f"schema v{version} is older than v{report.supported_version}: it will be "
            "migrated when the bot starts"
        )
    legacy = path.with_name(path.name + ".discord.json")
    if legacy.exists():
        report.notes.append(
            f"{legacy.name} (Discord preferences from before schema v4) is not imported "
            "yet: the bot imports it into the database when it starts"
        )
    try:
        async with db.execute("PRAGMA integrity_check") as cur:
            report.integrity = [str(r[0]) for r in await cur.fetchall()]
        if report.integrity != ["ok"]:
            report.problems.extend(f"integrity: {m}" for m in report.integrity[:20])
            # A row breaking a CHECK (a hand-edited value) leaves the file sound: the
            # checks below still run and say which rows. Anything else: stop here.
            if not all(m.startswith("CHECK constraint failed") for m in report.integrity):
                return report
        async with db.execute("PRAGMA foreign_key_check") as cur:
            fk = list(await cur.fetchall())
        if fk:
            report.problems.append(f"{len(fk)} rows point at missing parents (foreign keys)")
        # Counts and the log's shape, in one read snapshot.
        await db.execute("BEGIN")
        try:
            await _check_contents(db, report, version)
        finally:
            await db.execute("COMMIT")
    except sqlite3.Error as exc:
        report.problems.append(translate(exc, str(path), "checking the database").message)
    return report


async def _check_contents(db: aiosqlite.Connection, report: CheckReport, version: int) -> None:
    async with db.execute("SELECT status, count(*) FROM campaigns GROUP BY status") as cur:
        by_status = {str(r[0]): int(r[1]) for r in await cur.fetchall()}
    report.counts["campaigns"] = sum(by_status.values())
    for status in CAMPAIGN_STATUSES:
        report.counts[f"campaigns_{status}"] = by_status.get(status, 0)
    report.counts["actions"] = int(await scalar(db, "SELECT count(*) FROM actions"))
    if version >= 3:
        report.counts["runs"] = int(await scalar(db, "SELECT count(*) FROM runs"))
    if version >= 4:
        await _check_prefs(db, report)
    missing = await scalar(
        db,
        "SELECT count(*) FROM campaigns c LEFT JOIN genesis g ON g.campaign_id = c.id"
        " WHERE g.campaign_id IS NULL",
    )
    if missing:
        report.problems.append(f"{missing} campaigns have no genesis state (cannot replay)")
    # Every campaign's log must be 1..n with version_before = genesis + seq - 1, and the
    # state must be exactly n versions past its genesis.
    async with db.execute(
        "SELECT c.id, c.version, g.version, count(a.seq), coalesce(max(a.seq), 0),"
        " coalesce(sum(a.version_before != g.version + a.seq - 1), 0)"
        " FROM campaigns c JOIN genesis g ON g.campaign_id = c.id"
        " LEFT JOIN actions a ON a.campaign_id = c.id GROUP BY c.id"
    ) as cur:
        rows = list(await cur.fetchall())
    bad = []
    for cid, cversion, gversion, n, top, wrong in rows:
        if n != top or wrong or cversion != gversion + n:
            bad.append(
                f"campaign {cid}: state v{cversion}, genesis v{gversion}, {n} log rows "
                f"(last seq {top}, {wrong} out of place)"
            )
    if bad:
        report.problems.append(f"{len(bad)} campaigns have a log that does not match the state")
        report.problems.extend(bad[:20])
    report.counts["campaigns_checked"] = len(rows)


async def _check_prefs(db: aiosqlite.Connection, report: CheckReport) -> None:
    """Preferences: every value is JSON, every campaign preference has its campaign."""
    async with db.execute(
        "SELECT p.campaign_id, p.key, p.value, c.id IS NOT NULL FROM campaign_prefs p"
        " LEFT JOIN campaigns c ON c.id = p.campaign_id"
        " UNION ALL SELECT NULL, key, value, 1 FROM prefs"
    ) as cur:
        rows = list(await cur.fetchall())
    report.counts["prefs"] = len(rows)
    bad: list[str] = []
    orphans: set[str] = set()
    for cid, key, value, has_campaign in rows:
        where = f"campaign {cid}" if cid is not None else "global"
        try:
            json.loads(value)
        except (TypeError, ValueError):
            bad.append(f"preference {key!r} ({where}) is not valid JSON")
        if not has_campaign:
            orphans.add(str(cid))
    if bad:
        report.problems.append(f"{len(bad)} preferences are not valid JSON")
        report.problems.extend(bad[:20])
    if orphans:
        report.problems.append(
            f"preferences of {len(orphans)} campaigns that do not exist: "
            + ", ".join(sorted(orphans)[:20])
        )
