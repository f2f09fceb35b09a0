"""`Store` on SQLite through aiosqlite, in WAL mode.

Two connections: a writer (every write runs inside ``BEGIN IMMEDIATE … COMMIT`` under an
asyncio lock, so transactions of different tables never interleave on it) and a reader
(``query_only``; in WAL mode it sees only committed data and never waits for the writer).

With ``synchronous=NORMAL`` (the bot's default) action commits take a third path: a plain
connection used directly on the event loop, under the same lock. Such a commit only
writes to the WAL (about 50 µs, less than one hop to another thread), and the
`WalFlusher` thread fsyncs the WAL right after it and runs the checkpoints, so neither
waits on the answer's path. See docs/storage.md, "Durability".

Opening is careful not to touch a file it should refuse: the file is first probed through
a read-only connection (application id, schema version, quick check); only a Fixer
database at a version we understand, or an empty file, is opened for writing.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import json
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import schema
from bot.storage.base import (
    CAMPAIGN_STATUSES,
    CampaignInfo,
    CampaignStatus,
    CheckReport,
    LogEntry,
    NewAction,
    NewCampaign,
    Pref,
    RunInfo,
    RunRecord,
    Store,
    StoredCampaign,
)
from bot.storage.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    ChannelTakenError,
    CorruptDatabaseError,
    DatabaseLockedError,
    DatabaseMissingError,
    DatabaseOpenError,
    DiskFullError,
    DiskIOError,
    DuplicateInteractionError,
    ForeignDatabaseError,
    InvalidExportError,
    MigrationError,
    ReadOnlyDatabaseError,
    SchemaTooNewError,
    StorageError,
    VersionConflictError,
    translate,
)
from bot.storage.flush import WalFlusher
from bot.storage.transfer import (
    CampaignExport,
    ExportedAction,
    ExportedCampaign,
    ExportedRun,
)

log = logging.getLogger("bot.storage")


def _no_sql_parameters(record: logging.LogRecord) -> bool:
    """aiosqlite logs every statement *with its parameters* at DEBUG: those are states
    and actions, i.e. players' hands. Hidden information never goes to a log, whatever
    the log level, so those records are dropped."""
    return record.levelno > logging.DEBUG


logging.getLogger("aiosqlite").addFilter(_no_sql_parameters)

_INFO_COLUMNS = (
    "id, game, name, owner, guild_id, channel_id, status, version, created_at, updated_at"
)
_LOG_COLUMNS = (
    "campaign_id, seq, version_before, player, kind, action, events, interaction_id, created_at"
)


_UPDATE_STATE = (
    "UPDATE campaigns SET state = ?, version = ?, updated_at = ?,"
    " status = coalesce(?, status) WHERE id = ? AND version = ?"
)
_INSERT_ACTION = (
    "INSERT INTO actions (campaign_id, seq, version_before, player, kind,"
    " interaction_id, created_at, action, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_UPSERT_RUN = (
    "INSERT INTO runs (campaign_id, number, scenario, status,"
    " started_version, ended_version, started_at, ended_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (campaign_id, number) DO UPDATE SET"
    " scenario = excluded.scenario, status = excluded.status,"
    " ended_version = coalesce(runs.ended_version, excluded.ended_version),"
    " ended_at = coalesce(runs.ended_at, excluded.ended_at)"
)

# aiosqlite has no public way to run a function on its connection's thread. Its internal
# `Connection._execute(fn, *args)` (the entry point of every public method for years)
# lets a whole group commit be one round trip to that thread instead of five: under
# load, each round trip costs two thread wake-ups. If a future aiosqlite drops it, the
# store falls back to the public statement-by-statement path (tested both ways).
_HAS_THREAD_CALL = callable(getattr(aiosqlite.Connection, "_execute", None))


def _now_ms() -> int:
    return int(time.time() * 1000)


def _info(row: Sequence[Any]) -> CampaignInfo:
    return CampaignInfo(
        id=row[0],
        game=row[1],
        name=row[2],
        owner=row[3],
        guild_id=row[4],
        channel_id=row[5],
        status=row[6],
        version=row[7],
        created_at=row[8],
        updated_at=row[9],
    )


def _entry(row: Sequence[Any]) -> LogEntry:
    return LogEntry(
        campaign_id=row[0],
        seq=row[1],
        version_before=row[2],
        player=row[3],
        kind=row[4],
        action=row[5],
        events=row[6],
        interaction_id=row[7],
        created_at=row[8],
    )


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _ro_uri(path: Path) -> str:
    return path.absolute().as_uri() + "?mode=ro"


async def _connect(target: str, *, uri: bool = False) -> aiosqlite.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves.
    return await aiosqlite.connect(target, uri=uri, isolation_level=None)


async def _scalar(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    async with db.execute(sql, params) as cur:
        row = await cur.fetchone()
    return None if row is None else row[0]


@dataclass(slots=True)
class _Commit:
    campaign_id: str
    version_before: int
    version_after: int
    state: str
    action: NewAction
    status: CampaignStatus | None
    run: RunInfo | None
    future: asyncio.Future[LogEntry]


def _settle(
    future: asyncio.Future[LogEntry],
    *,
    result: LogEntry | None = None,
    exc: BaseException | None = None,
) -> None:
    if future.done():
        return
    if isinstance(exc, asyncio.CancelledError):
        future.cancel()
    elif exc is not None:
        future.set_exception(exc)
    else:
        assert result is not None
        future.set_result(result)


def _log_entry(r: _Commit, seq: int, now: int) -> LogEntry:
    a = r.action
    return LogEntry(
        campaign_id=r.campaign_id,
        seq=seq,
        version_before=r.version_before,
        player=a.player,
        kind=a.kind,
        action=a.action,
        events=a.events,
        interaction_id=a.interaction_id,
        created_at=now,
    )


def _update_params(r: _Commit, now: int) -> tuple[Any, ...]:
    return (r.state, r.version_after, now, r.status, r.campaign_id, r.version_before)


def _insert_params(e: LogEntry) -> tuple[Any, ...]:
    return (
        e.campaign_id,
        e.seq,
        e.version_before,
        e.player,
        e.kind,
        e.interaction_id,
        e.created_at,
        e.action,
        e.events,
    )


def _run_params(r: _Commit, now: int) -> tuple[Any, ...]:
    run = r.run
    assert run is not None
    ended = run.status != "active"
    return (
        r.campaign_id,
        run.number,
        run.scenario,
        run.status,
        None if ended else r.version_after,
        r.version_after if ended else None,
        None if ended else now,
        now if ended else None,
    )


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
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


def _write_batch(conn: sqlite3.Connection, batch: list[_Commit], now: int) -> list[LogEntry]:
    """One group commit, run on the writer connection's own thread (or, with NORMAL, on
    the event loop)."""
    entries = []
    with _transaction(conn):
        for r in batch:
            if conn.execute(_UPDATE_STATE, _update_params(r, now)).rowcount != 1:
                row = conn.execute(
                    "SELECT version FROM campaigns WHERE id = ?", (r.campaign_id,)
                ).fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {r.campaign_id}.")
                raise VersionConflictError(
                    f"Campaign {r.campaign_id} is at v{row[0]} in the database, not "
                    f"v{r.version_before}: another writer changed it."
                )
            (top,) = conn.execute(
                "SELECT coalesce(max(seq), 0) FROM actions WHERE campaign_id = ?",
                (r.campaign_id,),
            ).fetchone()
            entry = _log_entry(r, int(top) + 1, now)
            conn.execute(_INSERT_ACTION, _insert_params(entry))
            if r.run is not None:
                conn.execute(_UPSERT_RUN, _run_params(r, now))
            entries.append(entry)
    return entries


class _InstanceLock:
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


class SqliteStore(Store):
    """The SQLite implementation of `Store`. Create one with `await SqliteStore.open(...)`."""

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        *,
        version: int,
        clock: Callable[[], int],
        instance_lock: _InstanceLock | None,
        inline: sqlite3.Connection | None = None,
    ) -> None:
        self.path = path
        self._w = writer
        # NORMAL: commits written on the event loop, fsync'd by the flusher.
        self._inline = inline
        self.flusher: WalFlusher | None = None
        if inline is not None:
            self.flusher = WalFlusher(path)
            self.flusher.start()
        self._r = reader
        self._version = version
        self._clock = clock
        self._wlock = asyncio.Lock()
        self._instance_lock = instance_lock
        self._closed = False  # no new work accepted
        self._shut = False  # the connections are closed
        self._pending: list[_Commit] = []
        self._committer: asyncio.Task[None] | None = None
        #: The most action commits written in one transaction (group commit).
        self.max_batch = 256
        #: Write each group commit in one call on the writer's thread (see
        #: _HAS_THREAD_CALL); False uses aiosqlite's public API only.
        self.single_round_trip = _HAS_THREAD_CALL
        self.batches = 0  # transactions written by the committer
        self.batched = 0  # actions in them
        self.migrated_from: int | None = None
        self.pre_migration_backup: Path | None = None

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
        clock: Callable[[], int] = _now_ms,
        pragmas: Sequence[str] = (),
    ) -> SqliteStore:
        """Open (and, if needed, create and migrate) the database at `path`.

        * `create`: make a new database if the file does not exist.
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
        exists = p.exists() and p.stat().st_size > 0
        if not p.exists() and not create:
            raise DatabaseMissingError(f"There is no database at {p}.")

        lock = _InstanceLock(p) if instance_lock else None
        if lock is not None:
            lock.acquire()
        try:
            version = 0
            if exists:
                version = await _probe(p, quick_check=quick_check, busy_timeout=busy_timeout)
            target = schema.current_version()
            if version < target and not migrate and exists:
                raise MigrationError(
                    f"The database {p} is at schema v{version}; this Fixer needs v{target}. "
                    "Start the bot (or run `python -m bot db migrate`) to upgrade it."
                )
            writer = await _open_writer(p, synchronous, busy_timeout, pragmas)
            inline: sqlite3.Connection | None = None
            try:
                store_backup: Path | None = None
                if version < target:
                    if version > 0 and backup_before_migrate:
                        store_backup = await _pre_migration_backup(p, writer, version)
                    await _migrate(writer, p, version, target)
                if synchronous.upper() == "NORMAL":
                    inline = _open_inline(p, pragmas)
                    await writer.execute("PRAGMA wal_autocheckpoint = 0")
                reader = await _connect(str(p))
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

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._committer is not None:
            # Requests already queued are written before the connections go.
            await asyncio.gather(self._committer, return_exceptions=True)
        try:
            async with self._wlock:
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

    # ---- campaigns -------------------------------------------------------------------

    async def create_campaign(
        self, campaign: NewCampaign, *, version: int, state: str
    ) -> CampaignInfo:
        now = self._clock()
        try:
            async with self._write(f"creating campaign {campaign.id}") as w:
                await w.execute(
                    "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
                    " version, created_at, updated_at, state)"
                    " VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)",
                    (
                        campaign.id,
                        campaign.game,
                        campaign.name,
                        campaign.owner,
                        campaign.guild_id,
                        campaign.channel_id,
                        version,
                        now,
                        now,
                        state,
                    ),
                )
                await w.execute(
                    "INSERT INTO genesis (campaign_id, version, state) VALUES (?, ?, ?)",
                    (campaign.id, version, state),
                )
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, campaign.id, campaign.channel_id) from exc
        log.info("created campaign %s (game %s) at v%d", campaign.id, campaign.game, version)
        return CampaignInfo(
            id=campaign.id,
            game=campaign.game,
            name=campaign.name,
            owner=campaign.owner,
            guild_id=campaign.guild_id,
            channel_id=campaign.channel_id,
            status="active",
            version=version,
            created_at=now,
            updated_at=now,
        )

    def _integrity(
        self, exc: sqlite3.IntegrityError, cid: str, channel: str | None
    ) -> StorageError:
        text = str(exc)
        if "campaigns.channel_id" in text:
            return ChannelTakenError(
                f"The channel {channel} already has an active campaign.",
                player_message="This channel already has an active campaign.",
            )
        if "campaigns.id" in text or "genesis.campaign_id" in text:
            return CampaignExistsError(f"A campaign with id {cid} already exists.")
        if "interaction_id" in text:
            return DuplicateInteractionError(
                f"Campaign {cid}: this interaction is already in the log."
            )
        return StorageError(f"Campaign {cid}: constraint failed ({text}).")

    async def load(self, campaign_id: str) -> StoredCampaign | None:
        row = await self._read_one(
            f"SELECT {_INFO_COLUMNS}, state FROM campaigns WHERE id = ?",
            (campaign_id,),
            f"loading campaign {campaign_id}",
        )
        if row is None:
            return None
        return StoredCampaign(info=_info(row), state=row[10])

    async def get_info(self, campaign_id: str) -> CampaignInfo | None:
        row = await self._read_one(
            f"SELECT {_INFO_COLUMNS} FROM campaigns WHERE id = ?",
            (campaign_id,),
            f"reading campaign {campaign_id}",
        )
        return None if row is None else _info(row)

    async def find_active_by_channel(self, channel_id: str) -> CampaignInfo | None:
        row = await self._read_one(
            f"SELECT {_INFO_COLUMNS} FROM campaigns WHERE channel_id = ? AND status = 'active'",
            (channel_id,),
            f"looking up the campaign of channel {channel_id}",
        )
        return None if row is None else _info(row)

    async def list_campaigns(
        self, status: CampaignStatus | None = "active", *, limit: int | None = None
    ) -> list[CampaignInfo]:
        sql = f"SELECT {_INFO_COLUMNS} FROM campaigns"
        params: list[Any] = []
        if status is not None:
            sql += " WHERE status = ?"
            params.append(status)
        sql += " ORDER BY updated_at DESC, id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self._read_all(sql, params, "listing campaigns")
        return [_info(r) for r in rows]

    async def set_status(self, campaign_id: str, status: CampaignStatus) -> CampaignInfo:
        if status not in CAMPAIGN_STATUSES:
            raise ValueError(f"unknown status {status!r}")
        try:
            async with self._write(f"changing the status of campaign {campaign_id}") as w:
                async with w.execute(
                    f"UPDATE campaigns SET status = ?, updated_at = ? WHERE id = ?"
                    f" RETURNING {_INFO_COLUMNS}",
                    (status, self._clock(), campaign_id),
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, campaign_id, None) from exc
        log.info("campaign %s is now %s", campaign_id, status)
        return _info(row)

    async def rebind(
        self, campaign_id: str, *, guild_id: str | None, channel_id: str | None
    ) -> CampaignInfo:
        try:
            async with self._write(f"moving campaign {campaign_id}") as w:
                async with w.execute(
                    f"UPDATE campaigns SET guild_id = ?, channel_id = ?, updated_at = ?"
                    f" WHERE id = ? RETURNING {_INFO_COLUMNS}",
                    (guild_id, channel_id, self._clock(), campaign_id),
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, campaign_id, channel_id) from exc
        return _info(row)

    # ---- actions ---------------------------------------------------------------------

    async def commit_action(
        self,
        campaign_id: str,
        *,
        version_before: int,
        version_after: int,
        state: str,
        action: NewAction,
        status: CampaignStatus | None = None,
        run: RunInfo | None = None,
    ) -> LogEntry:
        """Group commit: the request joins a queue; one committer writes every request
        waiting at that moment in a single transaction (one fsync for all of them) and
        answers each only after COMMIT. If anything in a batch fails, the batch is rolled
        back and its requests are committed one by one, so each gets its own outcome.

        Once a request is in a batch it is written even if its caller is cancelled (the
        service shields its callers from that anyway)."""
        if self._closed:
            raise StorageError(f"The database {self.path} is closed.")
        loop = asyncio.get_running_loop()
        request = _Commit(
            campaign_id=campaign_id,
            version_before=version_before,
            version_after=version_after,
            state=state,
            action=action,
            status=status,
            run=run,
            future=loop.create_future(),
        )
        if self._inline is not None:
            return await self._commit_inline(request)
        self._pending.append(request)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        return await request.future

    async def _commit_inline(self, r: _Commit) -> LogEntry:
        """NORMAL: write the commit here, on the event loop (no fsync waits on it), and
        hand the fsync to the flusher."""
        assert self._inline is not None and self.flusher is not None
        async with self._wlock:
            if self._shut:
                raise StorageError(f"The database {self.path} is closed.")
            try:
                (entry,) = _write_batch(self._inline, [r], self._clock())
            except sqlite3.IntegrityError as exc:
                raise self._integrity(exc, r.campaign_id, None) from exc
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", None) not in (
                    sqlite3.SQLITE_BUSY,
                    sqlite3.SQLITE_LOCKED,
                ):
                    raise translate(
                        exc, str(self.path), f"saving an action on campaign {r.campaign_id}"
                    ) from exc
                busy = True
            except sqlite3.Error as exc:
                raise translate(
                    exc, str(self.path), f"saving an action on campaign {r.campaign_id}"
                ) from exc
            else:
                busy = False
                self.flusher.request()
                self.batches += 1
                self.batched += 1
        if busy:
            # Another process (an admin command) holds the write lock: wait for it with
            # the busy timeout on the writer's thread, never on the event loop.
            (entry,) = await self._commit_batch([r])
            self.flusher.request()
        return entry

    async def _commit_pending(self) -> None:
        while self._pending:
            batch = [r for r in self._pending[: self.max_batch] if not r.future.cancelled()]
            del self._pending[: self.max_batch]
            if not batch:
                continue
            self.batches += 1
            self.batched += len(batch)
            try:
                entries = await self._commit_batch(batch)
            except BaseException as exc:
                if len(batch) == 1 or not isinstance(exc, Exception):
                    for r in batch:
                        _settle(r.future, exc=exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                # Someone's request is bad (or the disk hiccuped): one by one.
                for r in batch:
                    try:
                        (entry,) = await self._commit_batch([r])
                    except Exception as single:
                        _settle(r.future, exc=single)
                    else:
                        _settle(r.future, result=entry)
                continue
            for r, entry in zip(batch, entries, strict=True):
                _settle(r.future, result=entry)

    async def _commit_batch(self, batch: list[_Commit]) -> list[LogEntry]:
        now = self._clock()
        first = batch[0].campaign_id
        what = (
            f"saving an action on campaign {first}"
            if len(batch) == 1
            else (f"saving {len(batch)} actions")
        )
        if not self.single_round_trip:
            return await self._commit_batch_statements(batch, now, what)
        if self._shut:
            raise StorageError(f"The database {self.path} is closed.")
        async with self._wlock:
            try:
                conn = self._w._conn
                entries: list[LogEntry] = await self._w._execute(  # type: ignore[no-untyped-call]
                    _write_batch, conn, batch, now
                )
            except sqlite3.IntegrityError as exc:
                raise self._integrity(exc, first, None) from exc
            except sqlite3.Error as exc:
                raise translate(exc, str(self.path), what) from exc
        return entries

    async def _commit_batch_statements(
        self, batch: list[_Commit], now: int, what: str
    ) -> list[LogEntry]:
        """The same transaction through aiosqlite's public API: a fixed number of
        statements per batch, whatever its size."""
        first = batch[0].campaign_id
        ids = sorted({r.campaign_id for r in batch})
        entries: list[LogEntry] = []
        try:
            async with self._write(what) as w:
                top = {
                    str(cid): int(seq)
                    for cid, seq in await w.execute_fetchall(
                        "SELECT campaign_id, max(seq) FROM actions WHERE campaign_id IN"
                        f" ({','.join('?' * len(ids))}) GROUP BY campaign_id",
                        ids,
                    )
                }
                for r in batch:
                    seq = top.get(r.campaign_id, 0) + 1
                    top[r.campaign_id] = seq
                    entries.append(_log_entry(r, seq, now))
                cur = await w.executemany(_UPDATE_STATE, [_update_params(r, now) for r in batch])
                if cur.rowcount != len(batch):
                    raise await self._why_not_updated(w, batch[0])
                await w.executemany(_INSERT_ACTION, [_insert_params(e) for e in entries])
                runs = [_run_params(r, now) for r in batch if r.run is not None]
                if runs:
                    await w.executemany(_UPSERT_RUN, runs)
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, first, None) from exc
        return entries

    async def _why_not_updated(self, w: aiosqlite.Connection, r: _Commit) -> StorageError:
        """The state row did not move: which error to report (exact for a batch of one;
        a bigger batch is retried request by request anyway)."""
        stored = await _scalar(w, "SELECT version FROM campaigns WHERE id = ?", (r.campaign_id,))
        if stored is None:
            return CampaignNotFoundError(f"There is no campaign {r.campaign_id}.")
        return VersionConflictError(
            f"Campaign {r.campaign_id} is at v{stored} in the database, not "
            f"v{r.version_before}: another writer changed it."
        )

    async def find_interaction(self, campaign_id: str, interaction_id: str) -> LogEntry | None:
        row = await self._read_one(
            f"SELECT {_LOG_COLUMNS} FROM actions WHERE campaign_id = ? AND interaction_id = ?",
            (campaign_id, interaction_id),
            f"looking up an interaction on campaign {campaign_id}",
        )
        return None if row is None else _entry(row)

    async def read_log(
        self, campaign_id: str, *, after_seq: int = 0, limit: int | None = None
    ) -> list[LogEntry]:
        sql = f"SELECT {_LOG_COLUMNS} FROM actions WHERE campaign_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [campaign_id, after_seq]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self._read_all(sql, params, f"reading the log of campaign {campaign_id}")
        return [_entry(r) for r in rows]

    async def genesis(self, campaign_id: str) -> tuple[int, str]:
        row = await self._read_one(
            "SELECT version, state FROM genesis WHERE campaign_id = ?",
            (campaign_id,),
            f"reading the genesis of campaign {campaign_id}",
        )
        if row is None:
            raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        return int(row[0]), str(row[1])

    async def list_runs(self, campaign_id: str) -> list[RunRecord]:
        rows = await self._read_all(
            "SELECT number, scenario, status, started_version, ended_version, started_at,"
            " ended_at FROM runs WHERE campaign_id = ? ORDER BY number",
            (campaign_id,),
            f"reading the runs of campaign {campaign_id}",
        )
        return [RunRecord(*r) for r in rows]

    # ---- preferences (Discord-side, not game state; schema v4) ------------------------

    async def load_prefs(self) -> list[Pref]:
        rows = await self._read_all(
            "SELECT campaign_id, key, value FROM campaign_prefs"
            " UNION ALL SELECT NULL, key, value FROM prefs",
            (),
            "reading the preferences",
        )
        return [Pref(campaign_id=r[0], key=str(r[1]), value=str(r[2])) for r in rows]

    async def save_prefs(self, changes: Sequence[Pref]) -> int:
        """One transaction on the writer (never the action-commit path). Upserts and
        deletes; a preference of a campaign that does not exist is skipped (counted)."""
        last: dict[tuple[str | None, str], str | None] = {}
        for p in changes:
            last[(p.campaign_id, p.key)] = p.value
        if not last:
            return 0
        now = self._clock()
        set_campaign = [
            (c, k, v, now, c) for (c, k), v in last.items() if c is not None and v is not None
        ]
        del_campaign = [(c, k) for (c, k), v in last.items() if c is not None and v is None]
        set_global = [(k, v, now) for (c, k), v in last.items() if c is None and v is not None]
        del_global = [(k,) for (c, k), v in last.items() if c is None and v is None]
        lists = (del_campaign, del_global, set_campaign, set_global)
        doing = "saving the preferences"
        try:
            if self._inline is not None:
                # Like an action commit: written here, fsync'd by the flusher. On the
                # writer's thread it would hold the write lock for several thread hops,
                # and an action arriving meanwhile would wait for them.
                async with self._wlock:
                    if self._shut:
                        raise StorageError(f"The database {self.path} is closed.")
                    try:
                        skipped = _save_prefs(self._inline, *lists)
                    except sqlite3.OperationalError as exc:
                        if getattr(exc, "sqlite_errorcode", None) not in (
                            sqlite3.SQLITE_BUSY,
                            sqlite3.SQLITE_LOCKED,
                        ):
                            raise translate(exc, str(self.path), doing) from exc
                    else:
                        assert self.flusher is not None
                        self.flusher.request()
                        return skipped
            # FULL, or another process holds the write lock: on the writer's thread.
            if self._shut:
                raise StorageError(f"The database {self.path} is closed.")
            async with self._wlock:
                try:
                    skipped = await self._w._execute(  # type: ignore[no-untyped-call]
                        _save_prefs, self._w._conn, *lists
                    )
                except sqlite3.IntegrityError:
                    raise
                except sqlite3.Error as exc:
                    raise translate(exc, str(self.path), doing) from exc
            if self.flusher is not None:
                self.flusher.request()
        except sqlite3.IntegrityError as exc:
            raise StorageError(
                f"Saving the preferences failed: a value is not valid JSON ({exc})."
            ) from exc
        return int(skipped)

    # ---- administration --------------------------------------------------------------

    async def export_campaign(self, campaign_id: str) -> CampaignExport:
        # One read transaction on a connection of its own (the shared reader must never
        # sit in an old snapshot): the state, log and runs are one consistent picture.
        doing = f"exporting campaign {campaign_id}"
        with self._errors(doing):
            db = await _connect(_ro_uri(self.path), uri=True)
        try:
            with self._errors(doing):
                await db.execute("PRAGMA busy_timeout = 5000")
                await db.execute("BEGIN")
                async with db.execute(
                    f"SELECT {_INFO_COLUMNS}, state FROM campaigns WHERE id = ?", (campaign_id,)
                ) as cur:
                    row = await cur.fetchone()
                if row is None:
                    raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
                async with db.execute(
                    "SELECT version, state FROM genesis WHERE campaign_id = ?", (campaign_id,)
                ) as cur:
                    grow = await cur.fetchone()
                if grow is None:
                    raise CampaignNotFoundError(f"Campaign {campaign_id} has no genesis state.")
                async with db.execute(
                    f"SELECT {_LOG_COLUMNS} FROM actions WHERE campaign_id = ? ORDER BY seq",
                    (campaign_id,),
                ) as cur:
                    entries = [_entry(r) for r in await cur.fetchall()]
                async with db.execute(
                    "SELECT number, scenario, status, started_version, ended_version,"
                    " started_at, ended_at FROM runs WHERE campaign_id = ? ORDER BY number",
                    (campaign_id,),
                ) as cur:
                    runs = [RunRecord(*r) for r in await cur.fetchall()]
                async with db.execute(
                    "SELECT key, value FROM campaign_prefs WHERE campaign_id = ? ORDER BY key",
                    (campaign_id,),
                ) as cur:
                    pref_rows = [(str(r[0]), str(r[1])) for r in await cur.fetchall()]
                await db.execute("COMMIT")
        finally:
            await db.close()
        prefs: dict[str, Any] = {}
        for key, value in pref_rows:
            try:
                prefs[key] = json.loads(value)
            except ValueError:
                log.warning(
                    "campaign %s: preference %r is not valid JSON; not exported", campaign_id, key
                )
        info = _info(row)
        stored_state = str(row[10])
        gversion, gstate = int(grow[0]), str(grow[1])
        return CampaignExport(
            exported_at=self._clock(),
            schema_version=self._version,
            campaign=ExportedCampaign(
                id=info.id,
                game=info.game,
                name=info.name,
                owner=info.owner,
                guild_id=info.guild_id,
                channel_id=info.channel_id,
                status=info.status,
                version=info.version,
                created_at=info.created_at,
                updated_at=info.updated_at,
                state=json.loads(stored_state),
                genesis_version=gversion,
                genesis=json.loads(gstate),
            ),
            runs=[ExportedRun(**_run_dict(r)) for r in runs],
            actions=[
                ExportedAction(
                    seq=e.seq,
                    version_before=e.version_before,
                    player=e.player,
                    kind=e.kind,
                    interaction_id=e.interaction_id,
                    created_at=e.created_at,
                    action=json.loads(e.action),
                    events=json.loads(e.events),
                )
                for e in entries
            ],
            prefs=prefs,
        )

    async def import_campaign(
        self,
        data: CampaignExport,
        *,
        rebind: bool = False,
        guild_id: str | None = None,
        channel_id: str | None = None,
    ) -> CampaignInfo:
        c = data.campaign
        if data.schema_version > self._version:
            raise InvalidExportError(
                f"The export was made by a newer Fixer (schema v{data.schema_version}; this one "
                f"has v{self._version}). Import it with that version or newer."
            )
        guild = guild_id if rebind else c.guild_id
        channel = channel_id if rebind else c.channel_id
        try:
            async with self._write(f"importing campaign {c.id}") as w:
                await w.execute(
                    "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
                    " version, created_at, updated_at, state)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        c.id,
                        c.game,
                        c.name,
                        c.owner,
                        guild,
                        channel,
                        c.status,
                        c.version,
                        c.created_at,
                        self._clock(),
                        _compact(c.state),
                    ),
                )
                await w.execute(
                    "INSERT INTO genesis (campaign_id, version, state) VALUES (?, ?, ?)",
                    (c.id, c.genesis_version, _compact(c.genesis)),
                )
                await w.executemany(
                    "INSERT INTO actions (campaign_id, seq, version_before, player, kind,"
                    " interaction_id, created_at, action, events)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            c.id,
                            a.seq,
                            a.version_before,
                            a.player,
                            a.kind,
                            a.interaction_id,
                            a.created_at,
                            _compact(a.action),
                            _compact(a.events),
                        )
                        for a in data.actions
                    ],
                )
                await w.executemany(
                    "INSERT INTO runs (campaign_id, number, scenario, status, started_version,"
                    " ended_version, started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (
                            c.id,
                            r.number,
                            r.scenario,
                            r.status,
                            r.started_version,
                            r.ended_version,
                            r.started_at,
                            r.ended_at,
                        )
                        for r in data.runs
                    ],
                )
                now = self._clock()
                await w.executemany(
                    "INSERT INTO campaign_prefs (campaign_id, key, value, updated_at)"
                    " VALUES (?, ?, ?, ?)",
                    [(c.id, key, _compact(value), now) for key, value in data.prefs.items()],
                )
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, c.id, channel) from exc
        log.info("imported campaign %s at v%d (%d actions)", c.id, c.version, len(data.actions))
        info = await self.get_info(c.id)
        assert info is not None
        return info

    async def backup(self, dest: str | Path, *, overwrite: bool = False) -> None:
        await backup_connection(self._r, self.path, Path(dest), overwrite=overwrite)

    async def check(self) -> CheckReport:
        return await check_file(self.path)


