"""§1 deck legality and plain-text deck lists (import/export, line-numbered errors)."""

from __future__ import annotations

import pytest

from rules.tcg.cards import DeckList
from rules.tcg.decks import DeckTextError, deck_problems, deck_text, parse_deck_text
from tests.tcg.pack import DECK, MAIN, PACK


def deck(
    legends: tuple[str, ...] = DECK.legends, cards: tuple[tuple[str, int], ...] = DECK.cards
) -> DeckList:
    return DeckList(id="d", name="D", legends=legends, cards=cards)


def test_the_test_deck_is_legal() -> None:
    assert deck_problems(DECK, PACK) == []


def test_exactly_three_legends_with_different_names() -> None:
    assert any("exactly 3" in p for p in deck_problems(deck(legends=DECK.legends[:2]), PACK))
    twice = ("solo-l", "solo-l", "null-l")
    assert any("different names" in p for p in deck_problems(deck(legends=twice), PACK))


def test_forty_to_fifty_main_deck_cards() -> None:
    assert any("40–50" in p for p in deck_problems(deck(cards=tuple(MAIN[:-1])), PACK))
    big = tuple(MAIN) + (("nine", 3), ("ten", 3), ("ghost", 3), ("huge", 2))
    assert any("40–50" in p for p in deck_problems(deck(cards=big), PACK))


def test_at_most_three_copies_by_name_and_subtitle() -> None:
    cards = tuple((c, n) for c, n in MAIN if c != "big") + (("big", 4),)
    assert any("at most 3 copies of Big" in p for p in deck_problems(deck(cards=cards), PACK))


def test_ram_closed_colour_and_limit() -> None:
    # Without the red Legend, red is closed whatever the RAM.
    legends = ("free-l", "plain-l", "null-l")
    assert any("red is closed" in p for p in deck_problems(deck(legends=legends), PACK))
    from rules.tcg.cards import Card

    heavy = Card.model_validate(
        dict(id="heavy", name="Heavy", type="unit", colour="red", ram=3, power=9)
    )
    pack = PACK.model_copy(update={"cards": {**PACK.cards, "heavy": heavy}})
    cards = tuple((c, n) for c, n in MAIN if c != "big") + (("heavy", 2),)
    assert any(
        "RAM 3 is above the red limit 2" in p for p in deck_problems(deck(cards=cards), pack)
    )


def test_text_round_trip_is_lossless() -> None:
    text = deck_text(DECK, PACK)
    back = parse_deck_text(text, PACK, deck_id="test", name="Test")
    assert back == DECK


def test_text_reads_counts_marks_comments_and_semicolons() -> None:
    d = parse_deck_text("* Solo L; Plain L (Legend)\n# a comment\n3x Grunt\nBrute\nnull-l", PACK)
    assert d.legends == ("solo-l", "plain-l", "null-l")
    assert d.cards == (("grunt", 3), ("brute", 1))


def test_errors_name_their_line() -> None:
    with pytest.raises(DeckTextError) as e:
        parse_deck_text("Legends:\n1 Solo L\n\n3 Grnut\n", PACK)
    assert e.value.line == 4 and "line 4" in str(e.value) and "Grnut" in str(e.value)
    with pytest.raises(DeckTextError) as e:
        parse_deck_text("Legends:\n1 Grunt\n", PACK)
    assert e.value.line == 2 and "not a Legend" in str(e.value)


def test_several_bad_lines_each_named_once() -> None:
    with pytest.raises(DeckTextError) as e:
        parse_deck_text("Legends:\n1 Solo L\n3 Grnut\n0 Grunt\n", PACK)
    assert e.value.line == 3
    assert str(e.value) == ("line 3: no card named 'Grnut'; line 4: the count must be at least 1")
