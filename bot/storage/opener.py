"""Open the store `BOT_DATABASE` / `--database` names: a ``postgresql://`` URL is
PostgreSQL, anything else a SQLite file path (the default)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.storage.base import Store
from bot.storage.postgres import is_postgres_url


def database_target(value: str | Path) -> str | Path:
    """A PostgreSQL URL as it is (a Path would fold its ``//``), else a file path."""
    text = str(value)
    return text if is_postgres_url(text) else Path(text)


async def open_store(target: str | Path, *, create: bool = True, **sqlite: Any) -> Store:
    """The store at `target`; `sqlite` options (synchronous, instance_lock, …) apply to
    a SQLite file only."""
    if isinstance(target, str) and is_postgres_url(target):
        from bot.storage.postgres import PostgresStore

        return await PostgresStore.open(target, create=create)
    from bot.storage.sqlite import SqliteStore

    return await SqliteStore.open(Path(target), create=create, **sqlite)