def _run_dict(r: RunRecord) -> dict[str, Any]:
    return {
        "number": r.number,
        "scenario": r.scenario,
        "status": r.status,
        "started_version": r.started_version,
        "ended_version": r.ended_version,
        "started_at": r.started_at,
        "ended_at": r.ended_at,
    }


# ---- opening, probing, migrating -----------------------------------------------------


async def _probe(path: Path, *, quick_check: bool, busy_timeout: float = 5.0) -> int:
    """Read-only look at an existing file: is it ours, at which version, is it sound?

    Returns the schema version (0 for an empty SQLite file). Raises before anything
    could be written to a file we must refuse.
    """
    db = await _open_query_only(path, busy_timeout)
    try:
        with _translating(path, "reading the database header"):
            app_id = int(await _scalar(db, "PRAGMA application_id"))
            version = int(await _scalar(db, "PRAGMA user_version"))
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
            with _translating(path, "checking the database"):
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


async def _open_query_only(path: Path, busy_timeout: float = 5.0) -> aiosqlite.Connection:
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
            db = await _connect(_ro_uri(path), uri=True)
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
def _translating(path: Path, doing: str) -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as exc:
        raise translate(exc, str(path), doing) from exc


async def _open_writer(
    path: Path, synchronous: str, busy_timeout: float, pragmas: Sequence[str]
) -> aiosqlite.Connection:
    try:
        db = await _connect(str(path))
    except sqlite3.Error as exc:
        raise translate(exc, str(path), "opening the database for writing") from exc
    try:
        with _translating(path, "setting up the connection"):
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            mode = await _scalar(db, "PRAGMA journal_mode = WAL")
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


