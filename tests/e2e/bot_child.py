"""Run Fixer as its own process against a fake Discord (for the crash tests, which start
it with `harness.child_fixer`):

python -m tests.e2e.bot_child API_BASE GATEWAY_URL TOKEN DATABASE
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import FixerBot
from bot.config import Settings


def main() -> None:
    api, gateway, token, db = sys.argv[1:5]
    Route.BASE = api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    bot = FixerBot(
        Settings(token=token, database=Path(db)), guild_ready_timeout=0.05, synchronous="NORMAL"
    )
    asyncio.run(bot.start(token))


if __name__ == "__main__":
    main()
