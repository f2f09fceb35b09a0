"""Database safety: empty and foreign files refused at start-up, `db init`, `db recover`
on a database damaged on purpose, errors that name the right file, `db check` wording."""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot import cli
from bot.storage import migrations
from bot.storage.base import NewAction, NewCampaign
from bot.storage.errors import (
    CorruptDatabaseError,
    DatabaseExistsError,
    EmptyDatabaseError,
    ForeignDatabaseError,
    MigrationError,
)
from bot.storage.recover import recover_file
from bot.storage.sqlite import SqliteStore, backup_file, check_file, init_database


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _two_lines(message: str) -> tuple[str, str]:
    """Start-up messages: the first line says what is wrong, the next what to do."""
    lines = message.splitlines()
    assert len(lines) >= 2, message
    return lines[0], lines[1]


# ---- refusing empty and foreign files ------------------------------------------------


async def test_an_empty_file_is_refused_not_turned_into_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    path.touch()  # a failed restore
    with pytest.raises(EmptyDatabaseError) as exc:
        await SqliteStore.open(path, instance_lock=True)
    what, todo = _two_lines(exc.value.message)
    assert str(path) in what and "empty (0 bytes)" in what
    assert "db init" in todo and "backup" in todo
    assert path.stat().st_size == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fixer.sqlite3", "fixer.sqlite3.lock"]


async def test_an_sqlite_file_without_tables_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")  # a header, no tables
    before = _digest(path)
    with pytest.raises(EmptyDatabaseError) as exc:
        await SqliteStore.open(path)
    what, todo = _two_lines(exc.value.message)
    assert "without a single table" in what and "db init" in todo
    assert _digest(path) == before


async def test_a_foreign_database_is_refused_with_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "fixer.sqlite3"
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
    with pytest.raises(ForeignDatabaseError) as exc:
        await SqliteStore.open(path)
    what, todo = _two_lines(exc.value.message)
    assert "not Fixer's" in what and "BOT_DATABASE" in todo


async def test_a_missing_file_is_created_whole(tmp_path: Path) -> None:
    """A fresh install: the default path does not exist yet, so the bot creates it."""
    path = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(path, instance_lock=True) as store:
        assert store.migrated_from is None
    assert (await check_file(path)).ok
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fixer.sqlite3", "fixer.sqlite3.lock"]


async def test_a_crash_while_creating_leaves_no_half_made_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fixer.sqlite3"
    real = migrations.migrate_schema

    async def dies(db: Any, p: Path, version: int, target: int) -> None:
        await real(db, p, version, 2)
        raise MigrationError("killed half-way")

    monkeypatch.setattr(migrations, "migrate_schema", dies)
    with pytest.raises(MigrationError):
        await SqliteStore.open(path)
    assert list(tmp_path.iterdir()) == []  # neither the database nor its temporary file
    monkeypatch.undo()
    await (await SqliteStore.open(path)).close()
    assert (await check_file(path)).ok


