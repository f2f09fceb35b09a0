"""The Upgrade Pool and deck building between runs (R15).

The pool is every unsealed Upgrade Pack plus the sealed ones the crew has unlocked; a deck
holds at most `DECK_LIMIT` copies of a card and never fewer than `MIN_DECK` cards.
"""

from __future__ import annotations

from rules.legends.actions import (
    Buy,
    Remove,
)
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.state import (
    Runner,
)

DECK_LIMIT = 3  # copies of one card in a deck (R15)
MIN_DECK = 10  # a deck never shrinks below this many cards


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
        raise refuse("shop_mid_run", "The Upgrade Pool opens between runs.")
    if a.card not in eng.c.cards:
        raise refuse("unknown_card", "There is no such card. Use /legends shop to see the pool.")
    if a.card not in shop_cards(eng):
        raise refuse("not_in_pool", "That card is not in the Upgrade Pool (yet).")
    runner = eng.t.runners[seat]
    card = eng.c.cards[a.card]
    if runner.deck.count(a.card) >= DECK_LIMIT:
        raise refuse("deck_limit", f"A deck may hold at most {DECK_LIMIT} copies of {card.name}.")
    if runner.eddies < card.cost:
        raise refuse(
            "no_eddies", f"{card.name} costs {card.cost} Eddies; you have {runner.eddies}."
        )
    runner = runner.model_copy(
        update={
            "deck": runner.deck + (a.card,),
            "eddies": runner.eddies - card.cost,
            "eddies_spent": runner.eddies_spent + card.cost,
        }
    )
    replace_runner(eng, seat, runner)
    eng.emit("bought", f"{runner.name} buys an upgrade.", data_seat=seat)
    eng.emit("bought_private", f"You bought {card.name} for {card.cost} Eddies.", seats=[seat])


@handles(Remove)
def on_remove(eng: Engine, a: Remove) -> None:
    seat = eng.seat_for(a.player, a.merc)
    if eng.t.run is not None:
        raise refuse("remove_mid_run", "You can change your deck between runs.")
    runner = eng.t.runners[seat]
    if a.card not in runner.deck:
        raise refuse("not_in_deck", "That card is not in your deck. See /legends deck.")
    if len(runner.deck) <= MIN_DECK:
        raise refuse("deck_too_small", f"A deck needs at least {MIN_DECK} cards.")
    deck = list(runner.deck)
    deck.remove(a.card)
    replace_runner(eng, seat, runner.model_copy(update={"deck": tuple(deck)}))
    eng.emit("removed", f"You removed {eng.c.cards[a.card].name} from your deck.", seats=[seat])


def replace_runner(eng: Engine, seat: int, runner: Runner) -> None:
    runners = list(eng.t.runners)
    runners[seat] = runner
    eng.set_table(runners=tuple(runners))
