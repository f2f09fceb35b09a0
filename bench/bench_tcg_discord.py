"""Cyberpunk TCG interaction latency through the fake Discord: `/tcg play` and
`/tcg attack` vs a no-op command, at 1, 50 and 500 active duels.

    python -m bench.bench_tcg_discord            # 1, 50 and 500 duels
    python -m bench.bench_tcg_discord --quick    # smoke run (1 and 10)
    python -m bench.bench_tcg_discord --levels 500 --profile /tmp/tcg.prof  # cProfile

The real Fixer bot runs against `tests/fakediscord` (SQLite NORMAL, the bot's default),
by default with the fake in its own process (`--fake-process`; `--fake-inprocess`: in
the bot's process, as earlier runs; bench/fake_process.py). Each duel is a mid-duel
position (rules/tcg/scenario.py) in its own channel between two users. One interaction
at a time, on a random duel, once the bot is idle: the active player's `/tcg play` (a
card they can play; when it asks how to pay (T27), the click on the first way to pay is
measured too, as `pay`) or `/tcg attack` (a legal attack; the defender's pass that
follows goes through the service, unmeasured), and `/tcg noop`, alternating. When a duel
has neither left, it is moved on through the service (unmeasured) by random legal moves;
a finished duel is replaced.

Latency: from INTERACTION_CREATE to the accepted callback (what the player waits for);
after a defer, to the followup. Which clock each mode uses: bench/fake_process.py.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import random
import tempfile
from pathlib import Path
from typing import Any

from bench.bench_discord import pct
from bench.discord_latency import DEFAULT_SAMPLES, LEVELS, SAMPLES_HELP, add_noop
from bench.fake_process import Answer, Harness, Ref, add_fake_args, harness
from bot.app import FixerBot
from bot.config import Settings
from cogs.tcg.runtime import TcgRuntime
from content.tcg.loader import load_default_pack
from rules.tcg import actions as act
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.scenario import Side, build
from rules.tcg.state import Duel, evolve

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
HAND = ["alley-cutter", "ice-sentinel", "short-circuit", "alley-cutter", "ice-sentinel"]
DECK = ["alley-cutter", "ice-sentinel", "short-circuit"] * 12


class Bench:
    def __init__(self, fake: Harness, bot: FixerBot) -> None:
        self.fake = fake
        self.bot = bot
        rt = bot.runtime("tcg")
        assert isinstance(rt, TcgRuntime)
        self.rt = rt
        self.duels: list[tuple[str, Ref, tuple[Ref, Ref]]] = []
        self.made = 0
        self.rng = random.Random(1)
        self.last = Answer(0.0)

    async def add_duel(self, slot: int | None = None) -> None:
        i = self.made
        self.made += 1
        channel = await self.fake.add_channel(f"duel-{i}")
        users = (
            await self.fake.add_user(f"a{i}"),
            await self.fake.add_user(f"b{i}"),
        )
        side = Side(
            field=["alley-cutter", "ice-sentinel"],
            hand=HAND,
            legends=LEGENDS,
            eddies=4,
            deck=DECK,
            gigs=["d6:3", "d8:4"],
        )
        state = build(self.rt.content, side, side, seed=i)
        seats = tuple(
            evolve(s, player=str(u.id), name=u.name)
            for s, u in zip(state.seats, users, strict=True)
        )
        cid = f"bench{i}"
        state = evolve(state, seats=seats, id=cid)
        await self.rt.service.create(
            campaign_id=cid,
            name=cid,
            owner=str(users[0].id),
            state=state,
            guild_id=str(self.fake.guild_id),
            channel_id=str(channel.id),
        )
        self.rt.bind(cid, channel.id)
        entry = (cid, channel, users)
        if slot is None:
            self.duels.append(entry)
        else:
            self.duels[slot] = entry

    def _measurable(self, state: Duel, player: str) -> list[act.Action]:
        return [
            a
            for a in legal_actions(state, self.rt.content, player)
            if isinstance(a, act.Play | act.Attack)
            and (not isinstance(a, act.Play) or not a.target)
        ]

    async def ready(self, slot: int) -> tuple[Duel, str, list[act.Action]]:
        """Move duel `slot` on (unmeasured) until its active player can play or attack."""
        for _ in range(400):
            cid = self.duels[slot][0]
            state = await self.rt.service.get(cid)
            seat = to_act(state)
            if seat is None:
                await self.add_duel(slot)
                continue
            player = state.seats[seat].player
            found = self._measurable(state, player) if state.prompt is None else []
            if found and state.attack is None:
                return state, player, found
            legal = [
                a for a in legal_actions(state, self.rt.content, player) if a.type != "concede"
            ]
            await self.rt.service.act(cid, self.rng.choice(legal))
        raise RuntimeError("no measurable position")

    async def one(self, user: Ref, channel: Ref, name: str, opts: dict[str, Any]) -> float:
        self.last = await self.fake.slash(user, channel, name, opts)
        return self.last.ms

    async def pay(self, user: Ref) -> float | None:
        """If the last answer asks how to pay (T27), click its first way: the click
        that commits the play (None: it was played at once)."""
        ways = [c for c in self.last.custom_ids if ":pay:" in c]
        if self.last.message_id is None or not ways:
            return None
        await self.bot.house.idle()
        await self.fake.idle(0.003)
        return (await self.fake.click(user, self.last.message_id, ways[0])).ms

    async def run(self, n: int, samples: int) -> dict[str, list[float]]:
        out: dict[str, list[float]] = {"play": [], "pay": [], "attack": [], "noop": []}
        for i in range(samples * 2):
            slot = self.rng.randrange(n)
            state, player, found = await self.ready(slot)
            cid, channel, users = self.duels[slot]
            user = next(u for u in users if str(u.id) == player)
            await self.bot.house.idle()
            await self.fake.idle(0.003)
            if i % 2:
                out["noop"].append(await self.one(user, channel, "tcg noop", {}))
                continue
            plays = [a for a in found if isinstance(a, act.Play)]
            attacks = [a for a in found if isinstance(a, act.Attack)]
            if attacks and (not plays or self.rng.random() < 0.5):
                a = self.rng.choice(attacks)
                opts = {"unit": a.unit, "target": a.target or "gig"}
                out["attack"].append(await self.one(user, channel, "tcg attack", opts))
            else:
                p = self.rng.choice(plays)
                out["play"].append(await self.one(user, channel, "tcg play", {"card": p.card}))
                paid = await self.pay(user)
                if paid is not None:
                    out["pay"].append(paid)
            await self.bot.house.idle()
            await self.fake.idle(0.003)
            if i % 100 == 99:
                await self.fake.trim()
        return out


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    levels = args.levels or ((1, 10) if args.quick else LEVELS)
    samples = args.samples or (40 if args.quick else DEFAULT_SAMPLES)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with harness(args) as fake:
            bot = FixerBot(
                Settings(token=fake.token, database=Path(tmp) / "bench.sqlite3"),
                contents={"tcg": load_default_pack()},
                guild_ready_timeout=0.05,
                cache_size=1024,
            )
            await fake.start_bot(bot)
            add_noop(bot, "tcg")
            await fake.install_commands(bot.tree)
            bench = Bench(fake, bot)
            for n in levels:
                while len(bench.duels) < n:
                    await bench.add_duel()
                await bot.house.idle()
                await fake.settle()
                await bench.run(n, 10)  # warm-up
                await fake.settle()
                prof = cProfile.Profile() if args.profile and n == levels[-1] else None
                if prof is not None:
                    prof.enable()
                res = await bench.run(n, samples)
                if prof is not None:
                    prof.disable()
                    prof.dump_stats(args.profile)
                row: dict[str, Any] = {"duels": n}
                for kind, xs in res.items():
                    row[f"{kind}_p50"] = pct(xs, 50)
                    row[f"{kind}_p99"] = pct(xs, 99)
                    row[f"{kind}_n"] = len(xs)
                # The criterion names `play` and `attack`; `pay` (the click
                # on a way to pay after a play that asks) is printed beside it.
                worst = max(row["play_p99"], row["attack_p99"])
                noop = row["noop_p99"]
                row["ratio"] = worst / noop if noop else float("nan")
                with_pay = max(worst, row["pay_p99"]) / noop if noop else float("nan")
                rows.append(row)
                print(
                    f"{n:>4} duels: play p50 {row['play_p50']:.1f} p99 {row['play_p99']:.1f} ms "
                    f"({row['play_n']}) | pay p50 {row['pay_p50']:.1f} p99 "
                    f"{row['pay_p99']:.1f} ms ({row['pay_n']}) | attack p50 "
                    f"{row['attack_p50']:.1f} p99 "
                    f"{row['attack_p99']:.1f} ms ({row['attack_n']}) | noop p50 "
                    f"{row['noop_p50']:.1f} p99 {row['noop_p99']:.1f} ms | worst p99 of play, "
                    f"attack / noop p99 {row['ratio']:.2f}× (with pay {with_pay:.2f}×)",
                    flush=True,
                )
            await fake.stop_bot(bot)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bench_tcg_discord")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--samples", type=int, default=0, help=SAMPLES_HELP)
    p.add_argument("--levels", type=int, nargs="*")
    p.add_argument("--profile", metavar="FILE", help="cProfile the last level into FILE")
    add_fake_args(p)
    args = p.parse_args(argv)
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
