"""Load a Cyberpunk TCG pack from a directory of TOML files (docs/tcg-content.md).

Layout:

    pack.toml        game = "tcg", id, name, version
    cards/*.toml     [[card]] tables (rules.tcg.cards.Card)
    decks/*.toml     one preconstructed deck per file: id, name, blurb, legends, [cards]
    translations/<language>.toml   card and deck texts in another language (optional)

Every problem is collected (not just the first) and raised together as one
`ContentError`, each naming its file, card (or deck) and field.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from content.common import Collector, ContentError
from content.common.translations import DIR as TRANSLATIONS
from content.tcg.translations import load_translations, translation_issues
from rules.core.text import did_you_mean
from rules.tcg import cards as cd
from rules.tcg.decks import deck_problems

DEFAULT_PACK_DIR = Path(__file__).resolve().parent / "core"
GAME = "tcg"


class PackFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    game: str = GAME
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    version: str = Field(pattern=r"^[0-9]+(\.[0-9]+){0,2}$")


class DeckFile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    blurb: str = ""
    legends: tuple[str, ...]
    cards: dict[str, int]


def _walk_effects(card: cd.Card) -> Iterator[tuple[str, cd.Effect]]:
    """Every effect of a card with its field path, inside modes and replacements too."""

    def effects(prefix: str, effs: Iterable[cd.Effect]) -> Iterator[tuple[str, cd.Effect]]:
        for j, e in enumerate(effs):
            yield f"{prefix}[{j}]", e
            if isinstance(e, cd.ChooseOne):
                for k, mode in enumerate(e.modes):
                    yield from effects(f"{prefix}[{j}].modes[{k}].effects", mode.effects)

    def text(prefix: str, t: cd.Text) -> Iterator[tuple[str, cd.Effect]]:
        for i, tr in enumerate(t.triggers):
            yield from effects(f"{prefix}triggers[{i}].effects", tr.effects)
        for i, ab in enumerate(t.abilities):
            yield from effects(f"{prefix}abilities[{i}].effects", ab.effects)
        for i, rep in enumerate(t.replacements):
            yield from effects(f"{prefix}replacements[{i}].instead", rep.instead)

    yield from text("text.", card.text)
    if card.lower is not None:
        yield from text("lower.", card.lower)
    yield from effects("effects", card.effects)
    yield from effects("legacy_effects", card.legacy_effects)


def _walk_filters(card: cd.Card) -> Iterator[tuple[str, cd.Match]]:
    """Every name / tag filter of a card (effects, triggers, replacements, statics) with its
    path."""
    for fld, eff in _walk_effects(card):
        if isinstance(eff, cd.Match) and eff.filtered():
            yield fld, eff
    for prefix, t in (("text.", card.text), ("lower.", card.lower)):
        if t is None:
            continue
        for i, tr in enumerate(t.triggers):
            if tr.filtered():
                yield f"{prefix}triggers[{i}]", tr
        for i, rep in enumerate(t.replacements):
            if rep.filtered():
                yield f"{prefix}replacements[{i}]", rep
        for i, st in enumerate(t.statics):
            if st.filtered():
                yield f"{prefix}statics[{i}]", st


def _filter_problems(cards: dict[str, cd.Card]) -> Iterator[tuple[str, str, str]]:
    """(card id, field, problem) for filters no card of the pack can ever pass: a duel
    plays one pack, so such a filter is a typo."""
    names = sorted({c.name for c in cards.values()})
    tags = sorted({t for c in cards.values() for t in c.tags})
    for cid, card in cards.items():
        for fld, m in _walk_filters(card):
            if m.named is not None and m.named not in names:
                yield (
                    cid,
                    f"{fld}.named",
                    f"no card in this pack is named '{m.named}'{did_you_mean(m.named, names)}",
                )
            if m.tag is not None and m.tag not in tags:
                yield (
                    cid,
                    f"{fld}.tag",
                    f"no card in this pack has the tag '{m.tag}'{did_you_mean(m.tag, tags)}",
                )


def _card_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return f"card '{raw['id']}'"
    return f"card #{index + 1}"


def default_named_effects() -> frozenset[str]:
    from rules.tcg.named import NAMED_EFFECTS

    return frozenset(NAMED_EFFECTS)


def load_pack(
    path: Path | str | None = None, *, named_effects: Collection[str] | None = None
) -> cd.TcgContent:
    """Load, validate and cross-check the pack at `path` (default: the bundled pack).
    Raises `ContentError` listing every problem."""
    root = Path(path) if path is not None else DEFAULT_PACK_DIR
    names = default_named_effects() if named_effects is None else frozenset(named_effects)
    ctx = Collector(root)
    if not root.is_dir():
        ctx.add(root, "not a directory (a content pack is a directory of TOML files)")
        raise ContentError(ctx.issues)
    info: PackFile | None = None
    manifest = root / "pack.toml"
    if manifest.is_file():
        data = ctx.load_toml(manifest)
        if data is not None:
            info = ctx.validate(PackFile, data, manifest, "pack")
            if info is not None and info.game != GAME:
                ctx.add(manifest, f"game is '{info.game}', not '{GAME}'", "pack", "game")
    else:
        ctx.add(manifest, "missing: a pack needs a pack.toml (game, id, name, version)")
    cards: dict[str, cd.Card] = {}
    where: dict[str, Path] = {}
    named: dict[str, str] = {}  # name and subtitle, casefolded -> card id
    broken: set[str] = set()
    for file in sorted((root / "cards").glob("*.toml")):
        data = ctx.load_toml(file)
        if data is None:
            continue
        extra = [k for k in data if k != "card"]
        for key in extra:
            ctx.add(file, f"unknown top-level key '{key}'{did_you_mean(key, ['card'])}")
        raw_cards = data.get("card", [])
        if not isinstance(raw_cards, list):
            ctx.add(file, "'card' must be an array of tables ([[card]])")
            continue
        for i, raw in enumerate(raw_cards):
            label = _card_label(raw, i)
            card = ctx.validate(cd.Card, raw, file, label)
            if card is None:
                # Its errors are reported; decks naming it are not reported again.
                if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                    broken.add(raw["id"])
                continue
            if card.id in cards:
                ctx.add(file, f"duplicate card id (also in {where[card.id].name})", label, "id")
                continue
            # Deck lists name cards by name and subtitle (rules/tcg/decks.py): two cards with
            # the same ones would make an exported list import as the other card.
            same = named.get(card.full_name.casefold())
            if same is not None:
                ctx.add(
                    file,
                    f"card '{same}' has the same name and subtitle ({card.full_name}); "
                    "deck lists tell cards apart by them",
                    label,
                    "subtitle" if card.subtitle else "name",
                )
                continue
            named[card.full_name.casefold()] = card.id
            for fld, eff in _walk_effects(card):
                if isinstance(eff, cd.Named) and eff.name not in names:
                    ctx.add(
                        file,
                        f"unknown named effect '{eff.name}'{did_you_mean(eff.name, names)}",
                        label,
                        f"{fld}.name",
                    )
            cards[card.id] = card
            where[card.id] = file
    for cid, fld, problem in _filter_problems(cards):
        ctx.add(where[cid], problem, f"card '{cid}'", fld)
    decks: dict[str, cd.DeckList] = {}
    for file in sorted((root / "decks").glob("*.toml")):
        data = ctx.load_toml(file)
        if data is None:
            continue
        label = f"deck '{data.get('id', file.stem)}'"
        got = ctx.validate(DeckFile, data, file, label)
        if got is None:
            continue
        bad = any(c in broken for c in list(got.legends) + list(got.cards))
        for i, cid in enumerate(got.legends):
            if cid not in cards and cid not in broken:
                ctx.add(
                    file, f"unknown card '{cid}'{did_you_mean(cid, cards)}", label, f"legends[{i}]"
                )
                bad = True
        for cid, n in got.cards.items():
            if cid in broken:
                continue
            if cid not in cards:
                ctx.add(
                    file, f"unknown card '{cid}'{did_you_mean(cid, cards)}", label, f"cards.{cid}"
                )
                bad = True
            elif n < 1:
                ctx.add(file, "a count is at least 1", label, f"cards.{cid}")
                bad = True
        if bad:
            continue
        deck = cd.DeckList(
            id=got.id,
            name=got.name,
            blurb=got.blurb,
            legends=got.legends,
            cards=tuple(got.cards.items()),
        )
        probe = cd.TcgContent(cards=cards)
        for problem in deck_problems(deck, probe):
            ctx.add(file, f"illegal deck: {problem}", label, "cards")
        if deck.id in decks:
            ctx.add(file, "duplicate deck id", label, "id")
        decks[deck.id] = deck
    for file in sorted(root.rglob("*.toml")):
        rel = file.relative_to(root)
        ok = rel.as_posix() == "pack.toml" or (
            len(rel.parts) == 2 and rel.parts[0] in ("cards", "decks", TRANSLATIONS)
        )
        if not ok:
            ctx.add(
                file,
                "not part of the pack layout (pack.toml, cards/, decks/, translations/); "
                "file ignored",
            )
    translations = load_translations(ctx, root)
    if ctx.issues:
        raise ContentError(ctx.issues)
    assert info is not None
    content = cd.TcgContent(
        id=info.id,
        name=info.name,
        version=info.version,
        cards=cards,
        decks=decks,
        translations=translations,
    )
    issues = translation_issues(root, content)
    if issues:
        raise ContentError(issues)
    return content


_DEFAULT: cd.TcgContent | None = None


def load_default_pack() -> cd.TcgContent:
    """The bundled pack, loaded once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_pack(DEFAULT_PACK_DIR)
    return _DEFAULT
