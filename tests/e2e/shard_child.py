"""Run Fixer as its own process with some of the shards, on PostgreSQL, against a fake
Discord (for the multi-process crash tests):

python -m tests.e2e.shard_child API_BASE GATEWAY_URL TOKEN POSTGRES_URL SHARDS

Optional test knobs from the environment: FIXER_TEST_TIME_SCALE (every game's timers
shrink by it) and FIXER_TEST_SWEEP (seconds between sweeps for dead processes' timers,
and their grace), so a timer test is over in seconds. The log goes to stderr (INFO).
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import make_bot
from bot.config import Settings
from bot.logs import setup_logging


def _knobs(bot: Any) -> None:
    """Apply the test knobs once the runtimes exist (after the bot's setup_hook)."""
    scale = os.environ.get("FIXER_TEST_TIME_SCALE")
    sweep = os.environ.get("FIXER_TEST_SWEEP")
    if scale is None and sweep is None:
        return
    setup = bot.setup_hook

    async def setup_hook() -> None:
        await setup()
        for rt in bot.house.runtimes.values():
            if scale is not None:
                rt.time_scale = float(scale)
            if sweep is not None:
                rt.timers.sweep_every = rt.timers.grace = float(sweep)

    bot.setup_hook = setup_hook


def main() -> None:
    api, gateway, token, url, shards = sys.argv[1:6]
    Route.BASE = api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    settings = Settings.from_env(
        {"DISCORD_TOKEN": token, "BOT_DATABASE": url, "BOT_SHARDS": shards}
    )
    setup_logging("INFO")
    bot = make_bot(settings, guild_ready_timeout=0.05)
    _knobs(bot)
    asyncio.run(bot.start(token))


if __name__ == "__main__":
    main()
