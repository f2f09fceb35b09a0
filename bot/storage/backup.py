"""A consistent copy of a database while it is in use (SQLite's online backup API)."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.storage.connection import (
    connect,
    fsync_path,
    remove_with_sidecars,
    scalar,
)
from bot.storage.errors import (
    CorruptDatabaseError,
    DatabaseLockedError,
    DatabaseMissingError,
    StorageError,
    damaged,
    translate,
)

log = logging.getLogger("bot.storage")


async def backup_connection(
    src: aiosqlite.Connection, src_path: Path, dest: Path, *, overwrite: bool = False
) -> None:
    """Copy the database behind `src` to `dest`, consistently, while it stays in use.

    The copy is made in one step of SQLite's online backup API (one read transaction:
    a snapshot; writers in WAL mode are not blocked), into a temporary file that is
    checked and then renamed into place, so `dest` is either absent or a whole database.

    Errors name the file they are about: a damaged page is the source's (`src_path`),
    a full disk or a read-only folder the copy's (`dest`), never the temporary file.
    """
    dest = Path(dest)
    if dest.exists() and dest.resolve() == src_path.resolve():
        raise StorageError(f"Refusing to back up {src_path} onto itself.")
    if dest.exists() and not overwrite:
        raise StorageError(f"{dest} already exists; choose another path or pass --force.")
    if not dest.parent.is_dir():
        raise DatabaseMissingError(f"The directory {dest.parent} does not exist.")
    tmp = dest.with_name(f".{dest.name}.tmp-{os.getpid()}")
    remove_with_sidecars(tmp)
    try:
        try:
            target = await connect(str(tmp))
        except sqlite3.Error as exc:
            raise translate(exc, str(dest), "creating the backup") from exc
        try:
            try:
                await src.backup(target)
            except sqlite3.Error as exc:
                err = translate(exc, str(src_path), "reading it for a backup")
                if isinstance(err, CorruptDatabaseError | DatabaseLockedError):
                    raise err from exc
                raise translate(exc, str(dest), "writing the backup") from exc
            try:
                # A backup is a single self-contained file: no WAL beside it.
                await target.execute("PRAGMA journal_mode = DELETE")
                result = await scalar(target, "PRAGMA quick_check")
            except sqlite3.Error as exc:
                err = translate(exc, str(dest), "writing the backup")
                if isinstance(err, CorruptDatabaseError):
                    # A fresh copy of the pages, damaged: so is the source.
                    raise CorruptDatabaseError(damaged(str(src_path), str(exc))) from exc
                raise err from exc
            if result != "ok":
                # The pages were copied as they are: the damage is the source's.
                raise CorruptDatabaseError(
                    damaged(str(src_path), f"its copy failed SQLite's check: {result}")
                )
        finally:
            await target.close()
        fsync_path(tmp)
        os.replace(tmp, dest)
        fsync_path(dest.parent)
    except OSError as exc:
        raise StorageError(f"Could not write the backup {dest}: {exc}") from exc
    finally:
        remove_with_sidecars(tmp)
    log.info("backed up %s to %s", src_path, dest)
