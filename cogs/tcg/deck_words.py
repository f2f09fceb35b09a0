"""A deck's problems and a deck list's reading errors in the reader's language.

`rules.tcg.decks` says what is wrong with a deck in English (`deck_problems`, and the
`DeckTextError` of a list it can't read), with the card names and numbers in the
sentence. Each template below is how it builds one of them; `problem_text` and
`error_text` find the template and fill its translation (bot/i18n/phrases.py), so the
rules stay as they are. A problem without a template reads as the rules wrote it.
"""

from __future__ import annotations

from bot.i18n import N_, t
from bot.i18n.phrases import Phrasebook
from rules.tcg.decks import DeckTextError

# rules/tcg/decks.py: `deck_problems`
PROBLEMS = (
    N_("unknown card '{card}'"),
    N_("a deck has exactly 3 Legends, not {n}"),
    N_("{card} is not a Legend"),
    N_("the 3 Legends need different names ({name} appears {n} times)"),
    N_("the main deck has 40–50 cards, not {n}"),
    N_("at most 3 copies of {card}, not {n}"),
    N_("{card} is a Legend: it goes with the 3 Legends"),
    N_("{card}: {colour} is closed (no Legend of it)"),
    N_("{card}: RAM {ram} is above the {colour} limit {limit}"),
)

# rules/tcg/decks.py: `parse_deck_text` (a `DeckTextError`: "line {line}: {message}")
READING = (
    N_("line {line}: {message}"),
    N_("can't read '{text}'"),
    N_("no card named '{name}'"),
    N_("the count must be at least 1"),
)

#: The colours' words (a card's colour as the rules name it: "red", "blue" …).
COLOURS = {
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
}


def colour_word(loc: str, value: str) -> str:
    """A colour of the rules ("blue") in the language of `loc`."""
    word = COLOURS.get(value)
    return value if word is None else t(loc, word)


BOOK = Phrasebook(
    (*PROBLEMS, *READING),
    nested=("message",),
    values={"colour": colour_word},
    words=("n", "line", "ram", "limit", "colour"),
)


def problem_text(loc: str, problem: str) -> str:
    """One of `deck_problems`' sentences in the language of `loc`."""
    return BOOK.translate(loc, problem)


def error_text(loc: str, error: DeckTextError) -> str:
    """A deck list's reading error ("line 3: no card named 'x'") in the language of
    `loc`; several errors are joined with "; " by the rules, each translated."""
    return "; ".join(BOOK.translate(loc, part) for part in str(error).split("; "))
