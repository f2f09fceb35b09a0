"""Opening an existing file safely (the read-only probe) and bringing its schema up to
date (`schema.MIGRATIONS`, after a copy of the old file).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from pathlib import Path

import aiosqlite

from bot.storage import schema
from bot.storage.backup import backup_connection
from bot.storage.connection import (
    connect,
    fsync_path,
    open_query_only,
    remove_with_sidecars,
    scalar,
    translating,
)
from bot.storage.errors import (
    CorruptDatabaseError,
    DatabaseExistsError,
    DatabaseLockedError,
    DatabaseOpenError,
    DiskFullError,
    DiskIOError,
    EmptyDatabaseError,
    ForeignDatabaseError,
    MigrationError,
    ReadOnlyDatabaseError,
    SchemaTooNewError,
    damaged,
    translate,
)

log = logging.getLogger("bot.storage")


async def probe(
    path: Path, *, quick_check: bool, busy_timeout: float = 5.0, blank_ok: bool = False
) -> int:
    """Read-only look at an existing file: is it ours, at which version, is it sound?

    Returns the schema version. Raises before anything could be written to a file we must
    refuse: an empty one (zero bytes, or an SQLite file without tables: Fixer never
    leaves such a file, see `create_database`) unless `blank_ok` (then 0), a foreign
    SQLite database, one from a newer Fixer, a damaged one.
    """
    if path.stat().st_size == 0:
        if blank_ok:
            return 0
        raise EmptyDatabaseError(
            f"The database file {path} is empty (0 bytes): it holds no campaigns. It was "
            "not modified.\n"
            "If a restore failed, copy the backup over it again (docs/storage.md, "
            '"Restoring a backup"); to start a new, empty database there on purpose, run '
            "`python -m bot db init`."
        )
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
                f"tables: {', '.join(sorted(names)[:5]) or 'none'}). It was not modified.\n"
                "Point BOT_DATABASE / --database at Fixer's file."
            )
        if not names and not version:
            if blank_ok:
                return 0
            raise EmptyDatabaseError(
                f"{path} is an SQLite file without a single table: not a database Fixer "
                "made (Fixer creates its files whole). It was not modified.\n"
                "Point BOT_DATABASE / --database at Fixer's file, or run "
                "`python -m bot db init` to make this one a new, empty Fixer database."
            )
        if version > supported:
            raise SchemaTooNewError(
                f"The database {path} was written by a newer version of Fixer (schema "
                f"v{version}; this version understands up to v{supported}). It was not "
                "modified.\nUpgrade Fixer, or restore a backup made by this version.",
                found=version,
                supported=supported,
            )
        if quick_check and names:
            with translating(path, "checking the database"):
                async with db.execute("PRAGMA quick_check") as cur:
                    result = [str(r[0]) for r in await cur.fetchall()]
            if result != ["ok"]:
                raise CorruptDatabaseError(
                    damaged(str(path), "; ".join(result[:3]) + "; it was not modified")
                )
        return version
    finally:
        await db.close()


async def create_database(path: Path, *, replace: bool = False) -> None:
    """Make a new Fixer database at `path`, whole or not at all.

    It is built at the current schema in a temporary file beside `path`, fsync'd, then
    moved into place, so a crash while creating leaves either no file or a complete
    database, never a half-made one that the next start would refuse. Without `replace`
    an existing file is never overwritten (it is linked into place: `link` fails if the
    name is taken).
    """
    _remove_stale_temporaries(path)
    tmp = path.with_name(f".{path.name}.new-{os.getpid()}")
    remove_with_sidecars(tmp)
    try:
        try:
            db = await connect(str(tmp))
        except sqlite3.Error as exc:
            raise translate(exc, str(path), "creating the database") from exc
        try:
            with translating(path, "creating the database"):
                # (Read the answer: a pending statement would block the COMMIT below.)
                await scalar(db, "PRAGMA journal_mode = WAL")
            await migrate_schema(db, path, 0, schema.current_version())
        finally:
            await db.close()  # the last connection: the WAL is checkpointed away
        fsync_path(tmp)
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise DatabaseOpenError(
                    f"{path} appeared while Fixer was creating it; it was left as it is.\n"
                    "Make sure only one program creates the database, then start again."
                ) from None
            except OSError:  # a file system without hard links
                if path.exists():
                    raise
                os.replace(tmp, path)
        fsync_path(path.parent)
    except OSError as exc:
        raise DatabaseOpenError(
            f"Could not create the database {path} ({exc}).\n"
            "Check that its directory exists and is writable by the bot."
        ) from exc
    finally:
        remove_with_sidecars(tmp)
    log.info("created a new database at %s (schema v%d)", path, schema.current_version())


def _remove_stale_temporaries(path: Path) -> None:
    """Delete `.<name>.new-<pid>` files left by a process killed while creating `path`
    (a process still running may be creating it right now: its file is left alone)."""
    prefix = f".{path.name}.new-"
    try:
        names = [p for p in path.parent.iterdir() if p.name.startswith(prefix)]
    except OSError:
        return
    for leftover in names:
        pid = leftover.name[len(prefix) :].split("-", 1)[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        with contextlib.suppress(OSError):
            leftover.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but is not ours to signal
        return True
    return True


async def init_database(path: Path) -> str:
    """`db init`: create a database on purpose. Makes the directory if needed; turns an
    empty file (zero bytes, or SQLite without tables) into a database; refuses anything
    else that exists. Returns what it did ("created" or "initialized")."""
    if path.is_dir():
        raise DatabaseOpenError(f"{path} is a directory, not a database file.")
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseOpenError(
                f"Could not create the directory {path.parent} ({exc}).\n"
                "Create it, or choose another path with BOT_DATABASE / --database."
            ) from exc
        await create_database(path)
        return "created"
    version = await probe(path, quick_check=False, blank_ok=True)
    if version:
        raise DatabaseExistsError(
            f"There is already a Fixer database at {path} (schema v{version}); nothing was "
            "changed.\n"
            "It holds campaigns: to start afresh, move it somewhere safe first."
        )
    await create_database(path, replace=True)
    return "initialized"


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
