"""Two game services on one PostgreSQL, as two bot processes are: cached copies kept
fresh (NOTIFY or a version check on read), commit races lost without losing anything."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.service.contract import Refused
from bot.service.game import GameService
from bot.storage.postgres import PostgresStore
from tests.pg import SKIP_REASON, fresh_schema, pg_available, pg_url
from tests.service.toy import Bump, Claim, ToyAdapter
from tests.service.util import make_table

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)

Service = GameService[Any, Any]
Pair = tuple[Service, Service]


@pytest.fixture(params=["notify", "read"])
async def pair(request: pytest.FixtureRequest) -> AsyncIterator[Pair]:
    """Two services, each on a store (a pool) of its own, on one schema."""
    async with fresh_schema() as schema:
        s1 = await PostgresStore.open(pg_url(), schema=schema)
        s2 = await PostgresStore.open(pg_url(), schema=schema)
        try:
            a: Service = GameService(s1, ToyAdapter(), cache_check=request.param)
            b: Service = GameService(s2, ToyAdapter(), cache_check=request.param)
            await a.start()
            await b.start()
            yield a, b
        finally:
            await s1.close()
            await s2.close()


async def _until(check: Any, timeout: float = 3.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await check():
        assert loop.time() < end, "not seen in time"
        await asyncio.sleep(0.01)


async def test_a_commit_in_one_process_is_seen_by_the_other(pair: Pair) -> None:
    a, b = pair
    await make_table(a)
    assert (await b.get("t1")).version == 2  # b caches v2
    await a.act("t1", Bump(player="a"))

    async def fresh() -> bool:
        return bool((await b.get("t1")).version == 3)

    # By NOTIFY (dropped from b's cache) or by the version check on read.
    await _until(fresh)
    assert (await b.get("t1")).counter == 1


async def test_concurrent_actions_from_both_processes_are_all_applied_once(pair: Pair) -> None:
    a, b = pair
    await make_table(a)
    await b.get("t1")
    n = 15
    results = await asyncio.gather(
        *[
            svc.act("t1", Bump(player="a"), interaction_id=f"{i}-{j}")
            for j, svc in enumerate((a, b))
            for i in range(n)
        ]
    )
    # Every acknowledged action is in the log exactly once, in one chain of versions.
    assert sorted(r.version for r in results) == list(range(3, 3 + 2 * n))
    log = await a.store.read_log("t1")
    ids = [e.interaction_id for e in log if e.interaction_id]
    assert sorted(ids) == sorted(f"{i}-{j}" for j in range(2) for i in range(n))
    # a's cached copy catches up with b's last commits (NOTIFY arrives a moment after
    # the commit; the read check sees it at once).

    async def caught_up() -> bool:
        return bool((await a.get("t1")).version == 2 + 2 * n)

    await _until(caught_up)
    assert (await a.get("t1")).counter == 2 * n
    assert await a.verify("t1")


async def test_the_same_click_in_both_processes_is_applied_once(pair: Pair) -> None:
    """A retried interaction may reach either process: one applies it, the other answers
    with the recorded result."""
    a, b = pair
    await make_table(a)
    await b.get("t1")
    one, two = await asyncio.gather(
        a.act("t1", Bump(player="a"), expected_version=2, interaction_id="click"),
        b.act("t1", Bump(player="a"), expected_version=2, interaction_id="click"),
    )
    assert {one.duplicate, two.duplicate} == {False, True}
    assert one.version == two.version == 3
    assert (await a.get("t1")).counter == 1
    assert len(await a.store.read_log("t1")) == 3


async def test_two_clicks_for_one_version_one_wins_the_other_is_told(pair: Pair) -> None:
    a, b = pair
    await make_table(a)
    await b.get("t1")
    outcomes = await asyncio.gather(
        a.act("t1", Claim(player="a"), expected_version=2, interaction_id="x"),
        b.act("t1", Claim(player="b"), expected_version=2, interaction_id="y"),
        return_exceptions=True,
    )
    won = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(won) == 1 and len(refused) == 1
    assert refused[0].refusal.code == "stale"
    assert "older state" in refused[0].refusal.message
    state = await a.get("t1")
    assert state.claimed_by == won[0].state.claimed_by


async def test_a_click_for_a_version_only_the_other_process_has_seen(pair: Pair) -> None:
    """b's copy is a moment old (the notification is on its way) when a click made
    for the board a just posted reaches b: b reloads instead of calling it stale."""
    a, b = pair
    await make_table(a)
    await b.get("t1")
    b._remote_commit = lambda cid, version: None  # type: ignore[method-assign]
    await a.act("t1", Bump(player="a"))  # v3; b still caches v2 (notify mode)
    result = await b.act("t1", Bump(player="b"), expected_version=3)
    assert result.version == 4
    assert (await a.get("t1", fresh=True)).counter == 2


async def test_a_finished_campaign_is_refused_by_the_other_process(pair: Pair) -> None:
    a, b = pair
    await make_table(a)
    await b.get("t1")
    await a.set_status("t1", "finished")
    with pytest.raises(Refused) as closed:
        await b.act("t1", Bump(player="b"))
    assert closed.value.refusal.code == "campaign_closed"
