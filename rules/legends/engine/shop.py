"""The Upgrade Pool and deck building between runs (R15).

The pool is every unsealed Upgrade Pack plus the sealed ones the crew has unlocked; a deck
holds at most `DECK_LIMIT` copies of a card and never fewer than `MIN_DECK` cards.
"""

from __future__ import annotations

from rules.core.text import count
from rules.legends.actions import (
    Buy,
    Remove,
)
from rules.legends.cards import DECK_LIMIT, MIN_DECK
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.state import Runner


def shop_cards(eng: Engine) -> list[str]:
    out: list[str] = []
    for pack in eng.c.upgrade_packs.values():
        if pack.sealed and pack.id not in eng.t.unlocked:
            continue
        out.extend(c for c in pack.cards if c not in out)
    return out


@handles(Buy)
def on_buy(eng: Engine, a: Buy) -> None:
    seat = eng.seat_for(a.player, a.merc)
    if eng.t.run is not None:
        raise refuse(Code.SHOP_MID_RUN, "The Upgrade Pool opens between runs.")
    if a.card not in eng.c.cards:
        raise refuse(Code.UNKNOWN_CARD, "There is no such card.", Hint.SHOP)
    if a.card not in shop_cards(eng):
        raise refuse(Code.NOT_IN_POOL, "That card is not in the Upgrade Pool (yet).")
    runner = eng.t.runners[seat]
    card = eng.c.cards[a.card]
    if runner.deck.count(a.card) >= DECK_LIMIT:
        raise refuse(
            Code.DECK_LIMIT, f"A deck may hold at most {DECK_LIMIT} copies of {card.name}."
        )
    if runner.eddies < card.cost:
        raise refuse(
            Code.NO_EDDIES,
            f"{card.name} costs {count(card.cost, 'Eddie')}; you have {runner.eddies}.",
        )
    runner = runner.model_copy(
        update={
            "deck": runner.deck + (a.card,),
            "eddies": runner.eddies - card.cost,
            "eddies_spent": runner.eddies_spent + card.cost,
        }
    )
    replace_runner(eng, seat, runner)
    eng.emit(EventKind.BOUGHT, f"{runner.name} buys an upgrade.", data_seat=seat)
    eng.emit(
        EventKind.BOUGHT_PRIVATE,
        f"You bought {card.name} for {count(card.cost, 'Eddie')}.",
        seats=[seat],
    )


@handles(Remove)
def on_remove(eng: Engine, a: Remove) -> None:
    seat = eng.seat_for(a.player, a.merc)
    if eng.t.run is not None:
        raise refuse(Code.REMOVE_MID_RUN, "You can change your deck between runs.")
    runner = eng.t.runners[seat]
    if a.card not in runner.deck:
        raise refuse(Code.NOT_IN_DECK, "That card is not in your deck.", Hint.DECK)
    if len(runner.deck) <= MIN_DECK:
        raise refuse(Code.DECK_TOO_SMALL, f"A deck needs at least {MIN_DECK} cards.")
    deck = list(runner.deck)
    deck.remove(a.card)
    replace_runner(eng, seat, runner.model_copy(update={"deck": tuple(deck)}))
    eng.emit(
        EventKind.REMOVED, f"You removed {eng.c.cards[a.card].name} from your deck.", seats=[seat]
    )


def replace_runner(eng: Engine, seat: int, runner: Runner) -> None:
    runners = list(eng.t.runners)
    runners[seat] = runner
    eng.set_table(runners=tuple(runners))
