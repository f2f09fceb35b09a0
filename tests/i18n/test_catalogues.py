"""What CI checks on every catalogue: each entry the code asks for is there (reviewed,
not fuzzy), each entry is used, placeholders agree with the English, plural entries have
every form of the language, and command names are names Discord accepts. Each check is
also shown to catch what it is for, on a small catalogue made here."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from bot.i18n.extract import (
    Wanted,
    missing,
    name_problems,
    other_languages,
    placeholder_mismatches,
    plural_problems,
    problems,
    wanted,
)


@pytest.fixture(scope="module")
def want() -> dict[tuple[str | None, str], Wanted]:
    return wanted()


@pytest.mark.parametrize("lang", other_languages())
def test_every_catalogue_is_complete_and_clean(
    lang: str, want: dict[tuple[str | None, str], Wanted]
) -> None:
    found = {what: items for what, items in problems(lang, want).items() if items}
    assert found == {}, "run `python -m bot.i18n extract`, then translate:\n" + "\n".join(
        f"{what}: {item}" for what, items in found.items() for item in items
    )


def test_polish_is_a_catalogue() -> None:
    assert "pl" in other_languages()


def test_the_extractor_sees_messages_nouns_and_commands(
    want: dict[tuple[str | None, str], Wanted],
) -> None:
    contexts = {k[0] for k in want}
    assert "slash:command_name" in contexts and "slash:parameter_description" in contexts
    assert ("slash:group_name", "legends") in want
    assert ("slash:command_name", "flip") in want


def _pl() -> Catalog:
    return Catalog(locale="pl", domain="fixer")


def test_a_message_without_a_polish_entry_fails() -> None:
    cat = _pl()
    cat.add("Known.", "Znane.")
    cat.add("Unsure.", "Niepewne?", flags=["fuzzy"])
    want = {
        (None, m): Wanted(None, m, None, f"x.py:{i}")
        for i, m in enumerate(["Known.", "Unknown.", "Unsure."])
    }
    assert missing(cat, want) == ["x.py:1: |'Unknown.'", "x.py:2: |'Unsure.'"]


def test_an_entry_nothing_uses_fails() -> None:
    from bot.i18n.extract import unused

    cat = _pl()
    cat.add("Used.", "Użyte.")
    cat.add("Gone.", "Nie ma.")
    assert unused(cat, {(None, "Used."): Wanted(None, "Used.", None, "x.py:1")}) == ["|'Gone.'"]


def test_placeholders_differing_between_languages_fail() -> None:
    cat = _pl()
    cat.add("{name} joins.", "{name} dołącza.")
    cat.add("{name} leaves.", "{imie} odchodzi.")
    cat.add("{n} card", "{n} karta")
    cat.add(("{n} card left", "{n} cards left"), ("jedna karta", "{n} karty", "{n} kart"))
    cat.add(("{n} of {who}", "{n} of {who}"), ("jedna z {who}", "{n} z {who}", "{n} z {kto}"))
    bad = placeholder_mismatches(cat)
    assert len(bad) == 2
    assert "{imie} odchodzi." in bad[0] and "{kto}" in bad[1]


def test_polish_plural_entries_need_three_forms() -> None:
    cat = _pl()
    cat.add(("{n} card", "{n} cards"), ("{n} karta", "{n} karty", "{n} kart"))
    cat.add(("{n} die", "{n} dice"), ("{n} kość", "{n} kości"))
    cat.add(("{n} Gig", "{n} Gigs"), ("{n} Gig", "", "{n} Gigów"))
    assert cat.num_plurals == 3
    assert [p.split(":")[0] for p in plural_problems(cat)] == ["'{n} die'", "'{n} Gig'"]


def test_command_names_must_be_discord_names() -> None:
    cat = _pl()
    cat.add("play", "zagraj", context="slash:command_name")
    cat.add("hand", "Ręka", context="slash:command_name")
    cat.add("join", "dołącz do", context="slash:command_name")
    cat.add("card", "k" * 33, context="slash:parameter_name")
    cat.add("Play a card", "Zagraj kartę do Planu", context="slash:command_description")
    assert len(name_problems(cat)) == 3
