"""Durable actions with several bot processes on one PostgreSQL (issue 15).

    python -m bench.bench_shards                  # FIXER_TEST_POSTGRES or the local default
    python -m bench.bench_shards --quick          # a smoke run
    python -m bench.bench_shards --tables 40 --actions 40 --rounds 3

In one run, on the same tables and actions (the toy game of the tests, states ~3 KB;
every crew waits for its answer and acts again):

* **bare**: a bare asyncpg loop committing rows of the same sizes (the version-checked
  UPDATE and the log INSERT, one transaction each), one process;
* **pg x1**: the game service on PostgreSQL, one process with every table;
* **pg x2**: two processes (OS processes, each its own event loop, pool and caches), the
  tables split between them as shards split guilds; with `notify` (each commit is
  announced to the other process) and, `--read`, the version check on read instead;
* **sqlite x1**: the game service on SQLite (NORMAL durability), one process.

Actions/s over the whole run (the sum of the processes, from a common start) and p50/p99
latency of one action. Rounds alternate the modes; medians are reported. Numbers go to
docs/benchmarks.md, "Several processes on one PostgreSQL".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import secrets
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.bench_pg import DEFAULT_URL, _schema, bare_round
from bench.bench_service import legends_workload, pct, toy_workload
from bot.service.game import GameService
from bot.storage.base import Store
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore

Result = tuple[int, float, list[float], float]  # actions, seconds, latencies, CPU share


async def _crews(service: GameService[Any, Any], wl: Any, cids: list[str], per: int) -> Result:
    lat: list[float] = []

    async def crew(cid: str) -> None:
        version = wl.adapter.version(await service.get(cid))
        for i, action in enumerate(wl.actions[:per]):
            t0 = time.perf_counter()
            await service.act(cid, action, expected_version=version + i, interaction_id=f"i{i}")
            lat.append(time.perf_counter() - t0)

    start, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(crew(cid) for cid in cids))
    wall = time.perf_counter() - start
    # How busy this process was: near 1.0 means Python is the bottleneck (another
    # process helps), well below means it waits for the database.
    return len(cids) * per, wall, lat, (time.process_time() - cpu) / wall


def workload(game: str, per: int) -> Any:
    """The toy game (a cheap engine: the database is the bottleneck) or Cyberpunk
    Legends (a real engine, a few ms of Python per action)."""
    return legends_workload(per) if game == "legends" else toy_workload(per)


async def _run_pg(
    url: str, schema: str, cids: list[str], per: int, check: str, game: str, ready: Any, go: Any
) -> Result:
    wl = workload(game, per)
    async with await PostgresStore.open(url, schema=schema, max_size=max(4, len(cids))) as store:
        service: GameService[Any, Any] = GameService(store, wl.adapter, cache_check=check)
        await service.start(warm=False)
        for cid in cids:
            await service.get(cid)  # warm: a running bot has its tables cached
        ready.put(True)  # every process starts at once, when all are warm
        await asyncio.to_thread(go.wait)
        return await _crews(service, wl, cids, per)


def _worker(args: tuple[str, str, list[str], int, str, str], ready: Any, go: Any, out: Any) -> None:
    out.put(asyncio.run(_run_pg(*args, ready, go)))


async def _create(store: Store, wl: Any, cids: list[str]) -> None:
    service: GameService[Any, Any] = GameService(store, wl.adapter)
    for cid in cids:
        await service.create(campaign_id=cid, state=wl.genesis(cid), name=cid, owner="o")


async def pg_round(
    url: str, wl: Any, tables: int, per: int, procs: int, check: str, game: str
) -> Result:
    """`procs` OS processes acting on `tables` tables split between them."""
    schema = "bench_" + secrets.token_hex(4)
    await _schema(url, schema)
    try:
        cids = [f"t{i}" for i in range(tables)]
        async with await PostgresStore.open(url, schema=schema) as store:
            await _create(store, wl, cids)
        ctx = mp.get_context("spawn")
        out, ready, go = ctx.Queue(), ctx.Queue(), ctx.Event()
        workers = [
            ctx.Process(
                target=_worker,
                args=((url, schema, cids[p::procs], per, check, game), ready, go, out),
            )
            for p in range(procs)
        ]
        for w in workers:
            w.start()
        for _ in workers:
            ready.get(timeout=600)
        go.set()
        results = [out.get(timeout=600) for _ in workers]
        for w in workers:
            w.join()
        actions = sum(r[0] for r in results)
        seconds = max(r[1] for r in results)
        cpu = statistics.mean(r[3] for r in results)
        return actions, seconds, [x for r in results for x in r[2]], cpu
    finally:
        await _schema(url, schema, drop=True)


async def sqlite_round(wl: Any, tables: int, per: int) -> Result:
    with tempfile.TemporaryDirectory() as tmp:
        cids = [f"t{i}" for i in range(tables)]
        async with await SqliteStore.open(Path(tmp) / "b.db", synchronous="NORMAL") as store:
            await _create(store, wl, cids)
            service: GameService[Any, Any] = GameService(store, wl.adapter)
            return await _crews(service, wl, cids, per)


def _sizes(wl: Any, per: int) -> list[tuple[int, int]]:
    """The state and log-row sizes of the workload (for the bare loop)."""
    sizes = []
    state = wl.genesis("t0")
    for action in wl.actions[:per]:
        state, events = wl.adapter.apply(state, action)
        sizes.append(
            (len(wl.adapter.state_to_json(state)), len(wl.adapter.action_to_json(action)) + 200)
        )
    return sizes


async def main(args: argparse.Namespace) -> dict[str, Any]:
    url = args.url or os.environ.get("FIXER_TEST_POSTGRES") or DEFAULT_URL
    wl = workload(args.game, args.actions)
    tables, per = args.tables, args.actions
    modes: list[str] = ["bare", "pg x1", "pg x2 notify", "sqlite x1"]
    if args.read:
        modes.insert(3, "pg x2 read")
    rates: dict[str, list[float]] = {m: [] for m in modes}
    cpus: dict[str, list[float]] = {m: [] for m in modes}
    lats: dict[str, list[float]] = {m: [] for m in modes}
    sizes = _sizes(wl, per)
    for _ in range(args.rounds):
        for mode in modes:
            if mode == "bare":
                rate, lat = await bare_round(url, sizes, tables)
                rates[mode].append(rate)
                lats[mode] += lat
                continue
            if mode == "sqlite x1":
                n, secs, lat, cpu = await sqlite_round(wl, tables, per)
            else:
                procs = 2 if "x2" in mode else 1
                check = "read" if mode.endswith("read") else "notify"
                n, secs, lat, cpu = await pg_round(url, wl, tables, per, procs, check, args.game)
            rates[mode].append(n / secs)
            cpus[mode].append(cpu)
            lats[mode] += lat
    out: dict[str, Any] = {"workload": wl.note, "tables": tables, "actions_per_table": per}
    bare = statistics.median(rates["bare"])
    one = statistics.median(rates["pg x1"])
    for mode in modes:
        rate = statistics.median(rates[mode])
        out[mode] = {
            "actions_per_s": round(rate),
            "vs_bare": round(rate / bare, 2),
            "vs_pg_x1": round(rate / one, 2),
            "p50_ms": round(pct(lats[mode], 50) * 1000, 1),
            "p99_ms": round(pct(lats[mode], 99) * 1000, 1),
        }
        if cpus[mode]:
            out[mode]["cpu_share_per_process"] = round(statistics.median(cpus[mode]), 2)
        print(f"{mode}: {json.dumps(out[mode])}", flush=True)
    return out


def cli() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--url", help="a postgresql:// URL (default: FIXER_TEST_POSTGRES or local)")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--actions", type=int, default=40, help="actions per table")
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--read", action="store_true", help="also 2 processes with cache_check=read")
    p.add_argument("--game", choices=("toy", "legends"), default="toy")
    args = p.parse_args()
    if args.quick:
        args.actions, args.tables, args.rounds = 10, 4, 1
    asyncio.run(main(args))


if __name__ == "__main__":
    cli()
