"""R14: players may not say what is on the cards in their own hand."""

from __future__ import annotations

import pytest

from rules.legends.cards import PlayerCard
from rules.legends.tabletalk import check_message, face_up_terms

GUNS = PlayerCard(
    id="guns",
    name="Guns, Lots of Guns",
    ranks=[7],
    suits=["muscle"],
    text="+1 Damage for each Muscle symbol in the Plan.",
)
RAZOR = PlayerCard(id="razor", name="Razor Girl", ranks=["Q", "A"], suits=["tech"])
HAND = [GUNS, RAZOR]


def flagged(text: str, hand: list[PlayerCard] = HAND, face_up: set[str] | None = None) -> set[str]:
    return {v.term for v in check_message(text, hand, face_up)}


@pytest.mark.parametrize(
    "text,term",
    [
        ("I got a 7", "7"),
        ("sevens all round: 7s", "7"),
        ("seven", "seven"),
        ("SEVEN", "seven"),
        ("s e v e n", "seven"),
        ("s-e-v-e-n", "seven"),
        ("sev.en", "seven"),
        ("sevvvvven", "seven"),
        ("s3v3n", "seven"),
        ("I have a Q", "Q"),
        ("queeeen!", "queen"),
        ("that is ace", "ace"),
        ("need muscle", "muscle"),
        ("might makes right", "might"),
        ("T3CH time", "tech"),
        ("te ch", "tech"),
        ("guns lots of guns", "Guns, Lots of Guns"),
        ("RazorGirl incoming", "Razor Girl"),
        ("r4z0r g1rl", "Razor Girl"),
    ],
)
def test_literal_mentions_and_obvious_disguises_are_violations(text: str, term: str) -> None:
    assert term in flagged(text)


@pytest.mark.parametrize(
    "text",
    [
        "I have a plan to go too",  # "a" is not the Ace; "to"/"too" are not "two"
        "waiting for you, we won",  # "for" is not "four"
        "feeling regal today",  # bending the rule is encouraged
        "heavy artillery time, team",
        "I have 17 of them",  # not a rank on a held card
        "it is 07:30",
        "A",  # a lone capital A is still the article
        "ok k",  # lower-case k is not the King
        "a king",  # no King in this hand
        "stealthy does it",  # Stealth is not in this hand
    ],
)
def test_everyday_words_and_bent_rules_pass(text: str) -> None:
    assert flagged(text) == set()


def test_rules_text_quoted_from_the_hand_is_a_violation() -> None:
    assert "for each muscle symbol" in flagged("something for each Muscle symbol in play")


def test_only_the_authors_own_hand_counts() -> None:
    assert flagged("I have a 9 and tech", hand=[GUNS]) == set()


def test_face_up_cards_may_be_discussed() -> None:
    free = face_up_terms([], ["To Hit: Pair with Muscle or better"])
    assert "muscle" not in flagged("we need muscle", face_up=free)
    free_plan = face_up_terms([PlayerCard(id="x", name="Seven Up", ranks=[7])])
    assert "7" not in flagged("match the 7", face_up=free_plan)
    assert "seven" not in flagged("match the seven", face_up=free_plan)


def test_violation_names_the_card_for_the_private_notice() -> None:
    v = check_message("seven", HAND)[0]
    assert v.card == "Guns, Lots of Guns" and v.kind == "rank"
