"""What the saved-game tests of every game's terminal share: reading the command the
terminal said comes back to a game, looking into the database, scripted input that
checks the database at every prompt and then "kills" the session, and a real kill of a
`python -m bot play` process."""

from __future__ import annotations

import asyncio
import io
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

COME_BACK = re.compile(
    r"Come back to it with:\n  (python -m bot play (?:--game \w+ )?--resume (term-[0-9a-f]+).*)\n"
)


def come_back(out: str) -> tuple[list[str], str]:
    """The command the terminal said brings the game back (as argv for the game's own
    `main`: after "python -m bot play" and its --game), and the campaign id."""
    m = COME_BACK.search(out)
    assert m, out[-600:]
    argv = m.group(1).split()[4:]  # after "python -m bot play"
    if argv[:1] == ["--game"]:
        argv = argv[2:]
    return argv, m.group(2)


def rows(db: Path, sql: str, *params: object) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute(sql, params))


def on_disk(db: Path, cid: str) -> tuple[int, int, str]:
    """The stored version, the number of logged moves and the status of `cid`."""
    [(version, status)] = rows(db, "SELECT version, status FROM campaigns WHERE id = ?", cid)
    [(logged,)] = rows(db, "SELECT count(*) FROM actions WHERE campaign_id = ?", cid)
    assert isinstance(version, int) and isinstance(logged, int) and isinstance(status, str)
    return version, logged, status


def only_campaign(db: Path) -> str:
    [(cid,)] = rows(db, "SELECT id FROM campaigns")
    assert isinstance(cid, str)
    return cid


class Killed(BaseException):
    """Stands in for the process dying at a prompt: no handler of the session catches
    it, so nothing after the last committed move runs (no goodbye, no last save)."""


class Script:
    """stdin: `lines`, one a prompt; before answering each prompt `check` runs (it
    looks at the database). After the last line: `Killed` (or end of input)."""

    def __init__(
        self, lines: Sequence[str], check: Callable[[], None], *, kill: bool = True
    ) -> None:
        self.lines = list(lines)
        self.check = check
        self.kill = kill
        self.prompts = 0

    def readline(self, size: int | None = -1) -> str:
        self.check()
        self.prompts += 1
        if self.lines:
            return self.lines.pop(0) + "\n"
        if self.kill:
            raise Killed
        return ""

    def isatty(self) -> bool:
        return False


def kill_a_real_terminal(argv: Sequence[str], lines: Sequence[str], db: Path) -> tuple[int, str]:
    """Run `python -m bot play ARGV` in its own process, type `lines`, wait until it
    waits for more (its saved version stops moving), then SIGKILL it. Returns the saved
    version then and what the process printed."""
    out_path = db.with_suffix(".out")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    with out_path.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "play", *argv, "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=root,
            env=env,
        )
        assert proc.stdin is not None
        proc.stdin.write("".join(x + "\n" for x in lines).encode())
        proc.stdin.flush()  # the pipe stays open: the session waits at its next prompt
        last, stable, deadline = -1, 0.0, time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.2)
            assert proc.poll() is None, out_path.read_text()
            version = -1
            if db.exists():
                got = rows(db, "SELECT max(version) FROM campaigns")
                version = got[0][0] if got and isinstance(got[0][0], int) else -1
            if version == last and version > 0:
                stable += 0.2
                if stable >= 1.5:
                    break
            else:
                last, stable = version, 0.0
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    return last, out_path.read_text()


def sessions(monkeypatch: pytest.MonkeyPatch, cls: type[Any]) -> list[Any]:
    """Every session of class `cls` that runs from now on, in order."""
    seen: list[Any] = []
    real = cls.run

    def spy(self: Any) -> int:
        seen.append(self)
        result: int = real(self)
        return result

    monkeypatch.setattr(cls, "run", spy)
    return seen


def killed_after(
    main: Callable[..., int],
    cls: type[Any],
    args: list[str],
    moves: int,
    db: Path,
    monkeypatch: pytest.MonkeyPatch,
    version: Callable[[Any], int],
) -> tuple[Any, int]:
    """Run `main(args)` answering "1" `moves` times, checking at every prompt that
    every move so far, the AI's too, is on disk (the stored version and the log match
    the session's `version`), then die at the next prompt. Returns the session and how
    many prompts were checked."""
    live = sessions(monkeypatch, cls)
    checked = 0

    def check() -> None:
        nonlocal checked
        if live and live[-1].cid is not None:
            stored, logged, _ = on_disk(db, live[-1].cid)
            assert stored == version(live[-1]) == logged  # genesis at v0, one row a move
            checked += 1

    with pytest.raises(Killed):
        main(args, stdin=Script(["1"] * moves, check), stdout=io.StringIO())
    return live[-1], checked


def run(main: Callable[..., int], args: list[str], script: str) -> tuple[int, str, str]:
    """`main(args)` on typed `script`: its exit status, what it printed, its errors."""
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(script), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def verify(db: Path, adapter: Any, cid: str) -> bool:
    """The action log of `cid` replays, from its genesis, to the stored state."""
    from bot.service.game import GameService
    from bot.storage.sqlite import SqliteStore

    async def check() -> bool:
        store = await SqliteStore.open(db)
        try:
            return await GameService(store, adapter).verify(cid)
        finally:
            await store.close()

    return asyncio.run(check())


class Terminal:
    """One game's terminal as its tests drive it: its `main`, its session class and
    where a session keeps its saved version."""

    def __init__(self, main: Callable[..., int], cls: type[Any], version: Callable[[Any], int]):
        self.main, self.cls, self.version = main, cls, version

    def run(self, args: list[str], script: str) -> tuple[int, str, str]:
        return run(self.main, args, script)

    def sessions(self, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
        return sessions(monkeypatch, self.cls)

    def killed_after(
        self, args: list[str], moves: int, db: Path, monkeypatch: pytest.MonkeyPatch
    ) -> tuple[Any, int]:
        return killed_after(self.main, self.cls, args, moves, db, monkeypatch, self.version)

    def ctrl_c(self, args: list[str], db: Path) -> tuple[str, str]:
        """A new game stopped by Ctrl-C at its first prompt: exit status 130 and the
        command that comes back to it (in `db`, which it names); what the terminal said,
        and the campaign id."""
        out = io.StringIO()
        assert self.main(args, stdin=CtrlC(), stdout=out) == 130
        text = out.getvalue()
        argv, cid = come_back(text)
        assert argv == ["--resume", cid, "--db", str(db)]
        return text, cid


class CtrlC(io.StringIO):
    """stdin where the person presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt
