"""Load a Cyberpunk Legends content pack from a directory of TOML files.

Layout of a pack directory (see docs/content.md):

    cards/*.toml       [[card]] tables: player cards (starters, upgrades, rewards)
    roles/*.toml       one starter deck per file (role, name, blurb, cards)
    scenarios/*.toml   one scenario per file: top-level fields, [rewards], [[card]] tables
    trauma/*.toml      one Trauma Pack per file, same format as a scenario
    upgrades.toml      [[pack]] tables: the Upgrade Pool
    campaign.toml      [[campaign]] tables

Every file is validated against the pydantic models of `rules.legends.cards`; all problems
are collected (not just the first) and raised together as one `ContentError`.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from rules.legends.cards import (
    Campaign,
    ContentPack,
    PlayerCard,
    Role,
    RoleDeck,
    Scenario,
    ScenarioCard,
    UpgradePack,
)
from rules.legends.effects import AddCards, IfMemory, NamedScene, SetMemory, UnlockPack

DEFAULT_PACK_DIR = Path(__file__).resolve().parent / "legends"

# Deck limit: at most 3 copies of one card in a deck (R15).
MAX_COPIES = 3

_LINE_RE = re.compile(r"\(at line (\d+), column (\d+)\)")
_ORDER_DUP_MSG = "order numbers must be unique"


# ---- errors ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ContentIssue:
    """One problem in a pack: where it is and what is wrong."""

    file: str
    message: str
    # What inside the file: "card 'big-iron'", "scenario 'x' card #3 'Name'", "pack 'y'".
    item: str = ""
    # Field path inside the item, e.g. "effects[0].amount".
    field: str = ""
    line: int | None = None

    def __str__(self) -> str:
        head = self.file
        if self.line is not None:
            head += f":{self.line}"
        where = " ".join(p for p in (self.item, f"field {self.field}" if self.field else "") if p)
        return f"{head}: {where}: {self.message}" if where else f"{head}: {self.message}"


class ContentError(Exception):
    """A pack failed to load; `errors` lists every problem found."""

    def __init__(self, errors: list[ContentIssue]) -> None:
        self.errors = list(errors)
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(str(e) for e in self.errors)


# ---- helpers --------------------------------------------------------------------------


def _display(path: Path) -> str:
    """A path as shown in messages: relative to the working directory when possible."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _field_path(loc: tuple[int | str, ...], data: Any) -> str:
    """Turn a pydantic error location into `effects[0].amount`.

    Tagged unions put the tag in the location (`effects, 0, damage, amount`); the tag is
    dropped by walking the raw data alongside the location.
    """
    out = ""
    cur = data
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
            cur = _index(cur, part)
            continue
        if isinstance(cur, dict) and part not in cur and cur.get("type") == part:
            continue  # the discriminator tag, not a real key
        if "[" in part or "(" in part:
            continue  # validator names such as function-after[...]
        out += f".{part}" if out else part
        cur = cur.get(part) if isinstance(cur, dict) else None
    return out


def _clean_msg(msg: str) -> str:
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            return msg[len(prefix) :]
    return msg


def _describe_input(err: dict[str, Any]) -> str:
    if err.get("type") == "extra_forbidden":
        return "unknown field (not part of the schema)"
    return _clean_msg(str(err.get("msg", "invalid")))


@dataclass
class _Ctx:
    root: Path
    issues: list[ContentIssue] = field(default_factory=list)
    # Files that could not be parsed at all: what they define is unknown, so references
    # to it are not reported (they would only repeat the syntax error).
    unparsed: int = 0

    def add(
        self,
        path: Path,
        message: str,
        item: str = "",
        fld: str = "",
        line: int | None = None,
    ) -> None:
        self.issues.append(ContentIssue(_display(path), message, item, fld, line))

    def validate(
        self,
        model: type[BaseModel],
        data: Any,
        path: Path,
        item: str,
        item_for_loc: Callable[[tuple[int | str, ...]], tuple[str, tuple[int | str, ...]]]
        | None = None,
        skip: Callable[[dict[str, Any]], bool] | None = None,
    ) -> Any:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            for err in exc.errors():
                if skip is not None and skip(dict(err)):
                    continue
                loc = tuple(err["loc"])
                name, rest, sub = item, loc, data
                if item_for_loc is not None:
                    name, rest = item_for_loc(loc)
                    if len(rest) < len(loc):
                        sub = _walk(data, loc[: len(loc) - len(rest)])
                self.add(path, _describe_input(dict(err)), name, _field_path(rest, sub))
            return None

    def load_toml(self, path: Path) -> dict[str, Any] | None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.add(path, f"cannot read file: {exc}")
            return None
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            m = _LINE_RE.search(str(exc))
            line = int(m.group(1)) if m else None
            msg = _LINE_RE.sub("", str(exc)).strip()
            if m:
                msg += f" (line {m.group(1)}, column {m.group(2)})"
            self.add(path, f"TOML syntax error: {msg}", line=line)
            self.unparsed += 1
            return None


