"""`python -m bot db init` / `db migrate` with a postgresql:// URL."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot import cli
from bot.storage.pg_schema import PG_CURRENT_VERSION, PG_MIGRATIONS, VERSION_TABLE
from tests.pg import SKIP_REASON, fresh_database, pg_available

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


async def _version(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT version FROM fixer_schema"))
    finally:
        await conn.close()


async def test_db_init_creates_once_then_refuses(capsys: pytest.CaptureFixture[str]) -> None:
    async with fresh_database() as url:
        code, out, _ = await asyncio.to_thread(_run, capsys, "--database", url, "db", "init")
        assert code == 0 and out.startswith("created the tables")
        assert await _version(url) == PG_CURRENT_VERSION
        code, _, err = await asyncio.to_thread(_run, capsys, "--database", url, "db", "init")
        assert code != 0 and "already a Fixer database" in err.splitlines()[0]


async def test_db_migrate_brings_an_older_schema_up(capsys: pytest.CaptureFixture[str]) -> None:
    async with fresh_database() as url:
        conn = await asyncpg.connect(url)
        try:  # a database as Fixer with PostgreSQL schema v2 left it
            await conn.execute(VERSION_TABLE)
            await conn.execute("INSERT INTO fixer_schema VALUES ('fixer', 2)")
            for sql in PG_MIGRATIONS[:2]:
                await conn.execute(sql)
        finally:
            await conn.close()
        code, out, _ = await asyncio.to_thread(_run, capsys, "--database", url, "db", "migrate")
        assert code == 0 and f"from PostgreSQL schema v2 to v{PG_CURRENT_VERSION}" in out
        assert await _version(url) == PG_CURRENT_VERSION
        code, out, _ = await asyncio.to_thread(_run, capsys, "--database", url, "db", "migrate")
        assert code == 0 and "already at" in out
