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

import difflib
import importlib
import importlib.util
import re
import tomllib
import types
import typing
from collections import Counter
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from rules.legends.cards import (
    DECK_LIMIT,
    Campaign,
    ContentPack,
    FieldError,
    PackInfo,
    PackKind,
    PlayerCard,
    Rewards,
    Role,
    RoleDeck,
    Scenario,
    ScenarioCard,
    ScenarioKind,
    UpgradePack,
    did_you_mean,
)
from rules.legends.effects import AddCards, IfMemory, Named, NamedScene, SetMemory, UnlockPack

DEFAULT_PACK_DIR = Path(__file__).resolve().parent / "legends"

# Deck limit (R15): the rules' own constant, under the name the loader has always used.
MAX_COPIES = DECK_LIMIT

_LINE_RE = re.compile(r"\(at line (\d+), column (\d+)\)")


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


def display_path(path: Path) -> str:
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


_QUOTED_RE = re.compile(r"'([^']*)'")


def _unwrap(tp: Any) -> Any:
    """`X` of `Annotated[X, ...]`, `X | None` and `tuple[X, ...]` (a union stays a union)."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(members) != 1:
                return tp
            tp = members[0]
        else:
            return tp


def _model_at(model: type[BaseModel], loc: tuple[int | str, ...]) -> type[BaseModel] | None:
    """The model that holds the item at pydantic location `loc` inside `model`."""
    tp: Any = model
    for part in loc:
        tp = _unwrap(tp)
        origin = typing.get_origin(tp)
        if isinstance(part, int):
            if origin in (tuple, list):
                tp = typing.get_args(tp)[0]
                continue
            return None
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            fields = {f.alias or name: f for name, f in tp.model_fields.items()}
            fields.update(tp.model_fields)
            if part not in fields:
                return None
            tp = fields[part].annotation
        elif origin in (typing.Union, types.UnionType):
            # A tagged union: the location names the tag (the effect's `type`).
            tagged = [
                m
                for m in typing.get_args(tp)
                if isinstance(m, type)
                and issubclass(m, BaseModel)
                and "type" in m.model_fields
                and m.model_fields["type"].default == part
            ]
            if not tagged:
                return None
            tp = tagged[0]
        else:
            return None
    tp = _unwrap(tp)
    return tp if isinstance(tp, type) and issubclass(tp, BaseModel) else None


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def _describe_input(
    err: dict[str, Any],
    model: type[BaseModel] | None = None,
    missing: dict[str, str] | None = None,
) -> str:
    """The message of one pydantic error, in content terms and with a hint when one helps."""
    kind = err.get("type")
    ctx = err.get("ctx") or {}
    loc = tuple(err.get("loc", ()))
    value = err.get("input")
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else ""
        holder = _model_at(model, loc[:-1]) if model is not None else None
        hint = did_you_mean(key, _field_names(holder)) if holder is not None else ""
        if holder is not None and not hint:
            hint = f" (known fields: {', '.join(_field_names(holder))})"
        return f"unknown field '{key}'{hint}"
    if kind == "union_tag_invalid":
        tag, expected = ctx.get("tag"), str(ctx.get("expected_tags", ""))
        hint = did_you_mean(str(tag), _QUOTED_RE.findall(expected))
        return f"unknown effect type {tag!r}{hint} (expected one of {expected})"
    if kind == "union_tag_not_found":
        return "effect without a 'type' (every effect needs one, e.g. type = \"damage\")"
    if kind in ("enum", "literal_error"):
        expected = str(ctx.get("expected", ""))
        hint = did_you_mean(str(value), _QUOTED_RE.findall(expected))
        return f"{value!r} is not one of {expected}{hint}"
    if kind == "missing":
        key = str(loc[-1]) if loc else ""
        extra = (missing or {}).get(key) if len(loc) == 1 else None
        return f"required field '{key}' is missing" + (f": {extra}" if extra else "")
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        if pattern == r"^[a-z0-9][a-z0-9-]*$":
            slug = re.sub(r"[^a-z0-9]+", "-", str(value).lower()).strip("-")
            hint = f" (try '{slug}')" if slug and slug != value else ""
            return f"{value!r} is not an id: use lower case letters, digits and dashes{hint}"
        if "[0-9]+" in pattern:
            return f'{value!r} is not a version: write "1", "1.2" or "1.2.3"'
    return _clean_msg(str(err.get("msg", "invalid")))


@dataclass
class _Ctx:
    root: Path
    issues: list[ContentIssue] = field(default_factory=list)
    # Raw text of files that could not be parsed: ids are salvaged from it so references
    # to what they define are not reported again as unknown.
    unparsed: dict[Path, str] = field(default_factory=dict)

    def add(
        self,
        path: Path,
        message: str,
        item: str = "",
        fld: str = "",
        line: int | None = None,
    ) -> None:
        issue = ContentIssue(display_path(path), message, item, fld, line)
        # A pack's identity and its item share id/name: one problem, reported once.
        if issue not in self.issues:
            self.issues.append(issue)

    def validate(
        self,
        model: type[BaseModel],
        data: Any,
        path: Path,
        item: str,
        missing: dict[str, str] | None = None,
    ) -> Any:
        """`model` validated from `data`, or None after recording every error.
        `missing`: a hint per top-level field, added when that field is missing."""
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors()
            # A misspelt field is also a missing one: report only the misspelling when
            # its hint names the missing field.
            meant = set()
            for err in errors:
                if err["type"] == "extra_forbidden" and err["loc"]:
                    holder = _model_at(model, tuple(err["loc"][:-1]))
                    names = _field_names(holder) if holder is not None else []
                    close = difflib.get_close_matches(str(err["loc"][-1]), names, n=1)
                    if close:
                        meant.add((*err["loc"][:-1], close[0]))
            for err in errors:
                loc = tuple(err["loc"])
                if err["type"] == "missing" and loc in meant:
                    continue
                cause = (err.get("ctx") or {}).get("error")
                if isinstance(cause, FieldError):
                    loc += (cause.field,)
                message = _describe_input(dict(err), model, missing)
                self.add(path, message, item, _field_path(loc, data))
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
            self.unparsed[path] = text
            return None


def _index(seq: Any, i: int) -> Any:
    if isinstance(seq, list | tuple) and -len(seq) <= i < len(seq):
        return seq[i]
    return None


_ID_RE = re.compile(r'^\s*id\s*=\s*["\']([^"\']+)["\']', re.MULTILINE)
_MEMORY_RE = re.compile(r'\b(?:key|memory_key|memory)\s*=\s*["\']([^"\']+)["\']')


def _salvage_ids(ctx: _Ctx, parts: _Parts, path: Path, prefix: str) -> None:
    """Best-effort ids of a file that failed to parse (see `_Ctx.unparsed`)."""
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
    ctx: _Ctx, path: Path, data: dict[str, Any], key: str, allowed: Collection[str] = ()
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


# ---- the pieces of a pack -------------------------------------------------------------


@dataclass(frozen=True)
class _ScenarioCheck:
    """The valid parts of one scenario file, cross-checked even if the file has errors."""

    path: Path
    label: str
    cards: tuple[ScenarioCard, ...]
    rewards: Rewards | None


# Stands in for the cards while a scenario's own fields are validated, when none of its
# cards is valid (their errors are already reported).
_PLACEHOLDER_CARD = ScenarioCard(order=1, kind=ScenarioKind.SCENE, name="placeholder")

# The identity every pack declares (`PackInfo`); kind, version and requires belong to the
# identity only, id and name also to the item (scenario, upgrade pack).
_IDENTITY = ("id", "name", "kind", "version", "requires")
_IDENTITY_ONLY = ("kind", "version", "requires")

# Where each kind of pack is written.
_KIND_HOME: dict[PackKind, str] = {
    PackKind.CORE: "pack.toml",
    PackKind.SCENARIO: "scenarios/",
    PackKind.TRAUMA: "trauma/",
    PackKind.UPGRADE: "upgrades.toml",
}


@dataclass
class _Parts:
    cards: dict[str, PlayerCard] = field(default_factory=dict)
    card_files: dict[str, Path] = field(default_factory=dict)
    roles: dict[Role, RoleDeck] = field(default_factory=dict)
    role_files: dict[Role, Path] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    scenario_files: dict[str, Path] = field(default_factory=dict)
    packs: dict[str, UpgradePack] = field(default_factory=dict)
    campaigns: dict[str, Campaign] = field(default_factory=dict)
    campaign_files: dict[str, Path] = field(default_factory=dict)
    # Every pack's identity, by pack id, with where it is declared.
    infos: dict[str, PackInfo] = field(default_factory=dict)
    info_files: dict[str, Path] = field(default_factory=dict)
    info_labels: dict[str, str] = field(default_factory=dict)
    # Ids of items that failed validation: references to them are not reported again.
    broken: set[str] = field(default_factory=set)
    memory_salvaged: set[str] = field(default_factory=set)
    checks: list[_ScenarioCheck] = field(default_factory=list)

    def kind_of(self, pack_id: str) -> PackKind | None:
        info = self.infos.get(pack_id)
        return info.kind if info is not None else None

    def ids_of(self, kind: PackKind) -> list[str]:
        return [i for i, info in self.infos.items() if info.kind is kind]


def _identity(
    ctx: _Ctx, parts: _Parts, path: Path, data: dict[str, Any], label: str, home: PackKind
) -> PackInfo | None:
    """Validate the identity of the pack declared by `data` in `path` (a file of the
    folder meant for `home` packs). None after reporting its errors."""
    # pack.toml holds the identity only (other keys are errors); elsewhere the identity
    # keys sit among the item's own fields.
    raw = data if home is PackKind.CORE else {k: data[k] for k in _IDENTITY if k in data}
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
        where = _KIND_HOME[home]
        ctx.add(
            path,
            f"kind '{info.kind.value}' does not belong in {where} "
            f'(write kind = "{home.value}", or move it to {_KIND_HOME[info.kind]})',
            label,
            "kind",
        )
        return None
    return info


def _register(ctx: _Ctx, parts: _Parts, info: PackInfo, path: Path, label: str) -> bool:
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


def _load_manifest(ctx: _Ctx, parts: _Parts, path: Path) -> None:
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


def _load_cards(ctx: _Ctx, parts: _Parts, path: Path) -> None:
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
        other = display_path(parts.role_files[deck.role])
        ctx.add(path, f"a deck for this role is already defined in {other}", label, "role")
        return
    parts.roles[deck.role] = deck
    parts.role_files[deck.role] = path


def _load_scenario(ctx: _Ctx, parts: _Parts, path: Path, home: PackKind) -> None:
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

    body = {k: v for k, v in data.items() if k != "card" and k not in _IDENTITY_ONLY}
    body["cards"] = cards or [_PLACEHOLDER_CARD]
    scen = ctx.validate(Scenario, body, path, label)
    parts.checks.append(
        _ScenarioCheck(path, label, tuple(cards), scen.rewards if scen is not None else None)
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


def _load_packs(ctx: _Ctx, parts: _Parts, path: Path) -> None:
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
        body = {k: v for k, v in raw.items() if k not in _IDENTITY_ONLY}
        pack = ctx.validate(UpgradePack, body, path, label)
        if pack is None or info is None:
            parts.broken.add(f"pack:{pid}")
            continue
        if not _register(ctx, parts, info, path, label):
            continue
        parts.packs[pack.id] = pack


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
            other = display_path(parts.campaign_files[camp.id])
            ctx.add(path, f"duplicate campaign id (already defined in {other})", label, "id")
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


def _registry(attr: str) -> frozenset[str] | None:
    """Names in `rules.legends.named.<attr>`, or None when it does not exist."""
    try:
        if importlib.util.find_spec("rules.legends.named") is None:
            return None
        module = importlib.import_module("rules.legends.named")
    except ImportError:
        return None
    registry = getattr(module, attr, None)
    if registry is None:
        return None
    return frozenset(str(k) for k in registry)


def default_named_effects() -> frozenset[str] | None:
    """Names of `named` player-card effects: `rules.legends.named.NAMED_EFFECTS`, or None
    when that registry does not exist (then names are not checked)."""
    return _registry("NAMED_EFFECTS")


def default_named_scene_effects() -> frozenset[str] | None:
    """Names of `named` scene effects: `rules.legends.named.NAMED_SCENE_EFFECTS`, or None
    when that registry does not exist (then names are not checked)."""
    return _registry("NAMED_SCENE_EFFECTS")


def _cross_check(
    ctx: _Ctx,
    parts: _Parts,
    named: Collection[str] | None,
    named_scene: Collection[str] | None,
) -> None:
    broken = parts.broken

    def card_ok(cid: str) -> bool:
        return cid in parts.cards or f"card:{cid}" in broken

    def pack_ok(pid: str) -> bool:
        return pid in parts.packs or f"pack:{pid}" in broken

    def unknown_card(cid: str) -> str:
        return f"unknown card id '{cid}'{did_you_mean(cid, parts.cards)}"

    def unknown_pack(pid: str) -> str:
        kind = parts.kind_of(pid)
        if kind is not None:
            return f"'{pid}' is a {kind.value} pack, not an upgrade pack"
        return f"unknown upgrade pack '{pid}'{did_you_mean(pid, parts.packs)}"

    # Role decks: known cards, deck limit.
    for role, deck in parts.roles.items():
        path = parts.role_files[role]
        label = f"role deck '{role.value}'"
        for i, cid in enumerate(deck.cards):
            if not card_ok(cid):
                ctx.add(path, unknown_card(cid), label, f"cards[{i}]")
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
        path = parts.info_files[pid]
        for i, cid in enumerate(pack.cards):
            if not card_ok(cid):
                ctx.add(path, unknown_card(cid), parts.info_labels[pid], f"cards[{i}]")

    # Scenarios: rewards, scene effects, puzzles, memory keys.
    memory_set: set[str] = set()
    memory_used: list[tuple[Path, str, str, str]] = []
    for check in parts.checks:
        path, label = check.path, check.label
        if check.rewards is not None:
            for i, cid in enumerate(check.rewards.cards):
                if not card_ok(cid):
                    ctx.add(path, unknown_card(cid), label, f"rewards.cards[{i}]")
            for i, pid in enumerate(check.rewards.unlock_packs):
                if not pack_ok(pid):
                    ctx.add(path, unknown_pack(pid), label, f"rewards.unlock_packs[{i}]")
        for card in check.cards:
            clabel = f"{label} card #{card.order} '{card.name}'"
            if card.memory_key:
                memory_set.add(card.memory_key)
            if card.puzzle is not None:
                if card.puzzle.memory:
                    memory_set.add(card.puzzle.memory)
                if card.puzzle.unlock_pack and not pack_ok(card.puzzle.unlock_pack):
                    ctx.add(
                        path, unknown_pack(card.puzzle.unlock_pack), clabel, "puzzle.unlock_pack"
                    )
            for fpath, eff in _scene_card_effects(card):
                if isinstance(eff, AddCards):
                    for j, cid in enumerate(eff.cards):
                        if not card_ok(cid):
                            ctx.add(path, unknown_card(cid), clabel, f"{fpath}.cards[{j}]")
                elif isinstance(eff, UnlockPack):
                    if not pack_ok(eff.pack):
                        ctx.add(path, unknown_pack(eff.pack), clabel, f"{fpath}.pack")
                elif isinstance(eff, SetMemory):
                    memory_set.add(eff.key)
                elif isinstance(eff, IfMemory):
                    memory_used.append((path, clabel, f"{fpath}.key", eff.key))
                elif (
                    isinstance(eff, NamedScene)
                    and named_scene is not None
                    and eff.name not in named_scene
                ):
                    ctx.add(
                        path,
                        f"unknown named scene effect '{eff.name}'"
                        f"{did_you_mean(eff.name, named_scene)}"
                        " (registered in rules.legends.named.NAMED_SCENE_EFFECTS: "
                        f"{', '.join(sorted(named_scene)) or 'none'})",
                        clabel,
                        f"{fpath}.name",
                    )
    memory_set |= parts.memory_salvaged
    for path, clabel, fpath, key in memory_used:
        if key not in memory_set:
            ctx.add(
                path,
                f"memory '{key}' is never set by any card of the pack"
                f"{did_you_mean(key, memory_set)} "
                "(set_memory, a memory card's memory_key or a puzzle's memory)",
                clabel,
                fpath,
            )

    # Named player-card effects.
    if named is not None:
        for cid, pcard in parts.cards.items():
            for i, eff in enumerate(pcard.effects):
                if isinstance(eff, Named) and eff.name not in named:
                    ctx.add(
                        parts.card_files[cid],
                        f"unknown named effect '{eff.name}'{did_you_mean(eff.name, named)}"
                        " (registered in rules.legends.named.NAMED_EFFECTS: "
                        f"{', '.join(sorted(named)) or 'none'})",
                        f"card '{cid}'",
                        f"effects[{i}].name",
                    )

    _check_requires(ctx, parts)
    _check_campaigns(ctx, parts)


def _check_requires(ctx: _Ctx, parts: _Parts) -> None:
    """`requires` names loaded packs, not the pack itself, and forms no cycle."""
    kinds = ("core", "scenario", "trauma", "pack")
    # Without a valid pack.toml every `requires = ["<core id>"]` would be reported too.
    no_core = not parts.ids_of(PackKind.CORE)
    for pid, info in parts.infos.items():
        path, label = parts.info_files[pid], parts.info_labels[pid]
        for i, req in enumerate(info.requires):
            if req == pid:
                ctx.add(path, "a pack cannot require itself", label, f"requires[{i}]")
            elif (
                req not in parts.infos
                and not no_core
                and not any(f"{k}:{req}" in parts.broken for k in kinds)
            ):
                ctx.add(
                    path,
                    f"requires unknown pack '{req}'{did_you_mean(req, parts.infos)} "
                    "(a pack id: pack.toml, a scenario, a trauma pack or an upgrade pack)",
                    label,
                    f"requires[{i}]",
                )
    # Cycles: each reported once, on the first pack of the cycle met in load order.
    done: set[str] = set()
    for start in parts.infos:
        cycle = _find_cycle(parts.infos, start, [], done)
        if cycle is not None:
            first = cycle[0]
            done.update(cycle)
            ctx.add(
                parts.info_files[first],
                f"requires forms a cycle: {' -> '.join(cycle)}",
                parts.info_labels[first],
                f"requires[{parts.infos[first].requires.index(cycle[1])}]",
            )


def _find_cycle(
    infos: dict[str, PackInfo], pid: str, stack: list[str], done: set[str]
) -> list[str] | None:
    """A `requires` cycle reachable from `pid` (as [a, b, ..., a]), or None."""
    if pid in stack:
        return stack[stack.index(pid) :] + [pid]
    if pid in done or pid not in infos:
        return None
    stack.append(pid)
    for req in infos[pid].requires:
        if req != pid:
            found = _find_cycle(infos, req, stack, done)
            if found is not None:
                return found
    stack.pop()
    done.add(pid)
    return None


def _check_campaigns(ctx: _Ctx, parts: _Parts) -> None:
    """Campaign scenarios are packs of kind scenario, trauma packs of kind trauma."""
    broken = parts.broken
    scenarios = parts.ids_of(PackKind.SCENARIO)
    traumas = parts.ids_of(PackKind.TRAUMA)

    def declared(pid: str) -> str:
        return f'kind = "{parts.infos[pid].kind.value}" in {display_path(parts.info_files[pid])}'

    for cid, camp in parts.campaigns.items():
        path = parts.campaign_files[cid]
        label = f"campaign '{cid}'"
        for i, sid in enumerate(camp.scenarios):
            fld = f"scenarios[{i}]"
            kind = parts.kind_of(sid)
            if kind is PackKind.SCENARIO or f"scenario:{sid}" in broken:
                continue
            if kind is PackKind.TRAUMA or f"trauma:{sid}" in broken:
                where = f" ({declared(sid)})" if kind is not None else ""
                ctx.add(
                    path,
                    f"'{sid}' is a trauma pack{where}, not a scenario; list it in trauma_packs",
                    label,
                    fld,
                )
            elif kind is not None:
                ctx.add(path, f"'{sid}' is a {kind.value} pack, not a scenario", label, fld)
            else:
                ctx.add(path, f"unknown scenario '{sid}'{did_you_mean(sid, scenarios)}", label, fld)
        for i, sid in enumerate(camp.trauma_packs):
            fld = f"trauma_packs[{i}]"
            kind = parts.kind_of(sid)
            if kind is PackKind.TRAUMA or f"trauma:{sid}" in broken:
                continue
            if kind is PackKind.SCENARIO or f"scenario:{sid}" in broken:
                where = f" ({declared(sid)})" if kind is not None else ""
                ctx.add(
                    path,
                    f"'{sid}' is a scenario{where}, not a trauma pack "
                    '(trauma packs declare kind = "trauma" and live in trauma/)',
                    label,
                    fld,
                )
            elif kind is not None:
                ctx.add(
                    path,
                    f"'{sid}' is a {kind.value} pack ({declared(sid)}), not a trauma pack",
                    label,
                    fld,
                )
            else:
                ctx.add(
                    path, f"unknown trauma pack '{sid}'{did_you_mean(sid, traumas)}", label, fld
                )


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
    ctx = _Ctx(root)
    if not root.is_dir():
        ctx.add(root, "not a directory (a content pack is a directory of TOML files)")
        raise ContentError(ctx.issues)

    parts = _Parts()
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

    # TOML files outside the layout are almost always a typo in a folder name.
    for file in sorted(root.rglob("*.toml")):
        rel = file.relative_to(root)
        known = (len(rel.parts) == 2 and rel.parts[0] in _DIR_LOADERS) or (
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
                "trauma/, upgrades.toml, campaign.toml); file ignored",
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
    _cross_check(ctx, parts, named, named_scene)
    if ctx.issues:
        # Grouped by file; within a file, in the order found.
        raise ContentError(sorted(ctx.issues, key=lambda issue: issue.file))

    return ContentPack(
        cards=parts.cards,
        roles=parts.roles,
        scenarios=parts.scenarios,
        upgrade_packs=parts.packs,
        campaigns=parts.campaigns,
        packs=parts.infos,
    )


@lru_cache(maxsize=1)
def load_default_pack() -> ContentPack:
    """The bundled core pack, loaded once per process."""
    return load_pack(DEFAULT_PACK_DIR)
