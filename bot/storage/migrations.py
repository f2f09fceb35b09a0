"""Opening an existing file safely (the read-only probe) and bringing its schema up to
date (`schema.MIGRATIONS`, after a copy of the old file).
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import time
from pathlib import Path

import aiosqlite

from bot.storage import schema
from bot.storage.backup import backup_connection
from bot.storage.connection import open_query_only, scalar, translating
from bot.storage.errors import (
    CorruptDatabaseError,
    DatabaseLockedError,
    DiskFullError,
    DiskIOError,
    ForeignDatabaseError,
    MigrationError,
    ReadOnlyDatabaseError,
    SchemaTooNewError,
    translate,
)

log = logging.getLogger("bot.storage")


async def probe(path: Path, *, quick_check: bool, busy_timeout: float = 5.0) -> int:
    """Read-only look at an existing file: is it ours, at which version, is it sound?

    Returns the schema version (0 for an empty SQLite file). Raises before anything
    could be written to a file we must refuse.
    """
    db = await open_query_only(path, busy_timeout)
    try:
        with translating(path, "reading the database header"):
            app_id = int(await scalar(db, "PRAGMA application_id"))
            version = int(await scalar(db, "PRAGMA user_version"))
            async with db.execute(
                "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
            ) as cur:
                names = [r[0] for r in await cur.fetchall()]
        supported = schema.current_version()
        if app_id != schema.APPLICATION_ID and (names or version or app_id):
            raise ForeignDatabaseError(
                f"{path} is an SQLite database, but not Fixer's (application id {app_id:#x}, "
                f"tables: {', '.join(sorted(names)[:5]) or 'none'}). It was not modified. "
                "Point BOT_DATABASE / --database at Fixer's file."
            )
        if version > supported:
            raise SchemaTooNewError(
                f"The database {path} was written by a newer version of Fixer (schema "
                f"v{version}; this version understands up to v{supported}). It was not "
                "modified. Upgrade Fixer, or restore a backup made by this version.",
                found=version,
                supported=supported,
            )
        if quick_check and names:
            with translating(path, "checking the database"):
                async with db.execute("PRAGMA quick_check") as cur:
                    result = [str(r[0]) for r in await cur.fetchall()]
            if result != ["ok"]:
                raise CorruptDatabaseError(
                    f"The database {path} is damaged ({'; '.join(result[:3])}). It was not "
                    "modified. Stop the bot and restore the latest backup (docs/storage.md)."
                )
        return version
    finally:
        await db.close()


async def pre_migration_backup(path: Path, db: aiosqlite.Connection, version: int) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    dest = path.with_name(f"{path.name}.v{version}-{stamp}.bak")
    n = 1
    while dest.exists():
        n += 1
        dest = path.with_name(f"{path.name}.v{version}-{stamp}-{n}.bak")
    await backup_connection(db, path, dest)
    log.info("backed up %s (schema v%d) to %s before migrating", path, version, dest)
    return dest


# Errors caused by the machine rather than by the migration itself: reported as they are.
_ENVIRONMENT_ERRORS = (DatabaseLockedError, DiskFullError, ReadOnlyDatabaseError, DiskIOError)


async def migrate_schema(db: aiosqlite.Connection, path: Path, version: int, target: int) -> None:
    for step in range(version, target):
        script = schema.MIGRATIONS[step]
        header = ""
        if step == 0:
            header = f"PRAGMA application_id = {schema.APPLICATION_ID};\n"
        try:
            await db.executescript(
                "BEGIN IMMEDIATE;\n"
                + header
                + script
                + f"\nPRAGMA user_version = {step + 1};\nCOMMIT;"
            )
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                if db.in_transaction:
                    await db.execute("ROLLBACK")
            err = translate(exc, str(path), f"migrating from schema v{step} to v{step + 1}")
            if isinstance(err, _ENVIRONMENT_ERRORS):
                raise err from exc
            raise MigrationError(
                f"Migrating {path} from schema v{step} to v{step + 1} failed ({exc}). The "
                f"database was left at v{step}; nothing was lost. Report this as a bug."
            ) from exc
        log.info("migrated %s from schema v%d to v%d", path, step, step + 1)
