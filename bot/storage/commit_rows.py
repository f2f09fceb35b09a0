"""What a commit of an action writes, the same on every backend (SQLite, PostgreSQL):
the log row and the run row with their statements in the backend's placeholder style,
and the error when the campaign's row did not move. Each backend keeps its transaction
and how it finds the log row's seq."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.storage.base import Commit, LogEntry
from bot.storage.errors import CampaignNotFoundError, StorageError, VersionConflictError
from bot.storage.exchange_rows import ACTION_COLUMNS, IMPORT_RUN_COLUMNS, insert_sql


def insert_action_sql(mark: Callable[[int], str]) -> str:
    """The log row's INSERT (its values: `insert_params`)."""
    return insert_sql("actions", ACTION_COLUMNS, mark)


def upsert_run_sql(mark: Callable[[int], str]) -> str:
    """The run row's INSERT or UPDATE (its values: `run_params`): an ended run keeps the
    version and time it first ended at."""
    return insert_sql("runs", IMPORT_RUN_COLUMNS, mark) + (
        " ON CONFLICT (campaign_id, number) DO UPDATE SET"
        " label = excluded.label, status = excluded.status,"
        " ended_version = coalesce(runs.ended_version, excluded.ended_version),"
        " ended_at = coalesce(runs.ended_at, excluded.ended_at)"
    )


def update_params(c: Commit, now: int) -> tuple[Any, ...]:
    """The values of the version-checked UPDATE of the campaign's row: its state,
    version, updated_at and status, then the campaign and the version it must be at."""
    return (c.state, c.version_after, now, c.status, c.campaign_id, c.version_before)


def log_entry_of(c: Commit, seq: int, now: int) -> LogEntry:
    """The log row `c` appends as entry `seq`, written at `now`."""
    a = c.action
    return LogEntry(
        campaign_id=c.campaign_id,
        seq=seq,
        version_before=c.version_before,
        player=a.player,
        kind=a.kind,
        action=a.action,
        events=a.events,
        interaction_id=a.interaction_id,
        created_at=now,
    )


def insert_params(e: LogEntry) -> tuple[Any, ...]:
    """The values of `insert_action_sql`, in `ACTION_COLUMNS` order."""
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


def run_params(c: Commit, now: int) -> tuple[Any, ...]:
    """The values of `upsert_run_sql` for `c`'s run: started now, or ended now."""
    run = c.run
    assert run is not None
    ended = run.status != "active"
    return (
        c.campaign_id,
        run.number,
        run.label,
        run.status,
        None if ended else c.version_after,
        c.version_after if ended else None,
        None if ended else now,
        now if ended else None,
    )


def not_moved(
    cid: str, stored: int | None, version_before: int, *, or_closed: bool = False
) -> StorageError:
    """Why the campaign's row did not move: there is none (`stored` None), or it is at
    version `stored`, not `version_before` (`or_closed`: the statement also refuses a
    campaign that is no longer active, so say it may have been closed)."""
    if stored is None:
        return CampaignNotFoundError(f"There is no campaign {cid}.")
    closed = " (or closed it)" if or_closed else ""
    return VersionConflictError(
        f"Campaign {cid} is at v{stored} in the database, not v{version_before}: "
        f"another writer changed it{closed}."
    )
