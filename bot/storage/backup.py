"""A consistent copy of a database while it is in use (SQLite's online backup API)."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.storage.connection import connect, scalar, translating
from bot.storage.errors import (
    CorruptDatabaseError,
    DatabaseMissingError,
    StorageError,
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
    """
    dest = Path(dest)
    if dest.exists() and dest.resolve() == src_path.resolve():
        raise StorageError(f"Refusing to back up {src_path} onto itself.")
    if dest.exists() and not overwrite:
        raise StorageError(f"{dest} already exists; choose another path or pass --force.")
    if not dest.parent.is_dir():
        raise DatabaseMissingError(f"The directory {dest.parent} does not exist.")
    tmp = dest.with_name(f".{dest.name}.tmp-{os.getpid()}")
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{tmp}{suffix}")
    try:
        target = await connect(str(tmp))
        try:
            with translating(tmp, "writing the backup"):
                await src.backup(target)
                # A backup is a single self-contained file: no WAL beside it.
                await target.execute("PRAGMA journal_mode = DELETE")
                result = await scalar(target, "PRAGMA quick_check")
                if result != "ok":
                    raise CorruptDatabaseError(f"The backup {tmp} failed its check: {result}")
        finally:
            await target.close()
        fd = os.open(tmp, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, dest)
        dfd = os.open(dest.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except sqlite3.Error as exc:
        raise translate(exc, str(dest), "writing the backup") from exc
    except OSError as exc:
        raise StorageError(f"Could not write the backup {dest}: {exc}") from exc
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"{tmp}{suffix}")
    log.info("backed up %s to %s", src_path, dest)
