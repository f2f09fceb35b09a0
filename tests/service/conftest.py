from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.game import GameService
from bot.storage.base import Store
from bot.storage.sqlite import SqliteStore
from tests.pg import SKIP_REASON, pg_available, pg_store
from tests.service.toy import ToyAction, ToyAdapter, ToyState


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "fixer.sqlite3"


@pytest.fixture(params=["one-trip", "statements", "postgres"])
async def store(db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The store: SQLite with group commits written in one call on SQLite's thread, or
    through aiosqlite's public statements (the fallback); or PostgreSQL in a schema of
    the test's own. Tests that look into the SQLite file itself are marked
    `sqlite_only`."""
    if request.param == "postgres":
        if request.node.get_closest_marker("sqlite_only"):
            pytest.skip("looks into the SQLite file itself")
        if not pg_available():
            pytest.skip(SKIP_REASON)
        async with pg_store() as pg:
            yield pg
        return
    s = await SqliteStore.open(db_path, synchronous="NORMAL")
    s.single_round_trip = request.param == "one-trip"
    yield s
    await s.close()


@pytest.fixture
async def service(store: Store) -> GameService[ToyState, ToyAction]:
    return GameService(store, ToyAdapter(), cache_size=16)
