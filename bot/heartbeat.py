"""The bot's heartbeat, and `python -m bot health`, which reads it.

While `python -m bot` runs, a task rewrites a small JSON file beside the database
(`<database>.heartbeat.json`) every few seconds: the process id and host, whether the
gateway is connected (since when, with what latency) and, when it is not, why. A health
check (Docker's HEALTHCHECK, a supervisor, an admin) runs `python -m bot health` in the
same environment; it exits 0 only if that file is fresh and says connected.

A file, not a port: the check needs no network, no token and no extra setting, and a bot
whose event loop hangs stops rewriting it, which shows as stale. The file is replaced
atomically (write a temporary file, then rename), so a reader never sees half of one. It
holds nothing secret.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import socket
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

log = logging.getLogger("bot")

#: How often the bot rewrites the heartbeat; a heartbeat older than STALE_FACTOR times
#: that is stale (the bot is hung, or gone without a word).
EVERY = 10.0
STALE_FACTOR = 3.0


def heartbeat_path(database: Path) -> Path:
    return database.with_name(database.name + ".heartbeat.json")


#: Where processes on PostgreSQL keep their heartbeat (there is no database file to
#: put it beside): the data directory of the process's working directory.
PROCESS_DIR = Path("data")


def process_heartbeat_path(database: str | Path, shards: object | None = None) -> Path:
    """The heartbeat file of this process. SQLite (one process): beside the database.
    PostgreSQL (perhaps many processes): one file per process, named after the shards
    it runs (`BOT_SHARDS`), so processes sharing a directory never overwrite each
    other's; `python -m bot health` with the same settings reads the same file."""
    if isinstance(database, Path):
        return heartbeat_path(database)
    if shards is None or str(shards) == "auto":  # one process with every shard
        return PROCESS_DIR / "fixer.heartbeat.json"
    tag = str(shards).replace("/", "-of-").replace(",", "_")
    return PROCESS_DIR / f"fixer-shards-{tag}.heartbeat.json"


class Beat(BaseModel):
    """One heartbeat, as the file holds it."""

    model_config = ConfigDict(frozen=True)

    pid: int
    host: str
    time: float  # seconds since the epoch, when it was written
    every: float  # seconds between heartbeats
    connected: bool  # the gateway is connected and the client ready
    since: float  # when `connected` last changed (or the process started)
    latency_ms: float | None = None  # the gateway's heartbeat round trip
    guilds: int | None = None
    note: str | None = None  # while not connected: why (one line)
    stopped: bool = False  # the last heartbeat of a process that stopped cleanly


def _latency_ms(client: Any) -> float | None:
    latency = getattr(client, "latency", float("nan"))
    if not isinstance(latency, int | float) or not math.isfinite(latency):
        return None
    return round(latency * 1000.0, 1)


def _is_connected(client: Any) -> bool:
    if client is None or client.is_closed() or not client.is_ready():
        return False
    # An AutoShardedClient: connected when every shard of this process is.
    shards = getattr(client, "shards", None)
    if isinstance(shards, Mapping) and shards:
        return all(not shard.is_closed() for shard in shards.values())
    ws = getattr(client, "ws", None)
    return ws is not None and bool(getattr(ws, "open", False))


