"""Translating a finished English text back into a template, then into a language.

A game's pure rules write their events and refusals in English with the values already
in them ("Ana joins as the Solo."), and a front end may not change the rules to speak
Polish. A `Phrasebook` holds the English templates of those texts ("{who} joins as the
{role}."), each a catalogue msgid: it finds the template a text was made from, takes the
values back out, and fills the template's translation with them. A text no template
matches stays English, the same fallback as a missing catalogue entry.

Values named in `nested` are themselves texts of the book (a reason after a colon) and
are translated too; `values` may translate a value (a role's or an option's name). A
value that is a decimal number as English code writes it ("1.5") is written the
language's way ("1,5"), as `t` writes a number passed to it; whole numbers stay as
they are (they may be ids or names, and English and Polish write small ones alike).
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cached_property

from bot.i18n import SOURCE, language, number, t

_FORMATTER = string.Formatter()
_DECIMAL = re.compile(r"-?\d+\.\d+\Z")


def _pattern(template: str, words: frozenset[str] = frozenset()) -> re.Pattern[str]:
    parts = []
    seen: set[str] = set()
    for literal, field, _spec, _conv in _FORMATTER.parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            if field in seen:
                parts.append(f"(?P={field})")
            else:
                seen.add(field)
                parts.append(f"(?P<{field}>\\S+)" if field in words else f"(?P<{field}>.+?)")
    return re.compile("".join(parts) + r"\Z", re.S)


class Phrasebook:
    def __init__(
        self,
        templates: Iterable[str],
        *,
        nested: Iterable[str] = (),
        values: Mapping[str, Callable[[str, str], str]] | None = None,
        words: Iterable[str] = (),
    ) -> None:
        self.templates = tuple(templates)
        self.nested = frozenset(nested)
        self.values = dict(values or {})
        # Values that are one word ("8s", "4-5-6-7-8"): they never swallow a space.
        self.words = frozenset(words)

    @cached_property
    def _compiled(self) -> list[tuple[str, re.Pattern[str]]]:
        # A template that starts with its own words before one that starts with a value
        # ("Clue set aside: {card}." before "{obstacle}: {explain}"); then the one with
        # more words of its own ("X leaves the crew mid-run." before "X leaves the crew.").
        def rank(tpl: str) -> tuple[int, int]:
            parsed = list(_FORMATTER.parse(tpl))
            starts_with_value = not parsed or parsed[0][0] == ""
            return (int(starts_with_value), -sum(len(p[0]) for p in parsed))

        ordered = sorted(self.templates, key=rank)
        return [(tpl, _pattern(tpl, self.words)) for tpl in ordered]

    def match(self, text: str) -> tuple[str, dict[str, str]] | None:
        """The template `text` was made from and its values, or None."""
        for tpl, pat in self._compiled:
            m = pat.match(text)
            if m:
                return tpl, m.groupdict()
        return None

    def translate(self, loc: object, text: str) -> str:
        lang = language(loc)
        if lang == SOURCE:
            return text
        found = self.match(text)
        if found is None:
            return text
        tpl, vals = found
        out = {}
        for k, v in vals.items():
            if k in self.nested:
                v = self.translate(lang, v)
            elif k in self.values:
                v = self.values[k](lang, v)
            elif _DECIMAL.match(v):
                v = number(lang, float(v))
            out[k] = v
        return t(lang, tpl, **out)
