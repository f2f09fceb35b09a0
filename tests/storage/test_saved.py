"""Players' saved items (schema v6): game-neutral rows keyed by game, kind, owner and
name (case-insensitive), kept across reopenings and added by the v5 -> v6 migration."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import schema
from bot.storage.base import SavedItem
from bot.storage.errors import StorageError
from bot.storage.sqlite import SqliteStore


def _item(name: str, body: str = '{"a": 1}', owner: str = "42", game: str = "tcg") -> SavedItem:
    return SavedItem(game=game, kind="deck", owner=owner, name=name, body=body)


async def test_save_list_load_replace_delete(tmp_path: Path) -> None:
    db = tmp_path / "f.sqlite3"
    store = await SqliteStore.open(db)
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
