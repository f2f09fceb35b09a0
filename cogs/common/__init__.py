"""The Discord half every game shares: the house (cogs/common/house.py) and the plumbing
of a game master on Discord (a game's runtime base, the publisher queue, timers, button
ids and their one router, answering within the defer budget, refusals, permission
checks, threads and forum posts, preferences). It names no game.

Why here and not in `bot/`: `bot/` is the game-neutral core that runs without Discord
(the CLI, storage, the game service, the terminal table), and `cogs/` holds the Discord
front ends, all of which need discord.py; this package is the part of the front ends
that the games have in common, beside them (`cogs/<game>/`), as `content/common` is
beside each game's content and `rules/core` beside each engine. See docs/discord.md
("Layers") and docs/architecture.md ("Discord").
"""