def _save_prefs(
    conn: sqlite3.Connection,
    del_campaign: list[Any],
    del_global: list[Any],
    set_campaign: list[Any],
    set_global: list[Any],
) -> int:
    """One transaction of preference changes; returns how many were skipped (their
    campaign does not exist)."""
    skipped = 0
    with _transaction(conn):
        if del_campaign:
            conn.executemany(
                "DELETE FROM campaign_prefs WHERE campaign_id = ? AND key = ?", del_campaign
            )
        if del_global:
            conn.executemany("DELETE FROM prefs WHERE key = ?", del_global)
        if set_campaign:
            cur = conn.executemany(
                "INSERT INTO campaign_prefs (campaign_id, key, value, updated_at)"
                " SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM campaigns WHERE id = ?)"
                " ON CONFLICT (campaign_id, key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at",
                set_campaign,
            )
            skipped = len(set_campaign) - max(cur.rowcount, 0)
        if set_global:
            conn.executemany(
                "INSERT INTO prefs (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET"
                " value = excluded.value, updated_at = excluded.updated_at",
                set_global,
            )
    return skipped


def _open_inline(path: Path, pragmas: Sequence[str]) -> sqlite3.Connection:
    """The connection NORMAL commits are written on, from the event loop: no busy wait
    (a lock held elsewhere sends the commit to the writer's thread instead) and no
    automatic checkpoint (the flusher's job)."""
    with _translating(path, "opening the database for writing"):
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


