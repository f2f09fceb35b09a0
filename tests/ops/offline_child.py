"""`python -m bot` on a machine whose DNS does not answer, as its own process:

    python -m tests.ops.offline_child [ARGS of python -m bot ...]

Name resolution fails the way it does with no network (aiohttp's resolver raises
`socket.gaierror`, which aiohttp turns into `ClientConnectorDNSError`); no packet leaves
the machine. Everything else is the real command line.
"""

from __future__ import annotations

import socket
import sys
from typing import Any

from aiohttp.connector import TCPConnector

from bot.cli import main
from bot.entry import run_cli


async def no_dns(self: TCPConnector, host: str, *args: Any, **kwargs: Any) -> Any:
    raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")


def offline() -> None:
    TCPConnector._resolve_host = no_dns  # type: ignore[method-assign]


if __name__ == "__main__":
    offline()
    run_cli(lambda: main(sys.argv[1:]))
