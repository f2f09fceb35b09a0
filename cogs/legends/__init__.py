"""Cyberpunk Legends on Discord: the `/legends` commands, buttons, the table-talk
listener and the runtime that publishes boards, DMs hands and runs timers.

Kept empty on purpose: `bot.games` imports `cogs.legends.plugin` (and so this package)
for every CLI call. The discord.py extension is `cogs.legends.extension` (see its
docstring for why it is a module of its own).
"""
