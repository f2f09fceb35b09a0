from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path

import pytest

from bot.storage.base import Store
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore
from tests.pg import SKIP_REASON, fresh_schema, pg_available, pg_url

# Opens one more store on the same database as `any_store` (a second writer).
Twin = Callable[[], AbstractAsyncContextManager[Store]]


@pytest.fixture(params=["sqlite", "postgres"])
async def store_and_twin(
    tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[Store, Twin]]:
    """A fresh store of either backend (PostgreSQL: a schema of the test's own), and a
    way to open a second one on the same data."""
    if request.param == "postgres":
        if not pg_available():
            pytest.skip(SKIP_REASON)
        async with fresh_schema() as schema:

            @asynccontextmanager
            async def pg_twin() -> AsyncIterator[Store]:
                async with await PostgresStore.open(pg_url(), schema=schema) as twin:
                    yield twin

            async with await PostgresStore.open(pg_url(), schema=schema) as store:
                yield store, pg_twin
        return
    path = tmp_path / "f.db"

    @asynccontextmanager
    async def sqlite_twin() -> AsyncIterator[Store]:
        async with await SqliteStore.open(path) as twin:
            yield twin

    async with await SqliteStore.open(path) as store:
        yield store, sqlite_twin


@pytest.fixture
def any_store(store_and_twin: tuple[Store, Twin]) -> Store:
    return store_and_twin[0]
