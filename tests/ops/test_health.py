"""`python -m bot health`: 0 only while the running bot's heartbeat is fresh and its
gateway connected; otherwise 1 and one line saying why (docs/operations.md, "Health")."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bot.app import _serve
from bot.cli import main
from bot.config import Settings
from bot.heartbeat import Beat, Heartbeat, check, heartbeat_path, pid_alive, read_beat
from tests.e2e.harness import content
from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
HOST = socket.gethostname()
T0 = 1_800_000_000.0  # 2027-01-15 08:00:00 UTC


def _write(path: Path, **fields: Any) -> None:
    beat = {
        "pid": os.getpid(),
        "host": HOST,
        "time": T0,
        "every": 10.0,
        "connected": True,
        "since": T0 - 3600,
        "latency_ms": 42.0,
        "guilds": 3,
        "note": None,
        "stopped": False,
    }
    beat.update(fields)
    path.write_text(json.dumps(beat), encoding="utf-8")


def _check(path: Path, now: float = T0 + 5, **kw: Any) -> tuple[bool, str]:
    return check(path, now=now, host=HOST, **kw)


# ---- reading a heartbeat ----------------------------------------------------------------


def test_fresh_and_connected_is_healthy(tmp_path: Path) -> None:
    hb = tmp_path / "hb.json"
    _write(hb)
    assert _check(hb) == (
        True,
        f"ok: connected to Discord since 2027-01-15 07:00:00 UTC, gateway latency 42 ms, "
        f"last heartbeat 5 s ago (pid {os.getpid()})",
    )


def test_no_heartbeat_file_means_not_running(tmp_path: Path) -> None:
    ok, why = _check(tmp_path / "hb.json")
    assert not ok
    assert why.startswith(f"no heartbeat file {tmp_path / 'hb.json'}: the bot is not running")


def test_stale_heartbeat_says_since_when(tmp_path: Path) -> None:
    hb = tmp_path / "hb.json"
    _write(hb)
    assert _check(hb, now=T0 + 30)[0]  # three heartbeats late is still fresh
    ok, why = _check(hb, now=T0 + 31)
    assert not ok
    assert why == (
        "the heartbeat is stale: the last one was at 2027-01-15 08:00:00 UTC, 31 s ago "
        "(the bot writes one every 10 s): it is hung or was killed"
    )


def test_disconnected_says_since_when_and_why(tmp_path: Path) -> None:
    hb = tmp_path / "hb.json"
    _write(hb, connected=False, since=T0 - 60, note="cannot reach Discord: DNS", latency_ms=None)
    assert _check(hb) == (
        False,
        "not connected to Discord since 2027-01-15 07:59:00 UTC: cannot reach Discord: DNS",
    )


def test_stopped_bot_and_dead_process(tmp_path: Path) -> None:
    hb = tmp_path / "hb.json"
    _write(hb, stopped=True, connected=False)
    assert _check(hb) == (False, "the bot is not running: it stopped at 2027-01-15 08:00:00 UTC")
    _write(hb, pid=4_000_000)
    ok, why = _check(hb, alive=lambda pid: False)
    assert not ok and why.startswith("the bot is not running: its process 4000000 is gone")
    # A pid from another host (container) says nothing here: only the time counts.
    _write(hb, pid=4_000_000, host="elsewhere")
    assert _check(hb, alive=lambda pid: False)[0]


def test_pid_alive_asks_without_killing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert pid_alive(os.getpid())
    assert not pid_alive(2**22 + 12345)  # above Linux's largest pid
    # On Windows os.kill(pid, 0) would terminate the bot: never call it there.
    monkeypatch.setattr(os, "name", "nt")
    monkeypatch.setattr(os, "kill", lambda *a: pytest.fail("os.kill on Windows"))
    assert pid_alive(os.getpid())


def test_garbage_file_is_one_line(tmp_path: Path) -> None:
    hb = tmp_path / "hb.json"
    hb.write_text("{not json", encoding="utf-8")
    ok, why = _check(hb)
    assert not ok and why.startswith(f"{hb} is not a Fixer heartbeat (") and "\n" not in why


# ---- writing one ------------------------------------------------------------------------


class _Ws:
    open = True


class _Client:
    def __init__(self, ready: bool = True) -> None:
        self.ready, self.closed, self.ws = ready, False, _Ws()
        self.latency, self.guilds = 0.0421, [1, 2]

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return self.closed


def test_heartbeat_tracks_the_connection_and_replaces_the_file_atomically(
    tmp_path: Path,
) -> None:
    now = [T0]
    path = tmp_path / "f.sqlite3.heartbeat.json"
    hb = Heartbeat(path, every=5.0, clock=lambda: now[0])
    client = _Client(ready=False)
    hb.watch(client)
    assert hb.write()
    beat = read_beat(path)
    assert not beat.connected and beat.note == "connecting to Discord" and beat.since == T0
    now[0] += 7
    client.ready = True
    hb.write()
    beat = read_beat(path)
    assert beat.connected and beat.since == T0 + 7 and beat.latency_ms == 42.1
    assert beat.guilds == 2 and beat.note is None
    now[0] += 3
    client.ws.open = False  # the gateway dropped; discord.py reconnects
    hb.write()
    beat = read_beat(path)
    assert not beat.connected and beat.since == T0 + 10 and "reconnecting" in str(beat.note)
    hb.problem("cannot reach Discord: DNS")
    hb.write()
    assert read_beat(path).note == "cannot reach Discord: DNS"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no temp file left


class _Shard:
    def __init__(self, closed: bool) -> None:
        self.closed = closed

    def is_closed(self) -> bool:
        return self.closed


def test_a_sharded_client_is_connected_only_with_every_shard(tmp_path: Path) -> None:
    path = tmp_path / "hb.json"
    hb = Heartbeat(path)
    client: Any = _Client()
    client.ws = None  # AutoShardedClient keeps one websocket per shard
    client.shards = {0: _Shard(False), 1: _Shard(False)}
    hb.watch(client)
    hb.write()
    assert read_beat(path).connected
    client.shards[1].closed = True
    hb.write()
    assert not read_beat(path).connected


def test_heartbeat_holds_nothing_secret(tmp_path: Path) -> None:
    path = tmp_path / "hb.json"
    hb = Heartbeat(path)
    hb.watch(_Client())
    hb.write()
    assert set(json.loads(path.read_text())) == set(Beat.model_fields)


def test_a_second_bot_does_not_overwrite_a_running_ones_heartbeat(tmp_path: Path) -> None:
    path = tmp_path / "hb.json"
    running = Heartbeat(path, pid=os.getppid())  # a live process that is not us
    running.watch(_Client())
    running.write()
    second = Heartbeat(path)
    assert not second.write()
    assert read_beat(path).pid == os.getppid()
    running.write(stopped=True)  # once it stops, the file is free
    assert second.write() and read_beat(path).pid == os.getpid()


def test_unwritable_heartbeat_is_a_warning_not_a_crash(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    hb = Heartbeat(tmp_path / "missing-dir" / "hb.json")
    assert not hb.write() and not hb.write()
    warnings = [r for r in caplog.records if "cannot write the heartbeat" in r.getMessage()]
    assert len(warnings) == 1  # once, not every 10 s


# ---- the running bot, through the fake Discord ------------------------------------------


async def _until(predicate: Any, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


def _health(db: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["--database", str(db), "health"])
    out = capsys.readouterr()
    return code, (out.out + out.err).strip()


async def test_health_of_the_running_bot(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "f.sqlite3"
    hb = heartbeat_path(db)
    assert hb.parent == db.parent
    async with FakeDiscord() as fake:
        settings = Settings(token=fake.token, database=db)
        task = asyncio.ensure_future(
            _serve(settings, fake.token, {"legends": content()}, heartbeat_every=0.2)
        )
        await fake.wait_for(lambda: fake.live_sessions, timeout=15, what="a session")
        await _until(lambda: hb.exists() and read_beat(hb).connected)
        code, line = _health(db, capsys)
        assert code == 0 and line.startswith("ok: connected to Discord since"), line
        assert f"(pid {os.getpid()})" in line

        # Not rewritten for longer than 3 heartbeats: stale, whatever it says.
        ok, why = check(hb, now=time.time() + 5)
        assert not ok and why.startswith("the heartbeat is stale")

        # Discord goes away: the gateway is down within about a second.
        await fake.stop()
        await _until(lambda: not read_beat(hb).connected)
        code, line = _health(db, capsys)
        assert code == 1
        assert line.startswith("unhealthy: not connected to Discord since"), line

        os.kill(os.getpid(), signal.SIGTERM)
        assert await asyncio.wait_for(task, 15) == 0
    code, line = _health(db, capsys)
    assert code == 1 and line.startswith("unhealthy: the bot is not running: it stopped at")


def test_health_command_without_a_bot_exits_1_with_one_line(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "health"],
        cwd=ROOT,
        env={
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
            "BOT_DATABASE": str(tmp_path / "f.sqlite3"),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [
        f"unhealthy: no heartbeat file {tmp_path / 'f.sqlite3.heartbeat.json'}: the bot is "
        "not running (or it runs with another BOT_DATABASE)"
    ]


async def test_healthcheck_against_the_bot_process(tmp_path: Path) -> None:
    # What Docker's HEALTHCHECK does: `python -m bot health` beside a running
    # `python -m bot`, in the same environment.
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "BOT_DATABASE": str(tmp_path / "f.sqlite3"),
    }

    async def health() -> tuple[int, str]:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "health",
            cwd=ROOT,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await proc.communicate()
        return proc.returncode or 0, out.decode().strip()

    async with FakeDiscord() as fake:
        bot = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.ops.fake_child",
            fake.api_base,
            fake.gateway_url,
            cwd=ROOT,
            env={**env, "DISCORD_TOKEN": fake.token},
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            await fake.wait_for(lambda: fake.live_sessions, timeout=30, what="the bot")
            for _ in range(100):
                code, line = await health()
                if code == 0:
                    break
                await asyncio.sleep(0.1)
            assert code == 0 and line.startswith("ok: connected to Discord since"), line
            bot.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(bot.wait(), 15) == 0
        finally:
            if bot.returncode is None:
                bot.kill()
                await bot.wait()
    code, line = await health()
    assert code == 1 and line.startswith("unhealthy: the bot is not running: it stopped at")
