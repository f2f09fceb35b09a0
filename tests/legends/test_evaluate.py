"""Plan evaluation, example by example from the rulebook and rulings R2-R5.

Every example is also checked against the brute-force reference, and every returned
combination is re-checked by it, so a test here fails if either side drifts from the rule.
"""

from __future__ import annotations

import pytest

from rules.legends.cards import HandType, PlayerCard, Requirement, Suit
from rules.legends.evaluate import (
    EvalCard,
    EvalOptions,
    Match,
    best_hand,
    check_to_hit,
    classify,
    compile_card,
    count_pairs,
    count_symbols,
    meets,
)
from rules.legends.reference import check_match, ref_best, ref_count_pairs, ref_meets

H = HandType
DEFAULT = EvalOptions()
ACE_LOW = EvalOptions(ace_low=True)
ORPC = EvalOptions(one_rank_per_card=True)
LOOSE = EvalOptions(loose_or_better_suits=True)

_SUIT_POS = {"charisma": 0, "muscle": 1, "stealth": 2, "tech": 3}
_counter = iter(range(10**9))


def card(ranks: int | tuple[int, ...], *suits: str, key: str | None = None) -> EvalCard:
    """A Plan card: `card((8, 6), "muscle")`; "any" is a wild symbol."""
    rs = (ranks,) if isinstance(ranks, int) else ranks
    counts = [0, 0, 0, 0]
    wild = 0
    for s in suits:
        if s == "any":
            wild += 1
        else:
            counts[_SUIT_POS[s]] += 1
    return EvalCard(
        key=key or f"c{next(_counter)}",
        ranks=frozenset(rs),
        suits=(counts[0], counts[1], counts[2], counts[3]),
        wild=wild,
    )


def req(hand: HandType, *suits: str, plus: bool = False, flush: str | None = None) -> Requirement:
    return Requirement(hand=hand, or_better=plus, suits=suits, flush_suit=flush)


def check(plan: list[EvalCard], r: Requirement, opts: EvalOptions = DEFAULT) -> Match | None:
    """`meets`, cross-checked: same verdict as the reference, and a valid combination."""
    m = meets(plan, r, opts)
    assert (m is not None) == ref_meets(plan, r, opts), "evaluator and reference disagree"
    if m is not None:
        assert check_match(plan, r, opts, m) is None, check_match(plan, r, opts, m)
    return m


def best(plan: list[EvalCard], opts: EvalOptions = DEFAULT) -> HandType | None:
    m = best_hand(plan, opts)
    got = None if m is None else m.hand
    assert got == ref_best(plan, opts)
    assert classify(plan, opts) == got
    if m is not None:
        assert check_match(plan, m.requirement, opts, m) is None
    return got


# --- R3: counting ranks -------------------------------------------------------------------


def test_r3_three_of_a_rank_is_one_pair_and_trips_never_two_pair() -> None:
    plan = [card(4, "tech"), card(4, "charisma"), card(4, "muscle")]
    assert check(plan, req(H.PAIR))
    assert check(plan, req(H.THREE_OF_A_KIND))
    assert check(plan, req(H.TWO_PAIR)) is None
    assert count_pairs(plan) == 1
    assert best(plan) is H.THREE_OF_A_KIND


def test_r3_multi_rank_card_serves_both_ranks_for_two_pair() -> None:
    plan = [card((8, 6), "muscle"), card(8, "tech"), card(6, "charisma")]
    m = check(plan, req(H.TWO_PAIR))
    assert m is not None and m.hand is H.TWO_PAIR and m.ranks == (8, 6)
    assert len(m.cards) == 3


def test_r3_two_multi_rank_cards_and_a_single_make_a_full_house() -> None:
    plan = [card((8, 6)), card((8, 6)), card(8)]
    m = check(plan, req(H.FULL_HOUSE))
    assert m is not None and m.ranks == (8, 6)  # three 8s, two 6s
    assert best(plan) is H.FULL_HOUSE


