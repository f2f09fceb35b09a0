"""The Cyberpunk TCG discord.py extension (`discord_extension` of the plug-in): its
runtime in the house and the `/tcg` commands. A module of its own, for the reason given
in cogs/legends/extension.py (unloading drops the package's modules)."""

from __future__ import annotations

from discord.ext import commands

from cogs.common.house import house_of
from cogs.tcg.commands import TcgCog
from cogs.tcg.plugin import PLUGIN
from cogs.tcg.runtime import TcgRuntime


async def setup(bot: commands.Bot) -> None:
    house = house_of(bot)
    if house is None or house.sync_only:  # `python -m bot sync`: the commands only
        await bot.add_cog(TcgCog(bot, None))
        return
    service, content, prefs = house.open_game(PLUGIN)
    runtime = TcgRuntime(bot, service, content, prefs)
    await house.add(runtime)
    await bot.add_cog(TcgCog(bot, runtime))
