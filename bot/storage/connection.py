"""Connections to the database file: how each kind is opened and set up (pragmas),
the instance lock, and small helpers every part of the SQLite store uses.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import logging
import os
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.errors import DatabaseLockedError, translate

log = logging.getLogger("bot.storage")


def _no_sql_parameters(record: logging.LogRecord) -> bool:
    """aiosqlite logs every statement *with its parameters* at DEBUG: those are states
    and actions, i.e. players' hands. Hidden information never goes to a log, whatever
    the log level, so those records are dropped."""
    return record.levelno > logging.DEBUG


logging.getLogger("aiosqlite").addFilter(_no_sql_parameters)


def now_ms() -> int:
    return int(time.time() * 1000)


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def ro_uri(path: Path) -> str:
    return path.absolute().as_uri() + "?mode=ro"


async def connect(target: str, *, uri: bool = False) -> aiosqlite.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves.
    return await aiosqlite.connect(target, uri=uri, isolation_level=None)


async def scalar(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    async with db.execute(sql, params) as cur:
        row = await cur.fetchone()
    return None if row is None else row[0]


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[None]:
    """BEGIN IMMEDIATE … COMMIT on a plain connection; rolled back on any error."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        # SQLite may have rolled back already (SQLITE_FULL, I/O errors).
        with contextlib.suppress(sqlite3.Error):
            if conn.in_transaction:
                conn.execute("ROLLBACK")
        raise


class InstanceLock:
    """An advisory lock on ``<database>.lock``: one bot process per database file.

    The kernel releases it when the process dies (kill -9 included), so a crash never
    leaves a stale lock behind.
    """

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(path.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> None:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                raise DatabaseLockedError(
                    f"Another Fixer process is already using {self.path.with_suffix('')} "
                    f"(it holds {self.path}). Stop it first: two bots on one database "
                    "would answer the same buttons twice."
                ) from exc
            raise
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


async def open_query_only(path: Path, busy_timeout: float = 5.0) -> aiosqlite.Connection:
    """A connection that cannot write (``query_only``) to an existing file.

    Read-write underneath, so that closing it, as the last connection, tidies the WAL
    and shared-memory files away (a checkpoint of an empty WAL writes nothing); a
    read-only file or directory falls back to a ``mode=ro`` connection.
    """
    try:
        try:
            db = await aiosqlite.connect(
                path.absolute().as_uri() + "?mode=rw", uri=True, isolation_level=None
            )
        except sqlite3.OperationalError:
            db = await connect(ro_uri(path), uri=True)
    except sqlite3.Error as exc:
        raise translate(exc, str(path), "opening the database") from exc
    try:
        await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        await db.execute("PRAGMA query_only = ON")
    except sqlite3.Error as exc:
        await db.close()
        raise translate(exc, str(path), "opening the database") from exc
    return db


@contextlib.contextmanager
def translating(path: Path, doing: str) -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as exc:
        raise translate(exc, str(path), doing) from exc


async def open_writer(
    path: Path, synchronous: str, busy_timeout: float, pragmas: Sequence[str]
) -> aiosqlite.Connection:
    try:
        db = await connect(str(path))
    except sqlite3.Error as exc:
        raise translate(exc, str(path), "opening the database for writing") from exc
    try:
        with translating(path, "setting up the connection"):
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            mode = await scalar(db, "PRAGMA journal_mode = WAL")
            if str(mode).lower() != "wal":
                log.warning("%s: WAL mode is not available (journal_mode=%s)", path, mode)
            await db.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            await db.execute("PRAGMA foreign_keys = ON")
            for pragma in pragmas:
                await db.execute(pragma)
    except BaseException:
        await db.close()
        raise
    return db


def open_inline(path: Path, pragmas: Sequence[str]) -> sqlite3.Connection:
    """The connection NORMAL commits are written on, from the event loop: no busy wait
    (a lock held elsewhere sends the commit to the writer's thread instead) and no
    automatic checkpoint (the flusher's job)."""
    with translating(path, "opening the database for writing"):
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA busy_timeout = 0")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA wal_autocheckpoint = 0")
            for pragma in pragmas:
                conn.execute(pragma)
        except BaseException:
            conn.close()
            raise
    return conn


SIDECARS = ("", "-wal", "-shm", "-journal")


def remove_with_sidecars(path: Path) -> None:
    """Delete a (temporary) database file and whatever SQLite left beside it."""
    for suffix in SIDECARS:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(f"{path}{suffix}")


def fsync_path(path: Path) -> None:
    """fsync a file or a directory (a rename is durable once its directory is)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
