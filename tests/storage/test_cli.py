"""`python -m bot db …`: the admin commands, as an admin runs them."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from bot import cli, games
from bot.storage.schema import CURRENT_VERSION as V
from tests.service.toy import ToyAdapter
from tests.storage.oldversions import build_v1
from tests.storage.test_admin import _played

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def toy_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game in the registry, as a build that holds it: the CLI replays toy
    campaigns as it does Legends ones."""
    monkeypatch.setitem(games.GAMES, "toy", "tests.service.toy")


def test_backup_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db))
    dest = tmp_path / "backup.sqlite3"
    code, out, _ = run(capsys, "--database", str(db), "db", "backup", str(dest))
    assert code == 0 and "backed up" in out and dest.exists()
    code, _, err = run(capsys, "--database", str(db), "db", "backup", str(dest))
    assert code == 1 and "already exists" in err
    assert run(capsys, "--database", str(db), "db", "backup", str(dest), "--force")[0] == 0
    code, out, _ = run(capsys, "--database", str(dest), "db", "check")
    assert code == 0 and "OK" in out and f"schema:    v{V}" in out and "campaigns:" in out
    code, out, _ = run(capsys, "--database", str(dest), "db", "check", "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] and report["counts"]["actions"] == 15


def test_check_finds_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db))
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute("UPDATE campaigns SET version = 99 WHERE id = 't2'")
    code, out, _ = run(capsys, "--database", str(db), "db", "check")
    assert code == 1 and "PROBLEM" in out and "t2" in out
    code, _, err = run(capsys, "--database", str(tmp_path / "none.sqlite3"), "db", "check")
    assert code == 1 and "no database" in err
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute("PRAGMA user_version = 42")
    code, out, _ = run(capsys, "--database", str(db), "db", "check")
    assert code == 1 and "newer than this Fixer" in out


def test_check_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_known: None) -> None:
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db))
    code, out, _ = run(capsys, "--database", str(db), "db", "check", "--replay")
    assert code == 0 and "OK" in out
    # A state edited by hand, consistently enough to pass the structural check:
    with closing(sqlite3.connect(db, isolation_level=None)) as raw:
        raw.execute("UPDATE campaigns SET state = json_set(state, '$.counter', 7) WHERE id='t0'")
    code, out, _ = run(capsys, "--database", str(db), "db", "check", "--replay")
    assert code == 1 and "t0" in out and "does not replay" in out


def test_export_and_import(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    toy_known: None,
) -> None:
    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    asyncio.run(_played(src))
    monkeypatch.setenv("BOT_DATABASE", str(src))  # the default database
    file = tmp_path / "t1.json"
    code, out, _ = run(capsys, "db", "export", "t1", str(file))
    assert code == 0 and "keep it private" in out
    assert json.loads(file.read_text())["campaign"]["id"] == "t1"
    code, _, err = run(capsys, "db", "export", "t1", str(file))
    assert code == 1 and "already exists" in err
    code, _, err = run(capsys, "db", "export", "nope", str(tmp_path / "n.json"))
    assert code == 1 and "no campaign nope" in err
    code, out, _ = run(
        capsys,
        "--database",
        str(dst),
        "db",
        "import",
        str(file),
        "--channel",
        "c9",
        "--guild",
        "g9",
    )
    assert code == 0 and "imported campaign t1" in out and "c9" in out
    code, out, _ = run(capsys, "--database", str(dst), "db", "list")
    assert code == 0 and "t1\tactive\tv5\ttoy\tguild=g9\tchannel=c9" in out
    code, _, err = run(capsys, "--database", str(dst), "db", "import", str(file))
    assert code == 1 and "already exists" in err
    # A hand-edited export is caught by replaying its log.
    data = json.loads(file.read_text())
    data["campaign"]["id"] = "t1-edited"
    data["campaign"]["state"]["counter"] = 1000
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    code, _, err = run(capsys, "--database", str(dst), "db", "import", str(edited))
    assert code == 1 and "does not replay" in err and "Nothing was imported" in err
    garbage = tmp_path / "garbage.json"
    garbage.write_text('{"hello": "world"}')
    code, _, err = run(capsys, "--database", str(dst), "db", "import", str(garbage))
    assert code == 1 and "not a valid Fixer campaign export" in err
    code, out, _ = run(capsys, "--database", str(dst), "db", "check", "--replay")
    assert code == 0


