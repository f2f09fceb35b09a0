"""Players' saved items (schema v6): game-neutral rows keyed by game, kind, owner and
name (case-insensitive), kept across reopenings and added by the v5 -> v6 migration."""

from __future__ import annotations

import asyncio
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.storage import schema
from bot.storage.base import Pref, SavedItem, Store
from bot.storage.errors import StorageError
from bot.storage.sqlite import SqliteStore


def _item(name: str, body: str = '{"a": 1}', owner: str = "42", game: str = "tcg") -> SavedItem:
    return SavedItem(game=game, kind="deck", owner=owner, name=name, body=body)


@pytest.mark.parametrize("synchronous", ["FULL", "NORMAL"])
async def test_save_list_load_replace_delete(tmp_path: Path, synchronous: str) -> None:
    db = tmp_path / "f.sqlite3"
    store = await SqliteStore.open(db, synchronous=synchronous)
    try:
        await store.save_item(_item("Red Rush"))
        await store.save_item(_item("blue wall"))
        await store.save_item(_item("Red Rush", owner="7"))  # another player's
        await store.save_item(_item("Red Rush", game="other"))  # another game's
        assert [i.name for i in await store.list_items("tcg", "deck", "42")] == [
            "blue wall",
            "Red Rush",
        ]
        # Names compare case-insensitively; saving again replaces (and renames).
        await store.save_item(_item("RED RUSH", body='{"a": 2}'))
        got = await store.load_item("tcg", "deck", "42", "red rush")
        assert got is not None and got.body == '{"a": 2}' and got.name == "RED RUSH"
        assert len(await store.list_items("tcg", "deck", "42")) == 2
        assert await store.delete_item("tcg", "deck", "42", "Red rush")
        assert not await store.delete_item("tcg", "deck", "42", "Red rush")
        assert await store.load_item("tcg", "deck", "42", "red rush") is None
        assert await store.load_item("tcg", "deck", "7", "red rush") is not None
        with pytest.raises(StorageError):
            await store.save_item(_item("bad", body="not json"))
    finally:
        await store.close()
    store = await SqliteStore.open(db)  # kept on disk
    try:
        assert [i.name for i in await store.list_items("tcg", "deck", "42")] == ["blue wall"]
    finally:
        await store.close()


def _in_one_step(coro: Any) -> Any:
    """Run `coro` to its end in a single step (no suspension: no thread hop)."""
    with pytest.raises(StopIteration) as done:
        coro.send(None)
    return done.value.value


async def test_with_normal_short_writes_do_not_leave_the_event_loop(tmp_path: Path) -> None:
    """Saved items and preferences are written on the event loop like action commits
    (fsync'd by the flusher): on the writer's thread they held the write lock for a
    hop there and back, and a player's next action waited for it."""
    db = tmp_path / "f.sqlite3"
    async with await SqliteStore.open(db, synchronous="NORMAL") as store:
        assert store.flusher is not None
        asked = store.flusher._asked
        _in_one_step(store.save_item(_item("Red Rush")))
        assert _in_one_step(store.delete_item("tcg", "deck", "42", "red rush")) is True
        assert _in_one_step(store.delete_item("tcg", "deck", "42", "red rush")) is False
        _in_one_step(store.save_prefs([Pref(campaign_id=None, key="k", value='"v"')]))
        assert store.flusher._asked == asked + 4  # each one fsync'd by the flusher
        _in_one_step(store.save_item(_item("kept")))
        with pytest.raises(StorageError):
            await store.save_item(_item("bad", body="not json"))
    with closing(sqlite3.connect(db)) as conn:
        assert conn.execute("SELECT name FROM saved_items").fetchall() == [("kept",)]


async def test_a_short_write_waits_off_the_loop_while_another_process_writes(
    tmp_path: Path,
) -> None:
    db = tmp_path / "f.sqlite3"
    async with await SqliteStore.open(db, synchronous="NORMAL", busy_timeout=5) as store:
        other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")  # an admin command writing meanwhile
        task = asyncio.ensure_future(store.save_item(_item("Red Rush")))
        for _ in range(10):  # the loop keeps running while the write waits
            await asyncio.sleep(0.005)
        assert not task.done()
        other.execute("ROLLBACK")
        other.close()
        await asyncio.wait_for(task, 5)
        assert await store.load_item("tcg", "deck", "42", "red rush") is not None


async def test_v5_migrates_to_v6_with_an_empty_saved_items_table(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(db, isolation_level=None)) as conn:
        conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
        for script in schema.MIGRATIONS[:5]:
            conn.executescript(script)
        conn.execute("PRAGMA user_version = 5")
    store = await SqliteStore.open(db)
    try:
        assert store.schema_version == 6 == schema.current_version()
        assert await store.list_items("tcg", "deck", "42") == []
        await store.save_item(_item("x"))
    finally:
        await store.close()


async def test_saved_items_keep_the_same_contract_on_every_backend(any_store: Store) -> None:
    store = any_store
    await store.save_item(_item("Red Rush"))
    await store.save_item(_item("blue wall"))
    await store.save_item(_item("Red Rush", owner="7"))
    await store.save_item(_item("Red Rush", game="other"))
    assert [i.name for i in await store.list_items("tcg", "deck", "42")] == [
        "blue wall",
        "Red Rush",
    ]
    await store.save_item(_item("RED RUSH", body='{"a": 2}'))
    got = await store.load_item("tcg", "deck", "42", "red rush")
    assert got is not None and got.body == '{"a": 2}' and got.name == "RED RUSH"
    assert len(await store.list_items("tcg", "deck", "42")) == 2
    assert await store.delete_item("tcg", "deck", "42", "Red rush")
    assert not await store.delete_item("tcg", "deck", "42", "Red rush")
    assert await store.load_item("tcg", "deck", "7", "red rush") is not None
    with pytest.raises(StorageError):
        await store.save_item(_item("bad", body="not json"))
