"""How rows of the campaigns, actions and runs tables become the interface's records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.base import CampaignInfo, LogEntry, RunRecord

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
