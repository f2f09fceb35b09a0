"""Fixer in more than one language: the one way to get a player-facing string.

Every game's front end asks here, never a catalogue directly:

    t(loc, "The Plan is full.")                       a message
    t(loc, "{name} joins the crew.", name=...)        with placeholders (str.format)
    tn(loc, "{n} card left", "{n} cards left", n)     plural forms of the language
    tcount(loc, n, "card")                            a count meeting a noun
    name_list(loc, names)                             "a, b and c" / "a, b i c"
    number(loc, 12000)                                "12,000" / "12 000"

`loc` is a language code or a Discord locale ("pl", "en-US", None); `language` turns it
into a language Fixer has a catalogue for, English when there is none. English is the
source: msgids are the English texts, so a missing entry falls back to English.

Counts: English keeps `rules.core.text` (its irregular nouns: Eddie → Eddies); another
language reads the noun's forms from its catalogue (context "noun", msgid the English
singular, msgid_plural its English plural), with the language's own plural rule
(Polish: 1 karta, 2 karty, 5 kart). Extraction (`python -m bot.i18n extract`) finds
the literal strings passed to these functions; see docs/i18n.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from babel.lists import format_list
from babel.numbers import format_decimal

from bot.i18n.catalog import SOURCE, languages, read_catalog, translations
from rules.core import text as core_text

NOUN = "noun"  # the msgctxt of tcount()'s nouns

__all__ = [
    "N_",
    "SOURCE",
    "did_you_mean",
    "fixed",
    "from_environment",
    "language",
    "language_name",
    "language_value",
    "languages",
    "lookup",
    "name_list",
    "number",
    "slash_word",
    "switch_value",
    "t",
    "tcount",
    "tn",
]


def language(loc: object) -> str:
    """The catalogue language for a locale: "pl" and "pl-PL" → "pl", "en-US" → "en",
    None or a language without a catalogue → English."""
    return _language(str(getattr(loc, "value", loc) or ""))


@lru_cache(maxsize=256)
def _language(value: str) -> str:
    raw = value.replace("-", "_").strip()
    have = languages()
    if raw in have:
        return raw
    base = raw.split("_")[0].lower()
    return base if base in have else SOURCE


def from_environment(env: dict[str, str] | None = None) -> str:
    """The language of a terminal: POSIX's order, LC_ALL, then LC_MESSAGES, then LANG
    ("pl_PL.UTF-8" → "pl"; unset, "C" or "POSIX" → English)."""
    import os

    env = dict(os.environ) if env is None else env
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            return language(value.split(".")[0].split("@")[0])
    return SOURCE


def number(loc: object, n: int | float) -> str:
    """`n` as the language writes it: "1.5" / "1,5", "12000" / "12 000"; a whole float
    reads as a whole number ("45", never "45.0"), so a timer in minutes or seconds can be
    passed as it is."""
    if isinstance(n, float) and n.is_integer():
        n = int(n)
    lang = language(loc)
    if lang == SOURCE:
        return str(n)  # English as it always read: "1200", not "1,200"
    return _number(lang, n)


@lru_cache(maxsize=4096)
def _number(lang: str, n: int | float) -> str:
    # Babel's formatting costs tens of microseconds; a board formats the same few numbers.
    return format_decimal(n, locale=lang)


def fixed(loc: object, x: float, digits: int = 1) -> str:
    """`x` with exactly `digits` decimals, as the language writes them: "12.5" / "12,5"
    (a report's column; rounded as Python rounds, so every language shows the same
    digits). No grouping: a report's numbers are small and its columns stay aligned."""
    text = f"{x:.{digits}f}"
    lang = language(loc)
    if lang == SOURCE or digits <= 0:
        return text
    return text.replace(".", _decimal_symbol(lang))


@lru_cache(maxsize=16)
def _decimal_symbol(lang: str) -> str:
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(lang))


