"""`Store` on SQLite through aiosqlite, in WAL mode.

Two connections: a writer (every write runs inside ``BEGIN IMMEDIATE … COMMIT`` under an
asyncio lock, so transactions of different tables never interleave on it) and a reader
(``query_only``; in WAL mode it sees only committed data and never waits for the writer).

With ``synchronous=NORMAL`` (the bot's default) action commits take a third path: a plain
connection used directly on the event loop, under the same lock. Such a commit only
writes to the WAL (about 50 µs, less than one hop to another thread), and a helper
process (`ProcessFlusher`) fsyncs the WAL right after it and runs the checkpoints, so
neither waits on the answer's path, nor takes this process's GIL. See docs/storage.md, "Durability".

Opening is careful not to touch a file it should refuse: the file is first probed through
a read-only connection (application id, schema version, quick check); only a Fixer
database at a version we understand is opened for writing. A missing file is created
whole (`migrations.create_database`); an existing empty one is refused.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.storage import schema
from bot.storage.actions import ActionsMixin
from bot.storage.admin import backup_file, check_connection, check_file
from bot.storage.backup import backup_connection
from bot.storage.connection import (
    InstanceLock,
    connect,
    now_ms,
    open_inline,
    open_writer,
)
from bot.storage.errors import (
    DatabaseMissingError,
    DatabaseOpenError,
    MigrationError,
    translate,
)
from bot.storage.exchange import ExchangeMixin
from bot.storage.migrations import (
    create_database,
    init_database,
    migrate_schema,
    pre_migration_backup,
    probe,
)
from bot.storage.prefs import PrefsMixin
from bot.storage.saved import SavedMixin

log = logging.getLogger("bot.storage")


class SqliteStore(ExchangeMixin, ActionsMixin, PrefsMixin, SavedMixin):
    """The SQLite implementation of `Store`. Create one with `await SqliteStore.open(...)`.

    Its parts live in modules of their own: `core` (connections, transactions),
    `campaigns`, `actions` (the log and group commits), `prefs`, `exchange` (export,
    import); `connection`, `migrations` and `admin` (backup, check) hold the functions
    that work on a file.
    """

    # ---- opening ---------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        create: bool = True,
        migrate: bool = True,
        synchronous: str = "FULL",
        busy_timeout: float = 5.0,
        quick_check: bool = True,
        backup_before_migrate: bool = True,
        instance_lock: bool = False,
        clock: Callable[[], int] = now_ms,
        pragmas: Sequence[str] = (),
    ) -> SqliteStore:
        """Open (and, if needed, create and migrate) the database at `path`.

        * `create`: make a new database if the file does not exist at all (built whole in
          a temporary file, then moved into place). An existing file is never made a
          new database: an empty one (zero bytes, or SQLite without tables) is refused
          (`EmptyDatabaseError`); `python -m bot db init` makes one on purpose.
        * `migrate`: bring an older schema up to date (after a backup copy, if
          `backup_before_migrate`); without it an older schema is refused.
        * `synchronous`: FULL (default) answers each commit after its fsync, so it survives
          a power cut; NORMAL answers once the commit is in the WAL (it survives a crash
          or kill -9 of the bot at once) and fsyncs it on a thread of its own right
          after (a power cut can lose the last few milliseconds); OFF is for benchmarks
          only.
        * `instance_lock`: refuse to open if another process holds the instance lock
          (the bot takes it; the admin commands do not).
        * `pragmas`: extra ``PRAGMA`` statements for the writer (tests use
          ``max_page_count`` to simulate a full disk).
        """
        p = Path(path)
        if synchronous.upper() not in ("FULL", "NORMAL", "EXTRA", "OFF"):
            raise ValueError(f"synchronous must be FULL, NORMAL or EXTRA, not {synchronous!r}")
        if not p.parent.is_dir():
            raise DatabaseMissingError(
                f"The directory {p.parent} for the database {p} does not exist. Create it, or "
                "set BOT_DATABASE / --database to a path in an existing directory."
            )
        if p.is_dir():
            raise DatabaseOpenError(f"{p} is a directory, not a database file.")
        if not p.exists() and not create:
            raise DatabaseMissingError(
                f"There is no database at {p}.\n"
                "Check BOT_DATABASE / --database; to create a new, empty one there, run "
                "`python -m bot db init`."
            )

        lock = InstanceLock(p) if instance_lock else None
        if lock is not None:
            lock.acquire()
        try:
            if not p.exists():
                await create_database(p)
            version = await probe(p, quick_check=quick_check, busy_timeout=busy_timeout)
            target = schema.current_version()
            if version < target and not migrate:
                raise MigrationError(
                    f"The database {p} is at schema v{version}; this Fixer needs v{target}. "
                    "Start the bot (or run `python -m bot db migrate`) to upgrade it."
                )
            writer = await open_writer(p, synchronous, busy_timeout, pragmas)
            inline: sqlite3.Connection | None = None
            try:
                store_backup: Path | None = None
                if version < target:
                    if version > 0 and backup_before_migrate:
                        store_backup = await pre_migration_backup(p, writer, version)
                    await migrate_schema(writer, p, version, target)
                if synchronous.upper() == "NORMAL":
                    inline = open_inline(p, pragmas)
                    await writer.execute("PRAGMA wal_autocheckpoint = 0")
                reader = await connect(str(p))
                try:
                    await reader.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
                    await reader.execute("PRAGMA query_only = ON")
                except sqlite3.Error as exc:
                    await reader.close()
                    raise translate(exc, str(p), "opening the reader") from exc
            except BaseException:
                if inline is not None:
                    inline.close()
                await writer.close()
                raise
        except sqlite3.Error as exc:
            if lock is not None:
                lock.release()
            raise translate(exc, str(p), "opening the database") from exc
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        store = cls(
            p, writer, reader, version=target, clock=clock, instance_lock=lock, inline=inline
        )
        if 0 < version < target:
            store.migrated_from = version
            store.pre_migration_backup = store_backup
        log.info("database %s open at schema v%d", p, target)
        return store

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._committer is not None:
            # Requests already queued are written before the connections go.
            await asyncio.gather(self._committer, return_exceptions=True)
        try:
            async with self._wlock:
                self._hold = None
                self.release_flush()  # the flusher's last fsync covers it
                self._shut = True
                if self.flusher is not None:
                    await asyncio.to_thread(self.flusher.stop)
                if self._inline is not None:
                    self._inline.close()
                await self._r.close()
                # A clean close checkpoints the WAL into the main file.
                await self._w.close()
        finally:
            if self._instance_lock is not None:
                self._instance_lock.release()

    async def __aenter__(self) -> SqliteStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


__all__ = [
    "SqliteStore",
    "backup_connection",
    "backup_file",
    "check_connection",
    "check_file",
    "init_database",
]
