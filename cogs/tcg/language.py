"""A duel's `language` option: the language of its public messages (docs/i18n.md).

The engine's `TcgOptions` has no language (it is the front end's business, and rules/tcg
stays as it is), so the front end keeps it: on the open challenge while the players set
it (`Challenge.language`), then, once the duel starts, as a saved item of the game
(`saved_items` game "tcg", kind "language", owner the duel's id, body
`{"language": code}`), read back at start-up like the payment prompts. Unset (""), the
duel speaks its server's language (`cogs.common.locale.table_locale`).
"""

from __future__ import annotations

import json

from bot.storage.base import SavedItem, Store

GAME, KIND = "tcg", "language"


def item(duel: str, lang: str) -> SavedItem:
    return SavedItem(game=GAME, kind=KIND, owner=duel, name="", body=json.dumps({"language": lang}))


async def save(store: Store, duel: str, lang: str) -> None:
    await store.save_item(item(duel, lang))


def read(items: list[SavedItem]) -> dict[str, str]:
    """Duel id -> its language option, from the saved items."""
    out: dict[str, str] = {}
    for i in items:
        if i.game != GAME or i.kind != KIND:
            continue
        try:
            lang = json.loads(i.body).get("language")
        except (ValueError, AttributeError):
            continue  # a row that no longer reads: the duel follows its server
        if isinstance(lang, str) and lang:
            out[i.owner] = lang
    return out