def pid_alive(pid: int) -> bool:
    """Whether process `pid` exists (signal 0 asks without sending anything). On Windows
    os.kill would terminate the process instead: there, assume it is alive and let the
    heartbeat's age tell."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, someone else's
        return True
    return True


def read_beat(path: Path) -> Beat:
    """The heartbeat in `path`. OSError if it cannot be read, ValueError if it is not a
    heartbeat."""
    try:
        return Beat.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise ValueError(str(exc).splitlines()[0]) from None


class Heartbeat:
    """Writes the heartbeat of this process every `every` seconds while started.

    `watch(client)` points it at the current discord.py client (`serve` makes a new one
    per attempt); `problem(text)` says why it is not connected."""

    def __init__(
        self,
        path: Path,
        *,
        every: float = EVERY,
        clock: Callable[[], float] = time.time,
        pid: int | None = None,
    ) -> None:
        self.path = path
        self.every = every
        self.clock = clock
        self.pid = os.getpid() if pid is None else pid
        self.host = socket.gethostname()
        self.client: Any = None
        self.note: str | None = "connecting to Discord"
        self._connected = False
        self._since = clock()
        self._task: asyncio.Task[None] | None = None
        self._dirty = True  # write at the next tick
        self._owner = False  # checked at each write until it is
        self._warned_owner = False
        self._warned_write = False

    def watch(self, client: Any) -> None:
        self.client = client

    def problem(self, note: str) -> None:
        self.note = note
        self._dirty = True

    def beat(self, *, stopped: bool = False) -> Beat:
        now = self.clock()
        connected = not stopped and _is_connected(self.client)
        if connected != self._connected:
            self._connected, self._since = connected, now
            if connected:
                self.note = None
        if not connected and self.note is None and not stopped:
            self.note = "the gateway connection is down; discord.py is reconnecting"
        guilds = getattr(self.client, "guilds", None) if connected else None
        return Beat(
            pid=self.pid,
            host=self.host,
            time=now,
            every=self.every,
            connected=connected,
            since=self._since,
            latency_ms=_latency_ms(self.client) if connected else None,
            guilds=len(guilds) if guilds is not None else None,
            note=None if connected else ("stopped" if stopped else self.note),
            stopped=stopped,
        )

    def _owns_file(self) -> bool:
        """False while the file is another live process's fresh heartbeat: a second bot
        started on the same database (the database refuses it) must not overwrite the
        heartbeat of the one that is running."""
        if self._owner:
            return True
        try:
            other = read_beat(self.path)
        except (OSError, ValueError):
            self._owner = True
            return True
        fresh = self.clock() - other.time <= STALE_FACTOR * other.every
        if (
            other.pid != self.pid
            and other.host == self.host
            and not other.stopped
            and fresh
            and pid_alive(other.pid)
        ):
            if not self._warned_owner:
                log.warning(
                    "%s is the heartbeat of another running Fixer (pid %d); not overwriting it",
                    self.path,
                    other.pid,
                )
                self._warned_owner = True
            return False
        self._owner = True
        return True

    def write(self, *, stopped: bool = False) -> bool:
        """Write one heartbeat now; False if it was not written (logged once)."""
        if not self._owns_file():
            return False
        beat = self.beat(stopped=stopped)
        tmp = self.path.with_name(f".{self.path.name}.{self.pid}.tmp")
        try:
            tmp.write_text(beat.model_dump_json() + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                tmp.unlink()
            if not self._warned_write:
                log.warning(
                    "cannot write the heartbeat %s (%s): `python -m bot health` will "
                    "report this bot as not running",
                    self.path,
                    exc.strerror or exc,
                )
                self._warned_write = True
            return False
        return True

    async def _run(self) -> None:
        # Look at the client every second (cheap) and write when the connection comes or
        # goes, or a new problem is known, and at least every `every` seconds.
        tick = min(1.0, self.every)
        last = -math.inf
        while True:
            now = self.clock()
            if (
                self._dirty
                or _is_connected(self.client) != self._connected
                or (now - last >= self.every)
            ):
                self._dirty = False
                self.write()
                last = now
            await asyncio.sleep(tick)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._run())

    async def stop(self) -> None:
        """Stop beating and leave a last heartbeat that says the bot stopped."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.write(stopped=True)


# ---- the health check -------------------------------------------------------------------


def _at(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def check(
    path: Path,
    *,
    now: float | None = None,
    alive: Callable[[int], bool] = pid_alive,
    host: str | None = None,
) -> tuple[bool, str]:
    """(healthy, one line saying why) for the heartbeat in `path`."""
    now = time.time() if now is None else now
    host = socket.gethostname() if host is None else host
    try:
        beat = read_beat(path)
    except FileNotFoundError:
        return False, (
            f"no heartbeat file {path}: the bot is not running "
            "(or it runs with another BOT_DATABASE)"
        )
    except OSError as exc:
        return False, f"cannot read the heartbeat file {path}: {exc.strerror or exc}"
    except ValueError as exc:
        return False, f"{path} is not a Fixer heartbeat ({exc})"
    if beat.stopped:
        return False, f"the bot is not running: it stopped at {_at(beat.time)}"
    # The pid means something only on the host (container) that wrote it.
    if beat.host == host and not alive(beat.pid):
        return False, (
            f"the bot is not running: its process {beat.pid} is gone "
            f"(last heartbeat at {_at(beat.time)})"
        )
    age = now - beat.time
    if age > STALE_FACTOR * beat.every:
        return False, (
            f"the heartbeat is stale: the last one was at {_at(beat.time)}, {age:.0f} s ago "
            f"(the bot writes one every {beat.every:g} s): it is hung or was killed"
        )
    if not beat.connected:
        return False, (
            f"not connected to Discord since {_at(beat.since)}: {beat.note or 'no reason given'}"
        )
    latency = "unknown" if beat.latency_ms is None else f"{beat.latency_ms:.0f} ms"
    return True, (
        f"ok: connected to Discord since {_at(beat.since)}, gateway latency {latency}, "
        f"last heartbeat {age:.0f} s ago (pid {beat.pid})"
    )


def health(path: Path) -> int:
    """`python -m bot health` on the heartbeat file `path`: 0 and a line on stdout if
    healthy, else 1 and a line on stderr."""
    import sys

    ok, line = check(path)
    if ok:
        print(line)
        return 0
    print(f"unhealthy: {line}", file=sys.stderr)
    return 1