def _index(seq: Any, i: int) -> Any:
    if isinstance(seq, list | tuple) and -len(seq) <= i < len(seq):
        return seq[i]
    return None


def _walk(data: Any, loc: Iterable[int | str]) -> Any:
    cur = data
    for part in loc:
        if isinstance(part, int):
            cur = _index(cur, part)
        elif isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, dict) and cur.get("type") == part:
            continue
        else:
            return None
    return cur


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
    ctx: _Ctx, path: Path, data: dict[str, Any], key: str, allowed: Collection[str] = ()
) -> list[Any]:
    """The `[[key]]` array of a file; unknown top-level keys are reported."""
    for k in data:
        if k != key and k not in allowed:
            ctx.add(path, f"unknown top-level key '{k}' (expected [[{key}]] tables)")
    value = data.get(key, [])
    if not isinstance(value, list):
        ctx.add(path, f"'{key}' must be an array of tables ([[{key}]])")
        return []
    return value


# ---- the pieces of a pack -------------------------------------------------------------


@dataclass
class _Parts:
    cards: dict[str, PlayerCard] = field(default_factory=dict)
    card_files: dict[str, Path] = field(default_factory=dict)
    roles: dict[Role, RoleDeck] = field(default_factory=dict)
    role_files: dict[Role, Path] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    scenario_files: dict[str, Path] = field(default_factory=dict)
    trauma_ids: set[str] = field(default_factory=set)
    packs: dict[str, UpgradePack] = field(default_factory=dict)
    pack_files: dict[str, Path] = field(default_factory=dict)
    campaigns: dict[str, Campaign] = field(default_factory=dict)
    campaign_files: dict[str, Path] = field(default_factory=dict)
    # Ids of items that failed validation: references to them are not reported again.
    broken: set[str] = field(default_factory=set)


def _load_cards(ctx: _Ctx, parts: _Parts, path: Path) -> None:
    data = ctx.load_toml(path)
    if data is None:
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
                f"duplicate card id (already defined in {_display(parts.card_files[card.id])})",
                label,
                "id",
            )
            continue
        parts.cards[card.id] = card
        parts.card_files[card.id] = path


def _load_role(ctx: _Ctx, parts: _Parts, path: Path) -> None:
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
        ctx.add(
            path,
            f"a deck for this role is already defined in {_display(parts.role_files[deck.role])}",
            label,
            "role",
        )
        return
    parts.roles[deck.role] = deck
    parts.role_files[deck.role] = path


