"""The Cyberpunk Legends discord.py extension (`bot.load_extension` of the plug-in's
`discord_extension`).

A module of its own rather than the package's `__init__`: unloading an extension
(discord.py does it for every extension when a bot closes) drops the extension's module
and every module below it from `sys.modules`, so a package extension would re-import all
of `cogs.legends` at each restart of a bot in the same process.
"""

from __future__ import annotations

from discord.ext import commands

from cogs.common.house import house_of
from cogs.legends.commands import LegendsCog
from cogs.legends.plugin import PLUGIN
from cogs.legends.runtime import LegendsRuntime
from cogs.legends.tabletalk import TableTalkCog


async def setup(bot: commands.Bot) -> None:
    house = house_of(bot)
    if house is None or house.sync_only:  # `python -m bot sync`: the commands only
        await bot.add_cog(LegendsCog(bot, None))
        return
    service, content, prefs = house.open_game(PLUGIN)
    runtime = LegendsRuntime(bot, service, content, prefs)
    await house.add(runtime)
    await bot.add_cog(LegendsCog(bot, runtime))
    await bot.add_cog(TableTalkCog(bot, runtime))
