"""Property tests: the fast evaluator against the brute-force reference.

Random Plans (1-10 cards, multi-rank, multi-symbol, a few wilds) and random To Hit
requirements, under every combination of the three evaluation options. The verdicts must
agree, and every combination the evaluator returns must itself be valid per the reference.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.legends.cards import HAND_ORDER, REAL_SUITS, HandType, Requirement
from rules.legends.evaluate import (
    EvalCard,
    EvalOptions,
    best_hand,
    check_to_hit,
    classify,
    count_pairs,
    meets,
)
from rules.legends.reference import RefPlan, check_match, ref_best, ref_count_pairs

ALL_OPTIONS = [
    EvalOptions(ace_low=a, one_rank_per_card=o, loose_or_better_suits=lo)
    for a, o, lo in product((False, True), repeat=3)
]
OPTION_IDS = [
    "-".join(
        n
        for n, on in (
            ("ace_low", o.ace_low),
            ("orpc", o.one_rank_per_card),
            ("loose", o.loose_or_better_suits),
        )
        if on
    )
    or "default"
    for o in ALL_OPTIONS
]

# The reference enumerates 4^wilds suit readings per subset: keep wilds few.
MAX_WILDS = 3
# Sized so the whole file runs in well under a minute on two cores.
PROPS = settings(
    max_examples=45,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

WHEEL_ZONE = (14, 2, 3, 4, 5, 6, 13)


@st.composite
def plans(draw: st.DrawFn, min_cards: int = 1, max_cards: int = 10) -> list[EvalCard]:
    n = draw(st.integers(min_cards, max_cards))
    # Narrow rank pools make pairs, runs and collisions between multi-rank cards common.
    zone = draw(st.sampled_from(("window", "window", "wheel", "all")))
    if zone == "wheel":
        pool: tuple[int, ...] = WHEEL_ZONE
    elif zone == "all":
        pool = tuple(range(2, 15))
    else:
        lo = draw(st.integers(2, 10))
        pool = tuple(range(lo, min(14, lo + draw(st.integers(4, 7))) + 1))
    wilds_left = draw(st.integers(0, MAX_WILDS))
    cards: list[EvalCard] = []
    for i in range(n):
        ranks = draw(st.frozensets(st.sampled_from(pool), min_size=1, max_size=3))
        symbols = draw(st.lists(st.integers(0, 3), max_size=3))
        counts = [0, 0, 0, 0]
        for s in symbols:
            counts[s] += 1
        wild = draw(st.integers(0, min(2, wilds_left)))
        wilds_left -= wild
        cards.append(EvalCard(f"c{i}", ranks, (counts[0], counts[1], counts[2], counts[3]), wild))
    return cards


@st.composite
def requirements(draw: st.DrawFn) -> Requirement:
    hand = draw(st.sampled_from(HAND_ORDER))
    suits = draw(st.lists(st.sampled_from(REAL_SUITS), max_size=3))
    flush_suit = (
        draw(st.one_of(st.none(), st.sampled_from(REAL_SUITS))) if hand is HandType.FLUSH else None
    )
    return Requirement(
        hand=hand, or_better=draw(st.booleans()), suits=tuple(suits), flush_suit=flush_suit
    )


@pytest.mark.parametrize("opts", ALL_OPTIONS, ids=OPTION_IDS)
@PROPS
@given(plan=plans(), reqs=st.lists(requirements(), min_size=1, max_size=3))
def test_meets_agrees_with_reference(
    opts: EvalOptions, plan: list[EvalCard], reqs: list[Requirement]
) -> None:
    ref = RefPlan(plan, opts)
    for r in reqs:
        m = meets(plan, r, opts)
        assert (m is not None) == ref.meets(r), (r.describe(), m)
        if m is not None:
            why = check_match(plan, r, opts, m)
            assert why is None, why
    # check_to_hit is meets per requirement, in order.
    res = check_to_hit(plan, reqs, opts)
    met = [r for r in reqs if meets(plan, r, opts) is not None]
    assert res.hit == bool(met)
    assert [m.requirement for m in res.matches] == met


@pytest.mark.parametrize("opts", ALL_OPTIONS, ids=OPTION_IDS)
@PROPS
@given(plan=plans())
def test_best_hand_agrees_with_reference(opts: EvalOptions, plan: list[EvalCard]) -> None:
    m = best_hand(plan, opts)
    assert (None if m is None else m.hand) == ref_best(plan, opts)
    assert classify(plan, opts) == (None if m is None else m.hand)
    if m is not None:
        why = check_match(plan, m.requirement, opts, m)
        assert why is None, why


@settings(max_examples=60, deadline=None)
@given(plan=plans(max_cards=12))
def test_count_pairs_agrees_with_reference(plan: list[EvalCard]) -> None:
    assert count_pairs(plan) == ref_count_pairs(plan)


@st.composite
def plain_hands(draw: st.DrawFn) -> list[EvalCard]:
    """Ordinary playing cards: one rank, one suit, no duplicates, 5 to 7 cards."""
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    picks = draw(st.lists(st.sampled_from(deck), min_size=5, max_size=7, unique=True))
    return [
        EvalCard(f"p{i}", frozenset({r}), (int(s == 0), int(s == 1), int(s == 2), int(s == 3)), 0)
        for i, (r, s) in enumerate(picks)
    ]


@pytest.mark.parametrize(
    "opts", [EvalOptions(), EvalOptions(ace_low=True)], ids=["default", "ace_low"]
)
@settings(max_examples=60, deadline=None)
@given(plan=plain_hands())
def test_plain_hands_best_hand_agrees_with_reference(
    opts: EvalOptions, plan: list[EvalCard]
) -> None:
    m = best_hand(plan, opts)
    assert (None if m is None else m.hand) == ref_best(plan, opts) == classify(plan, opts)


@pytest.mark.parametrize("opts", [ALL_OPTIONS[0], ALL_OPTIONS[-1]], ids=["default", "all"])
@settings(max_examples=8, deadline=None)
@given(
    plan=plans(min_cards=11, max_cards=12), reqs=st.lists(requirements(), min_size=3, max_size=3)
)
def test_large_plans_agree_with_reference(
    opts: EvalOptions, plan: list[EvalCard], reqs: list[Requirement]
) -> None:
    # Plans past five cards (Plan Size bonuses, put cards): still the whole Plan counts.
    ref = RefPlan(plan, opts)
    for r in reqs:
        m = meets(plan, r, opts)
        assert (m is not None) == ref.meets(r)
        if m is not None:
            assert check_match(plan, r, opts, m) is None
