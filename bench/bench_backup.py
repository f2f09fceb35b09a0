"""Automatic backups while the bot plays: how long one takes, and what it costs players.

    python -m bench.bench_backup                  # 3,000 campaigns x 30 actions
    python -m bench.bench_backup --campaigns 300  # a smaller database

One `AutoBackup.run_once()` (the online copy, then `db check` of the copy, then rotation)
on a database of N campaigns with 4 KB states, while a task on the same event loop
wakes every millisecond: its largest gap is how long an action's answer could be held up
by the backup. Numbers go to docs/benchmarks.md, "Automatic backups".
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Awaitable
from pathlib import Path

from bot.storage.autobackup import AutoBackup
from bot.storage.base import NewAction, NewCampaign
from bot.storage.sqlite import SqliteStore

_PAD = "x" * 4000  # a Legends table is a few KB of JSON


async def _fill(store: SqliteStore, campaigns: int, actions: int) -> None:
    for i in range(campaigns):
        await store.create_campaign(
            NewCampaign(id=f"c{i}", game="toy", name="c", owner="o", channel_id=str(i)),
            version=0,
            state=f'{{"p":"{_PAD}","v":0}}',
        )
        for v in range(actions):
            await store.commit_action(
                f"c{i}",
                version_before=v,
                version_after=v + 1,
                state=f'{{"p":"{_PAD}","v":{v + 1}}}',
                action=NewAction(player="p", kind="bump", action='{"type":"bump"}', events="[]"),
            )
    await store.flushed()


async def _gaps(work: Awaitable[object]) -> list[float]:
    """The gaps between wake-ups of a task sleeping 1 ms, while `work` runs (sorted)."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    tick = asyncio.create_task(ticker())
    await work
    done.set()
    await tick
    return sorted(gaps)


def _ms(gaps: list[float]) -> str:
    return f"max {gaps[-1] * 1000:.1f} ms, p99 {gaps[int(len(gaps) * 0.99)] * 1000:.1f} ms"


async def main(campaigns: int, actions: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "fixer.sqlite3"
        async with await SqliteStore.open(db, synchronous="NORMAL") as store:
            await _fill(store, campaigns, actions)
            idle = await _gaps(asyncio.sleep(1.0))  # the same loop with no backup
            start = time.perf_counter()
            backup = asyncio.ensure_future(AutoBackup(db).run_once())
            gaps = await _gaps(backup)
            took = time.perf_counter() - start
            copy = backup.result()
        assert copy is not None, "the backup failed"
        print(
            f"{campaigns:,} campaigns x {actions} actions, copy {copy.stat().st_size / 1e6:.1f} MB:"
            f" backup + check {took * 1000:.0f} ms; event loop gaps (1 ms sleeps) during it"
            f" {_ms(gaps)}; idle {_ms(idle)}"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--campaigns", type=int, default=3000)
    parser.add_argument("--actions", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(main(args.campaigns, args.actions))