def test_export_import_and_check_with_prefs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_known: None
) -> None:
    from bot.storage.base import Pref
    from bot.storage.sqlite import SqliteStore

    src, dst = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    asyncio.run(_played(src, tables=1))

    async def save() -> None:
        async with await SqliteStore.open(src) as store:
            await store.save_prefs([Pref("t0", "dm", '["42"]'), Pref("t0", "published", "5")])

    asyncio.run(save())
    file = tmp_path / "t0.json"
    code, out, _ = run(capsys, "--database", str(src), "db", "export", "t0", str(file))
    assert code == 0 and "2 Discord preferences" in out
    data = json.loads(file.read_text())
    assert data["format_version"] == 3 and data["prefs"] == {"dm": ["42"], "published": 5}
    code, out, _ = run(capsys, "--database", str(dst), "db", "import", str(file))
    assert code == 0 and "2 Discord preferences" in out
    code, out, _ = run(capsys, "--database", str(dst), "db", "check", "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] and report["counts"]["prefs"] == 2
    # A pre-v4 preferences file beside the database: a note (the bot imports it).
    (tmp_path / "b.sqlite3.discord.json").write_text("{}")
    code, out, _ = run(capsys, "--database", str(dst), "db", "check")
    assert code == 0 and "note: b.sqlite3.discord.json" in out


def test_export_to_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db, tables=1))
    code, out, _ = run(capsys, "--database", str(db), "db", "export", "t0", "-")
    assert code == 0 and json.loads(out)["format"] == "fixer-campaign"


def test_migrate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "fixer.sqlite3"
    build_v1(db)
    code, out, _ = run(capsys, "--database", str(db), "db", "check")
    assert code == 0 and f"note: schema v1 is older than v{V}" in out  # read-only: not migrated
    code, out, _ = run(capsys, "--database", str(db), "db", "migrate")
    assert code == 0 and f"from schema v1 to v{V}" in out
    code, out, _ = run(capsys, "--database", str(db), "db", "migrate")
    assert code == 0 and f"already at schema v{V}" in out


def test_db_needs_a_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["db"])
    assert exc.value.code == 2
    assert "DB_COMMAND" in capsys.readouterr().err


def test_python_dash_m_bot(tmp_path: Path) -> None:
    """The real entry point, in a child process."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "BOT_DATABASE")}
    db = tmp_path / "fixer.sqlite3"
    asyncio.run(_played(db, tables=1))
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "--database", str(db), "db", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert proc.returncode == 0 and "OK" in proc.stdout, proc.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "--database", str(tmp_path / "x" / "f.db"), "db", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert proc.returncode == 1 and "no database" in proc.stderr
    assert "Traceback" not in proc.stderr


class GhostAdapter(ToyAdapter):
    """A game this build does not hold (not in the registry)."""

    game = "ghost"


def test_a_campaign_of_a_game_this_build_lacks_is_kept_never_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toy_known: None
) -> None:
    from bot.service.contract import Refused
    from bot.service.game import GameService
    from bot.storage.sqlite import SqliteStore
    from tests.service.util import make_table

    src, dst, copy = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3", tmp_path / "copy.sqlite3"

    async def setup() -> str:
        async with await SqliteStore.open(src) as store:
            await make_table(GameService(store, ToyAdapter()), "t1", channel="c1")
            await make_table(GameService(store, GhostAdapter()), "g1", channel="c1")
            stored = await store.load("g1")
        assert stored is not None
        return stored.state

    ghost_state = asyncio.run(setup())
    code, out, _ = run(capsys, "--database", str(src), "db", "list")
    assert code == 0 and "g1\tactive\tv2\tghost\tguild=g1\tchannel=c1" in out
    code, out, _ = run(capsys, "--database", str(src), "db", "check", "--replay")
    assert code == 0 and "OK" in out and "cannot replay g1: game 'ghost'" in out
    assert run(capsys, "--database", str(src), "db", "backup", str(copy))[0] == 0
    code, out, _ = run(capsys, "--database", str(copy), "db", "list")
    assert code == 0 and "g1\tactive\tv2\tghost" in out
    file = tmp_path / "g1.json"
    assert run(capsys, "--database", str(src), "db", "export", "g1", str(file))[0] == 0
    code, out, err = run(capsys, "--database", str(dst), "db", "import", str(file))
    assert code == 0 and "imported campaign g1" in out
    assert "game 'ghost' is not in this build; the log was not replayed" in err
    code, out, _ = run(capsys, "--database", str(dst), "db", "check")
    assert code == 0 and "OK" in out

    async def resume() -> None:
        for path in (src, dst, copy):
            async with await SqliteStore.open(path) as store:
                toy = GameService(store, ToyAdapter())
                report = await toy.start()
                assert "g1" not in [i.id for i in report.active] and report.unreadable == []
                with pytest.raises(Refused) as exc:
                    await toy.get("g1")
                assert exc.value.refusal.code == "wrong_game"
                stored = await store.load("g1")
                assert stored is not None and stored.state == ghost_state  # untouched

    asyncio.run(resume())
