"""`BOT_CONTENT_PACK` routed to the games: each path is a pack directory (or a folder of
packs) and replaces the bundled content of the game its pack.toml names
(docs/operations.md). Checked before the bot connects."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot import games
from bot.config import SettingsError


class ContentSettingError(SettingsError):
    """BOT_CONTENT_PACK names something that is not a pack of a game of this build."""


def packs_by_game(paths: Sequence[Path]) -> dict[str, list[Path]]:
    """The pack directories under `paths`, by game. ContentSettingError, one line per
    problem naming the setting, for a path that holds no pack of a game of this build."""
    from content.packs import find_packs

    out: dict[str, list[Path]] = {}
    problems: list[str] = []
    for path in paths:
        found = find_packs(path, list(games.GAMES), games.DEFAULT_GAME)
        for issue in found.issues:
            where = issue.file + (f" ({issue.field})" if issue.field else "")
            problems.append(f"BOT_CONTENT_PACK: {where}: {issue.message}")
        for game, dirs in found.by_game.items():
            out.setdefault(game, []).extend(dirs)
    if problems:
        raise ContentSettingError("\n".join(problems))
    unknown = [g for g in out if games.available(g) is None]
    if unknown:
        raise ContentSettingError(
            f"BOT_CONTENT_PACK: packs of {', '.join(unknown)}, which this build cannot run"
        )
    return out


def load_contents(paths: Sequence[Path]) -> dict[str, Any]:
    """Every game's content: the packs of `paths` that are its own, else its bundled
    packs. A game whose plug-in fails to import is left out (its campaigns are kept).
    Raises ContentSettingError, or a game's ContentError listing every problem."""
    mine = packs_by_game(paths)
    return {p.name: p.load_content(mine.get(p.name) or None) for p in games.plugins()}
