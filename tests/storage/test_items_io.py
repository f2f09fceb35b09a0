"""Players' saved items (TCG deck lists) move between databases: `db export-items` /
`db import-items` on both backends, and `db backup` carries them."""

from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from bot import cli
from bot.storage.base import SavedItem, Store
from bot.storage.items_io import ItemsExport, export_items, import_items
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore

DECKS = [
    SavedItem("tcg", "deck", "42", "Red Rush", '{"id": "red-rush", "cards": {"a": 3}}'),
    SavedItem("tcg", "deck", "42", "Blue Wall", '{"id": "blue-wall", "cards": {"b": 2}}'),
    SavedItem("tcg", "deck", "7", "red rush", '{"id": "other", "cards": {}}'),
    SavedItem("legends", "loadout", "7", "x", "[1, 2]"),
]


def _keys(items: list[SavedItem]) -> list[tuple[str, str, str, str, object]]:
    return [(i.game, i.kind, i.owner, i.name, json.loads(i.body)) for i in items]


async def test_saved_items_export_and_import_on_both_backends(
    any_store: Store, tmp_path: Path
) -> None:
    for item in DECKS:
        await any_store.save_item(item)
    data = await export_items(any_store, 1000)
    assert len(data.items) == 4
    tcg = await export_items(any_store, 1000, game="tcg", owner="42")
    assert {i.name for i in tcg.items} == {"Red Rush", "Blue Wall"}
    # The file is plain JSON: read back, into a fresh SQLite database (either way round).
    again = ItemsExport.model_validate_json(data.model_dump_json())
    async with await SqliteStore.open(tmp_path / "other.sqlite3") as other:
        assert await import_items(other, again) == 4
        assert _keys(await other.all_items()) == _keys(await any_store.all_items())
        deck = await other.load_item("tcg", "deck", "42", "red rush")  # any case
        assert deck is not None and json.loads(deck.body)["id"] == "red-rush"
        # ... and back from SQLite into this backend: importing twice changes nothing.
        back = await export_items(other, 2000)
    before = _keys(await any_store.all_items())
    assert await import_items(any_store, back) == 4
    assert _keys(await any_store.all_items()) == before


async def test_a_postgresql_backup_holds_the_saved_items(any_store: Store, tmp_path: Path) -> None:
    """`db backup` of PostgreSQL is pg_dump of Fixer's schema: the saved items' table
    and its rows are in the archive (SQLite's backup is the whole file: see below)."""
    if not isinstance(any_store, PostgresStore):
        pytest.skip("SQLite: covered by the CLI test below")
    if shutil.which("pg_restore") is None:
        pytest.skip("pg_restore is not installed")
    await any_store.save_item(DECKS[0])
    dest = tmp_path / "pg.dump"
    await any_store.backup(dest)
    listing = subprocess.run(
        ["pg_restore", "--list", str(dest)], capture_output=True, text=True, check=True
    ).stdout
    assert any("TABLE DATA" in line and "saved_items" in line for line in listing.splitlines())
    data = subprocess.run(
        ["pg_restore", "--data-only", "--table=saved_items", "--file=-", str(dest)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Red Rush" in data


def _seed(db: Path) -> None:
    async def go() -> None:
        async with await SqliteStore.open(db) as store:
            for item in DECKS:
                await store.save_item(item)

    asyncio.run(go())


def _items(db: Path) -> list[tuple[str, str, str, str, object]]:
    async def go() -> list[SavedItem]:
        async with await SqliteStore.open(db) as store:
            return await store.all_items()

    return _keys(asyncio.run(go()))


def test_cli_export_items_import_items_and_backup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, dst = tmp_path / "src.sqlite3", tmp_path / "dst.sqlite3"
    _seed(src)
    out_file = tmp_path / "decks.json"
    assert (
        cli.main(["--database", str(src), "db", "export-items", str(out_file), "--game", "tcg"])
        == 0
    )
    assert "exported 3 saved items" in capsys.readouterr().out
    assert cli.main(["--database", str(src), "db", "export-items", str(out_file)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert cli.main(["--database", str(dst), "db", "import-items", str(out_file)]) == 0
    assert "imported 3 saved items" in capsys.readouterr().out
    assert _items(dst) == [k for k in _items(src) if k[0] == "tcg"]
    # A file that is not an items export imports nothing.
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fixer-campaign"}')
    assert cli.main(["--database", str(dst), "db", "import-items", str(bad)]) == 1
    assert "not a Fixer saved-items export" in capsys.readouterr().err
    # A backup is the whole database: the saved decks are in it.
    copy = tmp_path / "backup.sqlite3"
    assert cli.main(["--database", str(src), "db", "backup", str(copy)]) == 0
    capsys.readouterr()
    assert _items(copy) == _items(src)
