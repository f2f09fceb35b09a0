from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore
from tests.service.toy import ToyAction, ToyAdapter, ToyState


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "fixer.sqlite3"


@pytest.fixture(params=[True, False], ids=["one-trip", "statements"])
async def store(db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[SqliteStore]:
    """The store, with group commits written in one call on SQLite's thread, or through
    aiosqlite's public statements (the fallback)."""
    s = await SqliteStore.open(db_path, synchronous="NORMAL")
    s.single_round_trip = request.param
    yield s
    await s.close()


@pytest.fixture
async def service(store: SqliteStore) -> GameService[ToyState, ToyAction]:
    return GameService(store, ToyAdapter(), cache_size=16)
