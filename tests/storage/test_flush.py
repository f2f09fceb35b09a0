"""synchronous=NORMAL: commits written on the event loop, the WAL fsync'd and
checkpointed by the flusher (a helper process; a thread if that dies). What a player
was told about must be in the database (and readable by a fresh process) at once, and
on disk one fsync later."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage.errors import DatabaseLockedError, DiskFullError
from bot.storage.flush import WalFlusher
from bot.storage.flushproc import ProcessFlusher
from bot.storage.sqlite import SqliteStore
from tests.storage.test_sqlite import _action, _campaign, _commit


def _version_seen_by_another_process(path: Path) -> int:
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        return int(db.execute("SELECT version FROM campaigns WHERE id = 'c1'").fetchone()[0])


async def test_only_full_makes_commits_wait_for_the_disk(tmp_path: Path) -> None:
    async with await SqliteStore.open(tmp_path / "a.db", synchronous="FULL") as full:
        assert full.commits_wait_for_disk and full.flusher is None
    async with await SqliteStore.open(tmp_path / "b.db", synchronous="NORMAL") as normal:
        assert not normal.commits_wait_for_disk and normal.flusher is not None


async def test_a_commit_is_visible_at_once_and_fsynced_soon_after(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path, synchronous="NORMAL") as store:
        await _campaign(store)
        assert store.flusher is not None
        before = store.flusher.fsyncs
        for v in range(5):
            await _commit(store, "c1", v)
        # In the WAL, so another process (or a restarted bot) reads it already.
        assert _version_seen_by_another_process(path) == 5
        await asyncio.wait_for(store.flushed(), 5)
        stats = store.flusher.stats()
        assert store.flusher.fsyncs > before
        assert stats["failures"] == 0 and stats["lag_max_ms"] < 5000
        assert len(await store.read_log("c1")) == 5


async def test_commits_do_not_leave_the_event_loop(tmp_path: Path) -> None:
    """The point of NORMAL: an uncontended commit completes without a single suspension
    (no thread hop), so nothing else runs in the middle of it."""
    async with await SqliteStore.open(tmp_path / "f.db", synchronous="NORMAL") as store:
        await _campaign(store)
        ran: list[int] = []
        loop = asyncio.get_running_loop()
        loop.call_soon(ran.append, 1)
        coro = store.commit_action(
            "c1", version_before=0, version_after=1, state='{"v":1}', action=_action(0)
        )
        with pytest.raises(StopIteration) as done:
            coro.send(None)  # runs to completion in one step
        assert done.value.value.seq == 1
        assert ran == []


def _failing_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper process runs with an os.fsync that fails (EIO), as a dying disk's."""
    real = ProcessFlusher.command

    def command(self: ProcessFlusher, requests: int, acks: int) -> list[str]:
        argv = real(self, requests, acks)
        script = (
            "import os, runpy, sys\n"
            "def broken(fd):\n"
            "    raise OSError(5, 'Input/output error')\n"
            "os.fsync = broken\n"
            "sys.argv = sys.argv[1:]\n"
            "runpy.run_path(sys.argv[0], run_name='__main__')\n"
        )
        return [argv[0], "-I", "-c", script, *argv[2:]]

    monkeypatch.setattr(ProcessFlusher, "command", command)


async def test_a_failing_fsync_is_logged_and_loses_nothing_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "fixer.sqlite3"
    _failing_fsync(monkeypatch)
    async with await SqliteStore.open(path, synchronous="NORMAL") as store:
        with caplog.at_level(logging.ERROR, logger="bot.storage"):
            await _campaign(store)
            await _commit(store, "c1", 0)
            await asyncio.wait_for(store.flushed(), 5)
        assert store.flusher is not None and store.flusher.failures >= 1
        assert any("power cut" in r.getMessage() for r in caplog.records)
        assert any("Input/output error" in r.getMessage() for r in caplog.records)
        await _commit(store, "c1", 1)
    assert _version_seen_by_another_process(path) == 2


def test_a_failing_fsync_in_the_fallback_thread_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "x.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("CREATE TABLE t (x)")

        def broken(fd: int) -> None:
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(os, "fsync", broken)
        f = WalFlusher(path)
        f.start()
        with caplog.at_level(logging.ERROR, logger="bot.storage"):
            f.request()
            f.stop()
    assert f.failures == 1
    assert any("power cut" in r.getMessage() for r in caplog.records)


