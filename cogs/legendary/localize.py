"""Legendary's pack words in the reader's language where the engine writes them in its
text: the names in event lines, refusals and prompts, and the Hero classes.

The engine names cards, Masterminds, Schemes, groups and special actions as printed
("Sludge", "Campaign"); the pack's translation may give a name ("Szlam", "Kampania";
docs/i18n.md). `line` says an engine text in the language (cogs/legendary/words.py) and
then puts the pack's names in it, so the board, the event lines and the refusals call a
card the same. Names stay as printed where the translation gives none.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from bot.i18n import N_, SOURCE, language, t
from cogs.legendary.words import say
from rules.core.translations import pick
from rules.legendary.cards import Pack

#: The Hero classes and Cyber-Mod keys (rules/legendary/effects.py) as a reader reads them.
CLASSES = {
    "strength": N_("strength"),
    "instinct": N_("instinct"),
    "covert": N_("covert"),
    "tech": N_("tech"),
    "ranged": N_("ranged"),
    "wound": N_("wound"),
}


def class_name(loc: str, value: object) -> str:
    """A class ("tech", or the enum) in the language of `loc`."""
    key = str(getattr(value, "value", value))
    word = CLASSES.get(key)
    return key if word is None else t(loc, word)


def class_names(loc: str, values: Iterable[object], sep: str = "/") -> str:
    """Classes joined by `sep`, in the order of their English names (stable across
    languages, as a card lists them)."""
    keys = sorted(str(getattr(v, "value", v)) for v in values)
    return sep.join(class_name(loc, k) for k in keys)


#: A class icon as a card's text writes it: "[Covert]" (content/legendary: the
#: translations keep the icons as printed, so the loader can check them).
_ICON = re.compile(r"\[(Strength|Instinct|Covert|Tech|Ranged)\]")


def icons(loc: str, text: str) -> str:
    """A card text with its class icons in the reader's language ("[Covert]" →
    "[skrytość]"), so a card names a class as the board and `victory` do."""
    if language(loc) == SOURCE:
        return text
    return _ICON.sub(lambda m: f"[{class_name(loc, m.group(1).lower())}]", text)


@dataclass(frozen=True)
class Names:
    """One language's printed names → the pack's translated ones (only those that differ),
    and a "choose one" option's printed label → its translation (a whole option only)."""

    table: dict[str, str]
    choices: dict[str, str] = field(default_factory=dict)
    # A card's (or a half's) printed text, or a "may" ability's own → its translation:
    # the text of the question "Use X's ability? TEXT".
    texts: dict[str, str] = field(default_factory=dict)

    @cached_property
    def pattern(self) -> re.Pattern[str] | None:
        if not self.table:
            return None
        # Longest first, and whole words only: a name inside a longer one, or inside a
        # word of the sentence around it, is left alone.
        keys = sorted(self.table, key=len, reverse=True)
        return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(k) for k in keys) + r")(?!\w)")

    def replace(self, text: str) -> str:
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda m: self.table[m.group(0)], text)


_NAMES: dict[tuple[int, str], tuple[Pack, Names]] = {}
#: No names to change (English, or no pack): one object, so its `pattern` is worked out
#: once, not for every label.
_AS_PRINTED = Names({})


def names(pack: Pack | None, loc: object) -> Names:
    """The translated names of `pack` for readers of `loc` (computed once per language):
    every `….name` the pack's translation gives (cards, halves, Masterminds, Schemes,
    their special actions, Heroes, groups, teams), and its "choose one" labels."""
    lang = language(loc)
    if pack is None or lang == SOURCE:
        return _AS_PRINTED
    key = (id(pack), lang)
    hit = _NAMES.get(key)
    if hit is not None and hit[0] is pack:
        return hit[1]
    table: dict[str, str] = {}
    choices: dict[str, str] = {}
    texts: dict[str, str] = {}
    tr = pick(pack.translations, lang)
    for path, text in tr.texts.items() if tr is not None else ():
        into = table if path.endswith(".name") else choices if ".choices." in path else None
        if (
            into is None
            and path.startswith("cards.")
            and (path.endswith(".text") or ".abilities." in path)
        ):
            into = texts
        if into is None or not text:
            continue
        try:
            printed = pack.english(path)
        except KeyError:  # a translation of a text the pack no longer has (a warning)
            continue
        if printed and printed != text:
            into[printed] = text
    made = Names(table, choices, texts)
    _NAMES[key] = (pack, made)
    return made


#: The engine's question for a "may" ability (rules/legendary/resolve.py) with its text.
_MAY = re.compile(r"(?P<ask>Use (?:.+?'s|this) ability\?) (?P<text>.+)\Z", re.S)


def line(pack: Pack | None, loc: object, text: str) -> str:
    """An English text of the engine or the table (an event, a refusal, a prompt or one
    of its options) in the language of `loc`, with the pack's names in it; a card's own
    "choose one" option as the pack's translation words it, and a "may" ability's text
    as the pack's translation words it (the card's whole text, or the ability's own:
    `cards.<id>.abilities.<k>`)."""
    local = names(pack, loc)
    own = local.choices.get(text)
    if own is not None:
        return own
    may = _MAY.match(text)
    if may is not None and may["text"] in local.texts:
        ask = local.replace(say(loc, may["ask"]))
        return f"{ask} {icons(language(loc), local.texts[may['text']])}"
    return local.replace(say(loc, text))
