"""The real `python -m bot` pointed at a fake Discord, as its own process:

    python -m tests.ops.fake_child API_BASE GATEWAY_URL [ARGS of python -m bot ...]

Only the two addresses discord.py calls are changed (as FakeDiscord does in-process);
settings come from the environment as usual. scripts/check-image.sh runs it with the
image's dependencies.
"""

from __future__ import annotations

import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.cli import main
from bot.entry import run_cli

if __name__ == "__main__":
    api, gateway, *args = sys.argv[1:]
    Route.BASE = api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    run_cli(lambda: main(args))
