"""A commit without a run change, in one statement (one round trip to PostgreSQL).

The usual action changes the state and appends to the log, nothing else. Sent as BEGIN,
UPDATE, INSERT, COMMIT that is four round trips; as one statement — the
version-checked UPDATE in a data-modifying WITH, the log INSERT reading from it — it is
one, and still atomic (a statement outside a transaction block is its own transaction).
The UPDATE's row lock orders concurrent writers exactly as in the four-statement form:
a waiter re-checks `version = $expected` once the winner commits, matches nothing, and
so inserts nothing. A commit that also changes a run takes the four-statement path in
bot/storage/postgres.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import asyncpg

from bot.storage.base import Commit, LogEntry
from bot.storage.commit_rows import log_entry_of, not_moved, update_params

if TYPE_CHECKING:
    from bot.storage.postgres import PostgresStore

_SQL = (
    "WITH moved AS ("
    " UPDATE campaigns SET state = $1, version = $2, updated_at = $3,"
    " status = coalesce($4, status) WHERE id = $5 AND version = $6 AND status = 'active'"
    " RETURNING (SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE campaign_id = $5) AS seq)"
    " INSERT INTO actions (campaign_id, seq, version_before, player, kind, interaction_id,"
    " created_at, action, events)"
    " SELECT $5, seq, $6, $7, $8, $9, $3, $10, $11 FROM moved RETURNING seq"
)


async def commit(store: PostgresStore, c: Commit, now: int) -> LogEntry:
    """`Store.commit_action` for a commit that changes no run."""
    cid = c.campaign_id
    a = c.action
    try:
        async with store._conn(f"saving an action on campaign {cid}") as conn:
            seq = await conn.fetchval(
                _SQL,
                *update_params(c, now),
                a.player,
                a.kind,
                a.interaction_id,
                a.action,
                a.events,
            )
            stored = None
            if seq is None:
                stored = await conn.fetchval("SELECT version FROM campaigns WHERE id = $1", cid)
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise store._integrity(exc, cid, None) from exc
    if seq is None:
        raise not_moved(cid, stored, c.version_before, or_closed=True)
    store.announce(cid, c.version_after)  # other processes drop their cached copy
    return log_entry_of(c, int(seq), now)
