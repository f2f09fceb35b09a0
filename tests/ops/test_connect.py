"""An unreachable Discord: one line saying what is wrong and what to check; the bot keeps
retrying with capped exponential back-off and jitter, `sync` gives up at once, and a
rejected token is never retried (docs/operations.md, "When Discord is unreachable")."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
import socket
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp.client_reqrep import ConnectionKey
from discord.http import Route

from bot.app import _serve, _sync
from bot.config import Settings
from bot.connect import Backoff, OneLineReconnect, describe, quiet_reconnects
from tests.e2e.harness import content
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


def _key(host: str = "discord.com", port: int = 443) -> ConnectionKey:
    return ConnectionKey(host, port, True, True, None, None, None)


class _Resp:
    def __init__(self, status: int, reason: str) -> None:
        self.status, self.reason = status, reason


def _http(status: int, reason: str) -> discord.HTTPException:
    cls = discord.DiscordServerError if status >= 500 else discord.HTTPException
    return cls(_Resp(status, reason), {"message": reason, "code": 0})  # type: ignore[arg-type]


# ---- what each failure says -------------------------------------------------------------


def test_dns_failure_says_the_name_does_not_resolve_and_to_check_dns() -> None:
    exc = aiohttp.ClientConnectorDNSError(
        _key(), socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    )
    assert str(describe(exc)) == (
        "cannot reach Discord: the name discord.com does not resolve (DNS: Name or service "
        "not known). Check this machine's network and DNS settings (in Docker: the "
        "container's network)"
    )


def test_refused_connection_names_host_and_port_and_the_network() -> None:
    exc = aiohttp.ClientConnectorError(
        _key("gateway.example", 8443), ConnectionRefusedError(111, "Connection refused")
    )
    why = describe(exc)
    assert why is not None
    assert why.what == "connecting to gateway.example:8443 failed (Connection refused)"
    assert "firewall" in why.check


def test_tls_failure_points_at_clock_and_certificates() -> None:
    exc = aiohttp.ClientConnectorCertificateError(
        _key(), ssl.SSLCertVerificationError("certificate verify failed")
    )
    why = describe(exc)
    assert why is not None and why.what.startswith("the TLS connection to discord.com:443")
    assert "clock" in why.check


def test_timeout_and_server_errors_are_network_problems() -> None:
    timeout = describe(aiohttp.ConnectionTimeoutError("timed out"))
    assert timeout is not None and timeout.what == "Discord did not answer in time"
    assert describe(TimeoutError()) == timeout
    server = describe(_http(503, "Service Unavailable"))
    assert server is not None
    assert server.what == "Discord answered HTTP 503 (Service Unavailable)"
    assert "Discord's side" in server.check
    assert describe(discord.GatewayNotFound()) is not None
    assert describe(aiohttp.ServerDisconnectedError()) is not None
    assert describe(_http(429, "Too Many Requests")) is not None


def test_a_refusal_or_a_bug_is_not_a_network_problem() -> None:
    assert describe(_http(403, "Forbidden")) is None
    assert describe(_http(400, "Bad Request")) is None
    assert describe(discord.LoginFailure("bad token")) is None
    assert describe(ValueError("a bug")) is None
    assert describe(KeyError("x")) is None


# ---- back-off ---------------------------------------------------------------------------


def test_backoff_doubles_up_to_the_cap_with_jitter_of_at_most_half() -> None:
    b = Backoff(first=2.0, cap=60.0, rng=random.Random(7))
    delays = [b.next() for _ in range(10)]
    ceilings = [2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0, 60.0, 60.0, 60.0]
    for d, c in zip(delays, ceilings, strict=True):
        assert c / 2 <= d <= c
    assert len(set(delays)) == len(delays)  # jittered: no two equal
    assert b.attempt == 10
    b.reset()
    assert b.attempt == 0 and b.next() <= 2.0


def test_backoff_jitter_differs_between_processes() -> None:
    a, b = Backoff(rng=random.Random(1)), Backoff(rng=random.Random(2))
    assert [a.next() for _ in range(3)] != [b.next() for _ in range(3)]


def test_backoff_never_overflows_after_days_of_retrying() -> None:
    b = Backoff(first=2.0, cap=300.0)
    b.attempt = 10_000
    assert 150.0 <= b.next() <= 300.0


# ---- discord.py's own gateway reconnects: one line --------------------------------------


def test_discord_reconnect_record_becomes_one_warning_line(
    caplog: pytest.LogCaptureFixture,
) -> None:
    quiet_reconnects()
    quiet_reconnects()  # idempotent
    logger = logging.getLogger("discord.client")
    assert sum(isinstance(f, OneLineReconnect) for f in logger.filters) == 1
    with caplog.at_level(logging.INFO, logger="discord.client"):
        try:
            raise aiohttp.ClientConnectorError(
                _key("gateway.discord.gg"), ConnectionRefusedError(111, "Connection refused")
            )
        except aiohttp.ClientError:
            logger.exception("Attempting a reconnect in %.2fs", 1.5)
        logger.warning("PyNaCl is not installed, voice will NOT be supported")
    (rec,) = caplog.records
    assert rec.levelname == "WARNING" and rec.exc_info is None
    assert rec.getMessage() == (
        "lost the connection to Discord (connecting to gateway.discord.gg:443 failed "
        "(Connection refused)); reconnecting in 1.5 s"
    )
    assert "\n" not in caplog.text.strip()


# ---- the bot process --------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port  # closed: connecting to it is refused


class SwitchAfter(Backoff):
    """A fast back-off that runs `then()` after `n` failed attempts (the network is back)."""

    def __init__(self, n: int, then: Any) -> None:
        super().__init__(first=0.01, cap=0.02, rng=random.Random(0))
        self.n, self.then, self.delays = n, then, []

    def next(self) -> float:
        d = super().next()
        self.delays.append(d)
        if self.attempt == self.n:
            self.then()
        return d


def _attempt_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.getMessage().startswith("cannot reach Discord")]


@pytest.fixture
def refused_base(fake: FakeDiscord) -> Iterator[str]:
    real = Route.BASE
    Route.BASE = f"http://127.0.0.1:{_free_port()}/api/v10"
    yield real
    Route.BASE = real


@pytest.fixture
async def fake() -> Any:
    async with FakeDiscord() as f:
        yield f


async def _stop_when_ready(fake: FakeDiscord, task: asyncio.Future[int]) -> int:
    await fake.wait_for(lambda: fake.live_sessions, timeout=15, what="a session")
    os.kill(os.getpid(), signal.SIGTERM)
    return await asyncio.wait_for(task, 15)


async def test_bot_retries_a_refused_connection_then_connects(
    fake: FakeDiscord, refused_base: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    def network_back() -> None:
        Route.BASE = refused_base

    backoff = SwitchAfter(3, network_back)
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    with caplog.at_level(logging.INFO):
        task = asyncio.ensure_future(
            _serve(settings, fake.token, {"legends": content()}, backoff=backoff)
        )
        assert await _stop_when_ready(fake, task) == 0
    attempts = _attempt_records(caplog)
    assert [r.levelname for r in attempts] == ["WARNING"] * 3
    for n, r in enumerate(attempts, 1):
        msg = r.getMessage()
        assert r.exc_info is None and "\n" not in msg
        assert msg.startswith(f"cannot reach Discord (attempt {n}, next in 0 s): connecting to")
        assert "(Connection refused). Check the network, a firewall or a proxy" in msg
    assert "reached Discord after 3 failed attempts" in caplog.text
    assert "Traceback" not in caplog.text


async def test_bot_survives_discord_5xx_at_login(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # 503 is not one discord.py retries itself: it raises DiscordServerError.
    fake.fail_next("GET", "/users/@me", status=503, message="upstream overloaded", count=2)
    backoff = Backoff(first=0.01, cap=0.02)
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    with caplog.at_level(logging.INFO):
        task = asyncio.ensure_future(
            _serve(settings, fake.token, {"legends": content()}, backoff=backoff)
        )
        assert await _stop_when_ready(fake, task) == 0
    attempts = _attempt_records(caplog)
    assert len(attempts) == 2
    assert "Discord answered HTTP 503" in attempts[0].getMessage()
    assert len(fake.calls_to("GET", "/users/@me")) == 3


async def test_bot_survives_a_login_that_times_out(
    fake: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # aiohttp's own time limit (5 min in all, 30 s to connect) made short; Discord
    # answers too late twice.
    monkeypatch.setattr(aiohttp.client, "DEFAULT_TIMEOUT", aiohttp.ClientTimeout(total=0.2))
    fake.delay_route("GET", "/users/@me", 1.0, count=2)
    backoff = Backoff(first=0.01, cap=0.02)
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    with caplog.at_level(logging.INFO):
        task = asyncio.ensure_future(
            _serve(settings, fake.token, {"legends": content()}, backoff=backoff)
        )
        assert await _stop_when_ready(fake, task) == 0
    attempts = _attempt_records(caplog)
    assert len(attempts) == 2
    assert "Discord did not answer in time. Check the network" in attempts[0].getMessage()


async def test_rejected_token_is_not_retried_and_says_what_to_do(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(token="not-the-token", database=tmp_path / "f.sqlite3")
    backoff = Backoff(first=0.01, cap=0.02)
    with caplog.at_level(logging.INFO):
        code = await asyncio.wait_for(
            _serve(settings, "not-the-token", {"legends": content()}, backoff=backoff), 15
        )
    assert code == 1
    assert len(fake.calls_to("GET", "/users/@me")) == 1
    assert backoff.attempt == 0
    (err,) = [r for r in caplog.records if r.levelname == "ERROR"]
    assert err.getMessage().startswith("Discord rejected DISCORD_TOKEN (401 Unauthorized)")
    assert "Reset Token" in err.getMessage() and "Not retrying" in err.getMessage()


async def test_gateway_rejecting_the_token_is_not_retried(
    fake: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    backoff = Backoff(first=0.01, cap=0.02)
    task = asyncio.ensure_future(
        _serve(settings, fake.token, {"legends": content()}, backoff=backoff)
    )
    await fake.wait_for(lambda: fake.live_sessions, timeout=15, what="a session")
    await fake.drop_connections(code=4004)  # Authentication failed
    assert await asyncio.wait_for(task, 15) == 1
    assert backoff.attempt == 0 and len(fake.sessions) == 1
    (err,) = [r for r in caplog.records if r.levelname == "ERROR"]
    assert err.getMessage().startswith("Discord closed the gateway connection (code 4004")
    assert "the token was rejected" in err.getMessage()
    assert err.getMessage().endswith("Not retrying.") and err.exc_info is None


async def test_sigterm_during_the_back_off_stops_at_once(
    fake: FakeDiscord, refused_base: str, tmp_path: Path
) -> None:
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    backoff = Backoff(first=60.0, cap=60.0)
    task = asyncio.ensure_future(
        _serve(settings, fake.token, {"legends": content()}, backoff=backoff)
    )
    while backoff.attempt == 0:
        await asyncio.sleep(0.01)
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(task, 5) == 0  # not after the 30-60 s back-off


async def test_gateway_loss_is_one_line_while_discord_py_reconnects(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Once logged in, discord.py reconnects the gateway by itself (resuming the session);
    # each failed reconnect is one warning line, not a traceback.
    async with FakeDiscord() as fake:
        settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
        with caplog.at_level(logging.INFO):
            task = asyncio.ensure_future(_serve(settings, fake.token, {"legends": content()}))
            await fake.wait_for(lambda: fake.live_sessions, timeout=15, what="a session")
            await fake.stop()  # Discord is gone: every reconnect is refused
            for _ in range(300):
                if "lost the connection to Discord" in caplog.text:
                    break
                await asyncio.sleep(0.05)
            os.kill(os.getpid(), signal.SIGTERM)
            assert await asyncio.wait_for(task, 15) == 0
    lost = [r for r in caplog.records if "lost the connection" in r.getMessage()]
    assert lost, caplog.text
    assert lost[0].levelname == "WARNING" and lost[0].exc_info is None
    assert "(Connection refused)); reconnecting in" in lost[0].getMessage()
    assert "Traceback" not in caplog.text


# ---- sync -------------------------------------------------------------------------------


async def test_sync_with_discord_unreachable_is_one_line_and_exit_1(
    fake: FakeDiscord, refused_base: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    assert await _sync(settings, fake.token) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith("error: cannot reach Discord: connecting to 127.0.0.1:")
    assert err[0].endswith("; then run the sync again.")


async def test_sync_with_discord_5xx_exits_1(
    fake: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake.fail_next("PUT", "/applications/*/commands", status=503, message="overloaded")
    settings = Settings(token=fake.token, database=tmp_path / "f.sqlite3")
    assert await _sync(settings, fake.token) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: cannot reach Discord: Discord answered HTTP 503")


async def test_sync_with_a_rejected_token_says_what_to_do(
    fake: FakeDiscord, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(token="nope", database=tmp_path / "f.sqlite3")
    assert await _sync(settings, "nope") == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("error: Discord rejected DISCORD_TOKEN (401 Unauthorized)")
    assert len(fake.calls_to("GET", "/users/@me")) == 1


# ---- as a process, with no DNS ------------------------------------------------------------


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "x" * 59,
        "BOT_DATABASE": str(tmp_path / "f.sqlite3"),
    }


def test_sync_without_dns_prints_one_line_and_exits_1(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tests.ops.offline_child", "sync"],
        cwd=ROOT,
        env=_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert errors == [
        "error: cannot reach Discord: the name discord.com does not resolve (DNS: Name or "
        "service not known). Check this machine's network and DNS settings (in Docker: the "
        "container's network); then run the sync again."
    ]
    assert "Traceback" not in proc.stderr


def test_bot_without_dns_keeps_retrying_one_line_each_and_stops_on_sigterm(
    tmp_path: Path,
) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.ops.offline_child"],
        cwd=ROOT,
        env=_env(tmp_path),
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    lines: list[str] = []
    watchdog = threading.Timer(60, proc.kill)  # a hung bot fails the test, not the suite
    watchdog.start()
    try:
        while sum("cannot reach Discord" in line for line in lines) < 2:
            line = proc.stderr.readline()
            assert line, f"the bot exited ({proc.wait()}): {''.join(lines)}"
            lines.append(line)
        proc.send_signal(signal.SIGTERM)
        _, rest = proc.communicate(timeout=30)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
    lines += rest.splitlines(keepends=True)
    assert proc.returncode == 0, "".join(lines)
    text = "".join(lines)
    assert "Traceback" not in text
    attempts = [line for line in lines if "cannot reach Discord" in line]
    assert "attempt 1, next in" in attempts[0] and "attempt 2, next in" in attempts[1]
    assert all("the name discord.com does not resolve" in a for a in attempts)
    assert "voice will NOT be supported" not in text
    assert text.rstrip().endswith("INFO    bot: stopped")
