"""Crash test: kill -9 the bot at random instants; nothing acknowledged is ever lost.

A child process (crash_child.py) drives three tables through the real service on a
database file and prints each acknowledged version after its commit. The parent SIGKILLs
it at a random moment (during start-up, migration, a commit, anywhere), then checks:

* the database opens cleanly and `db check` finds nothing wrong;
* every acknowledged version is on disk, and at most the one in-flight action per table
  is there without an acknowledgement;
* the stored state is exactly the deterministic stream of actions replayed from the
  genesis (the log holds precisely those actions), and the game's invariants hold.

Then it starts a new child on the same file, many times.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore, check_file
from rules.core.errors import IllegalAction
from tests.service.crash_child import genesis, next_action
from tests.service.toy import ACTION, ToyAdapter, ToyState, apply, invariants

ROOT = Path(__file__).resolve().parents[2]
TABLES = ["alpha", "beta", "gamma"]
SEED = 7
ROUNDS = int(os.environ.get("CRASH_ROUNDS", "16"))


def _model_step(state: ToyState) -> tuple[Any, ToyState]:
    """What the child does next from `state`: the first legal attempt, applied."""
    attempt = 0
    while True:
        action = next_action(SEED, state, attempt)
        try:
            new, _ = apply(state, action)
        except IllegalAction:
            attempt += 1
            continue
        return action, new


@pytest.mark.parametrize("synchronous", ["NORMAL", "FULL"])
async def test_kill_minus_nine_loses_nothing(tmp_path: Path, synchronous: str) -> None:
    db = tmp_path / "crash.sqlite3"
    env = {**os.environ, "CRASH_SYNCHRONOUS": synchronous}
    rnd = random.Random(1234)
    model: dict[str, ToyState] = {}
    acked: dict[str, int] = {}
    found: dict[str, int] = {}  # the version on disk after the last kill
    checked_seq: dict[str, int] = {}
    kills_after_ready = 0
    for _ in range(ROUNDS):
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.service.crash_child", str(db), str(SEED), *TABLES],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        lines: list[str] = []
        reader = threading.Thread(target=lines.extend, args=(child.stdout or (),), daemon=True)
        reader.start()
        if rnd.random() < 0.2:
            # Anywhere in start-up: imports, opening, migrating, creating the tables.
            time.sleep(rnd.uniform(0.0, 0.8))
        else:
            deadline = time.monotonic() + 15
            while "ready\n" not in lines and child.poll() is None:
                assert time.monotonic() < deadline, "the child never got ready"
                time.sleep(0.005)
            time.sleep(rnd.uniform(0.0, 0.35))
        assert child.poll() is None, f"the child exited by itself: {child.stderr}"
        child.send_signal(signal.SIGKILL)
        child.wait()
        reader.join()
        err = child.stderr.read() if child.stderr else ""
        assert child.returncode == -signal.SIGKILL, err[-2000:]
        lines = [line.rstrip("\n") for line in lines]
        if "ready" in lines:
            kills_after_ready += 1
        for line in lines:
            if line.startswith("ack "):
                _, cid, version = line.split()
                assert int(version) > acked.get(cid, 0), "acks go up"
                acked[cid] = int(version)

        # After the crash: the database opens cleanly and checks out.
        report = await check_file(db) if db.exists() else None
        assert report is None or report.ok or report.counts == {}, report
        if not db.exists():
            continue
        async with await SqliteStore.open(db) as store:
            for cid in TABLES:
                stored = await store.load(cid)
                if stored is None:
                    assert cid not in acked
                    continue
                state = ToyState.model_validate_json(stored.state)
                invariants(state)
                if cid not in model:
                    gversion, gstate = await store.genesis(cid)
                    assert ToyState.model_validate_json(gstate) == genesis(SEED, cid)
                    model[cid] = genesis(SEED, cid)
                    checked_seq[cid] = 0
                # Every acknowledged action is there; at most one more per life of the
                # child, never half of one. (A child killed between a commit and its ack
                # leaves one unacknowledged action; the next child starts from it, so the
                # floor is what was acknowledged or already found on disk.)
                floor = max(acked.get(cid, 0), found.get(cid, 0))
                assert state.version - floor in (0, 1), (cid, state.version, acked, found)
                found[cid] = state.version
                # The log holds exactly the driver's actions; replaying it gives the state.
                for entry in await store.read_log(cid, after_seq=checked_seq[cid]):
                    expected_action, model[cid] = _model_step(model[cid])
                    assert ACTION.validate_json(entry.action) == expected_action
                    assert entry.version_before == model[cid].version - 1
                    checked_seq[cid] = entry.seq
                assert model[cid] == state
                assert stored.info.version == state.version
    # The acknowledged work is substantial and the kills hit a running game.
    assert kills_after_ready >= ROUNDS // 3
    assert sum(acked.values()) > 100
    async with await SqliteStore.open(db) as store:
        service: GameService[Any, Any] = GameService(store, ToyAdapter())
        for cid in TABLES:
            assert await service.verify(cid)
        report = await store.check()
        assert report.ok, report.problems
