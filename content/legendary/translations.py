"""A Legendary pack's translations (`translations/<language>.toml`, docs/legendary-content.md).

    language = "pl"
    [cards.mercy-triage]            # any card by id: text, and optionally name
    text = "[Instinct]: Uratuj Bystandera."
    [cards.x.halves.0]              # a divided card's half (0 or 1): text, name
    [cards.x.epic]                  # a Tactic's Epic side: text
    choices = { 0 = "…", 1 = "…" }  # (in [cards.x]) its "choose one" options' labels
    abilities = { 0 = "…" }         # (in [cards.x]) its "may" abilities' own texts
    [masterminds.helix-board]       # name, text, [….epic] text, [….actions.<id>] name, text
    [schemes.blackout-protocol]     # name, text, [….actions.<id>] name, text
    [heroes.doc-mercy]              # a Hero Name: name
    [groups.corp-security]          # a Villain or Henchman group: name
    [teams.free-grid]               # a team: name

Reading and checking are the games' shared ones (content.common.translations).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from content.common import Collector, ContentIssue
from content.common import translations as common
from rules.core.translations import LANGUAGE_PATTERN, Translation
from rules.legendary.cards import (
    HeroCard,
    Mastermind,
    Pack,
    Scheme,
    TacticCard,
    choice_labels,
    may_texts,
)

_STRICT = ConfigDict(frozen=True, extra="forbid")


class NameText(BaseModel):
    model_config = _STRICT

    name: str | None = None


class SideText(BaseModel):
    model_config = _STRICT

    text: str | None = None


class Named(NameText):
    text: str | None = None


class CardText(Named):
    halves: dict[int, Named] = Field(default_factory=dict)
    epic: SideText | None = None
    # A "choose one" effect's option labels by number (rules.legendary.cards.choice_labels).
    choices: dict[int, str] = Field(default_factory=dict)
    # A "may" ability's own text by number (rules.legendary.cards.may_texts): the
    # question the player is asked when it is not the card's whole text.
    abilities: dict[int, str] = Field(default_factory=dict)


class LeaderText(Named):
    epic: SideText | None = None
    actions: dict[str, Named] = Field(default_factory=dict)


class TranslationFile(BaseModel):
    model_config = _STRICT

    language: str = Field(pattern=LANGUAGE_PATTERN)
    cards: dict[str, CardText] = Field(default_factory=dict)
    masterminds: dict[str, LeaderText] = Field(default_factory=dict)
    schemes: dict[str, LeaderText] = Field(default_factory=dict)
    heroes: dict[str, NameText] = Field(default_factory=dict)
    groups: dict[str, NameText] = Field(default_factory=dict)
    teams: dict[str, NameText] = Field(default_factory=dict)


def load_translations(ctx: Collector, root: Path) -> dict[str, Translation]:
    return common.as_translations(common.load_files(ctx, root, TranslationFile))


def _named(src: common.Source, at: str, name: str, text: str) -> None:
    src.optional[f"{at}.name"] = name
    if text:
        src.required[f"{at}.text"] = text


def source(pack: Pack) -> common.Source:
    """Every rules text is required; names (of cards, Heroes, groups, teams,
    Masterminds, Schemes and special actions) stay as printed unless translated."""
    src = common.Source()
    for cid, card in pack.cards.items():
        _named(src, f"cards.{cid}", card.name, card.text)
        if isinstance(card, HeroCard):
            for k, half in enumerate(card.halves or ()):
                _named(src, f"cards.{cid}.halves.{k}", half.name, half.text)
        if isinstance(card, TacticCard) and card.epic is not None and card.epic.text:
            src.required[f"cards.{cid}.epic.text"] = card.epic.text
        for k, label in enumerate(choice_labels(card)):
            src.required[f"cards.{cid}.choices.{k}"] = label
        for k, text in enumerate(may_texts(card)):
            src.required[f"cards.{cid}.abilities.{k}"] = text
    leaders: list[tuple[str, Mastermind | Scheme]]
    leaders = [("masterminds", m) for m in pack.masterminds.values()]
    leaders += [("schemes", s) for s in pack.schemes.values()]
    for section, leader in leaders:
        at = f"{section}.{leader.id}"
        _named(src, at, leader.name, leader.text)
        epic = getattr(leader, "epic", None)
        if epic is not None and epic.text:
            src.required[f"{at}.epic.text"] = epic.text
        for action in leader.special_actions:
            _named(src, f"{at}.actions.{action.id}", action.name, action.text)
    for hid, hero in pack.heroes.items():
        src.optional[f"heroes.{hid}.name"] = hero.name
    for gid, group in pack.groups.items():
        src.optional[f"groups.{gid}.name"] = group.name
    for tid, team in pack.teams.items():
        src.optional[f"teams.{tid}.name"] = team
    return src


def _texts(pack: Pack) -> dict[str, dict[str, str]]:
    return {lang: tr.texts for lang, tr in pack.translations.items()}


def translation_issues(root: Path, pack: Pack) -> list[ContentIssue]:
    return common.token_issues(root, _texts(pack), source(pack))


def translation_warnings(pack: Pack) -> list[str]:
    return common.warnings(_texts(pack), source(pack))
