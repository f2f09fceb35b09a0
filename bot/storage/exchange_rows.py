"""What export and import of a campaign do alike on every backend (SQLite, PostgreSQL).

A backend reads its rows in one snapshot and hands them to `build_export`; on import it
checks the file with `check_import_version` and writes the rows `import_rows` gives, with
the statements `insert_sql` spells in its own placeholder style. Only the SQL dialect
and the transaction stay in the backend, so both build the same file from the same rows
and refuse the same files.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.base import LogEntry, RunRecord
from bot.storage.connection import compact_json
from bot.storage.errors import CampaignNotFoundError, InvalidExportError
from bot.storage.rows import INFO_COLUMNS, LOG_COLUMNS, entry_from_row, info_from_row, run_dict
from bot.storage.transfer import CampaignExport, ExportedAction, ExportedCampaign, ExportedRun

log = logging.getLogger("bot.storage")

RUN_COLUMNS = "number, label, status, started_version, ended_version, started_at, ended_at"

# Columns written on import, table by table (the order of the tuples import_rows gives).
CAMPAIGN_COLUMNS = (
    "id, game, name, owner, guild_id, channel_id, status, version, created_at, updated_at, state"
)
GENESIS_COLUMNS = "campaign_id, version, state"
ACTION_COLUMNS = (
    "campaign_id, seq, version_before, player, kind, interaction_id, created_at, action, events"
)
IMPORT_RUN_COLUMNS = f"campaign_id, {RUN_COLUMNS}"
PREF_COLUMNS = "campaign_id, key, value, updated_at"


def qmark(_i: int) -> str:
    """SQLite's placeholder."""
    return "?"


def dollar(i: int) -> str:
    """PostgreSQL's (asyncpg) placeholder: $1, $2, …"""
    return f"${i}"


def insert_sql(table: str, columns: str, mark: Callable[[int], str]) -> str:
    n = len(columns.split(","))
    values = ", ".join(mark(i) for i in range(1, n + 1))
    return f"INSERT INTO {table} ({columns}) VALUES ({values})"


def build_export(
    *,
    row: Sequence[Any],
    genesis_version: int,
    genesis_state: str,
    entries: Iterable[LogEntry],
    runs: Iterable[RunRecord],
    pref_rows: Iterable[tuple[str, str]],
    exported_at: int,
    schema_version: int,
) -> CampaignExport:
    """The export file of one campaign from its rows (`row`: INFO_COLUMNS then state)."""
    info = info_from_row(row)
    prefs: dict[str, Any] = {}
    for key, value in pref_rows:
        try:
            prefs[key] = json.loads(value)
        except ValueError:
            # A preference is the Discord side's cache (a DM opt-in, a posted version):
            # losing a broken one costs little, refusing the whole export would cost more.
            log.warning("campaign %s: preference %r is not valid JSON; not exported", info.id, key)
    return CampaignExport(
        exported_at=exported_at,
        schema_version=schema_version,
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
            state=json.loads(str(row[10])),
            genesis_version=genesis_version,
            genesis=json.loads(genesis_state),
        ),
        runs=[ExportedRun(**run_dict(r)) for r in runs],
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


#: A backend's query: `(sql, *params)` → every row (each indexable by column).
Fetch = Callable[..., Awaitable[Sequence[Sequence[Any]]]]


async def read_export(
    fetch: Fetch,
    mark: Callable[[int], str],
    campaign_id: str,
    *,
    clock: Callable[[], int],
    schema_version: int,
    binary: str = "",
) -> CampaignExport:
    """Read one campaign's rows with `fetch` (inside the backend's one snapshot) and
    build its export. `binary`: the backend's byte-order collation for the preference
    keys (SQLite's default already is)."""
    p = mark(1)
    found = await fetch(f"SELECT {INFO_COLUMNS}, state FROM campaigns WHERE id = {p}", campaign_id)
    if not found:
        raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
    genesis = await fetch(
        f"SELECT version, state FROM genesis WHERE campaign_id = {p}", campaign_id
    )
    if not genesis:
        raise CampaignNotFoundError(f"Campaign {campaign_id} has no genesis state.")
    log_rows = await fetch(
        f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = {p} ORDER BY seq", campaign_id
    )
    run_rows = await fetch(
        f"SELECT {RUN_COLUMNS} FROM runs WHERE campaign_id = {p} ORDER BY number", campaign_id
    )
    pref_rows = await fetch(
        f"SELECT key, value FROM campaign_prefs WHERE campaign_id = {p} ORDER BY key{binary}",
        campaign_id,
    )
    return build_export(
        row=found[0],
        genesis_version=int(genesis[0][0]),
        genesis_state=str(genesis[0][1]),
        entries=[entry_from_row(r) for r in log_rows],
        runs=[RunRecord(*r) for r in run_rows],
        pref_rows=[(str(r[0]), str(r[1])) for r in pref_rows],
        exported_at=clock(),
        schema_version=schema_version,
    )


def check_import_version(data: CampaignExport, newest: int) -> None:
    if data.schema_version > newest:
        raise InvalidExportError(
            f"The export was made by a newer Fixer (schema v{data.schema_version}; this one "
            f"has v{newest}). Import it with that version or newer."
        )


@dataclass(frozen=True)
class ImportRows:
    """The rows of one imported campaign, in the column orders above."""

    channel: str | None
    campaign: tuple[Any, ...]
    genesis: tuple[Any, ...]
    actions: list[tuple[Any, ...]]
    runs: list[tuple[Any, ...]]
    prefs: list[tuple[Any, ...]]


def import_rows(
    data: CampaignExport,
    *,
    rebind: bool,
    guild_id: str | None,
    channel_id: str | None,
    keep_updated_at: bool,
    now: int,
) -> ImportRows:
    c = data.campaign
    guild = guild_id if rebind else c.guild_id
    channel = channel_id if rebind else c.channel_id
    return ImportRows(
        channel=channel,
        campaign=(
            c.id,
            c.game,
            c.name,
            c.owner,
            guild,
            channel,
            c.status,
            c.version,
            c.created_at,
            c.updated_at if keep_updated_at else now,
            compact_json(c.state),
        ),
        genesis=(c.id, c.genesis_version, compact_json(c.genesis)),
        actions=[
            (
                c.id,
                a.seq,
                a.version_before,
                a.player,
                a.kind,
                a.interaction_id,
                a.created_at,
                compact_json(a.action),
                compact_json(a.events),
            )
            for a in data.actions
        ],
        runs=[
            (
                c.id,
                r.number,
                r.label,
                r.status,
                r.started_version,
                r.ended_version,
                r.started_at,
                r.ended_at,
            )
            for r in data.runs
        ],
        prefs=[(c.id, key, compact_json(value), now) for key, value in data.prefs.items()],
    )