def _load_scenario(ctx: _Ctx, parts: _Parts, path: Path, trauma: bool) -> None:
    data = ctx.load_toml(path)
    if data is None:
        return
    if "cards" in data:
        ctx.add(path, "scenario cards are written as [[card]] tables, not 'cards'")
        return
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        ctx.add(path, "'card' must be an array of tables ([[card]])")
        return
    sid = data.get("id")
    kind = "trauma pack" if trauma else "scenario"
    label = f"{kind} '{sid}'" if isinstance(sid, str) else f"{kind} '{path.stem}'"
    body = {k: v for k, v in data.items() if k != "card"}
    body["cards"] = raw_cards

    # Order numbers: reported per card (pydantic's scenario-level check cannot name them).
    seen: dict[int, str] = {}
    for i, raw in enumerate(raw_cards):
        if isinstance(raw, dict) and isinstance(raw.get("order"), int):
            o = raw["order"]
            if o in seen:
                ctx.add(
                    path,
                    f"order {o} is already used by {seen[o]}",
                    f"{label} {_scene_label(raw, i)}",
                    "order",
                )
            else:
                seen[o] = _scene_label(raw, i)

    def item_for_loc(loc: tuple[int | str, ...]) -> tuple[str, tuple[int | str, ...]]:
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
            idx = loc[1]
            raw = raw_cards[idx] if 0 <= idx < len(raw_cards) else None
            return f"{label} {_scene_label(raw, idx)}", loc[2:]
        return label, loc

    def skip(err: dict[str, Any]) -> bool:
        return _ORDER_DUP_MSG in str(err.get("msg", ""))

    if not raw_cards:
        ctx.add(path, "a scenario needs at least one [[card]]", label)
        parts.broken.add(f"{'trauma' if trauma else 'scenario'}:{sid}")
        return
    scen = ctx.validate(Scenario, body, path, label, item_for_loc, skip)
    if scen is None:
        parts.broken.add(f"{'trauma' if trauma else 'scenario'}:{sid}")
        return
    if scen.id in parts.scenarios:
        ctx.add(
            path,
            f"duplicate scenario id (already defined in {_display(parts.scenario_files[scen.id])})",
            label,
            "id",
        )
        return
    orders = sorted(c.order for c in scen.cards)
    if len(set(orders)) == len(orders) and orders != list(range(1, len(orders) + 1)):
        ctx.add(
            path,
            f"order numbers must run 1..{len(orders)} without gaps; got {orders}",
            label,
            "cards",
        )
    if not trauma and (scen.after != "next" or scen.max_health_change):
        ctx.add(
            path,
            "'after' and 'max_health_change' only apply to trauma packs (put it in trauma/)",
            label,
        )
    parts.scenarios[scen.id] = scen
    parts.scenario_files[scen.id] = path
    if trauma:
        parts.trauma_ids.add(scen.id)


def _load_packs(ctx: _Ctx, parts: _Parts, path: Path) -> None:
    data = ctx.load_toml(path)
    if data is None:
        return
    for i, raw in enumerate(_table_array(ctx, path, data, "pack")):
        pid = raw.get("id") if isinstance(raw, dict) else None
        label = f"pack '{pid}'" if isinstance(pid, str) else f"pack #{i + 1}"
        pack = ctx.validate(UpgradePack, raw, path, label)
        if pack is None:
            parts.broken.add(f"pack:{pid}")
            continue
        if pack.id in parts.packs:
            ctx.add(path, "duplicate pack id", label, "id")
            continue
        parts.packs[pack.id] = pack
        parts.pack_files[pack.id] = path


def _load_campaigns(ctx: _Ctx, parts: _Parts, path: Path) -> None:
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
            ctx.add(path, "duplicate campaign id", label, "id")
            continue
        parts.campaigns[camp.id] = camp
        parts.campaign_files[camp.id] = path


# ---- cross-checks ---------------------------------------------------------------------


def _walk_scene_effects(effects: Iterable[Any], prefix: str) -> Iterator[tuple[str, Any]]:
    """Every scene effect with its field path, descending into if_memory branches."""
    for i, eff in enumerate(effects):
        here = f"{prefix}[{i}]"
        yield here, eff
        if isinstance(eff, IfMemory):
            yield from _walk_scene_effects(eff.then, f"{here}.then")
            yield from _walk_scene_effects(eff.otherwise, f"{here}.else")


def _scene_card_effects(card: ScenarioCard) -> Iterator[tuple[str, Any]]:
    yield from _walk_scene_effects(card.effects, "effects")
    yield from _walk_scene_effects(card.end_of_round, "end_of_round")
    for j, choice in enumerate(card.choices):
        yield from _walk_scene_effects(choice.effects, f"choices[{j}].effects")


def default_named_effects() -> frozenset[str] | None:
    """Names registered in `rules.legends.named.NAMED_EFFECTS`, or None when that registry
    does not exist (then `named` effects are not checked)."""
    try:
        if importlib.util.find_spec("rules.legends.named") is None:
            return None
        module = importlib.import_module("rules.legends.named")
    except ImportError:
        return None
    registry = getattr(module, "NAMED_EFFECTS", None)
    if registry is None:
        return None
    return frozenset(str(k) for k in registry)


