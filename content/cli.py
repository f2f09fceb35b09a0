"""Command line: `python -m content validate|list|show`, for packs of every game.

- `validate [PATH]`: every problem of every pack PATH holds, one per line, and exit 1; or
  a short summary per game and exit 0.
- `list [PATH]`: one line per pack: id, kind, version, card count, name, requires.
- `show CARD [PATH]`: a card as players see it, and where it comes from.

PATH is one pack directory (with a pack.toml) or a folder of packs of any game; without
it, the bundled packs of every game. Errors never show a traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import games
from bot.plugin import GamePlugin
from content.common.errors import ContentError, ContentIssue, display_path
from content.packs import find_packs
from rules.core.text import count, did_you_mean

USAGE = """\
usage: python -m content validate [PATH]
       python -m content list [PATH]
       python -m content show CARD [PATH]

Work with content packs (directories of TOML files) of any game Fixer holds.
PATH is one pack directory or a folder of packs; default: the bundled packs.

  validate   print every error, one per line, and exit 1; otherwise a summary, exit 0
  list       the packs: id, kind, version, card count, name, requires
  show       a card as players see it (by id or printed name)

See docs/content.md for the pack layout."""


@dataclass
class Loaded:
    plugin: GamePlugin
    content: Any
    label: str


def _print_issues(issues: Sequence[ContentIssue]) -> None:
    for issue in issues:
        print(issue)


def load_all(path: str | None) -> list[Loaded] | None:
    """The content of every game PATH holds (the bundled content of every game when
    PATH is None), or None after printing every problem."""
    plugins = {p.name: p for p in games.plugins()}
    out: list[Loaded] = []
    issues: list[ContentIssue] = []
    if path is None:
        groups: dict[str, list[Path] | None] = dict.fromkeys(plugins)
        labels = {name: p.bundled_label() for name, p in plugins.items()}
    else:
        root = Path(path)
        found = find_packs(root, list(plugins), games.DEFAULT_GAME)
        issues.extend(found.issues)
        groups = dict(found.by_game)
        labels = {
            name: ", ".join(display_path(p) for p in dirs) for name, dirs in found.by_game.items()
        }
    for name, dirs in groups.items():
        plugin = plugins[name]
        try:
            content = plugin.load_content(dirs)
        except ContentError as exc:
            issues.extend(exc.errors)
            continue
        except Exception as exc:  # never a traceback from the CLI
            where = labels[name]
            issues.append(ContentIssue(where, f"unexpected error: {type(exc).__name__}: {exc}"))
            continue
        out.append(Loaded(plugin, content, labels[name]))
    if issues:
        _print_issues(issues)
        n = len(issues)
        print(count(n, "error"), file=sys.stderr)
        return None
    return out


def validate(path: str | None) -> int:
    loaded = load_all(path)
    if loaded is None:
        return 1
    for item in loaded:
        print(item.plugin.summarize(item.content, item.label))
    return 0


def list_packs(path: str | None) -> int:
    loaded = load_all(path)
    if loaded is None:
        return 1
    several = len(loaded) > 1
    header = ("id", "kind", "version", "cards", "name", "requires")
    rows: list[tuple[str, ...]] = [(("game",) if several else ()) + header]
    for item in loaded:
        for row in item.plugin.pack_rows(item.content):
            rows.append(((item.plugin.name,) if several else ()) + row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        cells = [cell.ljust(w) for cell, w in zip(r, widths, strict=False)]
        print("  ".join([*cells, r[-1]]).rstrip())
    return 0


def show(card: str, path: str | None) -> int:
    loaded = load_all(path)
    if loaded is None:
        return 1
    names: list[str] = []
    for item in loaded:
        lines = item.plugin.show_card(item.content, card)
        if lines is not None:
            print("\n".join(lines))
            return 0
        names.extend(item.plugin.card_names(item.content))
    print(f"unknown card '{card}'{did_you_mean(card, names)}", file=sys.stderr)
    return 1


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
