"""Payment prompts waiting for an answer (T27), kept in the database so `/tcg choose`
still answers one after a restart.

The prompt's buttons need nothing kept: each carries the duel's version and the indexes
of the action and the way to pay. `/tcg choose` has only the typed way, so it must know
which action the prompt was for: the runtime remembers, per duel and player, the version
and the action's index in `legal_actions` (in memory, and as a saved item of the game:
`saved_items` game "tcg", kind "payment", owner the duel's id, name the player's id, the
body `{"version": v, "index": i}`), just as open challenges are kept (`challenges.py`).
Once the duel moves past that version the prompt is stale: forgotten in memory at the
publish and deleted from the database. At start-up the runtime reads them back; one whose
duel is gone, over or at another version is deleted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.storage.base import SavedItem, Store

GAME, KIND = "tcg", "payment"


@dataclass(frozen=True)
class Pending:
    """The payment prompt shown to `player` in duel `duel` at `version`, for the legal
    action `index`."""

    duel: str
    player: str
    version: int
    index: int

    def item(self) -> SavedItem:
        body = json.dumps({"version": self.version, "index": self.index}, separators=(",", ":"))
        return SavedItem(game=GAME, kind=KIND, owner=self.duel, name=self.player, body=body)

    @classmethod
    def from_item(cls, item: SavedItem) -> Pending:
        d = json.loads(item.body)
        return cls(item.owner, item.name, int(d["version"]), int(d["index"]))


def is_payment(item: SavedItem) -> bool:
    return item.game == GAME and item.kind == KIND


async def save(store: Store, p: Pending) -> None:
    await store.save_item(p.item())


async def delete(store: Store, duel: str, player: str) -> None:
    await store.delete_item(GAME, KIND, duel, player)


def read(items: list[SavedItem]) -> list[tuple[SavedItem, Pending | None]]:
    """The payment prompts among `items` (None: a row that no longer reads, to drop)."""
    out: list[tuple[SavedItem, Pending | None]] = []
    for item in items:
        if not is_payment(item):
            continue
        try:
            out.append((item, Pending.from_item(item)))
        except (ValueError, KeyError, TypeError):
            out.append((item, None))
    return out
