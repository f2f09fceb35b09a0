"""Load a Legendary content pack from a directory of TOML files (docs/legendary-content.md).

    pack.toml            id, name, [teams], [supply] (which cards are the starting cards,
                         Officers, Wounds, Bystanders, Twists and Strikes, and how many)
    supply.toml          [[card]] with `kind`: hero (grey supply cards), wound, bystander,
                         twist, strike
    heroes/*.toml        one Hero per file: id, name, team, [[card]] (its 14 cards)
    villains/*.toml      one Villain or Henchman Group per file: id, name, henchman, [[card]]
    masterminds/*.toml   one Mastermind per file: its fields, then [[tactic]]
    schemes/*.toml       one Scheme per file
    translations/<language>.toml   the pack's texts in another language (optional)

Every problem is collected (not just the first) and raised together as one
`ContentError`; each names the file, the card and the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from content.common import Collector, ContentError, ContentIssue, display_path, field_path
from content.legendary.translations import load_translations, translation_issues
from rules.legendary.cards import (
    BystanderCard,
    Card,
    GroupDef,
    HeroCard,
    HeroDef,
    Mastermind,
    Pack,
    Scheme,
    StrikeCard,
    TacticCard,
    TokenCard,
    TwistCard,
    VillainCard,
    WoundCard,
)
from rules.legendary.effects import Ability, HeroClass, Named
from rules.legendary.named import NAMED_EFFECTS

DEFAULT_PACK_DIR = Path(__file__).resolve().parent

# The 2099 insert names class icons by colour (§2): load them as classes. "grey" is
# refused: a grey Hero has no class, and the insert's grey class icon is Tech.
COLOURS = {
    "green": HeroClass.STRENGTH,
    "yellow": HeroClass.INSTINCT,
    "red": HeroClass.COVERT,
    "black": HeroClass.TECH,
    "blue": HeroClass.RANGED,
}


class _Ctx(Collector):
    """The shared collector (content.common), plus the few helpers this loader needs."""

    def rel(self, path: Path) -> str:
        return display_path(path)

    def toml(self, path: Path) -> dict[str, Any] | None:
        return self.load_toml(path)


def _classes(raw: Any, ctx: _Ctx, path: Path, item: str, fld: str) -> Any:
    """Translate colour names into classes (§2); refuse "grey"."""
    if not isinstance(raw, list):
        return raw
    out = []
    for k, v in enumerate(raw):
        if v == "grey":
            ctx.add(path, "'grey' is not a class: a grey Hero has no class (write no "
                    "classes); the 2099 insert's grey class icon is 'tech'", item,
                    f"{fld}[{k}]")  # fmt: skip
            continue
        out.append(COLOURS[v].value if isinstance(v, str) and v in COLOURS else v)
    return out


def _divided_issues(raw: dict[str, Any]) -> list[tuple[str, str]]:
    """A divided card's own checks (L2), each naming its field: two halves, and the
    Recruit, Attack and abilities on the halves, not on the card."""
    halves = raw.get("halves")
    if halves is None:
        return []
    if not isinstance(halves, list) or len(halves) != 2:
        got = len(halves) if isinstance(halves, list) else 0
        return [("halves", f"a divided card has exactly 2 halves ([[card.halves]]); {got} given")]
    out: list[tuple[str, str]] = []
    for fld in ("recruit", "attack", "abilities"):
        if fld in raw:
            out.append((fld, f"a divided card has no '{fld}' of its own: move it into the "
                        "half it belongs to ([[card.halves]])"))  # fmt: skip
    given = raw.get("classes") or []
    union = {c for h in halves if isinstance(h, dict) for c in h.get("classes") or []}
    if given and set(given) != union:
        out.append(("classes", "a divided card's classes are its halves' classes: leave "
                    "'classes' out (they are the halves' together)"))  # fmt: skip
    return out


def _label(raw: Any, k: int, what: str = "card") -> str:
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return f"{what} '{raw['id']}'"
    return f"{what} #{k + 1}"


def _cards(ctx: _Ctx, data: dict[str, Any], path: Path, key: str = "card") -> list[Any]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        ctx.add(path, f"'{key}' must be an array of tables ([[{key}]])")
        return []
    return raw


_SUPPLY: dict[str, type[BaseModel]] = {
    "hero": HeroCard,
    "wound": WoundCard,
    "bystander": BystanderCard,
    "twist": TwistCard,
    "strike": StrikeCard,
    "token": TokenCard,
}


def _walk_abilities(obj: Any, prefix: str) -> list[tuple[str, Ability]]:
    out: list[tuple[str, Ability]] = []
    if isinstance(obj, Ability):
        return [(prefix, obj)]
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            out += _walk_abilities(getattr(obj, name), f"{prefix}.{name}" if prefix else name)
    elif isinstance(obj, tuple | list):
        for k, v in enumerate(obj):
            out += _walk_abilities(v, f"{prefix}[{k}]")
    return out


def _walk_named(obj: Any, prefix: str) -> list[tuple[str, Named]]:
    if isinstance(obj, Named):
        return [(prefix, obj)]
    out: list[tuple[str, Named]] = []
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            out += _walk_named(getattr(obj, name), f"{prefix}.{name}" if prefix else name)
    elif isinstance(obj, tuple | list):
        for k, v in enumerate(obj):
            out += _walk_named(v, f"{prefix}[{k}]")
    return out


def load_pack(path: str | Path) -> Pack:  # noqa: C901
    root = Path(path)
    ctx = _Ctx(root)
    cards: dict[str, Card] = {}
    origin: dict[str, Path] = {}
    heroes: dict[str, HeroDef] = {}
    groups: dict[str, GroupDef] = {}
    masterminds: dict[str, Mastermind] = {}
    schemes: dict[str, Scheme] = {}

    def add_card(card: Card, p: Path) -> None:
        if card.id in cards:
            ctx.add(p, f"duplicate card id (also in {ctx.rel(origin[card.id])})",
                    f"card '{card.id}'", "id")  # fmt: skip
            return
        cards[card.id] = card
        origin[card.id] = p

    manifest_path = root / "pack.toml"
    manifest = ctx.toml(manifest_path) if manifest_path.exists() else None
    if manifest is None and not manifest_path.exists():
        ctx.add(manifest_path, "missing: every pack needs a pack.toml")

    supply_path = root / "supply.toml"
    if supply_path.exists():
        supply_data = ctx.toml(supply_path) or {}
        for k, raw in enumerate(_cards(ctx, supply_data, supply_path)):
            item = _label(raw, k)
            kind = raw.get("kind", "hero") if isinstance(raw, dict) else None
            model = _SUPPLY.get(kind) if isinstance(kind, str) else None
            if model is None:
                ctx.add(supply_path, f"unknown kind {kind!r}: one of {', '.join(_SUPPLY)}",
                        item, "kind")  # fmt: skip
                continue
            card = ctx.validate(model, raw, supply_path, item)
            if card is not None:
                add_card(card, supply_path)

    for p in sorted((root / "heroes").glob("*.toml")):
        loaded = ctx.toml(p)
        if loaded is None:
            continue
        data = loaded
        hid, team = data.get("id"), data.get("team")
        ids: list[str] = []
        for k, raw in enumerate(_cards(ctx, data, p)):
            item = _label(raw, k)
            if not isinstance(raw, dict):
                ctx.add(p, "a card must be a table", item)
                continue
            raw = {"hero": hid, "team": team, **raw}
            raw["classes"] = _classes(raw.get("classes", []), ctx, p, item, "classes")
            halves = raw.get("halves")
            if isinstance(halves, list):
                # A divided card (L2): each half's classes load like a card's.
                raw["halves"] = [
                    {**h, "classes": _classes(h.get("classes", []), ctx, p, item,
                                              f"halves[{k}].classes")}
                    if isinstance(h, dict) else h
                    for k, h in enumerate(halves)
                ]  # fmt: skip
            divided = _divided_issues(raw)
            for fld, msg in divided:
                ctx.add(p, msg, item, fld)
            card = None if divided else ctx.validate(HeroCard, raw, p, item)
            if card is not None:
                add_card(card, p)
                ids.append(card.id)
        hdef = ctx.validate(HeroDef, {"id": hid, "name": data.get("name"), "cards": ids}, p,
                            f"hero '{hid}'")  # fmt: skip
        if hdef is not None:
            heroes[hdef.id] = hdef

    for p in sorted((root / "villains").glob("*.toml")):
        loaded = ctx.toml(p)
        if loaded is None:
            continue
        data = loaded
        gid, hench = data.get("id"), bool(data.get("henchman", False))
        ids = []
        for k, raw in enumerate(_cards(ctx, data, p)):
            item = _label(raw, k)
            if not isinstance(raw, dict):
                ctx.add(p, "a card must be a table", item)
                continue
            card = ctx.validate(VillainCard, {"group": gid, "henchman": hench, **raw}, p, item)
            if card is not None:
                add_card(card, p)
                ids.append(card.id)
        gdef = ctx.validate(GroupDef, {"id": gid, "name": data.get("name"), "henchman": hench,
                                       "cards": ids}, p, f"group '{gid}'")  # fmt: skip
        if gdef is not None:
            groups[gdef.id] = gdef

    for p in sorted((root / "masterminds").glob("*.toml")):
        loaded = ctx.toml(p)
        if loaded is None:
            continue
        data = loaded
        mid = data.get("id")
        tids = []
        for k, raw in enumerate(_cards(ctx, data, p, "tactic")):
            item = _label(raw, k, "tactic")
            if not isinstance(raw, dict):
                ctx.add(p, "a tactic must be a table", item)
                continue
            card = ctx.validate(TacticCard, {"mastermind": mid, **raw}, p, item)
            if card is not None:
                add_card(card, p)
                tids.append(card.id)
        body = {k: v for k, v in data.items() if k != "tactic"} | {"tactics": tids}
        mm = ctx.validate(Mastermind, body, p, f"mastermind '{mid}'")
        if mm is not None:
            masterminds[mm.id] = mm

    for p in sorted((root / "schemes").glob("*.toml")):
        loaded = ctx.toml(p)
        if loaded is None:
            continue
        data = loaded
        sch = ctx.validate(Scheme, data, p, f"scheme '{data.get('id')}'")
        if sch is not None:
            schemes[sch.id] = sch
            origin[f"scheme:{sch.id}"] = p

    teams: dict[str, str] = {}
    supply: dict[str, Any] = {}
    if manifest is not None:
        teams = manifest.get("teams", {})
        supply = manifest.get("supply", {})
    _cross_check(ctx, cards, origin, groups, masterminds, teams, root)
    translations = load_translations(ctx, root)
    for sch in schemes.values():
        if sch.tokens is not None and not isinstance(cards.get(sch.tokens.card), TokenCard):
            msg = f"'{sch.tokens.card}' is not a token card of this pack (add it to "
            ctx.add(origin[f"scheme:{sch.id}"], msg + 'supply.toml with kind = "token")',
                    f"scheme '{sch.id}'", "tokens.card")  # fmt: skip
    if ctx.issues:
        raise ContentError(ctx.issues)
    body = {
        "id": (manifest or {}).get("id", root.name),
        "name": (manifest or {}).get("name", ""),
        "cards": cards,
        "heroes": heroes,
        "groups": groups,
        "masterminds": masterminds,
        "schemes": schemes,
        "teams": teams,
        "translations": translations,
        **supply,
    }
    try:
        pack = Pack.model_validate(body)
    except ValidationError as exc:
        raise ContentError(
            [
                ContentIssue(ctx.rel(manifest_path), e["msg"], "supply", field_path(e["loc"], body))
                for e in exc.errors()
            ]
        ) from exc
    problems = _check_supply(pack)
    if problems:
        raise ContentError(
            [ContentIssue(ctx.rel(manifest_path), m, "supply", f) for f, m in problems]
        )
    issues = translation_issues(root, pack)
    if issues:
        raise ContentError(issues)
    return pack


def _cross_check(
    ctx: _Ctx,
    cards: dict[str, Card],
    origin: dict[str, Path],
    groups: dict[str, GroupDef],
    masterminds: dict[str, Mastermind],
    teams: dict[str, str],
    root: Path,
) -> None:
    icons = {c.value for c in HeroClass} | set(teams)
    for cid, card in cards.items():
        p = origin[cid]
        if isinstance(card, HeroCard) and card.team is not None and card.team not in teams:
            ctx.add(p, f"unknown team '{card.team}' (declare it in pack.toml [teams])",
                    f"card '{cid}'", "team")  # fmt: skip
        for k, half in enumerate(card.halves or ()) if isinstance(card, HeroCard) else ():
            if half.team is not None and half.team not in teams:
                ctx.add(p, f"unknown team '{half.team}' (declare it in pack.toml [teams])",
                        f"card '{cid}'", f"halves[{k}].team")  # fmt: skip
        for where, ab in _walk_abilities(card, ""):
            for k, icon in enumerate(ab.superpower):
                if icon not in icons:
                    ctx.add(p, f"unknown Superpower icon '{icon}': a class or a team id",
                            f"card '{cid}'", f"{where}.superpower[{k}]")  # fmt: skip
        for where, named in _walk_named(card, ""):
            if named.name not in NAMED_EFFECTS:
                ctx.add(p, f"unknown named effect '{named.name}' (known: "
                        f"{', '.join(sorted(NAMED_EFFECTS))})", f"card '{cid}'", where)  # fmt: skip
    for mm in masterminds.values():
        p = root / "masterminds"
        if mm.always_leads not in groups:
            ctx.add(p, f"'Always Leads' names an unknown group '{mm.always_leads}'",
                    f"mastermind '{mm.id}'", "always_leads")  # fmt: skip
        if mm.adapting and mm.attack:
            ctx.add(p, "an Adapting Mastermind has no Mastermind card: give each Tactic "
                    "its attack", f"mastermind '{mm.id}'", "attack")  # fmt: skip


def _check_supply(pack: Pack) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    kinds: dict[str, type] = {
        "agent": HeroCard,
        "trooper": HeroCard,
        "officer": HeroCard,
        "wound": WoundCard,
        "twist_card": TwistCard,
        "strike_card": StrikeCard,
    }
    for fld, kind in kinds.items():
        cid = getattr(pack, fld)
        if not isinstance(pack.cards.get(cid), kind):
            out.append((fld, f"'{cid}' is not a {kind.__name__} card of this pack"))
    for k, b in enumerate(pack.bystander):
        if not isinstance(pack.cards.get(b), BystanderCard):
            out.append((f"bystander[{k}]", f"'{b}' is not a Bystander card of this pack"))
    return out


@lru_cache(maxsize=1)
def load_default_pack() -> Pack:
    return load_pack(DEFAULT_PACK_DIR)
