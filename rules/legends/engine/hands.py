"""Decks and hands: drawing (with the R10 reshuffle), drawing up, discarding from hand."""

from __future__ import annotations

from rules.core.text import name_list
from rules.legends.codes import EventKind
from rules.legends.engine.context import Engine


def draw(eng: Engine, seat: int, count: int) -> int:
    """Draw `count` cards for a seat, reshuffling the discard when the deck runs out
    (R10). Returns how many were drawn."""
    drawn: list[str] = []
    for _ in range(count):
        inst = take_top(eng, seat)
        if inst is None:
            break
        drawn.append(inst)
    if drawn:
        z = eng.zones(seat)
        eng.set_zones(seat, hand=z.hand + tuple(drawn))
        names = name_list(eng.card_of(i).name for i in drawn)
        eng.emit(EventKind.DREW, f"{eng.name(seat)} draws {len(drawn)}.")
        eng.emit(EventKind.DREW_PRIVATE, f"You drew: {names}.", seats=[seat], cards=drawn)
    return len(drawn)


def take_top(eng: Engine, seat: int) -> str | None:
    z = eng.zones(seat)
    if not z.deck:
        if not z.discard:
            return None
        rng, deck = eng.t.rng.shuffle(z.discard)
        eng.set_table(rng=rng)
        eng.set_zones(seat, deck=tuple(deck), discard=())
        eng.emit(
            EventKind.RESHUFFLED, f"{eng.name(seat)} shuffles their discard pile into a new deck."
        )
        z = eng.zones(seat)
    eng.set_zones(seat, deck=z.deck[1:])
    return z.deck[0]


def draw_up(eng: Engine, seat: int) -> None:
    short = eng.run.hand_size - len(eng.zones(seat).hand)
    if short > 0:
        draw(eng, seat, short)


def discard_from_hand(eng: Engine, seat: int, inst: str) -> None:
    z = eng.zones(seat)
    eng.set_zones(seat, hand=tuple(i for i in z.hand if i != inst), discard=z.discard + (inst,))
    eng.emit(EventKind.DISCARDED, f"{eng.name(seat)} discards a card.")
    eng.emit(EventKind.DISCARDED_PRIVATE, f"You discarded {eng.card_of(inst).name}.", seats=[seat])
