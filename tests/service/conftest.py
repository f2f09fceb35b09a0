from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore
from tests.service.toy import ToyAdapter, ToyState


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "fixer.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    s = await SqliteStore.open(db_path, synchronous="NORMAL")
    yield s
    await s.close()


@pytest.fixture
async def service(store: SqliteStore) -> GameService[ToyState, object]:
    return GameService(store, ToyAdapter(), cache_size=16)  # type: ignore[arg-type]
