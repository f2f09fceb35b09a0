"""Checks across the files of a Cyberpunk Legends pack: references between cards, decks,
scenarios, packs and campaigns, deck limits, `requires`, named effects."""

from __future__ import annotations

import importlib
import importlib.util
from collections import Counter
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path
from typing import Any

from content.common import Collector, display_path
from content.legends.parts import Parts
from rules.core.text import did_you_mean
from rules.legends.cards import (
    DECK_LIMIT,
    PackInfo,
    PackKind,
    ScenarioCard,
)
from rules.legends.effects import AddCards, IfMemory, Named, NamedScene, SetMemory, UnlockPack

# Deck limit (R15): the rules' own constant, under the name the loader has always used.
MAX_COPIES = DECK_LIMIT

# ---- cross-checks ---------------------------------------------------------------------


def _walk_scene_effects(effects: Iterable[Any], prefix: str) -> Iterator[tuple[str, Any]]:
    """Every scene effect with its field path, descending into if_memory branches."""
    for i, eff in enumerate(effects):
        here = f"{prefix}[{i}]"
        yield here, eff
        if isinstance(eff, IfMemory):
            yield from _walk_scene_effects(eff.then, f"{here}.then")
            yield from _walk_scene_effects(eff.otherwise, f"{here}.else")


def scene_card_effects(card: ScenarioCard) -> Iterator[tuple[str, Any]]:
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


def cross_check(
    ctx: Collector,
    parts: Parts,
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
            for fpath, eff in scene_card_effects(card):
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

    check_requires(ctx, parts)
    check_campaigns(ctx, parts)


def check_requires(ctx: Collector, parts: Parts) -> None:
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


def check_campaigns(ctx: Collector, parts: Parts) -> None:
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