def test_r3_a_card_never_pairs_with_itself() -> None:
    # A card printed 8/8 is one card of rank 8 (R5 fine point); one 8/6 card is no pair.
    pc = PlayerCard(id="twin", name="Twin", ranks=(8, 8), suits=("tech",))
    plan = [compile_card("twin", pc), card((6, 5))]
    assert check(plan, req(H.PAIR)) is None
    assert best(plan) is None


def test_r3_quads_are_trips_and_a_pair_but_never_two_pair() -> None:
    plan = [card(9), card(9), card(9), card(9)]
    assert check(plan, req(H.FOUR_OF_A_KIND))
    assert check(plan, req(H.THREE_OF_A_KIND))
    assert check(plan, req(H.PAIR))
    assert check(plan, req(H.TWO_PAIR)) is None
    assert check(plan, req(H.FULL_HOUSE)) is None
    assert count_pairs(plan) == 1


def test_r3_five_of_a_rank_is_still_four_of_a_kind() -> None:
    plan = [card(7) for _ in range(5)]
    assert best(plan) is H.FOUR_OF_A_KIND
    m = best_hand(plan)
    assert m is not None and m.hand is H.FOUR_OF_A_KIND and len(m.cards) == 4


def test_r3_count_pairs_is_distinct_ranks_on_two_or_more_cards() -> None:
    assert count_pairs([card(4), card(4), card(4)]) == 1
    assert count_pairs([card((8, 6)), card(8), card(6)]) == 2
    assert count_pairs([card((8, 6)), card((8, 6))]) == 2
    assert count_pairs([card(2), card(3)]) == 0
    assert count_pairs([]) == 0
    plan = [card((8, 6)), card(8), card(6), card(6), card(14)]
    assert count_pairs(plan) == ref_count_pairs(plan) == 2


def test_r3_one_rank_per_card_splits_multi_rank_cards() -> None:
    two_pair = [card((8, 6)), card(8), card(6)]
    assert check(two_pair, req(H.TWO_PAIR))
    assert check(two_pair, req(H.TWO_PAIR), ORPC) is None
    assert check(two_pair + [card(6)], req(H.TWO_PAIR), ORPC)
    full_house = [card((8, 6)), card((8, 6)), card(8)]
    assert check(full_house, req(H.FULL_HOUSE), ORPC) is None
    assert check(full_house + [card(6), card(6)], req(H.FULL_HOUSE), ORPC)
    # R5 fine point: the number of pairs does not depend on the option.
    assert count_pairs(two_pair) == 2


def test_r3_one_rank_per_card_in_straights() -> None:
    plan = [card((8, 6)), card(7), card(5), card(4)]
    assert check(plan, req(H.STRAIGHT))
    assert check(plan, req(H.STRAIGHT), ORPC) is None
    assert check(plan + [card(6)], req(H.STRAIGHT), ORPC)


# --- R2: ranks and straights --------------------------------------------------------------


def test_r2_multi_rank_card_covers_several_run_ranks() -> None:
    # The publisher's example: 8/6 + 7 covers 6-7-8.
    plan = [card((8, 6), "muscle"), card(7), card(5), card(4)]
    m = check(plan, req(H.STRAIGHT))
    assert m is not None and m.ranks == (4, 5, 6, 7, 8) and len(m.cards) == 4


def test_r2_ten_to_ace_is_a_straight() -> None:
    plan = [card(10), card(11), card(12), card(13), card(14)]
    m = check(plan, req(H.STRAIGHT))
    assert m is not None and m.ranks == (10, 11, 12, 13, 14)
    assert best(plan) is H.STRAIGHT


def test_r2_no_wrap_around() -> None:
    plan = [card(13), card(14), card(2), card(3), card(4)]
    assert check(plan, req(H.STRAIGHT)) is None
    assert check(plan, req(H.STRAIGHT), ACE_LOW) is None


def test_r2_ace_low_option_allows_the_wheel_only_when_on() -> None:
    plan = [card(14), card(2), card(3), card(4), card(5)]
    assert check(plan, req(H.STRAIGHT)) is None
    m = check(plan, req(H.STRAIGHT), ACE_LOW)
    assert m is not None and m.ranks == (14, 2, 3, 4, 5)
    assert best(plan, ACE_LOW) is H.STRAIGHT
    assert best(plan) is None