def _cross_check(ctx: _Ctx, parts: _Parts, named: Collection[str] | None) -> None:
    broken = parts.broken
    complete = ctx.unparsed == 0

    def card_ok(cid: str) -> bool:
        return not complete or cid in parts.cards or f"card:{cid}" in broken

    def pack_ok(pid: str) -> bool:
        return not complete or pid in parts.packs or f"pack:{pid}" in broken

    # Role decks: known cards, deck limit.
    for role, deck in parts.roles.items():
        path = parts.role_files[role]
        label = f"role deck '{role.value}'"
        for i, cid in enumerate(deck.cards):
            if not card_ok(cid):
                ctx.add(path, f"unknown card id '{cid}'", label, f"cards[{i}]")
        for cid, n in Counter(deck.cards).items():
            if n > MAX_COPIES:
                ctx.add(
                    path,
                    f"{n} copies of '{cid}' (deck limit is {MAX_COPIES} copies of a card)",
                    label,
                    f"cards[{deck.cards.index(cid)}]",
                )

    # Upgrade packs.
    for pid, pack in parts.packs.items():
        path = parts.pack_files[pid]
        for i, cid in enumerate(pack.cards):
            if not card_ok(cid):
                ctx.add(path, f"unknown card id '{cid}'", f"pack '{pid}'", f"cards[{i}]")

    # Scenarios: rewards, scene effects, puzzles, memory keys.
    memory_set: set[str] = set()
    memory_used: list[tuple[Path, str, str, str]] = []
    for sid, scen in parts.scenarios.items():
        path = parts.scenario_files[sid]
        kind = "trauma pack" if sid in parts.trauma_ids else "scenario"
        label = f"{kind} '{sid}'"
        for i, cid in enumerate(scen.rewards.cards):
            if not card_ok(cid):
                ctx.add(path, f"unknown card id '{cid}'", label, f"rewards.cards[{i}]")
        for i, pid in enumerate(scen.rewards.unlock_packs):
            if not pack_ok(pid):
                ctx.add(path, f"unknown pack '{pid}'", label, f"rewards.unlock_packs[{i}]")
        for card in scen.cards:
            clabel = f"{label} card #{card.order} '{card.name}'"
            if card.memory_key:
                memory_set.add(card.memory_key)
            if card.puzzle is not None:
                if card.puzzle.memory:
                    memory_set.add(card.puzzle.memory)
                if card.puzzle.unlock_pack and not pack_ok(card.puzzle.unlock_pack):
                    ctx.add(
                        path,
                        f"unknown pack '{card.puzzle.unlock_pack}'",
                        clabel,
                        "puzzle.unlock_pack",
                    )
            for fpath, eff in _scene_card_effects(card):
                if isinstance(eff, AddCards):
                    for j, cid in enumerate(eff.cards):
                        if not card_ok(cid):
                            ctx.add(path, f"unknown card id '{cid}'", clabel, f"{fpath}.cards[{j}]")
                elif isinstance(eff, UnlockPack):
                    if not pack_ok(eff.pack):
                        ctx.add(path, f"unknown pack '{eff.pack}'", clabel, f"{fpath}.pack")
                elif isinstance(eff, SetMemory):
                    memory_set.add(eff.key)
                elif isinstance(eff, IfMemory):
                    memory_used.append((path, clabel, f"{fpath}.key", eff.key))
                elif isinstance(eff, NamedScene) and named is not None and eff.name not in named:
                    ctx.add(path, f"unknown named effect '{eff.name}'", clabel, f"{fpath}.name")
    scenarios_ok = complete and not any(b.startswith(("scenario:", "trauma:")) for b in broken)
    for path, clabel, fpath, key in memory_used:
        if scenarios_ok and key not in memory_set:
            ctx.add(
                path,
                f"memory '{key}' is never set by any card of the pack "
                "(set_memory, a memory card's memory_key or a puzzle's memory)",
                clabel,
                fpath,
            )

    # Named player-card effects.
    if named is not None:
        for cid, card in parts.cards.items():
            for i, eff in enumerate(card.effects):
                if getattr(eff, "type", None) == "named" and eff.name not in named:
                    ctx.add(
                        parts.card_files[cid],
                        f"unknown named effect '{eff.name}'",
                        f"card '{cid}'",
                        f"effects[{i}].name",
                    )

    # Campaigns.
    for cid, camp in parts.campaigns.items():
        path = parts.campaign_files[cid]
        label = f"campaign '{cid}'"
        for i, sid in enumerate(camp.scenarios):
            if f"scenario:{sid}" in broken or (not complete and sid not in parts.scenarios):
                continue
            if f"trauma:{sid}" in broken:
                ctx.add(path, f"'{sid}' is a trauma pack, not a scenario", label, f"scenarios[{i}]")
            elif sid not in parts.scenarios:
                ctx.add(path, f"unknown scenario '{sid}'", label, f"scenarios[{i}]")
            elif sid in parts.trauma_ids:
                ctx.add(path, f"'{sid}' is a trauma pack, not a scenario", label, f"scenarios[{i}]")
        for i, sid in enumerate(camp.trauma_packs):
            if f"trauma:{sid}" in broken or (not complete and sid not in parts.scenarios):
                continue
            if f"scenario:{sid}" in broken or (
                sid in parts.scenarios and sid not in parts.trauma_ids
            ):
                ctx.add(
                    path,
                    f"'{sid}' is a scenario, not a trauma pack (trauma packs live in trauma/)",
                    label,
                    f"trauma_packs[{i}]",
                )
            elif sid not in parts.scenarios:
                ctx.add(path, f"unknown trauma pack '{sid}'", label, f"trauma_packs[{i}]")


