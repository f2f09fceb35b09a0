"""What an evaluation answers: the combination found (`Match`) and the To Hit verdict
with its reasons (`HitResult`), worded for the players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.text import count
from rules.legends.cards import (
    HandType,
    Requirement,
    Suit,
)
from rules.legends.evaluate.compiled import (
    _RANK_SHORT,
    _RANK_WORD,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
)

# ---------------------------------------------------------------------------------------
# Results


def _suit_name(s: Suit) -> str:
    return s.value.title()


def _hand_words(hand: HandType) -> str:
    return hand.value.replace("_", " ")


def _req_phrase(req: Requirement) -> str:
    """A requirement in running text: "pair with Tech and Charisma or better"."""
    if req.hand is FLUSH:
        head = f"{_suit_name(req.flush_suit)} flush" if req.flush_suit else "flush"
    else:
        head = _hand_words(req.hand)
    if req.suits:
        head += " with " + " and ".join(_suit_name(s) for s in req.suits)
    if req.or_better:
        head += " or better"
    return head


@dataclass(frozen=True)
class Match:
    """One way a requirement was met: the combination and what it makes."""

    requirement: Requirement
    hand: HandType  # the structure actually made (may be better than required)
    cards: tuple[str, ...]  # keys of the cards forming the combination (<= 5)
    ranks: tuple[int, ...]  # group ranks (trips rank first in a full house) or the run
    suit: Suit | None  # the flush suit for a flush
    # The attached suits this combination was required to show (empty when none were,
    # or when `loose_or_better_suits` waived them for a better hand).
    attached: tuple[Suit, ...] = ()

    def describe(self) -> str:
        """Plain words for players, e.g. "Pair of 8s (Muscle + Tech) from 3 cards"."""
        r = self.ranks
        h = self.hand
        if h is PAIR:
            head = f"Pair of {_RANK_WORD[r[0]]}"
        elif h is TWO_PAIR:
            head = f"Two pair, {_RANK_WORD[r[0]]} and {_RANK_WORD[r[1]]}"
        elif h is TRIPS:
            head = f"Three of a kind, {_RANK_WORD[r[0]]}"
        elif h is STRAIGHT:
            head = "Straight " + "-".join(_RANK_SHORT[x] for x in r)
        elif h is FLUSH:
            head = f"{_suit_name(self.suit)} flush" if self.suit else "Flush"
        elif h is FULL_HOUSE:
            head = f"Full house, {_RANK_WORD[r[0]]} over {_RANK_WORD[r[1]]}"
        else:
            head = f"Four of a kind, {_RANK_WORD[r[0]]}"
        if self.attached:
            head += " (" + " + ".join(_suit_name(s) for s in self.attached) + ")"
        n = len(self.cards)
        return f"{head} from {count(n, 'card')}"


@dataclass(frozen=True)
class HitResult:
    hit: bool
    matches: tuple[Match, ...]  # one per requirement met, in requirement order

    def explain(self, requirements: Sequence[Requirement]) -> str:
        """Why the Plan hit (what met what), or why it missed (what was missing)."""
        if self.hit:
            parts = [f"{m.describe()} meets {_req_phrase(m.requirement)}" for m in self.matches]
            return "Hit — " + "; ".join(parts)
        if not requirements:
            return "No To Hit requirement"
        missing = [_req_phrase(r) for r in requirements]
        return "No " + "; no ".join(missing)