# --- R4: suits and flushes ----------------------------------------------------------------


def test_r4_two_cards_can_make_a_flush_with_multiple_symbols() -> None:
    plan = [card(2, "charisma", "charisma", "charisma"), card(9, "charisma", "charisma")]
    m = check(plan, req(H.FLUSH, flush="charisma"))
    assert m is not None and m.suit is Suit.CHARISMA and len(m.cards) == 2
    assert best(plan) is H.FLUSH


def test_r4_a_wild_symbol_serves_one_suit_only() -> None:
    one_wild = [card(8, "any"), card(8)]
    assert check(one_wild, req(H.PAIR, "tech", "charisma")) is None
    assert check(one_wild, req(H.PAIR, "tech"))
    two_wilds = [card(8, "any"), card(8, "any")]
    assert check(two_wilds, req(H.PAIR, "tech", "charisma"))


def test_r4_wilds_complete_a_flush() -> None:
    plan = [card(2, "tech", "tech"), card(5, "tech", "any"), card(9, "any")]
    assert check(plan, req(H.FLUSH, flush="tech"))
    assert check(plan, req(H.FLUSH, flush="muscle")) is None


# --- R5: To Hit requirements --------------------------------------------------------------


def test_r5_plan_hits_if_any_requirement_is_met() -> None:
    plan = [card(8, "muscle"), card(8), card(3)]
    reqs = [req(H.STRAIGHT), req(H.PAIR, "muscle")]
    res = check_to_hit(plan, reqs)
    assert res.hit and len(res.matches) == 1
    assert res.matches[0].requirement == reqs[1]
    miss = check_to_hit(plan, [req(H.STRAIGHT), req(H.PAIR, "tech")])
    assert not miss.hit and miss.matches == ()


def test_r5_containment_without_or_better() -> None:
    trips = [card(5), card(5), card(5)]
    assert check(trips, req(H.PAIR))
    full_house = [card(5), card(5), card(5), card(9), card(9)]
    m = check(full_house, req(H.TWO_PAIR))
    assert m is not None and m.ranks == (9, 5) and len(m.cards) == 4  # fewest cards
    # When the attached suit sits on the third 5, the full house itself is the match.
    full_house[2] = card(5, "stealth")
    m = check(full_house, req(H.TWO_PAIR, "stealth", "stealth"))
    assert m is None
    m = check(full_house, req(H.TWO_PAIR, "stealth"))
    assert m is not None and full_house[2].key in m.cards
    assert check(full_house, req(H.THREE_OF_A_KIND))
    quads = [card(5), card(5), card(5), card(5)]
    assert check(quads, req(H.THREE_OF_A_KIND))
    # A straight is not a pair, and without "or better" a better hand is not enough.
    run = [card(5), card(6), card(7), card(8), card(9)]
    assert check(run, req(H.PAIR)) is None
    assert check(run, req(H.THREE_OF_A_KIND)) is None


def test_r5_attached_suits_of_a_pair_must_be_on_the_paired_cards() -> None:
    # "Pair with Tech and Charisma": the two paired cards together show them. Another
    # pair's symbols don't count, even though the Plan holds two pair.
    two_pair = [card(8, "tech"), card(8), card(6, "charisma"), card(6)]
    assert check(two_pair, req(H.PAIR, "tech", "charisma")) is None
    # Trips likewise are judged on the three cards of the rank.
    full_house = [card(8), card(8), card(8), card(6, "tech"), card(6)]
    assert check(full_house, req(H.THREE_OF_A_KIND, "tech")) is None
    # With "or better" the two pair is a better structure and is judged as a whole.
    m = check(two_pair, req(H.PAIR, "tech", "charisma", plus=True))
    assert m is not None and m.hand is H.TWO_PAIR
    m = check(full_house, req(H.THREE_OF_A_KIND, "tech", plus=True))
    assert m is not None and m.hand is H.FULL_HOUSE and len(m.cards) == 5
    # A kicker never joins: it shows no group rank.
    assert (
        check(
            [card(8), card(8), card(8), card(6, "tech")], req(H.THREE_OF_A_KIND, "tech", plus=True)
        )
        is None
    )


