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

from typing import TYPE_CHECKING, Any

import asyncpg

from bot.storage.base import LogEntry, NewAction
from bot.storage.errors import CampaignNotFoundError, VersionConflictError

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


async def commit(
    store: PostgresStore,
    cid: str,
    version_before: int,
    version_after: int,
    state: str,
    action: NewAction,
    status: str | None,
    now: int,
) -> LogEntry:
    """`Store.commit_action` for a commit that changes no run."""
    try:
        async with store._conn(f"saving an action on campaign {cid}") as conn:
            seq = await _statement(
                conn,
                cid=cid,
                version_before=version_before,
                version_after=version_after,
                state=state,
                status=status,
                now=now,
                player=action.player,
                kind=action.kind,
                interaction_id=action.interaction_id,
                action=action.action,
                events=action.events,
            )
            stored = None
            if seq is None:
                stored = await conn.fetchval("SELECT version FROM campaigns WHERE id = $1", cid)
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise store._integrity(exc, cid, None) from exc
    if seq is None:
        if stored is None:
            raise CampaignNotFoundError(f"There is no campaign {cid}.")
        raise VersionConflictError(
            f"Campaign {cid} is at v{stored} in the database, not v{version_before}: "
            "another writer changed it (or closed it)."
        )
    store.announce(cid, version_after)  # other processes drop their cached copy
    return LogEntry(
        campaign_id=cid,
        seq=seq,
        version_before=version_before,
        player=action.player,
        kind=action.kind,
        action=action.action,
        events=action.events,
        interaction_id=action.interaction_id,
        created_at=now,
    )


async def _statement(
    conn: Any,
    *,
    cid: str,
    version_before: int,
    version_after: int,
    state: str,
    status: str | None,
    now: int,
    player: str,
    kind: str,
    interaction_id: str | None,
    action: str,
    events: str,
) -> int | None:
    """The new log row's seq, or None if the campaign was not at `version_before` (or
    is not active): then nothing was written."""
    seq = await conn.fetchval(
        _SQL,
        state,
        version_after,
        now,
        status,
        cid,
        version_before,
        player,
        kind,
        interaction_id,
        action,
        events,
    )
    return None if seq is None else int(seq)
