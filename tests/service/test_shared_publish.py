"""Publishing with two processes on one PostgreSQL (cogs/common/publisher.py): a table's
updates are posted one process at a time, and an update that comes out after a newer
one is followed by the current board, so the newest message carries current buttons."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from bot.service.contract import Applied
from bot.service.game import GameService
from bot.storage.postgres import PostgresStore
from cogs.common.prefs import Prefs
from cogs.common.runtime import GameRuntime
from tests.pg import SKIP_REASON, fresh_schema, pg_available, pg_url
from tests.service.toy import Bump, ToyAdapter, ToyState
from tests.service.util import make_table

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)

Posted = list[tuple[str, str, int]]  # (process, what, version), in posting order


class Runtime(GameRuntime[ToyState]):
    game, title, command = "toy", "Toy", "toy"

    def __init__(self, name: str, service: GameService[Any, Any], posted: Posted) -> None:
        super().__init__(None, service, Prefs(None))  # type: ignore[arg-type]
        self.name, self.posted = name, posted
        self.hold: asyncio.Event | None = None

    async def publish(self, cid: str, batch: Sequence[Applied[ToyState]]) -> None:
        if self.hold is not None:
            await self.hold.wait()  # a slow post (Discord took its time)
        self.posted.append((self.name, "update", batch[-1].version))

    async def post_board(self, cid: str, state: ToyState, note: str | None = None) -> None:
        self.posted.append((self.name, "board", state.version))

    async def on_click(self, interaction: Any, bid: Any) -> None: ...

    def owner_of(self, state: ToyState) -> str:
        return state.owner

    def name_of(self, state: ToyState) -> str:
        return state.id


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


async def test_one_process_at_a_time_posts_a_tables_updates(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    posted: Posted = []
    a = Runtime("a", GameService(stores[0], ToyAdapter()), posted)
    b = Runtime("b", GameService(stores[1], ToyAdapter()), posted)
    await make_table(a.service)
    await a.idle()
    posted.clear()
    a.hold = asyncio.Event()
    await a.service.act("t1", Bump(player="a"))  # v3, whose post waits (slowly)
    await asyncio.sleep(0.1)  # a holds the table's publish lock, its post unfinished
    await b.service.act("t1", Bump(player="b"))  # v4: b's post waits for a's
    await asyncio.sleep(0.2)
    assert posted == []  # one process at a time: b waits for a's lock
    a.hold.set()
    await a.idle()
    await b.idle()
    assert posted == [("a", "update", 3), ("b", "update", 4)]
    await a.close()
    await b.close()


async def test_an_update_posted_after_a_newer_one_is_followed_by_the_board(
    stores: tuple[PostgresStore, PostgresStore],
) -> None:
    posted: Posted = []
    a = Runtime("a", GameService(stores[0], ToyAdapter()), posted)
    b = Runtime("b", GameService(stores[1], ToyAdapter()), posted)
    a.closed = True  # its commit's update is posted below, by hand, late
    await make_table(a.service)
    v3 = await a.service.act("t1", Bump(player="a"))
    v4 = await b.service.act("t1", Bump(player="b"))  # b posts v4 at once
    await b.idle()
    assert posted == [("b", "update", 4)]
    await a._publish_in_turn("t1", [v3])  # a's update of v3 comes out after it
    assert posted == [("b", "update", 4), ("a", "update", 3), ("a", "board", v4.version)]
    await b.close()


async def test_mark_published_keeps_the_newest(stores: tuple[PostgresStore, PostgresStore]) -> None:
    a = GameService(stores[0], ToyAdapter())
    await make_table(a)
    assert await stores[0].mark_published("t1", 2) == -1
    assert await stores[1].mark_published("t1", 5) == 2
    assert await stores[0].mark_published("t1", 3) == 5  # older: 5 stays
    assert await stores[1].mark_published("t1", 6) == 5
    assert await stores[0].mark_published("nope", 1) == -1  # no such campaign: nothing
