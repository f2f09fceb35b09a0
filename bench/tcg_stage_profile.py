"""Where one `/tcg play`, its payment click (`pay`) and `/tcg attack` spend their CPU,
next to the no-op, at N active duels (the duels and the one-at-a-time loop of
bench_tcg_discord; the stage wrappers and the report of bench/legendary_stage_profile.py).

    python -m bench.tcg_stage_profile --duels 500 --samples 200
    python -m bench.tcg_stage_profile --duels 500 --profile /tmp/tcg.prof  # + cProfile

Per interaction kind: the event loop thread's CPU time from the interaction sent to its
answer (`time.thread_time`: the bot and the fake Discord in this process, so the same
harness cost is in the no-op), and per stage of the answer path its CPU time per
interaction (inclusive), with the wall clock beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench.bench_tcg_discord import Bench
from bench.discord_latency import add_noop
from bench.fake_process import LocalFake
from bench.legendary_stage_profile import GcWatch, Stages, report
from bot.app import FixerBot
from bot.config import Settings
from content.tcg.loader import load_default_pack
from rules.tcg import actions as act

KINDS = ("play", "pay", "attack", "noop")

# (label, module path, attribute path): what is timed, in answer order.
STAGES: tuple[tuple[str, str, str], ...] = (
    ("duel: the channel's duel + state", "cogs.tcg.cmd_base", "CommandBase._duel"),
    ("items: the typed value's choices", "cogs.tcg.choices", "items"),
    ("ways to pay (T27)", "cogs.tcg.panel", "payment_choices"),
    ("payment prompt", "cogs.tcg.panel", "payment_prompt"),
    ("act: service (load, check, apply, commit)", "bot.service.game", "GameService.act"),
    ("  apply (engine)", "cogs.tcg.adapter", "TcgAdapter.apply"),
    ("  state JSON", "cogs.tcg.adapter", "TcgAdapter.state_to_json"),
    ("  commit (SQLite, inline)", "bot.storage.sqlite", "SqliteStore.commit_action"),
    ("    write_batch (SQL statements)", "bot.storage.commits", "write_batch"),
    ("  listeners (publisher queue)", "cogs.common.publisher", "Publisher.on_commit"),
    ("notes: private event lines", "cogs.tcg.interact", "private_notes"),
    ("panel: view + legal + embed + buttons", "cogs.tcg.panel", "panel"),
    ("  view (rules + localized)", "cogs.tcg.runtime", "TcgRuntime.view_for"),
    ("  legal actions", "cogs.tcg.runtime", "TcgRuntime.legal"),
    ("  hand embed", "cogs.tcg.render", "hand_embed"),
    ("  action labels", "cogs.tcg.render", "action_label"),
    ("send: the answer's HTTP call", "cogs.common.answer", "send"),
    ("i18n t()", "bot.i18n", "t"),
)


async def run(args: argparse.Namespace) -> None:
    stages = Stages()
    stages.install(STAGES)
    gcw = GcWatch()
    profs = {k: cProfile.Profile() for k in KINDS} if args.profile else {}
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)

    async def measured(kind: str, go: object) -> float | None:
        stages.kind = gcw.kind = kind
        prof = profs.get(kind)
        c0 = time.thread_time()
        if prof is not None:
            prof.enable()
        ms = await go  # type: ignore[misc]
        if prof is not None:
            prof.disable()
        stages.kind = gcw.kind = None
        if ms is not None:
            cpu[kind].append((time.thread_time() - c0) * 1000)
            wall[kind].append(ms)
        return ms  # type: ignore[no-any-return]

    with tempfile.TemporaryDirectory() as tmp:
        async with LocalFake() as fake:
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
            while len(bench.duels) < args.duels:
                await bench.add_duel()
            await bot.house.idle()
            await fake.settle()
            await bench.run(args.duels, 10)  # warm-up
            await fake.settle()
            load0 = os.getloadavg()[0]
            for i in range(args.samples * 2):
                slot = bench.rng.randrange(args.duels)
                state, player, found = await bench.ready(slot)
                cid, channel, users = bench.duels[slot]
                user = next(u for u in users if str(u.id) == player)
                await bot.house.idle()
                await fake.idle(0.003)
                if i % 2:
                    await measured("noop", bench.one(user, channel, "tcg noop", {}))
                    continue
                plays = [a for a in found if isinstance(a, act.Play)]
                attacks = [a for a in found if isinstance(a, act.Attack)]
                if attacks and (not plays or bench.rng.random() < 0.5):
                    a = bench.rng.choice(attacks)
                    opts = {"unit": a.unit, "target": a.target or "gig"}
                    await measured("attack", bench.one(user, channel, "tcg attack", opts))
                else:
                    p = bench.rng.choice(plays)
                    await measured("play", bench.one(user, channel, "tcg play", {"card": p.card}))
                    await measured("pay", bench.pay(user))
                await bot.house.idle()
                await fake.idle(0.003)
                if i % 100 == 99:
                    await fake.trim()
            load1 = os.getloadavg()[0]
            memo = bench.rt.memo
            print(f"views/legal memo: {memo.hits} hits, {memo.misses} misses")
            await fake.stop_bot(bot)
    kinds = tuple(k for k in KINDS if cpu[k])
    report(f"{args.duels} duels", kinds, STAGES, stages, gcw, cpu, wall, (load0, load1))
    if args.profile:
        for k, prof in profs.items():
            path = f"{args.profile}.{k}"
            prof.dump_stats(path)
            print(f"\n== cProfile {k} ({path}), top by tottime ==")
            pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.tcg_stage_profile")
    p.add_argument("--duels", type=int, default=500)
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--profile", default="")
    p.add_argument("--top", type=int, default=40)
    asyncio.run(run(p.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
