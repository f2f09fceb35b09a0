"""Plan evaluation: does a Plan meet a To Hit requirement, and what does it make?

The spec is the rulebook plus rulings R2-R5 (docs/rules/legends.md). In short:

* A *combination* is a set of at most five Plan cards in which every card contributes:
  it shows a group rank (pair, trips, quads; either rank of two pair / full house), a
  run rank (straight), or a symbol of the flush suit (flush).
* The count of a rank is the number of different cards showing it, and a multi-rank
  card serves all of its ranks at once (8/6 + 8 + 6 is two pair), unless the table
  plays `one_rank_per_card`, which makes each card count once per combination.
* A requirement is met by a combination of its own kind that *contains* its structure:
  a pair or trips requirement by one rank group of at least 2 or 3 cards (so trips and
  quads meet a pair), two pair by two rank groups (a full house meets it), quads never
  meet two pair. Attached suits of a pair must be on that one rank group: with 8(Tech) 8
  + 6(Charisma) 6, "pair with Tech and Charisma" misses, because neither pair shows
  both. "Or better" also accepts any stronger structure, judged as a whole.
* Attached suits must be shown by the cards of the combination; each wild symbol is one
  symbol of one suit. A flush requirement's suit is the flush's identity, not an
  attached suit.

`rules.legends.reference` is the brute-force, obviously-correct version of all this; the
tests compare the two. This module is the fast one the engine uses, and its speed comes
from three observations:

1. Validity is monotone: adding a Plan card that shows a group/run rank (or can provide
   the flush suit) to a valid combination never breaks it, as long as it stays within
   five cards. So "does a combination exist" only ever needs the candidate pool, and a
   search is needed only when the pool is larger than five.
2. Attached suits are few (one to three symbols), and a minimal set of cards that covers
   them has at most that many cards. So we enumerate the tiny covering sets first and
   then complete the structure with the fewest extra cards, which also gives the most
   natural (smallest) combination for the players to read.
3. Without wilds and in the default counting, what the Plan makes depends only on
   per-rank card counts and per-suit symbol totals, which are sums of per-card packed
   integers. A dictionary keyed by the packed rank counts answers the structure
   question in one lookup (that is how `classify` beats a poker evaluator).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.legends.cards import REAL_SUITS, HandType, Requirement, Suit
from rules.legends.evaluate.compiled import (
    _DEFAULT_OPTS,
    _GET_RINC,
    _GET_SIG,
    _GET_SMALL,
    _NIB_MAX_CARDS,
    _SIG_FLUSH_ADD,
    _SIG_FLUSH_BITS,
    _SIG_WILD,
    _SM_BAD,
    _SM_FLUSH_ADD,
    _SM_FLUSH_BITS,
    _SM_MAX_CARDS,
    _SM_RMASK,
    _SUIT_INDEX,
    _WSH,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
    EvalCard,
    EvalOptions,
    compile_card,
)
from rules.legends.evaluate.results import (
    HitResult,
    Match,
)
from rules.legends.evaluate.search import _Plan
from rules.legends.evaluate.shapes import (
    _CLASS,
    _RKEY_MASK,
    _SHAPES,
    _SHAPES_SM,
    _shape_bits,
    _shape_bits_small,
)
from rules.legends.evaluate.steps import (
    _profile_of_rkey,
    _Step,
)

__all__ = [
    "EvalCard",
    "EvalOptions",
    "HitResult",
    "Match",
    "best_hand",
    "check_to_hit",
    "classify",
    "compile_card",
    "count_pairs",
    "count_symbols",
    "meets",
]


# ---------------------------------------------------------------------------------------
# Public entry points


def meets(
    cards: Sequence[EvalCard], req: Requirement, opts: EvalOptions = _DEFAULT_OPTS
) -> Match | None:
    """One combination of the Plan that meets `req`, or None."""
    return _Plan(cards, opts).match(req, opts.loose_or_better_suits)


def check_to_hit(
    cards: Sequence[EvalCard],
    requirements: Sequence[Requirement],
    opts: EvalOptions = _DEFAULT_OPTS,
) -> HitResult:
    """The Plan hits if it meets at least one requirement (R5)."""
    plan = _Plan(cards, opts)
    loose = opts.loose_or_better_suits
    found: list[Match] = []
    for req in requirements:
        m = plan.match(req, loose)
        if m is not None:
            found.append(m)
    return HitResult(hit=bool(found), matches=tuple(found))


_BARE: dict[tuple[HandType, int], Requirement] = {}


def _bare(hand: HandType, s: int) -> Requirement:
    got = _BARE.get((hand, s))
    if got is None:
        got = Requirement(hand=hand, flush_suit=REAL_SUITS[s] if s >= 0 else None)
        _BARE[(hand, s)] = got
    return got


_BEST_STEPS: tuple[tuple[HandType, _Step], ...] = (
    (QUADS, ("g", 4, 0, -1, False)),
    (FULL_HOUSE, ("d", 3, 2, -1, False)),
    (FLUSH, ("f", 0, 0, -1, False)),
    (STRAIGHT, ("s", 0, 0, -1, False)),
    (TRIPS, ("g", 3, 0, -1, False)),
    (TWO_PAIR, ("d", 2, 2, -1, False)),
    (PAIR, ("g", 2, 0, -1, False)),
)


def best_hand(cards: Sequence[EvalCard], opts: EvalOptions = _DEFAULT_OPTS) -> Match | None:
    """The strongest structure the Plan contains ("what the Plan makes now")."""
    if not cards:
        return None
    plan = _Plan(cards, opts)
    target: HandType | None = None
    if (
        not plan.tot >> _WSH
        and plan.n <= _NIB_MAX_CARDS
        and not (plan.orpc and any(len(c.ranks) > 1 for c in cards))
    ):
        # `classify` answers from its tables here (it never falls back to us), so only
        # the cards of the known hand type need a search.
        target = classify(cards, opts)
        if target is None:
            return None
    for hand, step in _BEST_STEPS:
        if target is not None and hand is not target:
            continue
        found = plan.run_step(step, (), 0, ())
        if found is not None:
            return plan._to_match(_bare(found[1], found[3]), found, ())
    return None


def count_pairs(cards: Sequence[EvalCard]) -> int:
    """Distinct ranks shown by two or more different cards (R3), whatever the options."""
    if len(cards) <= _NIB_MAX_CARDS:
        return len(_profile_of_rkey(sum(map(_GET_RINC, cards)))[1])
    return sum(1 for r in range(2, 15) if sum(1 for c in cards if r in c.ranks) >= 2)


def count_symbols(cards: Sequence[EvalCard], suit: Suit) -> int:
    """Printed symbols of `suit` in the Plan; wilds are not counted as any real suit.

    `Suit.ANY` counts the wild symbols themselves.
    """
    if suit is Suit.ANY:
        return sum(c.wild for c in cards)
    i = _SUIT_INDEX[suit]
    return sum(c.suits[i] for c in cards)


def classify(cards: Sequence[EvalCard], opts: EvalOptions = _DEFAULT_OPTS) -> HandType | None:
    """The strongest structure the Plan makes (None: nothing, "high card").

    Exact and table-fast for wild-free Plans in the default counting, which covers every
    plain card; anything else goes through the full search of `best_hand`.
    """
    if len(cards) <= _SM_MAX_CARDS:
        # Poker-sized Plans of cards with at most one symbol per suit: the whole key fits
        # in one machine word, so `sum` adds it in C without allocating.
        k = sum(map(_GET_SMALL, cards))
        if not k >> _SM_BAD and not (
            opts.one_rank_per_card and any(len(c.ranks) > 1 for c in cards)
        ):
            rk = k & _SM_RMASK
            bits = _SHAPES_SM.get(rk)
            if bits is None:
                bits = _shape_bits_small(rk)
            fl = 128 if (k + _SM_FLUSH_ADD) & _SM_FLUSH_BITS else 0
            return _CLASS[bits | fl | (256 if opts.ace_low else 0)]
    k = sum(map(_GET_SIG, cards))
    if (
        k >> _SIG_WILD
        or len(cards) > _NIB_MAX_CARDS
        or (opts.one_rank_per_card and any(len(c.ranks) > 1 for c in cards))
    ):
        m = best_hand(cards, opts)
        return None if m is None else m.hand
    rk = k & _RKEY_MASK
    bits = _SHAPES.get(rk)
    if bits is None:
        bits = _shape_bits(rk)
    # Without wilds a flush of suit s exists iff the Plan shows 5+ s symbols: the (up
    # to) five cards with the most s symbols then reach five.
    fl = 128 if (k + _SIG_FLUSH_ADD) & _SIG_FLUSH_BITS else 0
    return _CLASS[bits | fl | (256 if opts.ace_low else 0)]
