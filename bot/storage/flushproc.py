"""`ProcessFlusher`: the WAL's fsyncs and checkpoints in a helper process.

Same job and interface as `bot.storage.flush.WalFlusher` (see there for what is
flushed when and why an acknowledged action survives kill -9 at once and a power cut
one fsync later), but the work runs in a process of its own (`bot.storage.walsync`
run as a script), so it never needs this process's GIL: per commit the event loop
stores a ticket in shared memory and writes 16 bytes into a pipe, and nothing else
runs in this process on the flusher's behalf unless someone waits for a flush.

If the helper cannot be started, or dies, the store falls back to the thread
(`WalFlusher`) and says so in the log: durability never depends on the helper.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import mmap
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bot.storage import walsync
from bot.storage.flush import CHECK_EVERY, CHECKPOINT_BYTES, WalFlusher, flush_stats, resolve

log = logging.getLogger("bot.storage")


class ProcessFlusher:
    def __init__(
        self, path: Path, *, checkpoint_bytes: int = CHECKPOINT_BYTES, busy_timeout: float = 5.0
    ) -> None:
        self.path = path
        self.wal = path.with_name(path.name + "-wal")
        self.busy_timeout = busy_timeout
        shm_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
        # Kept open for the flusher's life: the helper maps it through its descriptor.
        self._block_file = tempfile.TemporaryFile(dir=shm_dir)  # noqa: SIM115
        self._block_file.truncate(walsync.CONTROL_SIZE)
        self._mem = mmap.mmap(self._block_file.fileno(), walsync.CONTROL_SIZE)
        self._ctl = walsync.Control(self._mem)
        self.checkpoint_bytes = checkpoint_bytes
        self.check_every = CHECK_EVERY
        self._asked = 0
        self._req_w: int | None = None
        self._ack_r: int | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        self._reading: asyncio.AbstractEventLoop | None = None
        self._failures_seen = 0
        #: The thread that took over if the helper could not start or died.
        self.fallback: WalFlusher | None = None

    # Tunables live in the shared block: the helper reads them at every batch.
    @property
    def checkpoint_bytes(self) -> int:
        return self._ctl.get("cp_bytes")

    @checkpoint_bytes.setter
    def checkpoint_bytes(self, value: int) -> None:
        self._ctl.set("cp_bytes", value)

    @property
    def check_every(self) -> int:
        return self._ctl.get("every")

    @check_every.setter
    def check_every(self, value: int) -> None:
        self._ctl.set("every", value)

    @property
    def fsyncs(self) -> int:
        return self._ctl.get("fsyncs") + (self.fallback.fsyncs if self.fallback else 0)

    @property
    def checkpoints(self) -> int:
        extra = self.fallback.checkpoints if self.fallback else 0
        return self._ctl.get("checkpoints") + extra

    @property
    def failures(self) -> int:
        return self._ctl.get("failures") + (self.fallback.failures if self.fallback else 0)

    def command(self, requests: int, acks: int) -> list[str]:
        """The helper's command line (`-I`: no environment or user site-packages)."""
        busy = str(int(self.busy_timeout * 1000))
        block = str(self._block_file.fileno())
        return [
            sys.executable,
            "-I",
            walsync.__file__,
            str(self.path),
            str(requests),
            str(acks),
            block,
            busy,
        ]

    def start(self) -> None:
        req_r, req_w = os.pipe()
        ack_r, ack_w = os.pipe()
        try:
            self._proc = subprocess.Popen(
                self.command(req_r, ack_w),
                pass_fds=(req_r, ack_w, self._block_file.fileno()),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
            )
        except OSError as exc:
            for fd in (req_r, req_w, ack_r, ack_w):
                os.close(fd)
            self._take_over(f"could not start the WAL flusher process ({exc})")
            return
        finally:
            with contextlib.suppress(OSError):
                os.close(req_r)
                os.close(ack_w)
        os.set_blocking(req_w, False)
        os.set_blocking(ack_r, False)
        self._req_w, self._ack_r = req_w, ack_r

    def _take_over(self, why: str) -> None:
        log.error("%s; the WAL of %s is flushed by a thread instead", why, self.path)
        if self._req_w is not None:
            os.close(self._req_w)
            self._req_w = None
        self.fallback = WalFlusher(self.path, busy_timeout=self.busy_timeout)
        self.fallback.checkpoint_bytes = self.checkpoint_bytes
        self.fallback.check_every = self.check_every
        self.fallback.start()

    def request(self) -> int:
        """A commit was written: flush it soon. Returns its ticket for `wait`. Runs on
        the event loop after every commit: a store into shared memory and one
        non-blocking write (a full pipe means the helper has requests waiting
        already, and it reads `asked` from the block as well)."""
        self._asked += 1
        ticket = self._asked
        if self.fallback is not None:
            self.fallback.request()
            return ticket
        self._ctl.set("asked", ticket)
        try:
            assert self._req_w is not None
            os.write(self._req_w, walsync.REQUEST.pack(ticket, time.monotonic()))
        except BlockingIOError:
            pass
        except OSError as exc:  # the helper is gone
            self._take_over(f"the WAL flusher process stopped ({exc.strerror or exc})")
            if self.fallback is not None:
                self.fallback.request()
        self._report_failures()
        return ticket

    def _report_failures(self) -> None:
        failures = self._ctl.get("failures")
        if failures > self._failures_seen:
            self._failures_seen = failures
            code = self._ctl.get("errno")
            # The commits are written and readable; only their survival of a power cut
            # is in doubt. Said once per failure; the helper tries again next commit.
            log.error(
                "could not fsync %s (%s): the last actions are saved but may not "
                "survive a power cut; check the disk",
                self.wal,
                os.strerror(code) if code else "unknown error",
            )

    @property
    def done(self) -> int:
        """The last ticket known to be on disk."""
        return self._ctl.get("done")

    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    async def wait(self, ticket: int | None = None) -> None:
        """Until the commit with `ticket` (default: every commit so far) is on disk."""
        if self.fallback is not None:
            await self.fallback.wait()
            return
        target = self._asked if ticket is None else ticket
        if self.done >= target or not self.alive() or self._ack_r is None:
            return
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[None] = loop.create_future()
        self._waiters.append((target, fut))
        if self._reading is None:
            loop.add_reader(self._ack_r, self._on_ack)
            self._reading = loop
        self._on_ack()  # it may have been flushed before the reader was there
        await fut

    def _on_ack(self) -> None:
        gone = False
        with contextlib.suppress(BlockingIOError):
            assert self._ack_r is not None
            while True:
                chunk = os.read(self._ack_r, 1 << 16)
                if not chunk:
                    gone = True
                    break
        self._report_failures()
        done = self.done
        ready = [f for t, f in self._waiters if t <= done or gone]
        self._waiters = [(t, f) for t, f in self._waiters if t > done and not gone]
        for fut in ready:
            if not fut.done():
                fut.set_result(None)
        if not self._waiters and self._reading is not None and self._ack_r is not None:
            self._reading.remove_reader(self._ack_r)
            self._reading = None

    def stats(self) -> dict[str, float]:
        lags = sorted(self._ctl.lags() + (self.fallback.lags() if self.fallback else []))
        return flush_stats(self.fsyncs, self.checkpoints, self.failures, lags)

    def stop(self) -> None:
        """Flush what is left and end the helper (blocking; call from a thread or at
        shut-down): end of file on its pipe asks for the last fsync."""
        if self._req_w is not None:
            os.close(self._req_w)
            self._req_w = None
        if self._proc is not None:
            try:
                self._proc.wait(timeout=max(30.0, self.busy_timeout * 2))
            except subprocess.TimeoutExpired:
                log.error("the WAL flusher process of %s did not stop; killed", self.path)
                self._proc.kill()
                self._proc.wait()
        if self.fallback is not None:
            self.fallback.stop()
        waiters, self._waiters = self._waiters, []
        for _, fut in waiters:
            resolve(fut)
        ack, loop = self._ack_r, self._reading
        self._ack_r = self._reading = None
        if ack is not None:
            if loop is not None and not loop.is_closed():

                def close() -> None:
                    loop.remove_reader(ack)
                    os.close(ack)

                loop.call_soon_threadsafe(close)
            else:
                os.close(ack)
