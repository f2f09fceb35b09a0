"""Players' saved items (schema v6): game-neutral rows a game keeps per player (a TCG
deck list, a pending payment prompt), keyed by game, kind, owner and name. Each write
is one short transaction (`_short_write`: with NORMAL on the event loop, so a payment
prompt stored after its answer does not hold the write lock while the player's next
click commits)."""

from __future__ import annotations

import sqlite3

from bot.storage.base import SavedItem
from bot.storage.connection import transaction
from bot.storage.core import SqliteBase
from bot.storage.errors import StorageError

_COLUMNS = "game, kind, owner, name, body, updated_at"


def _item(r: tuple[object, ...]) -> SavedItem:
    return SavedItem(
        game=str(r[0]),
        kind=str(r[1]),
        owner=str(r[2]),
        name=str(r[3]),
        body=str(r[4]),
        updated_at=int(r[5]),  # type: ignore[call-overload]
    )


class SavedMixin(SqliteBase):
    """`Store`'s saved-item methods."""

    async def save_item(self, item: SavedItem) -> None:
        row = (item.game, item.kind, item.owner, item.name, item.body, self._clock())

        def write(conn: sqlite3.Connection) -> None:
            with transaction(conn):
                conn.execute(
                    f"INSERT INTO saved_items ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game, kind, owner, name) DO UPDATE SET"
                    " name = excluded.name, body = excluded.body,"
                    " updated_at = excluded.updated_at",
                    row,
                )

        try:
            await self._short_write(write, f"saving {item.kind} '{item.name}'")
        except sqlite3.IntegrityError as exc:
            raise StorageError(f"Saving '{item.name}' failed: its body is not JSON.") from exc

    async def list_items(self, game: str, kind: str, owner: str) -> list[SavedItem]:
        rows = await self._read_all(
            f"SELECT {_COLUMNS} FROM saved_items WHERE game = ? AND kind = ? AND owner = ?"
            " ORDER BY name",
            (game, kind, owner),
            f"listing saved {kind}s",
        )
        return [_item(tuple(r)) for r in rows]

    async def load_item(self, game: str, kind: str, owner: str, name: str) -> SavedItem | None:
        r = await self._read_one(
            f"SELECT {_COLUMNS} FROM saved_items"
            " WHERE game = ? AND kind = ? AND owner = ? AND name = ?",
            (game, kind, owner, name),
            f"reading saved {kind} '{name}'",
        )
        return None if r is None else _item(tuple(r))

    async def delete_item(self, game: str, kind: str, owner: str, name: str) -> bool:
        def write(conn: sqlite3.Connection) -> bool:
            with transaction(conn):
                cur = conn.execute(
                    "DELETE FROM saved_items"
                    " WHERE game = ? AND kind = ? AND owner = ? AND name = ?",
                    (game, kind, owner, name),
                )
                return bool(cur.rowcount)

        return await self._short_write(write, f"deleting {kind} '{name}'")

    async def all_items(self) -> list[SavedItem]:
        rows = await self._read_all(
            f"SELECT {_COLUMNS} FROM saved_items ORDER BY game, kind, owner, name",
            (),
            "reading every saved item",
        )
        return [_item(tuple(r)) for r in rows]
