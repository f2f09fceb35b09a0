"""A player's decks: the preconstructed ones (always there) and the ones they saved
(`saved_items` rows of game "tcg", kind "deck", keyed by the owner's Discord id and the
deck's name, the body the `DeckList` as JSON)."""

from __future__ import annotations

import re

from bot.i18n import SOURCE
from bot.storage.base import SavedItem, Store
from cogs.tcg.texts import preconstructed, yours
from rules.tcg.cards import DeckList, TcgContent

GAME, KIND = "tcg", "deck"
NAME_MAX = 50


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s or "deck"


async def saved(store: Store, owner: str) -> list[DeckList]:
    out = []
    for item in await store.list_items(GAME, KIND, owner):
        out.append(DeckList.model_validate_json(item.body))
    return out


async def save(store: Store, owner: str, deck: DeckList) -> None:
    await store.save_item(
        SavedItem(game=GAME, kind=KIND, owner=owner, name=deck.name, body=deck.model_dump_json())
    )


async def delete(store: Store, owner: str, name: str) -> bool:
    return await store.delete_item(GAME, KIND, owner, name)


def named(deck_id: str, name: str, deck: DeckList) -> DeckList:
    return deck.model_copy(update={"id": deck_id, "name": name})


async def find(store: Store, content: TcgContent, owner: str, value: str) -> DeckList | None:
    """The deck `value` names for `owner`: one of their saved decks (by name, any case),
    else a preconstructed one (by id, or an unambiguous prefix of its id or name)."""
    item = await store.load_item(GAME, KIND, owner, value.strip())
    if item is not None:
        return DeckList.model_validate_json(item.body)
    decks = content.decks
    if value in decks:
        return decks[value]
    low = value.strip().lower()
    if not low:
        return None
    mine = [d for d in await saved(store, owner) if d.name.lower().startswith(low)]
    hits = [d for i, d in decks.items() if d.name.lower().startswith(low) or i.startswith(low)]
    every = mine + hits
    return every[0] if len(every) == 1 else None


async def choices(
    store: Store, content: TcgContent, owner: str, loc: str = SOURCE
) -> list[tuple[str, str]]:
    """(label, value) for autocomplete: the owner's saved decks, then the preconstructed
    (by their names in the typing person's language `loc`)."""
    out = [(yours(loc, d.name), d.name) for d in await saved(store, owner)]
    out += [
        (preconstructed(loc, content.deck_text_for(i, "name", loc)), i)
        for i in sorted(content.decks)
    ]
    return out
