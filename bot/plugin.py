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

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.i18n import from_environment, t

if TYPE_CHECKING:
    from bot.service.contract import GameAdapter


class GamePlugin:
    """One game of the house. Subclass it in `cogs/<game>/plugin.py` and list the module
    in `bot/games.py`.

    Most games need only the class attributes: `content_package` names the package
    holding `loader` (`load_pack(path)`, `load_default_pack()`, `DEFAULT_PACK_DIR`) and
    `info` (`summarize`, `pack_rows`, `show_card`, `card_names`), and `adapter_class` the
    `GameAdapter`. Override a method where a game differs.
    """

    #: The game's key: stored in every campaign row (`campaigns.game`), written in button
    #: custom ids, pack manifests (`game = "…"`) and `--game`. Lower case, never renamed.
    name: str
    #: What players call it ("Cyberpunk Legends").
    title: str
    #: The discord.py extension (a module with `async def setup(bot)`), or None if the game
    #: has no Discord front end yet.
    discord_extension: str | None = None
    #: The game's content package (`content.<game>`), see above.
    content_package: str
    #: The game's adapter, as "module:Class"; it takes the content (None: bundled).
    adapter_class: str

    def _content_module(self, part: str) -> Any:
        return importlib.import_module(f"{self.content_package}.{part}")

    # ---- content -------------------------------------------------------------------

    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        """The game's content: the bundled packs when `paths` is None or empty, else the
        pack directory given. Raises `content.common.ContentError` listing every problem
        (file, item, field)."""
        loader = self._content_module("loader")
        if not paths:
            return loader.load_default_pack()
        if len(paths) > 1:
            from content.common import ContentError, ContentIssue, display_path

            # A game's pack directory holds all its content; two cannot be merged.
            raise ContentError(
                [
                    ContentIssue(
                        file=display_path(p),
                        message=f"a second {self.title} pack here; validate or load one "
                        f"{self.title} pack directory at a time",
                    )
                    for p in paths[1:]
                ]
            )
        return loader.load_pack(paths[0])

    def bundled_label(self) -> str:
        """How messages name the bundled content (its folder)."""
        from content.common import display_path

        return display_path(self._content_module("loader").DEFAULT_PACK_DIR)

    def summarize(self, content: Any, label: str) -> str:
        """One line for `python -m content validate` after a clean load."""
        return str(self._content_module("info").summarize(content, label))

    def pack_rows(self, content: Any) -> list[tuple[str, str, str, str, str, str]]:
        """(id, kind, version, cards, name, requires) per pack, for `content list`."""
        return list(self._content_module("info").pack_rows(content))

    def show_card(self, content: Any, query: str) -> list[str] | None:
        """A card as players see it, for `content show`; None if no card matches."""
        lines = self._content_module("info").show_card(content, query)
        return None if lines is None else list(lines)

    def card_names(self, content: Any) -> list[str]:
        """Every card id and printed name (for "did you mean" in `content show`)."""
        return list(self._content_module("info").card_names(content))

    # ---- the game service ---------------------------------------------------------

    def adapter(self, content: Any | None = None) -> GameAdapter[Any, Any]:
        """The game's `GameAdapter` over `content` (the bundled content when None)."""
        module, _, cls = self.adapter_class.partition(":")
        made: GameAdapter[Any, Any] = getattr(importlib.import_module(module), cls)(content)
        return made

    # ---- terminal front ends ------------------------------------------------------

    def play(self, argv: Sequence[str]) -> int:
        """`python -m bot play --game NAME ARGS…`: a table in the terminal."""
        self._refuse(
            t(
                from_environment(),
                "{game} has no terminal table yet.\nPlay it on Discord, or name another game "
                "with --game.",
                game=self.title,
            )
        )
        return 2

    def simulate(self, argv: Sequence[str]) -> int:
        """`python -m bot simulate --game NAME ARGS…`: AI playouts."""
        self._refuse(
            t(
                from_environment(),
                "{game} has no simulator yet.\nName another game with --game.",
                game=self.title,
            )
        )
        return 2

    @staticmethod
    def _refuse(message: str) -> None:
        print(t(from_environment(), "error: {message}", message=message), file=sys.stderr)
