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
        if self.flusher is not None:
            await self.flusher.wait()

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
                if self.flusher is not None:
                    self.flusher.request()
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
                    assert self.flusher is not None
                    self.flusher.request()
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
        if self.flusher is not None:
            self.flusher.request()
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
