"""Legendary 2099 as a plug-in of the house (listed in `bot/games.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.plugin import GamePlugin


class LegendaryPlugin(GamePlugin):
    name = "legendary"
    title = "Legendary 2099"
    discord_extension = "cogs.legendary.extension"
    content_package = "content.legendary"
    adapter_class = "cogs.legendary.adapter:LegendaryAdapter"

    def play(self, argv: Sequence[str]) -> int:
        from cogs.legendary.terminal.play import main

        return main(argv)

    def simulate(self, argv: Sequence[str]) -> int:
        from cogs.legendary.terminal.simulate import main

        return main(argv)


PLUGIN = LegendaryPlugin()
