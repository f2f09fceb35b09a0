"""Campaign rewards that outlast a run: Eddies, cards, unlocked packs, Persistent Memory."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.text import count, name_list
from rules.legends.cards import DECK_LIMIT
from rules.legends.codes import EventKind
from rules.legends.engine.context import Engine


def gain_eddies(eng: Engine, amount: int) -> None:
    seats = eng.run.seats if eng.t.run is not None else range(len(eng.t.runners))
    runners = list(eng.t.runners)
    for s in seats:
        runners[s] = runners[s].model_copy(update={"eddies": runners[s].eddies + amount})
    eng.set_table(runners=tuple(runners))
    eng.emit(EventKind.EDDIES, f"Each runner gains {count(amount, 'Eddie')}.")


def add_cards(eng: Engine, card_ids: Sequence[str]) -> None:
    runners = list(eng.t.runners)
    for i, r in enumerate(runners):
        deck = list(r.deck)
        for cid in card_ids:
            if deck.count(cid) < DECK_LIMIT:
                deck.append(cid)
        runners[i] = r.model_copy(update={"deck": tuple(deck)})
    eng.set_table(runners=tuple(runners))
    names = name_list(eng.c.cards[c].name for c in card_ids)
    eng.emit(EventKind.REWARD_CARDS, f"Added to every runner's deck: {names}.")


def unlock(eng: Engine, pack: str) -> None:
    if pack in eng.t.unlocked:
        return
    eng.set_table(unlocked=eng.t.unlocked + (pack,))
    eng.emit(EventKind.UNLOCKED, f"New gear in the Upgrade Pool: {eng.c.upgrade_packs[pack].name}.")


def set_memory(eng: Engine, key: str) -> None:
    if key not in eng.t.memory:
        eng.set_table(memory=eng.t.memory + (key,))
        eng.emit(EventKind.MEMORY, f"Persistent Memory recorded: {eng.c.memory_name(key)}.")