async def test_creating_removes_what_a_killed_creator_left(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    stale = tmp_path / f".fixer.sqlite3.new-{int(dead.stdout)}"
    stale_wal = tmp_path / f".fixer.sqlite3.new-{int(dead.stdout)}-wal"
    busy = tmp_path / f".fixer.sqlite3.new-{os.getppid()}"  # a live process's: left alone
    for leftover in (stale, stale_wal, busy):
        leftover.write_bytes(b"half a database")
    await (await SqliteStore.open(tmp_path / "fixer.sqlite3")).close()
    assert not stale.exists() and not stale_wal.exists() and busy.exists()


# ---- db init -------------------------------------------------------------------------


async def test_init_creates_initializes_and_never_overwrites(tmp_path: Path) -> None:
    fresh = tmp_path / "new" / "dir" / "fixer.sqlite3"
    assert await init_database(fresh) == "created"
    assert (await check_file(fresh)).ok
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    assert await init_database(empty) == "initialized"
    async with await SqliteStore.open(empty) as store:
        await store.create_campaign(
            NewCampaign(id="c1", game="toy", name="c", owner="o"), version=0, state="{}"
        )
    before = _digest(empty)
    with pytest.raises(DatabaseExistsError) as exc:
        await init_database(empty)
    what, todo = _two_lines(exc.value.message)
    assert "already a Fixer database" in what and "move it" in todo
    assert _digest(empty) == before
    foreign = tmp_path / "foreign.sqlite3"
    with closing(sqlite3.connect(foreign, isolation_level=None)) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
    with pytest.raises(ForeignDatabaseError):
        await init_database(foreign)


def test_db_init_migrate_and_check_at_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "fixer.sqlite3"
    for command in ("migrate", "check", "list"):
        code, _, err = run(capsys, "--database", str(db), "db", command)
        assert code == 1 and "no database" in err and "db init" in err, command
    assert not db.exists()  # refusing a missing database creates nothing
    db.touch()
    code, _, err = run(capsys, "--database", str(db), "db", "migrate")
    assert code == 1 and "empty (0 bytes)" in err and db.stat().st_size == 0
    code, out, _ = run(capsys, "--database", str(db), "db", "check")
    assert code == 1 and "PROBLEM: the file is empty (0 bytes)" in out
    assert "None" not in out and "schema:    unknown" in out and "journal:   unknown" in out
    code, out, _ = run(capsys, "--database", str(db), "db", "init")
    assert code == 0 and "initialized a new, empty Fixer database" in out
    code, out, _ = run(capsys, "--database", str(db), "db", "check")
    assert code == 0 and "OK" in out
    code, _, err = run(capsys, "--database", str(db), "db", "init")
    assert code == 1 and "already a Fixer database" in err
    code, out, _ = run(capsys, "--database", str(tmp_path / "a" / "b.sqlite3"), "db", "init")
    assert code == 0 and "created" in out


def test_db_check_never_prints_none(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all\n" * 300)
    code, out, _ = run(capsys, "--database", str(junk), "db", "check")
    assert code == 1 and "PROBLEM" in out and "None" not in out


# ---- a database damaged on purpose ---------------------------------------------------


def _action(n: int) -> NewAction:
    return NewAction(player="p", kind="bump", action=f'{{"type":"bump","n":{n}}}', events="[]")


async def _build(path: Path, sizes: dict[str, int]) -> None:
    async with await SqliteStore.open(path) as store:
        for cid, n in sizes.items():
            await store.create_campaign(
                NewCampaign(id=cid, game="toy", name=cid, owner="o", channel_id=f"ch-{cid}"),
                version=0,
                state='{"v":0}',
            )
            for v in range(n):
                await store.commit_action(
                    cid,
                    version_before=v,
                    version_after=v + 1,
                    state=f'{{"v":{v + 1}}}',
                    action=_action(v + 1),
                )


def _damage_page_holding(path: Path, marker: bytes) -> int:
    """Overwrite the page that holds `marker` with zeros; returns its page number."""
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        page_size = int(db.execute("PRAGMA page_size").fetchone()[0])
    data = bytearray(path.read_bytes())
    offset = data.find(marker)
    assert offset > 0 and data.find(marker, offset + 1) == -1, "the marker is on one page"
    page = offset // page_size
    data[page * page_size : (page + 1) * page_size] = bytes(page_size)
    path.write_bytes(bytes(data))
    return page + 1


async def test_recover_copies_what_can_be_read_and_says_what_was_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "fixer.sqlite3"
    await _build(path, {"big": 600, "small": 5})
    _damage_page_holding(path, b'"n":300}')
    damaged = _digest(path)
    # What the damage looks like to the other commands: refused, naming the right file.
    with pytest.raises(CorruptDatabaseError) as exc:
        await SqliteStore.open(path)
    assert str(path) in exc.value.message and "db recover" in exc.value.message
    with pytest.raises(CorruptDatabaseError) as exc:
        await backup_file(path, tmp_path / "copy.sqlite3")
    first = exc.value.message.splitlines()[0]
    assert str(path) in first and ".tmp-" not in exc.value.message and "copy" not in first
    assert not (tmp_path / "copy.sqlite3").exists()
    assert not (await check_file(path)).ok

    dest = tmp_path / "recovered.sqlite3"
    report = await recover_file(path, dest)
    assert _digest(path) == damaged  # the damaged file is only read
    tables = {t.name: t for t in report.tables}
    assert tables["campaigns"].copied == 2 and not tables["campaigns"].unreadable
    assert tables["genesis"].copied == 2
    actions = tables["actions"]
    assert actions.unreadable and actions.error and "malformed" in actions.error
    lost = 605 - actions.copied
    assert 0 < lost < 100  # one page of rows, not the rest of the table
    # big's log rows were written first, so their rowids are their seqs: exactly the
    # rows of the damaged page are lost, and the report says which.
    (skipped,) = actions.unreadable
    first, last = (int(x) for x in skipped.removeprefix("rowids ").split(" to "))
    assert last - first + 1 == lost and first < 300 < last
    (gap,) = report.campaigns
    assert gap.startswith(f"big: {lost} of 600 log rows could not be read (seq {first}-{last})")
    assert report.lost_anything and not report.ok
    # The new database is sound: SQLite's integrity check passes, its only problem is
    # the log that no longer covers big's state; both campaigns play on.
    assert report.check is not None and report.check.integrity == ["ok"]
    assert all("big" in p or "log" in p for p in report.check.problems)
    async with await SqliteStore.open(dest) as store:
        assert {c.id for c in await store.list_campaigns()} == {"big", "small"}
        log = await store.read_log("big")
        assert len(log) == 600 - lost and log[-1].seq == 600
        assert len(await store.read_log("small")) == 5
        await store.commit_action(
            "big", version_before=600, version_after=601, state="{}", action=_action(601)
        )


def test_db_recover_at_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fixer.sqlite3"
    asyncio.run(_build(path, {"big": 600}))
    _damage_page_holding(path, b'"n":300}')
    dest = tmp_path / "recovered.sqlite3"
    code, out, _ = run(capsys, "--database", str(path), "db", "recover", str(dest))
    assert code == 1 and dest.exists()
    assert "campaigns:       1 row copied" in out
    assert "LOST: campaign big:" in out and "could not be recovered" in out
    assert f"{path} was not modified" in out
    code, _, err = run(capsys, "--database", str(path), "db", "recover", str(dest))
    assert code == 1 and "already exists" in err
    # A sound database recovers whole.
    sound = tmp_path / "sound.sqlite3"
    asyncio.run(_build(sound, {"a": 3, "b": 2}))
    code, out, _ = run(capsys, "--database", str(sound), "db", "recover", str(tmp_path / "s2"))
    assert code == 0 and "Everything was recovered." in out and "LOST" not in out


async def test_recover_reads_the_wal_of_a_killed_bot_and_leaves_it_alone(tmp_path: Path) -> None:
    """After kill -9 the newest commits are only in `<db>-wal`: they are recovered too,
    and neither file is changed (a connection's close would checkpoint the WAL into the
    damaged file; recover reads a copy)."""
    live = tmp_path / "live.sqlite3"
    await _build(live, {"big": 600})
    killed = tmp_path / "killed"
    killed.mkdir()
    path = killed / "fixer.sqlite3"
    async with await SqliteStore.open(live, synchronous="NORMAL") as store:
        for v in range(600, 620):
            await store.commit_action(
                "big", version_before=v, version_after=v + 1, state="{}", action=_action(v + 1)
            )
        await store.flushed()
        # What a kill -9 leaves: the main file and the WAL holding the last 20 commits.
        path.write_bytes(live.read_bytes())
        wal = killed / "fixer.sqlite3-wal"
        wal.write_bytes(live.with_name(live.name + "-wal").read_bytes())
    assert wal.stat().st_size > 0
    _damage_page_holding(path, b'"n":300}')
    before = (_digest(path), _digest(wal))
    report = await recover_file(path, tmp_path / "recovered.sqlite3")
    assert (_digest(path), _digest(wal)) == before
    assert sorted(p.name for p in killed.iterdir()) == ["fixer.sqlite3", "fixer.sqlite3-wal"]
    (gap,) = report.campaigns
    assert " of 620 log rows" in gap  # the state from the WAL: v620
    async with await SqliteStore.open(tmp_path / "recovered.sqlite3") as store:
        log = await store.read_log("big", after_seq=600)
        assert [e.seq for e in log] == list(range(601, 621))
