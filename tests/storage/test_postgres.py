"""What is particular to PostgresStore: its version table, refusing what is not ours,
the append-only trigger, and `check` finding a log that does not replay."""

from __future__ import annotations

from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.storage.base import NewAction, NewCampaign
from bot.storage.errors import DatabaseMissingError, ForeignDatabaseError, SchemaTooNewError
from bot.storage.pg_schema import PG_CURRENT_VERSION
from bot.storage.postgres import PostgresStore, is_postgres_url, redact
from tests.pg import SKIP_REASON, fresh_schema, pg_available, pg_url

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)


@pytest.fixture
async def schema() -> AsyncIterator[str]:
    async with fresh_schema() as name:
        yield name


async def _raw(schema: str) -> asyncpg.Connection:
    return await asyncpg.connect(pg_url(), server_settings={"search_path": schema})


async def _seed(store: PostgresStore) -> None:
    await store.create_campaign(
        NewCampaign(id="c1", game="toy", name="c1", owner="o"), version=0, state="{}"
    )
    await store.commit_action(
        "c1",
        version_before=0,
        version_after=1,
        state="{}",
        action=NewAction(player="p", kind="k", action="{}", events="[]"),
    )


def test_urls() -> None:
    assert is_postgres_url("postgresql://u@h/db") and is_postgres_url("postgres://h/db")
    assert not is_postgres_url("data/fixer.sqlite3")
    assert redact("postgresql://u:secret@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert "secret" not in redact("postgresql://u:secret@h/db")


async def test_the_version_table_and_reopening(schema: str) -> None:
    async with await PostgresStore.open(pg_url(), schema=schema) as store:
        await _seed(store)
    raw = await _raw(schema)
    try:
        assert await raw.fetchval("SELECT version FROM fixer_schema") == PG_CURRENT_VERSION
    finally:
        await raw.close()
    async with await PostgresStore.open(pg_url(), schema=schema, create=False) as store:
        assert (await store.load("c1")) is not None


async def test_an_empty_database_without_create(schema: str) -> None:
    with pytest.raises(DatabaseMissingError, match="db init"):
        await PostgresStore.open(pg_url(), schema=schema, create=False)


async def test_someone_elses_tables_are_refused_untouched(schema: str) -> None:
    raw = await asyncpg.connect(pg_url())
    try:
        await raw.execute(f"CREATE SCHEMA {schema}; CREATE TABLE {schema}.invoices (n int)")
    finally:
        await raw.close()
    with pytest.raises(ForeignDatabaseError):
        await PostgresStore.open(pg_url(), schema=schema)
    raw = await _raw(schema)
    try:
        assert await raw.fetchval("SELECT to_regclass('fixer_schema')") is None
    finally:
        await raw.close()


async def test_a_newer_schema_is_refused(schema: str) -> None:
    async with await PostgresStore.open(pg_url(), schema=schema):
        pass
    raw = await _raw(schema)
    try:
        await raw.execute("UPDATE fixer_schema SET version = 99")
    finally:
        await raw.close()
    with pytest.raises(SchemaTooNewError):
        await PostgresStore.open(pg_url(), schema=schema)


async def test_the_log_is_append_only(schema: str) -> None:
    async with await PostgresStore.open(pg_url(), schema=schema) as store:
        await _seed(store)
    raw = await _raw(schema)
    try:
        with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
            await raw.execute("UPDATE actions SET player = 'mallory'")
        with pytest.raises(asyncpg.IntegrityConstraintViolationError, match="append-only"):
            await raw.execute("DELETE FROM actions")
        # A whole campaign takes its log with it.
        await raw.execute("DELETE FROM campaigns WHERE id = 'c1'")
        assert await raw.fetchval("SELECT count(*) FROM actions") == 0
        assert await raw.fetchval("SELECT count(*) FROM genesis") == 0
    finally:
        await raw.close()


async def test_check_finds_a_log_that_does_not_replay(schema: str) -> None:
    async with await PostgresStore.open(pg_url(), schema=schema) as store:
        await _seed(store)
        assert (await store.check()).ok
        raw = await _raw(schema)
        try:
            # The state claims a version its log never reached.
            await raw.execute("UPDATE campaigns SET version = 5")
        finally:
            await raw.close()
        report = await store.check()
        assert not report.ok
        assert "c1" in report.problems[0] and "replay" in report.problems[0]
