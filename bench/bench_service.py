"""Durable actions: the game service against a bare aiosqlite loop, latency, memory.

    python -m bench.bench_service            # the full run (about two minutes)
    python -m bench.bench_service --quick    # a smoke run (seconds)
    python -m bench.bench_service --game toy # the toy game from the tests instead

What it measures (numbers go to docs/benchmarks.md, "Durable actions (service)"):

1. Throughput: actions/s through the whole service (cache, check, engine apply, JSON,
   commit of state + log row in one transaction) on one table, one action at a time,
   against a bare aiosqlite loop that commits rows of exactly the same sizes (an UPDATE
   of the state row and an INSERT of the log row per transaction) to the same kind of
   file with the same pragmas (WAL, synchronous=FULL), in the same run. Rounds
   alternate service/bare so disk noise hits both alike; the medians are reported.
2. Latency of one action with 1, 100 and 1,000 active tables: (a) one action at a time
   on a random table; (b) under load: each table's crew waits for its answer, thinks
   (exponential, mean N/200 s: 200 actions/s offered in all), and acts again.
3. Memory: per cached table (tracemalloc, a mid-run Legends table), and the process
   with 10,000 stored campaigns after touching every one (bounded by the cache).

The actions are real: an AI crew's playout is computed once with the pure engine, then
replayed through the service on every table (tables differ only in their id).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore

SYNC = "FULL"


@dataclass
class Workload:
    name: str
    adapter: Any
    genesis: Callable[[str], Any]  # table id -> genesis state
    actions: list[Any]  # one playout, replayable from any genesis
    note: str = ""


def legends_workload(n_actions: int) -> Workload:
    from cogs.legends.adapter import LegendsAdapter
    from rules.legends.actions import CloseVote, Start
    from rules.legends.ai import CrewAI
    from rules.legends.engine import apply
    from rules.legends.legal import players_to_act
    from rules.legends.sim import crew_table
    from rules.legends.view import player_view

    adapter = LegendsAdapter()
    content = adapter.content
    base = crew_table(content, runners=3, seed=1)
    brains = {f"ai{i}": CrewAI(seed=i) for i in range(3)}
    actions: list[Any] = []
    t = base
    camp = content.campaigns[t.campaign]
    while len(actions) < n_actions:
        action: Any
        if t.run is None:
            replay = t.progress >= len(camp.scenarios)
            action = Start(player=t.owner, scenario=camp.scenarios[0] if replay else None)
        else:
            people = players_to_act(t, content)
            if people:
                action = brains[people[0]].choose(player_view(t, people[0], content), content)
            else:
                action = CloseVote(player="system")
        t = apply(t, action, content).table
        actions.append(action)
    return Workload(
        name="legends",
        adapter=adapter,
        genesis=lambda cid: base.model_copy(update={"id": cid}),
        actions=actions,
        note=f"Cyberpunk Legends, 3 runners, CrewAI playout of {len(actions)} actions",
    )


def toy_workload(n_actions: int) -> Workload:
    from tests.service.toy import ToyAdapter, apply, new_toy, scripted_action

    rnd = random.Random(1)
    base = new_toy("x", seed=1, padding=2500)
    actions: list[Any] = []
    t = base
    while len(actions) < n_actions:
        action = scripted_action(t, rnd)
        try:
            t = apply(t, action)[0]
        except Exception:
            continue
        actions.append(action)
    return Workload(
        name="toy",
        adapter=ToyAdapter(),
        genesis=lambda cid: base.model_copy(update={"id": cid}),
        actions=actions,
        note="the toy deck game of tests/service/toy.py, states padded to ~3 KB",
    )


# ---- helpers -------------------------------------------------------------------------


def _fresh(directory: Path, name: str) -> Path:
    path = directory / name
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path


def bulk_create(
    path: Path,
    wl: Workload,
    ids: list[str],
    status: str = "active",
    states: dict[str, Any] | None = None,
) -> None:
    """Insert campaigns straight into the store's schema (setup only, not measured)."""
    adapter = wl.adapter
    rows, genesis = [], []
    for cid in ids:
        state = wl.genesis(cid) if states is None else states[cid]
        text = adapter.state_to_json(state)
        v = adapter.version(state)
        rows.append((cid, adapter.game, cid, "owner", "g", cid, status, v, 1, 1, text))
        genesis.append((cid, v, text))
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
            " version, created_at, updated_at, state) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            rows,
        )
        db.executemany("INSERT INTO genesis VALUES (?, ?, ?)", genesis)
        db.execute("COMMIT")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def rss_mb() -> float:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---- 1. throughput ---------------------------------------------------------------------


