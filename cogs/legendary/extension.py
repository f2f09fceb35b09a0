"""The Legendary 2099 discord.py extension (the plug-in's `discord_extension`): a module
of its own, like Legends', so unloading it does not drop all of `cogs.legendary`."""

from __future__ import annotations

from discord.ext import commands

from cogs.common.house import house_of
from cogs.legendary.commands import LegendaryCog
from cogs.legendary.plugin import PLUGIN
from cogs.legendary.runtime import LegendaryRuntime


async def setup(bot: commands.Bot) -> None:
    house = house_of(bot)
    if house is None or house.sync_only:
        await bot.add_cog(LegendaryCog(bot, None))
        return
    service, content, prefs = house.open_game(PLUGIN)
    runtime = LegendaryRuntime(bot, service, content, prefs)
    await house.add(runtime)
    await bot.add_cog(LegendaryCog(bot, runtime))
