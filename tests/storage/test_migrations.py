"""Schema migrations: every earlier version opens as the current one, losing nothing."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.service.game import GameService
from bot.storage import schema
from bot.storage.base import NewCampaign, Pref
from bot.storage.errors import ChannelTakenError, MigrationError
from bot.storage.sqlite import SqliteStore, check_file
from tests.service.toy import Bump, EndRun, ToyAdapter, ToyState
from tests.storage.oldversions import (
    FIXTURES,
    V3_RUNS,
    V4_CAMPAIGN_PREFS,
    V4_PREFS,
    build_at,
    build_v1,
    build_v3,
    build_v4,
    v1_states,
)

CURRENT = schema.current_version()


def _schema_of(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Tables' columns, indexes and triggers: what a migrated file must share with a new one."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        names = [
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        out: dict[str, list[tuple[Any, ...]]] = {
            name: [tuple(c) for c in db.execute(f"PRAGMA table_info({name})")] for name in names
        }
        out["__objects__"] = sorted(
            (r[0], r[1], r[2]) for r in db.execute("SELECT type, name, tbl_name FROM sqlite_master")
        )
    return out


def test_the_frozen_v1_schema_is_the_released_one(tmp_path: Path) -> None:
    """If this fails, someone edited the released v1 migration: add a new one instead."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    with closing(sqlite3.connect(a, isolation_level=None)) as db:
        db.executescript((FIXTURES / "schema_v1.sql").read_text())
    with closing(sqlite3.connect(b, isolation_level=None)) as db:
        db.executescript(schema.MIGRATIONS[0])
    assert _schema_of(a) == _schema_of(b)