def test_r5_or_better_accepts_any_higher_structure() -> None:
    run = [card(5), card(6), card(7), card(8), card(9)]
    m = check(run, req(H.PAIR, plus=True))
    assert m is not None and m.hand is H.STRAIGHT
    assert check(run, req(H.FLUSH, plus=True)) is None
    trips = [card(5), card(5), card(5)]
    assert check(trips, req(H.STRAIGHT, plus=True)) is None


def test_r5_attached_suits_must_be_on_the_combination_not_a_kicker() -> None:
    plan = [card(8, "muscle"), card(8, "muscle"), card(3, "tech")]
    assert check(plan, req(H.PAIR, "tech")) is None
    assert check(plan, req(H.PAIR, "muscle", "muscle"))
    assert check(plan, req(H.PAIR, "muscle", "muscle", "muscle")) is None


def test_r5_three_fours_meet_pair_with_tech_charisma_and_muscle() -> None:
    plan = [card(4, "tech"), card(4, "charisma"), card(4, "muscle")]
    m = check(plan, req(H.PAIR, "tech", "charisma", "muscle"))
    assert m is not None and len(m.cards) == 3 and m.hand is H.THREE_OF_A_KIND


def test_r5_one_multi_symbol_card_may_cover_several_attached_suits() -> None:
    plan = [card(8, "tech", "charisma"), card(8)]
    m = check(plan, req(H.PAIR, "tech", "charisma"))
    assert m is not None and len(m.cards) == 2


def test_r5_flush_suit_is_identity_tech_flush_or_better() -> None:
    full_house = [card(5, "charisma"), card(5, "muscle"), card(5), card(9), card(9)]
    assert check(full_house, req(H.FLUSH, plus=True, flush="tech"))
    charisma_flush = [card(r, "charisma") for r in (2, 4, 6, 9, 12)]
    assert check(charisma_flush, req(H.FLUSH, plus=True, flush="tech")) is None
    assert check(charisma_flush, req(H.FLUSH, flush="charisma"))
    assert check(charisma_flush, req(H.FLUSH))  # any single suit


def test_r5_tech_flush_with_tech_attached_needs_five_tech_not_six() -> None:
    plan = [card(r, "tech") for r in (2, 4, 6, 9, 12)]
    assert check(plan, req(H.FLUSH, "tech", flush="tech"))
    six = req(H.FLUSH, "tech", "tech", "tech", "tech", "tech", "tech", flush="tech")
    assert check(plan, six) is None


def test_r5_muscle_flush_with_tech_attached_wild_counts_once() -> None:
    four_muscle = [card(r, "muscle") for r in (2, 4, 6, 9)]
    r = req(H.FLUSH, "tech", flush="muscle")
    # The fifth card's wild must be Muscle for it to belong to the flush: no Tech left.
    assert check(four_muscle + [card(12, "any")], r) is None
    assert check(four_muscle + [card(12, "any", "any")], r)
    assert check(four_muscle + [card(12, "muscle", "tech")], r)
    # A Tech symbol on a card that adds no Muscle cannot join the flush.
    assert check(four_muscle + [card(12, "muscle"), card(13, "tech")], r) is None


def test_r5_combination_is_at_most_five_cards() -> None:
    # Six Tech symbols are on 4s, but a combination holds five cards at most.
    plan = [card(4, "tech") for _ in range(6)]
    six_tech = req(H.PAIR, "tech", "tech", "tech", "tech", "tech", "tech")
    assert check(plan, six_tech) is None
    assert check(plan, req(H.PAIR, "tech", "tech", "tech", "tech", "tech"))


def test_r5_whole_plan_is_searched_beyond_the_fifth_card() -> None:
    plan = [card(2), card(5), card(7), card(9), card(11, "tech"), card(13), card(13, "tech")]
    m = check(plan, req(H.PAIR, "tech"))
    assert m is not None and m.ranks == (13,)
    assert m.cards == (plan[6].key, plan[5].key) or set(m.cards) == {plan[5].key, plan[6].key}


