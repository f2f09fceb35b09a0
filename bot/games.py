"""The registry: the games this build holds. Adding a game is one line here.

Each value is the module of the game's plug-in, which defines `PLUGIN`, an instance of
`bot.plugin.GamePlugin`. Modules are imported on first use, so a game whose code fails to
import does not stop the others (its campaigns are kept, never opened).
"""

from __future__ import annotations

import importlib
import logging
from functools import cache

from bot.plugin import GamePlugin

log = logging.getLogger("bot.games")

#: name → plug-in module. The first one is the default of `--game`.
GAMES: dict[str, str] = {
    "legends": "cogs.legends.plugin",
    "tcg": "cogs.tcg.plugin",
    "legendary": "cogs.legendary.plugin",
}

DEFAULT_GAME = next(iter(GAMES))


class UnknownGameError(LookupError):
    def __init__(self, name: str) -> None:
        self.name = name
        known = ", ".join(GAMES)
        super().__init__(f"unknown game {name!r}; this build holds: {known}")


def _load(name: str) -> GamePlugin:
    return _imported(GAMES[name], name)


@cache
def _imported(module_name: str, name: str) -> GamePlugin:
    # Cached by module as well as name: a test may map a name to another module.
    plugin = importlib.import_module(module_name).PLUGIN
    if not isinstance(plugin, GamePlugin) or plugin.name != name:
        raise TypeError(f"{module_name}.PLUGIN is not the GamePlugin for {name!r}")
    return plugin


def plugin(name: str) -> GamePlugin:
    """The plug-in for `name`; UnknownGameError if the registry has no such game."""
    if name not in GAMES:
        raise UnknownGameError(name)
    return _load(name)


def available(name: str) -> GamePlugin | None:
    """The plug-in for `name` if this build has it and it imports, else None (logged)."""
    if name not in GAMES:
        return None
    try:
        return _load(name)
    except Exception as exc:  # a broken game must not take the house down
        log.warning("the %s game is unavailable: %s", name, type(exc).__name__)
        return None


def plugins() -> list[GamePlugin]:
    """Every game that imports, in registry order."""
    return [p for name in GAMES if (p := available(name)) is not None]
