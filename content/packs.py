"""Which packs a path holds, and for which game.

A pack directory is one with a `pack.toml`; its `game` key names the game of the house it
belongs to (packs written before there were several games omit it: they are
`DEFAULT_GAME`'s). A path is either one pack directory, or a folder holding pack
directories at any depth (a pack's own subfolders are its own, never searched for more).
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from content.common.errors import ContentIssue, display_path
from rules.core.text import did_you_mean

MANIFEST = "pack.toml"


@dataclass
class Found:
    """Pack directories by game, and problems that kept a directory from being routed."""

    by_game: dict[str, list[Path]] = field(default_factory=dict)
    issues: list[ContentIssue] = field(default_factory=list)


def _game_of(manifest: Path, default: str) -> str | ContentIssue:
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        # The game's own loader reports the syntax error with its line: route it there.
        return default
    game = data.get("game", default)
    if not isinstance(game, str):
        return ContentIssue(display_path(manifest), "game must be a string", field="game")
    return game


def find_packs(path: Path, games: Collection[str], default: str) -> Found:
    """Every pack directory at or under `path`, grouped by game (in `games` order)."""
    found = Found()
    if not path.is_dir():
        found.issues.append(
            ContentIssue(
                display_path(path),
                "not a directory (a content pack is a directory of TOML files)",
            )
        )
        return found
    roots = (
        [path] if (path / MANIFEST).is_file() else sorted(m.parent for m in path.rglob(MANIFEST))
    )
    # A pack's subfolders belong to it: drop manifests nested inside another pack.
    packs = [r for r in roots if not any(o != r and o in r.parents for o in roots)]
    if not packs:
        # No manifest anywhere: let the default game's loader say what is missing (it
        # knows its own layout).
        found.by_game[default] = [path]
        return found
    for pack in packs:
        game = _game_of(pack / MANIFEST, default)
        if isinstance(game, ContentIssue):
            found.issues.append(game)
            continue
        if game not in games:
            found.issues.append(
                ContentIssue(
                    display_path(pack / MANIFEST),
                    f"unknown game '{game}'{did_you_mean(game, games)}; this build holds: "
                    + ", ".join(games),
                    field="game",
                )
            )
            continue
        found.by_game.setdefault(game, []).append(pack)
    found.by_game = {g: found.by_game[g] for g in games if g in found.by_game}
    return found
