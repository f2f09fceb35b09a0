"""The action-commit transaction: one group of commits written on a plain connection
(the writer's own thread, or with NORMAL the event loop).
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.storage.base import (
    CampaignStatus,
    LogEntry,
    NewAction,
    RunInfo,
)
from bot.storage.connection import transaction
from bot.storage.errors import CampaignNotFoundError, VersionConflictError

UPDATE_STATE = (
    "UPDATE campaigns SET state = ?, version = ?, updated_at = ?,"
    " status = coalesce(?, status) WHERE id = ? AND version = ?"
)
INSERT_ACTION = (
    "INSERT INTO actions (campaign_id, seq, version_before, player, kind,"
    " interaction_id, created_at, action, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
UPSERT_RUN = (
    "INSERT INTO runs (campaign_id, number, label, status,"
    " started_version, ended_version, started_at, ended_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (campaign_id, number) DO UPDATE SET"
    " label = excluded.label, status = excluded.status,"
    " ended_version = coalesce(runs.ended_version, excluded.ended_version),"
    " ended_at = coalesce(runs.ended_at, excluded.ended_at)"
)

# aiosqlite has no public way to run a function on its connection's thread. Its internal
# `Connection._execute(fn, *args)` (the entry point of every public method for years)
# lets a whole group commit be one round trip to that thread instead of five: under
# load, each round trip costs two thread wake-ups. If a future aiosqlite drops it, the
# store falls back to the public statement-by-statement path (tested both ways).
HAS_THREAD_CALL = callable(getattr(aiosqlite.Connection, "_execute", None))


@dataclass(slots=True)
class CommitRequest:
    campaign_id: str
    version_before: int
    version_after: int
    state: str
    action: NewAction
    status: CampaignStatus | None
    run: RunInfo | None
    future: asyncio.Future[LogEntry]


def settle(
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


def log_entry_of(r: CommitRequest, seq: int, now: int) -> LogEntry:
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


def update_params(r: CommitRequest, now: int) -> tuple[Any, ...]:
    return (r.state, r.version_after, now, r.status, r.campaign_id, r.version_before)


def insert_params(e: LogEntry) -> tuple[Any, ...]:
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


def run_params(r: CommitRequest, now: int) -> tuple[Any, ...]:
    run = r.run
    assert run is not None
    ended = run.status != "active"
    return (
        r.campaign_id,
        run.number,
        run.label,
        run.status,
        None if ended else r.version_after,
        r.version_after if ended else None,
        None if ended else now,
        now if ended else None,
    )


def write_batch(conn: sqlite3.Connection, batch: list[CommitRequest], now: int) -> list[LogEntry]:
    """One group commit, run on the writer connection's own thread (or, with NORMAL, on
    the event loop)."""
    entries = []
    with transaction(conn):
        for r in batch:
            if conn.execute(UPDATE_STATE, update_params(r, now)).rowcount != 1:
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
            entry = log_entry_of(r, int(top) + 1, now)
            conn.execute(INSERT_ACTION, insert_params(entry))
            if r.run is not None:
                conn.execute(UPSERT_RUN, run_params(r, now))
            entries.append(entry)
    return entries