async def service_round(
    directory: Path, wl: Workload, n: int
) -> tuple[float, list[tuple[int, int]]]:
    path = _fresh(directory, "service.sqlite3")
    await (await SqliteStore.open(path)).close()
    bulk_create(path, wl, ["t0"])
    async with await SqliteStore.open(path, synchronous=SYNC) as store:
        service: GameService[Any, Any] = GameService(store, wl.adapter)
        state = await service.get("t0")
        version = wl.adapter.version(state)
        start = time.perf_counter()
        for i, action in enumerate(wl.actions[:n]):
            result = await service.act(
                "t0", action, expected_version=version + i, interaction_id=f"i{i}"
            )
        elapsed = time.perf_counter() - start
        assert result.version == version + n
        rows = await store.read_log("t0")
        sizes: list[tuple[int, int]] = []
        replay = wl.genesis("t0")
        for e in rows:
            replay, _ = wl.adapter.apply(replay, wl.adapter.action_from_json(e.action))
            sizes.append((len(wl.adapter.state_to_json(replay)), len(e.action) + len(e.events)))
    return n / elapsed, sizes


async def bare_round(directory: Path, sizes: list[tuple[int, int]]) -> float:
    import aiosqlite

    path = _fresh(directory, "bare.sqlite3")
    db = await aiosqlite.connect(path, isolation_level=None)
    try:
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute(f"PRAGMA synchronous = {SYNC}")
        await db.execute("CREATE TABLE t (id TEXT PRIMARY KEY, version INTEGER, state TEXT)")
        await db.execute("CREATE TABLE log (id TEXT, seq INTEGER, payload TEXT)")
        await db.execute("INSERT INTO t VALUES ('t0', 0, '')")
        payloads = [("s" * s, "a" * a) for s, a in sizes]
        start = time.perf_counter()
        for i, (state, payload) in enumerate(payloads):
            await db.execute("BEGIN IMMEDIATE")
            await db.execute(
                "UPDATE t SET version = ?, state = ? WHERE id = 't0' AND version = ?",
                (i + 1, state, i),
            )
            await db.execute("INSERT INTO log VALUES ('t0', ?, ?)", (i + 1, payload))
            await db.execute("COMMIT")
        return len(payloads) / (time.perf_counter() - start)
    finally:
        await db.close()


async def concurrent_round(directory: Path, wl: Workload, tables: int, per: int) -> float:
    path = _fresh(directory, "concurrent.sqlite3")
    await (await SqliteStore.open(path)).close()
    ids = [f"t{i}" for i in range(tables)]
    bulk_create(path, wl, ids)
    async with await SqliteStore.open(path, synchronous=SYNC) as store:
        service: GameService[Any, Any] = GameService(store, wl.adapter)
        await service.start()

        async def crew(cid: str) -> None:
            for action in wl.actions[:per]:
                await service.act(cid, action)

        start = time.perf_counter()
        await asyncio.gather(*(crew(cid) for cid in ids))
        return tables * per / (time.perf_counter() - start)


# ---- 2. latency ------------------------------------------------------------------------


