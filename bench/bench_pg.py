"""Durable actions on PostgreSQL: the game service against a bare asyncpg commit loop.

    python -m bench.bench_pg                      # FIXER_TEST_POSTGRES or the local default
    python -m bench.bench_pg --quick              # a smoke run
    python -m bench.bench_pg --url postgresql://postgres@127.0.0.1:5432/test

What it measures (numbers go to docs/benchmarks.md, "Durable actions on PostgreSQL"):

1. One table, one action at a time: actions/s and p50/p99 latency through the whole
   service (cache, check, engine apply, JSON, the version-checked commit of state + log
   row in one transaction) on `PostgresStore`, against a bare asyncpg loop that commits
   rows of exactly the same sizes (an UPDATE of the state row with the version check and
   an INSERT of the log row per transaction) to the same server, in the same run. Rounds
   alternate service/bare; medians are reported.
2. Many tables at once (each crew waits for its answer and acts again): actions/s and
   p99 of the service, against the bare loop run the same way.

Everything lives in a schema of its own, dropped at the end. The workload is the toy game
of the tests (states padded to ~3 KB).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import time
from typing import Any

import asyncpg

from bench.bench_service import pct, toy_workload
from bot.service.game import GameService
from bot.storage.postgres import PostgresStore

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"


async def _schema(url: str, name: str, drop: bool = False) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        if not drop:
            await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()


async def service_round(
    url: str, wl: Any, tables: int, per: int
) -> tuple[float, list[float], list[tuple[int, int]]]:
    name = "bench_" + secrets.token_hex(4)
    await _schema(url, name)
    try:
        async with await PostgresStore.open(url, schema=name, max_size=max(4, tables)) as store:
            service: GameService[Any, Any] = GameService(store, wl.adapter)
            ids = [f"t{i}" for i in range(tables)]
            for cid in ids:
                await service.create(campaign_id=cid, state=wl.genesis(cid), name=cid, owner="o")
            lat: list[float] = []

            async def crew(cid: str) -> None:
                version = wl.adapter.version(await service.get(cid))
                for i, action in enumerate(wl.actions[:per]):
                    t0 = time.perf_counter()
                    await service.act(
                        cid, action, expected_version=version + i, interaction_id=f"i{i}"
                    )
                    lat.append(time.perf_counter() - t0)

            start = time.perf_counter()
            await asyncio.gather(*(crew(cid) for cid in ids))
            elapsed = time.perf_counter() - start
            sizes = []
            replay = wl.genesis("t0")
            for e in await store.read_log("t0"):
                replay, _ = wl.adapter.apply(replay, wl.adapter.action_from_json(e.action))
                sizes.append((len(wl.adapter.state_to_json(replay)), len(e.action) + len(e.events)))
        return tables * per / elapsed, lat, sizes
    finally:
        await _schema(url, name, drop=True)


async def bare_round(
    url: str, sizes: list[tuple[int, int]], tables: int
) -> tuple[float, list[float]]:
    name = "bench_" + secrets.token_hex(4)
    await _schema(url, name)
    pool = await asyncpg.create_pool(
        url, min_size=1, max_size=max(4, tables), server_settings={"search_path": name}
    )
    try:
        async with pool.acquire() as conn:
            await conn.execute(
                "CREATE TABLE t (id TEXT PRIMARY KEY, version BIGINT, state TEXT);"
                "CREATE TABLE log (id TEXT, seq BIGINT, payload TEXT, PRIMARY KEY (id, seq))"
            )
            await conn.executemany(
                "INSERT INTO t VALUES ($1, 0, '')", [(f"t{i}",) for i in range(tables)]
            )
        payloads = [("s" * s, "a" * a) for s, a in sizes]
        lat: list[float] = []

        async def crew(cid: str) -> None:
            for i, (state, payload) in enumerate(payloads):
                t0 = time.perf_counter()
                async with pool.acquire() as conn, conn.transaction():
                    done = await conn.execute(
                        "UPDATE t SET version = $1, state = $2 WHERE id = $3 AND version = $4",
                        i + 1,
                        state,
                        cid,
                        i,
                    )
                    assert done == "UPDATE 1"
                    await conn.execute("INSERT INTO log VALUES ($1, $2, $3)", cid, i + 1, payload)
                lat.append(time.perf_counter() - t0)

        start = time.perf_counter()
        await asyncio.gather(*(crew(f"t{i}") for i in range(tables)))
        return tables * len(payloads) / (time.perf_counter() - start), lat
    finally:
        await pool.close()
        await _schema(url, name, drop=True)


async def main(args: argparse.Namespace) -> dict[str, Any]:
    url = args.url or os.environ.get("FIXER_TEST_POSTGRES") or DEFAULT_URL
    wl = toy_workload(args.actions)
    out: dict[str, Any] = {"workload": wl.note}
    for label, tables, per in (
        ("one table", 1, args.actions),
        (f"{args.tables} tables at once", args.tables, args.actions // 4),
    ):
        svc_rates, bare_rates, svc_lat, bare_lat = [], [], [], []
        for _ in range(args.rounds):
            rate, lat, sizes = await service_round(url, wl, tables, per)
            svc_rates.append(rate)
            svc_lat += lat
            brate, blat = await bare_round(url, sizes, tables)
            bare_rates.append(brate)
            bare_lat += blat
        svc, bare = statistics.median(svc_rates), statistics.median(bare_rates)
        out[label] = {
            "service_actions_per_s": round(svc),
            "bare_commits_per_s": round(bare),
            "ratio": round(svc / bare, 2),
            "service_p50_ms": round(pct(svc_lat, 50) * 1000, 2),
            "service_p99_ms": round(pct(svc_lat, 99) * 1000, 2),
            "bare_p50_ms": round(pct(bare_lat, 50) * 1000, 2),
            "bare_p99_ms": round(pct(bare_lat, 99) * 1000, 2),
        }
        print(f"{label}: {json.dumps(out[label])}", flush=True)
    return out


def cli() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", help="a postgresql:// URL (default: FIXER_TEST_POSTGRES or local)")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--actions", type=int, default=400)
    p.add_argument("--tables", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    if args.quick:
        args.actions, args.tables, args.rounds = 40, 4, 1
    asyncio.run(main(args))


if __name__ == "__main__":
    cli()
