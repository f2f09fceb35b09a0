"""Players' saved items on PostgreSQL (PostgreSQL schema v2, SQLite's v6): the same
game-neutral rows as `bot.storage.saved`, names compared case-insensitively."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import asyncpg

from bot.storage.base import SavedItem
from bot.storage.errors import StorageError

if TYPE_CHECKING:
    from bot.storage.postgres import PostgresStore

_COLUMNS = "game, kind, owner, name, body, updated_at"


def _item(r: Any) -> SavedItem:
    return SavedItem(
        game=str(r[0]),
        kind=str(r[1]),
        owner=str(r[2]),
        name=str(r[3]),
        body=str(r[4]),
        updated_at=int(r[5]),
    )


async def save_item(store: PostgresStore, item: SavedItem) -> None:
    try:
        async with store._tx(f"saving {item.kind} '{item.name}'") as conn:
            # The key's name is case-insensitive (lower(name)); the row keeps the spelling
            # of the latest save, as SQLite's NOCASE key does.
            await conn.execute(
                f"INSERT INTO saved_items ({_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (game, kind, owner, lower(name)) DO UPDATE SET"
                " name = excluded.name, body = excluded.body, updated_at = excluded.updated_at",
                item.game,
                item.kind,
                item.owner,
                item.name,
                item.body,
                store._clock(),
            )
    except (asyncpg.CheckViolationError, asyncpg.InvalidTextRepresentationError) as exc:
        raise StorageError(f"Saving '{item.name}' failed: its body is not JSON.") from exc


async def list_items(store: PostgresStore, game: str, kind: str, owner: str) -> list[SavedItem]:
    rows = await store._fetch(
        f"SELECT {_COLUMNS} FROM saved_items WHERE game = $1 AND kind = $2 AND owner = $3"
        " ORDER BY lower(name)",
        game,
        kind,
        owner,
        doing=f"listing saved {kind}s",
    )
    return [_item(r) for r in rows]


async def load_item(
    store: PostgresStore, game: str, kind: str, owner: str, name: str
) -> SavedItem | None:
    r = await store._fetchrow(
        f"SELECT {_COLUMNS} FROM saved_items"
        " WHERE game = $1 AND kind = $2 AND owner = $3 AND lower(name) = lower($4)",
        game,
        kind,
        owner,
        name,
        doing=f"reading saved {kind} '{name}'",
    )
    return None if r is None else _item(r)


async def delete_item(store: PostgresStore, game: str, kind: str, owner: str, name: str) -> bool:
    async with store._tx(f"deleting {kind} '{name}'") as conn:
        status = await conn.execute(
            "DELETE FROM saved_items"
            " WHERE game = $1 AND kind = $2 AND owner = $3 AND lower(name) = lower($4)",
            game,
            kind,
            owner,
            name,
        )
    return str(status).endswith(" 1")


async def all_items(store: PostgresStore) -> list[SavedItem]:
    rows = await store._fetch(
        f"SELECT {_COLUMNS} FROM saved_items ORDER BY game, kind, owner, lower(name)",
        doing="reading every saved item",
    )
    return [_item(r) for r in rows]
