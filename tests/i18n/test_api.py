"""The one way to a string: language resolution, fallback, plural forms, numbers, lists."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.i18n import language, name_list, number, t, tcount, tn


@pytest.mark.parametrize(
    ("loc", "lang"),
    [
        ("pl", "pl"),
        ("pl-PL", "pl"),
        ("pl_PL", "pl"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "en"),
        (None, "en"),
        ("", "en"),
    ],
)
def test_a_locale_resolves_to_a_language_with_a_catalogue(loc: str | None, lang: str) -> None:
    assert language(loc) == lang


def test_a_discord_locale_enum_resolves_too() -> None:
    import discord

    assert language(discord.Locale.polish) == "pl"
    assert language(discord.Locale.american_english) == "en"


def test_english_is_the_source_and_the_fallback() -> None:
    assert t("en", "The Plan is full.") == "The Plan is full."
    # A msgid no catalogue holds reads in English in every language.
    assert t("pl", "No catalogue holds this sentence.") == "No catalogue holds this sentence."
    assert t("de", "No catalogue holds this {x}.", x="one") == "No catalogue holds this one."


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "karta"),
        (2, "karty"),
        (4, "karty"),
        (5, "kart"),
        (11, "kart"),
        (12, "kart"),
        (14, "kart"),
        (21, "kart"),
        (22, "karty"),
        (25, "kart"),
        (0, "kart"),
        (102, "karty"),
        (112, "kart"),
    ],
)
def test_polish_counts_take_the_form_of_the_number(n: int, form: str) -> None:
    assert tcount("pl", n, "card") == f"{n} {form}"


def test_english_counts_keep_the_irregular_nouns() -> None:
    assert tcount("en", 1, "Eddie") == "1 Eddie"
    assert tcount("en-US", 3, "Eddie") == "3 Eddies"
    assert tcount("en", 2, "card") == "2 cards"


def test_a_noun_without_polish_forms_falls_back_to_english() -> None:
    assert tcount("pl", 2, "zorb") == "2 zorbs"


def test_numbers_are_formatted_for_the_language() -> None:
    assert number("en", 12000) == "12000"  # English reads as it always did
    assert number("pl", 12000) == "12\xa0000"
    assert number("pl", 2.5) == "2,5"
    # A whole float reads as a whole number in every language (a timer of 45.0 s).
    assert number("en", 45.0) == "45" and number("pl", 45.0) == "45"
    assert number("en", 1.5) == "1.5"
    assert t("pl", "{n} min", n=1.5) == "1,5 min" and t("en", "{n} min", n=3.0) == "3 min"


@pytest.mark.parametrize(
    "kw",
    [
        {"name": "Ana", "n": 3},
        {"n": -12000},
        {"n": 2**70, "name": ""},
        {"n": 45.0, "name": "x"},  # a float: through `number`
        {"n": 1.5},
        {"n": True, "name": "x"},  # a bool stays a bool
        {"name": None, "n": 0},
    ],
)
def test_english_fills_placeholders_as_the_general_path_does(kw: dict[str, object]) -> None:
    """English skips the copy of the arguments when they are names and ints: the text
    must be what the general path (each number through `number`) gives."""
    text = "{name} has {n} eddies"
    kw = {"name": "x", **kw}
    general = text.format(
        **{
            k: (number("en", v) if isinstance(v, int | float) and not isinstance(v, bool) else v)
            for k, v in kw.items()
        }
    )
    assert t("en", text, **kw) == general


def test_lists_join_in_the_language() -> None:
    assert name_list("en", ["Slice", "Patch", "Burn"]) == "Slice, Patch and Burn"
    assert name_list("pl", ["Slice", "Patch", "Burn"]) == "Slice, Patch i Burn"
    assert name_list("pl", ["Slice"]) == "Slice"
    # A name with a comma keeps the list countable in every language.
    assert name_list("pl", ["Guns, Lots of Guns", "Slice"]) == "Guns, Lots of Guns; Slice"


def test_tn_fills_n_and_english_has_two_forms() -> None:
    assert tn("en", "{n} card left", "{n} cards left", 1) == "1 card left"
    assert tn("en", "{n} card left", "{n} cards left", 3) == "3 cards left"


def test_the_polish_catalogue_has_three_plural_forms() -> None:
    from bot.i18n.catalog import read_catalog

    assert read_catalog("pl").num_plurals == 3
    assert "pl" in i18n.languages() and i18n.languages()[0] == "en"
