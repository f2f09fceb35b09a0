"""A pack's `translations/<language>.toml`, read and checked the same way for every game.

Each game gives the shape of its file (a strict pydantic model, so a misspelt key is an
error naming its field) and, once its pack is loaded, a `Source`: every text of the pack
a translation may carry, by dotted path (`cards.rook-vance.text`), with its English.
From those this module reports, naming file, item and field:

- an error when a translation's `{placeholders}`, `[icons]` or symbols differ from the
  English (the renderer fills or draws them, so a changed one would show wrongly);
- a warning for a required text left untranslated (a missing translation: the printed
  English stands in, so a card added today never breaks a pack's load);
- a warning for a translated path the pack lacks (an extra translation);
- a warning when the numbers differ from the English (the card changed since it was
  translated).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from content.common.collect import Collector
from content.common.errors import ContentIssue, display_path
from rules.core.translations import Translation

DIR = "translations"

M = TypeVar("M", bound=BaseModel)

# What a translation must carry over unchanged: str.format fields, icons in brackets,
# and the symbols cards print (spend, Eddies).
_TOKEN_RE = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]|⊡|€\$")
_NUMBER_RE = re.compile(r"\d+")


@dataclass(frozen=True)
class Source:
    """The texts of a loaded pack a translation may carry, by dotted path, in English.
    `required`: player-facing texts a complete translation gives (a missing one is
    warned about); `optional`: texts kept as printed unless translated (names)."""

    required: dict[str, str] = field(default_factory=dict)
    optional: dict[str, str] = field(default_factory=dict)

    def english(self, path: str) -> str | None:
        return self.required.get(path, self.optional.get(path))


def flatten(data: Any, prefix: str = "") -> dict[str, str]:
    """Nested tables of texts as dotted paths: {"cards": {"x": {"text": "…"}}} →
    {"cards.x.text": "…"}. Empty and unset texts are left out."""
    if isinstance(data, BaseModel):
        data = data.model_dump(exclude_none=True)
    out: dict[str, str] = {}
    if isinstance(data, Mapping):
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, str) and data:
        out[prefix] = data
    return out


def file_of(lang: str) -> str:
    return f"{DIR}/{lang}.toml"


def load_files(ctx: Collector, root: Path, model: type[M]) -> dict[str, M]:
    """Every `translations/*.toml` of the pack at `root`, validated as `model` (which has
    a `language` field), by language. The language defaults to the file's name and must
    match it."""
    out: dict[str, M] = {}
    for path in sorted((root / DIR).glob("*.toml")):
        data = ctx.load_toml(path)
        if data is None:
            continue
        data.setdefault("language", path.stem)
        tr = ctx.validate(model, data, path, f"translation {path.stem}")
        if tr is None:
            continue
        lang = getattr(tr, "language", "")
        if lang != path.stem:
            ctx.add(
                path,
                f"language '{lang}' differs from the file's name; name the file {lang}.toml",
                fld="language",
            )
            continue
        out[lang] = tr
    return out


def as_translations(files: Mapping[str, BaseModel]) -> dict[str, Translation]:
    """The validated files kept flat, as the games' pure models hold them."""
    texts = {lang: flatten(tr.model_dump(exclude={"language"})) for lang, tr in files.items()}
    return {lang: Translation(language=lang, texts=t) for lang, t in texts.items()}


def _tokens(text: str) -> Counter[str]:
    return Counter(_TOKEN_RE.findall(text))


def _item_and_field(path: str) -> tuple[str, str]:
    """("cards.x", "text") of "cards.x.text": the item a path is in, and the rest."""
    parts = path.split(".")
    return ".".join(parts[:2]), ".".join(parts[2:])


def token_issues(
    root: Path, texts: Mapping[str, Mapping[str, str]], src: Source
) -> list[ContentIssue]:
    """An error for each translation whose placeholders, icons or symbols differ from
    the English it translates."""
    out: list[ContentIssue] = []
    for lang, flat in sorted(texts.items()):
        where = display_path(root / DIR / f"{lang}.toml")
        for path, text in sorted(flat.items()):
            english = src.english(path)
            if english is None or _tokens(english) == _tokens(text):
                continue
            want = " ".join(sorted(_tokens(english).elements())) or "none"
            got = " ".join(sorted(_tokens(text).elements())) or "none"
            item, fld = _item_and_field(path)
            out.append(
                ContentIssue(
                    where,
                    f"the translation has {got} where the English has {want}; keep every "
                    "{placeholder}, [icon] and symbol of the English as it is",
                    item,
                    fld,
                )
            )
    return out


def _prefixes(paths: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for path in paths:
        parts = path.split(".")
        out.update(".".join(parts[: i + 1]) for i in range(len(parts)))
    return out


def warnings(texts: Mapping[str, Mapping[str, str]], src: Source) -> list[str]:
    """What each language's translation lacks or has too much of, one line each:
    `translations/pl.toml: cards.x.text: missing translation`."""
    known = _prefixes([*src.required, *src.optional])
    out: list[str] = []
    for lang, flat in sorted(texts.items()):
        where = file_of(lang)
        extra: list[str] = []
        for path in sorted(flat):
            parts = path.split(".")
            bad = next(
                (
                    ".".join(parts[: i + 1])
                    for i in range(len(parts))
                    if ".".join(parts[: i + 1]) not in known
                ),
                None,
            )
            if bad is not None and bad not in extra:
                extra.append(bad)
        for path in extra:
            out.append(f"{where}: {path}: extra translation (the pack has no such text)")
        for path, english in src.required.items():
            if not flat.get(path):
                out.append(f"{where}: {path}: missing translation")
                continue
            want = sorted(_NUMBER_RE.findall(english))
            got = sorted(_NUMBER_RE.findall(flat[path]))
            if want != got:
                out.append(
                    f"{where}: {path}: numbers differ from the English "
                    f"({', '.join(want) or 'none'} there, {', '.join(got) or 'none'} here): "
                    "the card may have changed since it was translated"
                )
    return out


def summary(head: str, languages: Iterable[str], warned: Iterable[str]) -> str:
    """A pack's summary line for `python -m content validate`, with the languages it is
    translated into, then one `warning:` line per translation warning."""
    langs = ", ".join(sorted(languages)) or "none"
    return "\n".join([f"{head}, translations: {langs}", *(f"warning: {w}" for w in warned)])
