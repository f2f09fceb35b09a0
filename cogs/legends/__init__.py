"""Cyberpunk Legends on Discord: the `/legends` commands, buttons, the table-talk
listener and the runtime that publishes boards, DMs hands and runs timers.

Light on purpose: `bot.games` imports `cogs.legends.plugin` (and so this package) for
every CLI call, so nothing heavy is imported here. The plug-in's `discord_extension` is
`cogs.legends.extension` (its docstring says why a module of its own); `setup` here
makes `bot.load_extension("cogs.legends")` work too.
"""

from __future__ import annotations

from typing import Any


async def setup(bot: Any) -> None:
    from cogs.legends.extension import setup as legends_setup

    await legends_setup(bot)
