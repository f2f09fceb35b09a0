"""The action log: group commits of actions (with the state, status and run), reading
the log, the genesis state and the runs.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import aiosqlite

from bot.storage.base import Commit, LogEntry, RunRecord
from bot.storage.commit_rows import (
    insert_params,
    log_entry_of,
    not_moved,
    run_params,
)
from bot.storage.commits import (
    INSERT_ACTION,
    UPSERT_RUN,
    CommitRequest,
    settle,
    update_of,
    write_batch,
)
from bot.storage.connection import scalar
from bot.storage.core import SqliteBase
from bot.storage.errors import (
    CampaignNotFoundError,
    StorageError,
    translate,
)
from bot.storage.rows import LOG_COLUMNS, entry_from_row
from rules.core.text import plural


class ActionsMixin(SqliteBase):
    """`Store`'s action-log methods: commits (grouped), the log, genesis and runs."""

    async def _commit_action(self, c: Commit) -> LogEntry:
        """Group commit: the request joins a queue; one committer writes every request
        waiting at that moment in a single transaction (one fsync for all of them) and
        answers each only after COMMIT. If anything in a batch fails, the batch is rolled
        back and its requests are committed one by one, so each gets its own outcome.

        Once a request is in a batch it is written even if its caller is cancelled (the
        service shields its callers from that anyway)."""
        if self._closed:
            raise StorageError(f"The database {self.path} is closed.")
        loop = asyncio.get_running_loop()
        request = CommitRequest(c, loop.create_future())
        if self._inline is not None:
            return await self._commit_inline(request)
        self._pending.append(request)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        return await request.future

    async def _commit_inline(self, r: CommitRequest) -> LogEntry:
        """NORMAL: write the commit here, on the event loop (no fsync waits on it), and
        hand the fsync to the flusher."""
        assert self._inline is not None and self.flusher is not None
        async with self._wlock:
            if self._shut:
                raise StorageError(f"The database {self.path} is closed.")
            try:
                (entry,) = write_batch(self._inline, [r], self._clock())
            except sqlite3.IntegrityError as exc:
                raise self._integrity(exc, r.commit.campaign_id, None) from exc
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", None) not in (
                    sqlite3.SQLITE_BUSY,
                    sqlite3.SQLITE_LOCKED,
                ):
                    raise translate(
                        exc, str(self.path), f"saving an action on campaign {r.commit.campaign_id}"
                    ) from exc
                busy = True
            except sqlite3.Error as exc:
                raise translate(
                    exc, str(self.path), f"saving an action on campaign {r.commit.campaign_id}"
                ) from exc
            else:
                busy = False
                self._flush_soon()
                self.batches += 1
                self.batched += 1
        if busy:
            # Another process (an admin command) holds the write lock: wait for it with
            # the busy timeout on the writer's thread, never on the event loop.
            (entry,) = await self._commit_batch([r])
            self._flush_soon()
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
                        settle(r.future, exc=exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                # Someone's request is bad (or the disk hiccuped): one by one.
                for r in batch:
                    try:
                        (entry,) = await self._commit_batch([r])
                    except Exception as single:
                        settle(r.future, exc=single)
                    else:
                        settle(r.future, result=entry)
                continue
            for r, entry in zip(batch, entries, strict=True):
                settle(r.future, result=entry)

    async def _commit_batch(self, batch: list[CommitRequest]) -> list[LogEntry]:
        now = self._clock()
        first = batch[0].commit.campaign_id
        what = plural(
            len(batch), f"saving an action on campaign {first}", f"saving {len(batch)} actions"
        )
        if not self.single_round_trip:
            return await self._commit_batch_statements(batch, now, what)
        if self._shut:
            raise StorageError(f"The database {self.path} is closed.")
        async with self._wlock:
            try:
                conn = self._w._conn
                entries: list[LogEntry] = await self._w._execute(  # type: ignore[no-untyped-call]
                    write_batch, conn, batch, now
                )
            except sqlite3.IntegrityError as exc:
                raise self._integrity(exc, first, None) from exc
            except sqlite3.Error as exc:
                raise translate(exc, str(self.path), what) from exc
        return entries

    async def _commit_batch_statements(
        self, batch: list[CommitRequest], now: int, what: str
    ) -> list[LogEntry]:
        """The same transaction through aiosqlite's public API: a fixed number of
        statements per batch, whatever its size."""
        commits = [r.commit for r in batch]
        first = commits[0].campaign_id
        ids = sorted({c.campaign_id for c in commits})
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
                for c in commits:
                    seq = top.get(c.campaign_id, 0) + 1
                    top[c.campaign_id] = seq
                    entries.append(log_entry_of(c, seq, now))
                # As `write_batch`: the status only in the UPDATEs that change it.
                updates: dict[str, list[tuple[Any, ...]]] = {}
                for c in commits:
                    sql, params = update_of(c, now)
                    updates.setdefault(sql, []).append(params)
                moved = 0
                for sql, rows in updates.items():
                    moved += (await w.executemany(sql, rows)).rowcount
                if moved != len(batch):
                    raise await self._why_not_updated(w, commits[0])
                await w.executemany(INSERT_ACTION, [insert_params(e) for e in entries])
                runs = [run_params(c, now) for c in commits if c.run is not None]
                if runs:
                    await w.executemany(UPSERT_RUN, runs)
        except sqlite3.IntegrityError as exc:
            raise self._integrity(exc, first, None) from exc
        return entries

    async def _why_not_updated(self, w: aiosqlite.Connection, c: Commit) -> StorageError:
        """The state row did not move: which error to report (exact for a batch of one;
        a bigger batch is retried request by request anyway)."""
        stored = await scalar(w, "SELECT version FROM campaigns WHERE id = ?", (c.campaign_id,))
        return not_moved(c.campaign_id, stored, c.version_before)

    async def find_interaction(self, campaign_id: str, interaction_id: str) -> LogEntry | None:
        row = await self._read_one(
            f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = ? AND interaction_id = ?",
            (campaign_id, interaction_id),
            f"looking up an interaction on campaign {campaign_id}",
        )
        return None if row is None else entry_from_row(row)

    async def read_log(
        self, campaign_id: str, *, after_seq: int = 0, limit: int | None = None
    ) -> list[LogEntry]:
        sql = f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = ? AND seq > ? ORDER BY seq"
        params: list[Any] = [campaign_id, after_seq]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        rows = await self._read_all(sql, params, f"reading the log of campaign {campaign_id}")
        return [entry_from_row(r) for r in rows]

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
            "SELECT number, label, status, started_version, ended_version, started_at,"
            " ended_at FROM runs WHERE campaign_id = ? ORDER BY number",
            (campaign_id,),
            f"reading the runs of campaign {campaign_id}",
        )
        return [RunRecord(*r) for r in rows]