def test_the_frozen_v3_schema_is_the_released_one(tmp_path: Path) -> None:
    """If this fails, someone edited a released migration (v1, v2 or v3)."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    with closing(sqlite3.connect(a, isolation_level=None)) as db:
        db.executescript((FIXTURES / "schema_v3.sql").read_text())
    with closing(sqlite3.connect(b, isolation_level=None)) as db:
        for script in schema.MIGRATIONS[:3]:
            db.executescript(script)
    assert _schema_of(a) == _schema_of(b)


def test_the_frozen_v4_schema_is_the_released_one(tmp_path: Path) -> None:
    """If this fails, someone edited a released migration (v1 to v4)."""
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    with closing(sqlite3.connect(a, isolation_level=None)) as db:
        db.executescript((FIXTURES / "schema_v4.sql").read_text())
    with closing(sqlite3.connect(b, isolation_level=None)) as db:
        for script in schema.MIGRATIONS[:4]:
            db.executescript(script)
    assert _schema_of(a) == _schema_of(b)


async def test_v4_migrates_to_v5_one_active_campaign_per_channel_and_game(
    tmp_path: Path,
) -> None:
    """v5: a channel holds one active campaign of each game; a run's `scenario` column
    is its `label`. Nothing a v4 bot wrote is lost."""
    path = tmp_path / "fixer.sqlite3"
    build_v4(path)
    # v4: one active campaign per channel, whatever the game.
    with (
        closing(sqlite3.connect(path, isolation_level=None)) as db,
        pytest.raises(sqlite3.IntegrityError),
    ):
        db.execute(
            "INSERT INTO campaigns VALUES ('x', 'legends', 'x', 'o', 'g1', 'chan-old1',"
            " 'active', 0, 0, 0, '{}')"
        )
    async with await SqliteStore.open(path) as store:
        assert store.migrated_from == 4 and store.schema_version == CURRENT
        (run,) = await store.list_runs("old2")
        assert (run.number, run.label, run.status, run.started_version) == V3_RUNS[0][1:5]
        assert sorted(await store.load_prefs(), key=str) == sorted(
            [Pref(c, k, v) for c, k, v in V4_CAMPAIGN_PREFS]
            + [Pref(None, k, v) for k, v in V4_PREFS],
            key=str,
        )
        # Another game's campaign in old1's channel is welcome; a second toy one is not.
        await store.create_campaign(
            NewCampaign(id="leg", game="legends", name="L", owner="o", channel_id="chan-old1"),
            version=0,
            state="{}",
        )
        with pytest.raises(ChannelTakenError):
            await store.create_campaign(
                NewCampaign(id="toy2", game="toy", name="T", owner="o", channel_id="chan-old1"),
                version=0,
                state="{}",
            )
        found = await store.find_active_by_channel("chan-old1", "toy")
        assert found is not None and found.id == "old1"
        # The run under way ends as usual, under its label.
        service: GameService[Any, Any] = GameService(store, ToyAdapter())
        started = await service.start()
        assert sorted(i.id for i in started.active) == ["old1", "old2"]  # not "leg"
        old2 = v1_states()["old2"][1][-1]
        await service.act("old2", EndRun(player="owner"), expected_version=old2.version)
        (run,) = await store.list_runs("old2")
        assert (run.label, run.status, run.ended_version) == ("heist", "complete", 4)
    report = await check_file(path)
    assert report.ok, report.problems
    fresh = tmp_path / "fresh.sqlite3"
    await (await SqliteStore.open(fresh)).close()
    assert _schema_of(path) == _schema_of(fresh)


async def test_v3_migrates_to_v4_with_its_runs_and_an_empty_prefs_table(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    build_v3(path)
    async with await SqliteStore.open(path) as store:
        assert store.schema_version == CURRENT and store.migrated_from == 3
        assert await store.load_prefs() == []
        runs = await store.list_runs("old2")
        assert [(r.number, r.label, r.status, r.started_version, r.started_at) for r in runs] == [
            (n, s, st, sv, sa) for _, n, s, st, sv, _, sa, _ in V3_RUNS
        ]
        entries = await store.read_log("old1")
        assert [e.kind for e in entries] == ["join", "join", "draw", "bump"]
        # The service carries on: the run started under v3 ends with its start known.
        service: GameService[Any, Any] = GameService(store, ToyAdapter())
        await service.start()
        old2 = v1_states()["old2"][1][-1]
        await service.act("old2", EndRun(player="owner"), expected_version=old2.version)
        (run,) = await store.list_runs("old2")
        assert (run.status, run.started_version, run.ended_version) == ("complete", 2, 4)
        # v4's preferences work on the migrated file.
        await store.save_prefs([Pref("old1", "published", "4"), Pref(None, "dm_closed:7", "true")])
        assert sorted(await store.load_prefs(), key=str) == sorted(
            [Pref("old1", "published", "4"), Pref(None, "dm_closed:7", "true")], key=str
        )
    # The append-only triggers survived the migration; prefs go with their campaign.
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE actions SET player = 'x' WHERE campaign_id = 'old1'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM actions WHERE campaign_id = 'old1'")
        db.execute("DELETE FROM campaigns WHERE id = 'old1'")
        assert db.execute("SELECT count(*) FROM campaign_prefs").fetchone()[0] == 0
        assert (
            db.execute("SELECT count(*) FROM actions WHERE campaign_id = 'old1'").fetchone()[0] == 0
        )
        assert db.execute("SELECT count(*) FROM prefs").fetchone()[0] == 1
    report = await check_file(path)
    assert report.ok, report.problems


@pytest.mark.parametrize("version", range(1, CURRENT))
async def test_every_earlier_version_migrates(tmp_path: Path, version: int) -> None:
    path = tmp_path / "fixer.sqlite3"
    build_at(path, version)
    async with await SqliteStore.open(path) as store:
        assert store.schema_version == CURRENT
        assert store.migrated_from == version
        # A copy of the file as it was, before anything changed.
        backup = store.pre_migration_backup
        assert backup is not None and backup.exists()
        with closing(sqlite3.connect(backup, isolation_level=None)) as old:
            assert old.execute("PRAGMA user_version").fetchone()[0] == version
        # Nothing lost: states, genesis, the whole log, interaction ids, timestamps.
        for cid, (genesis, states) in v1_states().items():
            stored = await store.load(cid)
            assert stored is not None
            assert ToyState.model_validate_json(stored.state) == states[-1]
            assert stored.info.created_at < stored.info.updated_at
            gversion, gstate = await store.genesis(cid)
            assert ToyState.model_validate_json(gstate) == genesis
            entries = await store.read_log(cid)
            assert [e.seq for e in entries] == list(range(1, len(states)))
            # v2 backfilled the kind from each action's JSON.
            assert all(e.kind == e.action.split('"type":"')[1].split('"')[0] for e in entries)
            assert entries[0].interaction_id == f"{cid}-i1"
        # The service carries on where the old bot stopped; replays agree.
        service: GameService[Any, Any] = GameService(store, ToyAdapter())
        started = await service.start()
        assert sorted(i.id for i in started.active) == ["old1", "old2"]
        old2 = v1_states()["old2"][1][-1]
        duplicate = await service.act(
            "old2", Bump(player="a"), expected_version=1, interaction_id="old2-i2"
        )
        assert duplicate.duplicate and duplicate.version == 2
        await service.act("old2", EndRun(player="owner"), expected_version=old2.version)
        runs = await store.list_runs("old2")
        # A run that began before v3 is recorded when it ends, with an unknown start.
        assert [(r.number, r.status, r.started_version) for r in runs] == [(1, "complete", None)]
        assert await service.verify("old1") and await service.verify("old2")
    report = await check_file(path)
    assert report.ok, report.problems
    fresh = tmp_path / "fresh.sqlite3"
    await (await SqliteStore.open(fresh)).close()
    assert _schema_of(path) == _schema_of(fresh)


async def test_a_current_database_is_not_migrated(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await (await SqliteStore.open(path)).close()
    async with await SqliteStore.open(path) as store:
        assert store.migrated_from is None and store.pre_migration_backup is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fixer.sqlite3"]


async def test_a_failing_migration_leaves_the_old_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fixer.sqlite3"
    build_v1(path)
    broken = [*schema.MIGRATIONS, "CREATE TABLE extra (x); INSERT INTO nowhere VALUES (1);"]
    monkeypatch.setattr(schema, "MIGRATIONS", broken)
    with pytest.raises(MigrationError) as exc:
        await SqliteStore.open(path)
    assert f"left at v{CURRENT}" in exc.value.message
    # Every step before the broken one is committed; the broken one left no trace.
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == CURRENT
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert "extra" not in tables
    monkeypatch.undo()
    async with await SqliteStore.open(path) as store:
        assert store.schema_version == CURRENT


async def test_refusing_to_migrate_when_told_not_to(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    build_v1(path)
    with pytest.raises(MigrationError) as exc:
        await SqliteStore.open(path, migrate=False)
    assert "schema v1" in exc.value.message
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