def _fill(lang: str, text: str, kw: dict[str, Any]) -> str:
    if not kw:
        return text
    if lang == SOURCE:
        # English writes an int as str() does: only a float needs `number` ("45", not
        # "45.0"). The usual case (names and counts) skips the copy of the arguments:
        # an answer fills about twenty messages (docs/benchmarks.md, fifth pass).
        for v in kw.values():
            if type(v) is not str and type(v) is not int:
                break
        else:
            return text.format(**kw)
    args = {
        k: (number(lang, v) if isinstance(v, int | float) and not isinstance(v, bool) else v)
        for k, v in kw.items()
    }
    return text.format(**args)


def N_(msgid: str) -> str:
    """Marks a literal as a message without translating it (a table of texts looked up
    later with `t(loc, value)`): the extractor finds it, the value stays English."""
    return msgid


def t(loc: object, msgid: str, /, **kw: Any) -> str:
    """`msgid` (English, a literal) in the language of `loc`, placeholders filled."""
    lang = language(loc)
    return _fill(lang, translations(lang).gettext(msgid), kw)


def tn(loc: object, singular: str, plural: str, n: int, /, **kw: Any) -> str:
    """The form of a message that agrees with `n` (`{n}` is filled with it)."""
    lang = language(loc)
    return _fill(lang, translations(lang).ngettext(singular, plural, n), {"n": n, **kw})


def tcount(loc: object, n: int, word: str) -> str:
    """ "3 cards" / "3 karty": the number and the noun in the form agreeing with it."""
    lang = language(loc)
    if lang == SOURCE:
        return core_text.count(n, word)
    form = translations(lang).npgettext(NOUN, word, core_text.plural(2, word), n)
    return f"{number(lang, n)} {form}"


def name_list(loc: object, names: Iterable[str], *, last: bool = True) -> str:
    """Names as one list in the language's way ("a, b and c"). As in
    `rules.core.text.name_list`, a name holding a comma makes the list join with "; "
    so its items can still be counted; `last=False` joins every name with commas."""
    items = [str(n) for n in names]
    lang = language(loc)
    if any("," in n for n in items) or not last or len(items) < 2:
        return core_text.name_list(items)
    if lang == SOURCE:
        return core_text.name_list(items, last="and")
    return format_list(items, style="standard", locale=lang)


def did_you_mean(loc: object, word: str, candidates: Iterable[object]) -> str:
    """ " (did you mean 'x'?)" in the language of `loc` for the candidate `word` most
    likely meant (`rules.core.text.closest`), or "" when none is close."""
    found = core_text.closest(word, candidates)
    return "" if found is None else t(loc, " (did you mean '{name}'?)", name=found)


def lookup(lang: str, context: str | None, msgid: str) -> str | None:
    """The reviewed entry for `msgid` in `lang`'s catalogue, or None (none, or fuzzy)."""
    if lang == SOURCE:
        return None
    msg = read_catalog(lang).get(msgid, context=context)
    if msg is None or msg.fuzzy or not isinstance(msg.string, str) or not msg.string:
        return None
    return msg.string


def slash_word(loc: object, kind: str, english: str) -> str:
    """A word of a slash command as the reader's Discord client shows it: `kind` is the
    catalogue context's end ("parameter_name": `table_talk` → `rozmowy_przy_stole`,
    "choice_name": `delete` → "usuń"); the English when the language has none."""
    return lookup(language(loc), f"slash:{kind}", english) or english


def language_name(lang: str) -> str:
    """A language by its own name ("polski"), as a `language` option's choices name it;
    the code itself when Babel does not know it."""
    from babel import Locale

    code = lang.replace("-", "_")
    try:
        return Locale.parse(code).get_display_name(code) or lang
    except (ValueError, TypeError):
        return lang


def switch_value(loc: object, value: bool) -> str:
    """A yes/no option's value as the reader picked it, and what it means: "True (on)" /
    "True (wł.)"."""
    meaning = t(loc, "on") if value else t(loc, "off")
    return t(loc, "{value} ({meaning})", value=str(value), meaning=meaning)


def language_value(loc: object, code: str) -> str:
    """A table's `language` option as the reader reads it: "pl (polski)", or, for no
    language of its own (""), "the server's language"."""
    if not code:
        return t(loc, "the server's language")
    return t(loc, "{value} ({meaning})", value=code, meaning=language_name(code))
