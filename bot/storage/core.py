"""The shared core of `SqliteStore`: its connections and the read/write helpers its
parts (campaigns, actions, preferences, exchange) are built on.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.base import Store
from bot.storage.commits import HAS_THREAD_CALL, CommitRequest
from bot.storage.connection import InstanceLock
from bot.storage.errors import (
    CampaignExistsError,
    ChannelTakenError,
    DuplicateInteractionError,
    StorageError,
    translate,
)
from bot.storage.flush import WalFlusher
from bot.storage.flushproc import ProcessFlusher

T = TypeVar("T")

#: The longest a commit's fsync request is held back while an answer is being sent
#: (`SqliteBase.hold_flush_while`): a power cut's window grows by at most this.
FLUSH_HOLD = 0.010


class SqliteBase(Store):
    """What every part of the SQLite store shares: its connections, its write lock and
    the helpers that run a read or a write transaction on them."""

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        *,
        version: int,
        clock: Callable[[], int],
        instance_lock: InstanceLock | None,
        inline: sqlite3.Connection | None = None,
    ) -> None:
        self.path = path
        self._w = writer
        # NORMAL: commits written on the event loop, fsync'd by the flusher (a helper
        # process: see bot/storage/flushproc.py).
        self._inline = inline
        self.flusher: ProcessFlusher | WalFlusher | None = None
        if inline is not None:
            # FIXER_WAL_FLUSHER=thread: the in-process thread (to compare, or where
            # starting a process is not allowed).
            if os.environ.get("FIXER_WAL_FLUSHER", "process") == "thread":
                self.flusher = WalFlusher(path)
            else:
                self.flusher = ProcessFlusher(path)
            self.flusher.start()
        #: While this says an answer is being sent, fsync requests wait for it
        #: (`hold_flush_while`); `_held` is the timer that releases them at the latest.
        self._hold: Callable[[], bool] | None = None
        self._held: asyncio.TimerHandle | None = None
        self._r = reader
        self._version = version
        self._clock = clock
        self._wlock = asyncio.Lock()
        self._instance_lock = instance_lock
        self._closed = False  # no new work accepted
        self._shut = False  # the connections are closed
        self._pending: list[CommitRequest] = []
        self._committer: asyncio.Task[None] | None = None
        #: The most action commits written in one transaction (group commit).
        self.max_batch = 256
        #: Write each group commit in one call on the writer's thread (see
        #: HAS_THREAD_CALL); False uses aiosqlite's public API only.
        self.single_round_trip = HAS_THREAD_CALL
        self.batches = 0  # transactions written by the committer
        self.batched = 0  # actions in them
        self.migrated_from: int | None = None
        self.pre_migration_backup: Path | None = None

    @property
    def schema_version(self) -> int:
        return self._version

    @property
    def commits_wait_for_disk(self) -> bool:
        """True if an action commit returns only after its fsync (FULL): the caller's
        event loop is idle meanwhile."""
        return self._inline is None

    async def flushed(self) -> None:
        """Until everything committed so far is fsync'd (at once with FULL)."""
        self.release_flush()
        if self.flusher is not None:
            await self.flusher.wait()

    def hold_flush_while(self, busy: Callable[[], bool] | None) -> None:
        """While `busy()` says an answer is being sent, a commit's fsync request waits
        until `release_flush()` (the answer is out) or FLUSH_HOLD, whichever comes
        first. Waking the flusher (a process switch, on a busy core in the middle of
        the answer, and its cache traffic) then happens after the answer rather than in
        it: the answer's CPU fell by about 0.1 ms and its median wall time by 0.2-0.3 ms
        (docs/benchmarks.md, fifth pass). The commit itself is unchanged: written to
        the WAL before the answer, so a crash of the bot loses nothing; only its fsync
        (a power cut's window) is later, by at most FLUSH_HOLD. None: never held."""
        self._hold = busy
        if busy is None:
            self.release_flush()

    def release_flush(self) -> None:
        """Send the fsync request held back for an answer (if any) now."""
        held, self._held = self._held, None
        if held is not None:
            held.cancel()
            if self.flusher is not None:
                self.flusher.request()

    def _flush_soon(self) -> None:
        """After a commit on the inline connection or the writer: ask for its fsync
        (now, or once the answer being sent is out: `hold_flush_while`)."""
        if self.flusher is None:
            return
        if self._hold is not None and self._held is None and self._hold():
            self._held = asyncio.get_running_loop().call_later(FLUSH_HOLD, self.release_flush)
            return
        if self._held is None:
            self.flusher.request()

    # ---- helpers ---------------------------------------------------------------------

    @contextlib.contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise translate(exc, str(self.path), doing) from exc

    @contextlib.asynccontextmanager
    async def _write(self, doing: str) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: BEGIN IMMEDIATE … COMMIT, rolled back on any error."""
        if self._shut:
            raise StorageError(f"The database {self.path} is closed.")
        async with self._wlock:
            try:
                await self._w.execute("BEGIN IMMEDIATE")
                yield self._w
                await self._w.execute("COMMIT")
                self._flush_soon()
            except BaseException as exc:
                await self._rollback()
                # Integrity errors are the caller's to interpret (duplicate id, channel…).
                if isinstance(exc, sqlite3.Error) and not isinstance(exc, sqlite3.IntegrityError):
                    raise translate(exc, str(self.path), doing) from exc
                raise

    async def _short_write(self, fn: Callable[[sqlite3.Connection], T], doing: str) -> T:
        """A short write transaction `fn(conn)` that opens and commits itself
        (`connection.transaction`): preferences, saved items.

        With NORMAL it is written here, on the event loop, like an action commit, and
        fsync'd by the flusher: on the writer's thread it would hold the write lock for
        a hop there and back (under load, 10-20 ms), and an action arriving meanwhile
        would wait for it. With FULL, or when another process holds the database's
        write lock (the inline connection never waits for it), it runs in one call on
        the writer's thread. `sqlite3.IntegrityError` is the caller's to interpret;
        other SQLite errors become `StorageError`s."""
        if self._shut:
            raise StorageError(f"The database {self.path} is closed.")
        if self._inline is not None:
            async with self._wlock:
                if self._shut:
                    raise StorageError(f"The database {self.path} is closed.")
                try:
                    result = fn(self._inline)
                except sqlite3.IntegrityError:
                    raise
                except sqlite3.OperationalError as exc:
                    if getattr(exc, "sqlite_errorcode", None) not in (
                        sqlite3.SQLITE_BUSY,
                        sqlite3.SQLITE_LOCKED,
                    ):
                        raise translate(exc, str(self.path), doing) from exc
                except sqlite3.Error as exc:
                    raise translate(exc, str(self.path), doing) from exc
                else:
                    self._flush_soon()
                    return result
        async with self._wlock:
            if self._shut:
                raise StorageError(f"The database {self.path} is closed.")
            try:
                done: T = await self._w._execute(  # type: ignore[no-untyped-call]
                    fn, self._w._conn
                )
            except sqlite3.IntegrityError:
                raise
            except sqlite3.Error as exc:
                raise translate(exc, str(self.path), doing) from exc
        self._flush_soon()
        return done

    async def _rollback(self) -> None:
        # SQLite may already have rolled back (SQLITE_FULL, I/O errors): then there is
        # nothing to do; a failing ROLLBACK must not hide the original error.
        with contextlib.suppress(sqlite3.Error, ValueError):
            if self._w.in_transaction:
                await self._w.execute("ROLLBACK")

    async def _read_all(self, sql: str, params: Sequence[Any], doing: str) -> list[Any]:
        if self._closed:
            raise StorageError(f"The database {self.path} is closed.")
        with self._errors(doing):
            return list(await self._r.execute_fetchall(sql, params))

    async def _read_one(self, sql: str, params: Sequence[Any], doing: str) -> Any:
        rows = await self._read_all(sql, params, doing)
        return rows[0] if rows else None

    def _integrity(
        self, exc: sqlite3.IntegrityError, cid: str, channel: str | None
    ) -> StorageError:
        text = str(exc)
        if "campaigns.channel_id" in text:
            # The unique index is per (channel, game) since schema v5.
            return ChannelTakenError(
                f"The channel {channel or 'of campaign ' + cid} already has an active "
                "campaign of the same game."
            )
        if "campaigns.id" in text or "genesis.campaign_id" in text:
            return CampaignExistsError(f"A campaign with id {cid} already exists.")
        if "interaction_id" in text:
            return DuplicateInteractionError(
                f"Campaign {cid}: this interaction is already in the log."
            )
        return StorageError(f"Campaign {cid}: constraint failed ({text}).")
