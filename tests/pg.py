"""PostgreSQL for the tests: where it is, whether it answers, and a fresh schema per test.

The server is `FIXER_TEST_POSTGRES` (a postgresql:// URL; `.ci/run` exports it), else
the local default below. If it does not answer, every PostgreSQL variant is skipped with
`SKIP_REASON` (and scripts/test.sh says so in one line).
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from functools import cache
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.postgres import PostgresStore

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
SKIP_REASON = (
    "PostgreSQL not reachable: set FIXER_TEST_POSTGRES=postgresql://USER@HOST:PORT/DB "
    "to run the PostgreSQL variants"
)


def pg_url() -> str:
    return os.environ.get("FIXER_TEST_POSTGRES") or DEFAULT_URL


@cache
def pg_available() -> bool:
    async def probe() -> bool:
        try:
            conn = await asyncpg.connect(pg_url(), timeout=3)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
            return False
        await conn.close()
        return True

    # On a thread of its own: the caller may be inside a running event loop.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, probe()).result()


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A new, empty PostgreSQL schema, dropped afterwards (with everything in it)."""
    name = "t_" + secrets.token_hex(6)
    yield name
    conn = await asyncpg.connect(pg_url())
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await conn.close()


@asynccontextmanager
async def pg_store(**kw: object) -> AsyncIterator[PostgresStore]:
    async with fresh_schema() as schema:
        store = await PostgresStore.open(pg_url(), schema=schema, **kw)  # type: ignore[arg-type]
        try:
            yield store
        finally:
            await store.close()


@asynccontextmanager
async def fresh_database() -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database (for what opens its own store by
    URL, like the CLI), dropped afterwards."""
    name = "fixer_t_" + secrets.token_hex(6)
    admin = await asyncpg.connect(pg_url())
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    parts = urlsplit(pg_url())
    try:
        yield urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, ""))
    finally:
        admin = await asyncpg.connect(pg_url())
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()
