"""Interaction latency through the fake Discord: `/legends play` vs a no-op command.

    python -m bench.bench_discord            # 1, 50 and 500 tables (a few minutes)
    python -m bench.bench_discord --quick    # smoke run
    python -m bench.bench_discord --write    # also update docs/benchmarks.md

The real Fixer bot (discord.py, cogs, game service, SQLite with the bot's default
durability, NORMAL; `--synchronous FULL` for the other) runs against
`tests/fakediscord` in this process. For each level, N campaigns are created, each
in its own channel with a solo runner and a merc, and brought to a Plan (set-up goes
straight through the service, not measured). Then
`WORKERS` simulated players, each on its own table at a time, alternately send
`/legends play` (a legal card, picked from the player's own view) and `/legends noop`
(a command that answers "ok" at once), in the same channels, under the same load:
the publisher's public board posts of the previous plays are part of that load. A table
whose Plan is over (clean-up, flips, votes, the end of the run) is moved on to its next
Plan through the service, unmeasured.

Latency is what the fake measures for every interaction: from INTERACTION_CREATE
dispatched on the gateway to the accepted callback, i.e. until the player sees the
answer. For `play` that answer is the ephemeral result (the action is committed by
then); if the bot ever had to defer (over its 1.5 s budget), the time to the followup is used.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.app import FixerBot
from bot.config import Settings
from content.legends.loader import load_default_pack
from rules.legends.actions import CloseVote, Join, Play, Start
from rules.legends.ai import RandomAI
from rules.legends.cards import Role
from rules.legends.engine import new_table
from rules.legends.legal import legal_actions
from rules.legends.view import player_view
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser

WORKERS = 8
LEVELS = (1, 50, 500)
SECTION = "## Discord interactions"


def trim_records(fake: FakeDiscord) -> None:
    """Drop what the fake Discord keeps for test assertions (every REST call, gateway
    frame, message and finished interaction). A real Discord keeps that elsewhere; here
    it would sit in the bot's own heap and turn every full garbage collection into a
    100-200 ms pause that is the harness's, not the bot's."""
    fake.calls.clear()
    fake.gateway_sent.clear()
    fake.gateway_received.clear()
    for ch in list(fake.channels.values()) + list(fake.dm_channels.values()):
        for m in ch.messages:
            fake.messages.pop(m.id, None)
        ch.messages.clear()
    done = [it for it in fake.interactions if it.callback is not None]
    for it in done:
        fake._interactions_by_id.pop(it.id, None)
        fake._interactions_by_token.pop(it.token, None)
    fake.interactions[:] = [it for it in fake.interactions if it.callback is None]


def settle_heap(fake: FakeDiscord) -> None:
    """Before a measured phase: trim the harness's records, collect, and freeze what is
    left (as the bot does after start-up), so collections scan only what is new."""
    trim_records(fake)
    gc.collect()
    gc.freeze()


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, round(p / 100 * (len(xs) - 1))))
    return xs[k]


class Bench:
    def __init__(self, fake: FakeDiscord, bot: FixerBot) -> None:
        self.fake = fake
        self.bot = bot
        self.content = bot.runtime("legends").content
        self.tables: list[tuple[str, FakeChannel, FakeUser]] = []
        self.ai = RandomAI(seed=1)

    async def add_tables(self, n: int) -> None:
        svc = self.bot.runtime("legends").service
        camp = next(iter(self.content.campaigns))
        for _ in range(n):
            i = len(self.tables)
            channel = self.fake.add_channel(self.fake.guild, f"run-{i}")
            user = self.fake.add_user(f"p{i}", guild=self.fake.guild)
            cid = f"bench{i}"
            state = new_table(
                table_id=cid,
                name=f"Bench {i}",
                owner=str(user.id),
                campaign=camp,
                seed=i,
                content=self.content,
            )
            await svc.create(
                campaign_id=cid,
                name=state.name,
                owner=str(user.id),
                state=state,
                guild_id=str(self.fake.guild.id),
                channel_id=str(channel.id),
            )
            self.bot.runtime("legends").bind(cid, channel.id)
            await svc.act(
                cid, Join(player=str(user.id), name=f"p{i}", role=Role.SOLO, merc=Role.NETRUNNER)
            )
            self.tables.append((cid, channel, user))
            await self.to_plan(cid, str(user.id))
        await self.bot.house.idle()
        await self.fake.idle(0.2, timeout=60)

    async def to_plan(self, cid: str, player: str) -> list[Play]:
        """Advance the table (unmeasured) until its player may play; the legal plays."""
        svc = self.bot.runtime("legends").service
        for _ in range(200):
            state = await svc.get(cid)
            if state.run is None:
                await svc.act(cid, Start(player=player))
                continue
            legal = legal_actions(state, player, self.content)
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                return plays
            if not legal:
                await svc.act(cid, CloseVote(player="system"))
                continue
            action = self.ai.choose(player_view(state, player, self.content), self.content)
            await svc.act(cid, action)
        raise RuntimeError("no Plan in sight")

    async def one(
        self, user: FakeUser, channel: FakeChannel, name: str, options: dict[str, Any]
    ) -> float:
        it = await self.fake.send_slash(user, name, options, channel=channel)
        cb = await it.response(timeout=10)
        assert it.latency is not None
        if cb.type == 5:  # deferred: the player sees the answer with the followup
            await it.wait_followups(1, timeout=10)
            return (time.perf_counter() - it.dispatched_at) * 1000
        return it.latency * 1000

    async def measure(
        self,
        user: FakeUser,
        channel: FakeChannel,
        cid: str,
        kind: str,
        rng: random.Random,
        out: dict[str, list[float]],
        alone: bool = False,
    ) -> None:
        if kind == "noop":
            out["noop"].append(await self.one(user, channel, "legends noop", {}))
            return
        plays = await self.to_plan(cid, str(user.id))
        if alone:
            # The unmeasured moves that brought the table to a Plan have public posts
            # of their own: one at a time means those are out too.
            await self.bot.house.idle()
            await self.fake.idle(0.003)
        play = rng.choice(plays)
        opts: dict[str, Any] = {"card": play.card}
        if play.merc:
            opts["merc"] = True
        out["play"].append(await self.one(user, channel, "legends play", opts))

    async def one_at_a_time(self, n: int, samples: int) -> dict[str, list[float]]:
        """One interaction at a time on a random table, each once the bot is idle (the
        previous play's public post sent): play and no-op alternate."""
        rng = random.Random(n)
        out: dict[str, list[float]] = {"play": [], "noop": []}
        for i in range(samples * 2):
            cid, channel, user = self.tables[rng.randrange(n)]
            kind = "play" if (i % 2 == 0) == (rng.random() < 0.5) else "noop"
            await self.measure(user, channel, cid, kind, rng, out, alone=True)
            # Alone means alone: the previous play's public post is out before the next.
            await self.bot.house.idle()
            await self.fake.idle(0.003)
            if i % 100 == 99:
                trim_records(self.fake)
        await self.bot.house.idle()
        return out

    async def under_load(self, n: int, rate: float, seconds: float) -> dict[str, list[float]]:
        """Open loop: plays and no-ops each arrive at `rate` per second (Poisson), each on
        a random table not busy with an earlier arrival (a player waits for the answer)."""
        rng = random.Random(n * 31)
        out: dict[str, list[float]] = {"play": [], "noop": []}
        busy: set[int] = set()
        tasks: set[asyncio.Task[None]] = set()

        async def arrival(k: int, kind: str) -> None:
            cid, channel, user = self.tables[k]
            try:
                await self.measure(user, channel, cid, kind, random.Random(k), out)
            finally:
                busy.discard(k)

        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        nxt = {"play": loop.time(), "noop": loop.time()}
        arrivals = 0
        while loop.time() < end:
            kind = min(nxt, key=lambda x: nxt[x])
            await asyncio.sleep(max(0.0, nxt[kind] - loop.time()))
            nxt[kind] += rng.expovariate(rate)
            free = [k for k in range(n) if k not in busy] if n <= 64 else None
            if free is not None:
                if not free:
                    continue
                k = rng.choice(free)
            else:
                k = rng.randrange(n)
                if k in busy:
                    continue
            busy.add(k)
            arrivals += 1
            if arrivals % 100 == 0:
                trim_records(self.fake)
            task = asyncio.ensure_future(arrival(k, kind))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.gather(*tasks)
        await self.bot.house.idle()
        return out


def add_noop(bot: FixerBot) -> None:
    group = bot.tree.get_command("legends")
    assert isinstance(group, app_commands.Group)

    @group.command(name="noop", description="Benchmark baseline: answers at once")
    async def noop(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("ok", ephemeral=True)


def summary(res: dict[str, list[float]]) -> dict[str, Any]:
    row: dict[str, Any] = {"n": float(len(res["play"]))}
    for kind in ("play", "noop"):
        row[f"{kind}_p50"] = pct(res[kind], 50)
        row[f"{kind}_p99"] = pct(res[kind], 99)
        row[f"{kind}_max"] = max(res[kind]) if res[kind] else float("nan")
    row["ratio"] = row["play_p99"] / row["noop_p99"]
    return row


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    levels = args.levels or ((1, 10) if args.quick else LEVELS)
    samples = args.samples or (60 if args.quick else 300)
    seconds = 5.0 if args.quick else args.seconds
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(strict=False) as fake:
            bot = FixerBot(
                Settings(token=fake.token, database=Path(tmp) / "bench.sqlite3"),
                contents={"legends": load_default_pack()},
                guild_ready_timeout=0.05,
                synchronous=args.synchronous,
                cache_size=256,
            )
            await fake.start_bot(bot)
            add_noop(bot)
            fake.install_commands(bot.tree)
            bench = Bench(fake, bot)
            for n in levels:
                t0 = time.perf_counter()
                await bench.add_tables(max(0, n - len(bench.tables)))
                setup = time.perf_counter() - t0
                settle_heap(fake)
                await bench.one_at_a_time(n, 20)  # warm-up
                settle_heap(fake)
                seq = summary(await bench.one_at_a_time(n, samples))
                settle_heap(fake)
                load = summary(await bench.under_load(n, args.rate, seconds))
                for mode, row in (("one at a time", seq), (f"{args.rate:g}+{args.rate:g}/s", load)):
                    row.update(tables=n, mode=mode, setup_s=setup)
                    rows.append(row)
                    print(
                        f"{n:>4} tables, {mode:>13}: play p50 {row['play_p50']:.1f} "
                        f"p99 {row['play_p99']:.1f} max {row['play_max']:.1f} ms | noop "
                        f"p50 {row['noop_p50']:.1f} p99 {row['noop_p99']:.1f} ms | p99 "
                        f"ratio {row['ratio']:.2f} ({row['n']:.0f} plays; set-up "
                        f"{setup:.1f}s)",
                        flush=True,
                    )
            print("service:", bot.runtime("legends").service.stats())
            await fake.stop_bot(bot)
    return rows


def markdown(rows: list[dict[str, Any]], args: argparse.Namespace) -> str:
    lines = [
        "| active tables | arrivals | play p50 | play p99 | no-op p50 | no-op p99 | p99 ratio "
        "| play p99 < 50 ms | ratio ≤ 3 |",
        "|---:|---|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['tables']} | {r['mode']} | {r['play_p50']:.1f} | {r['play_p99']:.1f} | "
            f"{r['noop_p50']:.1f} | {r['noop_p99']:.1f} | {r['ratio']:.2f} | "
            f"{'met' if r['play_p99'] < 50 else 'missed'} | "
            f"{'met' if r['ratio'] <= 3 else 'missed'} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bench_discord")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--samples", type=int, default=0)
    p.add_argument(
        "--synchronous",
        default="NORMAL",
        help="the store's durability: NORMAL (the bot's default) or FULL",
    )
    p.add_argument(
        "--rate",
        type=float,
        default=10.0,
        help="under load: plays per second, and as many no-ops (default 10)",
    )
    p.add_argument("--seconds", type=float, default=20.0, help="under load: duration")
    p.add_argument("--levels", type=int, nargs="*", help="numbers of tables (default 1 50 500)")
    p.add_argument("--write", action="store_true", help="print the markdown table")
    args = p.parse_args(argv)
    rows = asyncio.run(main_async(args))
    print()
    print(markdown(rows, args))
    top = max(x["tables"] for x in rows)
    missed = [r for r in rows if r["tables"] == top and (r["play_p99"] >= 50 or r["ratio"] > 3)]
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
