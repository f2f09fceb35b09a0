"""What a Plan deals and heals when it executes (R6, R8): one definition for the engine
and for anyone estimating a Plan (the AI, the board's "Damage now")."""

from __future__ import annotations

from collections.abc import Sequence

from rules.legends import effects as fx
from rules.legends.cards import PlayerCard, Suit
from rules.legends.evaluate import EvalCard, count_pairs, count_symbols


def matches(card: PlayerCard, flt: fx.CardFilter, is_source: bool) -> bool:
    """Whether a Plan card passes an effect's filter (`is_source`: it carries the effect)."""
    if flt.other and is_source:
        return False
    if flt.suit is not None and Suit(flt.suit) not in card.suits:
        return False
    if flt.face is not None and card.is_face != flt.face:
        return False
    return not (flt.rank is not None and flt.rank not in card.ranks)


def plan_damage(cards: Sequence[PlayerCard], evals: Sequence[EvalCard]) -> int:
    """Every Damage source in the Plan, computed now (so later cards count)."""
    total = 0
    pairs: int | None = None
    for i, card in enumerate(cards):
        for e in card.effects:
            if isinstance(e, fx.Damage):
                total += e.amount
            elif isinstance(e, fx.DamagePerSymbol):
                total += e.amount * count_symbols(evals, Suit(e.suit))
            elif isinstance(e, fx.DamagePerPair):
                if pairs is None:
                    pairs = count_pairs(evals)
                total += e.amount * pairs
            elif isinstance(e, fx.DamagePerCard):
                n = sum(1 for j, c in enumerate(cards) if matches(c, e.filter, j == i))
                total += e.amount * n
    return total


def plan_heal(cards: Sequence[PlayerCard]) -> int:
    return sum(e.amount for card in cards for e in card.effects if isinstance(e, fx.Heal))


def tally(taken: int, health: int) -> str:
    """An Obstacle's Damage against its Health, as every surface shows it: "8/15", or past
    its Health "14/14, 4 past its Health" (an x above y reads as a typo)."""
    over = past_health(taken, health)
    return f"{health}/{health}, {over} past its Health" if over else f"{taken}/{health}"


def past_health(taken: int, health: int) -> int:
    """How much of an Obstacle's Damage went past its Health (0 when none did)."""
    return max(0, taken - health)
