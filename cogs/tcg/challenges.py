"""Open challenges (a duel proposed, not yet accepted): kept in the database so they
survive a restart, with their Accept / Decline buttons and their expiry.

A challenge is a saved item of the game (`saved_items`: game "tcg", kind "challenge",
owner the channel's id, name the challenge's id; the body this module's JSON), written
when it is made or its table options change and deleted when it is answered, withdrawn
or expires. At start-up the runtime reads them back: a challenge still open gets its
expiry timer again (the absolute time it was made with); one whose time passed while
Fixer was away expires at once, with the same notice as ever.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from bot.storage.base import SavedItem, Store
from rules.tcg.cards import DeckList
from rules.tcg.options import TcgOptions

GAME, KIND = "tcg", "challenge"


@dataclass
class Challenge:
    id: str
    channel_id: int
    guild_id: int
    challenger: str
    challenger_name: str
    opponent: str
    opponent_name: str
    deck: DeckList
    expires: float  # Unix seconds
    options: TcgOptions = field(default_factory=TcgOptions)
    language: str = ""  # the duel's `language` option ("": its server's); cogs/tcg/language.py
    task: asyncio.Task[None] | None = None

    def to_json(self) -> str:
        return json.dumps(
            {
                "id": self.id,
                "channel_id": self.channel_id,
                "guild_id": self.guild_id,
                "challenger": self.challenger,
                "challenger_name": self.challenger_name,
                "opponent": self.opponent,
                "opponent_name": self.opponent_name,
                "deck": self.deck.model_dump(mode="json"),
                "expires": self.expires,
                "options": self.options.model_dump(mode="json"),
                "language": self.language,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Challenge:
        d: dict[str, Any] = json.loads(text)
        return cls(
            id=str(d["id"]),
            channel_id=int(d["channel_id"]),
            guild_id=int(d["guild_id"]),
            challenger=str(d["challenger"]),
            challenger_name=str(d["challenger_name"]),
            opponent=str(d["opponent"]),
            opponent_name=str(d["opponent_name"]),
            deck=DeckList.model_validate(d["deck"]),
            expires=float(d["expires"]),
            options=TcgOptions.model_validate(d.get("options") or {}),
            language=str(d.get("language") or ""),
        )


async def save(store: Store, ch: Challenge) -> None:
    await store.save_item(
        SavedItem(game=GAME, kind=KIND, owner=str(ch.channel_id), name=ch.id, body=ch.to_json())
    )


async def delete(store: Store, ch: Challenge) -> None:
    await store.delete_item(GAME, KIND, str(ch.channel_id), ch.id)


def read(items: list[SavedItem]) -> list[tuple[SavedItem, Challenge | None]]:
    """The stored challenges among `items` (None: a row that no longer reads, to drop)."""
    out: list[tuple[SavedItem, Challenge | None]] = []
    for item in items:
        if item.game != GAME or item.kind != KIND:
            continue
        try:
            out.append((item, Challenge.from_json(item.body)))
        except (ValueError, KeyError, TypeError):
            out.append((item, None))
    return out
