"""A Legends pack's translations (`translations/<language>.toml`): the file's shape is
`rules.legends.translations.PackTranslation`; reading, checking and the missing/extra
warnings are the games' shared ones (content.common.translations)."""

from __future__ import annotations

from pathlib import Path

from content.common import Collector, ContentIssue
from content.common import translations as common
from rules.legends.cards import ContentPack, ScenarioKind
from rules.legends.translations import PackTranslation

DIR = common.DIR


def load_translations(ctx: Collector, root: Path) -> dict[str, PackTranslation]:
    return common.load_files(ctx, root, PackTranslation)


def source(pack: ContentPack) -> common.Source:
    """Every text of the pack a translation may carry: card and scene texts, intros,
    puzzles, vote choices, Persistent Memory names (a memory card's own) and the names
    of role decks, campaigns and upgrade packs are required; card, scenario and other Scenario Card
    names and flavour stay as printed unless translated."""
    src = common.Source()
    for cid, card in pack.cards.items():
        src.optional[f"cards.{cid}.name"] = card.name
        if card.flavor:
            src.optional[f"cards.{cid}.flavor"] = card.flavor
        if card.text:
            src.required[f"cards.{cid}.text"] = card.text
    for sid, scen in pack.scenarios.items():
        src.optional[f"scenarios.{sid}.name"] = scen.name
        if scen.intro:
            src.required[f"scenarios.{sid}.intro"] = scen.intro
        for key, memory in scen.memories.items():
            src.required[f"scenarios.{sid}.memories.{key}"] = memory
        for scard in scen.cards:
            at = f"scenarios.{sid}.cards.{scard.order}"
            # A memory card's name is the name of the Persistent Memory it records.
            names = src.required if scard.kind is ScenarioKind.MEMORY else src.optional
            names[f"{at}.name"] = scard.name
            if scard.text:
                src.required[f"{at}.text"] = scard.text
            if scard.puzzle is not None:
                src.required[f"{at}.puzzle"] = scard.puzzle.question
            for choice in scard.choices:
                src.required[f"{at}.choices.{choice.key}"] = choice.label
    for role, deck in pack.roles.items():
        src.required[f"roles.{role.value}.name"] = deck.name
    for cid, camp in pack.campaigns.items():
        src.required[f"campaigns.{cid}.name"] = camp.name
    for uid, upgrades in pack.upgrade_packs.items():
        src.required[f"upgrades.{uid}.name"] = upgrades.name
    return src


def _texts(pack: ContentPack) -> dict[str, dict[str, str]]:
    return {
        lang: common.flatten(tr.model_dump(exclude={"language"}))
        for lang, tr in pack.translations.items()
    }


def translation_issues(root: Path, pack: ContentPack) -> list[ContentIssue]:
    return common.token_issues(root, _texts(pack), source(pack))


def translation_warnings(pack: ContentPack) -> list[str]:
    """What each translation lacks or has too much of, one line each."""
    return common.warnings(_texts(pack), source(pack))
