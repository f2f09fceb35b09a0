"""Automatic online backups: made while the bot plays, each checked, rotated, on a
schedule that survives restarts."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from bot.service.game import GameService
from bot.storage.autobackup import AutoBackup
from bot.storage.base import CheckReport
from bot.storage.sqlite import SqliteStore, check_file
from tests.service.toy import Bump, ToyAdapter
from tests.service.util import make_table

Service = GameService[Any, Any]


async def _tables(store: SqliteStore, n: int = 2) -> Service:
    service: Service = GameService(store, ToyAdapter())
    for i in range(n):
        await make_table(service, f"t{i}", seed=i)
    return service


async def test_a_backup_is_made_checked_and_holds_everything(tmp_path: Path) -> None:
    db = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(db, synchronous="NORMAL", instance_lock=True) as store:
        service = await _tables(store)
        auto = AutoBackup(db)
        copy = await auto.run_once()
        assert copy is not None and copy.parent == tmp_path  # beside the database
        assert copy.name.startswith("fixer.sqlite3.auto-") and copy.name.endswith("Z.bak")
        await service.act("t0", Bump(player="a"))  # the bot plays on meanwhile
    report = await check_file(copy)
    assert report.ok and report.counts["campaigns"] == 2 and report.counts["actions"] == 4
    assert auto.backups() == [copy] and auto.made == 1


async def test_rotation_keeps_the_newest_and_touches_nothing_else(tmp_path: Path) -> None:
    db = tmp_path / "fixer.sqlite3"
    elsewhere = tmp_path / "backups"
    other = [tmp_path / "fixer.sqlite3.v3-20260101-000000.bak", elsewhere / "notes.txt"]
    elsewhere.mkdir()
    for path in other:
        path.write_text("keep me")
    clock = [1_800_000_000.0]
    async with await SqliteStore.open(db) as store:
        await _tables(store, 1)
        auto = AutoBackup(db, keep=3, directory=elsewhere, clock=lambda: clock[0])
        made = []
        for _ in range(5):
            made.append(await auto.run_once())
            clock[0] += 3600
    assert auto.backups() == made[-3:]
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted(
        [p.name for p in made[-3:] if p is not None] + ["notes.txt"]
    )
    assert all(p.read_text() == "keep me" for p in other)


async def test_a_copy_that_fails_its_check_is_deleted_and_reported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "fixer.sqlite3"

    async def broken(path: Path) -> CheckReport:
        report = await check_file(path)
        report.problems.append("pretend damage")
        return report

    async with await SqliteStore.open(db) as store:
        await _tables(store, 1)
        good = await AutoBackup(db).run_once()
        later = time.time() + 7 * 3600  # the next scheduled copy is due (6 h later)
        bad = AutoBackup(db, keep=1, check=broken, clock=lambda: later)
        assert bad.next_due() < later
        assert await bad.run_once() is None
    assert bad.backups() == [good]  # the good copy is not rotated away for a bad one
    assert bad.failures == 1
    (record,) = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert "failed its check" in record.getMessage() and "pretend damage" in record.getMessage()
    # After a failure the next try waits `retry` (not at once, not `every`).
    assert bad.next_due() == pytest.approx(later + bad.retry)


async def test_the_schedule_runs_while_the_bot_plays_and_stops_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(db, synchronous="NORMAL") as store:
        service = await _tables(store)
        auto = AutoBackup(db, every=0.2, keep=10)
        assert auto.start_delay == 0.2  # never more than `every`
        auto.start()
        deadline = time.monotonic() + 10
        while auto.made < 3 and time.monotonic() < deadline:
            await service.act("t1", Bump(player="a"))
            await asyncio.sleep(0.02)
        await auto.stop()
        made = auto.made
        assert made >= 3
        await asyncio.sleep(0.5)
        assert auto.made == made  # nothing after stop()
    copies = auto.backups()
    assert len(copies) == made
    for copy in copies:
        assert (await check_file(copy)).ok
    assert not [p for p in tmp_path.iterdir() if ".tmp-" in p.name]


async def test_after_a_restart_the_schedule_goes_on_from_the_newest_copy(tmp_path: Path) -> None:
    db = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(db) as store:
        await _tables(store, 1)
        first = AutoBackup(db, every=3600)
        assert first.next_due() <= time.time()  # no copy yet: due now
        await first.run_once()
        restarted = AutoBackup(db, every=3600)
        assert restarted.next_due() == pytest.approx(time.time() + 3600, abs=5)
        restarted.start()
        await asyncio.sleep(0.3)
        await restarted.stop()
        assert restarted.made == 0 and len(restarted.backups()) == 1


async def test_the_first_copy_waits_for_start_up_to_settle(tmp_path: Path) -> None:
    db = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(db) as store:
        await _tables(store, 1)
        auto = AutoBackup(db, every=3600, start_delay=0.5)
        assert auto.next_due() <= time.time()  # no copy yet: due now, but not at once
        auto.start()
        await asyncio.sleep(0.2)
        assert auto.made == 0
        deadline = time.monotonic() + 10
        while auto.made == 0 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await auto.stop()
        assert auto.made == 1 and len(auto.backups()) == 1
    assert AutoBackup(db).start_delay == 60.0


def test_from_settings(tmp_path: Path) -> None:
    settings = Settings.from_env(
        {
            "BOT_DATABASE": str(tmp_path / "f.sqlite3"),
            "BOT_BACKUP_EVERY": "90m",
            "BOT_BACKUP_KEEP": "3",
            "BOT_BACKUP_DIR": str(tmp_path / "bk"),
        }
    )
    auto = AutoBackup.from_settings(settings)
    assert auto is not None
    assert (auto.every, auto.keep, auto.directory) == (5400.0, 3, tmp_path / "bk")
    default = AutoBackup.from_settings(Settings.from_env({"BOT_DATABASE": str(tmp_path / "f")}))
    assert default is not None
    assert (default.every, default.keep, default.directory) == (6 * 3600.0, 14, tmp_path)
    assert AutoBackup.from_settings(Settings.from_env({"BOT_BACKUP_EVERY": "off"})) is None
