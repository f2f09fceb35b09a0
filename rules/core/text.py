"""Small text helpers every game's content checks share."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


class FieldError(ValueError):
    """A whole-model check that is about one field: content loaders report it on `field`
    (pydantic gives model-level errors no location of their own)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def closest(word: str, candidates: Any) -> str | None:
    """The one of `candidates` `word` most likely meant (the same but for case, else the
    closest spelling), or None."""
    if not isinstance(word, str) or not word:
        return None
    names = [str(c) for c in candidates]
    lowered = {n.lower(): n for n in names}
    if word.lower() in lowered and lowered[word.lower()] != word:
        return lowered[word.lower()]
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, candidates: Any) -> str:
    """ " (did you mean 'x'?)" for the closest of `candidates`, or ""."""
    found = closest(word, candidates)
    return "" if found is None else f" (did you mean '{found}'?)"


# Nouns whose plural is not the singular + "s". Keys are singular; the table is shared by
# every game so "1 Eddie" / "2 Eddies" reads the same on every surface.
_IRREGULAR: dict[str, str] = {
    "Eddie": "Eddies",
    "Hero": "Heroes",
    "Henchman Group": "Henchman Groups",
    "Henchman": "Henchmen",
    "Body": "Bodies",
    "Mastermind": "Masterminds",
}


def plural(n: int, word: str, many: str | None = None) -> str:
    """`word` in the form that agrees with `n`: the one place a count meets a noun.

    `many` overrides the plural for a one-off noun; otherwise the irregular table, then
    `word + "s"`. A word's case is kept ("Scenario Card" → "Scenario Cards")."""
    if n == 1:
        return word
    if many is not None:
        return many
    return _IRREGULAR.get(word, word + "s")


def count(n: int, word: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "1 Eddie", "3 Eddies"."""
    return f"{n} {plural(n, word, many)}"


def name_list(names: Iterable[str], *, last: str | None = None) -> str:
    """Card (or other) names as one unambiguous list.

    Names are joined with ", " (or ", " and `last` before the final one) unless some name
    itself holds a comma ("Guns, Lots of Guns"): then every name is joined with "; " so a
    reader can count the items."""
    items = [str(n) for n in names]
    if any("," in n for n in items):
        return "; ".join(items)
    if last is not None and len(items) > 1:
        return ", ".join(items[:-1]) + f" {last} " + items[-1]
    return ", ".join(items)
