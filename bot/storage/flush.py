"""Background durability for inline commits (``synchronous=NORMAL``).

With NORMAL, a COMMIT returns once its frames are written to the WAL file: they are in
the operating system's page cache, so they survive a crash or kill -9 of the bot, but a
power cut could lose them until the WAL is fsync'd. Waiting for that fsync on every
commit costs 2-8 ms on a cloud disk, on the path of every answer a player waits for.

`WalFlusher` takes the fsync off that path: after each commit the store calls
`request()`, and a thread of its own fsyncs the WAL as soon as it can (commits that
arrive meanwhile share the next fsync). So an acknowledged action is safe from a bot
crash at once, and from a power cut one fsync later (its lag is measured: `stats()`).
`wait()` lets a caller (closing the store, a test) wait until everything committed so
far is on disk.

The flusher also runs the WAL checkpoints (the writer's automatic checkpoint is turned
off): a checkpoint copies pages into the database file and fsyncs it, which can take
tens of milliseconds, and must not happen inside a commit on the event loop. It runs
once the WAL holds CHECKPOINT_BYTES of pages not yet copied back, counted as SQLite's
own automatic checkpoint counts them (the frames in the WAL index, the ``-shm`` file).
Not by the WAL file's size: SQLite rewinds the file after a checkpoint but never
shrinks it, so once it had reached the threshold a size test asked for a checkpoint
(and a database fsync) after every single commit, and those fsyncs slowed down the
commits written meanwhile on the event loop (measured: a commit's median 0.15 ms when
checkpoints are rare, about 1 ms with one after every commit).

Why fsync a file descriptor of our own works: fsync(2) flushes the file (the inode),
whichever descriptor names it, and SQLite keeps its WAL file in place (it rewinds it,
it does not replace it) while any connection is open.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import sqlite3
import threading
import time
from pathlib import Path

from bot.storage import walsync

log = logging.getLogger("bot.storage")

#: Checkpoint once the WAL holds this much not yet copied back (SQLite's own default is
#: 1,000 pages, about 4 MB).
CHECKPOINT_BYTES = 4 * 1024 * 1024
CHECK_EVERY = 16


_STOP = -1  # put on the queue by `stop`


def flush_stats(
    fsyncs: int, checkpoints: int, failures: int, lags: list[float]
) -> dict[str, float]:
    """A flusher's counters and its commit-to-fsync lags (sorted, ms) as `stats()` gives
    them, whichever flusher (thread or helper process) measured them."""
    out: dict[str, float] = {"fsyncs": fsyncs, "checkpoints": checkpoints, "failures": failures}
    if lags:
        out["lag_p50_ms"] = lags[len(lags) // 2]
        out["lag_p99_ms"] = lags[min(len(lags) - 1, int(len(lags) * 0.99))]
        out["lag_max_ms"] = lags[-1]
    return out


class WalFlusher:
    def __init__(
        self, path: Path, *, checkpoint_bytes: int = CHECKPOINT_BYTES, busy_timeout: float = 5.0
    ) -> None:
        self.path = path
        self.wal = path.with_name(path.name + "-wal")
        self.shm = path.with_name(path.name + "-shm")
        self.checkpoint_bytes = checkpoint_bytes
        #: Look at the WAL index once this many commits were flushed since the last look
        #: (a few pages each: well under the 4 MB). Every system call of this thread is
        #: a moment it needs the GIL back while the event loop may be in an answer.
        self.check_every = CHECK_EVERY
        self.busy_timeout = busy_timeout
        # Commits reach the thread through a queue, not a lock: see `request`.
        self._wake: queue.SimpleQueue[int] = queue.SimpleQueue()
        # Guards `_done` and `_waiters` (the thread and `wait`; never `request`).
        self._cond = threading.Condition()
        self._asked = 0  # commits reported so far (written by `request` only)
        self._done = 0  # commits known to be on disk
        self._asked_at: dict[int, float] = {}
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        self._thread = threading.Thread(target=self._run, name="fixer-wal-flush", daemon=True)
        self.fsyncs = 0
        self.checkpoints = 0
        self.failures = 0
        self._lags: list[float] = []  # ms from commit to fsync'd, the last 1,000

    def start(self) -> None:
        self._thread.start()

    def request(self) -> int:
        """A commit was written: flush it soon. Returns its ticket for `wait`.

        Called on the event loop right after each commit, i.e. on every answer's path.
        It takes no lock the thread may hold: with one, the loop waited whenever the
        thread held it and was itself waiting to run (for the GIL, or for a core on a
        busy machine): measured, up to 6-14 ms inside an answer. A `SimpleQueue` put
        never waits. (Only the event loop's thread calls it, so `_asked` has one
        writer.)"""
        self._asked += 1
        ticket = self._asked
        self._asked_at[ticket] = time.perf_counter()
        self._wake.put(ticket)
        return ticket

    async def wait(self, ticket: int | None = None) -> None:
        """Until the commit with `ticket` (default: every commit so far) is on disk."""
        loop = asyncio.get_running_loop()
        with self._cond:
            target = self._asked if ticket is None else ticket
            if self._done >= target or not self._thread.is_alive():
                return
            fut: asyncio.Future[None] = loop.create_future()
            self._waiters.append((target, fut))
        await fut

    def stats(self) -> dict[str, float]:
        with self._cond:
            lags = sorted(self._lags)
        return flush_stats(self.fsyncs, self.checkpoints, self.failures, lags)

    def stop(self) -> None:
        """Flush what is left and end the thread (blocking; call from a thread or at
        shut-down)."""
        self._wake.put(_STOP)
        if self._thread.is_alive():
            self._thread.join()

    # ---- the thread ------------------------------------------------------------------

    def _run(self) -> None:
        fd: int | None = None
        shm: int | None = None
        cp: sqlite3.Connection | None = None
        stopping = False
        checked = 0  # the last ticket whose WAL size was looked at
        try:
            while not stopping:
                # Every ticket waiting now: commits that arrived meanwhile share an fsync.
                tickets = [self._wake.get()]
                while True:
                    try:
                        tickets.append(self._wake.get_nowait())
                    except queue.Empty:
                        break
                stopping = _STOP in tickets
                target = max(tickets)
                if target <= self._done:
                    continue
                fd = self._flush(fd)
                now = time.perf_counter()
                with self._cond:
                    for n in range(self._done + 1, target + 1):
                        at = self._asked_at.pop(n, None)
                        if at is not None:
                            self._lags.append((now - at) * 1000)
                    del self._lags[:-1000]
                    self._done = target
                    ready = [(t, f) for t, f in self._waiters if t <= target]
                    self._waiters = [(t, f) for t, f in self._waiters if t > target]
                for _, fut in ready:
                    resolve(fut)
                if fd is not None and target - checked >= self.check_every:
                    checked = target
                    shm = self._open_shm(shm)
                    if self._unchecked_bytes(fd, shm) >= self.checkpoint_bytes:
                        cp = self._checkpoint(cp)
        finally:
            for open_fd in (fd, shm):
                if open_fd is not None:
                    os.close(open_fd)
            if cp is not None:
                cp.close()
            with self._cond:
                waiters, self._waiters = self._waiters, []
            for _, fut in waiters:
                resolve(fut)

    def _flush(self, fd: int | None) -> int | None:
        try:
            if fd is None:
                fd = os.open(self.wal, os.O_RDONLY)
            os.fsync(fd)
            self.fsyncs += 1
        except FileNotFoundError:
            # No WAL file (yet, or the last connection closed and SQLite removed it):
            # nothing waits in a WAL to be flushed.
            return None
        except OSError as exc:
            self.failures += 1
            # The commits are written and readable; only their survival of a power cut
            # is in doubt. Say so once per failure; the next commit tries again.
            log.error(
                "could not fsync %s (%s): the last actions are saved but may not "
                "survive a power cut; check the disk",
                self.wal,
                exc.strerror or exc,
            )
        return fd

    def _open_shm(self, shm: int | None) -> int | None:
        return walsync.open_shm(str(self.shm), shm)

    def _unchecked_bytes(self, wal_fd: int, shm: int | None) -> int:
        return walsync.unchecked_bytes(wal_fd, shm)

    def _checkpoint(self, cp: sqlite3.Connection | None) -> sqlite3.Connection | None:
        try:
            cp = walsync.checkpoint(str(self.path), cp, int(self.busy_timeout * 1000))
            self.checkpoints += 1
        except sqlite3.Error as exc:
            log.warning("WAL checkpoint of %s failed (%s); it is retried later", self.path, exc)
        return cp

    def lags(self) -> list[float]:
        """The last 1,000 lags (ms from commit to fsync'd)."""
        with self._cond:
            return list(self._lags)


def resolve(fut: asyncio.Future[None]) -> None:
    loop = fut.get_loop()
    if loop.is_closed():
        return

    def done() -> None:
        if not fut.done():
            fut.set_result(None)

    loop.call_soon_threadsafe(done)
