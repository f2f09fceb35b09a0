"""The Polish speaks the games' terms as Polish players do (docs/i18n.md, "Polish words"):
every message naming a term of the glossary below says it with the glossary's Polish word
(in any of its forms) in every form of its translation. A translation that words a term
its own way fails, naming the entry."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from bot.i18n.catalog import read_catalog

#: English term (a pattern over the msgid) -> the Polish word's stem (over the msgstr).
GLOSSARY = {
    # Legends
    r"\bLeader\b": r"Lider",
    r"\bObstacles?\b": r"Przeszk",
    r"\bHealth\b": r"Zdrow",
    r"\bPlan Size\b": r"Rozmiar",
    r"\bScenario Cards?\b": r"Kart",
    r"\bUpgrade Pool\b": r"Pul",
    r"\bPersistent Memor(y|ies)\b": r"Trwał",
    r"\bClues?\b": r"Trop",
    r"\bDamage\b": r"[Oo]braż",
    r"\bTrauma Pack\b": r"Pakiet Trauma|Trauma Pack",
    # The TCG (the Polish digest keeps these as printed)
    r"\bStreet Cred\b": r"Street Cred",
    r"\bEddies\b": r"Edd",
    r"\bGigs?\b": r"Gig",
    # Legendary 2099
    r"\bSchemes?\b(?! Twists?)": r"Intryg",
    r"\bScheme Twists?\b": r"Zwrot",
    r"\bMasterminds?\b": r"Mastermind",
    r"\bHero(es)?\b": r"Bohater",
    r"\bVillains?\b": r"Złoczyń",
    r"\bWounds?\b": r"[Rr]an",
    r"\bBystanders?\b": r"[Pp]rzechod",
    r"\bHenchm[ae]n\b": r"[Pp]oplecz",
}


def offenders(cat: Catalog, english: str, polish: str) -> tuple[int, list[str]]:
    """How many entries name `english`, and those whose translation lacks `polish`."""
    seen, bad = 0, []
    for m in cat:
        if not m.id or not m.string:
            continue
        if m.context and m.context.startswith("slash:") and m.context.endswith("_name"):
            continue  # command and option names: short, without diacritics (their own rule)
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if not any(re.search(english, i) for i in ids):
            continue
        seen += 1
        if not all(re.search(polish, s) for s in strings if s):
            bad.append(f"{ids[0]!r} -> {strings[0]!r}")
    return seen, bad


@pytest.mark.parametrize(("english", "polish"), GLOSSARY.items())
def test_each_term_reads_as_the_glossary_words_it(english: str, polish: str) -> None:
    seen, bad = offenders(read_catalog("pl"), english, polish)
    assert seen >= 3, f"{english}: the glossary names a term few messages use"
    assert not bad, f"{english} is not '{polish}' in:\n" + "\n".join(bad)


def test_a_translation_wording_a_term_its_own_way_fails() -> None:
    cat = Catalog(locale="pl", domain="fixer")
    for i in range(3):
        cat.add(f"The Leader flips {i}.", f"Lider odkrywa {i}.")
    cat.add("The Leader waits.", "Przywódca czeka.")
    seen, bad = offenders(cat, r"\bLeader\b", GLOSSARY[r"\bLeader\b"])
    assert seen == 4 and bad == ["'The Leader waits.' -> 'Przywódca czeka.'"]