async def _pre_migration_backup(path: Path, db: aiosqlite.Connection, version: int) -> Path:
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


async def _migrate(db: aiosqlite.Connection, path: Path, version: int, target: int) -> None:
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


# ---- backup and check (also used by the admin CLI on a file no bot has open) ----------


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
        target = await _connect(str(tmp))
        try:
            with _translating(tmp, "writing the backup"):
                await src.backup(target)
                # A backup is a single self-contained file: no WAL beside it.
                await target.execute("PRAGMA journal_mode = DELETE")
                result = await _scalar(target, "PRAGMA quick_check")
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


async def backup_file(src: str | Path, dest: str | Path, *, overwrite: bool = False) -> None:
    """Online backup of the database file `src` (the bot may be running on it)."""
    p = Path(src)
    if not p.is_file():
        raise DatabaseMissingError(f"There is no database at {p}.")
    await _probe(p, quick_check=False)
    db = await _open_query_only(p)
    try:
        await backup_connection(db, p, Path(dest), overwrite=overwrite)
    finally:
        await db.close()


async def check_file(path: str | Path) -> CheckReport:
    """`db check` on a file, read-only (safe while the bot runs)."""
    p = Path(path)
    if not p.is_file():
        raise DatabaseMissingError(f"There is no database at {p}.")
    db = await _open_query_only(p)
    try:
        return await check_connection(db, p)
    finally:
        await db.close()


async def check_connection(db: aiosqlite.Connection, path: Path) -> CheckReport:
    report = CheckReport(path=str(path), supported_version=schema.current_version())
    with contextlib.suppress(OSError):
        report.size_bytes = path.stat().st_size
    try:
        app_id = int(await _scalar(db, "PRAGMA application_id"))
        report.application_id_ok = app_id == schema.APPLICATION_ID
        version = int(await _scalar(db, "PRAGMA user_version"))
        report.schema_version = version
        report.journal_mode = str(await _scalar(db, "PRAGMA journal_mode"))
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
    report.counts["actions"] = int(await _scalar(db, "SELECT count(*) FROM actions"))
    if version >= 3:
        report.counts["runs"] = int(await _scalar(db, "SELECT count(*) FROM runs"))
    if version >= 4:
        await _check_prefs(db, report)
    missing = await _scalar(
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


__all__ = [
    "SqliteStore",
    "backup_connection",
    "backup_file",
    "check_connection",
    "check_file",
]
