"""Run Fixer as its own process with some of the shards, on PostgreSQL, against a fake
Discord (for the multi-process crash tests):

python -m tests.e2e.shard_child API_BASE GATEWAY_URL TOKEN POSTGRES_URL SHARDS
"""

from __future__ import annotations

import asyncio
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import make_bot
from bot.config import Settings


def main() -> None:
    api, gateway, token, url, shards = sys.argv[1:6]
    Route.BASE = api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    settings = Settings.from_env(
        {"DISCORD_TOKEN": token, "BOT_DATABASE": url, "BOT_SHARDS": shards}
    )
    bot = make_bot(settings, guild_ready_timeout=0.05)
    asyncio.run(bot.start(token))


if __name__ == "__main__":
    main()
