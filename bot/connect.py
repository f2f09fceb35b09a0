"""Reaching Discord: what an unreachable Discord looks like to an admin, and retrying it.

    describe(exc)   one line: what went wrong and what to check (None: not a network problem)
    Backoff         capped exponential back-off with jitter
    serve(...)      `python -m bot`: log in and connect, retrying an unreachable Discord

discord.py already reconnects a gateway that drops once the bot is logged in (it resumes
the session), but logging in is one HTTP request that raises straight out of
`Client.start`: with no network or no DNS the process died with a 60-line traceback. A
container restarted that way loops fast and logs noise; `serve` keeps the process up,
waits longer after each failed attempt (capped, so the bot is back within minutes of the
network) and logs one line per attempt. A rejected token is not a network problem: it is
never retried.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import signal
import socket
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import aiohttp
import discord

from rules.core.text import count

if TYPE_CHECKING:
    from bot.heartbeat import Heartbeat

log = logging.getLogger("bot")


@dataclass(frozen=True)
class Unreachable:
    """Why Discord could not be reached (`what`) and what the admin should look at."""

    what: str
    check: str

    def __str__(self) -> str:
        return f"cannot reach Discord: {self.what}. Check {self.check}"


_NETWORK = "the network, a firewall or a proxy between this machine and Discord"
_DISCORD_SIDE = "Discord's status page: the problem is on Discord's side"


#: What to do about the gateway closes discord.py does not resume from.
GATEWAY_CLOSES = {
    4004: "the token was rejected; copy it again from the Developer Portal (Bot → Reset "
    "Token) and set DISCORD_TOKEN to it",
    4010: "the shard id is not valid for the shard count",
    4011: "Discord requires sharding for this many servers; run with more shards",
    4012: "this discord.py speaks a gateway version Discord no longer accepts; upgrade Fixer",
    4013: "an intent Fixer asks for is not valid; upgrade Fixer",
}


def describe(exc: BaseException) -> Unreachable | None:
    """What a failure to talk to Discord means, in one line; None if `exc` is not a
    network-level failure (a bug, a rejected token, a refused request)."""
    if isinstance(exc, discord.HTTPException):
        status = exc.status
        if status >= 500:
            reason = getattr(exc.response, "reason", None) or "server error"
            return Unreachable(f"Discord answered HTTP {status} ({reason})", _DISCORD_SIDE)
        if status == 429:
            return Unreachable(
                "Discord is refusing requests from this address for a while (HTTP 429)",
                "that no other program on this address floods Discord; it passes by itself",
            )
        return None
    if isinstance(exc, discord.GatewayNotFound):
        return Unreachable("Discord did not give a gateway to connect to", _DISCORD_SIDE)
    if isinstance(exc, aiohttp.ClientConnectorError):
        host = f"{exc.host}:{exc.port}"
        cause = exc.os_error
        if isinstance(cause, socket.gaierror):
            return Unreachable(
                f"the name {exc.host} does not resolve (DNS: {cause.strerror or cause})",
                "this machine's network and DNS settings (in Docker: the container's network)",
            )
        if isinstance(exc, aiohttp.ClientConnectorCertificateError) or isinstance(
            cause, ssl.SSLError
        ):
            return Unreachable(
                f"the TLS connection to {host} failed ({_first_line(cause)})",
                "the system clock and CA certificates, or a proxy that intercepts TLS",
            )
        return Unreachable(f"connecting to {host} failed ({_os_reason(cause)})", _NETWORK)
    if isinstance(exc, TimeoutError):  # aiohttp's ServerTimeoutError is one too
        return Unreachable(
            "Discord did not answer in time",
            "the network; a firewall may be dropping the traffic",
        )
    if isinstance(exc, aiohttp.ClientError | OSError):
        return Unreachable(f"the connection failed ({_first_line(exc)})", _NETWORK)
    return None


def _os_reason(exc: OSError) -> str:
    # aiohttp's connect errors carry texts like "Connect call failed ('1.2.3.4', 443)";
    # the errno says it plainly ("Connection refused", "Network is unreachable").
    if isinstance(exc.errno, int) and exc.errno > 0:
        return os.strerror(exc.errno)
    return exc.strerror or _first_line(exc)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


@dataclass
class Backoff:
    """Capped exponential back-off with jitter: the n-th delay (from 0) is between half
    and all of `min(cap, first * 2**n)`. The jitter keeps many bots that lost the
    network together from all knocking at the same second; the half kept fixed keeps the
    delays growing."""

    first: float = 2.0
    cap: float = 300.0
    rng: random.Random = field(default_factory=random.Random)
    attempt: int = 0  # failed attempts since the last success

    def next(self) -> float:
        ceiling = min(self.cap, self.first * 2.0 ** min(self.attempt, 32))
        self.attempt += 1
        return ceiling * (0.5 + 0.5 * self.rng.random())

    def reset(self) -> None:
        self.attempt = 0


class OneLineReconnect(logging.Filter):
    """discord.py logs each gateway reconnect with a full traceback (`log.exception`);
    an admin needs one line: what was lost and when it tries again. Its warnings that
    voice libraries are missing are dropped: Fixer uses no voice."""

    def filter(self, record: logging.LogRecord) -> bool:
        if "voice will NOT be supported" in str(record.msg):
            return False
        if (
            record.exc_info
            and record.exc_info[1] is not None
            and str(record.msg).startswith("Attempting a reconnect")
        ):
            exc = record.exc_info[1]
            why = describe(exc)
            args = record.args if isinstance(record.args, tuple) else ()
            # The client's message has (delay,); an AutoShardedClient shard's (id, delay).
            delay = args[-1] if args else 0.0
            shard = f"shard {args[0]} " if len(args) > 1 else ""
            record.msg = shard + "lost the connection to Discord (%s); reconnecting in %.1f s"
            record.args = (why.what if why else _first_line(exc), delay)
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


_RECONNECT_FILTER = OneLineReconnect()


def quiet_reconnects() -> None:
    """Install the one-line reconnect record on discord.py's client logger (idempotent)."""
    for name in ("discord.client", "discord.shard"):  # (the shards of an AutoShardedBot)
        logger = logging.getLogger(name)
        if _RECONNECT_FILTER not in logger.filters:
            logger.addFilter(_RECONNECT_FILTER)


