"""Card arithmetic from public card text only, and the scoring weights (in points of
Damage, the currency of both sides of the fight).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.legends import effects as fx
from rules.legends.ai.situation import _Situation
from rules.legends.cards import (
    REAL_SUITS,
    PlayerCard,
    Requirement,
    Suit,
)
from rules.legends.evaluate import EvalCard

DONE = "done"

# Scoring weights, in "points of Damage" (the currency of both sides of the fight).
HIT = 3.0  # a Plan that hits at all (it chips in and shows the crew's cards work)

KEEP = 0.55  # how much of a card's worth is lost by playing it into a Plan that misses

HEAL = 0.8  # one point of healing, when the crew is hurt

DRAW = 1.1  # one card drawn

ROLLOUTS = 6  # sampled hands when more than one card is missing

MAX_SETS = 80  # own-card sets considered per decision

# Clean-up: discard a card worth keeping less than this (after a cleared Obstacle, any
# number of them; after a failed round, the worst one).
CLEAR_DISCARD = 1.4

FAIL_DISCARD = 0.9

_SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(REAL_SUITS)}


def _flat_damage(card: PlayerCard) -> float:
    v = 0.0
    for e in card.effects:
        if isinstance(e, fx.Damage):
            v += e.amount
        elif isinstance(e, fx.DamagePerSymbol):
            v += 2.0 * e.amount
        elif isinstance(e, fx.DamagePerPair | fx.DamagePerCard):
            v += 1.5 * e.amount
    return v


def worth(card: PlayerCard) -> float:
    """A card's general value in a future Plan: its Damage and effects, and how many
    structures it can join (ranks, suits, wilds)."""
    v = _flat_damage(card)
    for e in card.effects:
        if isinstance(e, fx.ImmediateDamage):
            v += e.amount
        elif isinstance(e, fx.Heal):
            v += 0.7 * e.amount
        elif isinstance(e, fx.Draw):
            v += DRAW * e.count
        elif isinstance(e, fx.PlanSize):
            v += 1.2 * e.amount
        elif isinstance(e, fx.DrawAndPut | fx.PutFromDeck):
            v += 1.0
        elif isinstance(e, fx.PutFromHand | fx.Replace | fx.DiscardFromPlan):
            v += 0.6 + 0.5 * getattr(e, "damage_each", 0)
        elif isinstance(e, fx.DiscardFromHand):
            v += 0.5 * e.draw_after - (0.0 if e.optional else 0.6 * e.count)
        elif isinstance(e, fx.OnlyIf):
            v -= 0.6
        elif isinstance(e, fx.Named):
            v += 1.0
    v += 0.3 * (len(card.ranks) - 1) + 0.2 * len(card.suits)
    v += 0.3 * sum(1 for s in card.suits if s is Suit.ANY)
    return v


def _restricted(card: PlayerCard) -> bool:
    return any(isinstance(e, fx.OnlyIf) for e in card.effects)


def _playable_later(card: PlayerCard, sit: _Situation) -> bool:
    """Could this card still be *played* on a later turn of this Plan?"""
    n = len(sit.plan) + 1
    for e in card.effects:
        if isinstance(e, fx.OnlyIf) and e.max_plan_cards is not None and n > e.max_plan_cards:
            return False
    return True


def _near_of(plan: Sequence[EvalCard]) -> dict[int, float]:
    near: dict[int, float] = {}
    for c in plan:
        _add_near(near, c)
    return near


def _add_near(near: dict[int, float], card: EvalCard) -> None:
    for r in card.ranks:
        near[r] = near.get(r, 0.0) + 3.0
        for d in (-2, -1, 1, 2):
            near[r + d] = near.get(r + d, 0.0) + 0.5


def _wanted_suits(reqs: Sequence[Requirement]) -> tuple[float, float, float, float]:
    w = [0.0, 0.0, 0.0, 0.0]
    for req in reqs:
        for s in req.suits:
            w[_SUIT_INDEX[s]] = 1.0
        if req.flush_suit is not None:
            w[_SUIT_INDEX[req.flush_suit]] = 1.0
    return (w[0], w[1], w[2], w[3])


def _fit(
    card: EvalCard, near: dict[int, float], wanted: tuple[float, float, float, float]
) -> float:
    s0, s1, s2, s3 = card.suits
    w0, w1, w2, w3 = wanted
    score = 0.5 * card.wild + w0 * s0 + w1 * s1 + w2 * s2 + w3 * s3
    for r in card.ranks:
        score += near.get(r, 0.0)
    return score


def _first_int(text: str) -> int:
    for word in text.split():
        if word.isdigit():
            return int(word)
    return 0
