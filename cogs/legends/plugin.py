"""Cyberpunk Legends as a plug-in of the house (listed in `bot/games.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.plugin import GamePlugin

if TYPE_CHECKING:
    from bot.service.game import GameAdapter


class LegendsPlugin(GamePlugin):
    name = "legends"
    title = "Cyberpunk Legends"
    discord_extension = "cogs.legends.extension"

    def load_content(self, paths: Sequence[Path] | None = None) -> Any:
        from content.legends.loader import load_default_pack, load_pack

        if not paths:
            return load_default_pack()
        if len(paths) > 1:
            from content.common import ContentError, ContentIssue, display_path

            # A Legends pack directory already holds its scenario, trauma and upgrade
            # packs; two core packs side by side cannot be merged.
            raise ContentError(
                [
                    ContentIssue(
                        file=display_path(p),
                        message="a second Cyberpunk Legends core pack here; validate "
                        "or load one core pack directory at a time",
                    )
                    for p in paths[1:]
                ]
            )
        return load_pack(paths[0])

    def bundled_label(self) -> str:
        from content.common import display_path
        from content.legends.loader import DEFAULT_PACK_DIR

        return display_path(DEFAULT_PACK_DIR)

    def summarize(self, content: Any, label: str) -> str:
        from content.legends.info import summarize

        return summarize(content, label)

    def pack_rows(self, content: Any) -> list[tuple[str, str, str, str, str, str]]:
        from content.legends.info import pack_rows

        return pack_rows(content)

    def show_card(self, content: Any, query: str) -> list[str] | None:
        from content.legends.info import show_card

        return show_card(content, query)

    def card_names(self, content: Any) -> list[str]:
        from content.legends.info import card_names

        return card_names(content)

    def adapter(self, content: Any | None = None) -> GameAdapter[Any, Any]:
        from cogs.legends.adapter import LegendsAdapter

        return LegendsAdapter(content)

    def play(self, argv: Sequence[str]) -> int:
        from cogs.legends.terminal.play import main

        return main(argv)

    def simulate(self, argv: Sequence[str]) -> int:
        from cogs.legends.terminal.simulate import main

        return main(argv)


PLUGIN = LegendsPlugin()
