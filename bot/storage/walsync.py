"""The fsync and checkpoint work of a WAL database, and the helper process that does it.

Used two ways: imported by `bot.storage.flush` (the flusher thread, a fallback) and
`bot.storage.flushproc` (the parent side of the helper process), and run as a script
(``python -I walsync.py``) as that helper process. As a script it must start fast and
small, so it imports nothing from `bot` (importing `bot.storage` pulls in the whole
store); keep it on the standard library.

Why a process: a thread of the bot's own process needs the GIL back after every fsync,
every wake-up and every checkpoint, and on two busy cores each of those hand-offs can
stall the event loop in the middle of an answer (measured: Legendary's p99 at 50 games
36-39 ms with the flusher thread, 21-24 ms with no fsync at all). A process has its
own interpreter: the event loop only writes 16 bytes into a pipe per commit.

Protocol. The parent passes three descriptors: the read end of the request pipe, the
write end of the ack pipe and a shared control block (`Control`, an mmap'd file).
After each commit the parent stores the commit's ticket in the block and writes
(ticket, monotonic time) into the request pipe. The helper reads every request
waiting, fsyncs the WAL once for all of them, stores how far it got (`done`), its
counters and the lags in the block, and writes one byte into the ack pipe (without
waiting: the parent reads that pipe only while someone waits for a flush; a full pipe
means an ack is already there). End of file on the request pipe (the parent closed it,
or died, kill -9 included) means: flush what is left and exit.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import signal
import sqlite3
import struct
import sys
import time

# The WAL index header at the start of the -shm file (https://sqlite.org/walformat.html,
# native byte order): szPage (u16) at 14, mxFrame (the last valid frame) at 16, and the
# checkpoint info's nBackfill (frames already copied back) at 96.
_SHM_HEADER = struct.Struct("=12xBxHI76xI")

#: One request in the pipe: the commit's ticket and `time.monotonic()` when it was
#: made (CLOCK_MONOTONIC: the same clock in every process of the machine).
REQUEST = struct.Struct("=Qd")

# The control block: eight u64 fields, then a ring of the last LAGS lags (f64, ms).
_FIELDS = ("asked", "done", "fsyncs", "checkpoints", "failures", "errno", "cp_bytes", "every")
_HEAD = struct.Struct("=8Q")
LAGS = 1000
_LAG = struct.Struct("=d")
_LAG_COUNT = _HEAD.size  # u64: lags recorded so far (the ring's next slot, mod LAGS)
_LAG_AT = _LAG_COUNT + 8
CONTROL_SIZE = _LAG_AT + LAGS * _LAG.size


class Control:
    """Typed access to the shared control block. Each field has one writer: `asked`,
    `cp_bytes` and `every` the parent, the rest the helper (aligned 8-byte stores)."""

    def __init__(self, mem: mmap.mmap) -> None:
        self.mem = mem

    def get(self, name: str) -> int:
        return int(struct.unpack_from("=Q", self.mem, _FIELDS.index(name) * 8)[0])

    def set(self, name: str, value: int) -> None:
        struct.pack_into("=Q", self.mem, _FIELDS.index(name) * 8, value)

    def add_lag(self, ms: float) -> None:
        n = struct.unpack_from("=Q", self.mem, _LAG_COUNT)[0]
        _LAG.pack_into(self.mem, _LAG_AT + (n % LAGS) * _LAG.size, ms)
        struct.pack_into("=Q", self.mem, _LAG_COUNT, n + 1)

    def lags(self) -> list[float]:
        n = min(LAGS, struct.unpack_from("=Q", self.mem, _LAG_COUNT)[0])
        return [_LAG.unpack_from(self.mem, _LAG_AT + i * _LAG.size)[0] for i in range(n)]


def open_shm(path: str, shm: int | None) -> int | None:
    """A descriptor of the WAL index `path` (kept: opened once, not at every flush)."""
    if shm is not None:
        try:
            if os.fstat(shm).st_nlink > 0:
                return shm
        except OSError:
            pass
        os.close(shm)
    try:
        return os.open(path, os.O_RDONLY)
    except OSError:
        return None


def unchecked_bytes(wal_fd: int, shm: int | None) -> int:
    """Bytes of pages in the WAL not yet checkpointed into the database file. From the
    WAL index (`shm`, a descriptor of the -shm file); without one, or with an
    unexpected header, the WAL file's size, which can only overstate it."""
    try:
        if shm is not None:
            head = os.pread(shm, _SHM_HEADER.size, 0)
            if len(head) == _SHM_HEADER.size:
                init, page, frames, backfilled = _SHM_HEADER.unpack(head)
                if init == 1 and page in (1, *(1 << n for n in range(9, 16))):
                    size = 65536 if page == 1 else int(page)
                    return max(0, int(frames) - int(backfilled)) * size
    except OSError:
        pass
    try:
        return os.fstat(wal_fd).st_size
    except OSError:
        return 0


