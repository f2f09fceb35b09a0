"""Deck-list errors name the line the entry is written on, also when entries share a line
with `;` (a list pasted into a one-line field), and a `;` inside a `#` comment starts no
entry. Before the audit of issue 11 the `;` were turned into line breaks first, so every
error after one named a line further down than the text's, and a commented-out entry after
a `;` was read. And the loader refuses two cards with one name and subtitle, which would
make an exported list import as the other card."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from content.common import ContentError
from content.tcg.loader import DEFAULT_PACK_DIR, load_pack
from rules.tcg.decks import DeckTextError, parse_deck_text
from tests.tcg.pack import PACK


def test_an_error_after_a_semicolon_names_the_line_it_is_on() -> None:
    text = "Legends: ; Solo L; Plain L; Null L\nDeck: ; 3 Grunt; 2 Brute\n3 Bruet\n"
    with pytest.raises(DeckTextError) as e:
        parse_deck_text(text, PACK)
    assert e.value.line == 3 and str(e.value) == "line 3: no card named 'Bruet'"


def test_two_bad_entries_on_one_line_each_name_it() -> None:
    with pytest.raises(DeckTextError) as e:
        parse_deck_text("Deck:\n3 Grunt; 2 Grnut; 0 Brute\n", PACK)
    assert str(e.value) == ("line 2: no card named 'Grnut'; line 2: the count must be at least 1")


def test_a_semicolon_inside_a_comment_starts_no_entry() -> None:
    d = parse_deck_text("Legends: ; Solo L; Plain L; Null L\nDeck:\n3 Grunt # was; 3 Grnut\n", PACK)
    assert d.legends == ("solo-l", "plain-l", "null-l") and d.cards == (("grunt", 3),)


def test_two_cards_with_one_name_and_subtitle_are_refused_at_load(tmp_path: Path) -> None:
    """Deck lists name cards by name and subtitle, so a second "Alley Cutter" would make an
    exported list import as the other card: the loader refuses it, naming file, card and
    field (found by the audit: the loader checked only ids)."""
    pack = Path(
        shutil.copytree(DEFAULT_PACK_DIR, tmp_path / "pack", ignore=shutil.ignore_patterns("*.py"))
    )
    red = pack / "cards" / "red.toml"
    red.write_text(
        red.read_text()
        + '\n[[card]]\nid = "alley-cutter-2"\nname = "alley cutter"\ntype = "unit"\n'
        'colour = "red"\nram = 1\ncost = 1\npower = 3\n'
    )
    with pytest.raises(ContentError) as e:
        load_pack(pack)
    (issue,) = e.value.errors
    assert str(issue) == (
        f"{red}: card 'alley-cutter-2' field name: card 'alley-cutter' has the same name and "
        "subtitle (alley cutter); deck lists tell cards apart by them"
    )
