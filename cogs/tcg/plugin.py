"""Cyberpunk TCG as a plug-in of the house (listed in `bot/games.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.plugin import GamePlugin


class TcgPlugin(GamePlugin):
    name = "tcg"
    title = "Cyberpunk TCG"
    discord_extension = "cogs.tcg.extension"
    content_package = "content.tcg"
    adapter_class = "cogs.tcg.adapter:TcgAdapter"

    def play(self, argv: Sequence[str]) -> int:
        from cogs.tcg.terminal.play import main

        return main(argv)

    def simulate(self, argv: Sequence[str]) -> int:
        from cogs.tcg.terminal.simulate import main

        return main(argv)


PLUGIN = TcgPlugin()
