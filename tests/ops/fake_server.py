"""A fake Discord on 127.0.0.1 as its own process, for scripts/check-image.sh:

python -m tests.ops.fake_server     prints "API_BASE GATEWAY_URL TOKEN", then serves
                                    until SIGTERM or SIGINT
"""

from __future__ import annotations

import asyncio
import signal

from tests.fakediscord import FakeDiscord


async def serve() -> None:
    loop = asyncio.get_running_loop()
    done = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, done.set)
    async with FakeDiscord(strict=False) as fake:
        print(fake.api_base, fake.gateway_url, fake.token, flush=True)
        await done.wait()


if __name__ == "__main__":
    asyncio.run(serve())
