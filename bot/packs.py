"""`BOT_CONTENT_PACK` routed to the games: each directory given replaces the bundled
content of the game its pack.toml names (docs/operations.md)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot import games
from bot.config import SettingsError


def packs_by_game(paths: Sequence[Path]) -> dict[str, list[Path]]:
    """The pack directories under `paths`, by game; SettingsError naming the setting if
    one cannot be routed (an unknown game, an unreadable manifest)."""
    from content.packs import find_packs

    out: dict[str, list[Path]] = {}
    for path in paths:
        found = find_packs(path, list(games.GAMES), games.DEFAULT_GAME)
        if found.issues:
            raise SettingsError("\n".join(f"BOT_CONTENT_PACK: {issue}" for issue in found.issues))
        for game, dirs in found.by_game.items():
            out.setdefault(game, []).extend(dirs)
    return out


def content_for(game: str, paths: Sequence[Path]) -> Any:
    """The content the bot plays `game` with: the packs of `paths` that are this game's,
    else its bundled content. Raises ContentError if they fail to load."""
    mine = packs_by_game(paths).get(game)
    return games.plugin(game).load_content(mine)