async def test_a_dead_flusher_process_is_replaced_by_a_thread(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path, synchronous="NORMAL") as store:
        await _campaign(store)
        flusher = store.flusher
        assert isinstance(flusher, ProcessFlusher) and flusher._proc is not None
        await asyncio.wait_for(store.flushed(), 5)
        before = flusher.fsyncs
        flusher._proc.kill()
        flusher._proc.wait()
        with caplog.at_level(logging.ERROR, logger="bot.storage"):
            for v in range(3):  # the first write after its death finds the pipe broken
                await _commit(store, "c1", v)
            await asyncio.wait_for(store.flushed(), 5)
        assert flusher.fallback is not None
        assert flusher.fsyncs > before
        assert any("thread instead" in r.getMessage() for r in caplog.records)
    assert _version_seen_by_another_process(path) == 3


def test_the_flusher_process_outlives_a_killed_bot_only_to_flush(tmp_path: Path) -> None:
    """kill -9 of the bot: its helper sees the pipe close, fsyncs and exits (no orphan
    left running), and what the bot committed is in the database."""
    path = tmp_path / "fixer.sqlite3"
    code = (
        "import asyncio, sys, time\n"
        "from pathlib import Path\n"
        "from bot.storage.sqlite import SqliteStore\n"
        "from tests.storage.test_sqlite import _campaign, _commit\n"
        "async def main():\n"
        "    store = await SqliteStore.open(Path(sys.argv[1]), synchronous='NORMAL')\n"
        "    await _campaign(store)\n"
        "    await _commit(store, 'c1', 0)\n"
        "    print(store.flusher._proc.pid, flush=True)\n"
        "    time.sleep(60)\n"
        "asyncio.run(main())\n"
    )
    bot = subprocess.Popen(
        [sys.executable, "-c", code, str(path)], stdout=subprocess.PIPE, cwd=Path.cwd()
    )
    try:
        assert bot.stdout is not None
        helper = int(bot.stdout.readline())
        bot.send_signal(signal.SIGKILL)
        bot.wait()
        for _ in range(500):
            try:
                os.kill(helper, 0)
            except ProcessLookupError:
                break
            time.sleep(0.01)
        else:
            pytest.fail("the flusher process outlived the bot by 5 s")
    finally:
        bot.kill()
        bot.wait()
    assert _version_seen_by_another_process(path) == 1