async def serve(
    make_bot: Callable[[bool], discord.Client],
    token: str,
    *,
    heartbeat: Heartbeat | None = None,
    backoff: Backoff | None = None,
) -> int:
    """Run the bot until SIGTERM/SIGINT (0), a rejected token, a fatal gateway close or a
    database that cannot be opened (1). `make_bot(message_content)` builds a fresh client
    for each attempt (a failed login leaves discord.py's client closed)."""
    from bot.storage.errors import StorageError

    quiet_reconnects()
    retry = backoff or Backoff()
    stopping = asyncio.Event()
    current: list[discord.Client] = []
    loop = asyncio.get_running_loop()

    def stop() -> None:
        stopping.set()
        for client in current:
            asyncio.ensure_future(client.close())

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop)
    if heartbeat is not None:
        heartbeat.start()
    message_content = True
    try:
        while not stopping.is_set():
            bot = make_bot(message_content)
            current[:] = [bot]
            if heartbeat is not None:
                heartbeat.watch(bot)
            try:
                async with bot:
                    await bot.login(token)
                    if retry.attempt:
                        log.info("reached Discord after %s", count(retry.attempt, "failed attempt"))
                    retry.reset()
                    await bot.connect(reconnect=True)
                break
            except discord.LoginFailure:
                log.error(
                    "Discord rejected DISCORD_TOKEN (401 Unauthorized): copy the bot token "
                    "again from the Developer Portal (Bot → Reset Token) and set DISCORD_TOKEN "
                    "to it. Not retrying."
                )
                return 1
            except discord.PrivilegedIntentsRequired:
                if not message_content:
                    log.error(
                        "Discord refused the intents even without Message Content: check "
                        "Privileged Gateway Intents in the Developer Portal (Bot)."
                    )
                    return 1
                log.error(
                    "The Message Content intent is not enabled for this bot in the "
                    "Developer Portal (Bot → Privileged Gateway Intents). Starting without "
                    "it: the table-talk rule will not be enforced until it is enabled."
                )
                message_content = False
            except StorageError as exc:
                log.error("the database could not be opened: %s", exc.message)
                return 1
            except discord.ConnectionClosed as exc:
                if stopping.is_set():
                    break
                # A close discord.py does not resume from: retrying would fail the same way.
                log.error(
                    "Discord closed the gateway connection (code %s%s): %s. Not retrying.",
                    exc.code,
                    f", {exc.reason}" if exc.reason else "",
                    GATEWAY_CLOSES.get(exc.code or 0, "see Discord's list of gateway close codes"),
                )
                return 1
            except Exception as exc:
                if stopping.is_set():  # closed mid-login by a signal
                    break
                why = describe(exc)
                if why is None:
                    raise
                delay = retry.next()
                log.warning(
                    "cannot reach Discord (attempt %d, next in %.0f s): %s. Check %s",
                    retry.attempt,
                    delay,
                    why.what,
                    why.check,
                )
                if heartbeat is not None:
                    heartbeat.problem(why.what)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stopping.wait(), delay)
        log.info("stopped")
        return 0
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
        if heartbeat is not None:
            await heartbeat.stop()
