"""How rows of the campaigns, actions and runs tables become the interface's records,
and the query of the campaign list, the same on every backend."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.storage.base import CampaignInfo, CampaignStatus, LogEntry, RunRecord

INFO_COLUMNS = (
    "id, game, name, owner, guild_id, channel_id, status, version, created_at, updated_at"
)
LOG_COLUMNS = (
    "campaign_id, seq, version_before, player, kind, action, events, interaction_id, created_at"
)


def info_from_row(row: Sequence[Any]) -> CampaignInfo:
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


def list_sql(
    status: CampaignStatus | None,
    game: str | None,
    limit: int | None,
    mark: Callable[[int], str],
    *,
    id_order: str = "id",
) -> tuple[str, list[Any]]:
    """`Store.list_campaigns`'s SELECT and its values, in the backend's placeholder style
    (`mark`): the latest updated first, then by id (`id_order`: how the backend orders
    ids as SQLite does, byte by byte)."""
    where: list[str] = []
    params: list[Any] = []
    for column, value in (("status", status), ("game", game)):
        if value is not None:
            params.append(value)
            where.append(f"{column} = {mark(len(params))}")
    sql = f"SELECT {INFO_COLUMNS} FROM campaigns"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += f" ORDER BY updated_at DESC, {id_order}"
    if limit is not None:
        params.append(limit)
        sql += f" LIMIT {mark(len(params))}"
    return sql, params


def entry_from_row(row: Sequence[Any]) -> LogEntry:
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


def run_dict(r: RunRecord) -> dict[str, Any]:
    return {
        "number": r.number,
        "label": r.label,
        "status": r.status,
        "started_version": r.started_version,
        "ended_version": r.ended_version,
        "started_at": r.started_at,
        "ended_at": r.ended_at,
    }
