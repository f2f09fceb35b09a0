"""Table timers with two processes on one PostgreSQL (cogs/common/timers.py): a deadline
fires exactly once whoever armed it, a reminder series is sent once, and a process that
died (before its deadline, or holding a claim) has its timers taken over."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.service.contract import Applied
from bot.service.game import GameService
from bot.storage.postgres import PostgresStore
from cogs.common.timers import Deadline, Reminder, Timers, key_text
from tests.pg import SKIP_REASON, fresh_schema, pg_available, pg_url
from tests.service.toy import Bump, ToyAdapter, ToyState
from tests.service.util import make_table

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)

BUMPS = 3  # the toy table's deadline bumps its counter until it is 3


class Runtime:
    """What Timers needs of a game's runtime, over the toy game: a deadline bumps the
    counter (once per value) until BUMPS; with `remind`, the table waits on a player."""

    game = "toy"

    def __init__(self, service: GameService[Any, Any], *, remind: bool = False) -> None:
        self.service = service
        self.prefs: Any = None  # the shared timers keep nothing in the preferences
        self.time_scale = 1.0
        self.closed = False
        self.remind = remind
        self.said: list[str] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self.timers: Timers[ToyState] = Timers(self)  # type: ignore[arg-type]
        self.timers.sweep_every = 0.05
        self.timers.grace = 0.2
        service.subscribe(self._committed)

    def _committed(self, applied: Applied[ToyState]) -> None:
        self.timers.schedule(applied.campaign_id, applied.state)  # as publish does

    def spawn(self, coro: Any, *, name: str = "task") -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def deadline(self, state: ToyState) -> Deadline | None:
        if state.counter >= BUMPS:
            return None
        return Deadline(("bump", state.counter), 0.15)

    def deadline_action(self, state: ToyState, key: tuple[Any, ...]) -> Any | None:
        return Bump(player="a") if key == ("bump", state.counter) else None

    def reminder(self, state: ToyState) -> Reminder | None:
        return Reminder(("wait",), 0.1, ("1234",)) if self.remind else None

    def reminder_text(self, state: ToyState, number: int, who: str, minutes: float) -> str:
        return f"reminder {number} {who}"

    async def say_many(self, cid: str, text: str, people: Any) -> None:
        self.said.append(text)

    # The toy's AI seat: it bumps the counter once, after `ai_pace` seconds.
    ai_pace = 0.3
    ai_moves = 0
    hang_after_claim = False  # dies (hangs) between its claim and its move

    def kick_ai(self, cid: str, state: ToyState) -> None:
        if state.counter == 0:
            self.spawn(self._ai_move(cid, state.version))

    async def _ai_move(self, cid: str, version: int) -> None:
        if not await self.timers.ai_pause(cid, version, self.ai_pace):
            return
        if self.hang_after_claim:
            await asyncio.Event().wait()
        state = await self.service.get(cid)
        if state.version != version:
            return
        await self.service.act(cid, Bump(player="a"), expected_version=version)
        self.ai_moves += 1

    def die(self) -> None:
        """As the process's death: its timers stop (and it never claims again)."""
        self.closed = True
        self.timers.cancel()
        for task in list(self._tasks):
            task.cancel()


@pytest.fixture
async def stores() -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    async with fresh_schema() as schema:
        s1 = await PostgresStore.open(pg_url(), schema=schema)
        s2 = await PostgresStore.open(pg_url(), schema=schema)
        try:
            yield s1, s2
        finally:
            await s1.close()
            await s2.close()


def _services(stores: tuple[PostgresStore, PostgresStore]) -> list[GameService[Any, Any]]:
    return [GameService(s, ToyAdapter()) for s in stores]


async def _timer_bumps(store: PostgresStore) -> int:
    return sum(1 for e in await store.read_log("t1") if e.kind == "bump")