# ---- entry points ---------------------------------------------------------------------


_DIR_LOADERS = ("cards", "roles", "scenarios", "trauma")
_TOP_FILES = ("upgrades.toml", "campaign.toml")


def load_pack(
    path: Path | str | None = None, *, named_effects: Collection[str] | None = None
) -> ContentPack:
    """Load, validate and cross-check the pack at `path` (default: the bundled core pack).

    `named_effects` is the set of names `named` effects may use; by default the registry
    `rules.legends.named.NAMED_EFFECTS` if that module exists, else names are not checked.
    Raises `ContentError` listing every problem found.
    """
    root = Path(path) if path is not None else DEFAULT_PACK_DIR
    ctx = _Ctx(root)
    if not root.is_dir():
        ctx.add(root, "not a directory (a content pack is a directory of TOML files)")
        raise ContentError(ctx.issues)

    parts = _Parts()
    found = False
    for sub in _DIR_LOADERS:
        for file in sorted((root / sub).glob("*.toml")):
            found = True
            if sub == "cards":
                _load_cards(ctx, parts, file)
            elif sub == "roles":
                _load_role(ctx, parts, file)
            else:
                _load_scenario(ctx, parts, file, trauma=(sub == "trauma"))
    if (root / "upgrades.toml").is_file():
        found = True
        _load_packs(ctx, parts, root / "upgrades.toml")
    if (root / "campaign.toml").is_file():
        found = True
        _load_campaigns(ctx, parts, root / "campaign.toml")

    # TOML files outside the layout are almost always a typo in a folder name.
    for file in sorted(root.rglob("*.toml")):
        rel = file.relative_to(root)
        known = (len(rel.parts) == 2 and rel.parts[0] in _DIR_LOADERS) or (
            len(rel.parts) == 1 and rel.name in _TOP_FILES
        )
        if not known:
            ctx.add(
                file,
                "not part of the pack layout (cards/, roles/, scenarios/, trauma/, "
                "upgrades.toml, campaign.toml); file ignored",
            )
    if not found:
        ctx.add(root, "no content found (expected cards/*.toml, roles/*.toml, ...)")

    named = named_effects if named_effects is not None else default_named_effects()
    _cross_check(ctx, parts, named)
    if ctx.issues:
        raise ContentError(ctx.issues)

    return ContentPack(
        cards=parts.cards,
        roles=parts.roles,
        scenarios=parts.scenarios,
        upgrade_packs=parts.packs,
        campaigns=parts.campaigns,
    )


@lru_cache(maxsize=1)
def load_default_pack() -> ContentPack:
    """The bundled core pack, loaded once per process."""
    return load_pack(DEFAULT_PACK_DIR)


def trauma_pack_ids(pack: ContentPack) -> frozenset[str]:
    """Ids of the scenarios used as Trauma Packs by some campaign of `pack`."""
    return frozenset(t for c in pack.campaigns.values() for t in c.trauma_packs)
