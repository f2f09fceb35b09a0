"""Cyberpunk TCG as a plug-in of the house (listed in `bot/games.py`)."""

from __future__ import annotations

from bot.plugin import GamePlugin


class TcgPlugin(GamePlugin):
    name = "tcg"
    title = "Cyberpunk TCG"
    discord_extension = "cogs.tcg.extension"
    content_package = "content.tcg"
    adapter_class = "cogs.tcg.adapter:TcgAdapter"


PLUGIN = TcgPlugin()