async def _wait(check: Any, timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not await check():
        assert time.monotonic() < end, "not in time"
        await asyncio.sleep(0.02)


async def test_a_deadline_armed_by_both_processes_fires_once(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = (Runtime(svc) for svc in _services(stores))
    await a.service.start()
    await b.service.start()
    state = await make_table(a.service)
    a.timers.schedule("t1", state)
    b.timers.schedule("t1", await b.service.get("t1"))  # both show the table

    async def done() -> bool:
        return (await a.service.get("t1", fresh=True)).counter == BUMPS

    await _wait(done)
    await asyncio.sleep(0.4)  # nothing more fires later
    assert await _timer_bumps(stores[0]) == BUMPS
    assert await a.service.verify("t1")
    a.die()
    b.die()


async def test_a_deadline_of_a_process_that_died_is_fired_by_the_other(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = (Runtime(svc) for svc in _services(stores))
    state = await make_table(a.service)
    a.timers.schedule("t1", state)  # only a knows the table
    await asyncio.sleep(0.05)  # armed (the row is written)
    a.die()
    b.timers.start()  # b only sweeps

    async def done() -> bool:
        return (await b.service.get("t1", fresh=True)).counter == BUMPS

    await _wait(done)
    assert b.timers.taken_over >= 1
    assert await _timer_bumps(stores[1]) == BUMPS
    b.die()


async def test_a_claim_that_ran_out_is_taken_over(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    """The process claimed the deadline and died before firing it: once its claim runs
    out (`lease`), another process fires it."""
    a, b = (Runtime(svc) for svc in _services(stores))
    for rt in (a, b):
        rt.timers.lease = 0.5
    state = await make_table(a.service)
    a.timers.schedule("t1", state)
    await asyncio.sleep(0.05)
    a.die()
    now = time.time() + 1.0  # (the deadline is 0.15 s away: claim it as if due)
    claimed = await stores[0].claim_timer(
        "t1", "deadline", key_text(("bump", 0)), now=now, lease=0.5
    )
    assert claimed is not None
    # While the claim holds, nobody else can take it.
    assert await stores[1].claim_timer("t1", "deadline", claimed.key, now=now) is None
    started = time.monotonic()
    b.timers.start()

    async def bumped() -> bool:
        return (await b.service.get("t1", fresh=True)).counter >= 1

    await _wait(bumped)
    assert time.monotonic() - started > 0.5  # only after the claim ran out
    b.die()


async def test_a_reminder_series_goes_out_once_across_processes(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = (Runtime(svc, remind=True) for svc in _services(stores))
    for rt in (a, b):
        rt.deadline = lambda state: None  # type: ignore[method-assign]
    state = await make_table(a.service)
    a.timers.schedule("t1", state)
    b.timers.schedule("t1", await b.service.get("t1"))
    await asyncio.sleep(0.8)
    said = sorted(a.said + b.said)
    assert said == ["reminder 1 <@1234>", "reminder 2 <@1234>", "reminder 3 <@1234>"]
    # The same situation armed again later does not start the series over.
    a.timers._tables.clear()
    a.timers.schedule("t1", state)
    await asyncio.sleep(0.3)
    assert len(a.said + b.said) == 3
    a.die()
    b.die()


async def test_a_stale_arm_does_not_replace_a_newer_situation(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = (Runtime(svc) for svc in _services(stores))
    await make_table(a.service)
    await a.service.act("t1", Bump(player="b"))  # v3, counter 1
    new = await a.service.get("t1")
    a.timers.schedule("t1", new)
    await asyncio.sleep(0.05)
    old = new.model_copy(update={"version": 2, "counter": 0})
    b.timers.schedule("t1", old)  # a process a moment behind
    await asyncio.sleep(0.05)
    async with stores[0]._pool.acquire() as conn:
        rows = await conn.fetch("SELECT key, version FROM timers")
    assert [(r["key"], r["version"]) for r in rows] == [(key_text(("bump", 1)), 3)]
    a.die()
    b.die()


# ---- an AI seat's pending move ---------------------------------------------------------


def _ai_runtimes(stores: tuple[PostgresStore, PostgresStore]) -> tuple[Runtime, Runtime]:
    a, b = (Runtime(svc) for svc in _services(stores))
    for rt in (a, b):
        rt.deadline = lambda state: None  # type: ignore[method-assign]
    return a, b


async def _timer_rows(store: PostgresStore) -> list[tuple[str, str]]:
    async with store._pool.acquire() as conn:
        return [(r["kind"], r["key"]) for r in await conn.fetch("SELECT kind, key FROM timers")]


async def test_an_ai_move_kicked_by_both_processes_is_made_once(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = _ai_runtimes(stores)
    state = await make_table(a.service)
    a.kick_ai("t1", state)
    b.kick_ai("t1", await b.service.get("t1"))
    await asyncio.sleep(0.8)
    assert (a.ai_moves, b.ai_moves) in ((1, 0), (0, 1))
    assert await _timer_bumps(stores[0]) == 1
    assert await _timer_rows(stores[0]) == []  # dropped once the table moved on
    a.die()
    b.die()


async def test_an_ai_move_of_a_process_that_died_during_its_pacing_is_made_by_the_other(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    """The process that committed (and so was to move the AI) dies before the AI's
    pacing is over: the other one's sweeper takes the pending move over, once."""
    a, b = _ai_runtimes(stores)
    state = await make_table(a.service)
    a.kick_ai("t1", state)
    await asyncio.sleep(0.1)  # the pending move is a row now
    assert await _timer_rows(stores[0]) == [("ai", key_text(("move", state.version)))]
    a.die()
    started = time.monotonic()
    b.timers.start()  # b only sweeps: it never saw the commit

    async def moved() -> bool:
        return (await b.service.get("t1", fresh=True)).counter == 1

    await _wait(moved)
    assert time.monotonic() - started >= 0.2 + b.timers.grace - 0.1  # due, then grace
    await asyncio.sleep(0.5)
    assert (a.ai_moves, b.ai_moves) == (0, 1)
    assert b.timers.taken_over == 1
    assert await _timer_bumps(stores[1]) == 1
    assert await _timer_rows(stores[1]) == []
    b.die()


async def test_an_ai_move_claimed_by_a_process_that_died_is_made_once_its_lease_ran_out(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    a, b = _ai_runtimes(stores)
    for rt in (a, b):
        rt.timers.lease = 0.5
    a.hang_after_claim = True
    state = await make_table(a.service)
    a.kick_ai("t1", state)
    await asyncio.sleep(a.ai_pace + 0.1)  # claimed, and never made
    a.die()
    b.timers.start()

    async def moved() -> bool:
        return (await b.service.get("t1", fresh=True)).counter == 1

    await _wait(moved)
    await asyncio.sleep(0.3)
    assert (a.ai_moves, b.ai_moves) == (0, 1)
    assert await _timer_bumps(stores[1]) == 1
    b.die()