def checkpoint(db: str, cp: sqlite3.Connection | None, busy_ms: int) -> sqlite3.Connection:
    """A PASSIVE checkpoint: copies what no reader still needs, never blocks the writer.
    Raises `sqlite3.Error`; returns the connection to reuse."""
    if cp is None:
        cp = sqlite3.connect(db, isolation_level=None)
        cp.execute(f"PRAGMA busy_timeout = {busy_ms}")
    cp.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    return cp


def serve(db: str, requests: int, acks: int, control: Control, busy_ms: int) -> None:
    """The helper process's loop (see the module's docstring)."""
    wal, shm_path = db + "-wal", db + "-shm"
    fd: int | None = None
    shm: int | None = None
    cp: sqlite3.Connection | None = None
    pending: dict[int, float] = {}
    buf = b""
    checked = 0
    os.set_blocking(acks, False)
    eof = False
    try:
        while not eof:
            chunk = os.read(requests, 1 << 16)
            eof = not chunk
            buf += chunk
            whole = len(buf) - len(buf) % REQUEST.size
            for ticket, at in REQUEST.iter_unpack(buf[:whole]):
                pending[ticket] = at
            buf = buf[whole:]
            target = max(control.get("asked"), max(pending, default=0))
            if target <= control.get("done"):
                continue
            try:
                if fd is None:
                    fd = os.open(wal, os.O_RDONLY)
                os.fsync(fd)
                control.set("fsyncs", control.get("fsyncs") + 1)
            except FileNotFoundError:
                pass  # no WAL file (yet, or SQLite removed it): nothing to flush
            except OSError as exc:
                control.set("errno", exc.errno or 0)
                control.set("failures", control.get("failures") + 1)
            now = time.monotonic()
            for ticket in [t for t in pending if t <= target]:
                control.add_lag((now - pending.pop(ticket)) * 1000)
            control.set("done", target)
            with contextlib.suppress(BlockingIOError, BrokenPipeError):
                os.write(acks, b"!")
            if fd is not None and target - checked >= max(1, control.get("every")):
                checked = target
                shm = open_shm(shm_path, shm)
                if unchecked_bytes(fd, shm) >= control.get("cp_bytes"):
                    try:
                        cp = checkpoint(db, cp, busy_ms)
                        control.set("checkpoints", control.get("checkpoints") + 1)
                    except sqlite3.Error as exc:
                        print(f"WAL checkpoint of {db} failed ({exc})", file=sys.stderr)
    finally:
        for open_fd in (fd, shm):
            if open_fd is not None:
                os.close(open_fd)
        if cp is not None:
            cp.close()


def main(argv: list[str]) -> int:
    db, requests, acks, block, busy_ms = argv[0], *map(int, argv[1:5])
    # Ctrl-C reaches the whole process group: this process stays until its parent
    # closes the pipe, so what the parent committed is flushed before either exits.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with mmap.mmap(block, CONTROL_SIZE) as mem:
        serve(db, requests, acks, Control(mem), busy_ms)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
