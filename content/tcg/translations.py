"""A Cyberpunk TCG pack's translations (`translations/<language>.toml`, docs/tcg-content.md).

    language = "pl"
    [cards.rook-vance]      # by card id: text (the whole rules text), and optionally
    text = "…"              # name, subtitle, flavour
    [decks.chrome-rush]     # a preconstructed deck: blurb, and optionally name
    blurb = "…"

Reading and checking are the games' shared ones (content.common.translations).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from content.common import Collector, ContentIssue
from content.common import translations as common
from rules.core.translations import LANGUAGE_PATTERN, Translation
from rules.tcg.cards import TcgContent
from rules.tcg.describe import card_text

_STRICT = ConfigDict(frozen=True, extra="forbid")


class CardText(BaseModel):
    model_config = _STRICT

    name: str | None = None
    subtitle: str | None = None
    text: str | None = None
    flavour: str | None = None


class DeckText(BaseModel):
    model_config = _STRICT

    name: str | None = None
    blurb: str | None = None


class TranslationFile(BaseModel):
    model_config = _STRICT

    language: str = Field(pattern=LANGUAGE_PATTERN)
    cards: dict[str, CardText] = Field(default_factory=dict)
    decks: dict[str, DeckText] = Field(default_factory=dict)


def load_translations(ctx: Collector, root: Path) -> dict[str, Translation]:
    return common.as_translations(common.load_files(ctx, root, TranslationFile))


def source(content: TcgContent) -> common.Source:
    """Rules text and deck blurbs are required; names, subtitles and flavour stay as
    printed unless translated."""
    src = common.Source()
    for cid, card in content.cards.items():
        src.optional[f"cards.{cid}.name"] = card.name
        if card.subtitle:
            src.optional[f"cards.{cid}.subtitle"] = card.subtitle
        if card.flavour:
            src.optional[f"cards.{cid}.flavour"] = card.flavour
        text = card_text(card)
        if text:
            src.required[f"cards.{cid}.text"] = text
    for did, deck in content.decks.items():
        src.optional[f"decks.{did}.name"] = deck.name
        if deck.blurb:
            src.required[f"decks.{did}.blurb"] = deck.blurb
    return src


def _texts(content: TcgContent) -> dict[str, dict[str, str]]:
    return {lang: tr.texts for lang, tr in content.translations.items()}


def translation_issues(root: Path, content: TcgContent) -> list[ContentIssue]:
    return common.token_issues(root, _texts(content), source(content))


def translation_warnings(content: TcgContent) -> list[str]:
    return common.warnings(_texts(content), source(content))
