"""What the saved-game tests of every game's terminal share: reading the command the
terminal said comes back to a game, looking into the database, scripted input that
checks the database at every prompt and then "kills" the session, and a real kill of a
`python -m bot play` process."""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

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
