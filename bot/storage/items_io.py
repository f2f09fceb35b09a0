"""Players' saved items (a TCG deck list …) in and out of a database, as one JSON file.

A campaign export (`transfer.py`) carries one campaign; saved items belong to players, not
to campaigns, so they travel in a file of their own (`db export-items` / `db import-items`).
Only the `Store` contract is used (`all_items`, `save_item`), so both backends read and
write the same file. An import adds the items and replaces an item of the same game,
kind, owner and name (names compare case-insensitively): importing twice changes nothing.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.storage.base import SavedItem, Store

ITEMS_FORMAT = "fixer-items"

_STRICT = ConfigDict(frozen=True, extra="forbid")


class ExportedItem(BaseModel):
    model_config = _STRICT

    game: str = Field(min_length=1)
    kind: str = Field(min_length=1)
    owner: str = Field(min_length=1)
    name: str = Field(min_length=1)
    body: Any
    updated_at: int = 0


class ItemsExport(BaseModel):
    model_config = _STRICT

    format: Literal["fixer-items"] = "fixer-items"
    format_version: Literal[1] = 1
    exported_at: int
    items: list[ExportedItem] = []


async def export_items(
    store: Store, now: int, *, game: str | None = None, owner: str | None = None
) -> ItemsExport:
    """Every saved item (of `game`, of `owner`, when given)."""
    items = [
        ExportedItem(
            game=i.game,
            kind=i.kind,
            owner=i.owner,
            name=i.name,
            body=json.loads(i.body),
            updated_at=i.updated_at,
        )
        for i in await store.all_items()
        if (game is None or i.game == game) and (owner is None or i.owner == owner)
    ]
    return ItemsExport(exported_at=now, items=items)


async def import_items(store: Store, data: ItemsExport) -> int:
    """Save every item of `data` (replacing same-named ones); how many."""
    for i in data.items:
        await store.save_item(
            SavedItem(
                game=i.game,
                kind=i.kind,
                owner=i.owner,
                name=i.name,
                body=json.dumps(i.body, separators=(",", ":")),
            )
        )
    return len(data.items)
