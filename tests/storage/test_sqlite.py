"""SqliteStore: opening, refusing bad files, atomic commits, and bad conditions."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import schema
from bot.storage.base import CampaignStatus, NewAction, NewCampaign, RunInfo
from bot.storage.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    ChannelTakenError,
    CorruptDatabaseError,
    DatabaseLockedError,
    DatabaseMissingError,
    DatabaseOpenError,
    DiskFullError,
    DuplicateInteractionError,
    ForeignDatabaseError,
    SchemaTooNewError,
    VersionConflictError,
)
from bot.storage.sqlite import SqliteStore


def _fingerprint(directory: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.iterdir())
        if p.is_file()
    }


def _action(i: int, interaction: str | None = None, size: int = 10) -> NewAction:
    return NewAction(
        player="p",
        kind="bump",
        action=f'{{"type":"bump","n":{i}}}',
        events="[]",
        interaction_id=interaction,
    )


async def _campaign(
    store: SqliteStore, cid: str = "c1", channel: str | None = "ch1", game: str = "toy"
) -> None:
    await store.create_campaign(
        NewCampaign(id=cid, game=game, name=cid, owner="o", guild_id="g", channel_id=channel),
        version=0,
        state='{"v":0}',
    )


async def _commit(
    store: SqliteStore, cid: str, v: int, status: CampaignStatus | None = None, **kw: object
) -> None:
    await store.commit_action(
        cid,
        version_before=v,
        version_after=v + 1,
        state=f'{{"v":{v + 1}}}',
        action=_action(v, **kw),  # type: ignore[arg-type]
        status=status,
    )


async def test_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path) as store:
        assert store.schema_version == schema.current_version()
        assert store.migrated_from is None
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == schema.current_version()
    # A clean close leaves one self-contained file (WAL checkpointed away).
    assert [p.name for p in tmp_path.iterdir()] == ["fixer.sqlite3"]
    async with await SqliteStore.open(path) as store:
        assert await store.list_campaigns() == []


async def test_campaign_rows_and_the_log(tmp_path: Path) -> None:
    async with await SqliteStore.open(tmp_path / "f.db") as store:
        await _campaign(store)
        for v in range(3):
            await _commit(store, "c1", v, interaction=f"i{v}")
        stored = await store.load("c1")
        assert stored is not None and stored.state == '{"v":3}' and stored.info.version == 3
        entries = await store.read_log("c1")
        assert [(e.seq, e.version_before, e.interaction_id) for e in entries] == [
            (1, 0, "i0"),
            (2, 1, "i1"),
            (3, 2, "i2"),
        ]
        assert await store.read_log("c1", after_seq=1, limit=1) == entries[1:2]
        found = await store.find_interaction("c1", "i1")
        assert found == entries[1] and found.version_after == 2
        assert await store.genesis("c1") == (0, '{"v":0}')
        info = await store.find_active_by_channel("ch1", "toy")
        assert info is not None and info.id == "c1"
        assert await store.find_active_by_channel("ch1", "legends") is None
        with pytest.raises(CampaignExistsError):
            await _campaign(store, "c1", channel="other")
        with pytest.raises(ChannelTakenError):
            await _campaign(store, "c2", channel="ch1")
        await _campaign(store, "c2", channel=None)  # unbound campaigns are fine
        with pytest.raises(CampaignNotFoundError):
            await store.genesis("zzz")
        with pytest.raises(CampaignNotFoundError):
            await _commit(store, "zzz", 0)
        with pytest.raises(CampaignNotFoundError):
            await store.set_status("zzz", "archived")


async def test_games_share_a_channel_without_seeing_each_other(tmp_path: Path) -> None:
    """One active campaign per channel *and game*: another game's campaign in the channel
    neither blocks nor shows up."""
    async with await SqliteStore.open(tmp_path / "f.db") as store:
        await _campaign(store, "toy1", channel="ch1", game="toy")
        await _campaign(store, "leg1", channel="ch1", game="legends")
        with pytest.raises(ChannelTakenError) as exc:
            await _campaign(store, "toy2", channel="ch1", game="toy")
        assert "same game" in exc.value.message
        toy = await store.find_active_by_channel("ch1", "toy")
        legends = await store.find_active_by_channel("ch1", "legends")
        assert toy is not None and toy.id == "toy1"
        assert legends is not None and legends.id == "leg1"
        assert [c.id for c in await store.list_campaigns(game="toy")] == ["toy1"]
        assert [c.id for c in await store.list_campaigns(game="legends")] == ["leg1"]
        assert {c.id for c in await store.list_campaigns()} == {"toy1", "leg1"}
        assert await store.list_campaigns(game="tcg") == []
        # Moving and reopening obey the same rule.
        await _campaign(store, "toy3", channel="ch2", game="toy")
        with pytest.raises(ChannelTakenError):
            await store.rebind("toy3", guild_id="g", channel_id="ch1")
        await store.set_status("toy1", "finished")
        await store.rebind("toy3", guild_id="g", channel_id="ch1")
        with pytest.raises(ChannelTakenError):
            await store.set_status("toy1", "active")
        assert [c.id for c in await store.list_campaigns("finished", game="toy")] == ["toy1"]


async def test_commit_is_all_or_nothing(tmp_path: Path) -> None:
    async with await SqliteStore.open(tmp_path / "f.db") as store:
        await _campaign(store)
        await _commit(store, "c1", 0, interaction="once")
        with pytest.raises(DuplicateInteractionError):
            await _commit(store, "c1", 1, interaction="once")
        with pytest.raises(VersionConflictError):
            await _commit(store, "c1", 0)
        # Neither refused commit left anything: state, log and runs as before.
        stored = await store.load("c1")
        assert stored is not None and stored.info.version == 1
        assert len(await store.read_log("c1")) == 1
        # The run upsert is in the same transaction.
        await store.commit_action(
            "c1",
            version_before=1,
            version_after=2,
            state="{}",
            action=_action(1),
            run=RunInfo(number=1, label="s", status="active"),
        )
        await store.commit_action(
            "c1",
            version_before=2,
            version_after=3,
            state="{}",
            action=_action(2),
            status="finished",
            run=RunInfo(number=1, label="s", status="complete"),
        )
        runs = await store.list_runs("c1")
        assert [(r.status, r.started_version, r.ended_version) for r in runs] == [
            ("complete", 2, 3)
        ]
        info = await store.get_info("c1")
        assert info is not None and info.status == "finished"


async def test_the_log_is_append_only(tmp_path: Path) -> None:
    path = tmp_path / "f.db"
    async with await SqliteStore.open(path) as store:
        await _campaign(store)
        await _commit(store, "c1", 0)
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE actions SET player = 'mallory'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM actions")
        # Deleting a whole campaign takes its log with it.
        db.execute("DELETE FROM campaigns WHERE id = 'c1'")
        assert db.execute("SELECT count(*) FROM actions").fetchone()[0] == 0
        assert db.execute("SELECT count(*) FROM genesis").fetchone()[0] == 0


async def test_a_newer_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path) as store:
        await _campaign(store)
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA user_version = 99")
    before = _fingerprint(tmp_path)
    with pytest.raises(SchemaTooNewError) as exc:
        await SqliteStore.open(path)
    assert exc.value.found == 99 and exc.value.supported == schema.current_version()
    assert "newer version of Fixer" in exc.value.message and "not modified" in exc.value.message
    assert _fingerprint(tmp_path) == before


async def test_a_foreign_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, url TEXT)")
        db.execute("INSERT INTO photos (url) VALUES ('x')")
    before = _fingerprint(tmp_path)
    with pytest.raises(ForeignDatabaseError) as exc:
        await SqliteStore.open(path)
    assert "not Fixer's" in exc.value.message and "photos" in exc.value.message
    assert _fingerprint(tmp_path) == before


async def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    path.write_bytes(b"this is my shopping list, not a database\n" * 200)
    before = _fingerprint(tmp_path)
    with pytest.raises(CorruptDatabaseError) as exc:
        await SqliteStore.open(path)
    assert "not an SQLite database" in exc.value.message
    assert _fingerprint(tmp_path) == before


async def test_a_damaged_database(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path) as store:
        for i in range(30):
            await _campaign(store, f"c{i}", channel=None)
            await _commit(store, f"c{i}", 0)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    for p in range(1, len(data) // page):  # scribble over every page but the header's
        data[p * page : (p + 1) * page] = os.urandom(page)
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptDatabaseError) as exc:
        await SqliteStore.open(path)
    assert "restore" in exc.value.message


async def test_missing_directory_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DatabaseMissingError) as exc:
        await SqliteStore.open(tmp_path / "no" / "such" / "fixer.sqlite3")
    assert "does not exist" in exc.value.message
    with pytest.raises(DatabaseMissingError):
        await SqliteStore.open(tmp_path / "absent.sqlite3", create=False)
    assert not (tmp_path / "absent.sqlite3").exists()
    with pytest.raises(DatabaseOpenError):
        await SqliteStore.open(tmp_path)


async def test_one_bot_per_database(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    first = await SqliteStore.open(path, instance_lock=True)
    try:
        with pytest.raises(DatabaseLockedError) as exc:
            await SqliteStore.open(path, instance_lock=True)
        assert "Another Fixer process" in exc.value.message
        # Admin tools do not take the instance lock: they work alongside the bot.
        async with await SqliteStore.open(path) as admin:
            assert await admin.list_campaigns() == []
    finally:
        await first.close()
    await (await SqliteStore.open(path, instance_lock=True)).close()


async def test_a_locked_database_gives_a_clear_error_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path, busy_timeout=0.2) as store:
        await _campaign(store)
        await _commit(store, "c1", 0)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
        try:
            with pytest.raises(DatabaseLockedError) as exc:
                await _commit(store, "c1", 1)
            assert "locked" in exc.value.message
            assert "Try again" in exc.value.player_message
            stored = await store.load("c1")  # WAL: reads still work meanwhile
            assert stored is not None and stored.info.version == 1
        finally:
            other.execute("ROLLBACK")
            other.close()
        await _commit(store, "c1", 1)
        assert len(await store.read_log("c1")) == 2


async def test_a_locked_file_at_start_up(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    await (await SqliteStore.open(path)).close()
    with closing(sqlite3.connect(path, isolation_level=None)) as db:  # a rollback-journal file
        db.execute("PRAGMA journal_mode = DELETE")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(DatabaseLockedError):
            await SqliteStore.open(path, busy_timeout=0.1)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await (await SqliteStore.open(path)).close()


async def test_a_full_disk_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path) as store:
        await _campaign(store)
        await _commit(store, "c1", 0)
        pages = os.path.getsize(path) // 4096 + 8
    # max_page_count makes SQLite report SQLITE_FULL exactly as a full disk would.
    store = await SqliteStore.open(path, pragmas=[f"PRAGMA max_page_count = {pages}"])
    try:
        big = "x" * 200_000
        with pytest.raises(DiskFullError) as exc:
            await store.commit_action(
                "c1", version_before=1, version_after=2, state=big, action=_action(1)
            )
        assert "full" in exc.value.message and "intact" in exc.value.message
        stored = await store.load("c1")
        assert stored is not None and stored.info.version == 1 and stored.state == '{"v":1}'
        assert len(await store.read_log("c1")) == 1
        await _commit(store, "c1", 1)  # a small write still fits: the store is usable
    finally:
        await store.close()
    async with await SqliteStore.open(path) as store:
        assert (await store.check()).ok
        assert len(await store.read_log("c1")) == 2


async def test_status_and_rebind(tmp_path: Path) -> None:
    async with await SqliteStore.open(tmp_path / "f.db") as store:
        await _campaign(store, "c1", channel="ch")
        await store.set_status("c1", "archived")
        await _campaign(store, "c2", channel="ch")  # the channel is free again
        with pytest.raises(ChannelTakenError):
            await store.set_status("c1", "active")
        await store.rebind("c1", guild_id="g", channel_id="ch")  # archived: no conflict
        with pytest.raises(ChannelTakenError):
            await store.set_status("c1", "active")
        await store.rebind("c1", guild_id="g", channel_id="ch1")
        moved = await store.rebind("c2", guild_id="g2", channel_id="ch2")
        assert moved.channel_id == "ch2"
        await store.set_status("c1", "active")
        assert [c.id for c in await store.list_campaigns()] == ["c1", "c2"]
        assert [c.id for c in await store.list_campaigns("archived")] == []
        assert len(await store.list_campaigns(None, limit=1)) == 1


@pytest.mark.parametrize(
    ("synchronous", "one_trip"), [("NORMAL", True), ("FULL", True), ("FULL", False)]
)
async def test_a_commit_names_the_status_only_when_it_changes_it(
    tmp_path: Path, synchronous: str, one_trip: bool
) -> None:
    """Naming `status` in the UPDATE rewrites its indexes' entries (two more WAL pages a
    commit): the usual commit leaves it out and keeps the status; a finishing one sets it
    and frees the channel. On every commit path: inline (NORMAL), the writer's thread in
    one call (FULL), and statement by statement (aiosqlite without `_execute`)."""
    path = tmp_path / "f.db"
    async with await SqliteStore.open(path, synchronous=synchronous) as store:
        store.single_round_trip = one_trip
        await _campaign(store, "c1", channel="ch")
        statements: list[str] = []

        async def trace(callback: Callable[[str], object] | None) -> None:
            if store._inline is not None:  # NORMAL: commits are written on the event loop
                store._inline.set_trace_callback(callback)
            else:
                await store._w.set_trace_callback(callback)

        await trace(statements.append)
        await _commit(store, "c1", 0)
        updates = [s for s in statements if s.startswith("UPDATE campaigns")]
        assert len(updates) == 1 and "status" not in updates[0]
        stored = await store.load("c1")
        assert stored is not None and stored.info.status == "active" and stored.info.version == 1
        await _commit(store, "c1", 1, status="finished")
        await trace(None)
        assert "status = coalesce" in [s for s in statements if s.startswith("UPDATE")][-1]
        stored = await store.load("c1")
        assert stored is not None and stored.info.status == "finished" and stored.info.version == 2
        assert await store.find_active_by_channel("ch", "toy") is None
        assert (await store.check()).ok


async def test_concurrent_commits_on_many_campaigns(tmp_path: Path) -> None:
    async with await SqliteStore.open(tmp_path / "f.db", synchronous="NORMAL") as store:
        for i in range(20):
            await _campaign(store, f"c{i}", channel=None)

        async def drive(cid: str) -> None:
            for v in range(15):
                await _commit(store, cid, v, interaction=f"{cid}-{v}")

        await asyncio.gather(*(drive(f"c{i}") for i in range(20)))
        report = await store.check()
        assert report.ok, report.problems
        assert report.counts["actions"] == 300


@pytest.mark.parametrize("one_trip", [True, False])
async def test_group_commit_isolates_a_bad_request(tmp_path: Path, one_trip: bool) -> None:
    """Concurrent commits share transactions; one bad request fails alone."""
    async with await SqliteStore.open(tmp_path / "f.db") as store:
        store.single_round_trip = one_trip
        for i in range(10):
            await _campaign(store, f"c{i}", channel=None)
        await _commit(store, "c0", 0, interaction="taken")
        batches_before = store.batches
        good = [_commit(store, f"c{i}", 0, interaction=f"ok{i}") for i in range(1, 10)]
        stale = _commit(store, "c0", 0)  # c0 is at v1 already
        dup = store.commit_action(
            "c0", version_before=1, version_after=2, state="{}", action=_action(9, "taken")
        )
        outcomes = await asyncio.gather(*good, stale, dup, return_exceptions=True)
        assert outcomes[:9] == [None] * 9
        assert isinstance(outcomes[9], VersionConflictError)
        assert isinstance(outcomes[10], DuplicateInteractionError)
        assert store.batches - batches_before < 11, "some commits shared a transaction"
        for i in range(1, 10):
            stored = await store.load(f"c{i}")
            assert stored is not None and stored.info.version == 1
        stored = await store.load("c0")
        assert stored is not None and stored.info.version == 1
        assert (await store.check()).ok
