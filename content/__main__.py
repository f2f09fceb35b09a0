"""Command line: `python -m content validate|list|show`.

- `validate [PATH]`: prints every problem of the pack, one per line, and exits 1; or
  prints a short summary and exits 0.
- `list [PATH]`: one line per pack (core, scenarios, trauma packs, upgrade packs): id,
  kind, version, card count, name and what it requires.
- `show CARD_ID [PATH]`: a player card as players see it, and where it comes from.

PATH defaults to the bundled core pack. Errors never show a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

USAGE = """\
usage: python -m content validate [PATH]
       python -m content list [PATH]
       python -m content show CARD_ID [PATH]

Work with a Cyberpunk Legends content pack (a directory of TOML files).
PATH defaults to the bundled core pack (content/legends/).

  validate   print every error, one per line, and exit 1; otherwise a summary, exit 0
  list       the packs: id, kind, version, card count, name, requires
  show       a player card as players see it (by id or printed name)

See docs/content.md for the pack layout."""


def summarize(pack: object, path: str) -> str:
    from rules.legends.cards import ContentPack, PackKind, ScenarioKind

    assert isinstance(pack, ContentPack)
    trauma = pack.trauma_pack_ids()
    scenarios = pack.packs_of(PackKind.SCENARIO)
    obstacles = sum(
        1 for s in pack.scenarios.values() for c in s.cards if c.kind is ScenarioKind.OBSTACLE
    )
    sealed = sum(1 for p in pack.upgrade_packs.values() if p.sealed)
    counts = ", ".join(
        _count(n, what)
        for n, what in (
            (len(pack.cards), "card"),
            (len(pack.roles), "role deck"),
            (len(scenarios), "scenario"),
            (len(trauma), "trauma pack"),
            (obstacles, "obstacle"),
            (len(pack.upgrade_packs), "upgrade pack"),
        )
    )
    return f"OK {path}: {counts} ({sealed} sealed), {_count(len(pack.campaigns), 'campaign')}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def _load(path: str | None) -> object | None:
    """The pack at `path`, or None after printing why it cannot be loaded."""
    from content.loader import DEFAULT_PACK_DIR, ContentError, display_path, load_pack

    target = Path(path) if path else DEFAULT_PACK_DIR
    try:
        return load_pack(target)
    except ContentError as exc:
        for issue in exc.errors:
            print(issue)
        n = len(exc.errors)
        print(f"{n} error{'s' if n != 1 else ''}", file=sys.stderr)
    except Exception as exc:  # never a traceback from the CLI
        print(f"{display_path(target)}: unexpected error: {type(exc).__name__}: {exc}")
    return None


def validate(path: str | None) -> int:
    from content.loader import DEFAULT_PACK_DIR, display_path

    pack = _load(path)
    if pack is None:
        return 1
    print(summarize(pack, display_path(Path(path) if path else DEFAULT_PACK_DIR)))
    return 0


def pack_rows(pack: object) -> list[tuple[str, str, str, str, str, str]]:
    """(id, kind, version, cards, name, requires) for every pack, in load order."""
    from rules.legends.cards import ContentPack, PackKind, ScenarioKind

    assert isinstance(pack, ContentPack)
    rows = []
    for info in pack.packs.values():
        if info.kind is PackKind.CORE:
            cards = _count(len(pack.cards), "card")
            cards += f", {_count(len(pack.roles), 'role deck')}"
            cards += f", {_count(len(pack.campaigns), 'campaign')}"
        elif info.kind is PackKind.UPGRADE:
            upgrade = pack.upgrade_packs[info.id]
            cards = _count(len(upgrade.cards), "card") + (", sealed" if upgrade.sealed else "")
        else:
            scen = pack.scenarios[info.id]
            obstacles = sum(1 for c in scen.cards if c.kind is ScenarioKind.OBSTACLE)
            cards = f"{_count(len(scen.cards), 'card')} ({_count(obstacles, 'obstacle')})"
        requires = ", ".join(info.requires) or "-"
        rows.append((info.id, info.kind.value, info.version, cards, info.name, requires))
    return rows


def list_packs(path: str | None) -> int:
    pack = _load(path)
    if pack is None:
        return 1
    header = ("id", "kind", "version", "cards", "name", "requires")
    rows = [header, *pack_rows(pack)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header) - 1)]
    for row in rows:
        cells = [cell.ljust(w) for cell, w in zip(row, widths, strict=False)]
        print("  ".join([*cells, row[-1]]).rstrip())
    return 0


def render_card(pack: object, card_id: str) -> list[str]:
    """A player card as players see it: name, ranks and suits, rules text, flavour, cost,
    then where it comes from (starter decks, upgrade packs, rewards)."""
    from content.loader import _scene_card_effects
    from rules.legends.cards import ContentPack
    from rules.legends.effects import AddCards
    from rules.legends.view import card_view

    assert isinstance(pack, ContentPack)
    card = pack.cards[card_id]
    lines = [card_view(card.id, card).label]
    if card.text:
        lines.append(f"  {card.text}")
    if card.flavor:
        lines.append(f"  “{card.flavor}”")
    lines.append(f"  Cost: {card.cost} Eddie{'' if card.cost == 1 else 's'}")
    sources = []
    for role, deck in pack.roles.items():
        if card_id in deck.cards:
            sources.append(f"{role.value.title()} starter deck (x{deck.cards.count(card_id)})")
    for upgrade in pack.upgrade_packs.values():
        if card_id in upgrade.cards:
            sealed = ", sealed" if upgrade.sealed else ""
            sources.append(f"upgrade pack {upgrade.name} ({upgrade.id}{sealed})")
    for scen in pack.scenarios.values():
        given = card_id in scen.rewards.cards or any(
            isinstance(e, AddCards) and card_id in e.cards
            for c in scen.cards
            for _, e in _scene_card_effects(c)
        )
        if given:
            sources.append(f"given in {scen.name} ({scen.id})")
    lines.append(f"  From: {'; '.join(sources) if sources else 'nowhere (unused card)'}")
    lines.append(f"  id: {card.id}")
    return lines


def show(card: str, path: str | None) -> int:
    from rules.legends.cards import ContentPack, did_you_mean

    pack = _load(path)
    if pack is None:
        return 1
    assert isinstance(pack, ContentPack)
    card_id = card
    if card_id not in pack.cards:
        by_name = [c.id for c in pack.cards.values() if c.name.lower() == card.strip().lower()]
        if len(by_name) != 1:
            names = [*pack.cards, *(c.name for c in pack.cards.values())]
            print(f"unknown card '{card}'{did_you_mean(card, names)}", file=sys.stderr)
            return 1
        card_id = by_name[0]
    print("\n".join(render_card(pack, card_id)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print(USAGE)
        return 2
    if args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if args[0] == "validate" and len(args) <= 2:
        return validate(args[1] if len(args) == 2 else None)
    if args[0] == "list" and len(args) <= 2:
        return list_packs(args[1] if len(args) == 2 else None)
    if args[0] == "show" and len(args) in (2, 3):
        return show(args[1], args[2] if len(args) == 3 else None)
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
