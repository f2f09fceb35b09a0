"""Cyberpunk Legends as a plug-in of the house (listed in `bot/games.py`)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.plugin import GamePlugin


class LegendsPlugin(GamePlugin):
    name = "legends"
    title = "Cyberpunk Legends"
    # A module, not the package: discord.py drops an unloaded extension's modules and
    # everything below it from sys.modules, and a bot restarted in the same process
    # would re-import all of cogs.legends.
    discord_extension = "cogs.legends.extension"
    content_package = "content.legends"
    adapter_class = "cogs.legends.adapter:LegendsAdapter"

    def play(self, argv: Sequence[str]) -> int:
        from cogs.legends.terminal.play import main

        return main(argv)

    def simulate(self, argv: Sequence[str]) -> int:
        from cogs.legends.terminal.simulate import main

        return main(argv)


PLUGIN = LegendsPlugin()