def test_r5_picks_the_right_five_out_of_many() -> None:
    # Seven Muscle cards, only one with a Tech: the flush must include that one.
    plan = [card(r, "muscle") for r in (2, 3, 5, 7, 9, 11)] + [card(13, "muscle", "tech")]
    m = check(plan, req(H.FLUSH, "tech", flush="muscle"))
    assert m is not None and plan[6].key in m.cards and len(m.cards) == 5


def test_r5_loose_or_better_suits_waives_suits_only_for_better_hands() -> None:
    trips = [card(6, "muscle"), card(6), card(6)]
    r = req(H.PAIR, "tech", plus=True)
    assert check(trips, r) is None
    m = check(trips, r, LOOSE)
    assert m is not None and m.hand is H.THREE_OF_A_KIND and m.attached == ()
    pair = [card(6, "muscle"), card(6)]
    assert check(pair, r, LOOSE) is None  # the exact level still needs the Tech
    # Without "or better" the option changes nothing.
    assert check(trips, req(H.PAIR, "tech"), LOOSE) is None


# --- best hand, symbols, results ----------------------------------------------------------


def test_best_hand_ordering() -> None:
    # Flush beats straight; full house beats flush; nothing at all is None.
    assert best([card(r, "tech") for r in (2, 3, 4, 5, 6)]) is H.FLUSH
    assert best([card(5, "tech"), card(5), card(5), card(9), card(9, "tech")]) is H.FULL_HOUSE
    assert best([card(2), card(7), card(9)]) is None
    assert best_hand([]) is None
    m = best_hand([card(r, "tech") for r in (2, 3, 4, 5, 6)])
    assert m is not None and m.requirement == req(H.FLUSH, flush="tech")


def test_count_symbols_counts_printed_symbols_not_wilds() -> None:
    plan = [card(2, "tech", "tech"), card(3, "tech", "any"), card(4, "muscle")]
    assert count_symbols(plan, Suit.TECH) == 3
    assert count_symbols(plan, Suit.MUSCLE) == 1
    assert count_symbols(plan, Suit.STEALTH) == 0
    assert count_symbols(plan, Suit.ANY) == 1


def test_compile_card_reads_ranks_suits_and_wilds() -> None:
    pc = PlayerCard(
        id="smile",
        name="Disarming Smile",
        ranks=("Q", 3),
        suits=("charisma", "might", "tech", "any", "tech"),
    )
    ec = compile_card("smile#1", pc)
    assert ec.key == "smile#1"
    assert ec.ranks == frozenset({12, 3})
    assert ec.suits == (1, 1, 0, 2)
    assert ec.wild == 1


def test_eval_card_rejects_bad_data() -> None:
    with pytest.raises(ValueError):
        EvalCard("x", frozenset(), (0, 0, 0, 0), 0)
    with pytest.raises(ValueError):
        EvalCard("x", frozenset({15}), (0, 0, 0, 0), 0)
    with pytest.raises(ValueError):
        EvalCard("x", frozenset({5}), (0, -1, 0, 0), 0)


def test_match_describe_in_plain_words() -> None:
    plan = [card(8, "muscle"), card(8, "tech"), card(8)]
    m = meets(plan, req(H.PAIR, "muscle", "tech"))
    assert m is not None
    assert m.describe() == "Pair of 8s (Muscle + Tech) from 2 cards"
    fh = best_hand([card((8, 6)), card((8, 6)), card(8)])
    assert fh is not None and fh.describe() == "Full house, 8s over 6s from 3 cards"
    run = best_hand([card(10), card(11), card(12), card(13), card(14)])
    assert run is not None and run.describe() == "Straight 10-J-Q-K-A from 5 cards"
    fl = best_hand([card(2, "charisma", "charisma", "charisma"), card(9, "charisma", "charisma")])
    assert fl is not None and fl.describe() == "Charisma flush from 2 cards"


def test_explain_says_why_it_hit_or_missed() -> None:
    plan = [card(8, "muscle"), card(8), card(3)]
    reqs = [req(H.PAIR, "tech", "charisma"), req(H.STRAIGHT)]
    assert check_to_hit(plan, reqs).explain(reqs) == ("No pair with Tech and Charisma; no straight")
    reqs = [req(H.STRAIGHT), req(H.PAIR, "muscle", plus=True)]
    text = check_to_hit(plan, reqs).explain(reqs)
    assert text == "Hit — Pair of 8s (Muscle) from 2 cards meets pair with Muscle or better"


