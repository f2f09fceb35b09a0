"""Cyberpunk TCG as a plug-in of the house (listed in `bot/games.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.service.game import GameAdapter


class TcgPlugin(GamePlugin):
    name = "tcg"
    title = "Cyberpunk TCG"
    discord_extension = None  # the /tcg commands arrive with the Discord front end

    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        from content.tcg.loader import load_default_pack, load_pack

        if not paths:
            return load_default_pack()
        if len(paths) > 1:
            from content.common import ContentError, ContentIssue, display_path

            raise ContentError(
                [
                    ContentIssue(
                        file=display_path(p),
                        message="a second Cyberpunk TCG pack here; load one TCG pack "
                        "directory at a time",
                    )
                    for p in paths[1:]
                ]
            )
        return load_pack(paths[0])

    def bundled_label(self) -> str:
        from content.common import display_path
        from content.tcg.loader import DEFAULT_PACK_DIR

        return display_path(DEFAULT_PACK_DIR)

    def summarize(self, content: Any, label: str) -> str:
        from content.tcg.info import summarize

        return summarize(content, label)

    def pack_rows(self, content: Any) -> list[tuple[str, str, str, str, str, str]]:
        from content.tcg.info import pack_rows

        return pack_rows(content)

    def show_card(self, content: Any, query: str) -> list[str] | None:
        from content.tcg.info import show_card

        return show_card(content, query)

    def card_names(self, content: Any) -> list[str]:
        from content.tcg.info import card_names

        return card_names(content)

    def adapter(self, content: Any | None = None) -> GameAdapter[Any, Any]:
        from cogs.tcg.adapter import TcgAdapter

        return TcgAdapter(content)

    def play(self, argv: Sequence[str]) -> int:
        from cogs.tcg.terminal.play import main

        return main(argv)

    def simulate(self, argv: Sequence[str]) -> int:
        from cogs.tcg.terminal.simulate import main

        return main(argv)


PLUGIN = TcgPlugin()