async def test_the_flusher_checkpoints_a_growing_wal(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    store = await SqliteStore.open(path, synchronous="NORMAL")
    try:
        assert store.flusher is not None
        store.flusher.checkpoint_bytes = 64 * 1024
        await _campaign(store)
        big = "x" * 20_000
        for v in range(40):
            await store.commit_action(
                "c1", version_before=v, version_after=v + 1, state=big + str(v), action=_action(v)
            )
        await asyncio.wait_for(store.flushed(), 5)
        for _ in range(100):
            if store.flusher.checkpoints:
                break
            await asyncio.sleep(0.01)
        assert store.flusher.checkpoints >= 1
        # The writer's own automatic checkpoint is off: only the flusher checkpoints.
        with closing(sqlite3.connect(path, isolation_level=None)) as db:
            assert db.execute("SELECT version FROM campaigns").fetchone()[0] == 40
    finally:
        await store.close()
    async with await SqliteStore.open(path) as again:
        assert (await again.check()).ok
        assert len(await again.read_log("c1")) == 40


async def test_a_rewound_wal_is_not_checkpointed_after_every_commit(tmp_path: Path) -> None:
    """SQLite rewinds the WAL file after a checkpoint but never shrinks it: what asks for
    the next checkpoint is the pages not yet copied back, not the file's size (which
    stays over the threshold, and once asked for a database fsync after each commit)."""
    path = tmp_path / "fixer.sqlite3"
    store = await SqliteStore.open(path, synchronous="NORMAL")
    try:
        flusher = store.flusher
        assert flusher is not None
        flusher.checkpoint_bytes = 256 * 1024
        flusher.check_every = 1
        await _campaign(store)
        for v in range(3):  # 300 KB: one checkpoint, after the third commit's fsync
            await store.commit_action(
                "c1",
                version_before=v,
                version_after=v + 1,
                state="x" * 100_000 + str(v),
                action=_action(v),
            )
            await asyncio.wait_for(store.flushed(), 5)
        for _ in range(200):
            if flusher.checkpoints:
                break
            await asyncio.sleep(0.01)
        assert flusher.checkpoints >= 1
        done = flusher.checkpoints
        for v in range(3, 8):  # small commits, far less than 256 KiB in all
            await _commit(store, "c1", v)
            await asyncio.wait_for(store.flushed(), 5)
            await asyncio.sleep(0.02)
        assert os.path.getsize(flusher.wal) >= flusher.checkpoint_bytes
        assert flusher.checkpoints == done
    finally:
        await store.close()
    async with await SqliteStore.open(path) as again:
        assert (await again.check()).ok
        assert len(await again.read_log("c1")) == 8


async def test_the_wal_index_is_looked_at_every_few_commits(tmp_path: Path) -> None:
    """Not after every fsync: each look is system calls on the flusher's thread, i.e.
    moments it needs the GIL back while the event loop answers someone."""
    store = await SqliteStore.open(tmp_path / "f.db", synchronous="NORMAL")
    try:
        flusher = store.flusher
        assert flusher is not None
        flusher.checkpoint_bytes = 1  # any page at all asks for a checkpoint
        flusher.check_every = 8
        await _campaign(store)  # ticket 1
        for v in range(6):  # tickets 2-7: no look yet
            await _commit(store, "c1", v)
            await asyncio.wait_for(store.flushed(), 5)
        await asyncio.sleep(0.05)
        assert flusher.checkpoints == 0
        for v in range(6, 8):  # ticket 8: the look, and a checkpoint
            await _commit(store, "c1", v)
            await asyncio.wait_for(store.flushed(), 5)
        for _ in range(200):
            if flusher.checkpoints:
                break
            await asyncio.sleep(0.01)
        assert flusher.checkpoints == 1
    finally:
        await store.close()


def test_the_pages_to_checkpoint_come_from_the_wal_index(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA wal_autocheckpoint = 0")
        db.execute("CREATE TABLE t (x)")
        f = WalFlusher(path)
        fd = os.open(f.wal, os.O_RDONLY)
        shm = f._open_shm(None)
        assert shm is not None
        try:
            db.execute("INSERT INTO t VALUES (?)", ("y" * 50_000,))
            before = f._unchecked_bytes(fd, shm)
            assert 50_000 <= before <= os.path.getsize(f.wal)
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
            assert f._unchecked_bytes(fd, shm) == 0
            db.execute("INSERT INTO t VALUES (1)")  # rewinds the WAL: a page or two
            assert 0 < f._unchecked_bytes(fd, shm) < before
            # No WAL index: the file's size, an upper bound.
            assert f._unchecked_bytes(fd, None) == os.path.getsize(f.wal)
            f.shm.unlink()
            assert f._open_shm(shm) is None  # the index it had is gone
        finally:
            os.close(fd)


async def test_a_lock_held_elsewhere_waits_off_the_loop_then_commits(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path, synchronous="NORMAL", busy_timeout=5) as store:
        await _campaign(store)
        other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        other.execute("BEGIN IMMEDIATE")  # an admin command writing meanwhile
        task = asyncio.ensure_future(_commit(store, "c1", 0))
        ticks = 0
        while ticks < 20:  # the loop keeps running while the commit waits
            await asyncio.sleep(0.005)
            ticks += 1
        assert not task.done()
        other.execute("ROLLBACK")
        other.close()
        await asyncio.wait_for(task, 5)
        assert _version_seen_by_another_process(path) == 1


async def test_a_lock_held_too_long_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path, synchronous="NORMAL", busy_timeout=0.2) as store:
        await _campaign(store)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(DatabaseLockedError):
                await _commit(store, "c1", 0)
        finally:
            other.execute("ROLLBACK")
            other.close()
        await _commit(store, "c1", 0)
        assert len(await store.read_log("c1")) == 1


async def test_a_full_disk_loses_nothing_committed_inline(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path) as store:
        await _campaign(store)
        await _commit(store, "c1", 0)
        pages = os.path.getsize(path) // 4096 + 8
    store = await SqliteStore.open(
        path, synchronous="NORMAL", pragmas=[f"PRAGMA max_page_count = {pages}"]
    )
    try:
        with pytest.raises(DiskFullError):
            await store.commit_action(
                "c1", version_before=1, version_after=2, state="x" * 200_000, action=_action(1)
            )
        stored = await store.load("c1")
        assert stored is not None and stored.info.version == 1
        await _commit(store, "c1", 1)
    finally:
        await store.close()
    async with await SqliteStore.open(path) as store:
        assert (await store.check()).ok
        assert len(await store.read_log("c1")) == 2


async def test_closing_flushes_and_stops_the_thread(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    store = await SqliteStore.open(path, synchronous="NORMAL")
    await _campaign(store)
    await _commit(store, "c1", 0)
    flusher = store.flusher
    assert isinstance(flusher, ProcessFlusher)
    await store.close()
    assert not flusher.alive()
    # A clean close leaves one self-contained file, as with FULL.
    assert [p.name for p in tmp_path.iterdir()] == ["fixer.sqlite3"]
    assert _version_seen_by_another_process(path) == 1


def test_asking_for_a_flush_never_waits_for_the_flusher_thread(tmp_path: Path) -> None:
    """`request` runs on the event loop after every commit: it must not wait for a lock
    the thread holds (the thread may itself be waiting for the GIL or a core)."""
    f = WalFlusher(tmp_path / "none.db")
    f.start()
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with f._cond:
            held.set()
            release.wait(5)

    other = threading.Thread(target=hold)
    other.start()
    try:
        assert held.wait(5)
        started = time.perf_counter()
        tickets = [f.request() for _ in range(3)]
        assert time.perf_counter() - started < 0.25
        assert tickets == [1, 2, 3]
    finally:
        release.set()
        other.join()
    f.stop()
    assert f._done == 3 and f.failures == 0


def test_a_flusher_without_a_wal_file_has_nothing_to_do(tmp_path: Path) -> None:
    f = WalFlusher(tmp_path / "none.db")
    f.start()
    f.request()
    f.stop()
    assert f.failures == 0 and f.fsyncs == 0


def _count_requests(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every fsync request the store makes of its flusher, as it is made."""
    flusher = store.flusher
    assert flusher is not None
    made: list[int] = []
    real = flusher.request

    def request() -> int:
        made.append(1)
        return real()

    monkeypatch.setattr(flusher, "request", request)
    return made


async def test_an_answer_holds_the_fsync_request_until_it_is_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While an answer is being sent, a commit (already in the WAL, readable by anyone)
    asks for its fsync only once the answer is out; the commits made meanwhile share
    that one request. Not busy: at once, as before."""
    path = tmp_path / "hold.db"
    async with await SqliteStore.open(path, synchronous="NORMAL") as store:
        await _campaign(store)
        made = _count_requests(store, monkeypatch)
        busy = [True]
        store.hold_flush_while(lambda: busy[0])
        await _commit(store, "c1", 0)
        await _commit(store, "c1", 1)
        assert _version_seen_by_another_process(path) == 2
        assert made == []
        busy[0] = False
        store.release_flush()
        assert made == [1]
        store.release_flush()  # nothing held: nothing asked
        assert made == [1]
        await _commit(store, "c1", 2)
        assert made == [1, 1]
        await asyncio.wait_for(store.flushed(), 5)


async def test_a_held_fsync_request_goes_after_at_most_flush_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.storage.core import FLUSH_HOLD

    async with await SqliteStore.open(tmp_path / "cap.db", synchronous="NORMAL") as store:
        await _campaign(store)
        made = _count_requests(store, monkeypatch)
        store.hold_flush_while(lambda: True)  # an answer that never ends
        await _commit(store, "c1", 0)
        assert made == []
        await asyncio.sleep(FLUSH_HOLD * 3)
        assert made == [1]
        assert store.flusher is not None
        await asyncio.wait_for(store.flusher.wait(), 5)


async def test_waiting_for_the_disk_does_not_wait_for_the_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`flushed()` (closing, a test, a backup) sends what is held at once; so does
    closing the store, and a store that holds nothing any more sends it too."""
    async with await SqliteStore.open(tmp_path / "w.db", synchronous="NORMAL") as store:
        await _campaign(store)
        made = _count_requests(store, monkeypatch)
        store.hold_flush_while(lambda: True)
        await _commit(store, "c1", 0)
        assert store.flusher is not None
        before = store.flusher.fsyncs
        await asyncio.wait_for(store.flushed(), 5)
        assert made == [1] and store.flusher.fsyncs > before
        await _commit(store, "c1", 1)
        store.hold_flush_while(None)
        assert made == [1, 1]
        await _commit(store, "c1", 2)
        assert made == [1, 1, 1]
        store.hold_flush_while(lambda: True)
        await _commit(store, "c1", 3)
    assert made == [1, 1, 1, 1]  # closing sent it, and its timer is gone with it
    await asyncio.sleep(0.03)
    assert made == [1, 1, 1, 1]
    with closing(sqlite3.connect(tmp_path / "w.db")) as db:
        assert db.execute("SELECT version FROM campaigns").fetchone()[0] == 4
