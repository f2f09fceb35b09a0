"""The plug-in contract: everything the house needs to know about one game.

The house (storage, the game service, the Discord runtime, the CLI, the content tools)
never names a game. Each game is `rules/<game>` (the pure engine), `content/<game>` (its
loader and bundled packs), `cogs/<game>` (its front ends: the Discord extension, the
terminal table, the simulator and this plug-in object) and one line in `bot/games.py`.

A plug-in module is imported for every CLI call that needs the registry, so keep its top
level cheap: import the engine, the content and discord.py inside the methods.
See docs/architecture.md for how to add a game.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.service.game import GameAdapter


class GamePlugin(ABC):
    """One game of the house. Subclass it in `cogs/<game>/plugin.py` and list the module
    in `bot/games.py`."""

    #: The game's key: stored in every campaign row (`campaigns.game`), written in button
    #: custom ids, pack manifests (`game = "…"`) and `--game`. Lower case, never renamed.
    name: str
    #: What players call it ("Cyberpunk Legends").
    title: str
    #: The discord.py extension (a module with `async def setup(bot)`), or None if the game
    #: has no Discord front end yet.
    discord_extension: str | None = None

    # ---- content -------------------------------------------------------------------

    @abstractmethod
    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        """The game's content: the bundled packs when `paths` is None, else the pack
        directories given (all of this game). Raises `content.common.ContentError`
        listing every problem (file, item, field)."""

    def bundled_label(self) -> str:
        """How messages name the bundled content (its folder)."""
        return "bundled"

    def summarize(self, content: Any, label: str) -> str:
        """One line for `python -m content validate` after a clean load."""
        return f"OK {label}"

    def pack_rows(self, content: Any) -> list[tuple[str, str, str, str, str, str]]:
        """(id, kind, version, cards, name, requires) per pack, for `content list`."""
        return []

    def show_card(self, content: Any, query: str) -> list[str] | None:
        """A card as players see it, for `content show`; None if no card matches."""
        return None

    def card_names(self, content: Any) -> list[str]:
        """Every card id and printed name (for "did you mean" in `content show`)."""
        return []

    # ---- the game service ---------------------------------------------------------

    @abstractmethod
    def adapter(self, content: Any | None = None) -> GameAdapter[Any, Any]:
        """The game's `GameAdapter` over `content` (the bundled content when None)."""

    # ---- terminal front ends ------------------------------------------------------

    def play(self, argv: Sequence[str]) -> int:
        """`python -m bot play --game NAME ARGS…`: a table in the terminal."""
        print(f"error: {self.title} has no terminal table yet.", file=sys.stderr)
        return 2

    def simulate(self, argv: Sequence[str]) -> int:
        """`python -m bot simulate --game NAME ARGS…`: AI playouts."""
        print(f"error: {self.title} has no simulator yet.", file=sys.stderr)
        return 2
