"""`python -m bot db copy SRC DST`: SQLite to PostgreSQL and back, nothing lost."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import cli
from bot.storage.base import Pref, SavedItem, Store
from bot.storage.copy import copy_store
from bot.storage.errors import StorageError
from bot.storage.opener import open_store
from bot.storage.sqlite import SqliteStore
from tests.pg import SKIP_REASON, fresh_database, pg_available
from tests.storage.test_admin import _played

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)


Everything = tuple[list[object], list[tuple[str, str, str]], list[tuple[str, ...]]]


async def _everything(store: Store) -> Everything:
    exports = []
    for info in sorted(await store.list_campaigns(None), key=lambda i: i.id):
        data = await store.export_campaign(info.id)
        exports.append(data.model_dump(exclude={"exported_at", "schema_version"}))
    prefs = sorted((p.campaign_id or "", p.key, p.value or "") for p in await store.load_prefs())
    items = [(i.game, i.kind, i.owner, i.name, i.body) for i in await store.all_items()]
    return exports, prefs, items


def test_copy_sqlite_to_postgres_and_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The CLI runs its own event loop, so this test is synchronous."""
    src = tmp_path / "src.sqlite3"

    async def seed() -> Everything:
        await _played(src, tables=3)
        async with await SqliteStore.open(src) as store:
            await store.set_status("t1", "finished")
            await store.save_prefs([Pref("t0", "dm", '{"on":true}'), Pref(None, "closed:7", "1")])
            # A player's saved deck lists go along too.
            await store.save_item(SavedItem("tcg", "deck", "42", "Red Rush", '{"a": 1}'))
            await store.save_item(SavedItem("tcg", "deck", "7", "blue wall", '{"b": 2}'))
            return await _everything(store)

    async def read(target: str | Path) -> Everything:
        async with await open_store(target, create=False) as store:
            assert (await store.check()).ok
            return await _everything(store)

    before = asyncio.run(seed())
    assert len(before[0]) == 3 and len(before[1]) == 2 and len(before[2]) == 2
    back = tmp_path / "back.sqlite3"

    async def in_pg() -> str:
        async with fresh_database() as url:
            await asyncio.to_thread(pg_round_trip, url)
        return url

    def pg_round_trip(url: str) -> None:
        assert cli.main(["db", "copy", str(src), url]) == 0
        assert "3 campaigns" in capsys.readouterr().out
        assert asyncio.run(read(url)) == before
        assert cli.main(["--database", url, "db", "check"]) == 0
        # Into a database that is no longer empty: refused.
        assert cli.main(["db", "copy", str(src), url]) == 1
        assert cli.main(["db", "copy", url, str(back)]) == 0

    asyncio.run(in_pg())
    assert asyncio.run(read(back)) == before
    assert cli.main(["--database", str(back), "db", "check"]) == 0


async def test_copy_refuses_a_destination_with_data(tmp_path: Path) -> None:
    a, b = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    await _played(a, tables=1)
    await _played(b, tables=1)
    async with await SqliteStore.open(a) as src, await SqliteStore.open(b) as dst:
        with pytest.raises(StorageError, match="not empty"):
            await copy_store(src, dst)
