"""Databases as earlier versions of Fixer wrote them (for the migration tests)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.storage import schema
from tests.service.toy import (
    Bump,
    Draw,
    Join,
    Play,
    StartRun,
    ToyAction,
    ToyState,
    apply,
    new_toy,
)

FIXTURES = Path(__file__).parent / "fixtures"

# Two campaigns, one with a run under way, as a v1 bot left them.
V1_GAMES: dict[str, list[ToyAction]] = {
    "old1": [Join(player="a"), Join(player="b"), Draw(player="a"), Bump(player="b")],
    "old2": [Join(player="a"), StartRun(player="owner"), Draw(player="a")],
}


def v1_states() -> dict[str, tuple[ToyState, list[ToyState]]]:
    out = {}
    for cid, actions in V1_GAMES.items():
        genesis = new_toy(cid, seed=len(cid) + ord(cid[-1]))
        states = [genesis]
        for action in actions:
            states.append(apply(states[-1], action)[0])
        out[cid] = (genesis, states)
    return out


def _build(path: Path, version: int) -> None:
    """A database at `version` (1, 3 or 4) with data, from that version's frozen schema:
    v3 adds the log's kind column and a run under way, v4 Discord preferences."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode = WAL")
        db.executescript((FIXTURES / f"schema_v{version}.sql").read_text())
        db.execute("BEGIN")
        db.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
        kind = ", kind" if version >= 3 else ""
        for i, (cid, (genesis, states)) in enumerate(v1_states().items()):
            last = states[-1]
            db.execute(
                "INSERT INTO campaigns VALUES"
                " (?, 'toy', ?, 'owner', 'g1', ?, 'active', ?, ?, ?, ?)",
                (
                    cid,
                    f"Old {cid}",
                    f"chan-{cid}",
                    last.version,
                    1000 + i,
                    2000 + i,
                    last.model_dump_json(),
                ),
            )
            db.execute("INSERT INTO genesis VALUES (?, 0, ?)", (cid, genesis.model_dump_json()))
            for seq, action in enumerate(V1_GAMES[cid], start=1):
                row: tuple[object, ...] = (
                    cid,
                    seq,
                    seq - 1,
                    action.player,
                    f"{cid}-i{seq}",
                    1500 + seq,
                    action.model_dump_json(),
                )
                db.execute(
                    "INSERT INTO actions (campaign_id, seq, version_before, player,"
                    f" interaction_id, created_at, action, events{kind})"
                    f" VALUES (?, ?, ?, ?, ?, ?, ?, '[]'{', ?' if kind else ''})",
                    row + ((action.type,) if kind else ()),
                )
        if version >= 3:
            db.executemany("INSERT INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?)", V3_RUNS)
        if version >= 4:
            db.executemany("INSERT INTO campaign_prefs VALUES (?, ?, ?, 3000)", V4_CAMPAIGN_PREFS)
            db.executemany("INSERT INTO prefs VALUES (?, ?, 3000)", V4_PREFS)
        db.execute(f"PRAGMA user_version = {version}")
        db.execute("COMMIT")
    finally:
        db.close()


def build_v1(path: Path) -> None:
    """A v1 database with data, from the frozen v1 schema."""
    _build(path, 1)


# The run old2 is playing, as a v3 bot recorded it (StartRun was its action seq 2).
V3_RUNS = [("old2", 1, "heist", "active", 2, None, 1502, None)]


def build_v3(path: Path) -> None:
    """A v3 database with data (the log with its kinds, a run under way), from the frozen
    v3 schema: the last version that kept Discord preferences in a JSON file."""
    _build(path, 3)


# Preferences a v4 bot kept: old1's last posted version and DM opt-ins, a closed DM.
V4_CAMPAIGN_PREFS = [("old1", "published", "4"), ("old1", "dm", '["42"]')]
V4_PREFS = [("dm_closed:7", "true")]


def build_v4(path: Path) -> None:
    """A v4 database with data (runs, preferences) from the frozen v4 schema: the last
    version with one active campaign per channel whatever its game, and runs'
    `scenario` column (v5 renamed it `label`)."""
    _build(path, 4)


def build_at(path: Path, version: int) -> None:
    """A database at schema `version` (< current): v1 plus the released migrations."""
    build_v1(path)
    db = sqlite3.connect(path, isolation_level=None)
    try:
        for step in range(1, version):
            db.executescript(
                "BEGIN;" + schema.MIGRATIONS[step] + f";PRAGMA user_version = {step + 1};COMMIT;"
            )
    finally:
        db.close()


__all__ = [
    "V3_RUNS",
    "V4_CAMPAIGN_PREFS",
    "V4_PREFS",
    "Play",
    "build_at",
    "build_v1",
    "build_v3",
    "build_v4",
    "v1_states",
]