def test_empty_plan_meets_nothing() -> None:
    assert meets([], req(H.PAIR)) is None
    assert not check_to_hit([], [req(H.PAIR, plus=True)]).hit


# --- Symbol Glossary: the order of hands and "or better" (audit additions) ----------------

# One plain Plan per level that shows that structure and nothing stronger (glossary
# examples where it gives them: 2-6, 6-10 and 10-A straights).
LADDER: list[tuple[HandType, list[EvalCard]]] = [
    (H.PAIR, [card(5), card(5), card(9)]),
    (H.TWO_PAIR, [card(5), card(5), card(9), card(9)]),
    (H.THREE_OF_A_KIND, [card(5), card(5), card(5), card(9)]),
    (H.STRAIGHT, [card(2), card(3), card(4), card(5), card(6)]),
    (H.STRAIGHT, [card(6), card(7), card(8), card(9), card(10)]),
    (H.STRAIGHT, [card(10), card(11), card(12), card(13), card(14)]),
    (H.FLUSH, [card(r, "stealth") for r in (2, 4, 7, 9, 12)]),
    (H.FULL_HOUSE, [card(5), card(5), card(5), card(9), card(9)]),
    (H.FOUR_OF_A_KIND, [card(5), card(5), card(5), card(5), card(9)]),
]
ORDER = list(HandType)


@pytest.mark.parametrize(
    "level,plan", LADDER, ids=[f"{h.value}-{i}" for i, (h, _) in enumerate(LADDER)]
)
def test_glossary_or_better_follows_the_listed_order_weakest_to_strongest(
    level: HandType, plan: list[EvalCard]
) -> None:
    """ "The poker hands above are listed in order from weakest to strongest": a hand meets
    "X or better" exactly when X is listed at or below it (trips meet "two pair or
    better"; two pair does not meet "three of a kind or better")."""
    assert ORDER == [
        H.PAIR,
        H.TWO_PAIR,
        H.THREE_OF_A_KIND,
        H.STRAIGHT,
        H.FLUSH,
        H.FULL_HOUSE,
        H.FOUR_OF_A_KIND,
    ]
    assert best(plan) is level
    for other in ORDER:
        wanted = ORDER.index(other) <= ORDER.index(level)
        assert (check(plan, req(other, plus=True)) is not None) is wanted, other


def test_glossary_or_better_example_three_of_a_kind_plus() -> None:
    """ "A Three of a Kind symbol followed by a plus … a straight, a flush, a full house, or
    a four of a kind" — and not a two pair."""
    r = req(H.THREE_OF_A_KIND, plus=True)
    for hand, plan in LADDER:
        if hand in (H.STRAIGHT, H.FLUSH, H.FULL_HOUSE, H.FOUR_OF_A_KIND):
            assert check(plan, r), hand
    assert check([card(5), card(5), card(9), card(9)], r) is None


def test_r5_there_is_no_straight_flush() -> None:
    """R5: a straight that is also a flush is a flush, not a hand above four of a kind."""
    plan = [card(r, "tech") for r in (5, 6, 7, 8, 9)]
    assert best(plan) is H.FLUSH
    assert check(plan, req(H.STRAIGHT)) and check(plan, req(H.FLUSH, flush="tech"))
    assert check(plan, req(H.FULL_HOUSE, plus=True)) is None
    assert check(plan, req(H.FOUR_OF_A_KIND, plus=True)) is None


def test_glossary_trips_and_quads_are_numerically_distinct_too() -> None:
    """ "Three of a kinds, four of a kinds, etc. must also be numerically distinct": six
    cards of one rank are one group — not two trips, a full house or two pair."""
    plan = [card(9) for _ in range(6)]
    assert best(plan) is H.FOUR_OF_A_KIND
    assert check(plan, req(H.FULL_HOUSE)) is None
    assert check(plan, req(H.TWO_PAIR)) is None
    assert count_pairs(plan) == 1
