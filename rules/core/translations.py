"""A content pack's translation into one language, as every game keeps it (pure data).

Each game validates its own `translations/<language>.toml` shape (so a misspelt key is an
error naming its field) and keeps the result flat: a dotted path of the pack's text
(`cards.rook-vance.text`, `masterminds.helix-board.actions.bribe.name`) to its
translation. `pick` finds the translation a reader's locale asks for; a text the
translation lacks reads as printed (English).
"""

from __future__ import annotations

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict, Field

LANGUAGE_PATTERN = r"^[a-z]{2,3}(_[A-Z]{2})?$"


class Translation(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    language: str = Field(pattern=LANGUAGE_PATTERN)
    texts: dict[str, str] = Field(default_factory=dict)

    def get(self, path: str) -> str | None:
        return self.texts.get(path) or None


def language_of(loc: object, have: Mapping[str, object]) -> str | None:
    """The key of `have` a locale reads: "pl", "pl-PL" and "pl_PL" → "pl" (a regional
    entry such as "pt_BR" first); None when `have` has no such language (English)."""
    raw = str(getattr(loc, "value", loc) or "").replace("-", "_").strip()
    if not raw:
        return None
    if raw in have:
        return raw
    base = raw.split("_")[0].lower()
    return base if base in have else None


def pick(translations: Mapping[str, Translation], loc: object) -> Translation | None:
    lang = language_of(loc, translations)
    return translations[lang] if lang is not None else None


def text_for(translations: Mapping[str, Translation], path: str, loc: object, english: str) -> str:
    """The text at `path` in the language of `loc`, else `english` (the printed text)."""
    tr = pick(translations, loc)
    got = tr.get(path) if tr is not None else None
    return got if got is not None else english
