"""A "may" ability's own text (the question "Use X's ability? TEXT" when TEXT is the
ability's, not the card's whole text) has a translation path,
`cards.<id>.abilities.<k>` (rules.legendary.cards.may_texts): the pack's checks ask
for it, and a Polish reader is asked in the translation's words."""

from __future__ import annotations

from functools import cache

from cogs.legendary.localize import line
from content.legendary.loader import load_default_pack
from content.legendary.translations import source, translation_warnings
from rules.core.translations import Translation
from rules.legendary.cards import HeroCard, Pack, may_texts
from rules.legendary.effects import Ability

CARD = "ruiz-hydraulic-brace"
OWN = "You may KO one of your Wounds."
POLISH = "Możesz dać KO jednej ze swoich Ran."


@cache
def _pack(translated: bool) -> Pack:
    """The bundled pack with one card whose "may" ability has its own text."""
    pack = load_default_pack()
    card = pack.cards[CARD]
    assert isinstance(card, HeroCard) and card.abilities
    first = card.abilities[0]
    may = Ability(may=True, text=OWN, effects=first.effects)
    cards = {**pack.cards, CARD: card.model_copy(update={"abilities": (may, *card.abilities[1:])})}
    texts = dict(pack.translations["pl"].texts)
    if translated:
        texts[f"cards.{CARD}.abilities.0"] = POLISH
    pl = Translation(language="pl", texts=texts)
    return pack.model_copy(update={"cards": cards, "translations": {"pl": pl}})


def test_a_may_abilitys_own_text_is_a_required_translation() -> None:
    pack = _pack(translated=False)
    assert may_texts(pack.cards[CARD]) == (OWN,)
    assert source(pack).required[f"cards.{CARD}.abilities.0"] == OWN
    assert pack.english(f"cards.{CARD}.abilities.0") == OWN
    assert f"translations/pl.toml: cards.{CARD}.abilities.0: missing translation" in "\n".join(
        translation_warnings(pack)
    )
    assert not any(".abilities." in w for w in translation_warnings(_pack(translated=True)))
    # An ability whose text is the card's whole text is translated with the card.
    card = pack.cards[CARD]
    assert isinstance(card, HeroCard)
    whole = Ability(may=True, text=card.text, effects=card.abilities[0].effects)
    assert may_texts(card.model_copy(update={"abilities": (whole,)})) == ()
    # The card's whole text is never asked twice: no ability of the bundled pack has a
    # text of its own today, so no card there needs the path.
    bundled = load_default_pack()
    assert not any(may_texts(c) for c in bundled.cards.values())


def test_the_question_reads_in_the_translations_words() -> None:
    pack = _pack(translated=True)
    name = pack.cards[CARD].name
    for ask in (f"Use {name}'s ability? {OWN}", f"Use this ability? {OWN}"):
        polish = line(pack, "pl", ask)
        assert polish.endswith(f"? {POLISH}"), polish
        assert polish.startswith(("Użyć zdolności", "Użyć tej zdolności?")), polish
        assert line(pack, "en", ask) == ask
    # Untranslated, the ability's text stays as printed (the question is Polish).
    untranslated = line(_pack(translated=False), "pl", f"Use this ability? {OWN}")
    assert untranslated == f"Użyć tej zdolności? {OWN}"
