"""The action-commit transaction: one group of commits written on a plain connection
(the writer's own thread, or with NORMAL the event loop).
"""

from __future__ import annotations

import asyncio
import sqlite3
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.storage.base import Commit, LogEntry
from bot.storage.commit_rows import (
    insert_action_sql,
    insert_params,
    log_entry_of,
    not_moved,
    run_params,
    update_params,
    upsert_run_sql,
)
from bot.storage.connection import transaction
from bot.storage.exchange_rows import qmark

UPDATE_STATE = (
    "UPDATE campaigns SET state = ?, version = ?, updated_at = ?,"
    " status = coalesce(?, status) WHERE id = ? AND version = ?"
)
# The usual commit leaves the status as it is. Naming `status` in the SET list, even as
# `coalesce(NULL, status)`, makes SQLite rewrite the entries of both indexes on it
# (campaigns_status, campaigns_active_channel): two more pages in the WAL per commit, a
# fifth of write_batch's CPU (docs/benchmarks.md, issue 14).
UPDATE_STATE_ONLY = (
    "UPDATE campaigns SET state = ?, version = ?, updated_at = ? WHERE id = ? AND version = ?"
)
INSERT_ACTION = insert_action_sql(qmark)
UPSERT_RUN = upsert_run_sql(qmark)

# aiosqlite has no public way to run a function on its connection's thread. Its internal
# `Connection._execute(fn, *args)` (the entry point of every public method for years)
# lets a whole group commit be one round trip to that thread instead of five: under
# load, each round trip costs two thread wake-ups. If a future aiosqlite drops it, the
# store falls back to the public statement-by-statement path (tested both ways).
HAS_THREAD_CALL = callable(getattr(aiosqlite.Connection, "_execute", None))


@dataclass(slots=True)
class CommitRequest:
    """A commit waiting in the group-commit queue, and the future its caller awaits."""

    commit: Commit
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


def update_of(c: Commit, now: int) -> tuple[str, tuple[Any, ...]]:
    """The version-checked UPDATE of `c`'s campaign row and its values; the status only
    if `c` changes it."""
    params = update_params(c, now)
    if c.status is None:
        # update_params's order less its fourth value, the status (None here).
        return UPDATE_STATE_ONLY, params[:3] + params[4:]
    return UPDATE_STATE, params


def write_batch(conn: sqlite3.Connection, batch: list[CommitRequest], now: int) -> list[LogEntry]:
    """One group commit, run on the writer connection's own thread (or, with NORMAL, on
    the event loop)."""
    entries = []
    with transaction(conn):
        for c in (r.commit for r in batch):
            if conn.execute(*update_of(c, now)).rowcount != 1:
                row = conn.execute(
                    "SELECT version FROM campaigns WHERE id = ?", (c.campaign_id,)
                ).fetchone()
                raise not_moved(c.campaign_id, None if row is None else row[0], c.version_before)
            (top,) = conn.execute(
                "SELECT coalesce(max(seq), 0) FROM actions WHERE campaign_id = ?",
                (c.campaign_id,),
            ).fetchone()
            entry = log_entry_of(c, int(top) + 1, now)
            conn.execute(INSERT_ACTION, insert_params(entry))
            if c.run is not None:
                conn.execute(UPSERT_RUN, run_params(c, now))
            entries.append(entry)
    return entries
