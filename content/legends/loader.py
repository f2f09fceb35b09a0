"""Load a Cyberpunk Legends content pack from a directory of TOML files.

Layout of a pack directory (see docs/content.md):

    pack.toml          the identity of the core pack: id, name, kind = "core", version
    cards/*.toml       [[card]] tables: player cards (starters, upgrades, rewards)
    roles/*.toml       one starter deck per file (role, name, blurb, cards)
    scenarios/*.toml   one scenario per file: top-level fields, [rewards], [[card]] tables
    trauma/*.toml      one Trauma Pack per file, same format as a scenario
    upgrades.toml      [[pack]] tables: the Upgrade Pool
    campaign.toml      [[campaign]] tables

Every pack declares its identity (`PackInfo`: id, name, kind, version, requires): the
core pack in pack.toml, each scenario and Trauma Pack at the top of its file, each
upgrade pack in its [[pack]] table. The kind is the explicit marker of a Trauma Pack.

Every file is validated against the pydantic models of `rules.legends.cards`; all problems
are collected (not just the first) and raised together as one `ContentError`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache
from pathlib import Path
from typing import Any

from content.common import Collector, ContentError, display_path
from content.legends.checks import (
    MAX_COPIES,
    cross_check,
    default_named_effects,
    default_named_scene_effects,
)
from content.legends.parts import (
    IDENTITY,
    IDENTITY_ONLY,
    KIND_HOME,
    PLACEHOLDER_CARD,
    Parts,
    ScenarioCheck,
)
from content.legends.translations import DIR as TRANSLATIONS
from content.legends.translations import load_translations, translation_issues
from rules.core.text import did_you_mean
from rules.legends.cards import (
    Campaign,
    ContentPack,
    PackInfo,
    PackKind,
    PlayerCard,
    RoleDeck,
    Scenario,
    ScenarioCard,
    UpgradePack,
)

DEFAULT_PACK_DIR = Path(__file__).resolve().parent

__all__ = ["DEFAULT_PACK_DIR", "MAX_COPIES", "load_default_pack", "load_pack"]


_ID_RE = re.compile(r'^\s*id\s*=\s*["\']([^"\']+)["\']', re.MULTILINE)
_MEMORY_RE = re.compile(r'\b(?:key|memory_key|memory)\s*=\s*["\']([^"\']+)["\']')


def _salvage_ids(ctx: Collector, parts: Parts, path: Path, prefix: str) -> None:
    """Best-effort ids of a file that failed to parse (see `Collector.unparsed`)."""
    text = ctx.unparsed.get(path, "")
    for m in _ID_RE.finditer(text):
        parts.broken.add(f"{prefix}:{m.group(1)}")
    parts.memory_salvaged.update(m.group(1) for m in _MEMORY_RE.finditer(text))


def _salvage_memory(raw: Any, out: set[str]) -> None:
    """Memory keys set anywhere in raw (unvalidated) scenario data."""
    if isinstance(raw, dict):
        if raw.get("type") == "set_memory" and isinstance(raw.get("key"), str):
            out.add(raw["key"])
        for k in ("memory_key", "memory"):
            if isinstance(raw.get(k), str):
                out.add(raw[k])
        for v in raw.values():
            _salvage_memory(v, out)
    elif isinstance(raw, list):
        for v in raw:
            _salvage_memory(v, out)


def _card_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict):
        cid = raw.get("id")
        if isinstance(cid, str) and cid:
            return f"card '{cid}'"
        name = raw.get("name")
        if isinstance(name, str) and name:
            return f"card #{index + 1} '{name}'"
    return f"card #{index + 1}"


def _scene_label(raw: Any, index: int) -> str:
    if isinstance(raw, dict):
        order = raw.get("order")
        name = raw.get("name")
        tag = f"#{order}" if isinstance(order, int) else f"(entry {index + 1})"
        if isinstance(name, str) and name:
            return f"card {tag} '{name}'"
        return f"card {tag}"
    return f"card (entry {index + 1})"


def _table_array(
    ctx: Collector, path: Path, data: dict[str, Any], key: str, allowed: Collection[str] = ()
) -> list[Any]:
    """The `[[key]]` array of a file; unknown top-level keys are reported."""
    for k in data:
        if k != key and k not in allowed:
            hint = did_you_mean(k, [key, *allowed])
            ctx.add(path, f"unknown top-level key '{k}'{hint} (expected [[{key}]] tables)", fld=k)
    value = data.get(key, [])
    if not isinstance(value, list):
        ctx.add(path, f"'{key}' must be an array of tables ([[{key}]])", fld=key)
        return []
    return value


def _identity(
    ctx: Collector, parts: Parts, path: Path, data: dict[str, Any], label: str, home: PackKind
) -> PackInfo | None:
    """Validate the identity of the pack declared by `data` in `path` (a file of the
    folder meant for `home` packs). None after reporting its errors."""
    # pack.toml holds the identity only (other keys are errors); elsewhere the identity
    # keys sit among the item's own fields.
    raw = data if home is PackKind.CORE else {k: data[k] for k in IDENTITY if k in data}
    missing = {
        "kind": f'every pack declares its kind: add kind = "{home.value}"',
        "version": 'every pack declares its version: add version = "1.0"',
        "id": "every pack has a stable id (lower case letters, digits, dashes)",
        "name": "every pack has a name shown to players",
    }
    info: PackInfo | None = ctx.validate(PackInfo, raw, path, label, missing)
    if info is None:
        return None
    if info.kind is not home:
        where = KIND_HOME[home]
        ctx.add(
            path,
            f"kind '{info.kind.value}' does not belong in {where} "
            f'(write kind = "{home.value}", or move it to {KIND_HOME[info.kind]})',
            label,
            "kind",
        )
        return None
    return info


def _register(ctx: Collector, parts: Parts, info: PackInfo, path: Path, label: str) -> bool:
    """Record a valid pack identity; False (after reporting) when its id is taken."""
    if info.id in parts.infos:
        other = parts.infos[info.id]
        ctx.add(
            path,
            f"duplicate pack id '{info.id}': already used by the {other.kind.value} pack "
            f"'{other.name}' in {display_path(parts.info_files[info.id])} "
            "(pack ids are unique across all packs)",
            label,
            "id",
        )
        return False
    parts.infos[info.id] = info
    parts.info_files[info.id] = path
    parts.info_labels[info.id] = label
    return True


def _load_manifest(ctx: Collector, parts: Parts, path: Path) -> None:
    """`pack.toml`: the identity of the pack directory itself (the core pack)."""
    data = ctx.load_toml(path)
    if data is None:
        _salvage_ids(ctx, parts, path, "core")
        return
    pid = data.get("id")
    label = f"core pack '{pid}'" if isinstance(pid, str) else "core pack"
    info = _identity(ctx, parts, path, data, label, PackKind.CORE)
    if info is None:
        parts.broken.add(f"core:{pid}")
        return
    _register(ctx, parts, info, path, label)


def _load_cards(ctx: Collector, parts: Parts, path: Path) -> None:
    data = ctx.load_toml(path)
    if data is None:
        _salvage_ids(ctx, parts, path, "card")
        return
    for i, raw in enumerate(_table_array(ctx, path, data, "card")):
        label = _card_label(raw, i)
        if not isinstance(raw, dict):
            ctx.add(path, "must be a table", label)
            continue
        card = ctx.validate(PlayerCard, raw, path, label)
        if card is None:
            parts.broken.add(f"card:{raw.get('id')}")
            continue
        if card.id in parts.cards:
            ctx.add(
                path,
                f"duplicate card id '{card.id}': already defined in "
                f"{display_path(parts.card_files[card.id])} "
                "(card ids are unique across all packs)",
                label,
                "id",
            )
            continue
        parts.cards[card.id] = card
        parts.card_files[card.id] = path


def _load_role(ctx: Collector, parts: Parts, path: Path) -> None:
    data = ctx.load_toml(path)
    if data is None:
        return
    role = data.get("role")
    label = f"role deck '{role}'" if isinstance(role, str) else f"role deck '{path.stem}'"
    deck = ctx.validate(RoleDeck, data, path, label)
    if deck is None:
        parts.broken.add(f"role:{role}")
        return
    if deck.role in parts.roles:
        other = display_path(parts.role_files[deck.role])
        ctx.add(path, f"a deck for this role is already defined in {other}", label, "role")
        return
    parts.roles[deck.role] = deck
    parts.role_files[deck.role] = path


def _load_scenario(ctx: Collector, parts: Parts, path: Path, home: PackKind) -> None:
    data = ctx.load_toml(path)
    if data is None:
        _salvage_ids(ctx, parts, path, home.value)
        return
    _salvage_memory(data, parts.memory_salvaged)
    sid = data.get("id")
    # The declared kind is the marker; the folder only decides when kind is unreadable.
    declared = data.get("kind")
    trauma = (
        declared == PackKind.TRAUMA.value
        if declared in (PackKind.SCENARIO.value, PackKind.TRAUMA.value)
        else home is PackKind.TRAUMA
    )
    kind = "trauma" if trauma else "scenario"
    label = (
        f"{'trauma pack' if trauma else 'scenario'} '{sid if isinstance(sid, str) else path.stem}'"
    )
    info = _identity(ctx, parts, path, data, label, home)
    if "cards" in data:
        ctx.add(path, "scenario cards are written as [[card]] tables, not 'cards'", label, "cards")
        parts.broken.add(f"{kind}:{sid}")
        return
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list) or not raw_cards:
        ctx.add(path, "a scenario needs at least one [[card]] table", label, "card")
        parts.broken.add(f"{kind}:{sid}")
        return

    # Each card on its own, so every card's problems are reported and the valid cards
    # are still cross-checked even when another card is broken.
    cards: list[ScenarioCard] = []
    seen: dict[int, str] = {}
    all_ok = True
    for i, raw in enumerate(raw_cards):
        clabel = f"{label} {_scene_label(raw, i)}"
        if not isinstance(raw, dict):
            ctx.add(path, "must be a table", clabel)
            all_ok = False
            continue
        card = ctx.validate(ScenarioCard, raw, path, clabel)
        if card is None:
            all_ok = False
            continue
        if card.order in seen:
            # Named per card: pydantic's scenario-level check cannot name them.
            ctx.add(
                path, f"order {card.order} is already used by {seen[card.order]}", clabel, "order"
            )
            all_ok = False
            continue
        seen[card.order] = _scene_label(raw, i)
        cards.append(card)

    body = {k: v for k, v in data.items() if k != "card" and k not in IDENTITY_ONLY}
    body["cards"] = cards or [PLACEHOLDER_CARD]
    scen = ctx.validate(Scenario, body, path, label)
    parts.checks.append(
        ScenarioCheck(path, label, tuple(cards), scen.rewards if scen is not None else None)
    )
    if scen is None or not all_ok or info is None:
        parts.broken.add(f"{kind}:{sid}")
        return
    orders = sorted(c.order for c in scen.cards)
    if orders != list(range(1, len(orders) + 1)):
        ctx.add(
            path,
            f"order numbers must run 1..{len(orders)} without gaps; got {orders}",
            label,
            "card",
        )
    if not trauma:
        for name in ("after", "max_health_change"):
            if name in data:
                ctx.add(
                    path,
                    f"'{name}' only applies to trauma packs (kind = \"trauma\", in trauma/)",
                    label,
                    name,
                )
    if not _register(ctx, parts, info, path, label):
        return
    parts.scenarios[scen.id] = scen
    parts.scenario_files[scen.id] = path


def _load_packs(ctx: Collector, parts: Parts, path: Path) -> None:
    data = ctx.load_toml(path)
    if data is None:
        _salvage_ids(ctx, parts, path, "pack")
        return
    for i, raw in enumerate(_table_array(ctx, path, data, "pack")):
        pid = raw.get("id") if isinstance(raw, dict) else None
        label = f"upgrade pack '{pid}'" if isinstance(pid, str) else f"upgrade pack #{i + 1}"
        if not isinstance(raw, dict):
            ctx.add(path, "must be a table", label)
            continue
        info = _identity(ctx, parts, path, raw, label, PackKind.UPGRADE)
        body = {k: v for k, v in raw.items() if k not in IDENTITY_ONLY}
        pack = ctx.validate(UpgradePack, body, path, label)
        if pack is None or info is None:
            parts.broken.add(f"pack:{pid}")
            continue
        if not _register(ctx, parts, info, path, label):
            continue
        parts.packs[pack.id] = pack


def _load_campaigns(ctx: Collector, parts: Parts, path: Path) -> None:
    data = ctx.load_toml(path)
    if data is None:
        return
    for i, raw in enumerate(_table_array(ctx, path, data, "campaign")):
        cid = raw.get("id") if isinstance(raw, dict) else None
        label = f"campaign '{cid}'" if isinstance(cid, str) else f"campaign #{i + 1}"
        camp = ctx.validate(Campaign, raw, path, label)
        if camp is None:
            continue
        if camp.id in parts.campaigns:
            other = display_path(parts.campaign_files[camp.id])
            ctx.add(path, f"duplicate campaign id (already defined in {other})", label, "id")
            continue
        parts.campaigns[camp.id] = camp
        parts.campaign_files[camp.id] = path


# ---- entry points ---------------------------------------------------------------------


_DIR_LOADERS = ("cards", "roles", "scenarios", "trauma")
_TOP_FILES = ("pack.toml", "upgrades.toml", "campaign.toml")

MANIFEST_TEMPLATE = 'id = "my-pack"\nname = "My Pack"\nkind = "core"\nversion = "1.0"'


def load_pack(
    path: Path | str | None = None,
    *,
    named_effects: Collection[str] | None = None,
    named_scene_effects: Collection[str] | None = None,
) -> ContentPack:
    """Load, validate and cross-check the pack at `path` (default: the bundled core pack).

    `named_effects` / `named_scene_effects`: the names `named` player-card / scene effects
    may use; by default the registries `NAMED_EFFECTS` / `NAMED_SCENE_EFFECTS` of
    `rules.legends.named` when they exist, else names are not checked.
    Raises `ContentError` listing every problem found.
    """
    root = Path(path) if path is not None else DEFAULT_PACK_DIR
    ctx = Collector(root)
    if not root.is_dir():
        ctx.add(root, "not a directory (a content pack is a directory of TOML files)")
        raise ContentError(ctx.issues)

    parts = Parts()
    found = False
    manifest = root / "pack.toml"
    if manifest.is_file():
        found = True
        _load_manifest(ctx, parts, manifest)
    for sub in _DIR_LOADERS:
        for file in sorted((root / sub).glob("*.toml")):
            found = True
            if sub == "cards":
                _load_cards(ctx, parts, file)
            elif sub == "roles":
                _load_role(ctx, parts, file)
            else:
                home = PackKind.TRAUMA if sub == "trauma" else PackKind.SCENARIO
                _load_scenario(ctx, parts, file, home)
    if (root / "upgrades.toml").is_file():
        found = True
        _load_packs(ctx, parts, root / "upgrades.toml")
    if (root / "campaign.toml").is_file():
        found = True
        _load_campaigns(ctx, parts, root / "campaign.toml")
    translations = load_translations(ctx, root)

    # TOML files outside the layout are almost always a typo in a folder name.
    for file in sorted(root.rglob("*.toml")):
        rel = file.relative_to(root)
        known = (len(rel.parts) == 2 and rel.parts[0] in (*_DIR_LOADERS, TRANSLATIONS)) or (
            len(rel.parts) == 1 and rel.name in _TOP_FILES
        )
        if not known:
            if len(rel.parts) == 2:
                hint = did_you_mean(rel.parts[0], _DIR_LOADERS)
            elif len(rel.parts) == 1:
                hint = did_you_mean(rel.name, _TOP_FILES)
            else:
                hint = ""
            ctx.add(
                file,
                f"not part of the pack layout{hint} (pack.toml, cards/, roles/, scenarios/, "
                "trauma/, translations/, upgrades.toml, campaign.toml); file ignored",
            )
    if not found:
        ctx.add(root, "no content found (expected pack.toml, cards/*.toml, roles/*.toml, ...)")
    elif not manifest.is_file():
        ctx.add(
            manifest,
            "missing: every pack directory declares its identity in pack.toml, e.g. "
            + MANIFEST_TEMPLATE.replace("\n", "; "),
        )

    named = named_effects if named_effects is not None else default_named_effects()
    named_scene = (
        named_scene_effects if named_scene_effects is not None else default_named_scene_effects()
    )
    cross_check(ctx, parts, named, named_scene)
    if ctx.issues:
        # Grouped by file; within a file, in the order found.
        raise ContentError(sorted(ctx.issues, key=lambda issue: issue.file))

    pack = ContentPack(
        cards=parts.cards,
        roles=parts.roles,
        scenarios=parts.scenarios,
        upgrade_packs=parts.packs,
        campaigns=parts.campaigns,
        packs=parts.infos,
        translations=translations,
    )
    issues = translation_issues(root, pack)
    if issues:
        raise ContentError(issues)
    return pack


@lru_cache(maxsize=1)
def load_default_pack() -> ContentPack:
    """The bundled core pack, loaded once per process."""
    return load_pack(DEFAULT_PACK_DIR)