async def latency(
    directory: Path,
    wl: Workload,
    n_tables: int,
    sequential: int,
    load_seconds: float,
    cache_size: int,
) -> dict[str, Any]:
    path = _fresh(directory, f"latency-{n_tables}.sqlite3")
    await (await SqliteStore.open(path)).close()
    ids = [f"t{i}" for i in range(n_tables)]
    rnd = random.Random(n_tables)
    # Tables are caught at different moments of the playout (not all at its start).
    playout = [wl.genesis("x")]
    for action in wl.actions[:-1]:
        playout.append(wl.adapter.apply(playout[-1], action)[0])
    offset = {cid: rnd.randrange(len(wl.actions) // 2) for cid in ids}
    bulk_create(
        path,
        wl,
        ids,
        states={cid: playout[offset[cid]].model_copy(update={"id": cid}) for cid in ids},
    )
    del playout
    base = wl.adapter.version(wl.genesis("x"))
    limit = len(wl.actions)
    out: dict[str, Any] = {"tables": n_tables}
    async with await SqliteStore.open(path, synchronous=SYNC) as store:
        service: GameService[Any, Any] = GameService(store, wl.adapter, cache_size=cache_size)
        await service.start()
        progress = dict(offset)
        current = {cid: cid for cid in ids}  # slot -> the table now played there
        renewed = [0]

        async def one(slot: str) -> float:
            cid = current[slot]
            i = progress[cid]
            if i >= limit:
                # This table played the whole playout: a fresh one takes its slot, so
                # there are always n_tables active tables (not timed).
                renewed[0] += 1
                new = f"{slot}.{renewed[0]}"
                await service.create(
                    campaign_id=new, name=new, owner="owner", state=wl.genesis(new)
                )
                await service.set_status(cid, "finished")
                current[slot], progress[new], cid, i = new, 0, new, 0
            progress[cid] = i + 1
            t0 = time.perf_counter()
            await service.act(
                cid, wl.actions[i], expected_version=base + i, interaction_id=f"{cid}:{i}"
            )
            return (time.perf_counter() - t0) * 1000

        seq = [await one(rnd.choice(ids)) for _ in range(sequential)]
        out["seq_p50"], out["seq_p99"] = pct(seq, 50), pct(seq, 99)

        loaded: list[float] = []
        mean_think = n_tables / 200.0
        window = [0.0, 0.0]

        async def crew(cid: str) -> None:
            r = random.Random(cid)
            await asyncio.sleep(r.uniform(0, mean_think))
            while True:
                ms = await one(cid)
                if window[0] <= time.perf_counter() <= window[1]:
                    loaded.append(ms)
                await asyncio.sleep(r.expovariate(1 / mean_think))

        # Warm up for one mean think time (every crew has acted), then measure.
        window[0] = time.perf_counter() + mean_think
        window[1] = window[0] + load_seconds
        crews = [asyncio.create_task(crew(cid)) for cid in ids]
        await asyncio.sleep(window[1] - time.perf_counter())
        for task in crews:
            task.cancel()
        await asyncio.gather(*crews, return_exceptions=True)
        await service.drain()
        out["load_rate"] = len(loaded) / load_seconds
        out["load_n"] = len(loaded)
        out["load_p50"], out["load_p99"] = pct(loaded, 50), pct(loaded, 99)
        out["load_max"] = max(loaded)
        out["batch_avg"] = store.batched / max(1, store.batches)
        out["renewed"] = renewed[0]
        out["cache"] = service.stats()
    return out


# ---- 3. memory -------------------------------------------------------------------------


async def memory(
    directory: Path, wl: Workload, stored: int, cache_size: int, sample: int
) -> dict[str, Any]:
    path = _fresh(directory, "memory.sqlite3")
    await (await SqliteStore.open(path)).close()
    mid = wl.genesis("m")
    for action in wl.actions[: min(60, len(wl.actions))]:
        mid, _ = wl.adapter.apply(mid, action)
    mid_json = wl.adapter.state_to_json(mid)
    ids = [f"c{i:05d}" for i in range(stored)]
    # Mostly finished campaigns, like a bot that has run for a long time; the states are
    # mid-run tables (the biggest kind).
    with closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO campaigns (id, game, name, owner, guild_id, channel_id, status,"
            " version, created_at, updated_at, state) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            [
                (
                    cid,
                    wl.adapter.game,
                    cid,
                    "o",
                    "g",
                    cid,
                    "active",
                    wl.adapter.version(mid),
                    1,
                    1,
                    mid_json.replace('"id":"m"', f'"id":"{cid}"', 1),
                )
                for cid in ids
            ],
        )
        db.executemany(
            "INSERT INTO genesis VALUES (?, ?, ?)",
            [(cid, wl.adapter.version(mid), "{}") for cid in ids],
        )
        db.execute("COMMIT")
    out: dict[str, Any] = {"stored": stored, "state_bytes": len(mid_json)}
    gc.collect()
    tracemalloc.start()
    async with await SqliteStore.open(path, synchronous=SYNC) as store:
        service: GameService[Any, Any] = GameService(store, wl.adapter, cache_size=cache_size)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for cid in ids[:sample]:
            await service.get(cid)
        gc.collect()
        out["per_table_kb"] = (tracemalloc.get_traced_memory()[0] - before) / sample / 1024
        report = await service.start(warm=False)
        out["active_listed"] = len(report.active)
        del report
        marks = {}
        for n, cid in enumerate(ids, start=1):
            await service.get(cid)
            if n in (stored // 10, stored // 2, stored):
                gc.collect()
                marks[n] = tracemalloc.get_traced_memory()[0] / 2**20
        out["traced_mb_after"] = marks
        out["traced_peak_mb"] = tracemalloc.get_traced_memory()[1] / 2**20
        out["cached"] = service.stats()["cached"]
    tracemalloc.stop()
    out["rss_mb"] = rss_mb()
    return out


# ---- main ------------------------------------------------------------------------------


async def main(args: argparse.Namespace) -> dict[str, Any]:
    quick = args.quick
    n_actions = 120 if quick else 400
    t0 = time.perf_counter()
    if args.game == "legends":
        try:
            wl = legends_workload(n_actions)
        except ImportError as exc:
            print(f"(Legends engine unavailable: {exc}; using the toy game)", file=sys.stderr)
            wl = toy_workload(n_actions)
    else:
        wl = toy_workload(n_actions)
    print(f"workload: {wl.note} (generated in {time.perf_counter() - t0:.1f} s)")
    print(f"synchronous={SYNC}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    results: dict[str, Any] = {
        "workload": wl.note,
        "synchronous": SYNC,
        "loadavg_start": os.getloadavg(),
    }
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        directory = Path(tmp)
        # 1. throughput, alternating rounds
        service_rates, bare_rates = [], []
        sizes: list[tuple[int, int]] = []
        for _ in range(2 if quick else 5):
            rate, sizes = await service_round(directory, wl, n_actions)
            service_rates.append(rate)
            bare_rates.append(await bare_round(directory, sizes))
        s, b = statistics.median(service_rates), statistics.median(bare_rates)
        results["throughput"] = {
            "service": s,
            "bare": b,
            "ratio": s / b,
            "service_rounds": service_rates,
            "bare_rounds": bare_rates,
            "state_bytes_avg": statistics.mean(x for x, _ in sizes),
            "log_bytes_avg": statistics.mean(y for _, y in sizes),
        }
        print(
            f"throughput: service {s:,.0f}/s, bare loop {b:,.0f}/s, ratio {s / b:.2f} "
            f"(state {results['throughput']['state_bytes_avg']:.0f} B, "
            f"log row {results['throughput']['log_bytes_avg']:.0f} B)"
        )
        conc = await concurrent_round(directory, wl, 10 if quick else 50, 20 if quick else 40)
        results["concurrent_tables_rate"] = conc
        print(f"throughput, {10 if quick else 50} tables at once: {conc:,.0f} actions/s")
        # 2. latency
        results["latency"] = []
        for n in (1, 100, 1000):
            r = await latency(
                directory,
                wl,
                n,
                sequential=100 if quick else 400,
                load_seconds=1.5 if quick else 8.0,
                cache_size=args.cache_size,
            )
            results["latency"].append(r)
            print(
                f"latency, {n:>5} tables: one at a time p50 {r['seq_p50']:.2f} ms "
                f"p99 {r['seq_p99']:.2f} ms | under load ({r['load_rate']:.0f}/s) "
                f"p50 {r['load_p50']:.2f} ms p99 {r['load_p99']:.2f} ms max {r['load_max']:.1f}"
            )
        # 3. memory
        m = await memory(
            directory,
            wl,
            stored=1000 if quick else 10_000,
            cache_size=args.cache_size,
            sample=100 if quick else 256,
        )
        results["memory"] = m
        print(
            f"memory: {m['per_table_kb']:.1f} KiB per cached table "
            f"(state JSON {m['state_bytes']} B); {m['stored']:,} stored campaigns, every one "
            f"loaded once: traced {m['traced_mb_after']} MiB (peak {m['traced_peak_mb']:.1f}), "
            f"cache holds {m['cached']}, RSS {m['rss_mb']:.0f} MiB"
        )
    results["loadavg_end"] = os.getloadavg()
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return results


def cli() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_service")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--game", choices=["legends", "toy"], default="legends")
    parser.add_argument("--cache-size", type=int, default=1024)
    parser.add_argument(
        "--synchronous",
        choices=["FULL", "NORMAL"],
        default="FULL",
        help="SQLite synchronous mode for both sides (FULL: the bot's default)",
    )
    parser.add_argument("--dir", default=None, help="where to put the database files")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    global SYNC
    SYNC = args.synchronous
    results = asyncio.run(main(args))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    cli()
