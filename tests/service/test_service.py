"""The game service: load → check → apply → commit → publish."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.service.contract import Applied, Refused
from bot.service.game import GameService
from bot.storage.errors import StorageError
from bot.storage.sqlite import SqliteStore
from rules.core.errors import IllegalAction
from tests.service.toy import (
    Bump,
    Claim,
    Draw,
    EndRun,
    Finish,
    Join,
    Play,
    StartRun,
    ToyAdapter,
    ToyState,
    invariants,
    new_toy,
)
from tests.service.util import make_table

Service = GameService[Any, Any]


@pytest.mark.sqlite_only
async def test_act_commits_before_answering(service: Service, db_path: Path) -> None:
    await make_table(service)
    result = await service.act("t1", Draw(player="a"), expected_version=2, interaction_id="i1")
    assert result.version == 3 and result.seq == 3 and not result.duplicate
    assert [e.kind for e in result.events] == ["drew", "drew_card"]
    assert result.events[1].seats == (0,)
    # On disk, through another connection, the moment act() returned.
    with closing(sqlite3.connect(db_path, isolation_level=None)) as raw:
        version, state = raw.execute("SELECT version, state FROM campaigns").fetchone()
        (n,) = raw.execute("SELECT count(*) FROM actions").fetchone()
    assert version == 3 and n == 3
    assert ToyState.model_validate_json(state) == result.state
    assert await service.verify("t1")


async def test_refusals_change_nothing(service: Service, store: SqliteStore) -> None:
    before = await make_table(service)
    log_before = await store.read_log("t1")
    with pytest.raises(IllegalAction) as exc:
        await service.act("t1", Draw(player="b"))  # not b's turn
    assert exc.value.refusal.code == "not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        await service.act("t1", Play(player="a", card=99))
    assert exc.value.refusal.code == "not_in_hand"
    with pytest.raises(Refused) as stale:
        await service.act("t1", Draw(player="a"), expected_version=1)
    assert stale.value.refusal.code == "stale"
    assert "version 1" in stale.value.refusal.message and "now at 2" in stale.value.refusal.message
    with pytest.raises(Refused) as missing:
        await service.act("nope", Draw(player="a"))
    assert missing.value.refusal.code == "no_campaign"
    assert await service.get("t1") == before
    assert await store.read_log("t1") == log_before
    stored = await store.load("t1")
    assert stored is not None and stored.info.version == 2


async def test_retried_interaction_is_applied_once(service: Service, store: SqliteStore) -> None:
    await make_table(service)
    first = await service.act("t1", Draw(player="a"), expected_version=2, interaction_id="x")
    # Discord retries the same interaction: same id, same (now stale) version.
    again = await service.act("t1", Draw(player="a"), expected_version=2, interaction_id="x")
    assert again.duplicate and again.version == first.version and again.seq == first.seq
    assert again.events == first.events
    # Without a version, the unique index catches it.
    third = await service.act("t1", Draw(player="a"), interaction_id="x")
    assert third.duplicate and third.seq == first.seq
    assert len(await store.read_log("t1")) == 3
    assert (await service.get("t1")).version == 3
    # The same id on another table is another interaction.
    await make_table(service, "t2")
    other = await service.act("t2", Draw(player="a"), interaction_id="x")
    assert not other.duplicate


async def test_simultaneous_retries_apply_once(service: Service, store: SqliteStore) -> None:
    await make_table(service)
    results = await asyncio.gather(
        *[
            service.act("t1", Bump(player="a"), expected_version=2, interaction_id="same")
            for _ in range(20)
        ]
    )
    assert sum(not r.duplicate for r in results) == 1
    assert {r.version for r in results} == {3}
    assert (await service.get("t1")).counter == 1
    assert len(await store.read_log("t1")) == 3


async def test_double_click_same_version_one_wins(service: Service, store: SqliteStore) -> None:
    await make_table(service)
    outcomes = await asyncio.gather(
        *[
            service.act("t1", Bump(player="a"), expected_version=2, interaction_id=f"c{i}")
            for i in range(50)
        ],
        return_exceptions=True,
    )
    applied = [o for o in outcomes if isinstance(o, Applied)]
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(applied) == 1 and len(refused) == 49
    assert {r.refusal.code for r in refused} == {"stale"}
    assert (await service.get("t1")).counter == 1
    assert await service.verify("t1")


async def test_many_simultaneous_actions_one_table(service: Service, store: SqliteStore) -> None:
    await make_table(service, players=("a", "b", "c", "d"))
    bumps = [service.act("t1", Bump(player=p)) for p in "abcd" for _ in range(25)]
    claims = [service.act("t1", Claim(player=p)) for p in "abcd"]
    strangers = [service.act("t1", Bump(player="zed")) for _ in range(10)]
    outcomes = await asyncio.gather(*bumps, *claims, *strangers, return_exceptions=True)
    bump_out, claim_out, stranger_out = outcomes[:100], outcomes[100:104], outcomes[104:]
    assert all(isinstance(o, Applied) for o in bump_out)
    assert sum(isinstance(o, Applied) for o in claim_out) == 1
    assert all(
        isinstance(o, IllegalAction) and o.refusal.code == "claimed"
        for o in claim_out
        if not isinstance(o, Applied)
    )
    assert all(isinstance(o, IllegalAction) for o in stranger_out)
    state = await service.get("t1")
    assert state.counter == 100 and state.version == 4 + 101
    log_rows = await store.read_log("t1")
    assert [e.seq for e in log_rows] == list(range(1, 106))
    assert all(e.version_before == e.seq - 1 for e in log_rows)
    versions = sorted(o.version for o in outcomes if isinstance(o, Applied))
    assert versions == list(range(5, 106)), "every success got its own version, once"
    assert await service.verify("t1")
    assert service.stats()["locks"] == 0


async def test_many_tables_at_once_with_a_small_cache(store: SqliteStore) -> None:
    service: Service = GameService(store, ToyAdapter(), cache_size=4)
    n = 30
    await asyncio.gather(*[make_table(service, f"t{i}", seed=i) for i in range(n)])

    async def drive(cid: str) -> None:
        for _ in range(10):
            await service.act(cid, Bump(player="a"))
            await service.act(cid, Bump(player="b"))

    await asyncio.gather(*[drive(f"t{i}") for i in range(n)])
    stats = service.stats()
    assert stats["cached"] <= 4 and stats["evictions"] > 0 and stats["locks"] == 0
    for i in range(n):
        state = await service.get(f"t{i}")
        assert state.counter == 20 and state.version == 22
        assert await service.verify(f"t{i}")


async def test_cancelled_caller_does_not_half_apply(service: Service, store: SqliteStore) -> None:
    await make_table(service)
    tasks = [asyncio.ensure_future(service.act("t1", Bump(player="a"))) for _ in range(10)]
    await asyncio.sleep(0)
    for t in tasks[::2]:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await service.drain()
    # Cancelled callers' actions still completed: the cache, the disk and the log agree.
    state = await service.get("t1")
    stored = await store.load("t1")
    assert stored is not None and stored.info.version == state.version
    assert state.counter == 10
    assert await service.verify("t1")


async def test_runs_and_finish(service: Service, store: SqliteStore) -> None:
    await make_table(service, channel="c1")
    await service.act("t1", StartRun(player="owner", scenario="heist"))
    runs = await store.list_runs("t1")
    assert [(r.number, r.status, r.started_version) for r in runs] == [(1, "active", 3)]
    await service.act("t1", Bump(player="a"))  # no change to the run: no write to runs
    await service.act("t1", EndRun(player="owner"))
    await service.act("t1", StartRun(player="owner", scenario="escape"))
    runs = await store.list_runs("t1")
    assert [(r.number, r.label, r.status, r.ended_version) for r in runs] == [
        (1, "heist", "complete", 5),
        (2, "escape", "active", None),
    ]
    # A new campaign cannot take an occupied channel…
    with pytest.raises(Refused) as taken:
        await service.create(
            campaign_id="t2", name="x", owner="o", state=new_toy("t2", seed=2), channel_id="c1"
        )
    assert taken.value.refusal.code == "channel_taken"
    # …until the first one is finished.
    await service.act("t1", Finish(player="owner"))
    info = await store.get_info("t1")
    assert info is not None and info.status == "finished"
    with pytest.raises(Refused) as closed:
        await service.act("t1", Bump(player="a"))
    assert closed.value.refusal.code == "campaign_closed"
    await service.create(
        campaign_id="t2", name="x", owner="o", state=new_toy("t2", seed=2), channel_id="c1"
    )
    found = await service.for_channel("c1")
    assert found is not None and found.id == "t2"


async def test_archive_and_move(service: Service, store: SqliteStore) -> None:
    await make_table(service, channel="c1")
    moved = await service.move("t1", guild_id="g2", channel_id="c9")
    assert (moved.guild_id, moved.channel_id) == ("g2", "c9")
    await service.set_status("t1", "archived")
    with pytest.raises(Refused):
        await service.act("t1", Bump(player="a"))
    assert await service.for_channel("c9") is None
    await service.set_status("t1", "active")
    await service.act("t1", Bump(player="a"))


async def test_start_lists_and_warms_active_tables(db_path: Path) -> None:
    async with await SqliteStore.open(db_path) as store:
        svc: Service = GameService(store, ToyAdapter())
        for i in range(5):
            await make_table(svc, f"t{i}", seed=i)
        await svc.set_status("t4", "finished")
    with closing(sqlite3.connect(db_path, isolation_level=None)) as raw:
        raw.execute("UPDATE campaigns SET state = '{\"broken\": 1}' WHERE id = 't3'")
    async with await SqliteStore.open(db_path) as store:
        svc = GameService(store, ToyAdapter(), cache_size=8)
        report = await svc.start()
        assert sorted(i.id for i in report.active) == ["t0", "t1", "t2", "t3"]
        assert report.warmed == 3 and report.unreadable == ["t3"]
        assert sorted(svc.cached_ids()) == ["t0", "t1", "t2"]
        with pytest.raises(Refused) as unreadable:
            await svc.act("t3", Bump(player="a"))
        assert unreadable.value.refusal.code == "table_unreadable"
        await svc.act("t0", Bump(player="a"))


@pytest.mark.sqlite_only
async def test_listeners_run_after_commit(service: Service, db_path: Path) -> None:
    await make_table(service)
    seen: list[tuple[int, int]] = []

    def listener(result: Applied[Any]) -> None:
        with closing(sqlite3.connect(db_path, isolation_level=None)) as raw:
            (on_disk,) = raw.execute("SELECT version FROM campaigns").fetchone()
        seen.append((result.version, on_disk))

    def broken(result: Applied[Any]) -> None:
        raise RuntimeError("listener bug")

    service.subscribe(listener)
    service.subscribe(broken)
    await asyncio.gather(*[service.act("t1", Bump(player="a")) for _ in range(5)])
    assert seen == [(v, v) for v in range(3, 8)]


async def test_version_conflict_with_another_writer(db_path: Path) -> None:
    """Two services on one file (what the instance lock prevents): never a lost update."""
    async with (
        await SqliteStore.open(db_path) as s1,
        await SqliteStore.open(db_path) as s2,
    ):
        a: Service = GameService(s1, ToyAdapter())
        b: Service = GameService(s2, ToyAdapter())
        await make_table(a)
        await b.get("t1")  # b caches v2
        await a.act("t1", Bump(player="a"))  # v3 behind b's back
        # The loser of the race reloads and checks its action again: it goes through on
        # the table as it is on disk, nothing of a's is overwritten.
        result = await b.act("t1", Bump(player="b"))
        assert result.version == 4 and result.state.counter == 2
        assert b.stats()["conflicts"] == 1
        assert await a.verify("t1")
        # A click made for the version b had cached is a clear refusal, not a lost update.
        await a.act("t1", Bump(player="a"))
        with pytest.raises(Refused) as stale:
            await b.act("t1", Bump(player="b"), expected_version=4)
        assert stale.value.refusal.code == "stale"
        assert (await a.get("t1")).counter == 3


async def test_engine_that_forgets_the_version_is_stopped(store: SqliteStore) -> None:
    class Sloppy(ToyAdapter):
        def apply(self, state: ToyState, action: Any) -> tuple[ToyState, list[Any]]:
            new, events = super().apply(state, action)
            return new.model_copy(update={"version": state.version}), list(events)

    good: Service = GameService(store, ToyAdapter())
    await make_table(good)
    bad: Service = GameService(store, Sloppy())
    with pytest.raises(RuntimeError):
        await bad.act("t1", Bump(player="a"))
    stored = await store.load("t1")
    assert stored is not None and stored.info.version == 2


async def test_storage_failure_is_typed_and_loses_nothing(db_path: Path) -> None:
    store = await SqliteStore.open(db_path)
    svc: Service = GameService(store, ToyAdapter())
    await make_table(svc)
    await store.close()  # the database goes away under the service
    with pytest.raises(StorageError) as exc:
        await svc.act("t1", Bump(player="a"))
    assert "nothing changed" in exc.value.player_message
    async with await SqliteStore.open(db_path) as reopened:
        stored = await reopened.load("t1")
        assert stored is not None and stored.info.version == 2


@pytest.mark.sqlite_only
async def test_logs_never_carry_hidden_information(
    service: Service, store: SqliteStore, caplog: pytest.LogCaptureFixture, db_path: Path
) -> None:
    caplog.set_level(logging.DEBUG)
    secret_state = "SECRET-IN-STATE"
    secret_action = "SECRET-IN-ACTION"
    await make_table(service, padding=0)
    await service.create(
        campaign_id="s1",
        name="secrets",
        owner="owner",
        state=new_toy("s1", seed=3).model_copy(update={"padding": secret_state}),
    )
    await service.act("s1", Join(player="a"))
    await service.act("s1", StartRun(player="owner", scenario=secret_action), interaction_id="i")
    await service.act("s1", StartRun(player="owner", scenario=secret_action), interaction_id="i")
    with pytest.raises(IllegalAction):
        await service.act("s1", StartRun(player="owner", scenario=secret_action))
    with pytest.raises(Refused):
        await service.act(
            "s1", StartRun(player="owner", scenario=secret_action), expected_version=0
        )
    with closing(sqlite3.connect(db_path, isolation_level=None)) as raw:
        raw.execute(
            "UPDATE campaigns SET state = json_set(state, '$.players', ?) WHERE id = 's1'",
            (secret_state,),
        )
    fresh: Service = GameService(store, ToyAdapter())
    with pytest.raises(Refused):
        await fresh.act("s1", Bump(player="a"))
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "s1" in text  # ids are logged…
    assert secret_state not in text and secret_action not in text  # …payloads never


async def test_invariants_hold_along_a_long_game(service: Service) -> None:
    import random

    from tests.service.toy import scripted_action

    await make_table(service)
    rnd = random.Random(5)
    for _ in range(300):
        state = await service.get("t1")
        with contextlib.suppress(IllegalAction):
            await service.act("t1", scripted_action(state, rnd), expected_version=state.version)
        invariants(await service.get("t1"))
    assert await service.verify("t1")


async def test_memory_follows_the_cache_not_the_campaigns(db_path: Path) -> None:
    import gc
    import tracemalloc

    async with await SqliteStore.open(db_path, synchronous="NORMAL") as store:
        pass
    genesis = new_toy("x", seed=1, padding=1000).model_dump_json()
    with closing(sqlite3.connect(db_path, isolation_level=None)) as raw:
        raw.execute("BEGIN")
        for i in range(2000):
            cid = f"old{i}"
            state = genesis.replace('"id":"x"', f'"id":"{cid}"')
            raw.execute(
                "INSERT INTO campaigns VALUES (?, 'toy', ?, 'o', 'g', ?, 'finished', 0, 1, 1, ?)",
                (cid, cid, cid, state),
            )
            raw.execute("INSERT INTO genesis VALUES (?, 0, ?)", (cid, state))
        raw.execute("COMMIT")
    async with await SqliteStore.open(db_path) as store:
        service: Service = GameService(store, ToyAdapter(), cache_size=32)
        report = await service.start()
        assert report.active == [] and service.stats()["cached"] == 0
        for i in range(500):
            await service.get(f"old{i}")
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for i in range(500, 2000):
                await service.get(f"old{i}")
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        stats = service.stats()
        assert stats["cached"] == 32 and stats["locks"] == 0 and stats["in_flight"] == 0
        # 1,500 more campaigns seen: a bounded string cache may fill, tables do not pile up
        # (keeping 1,500 toy tables would take about 5 MiB).
        assert grown < 1.5 * 2**20, grown
