"""What a game's interaction-latency benchmark through the fake Discord shares: the bot
started (against the fake of bench/fake_process.py, in its own process or in this one)
with a no-op command in the game's group (the baseline every
measured command is compared with, in the same run), one measured slash command, and
the levels loop (warm-up, measure, percentiles, one printed line per level).

A game's bench brings its tables: `Tables.grow(n)` makes n active tables, and
`Tables.sample(n)` runs one measured interaction (or the no-op, alternating) on a random
table and returns (kind, milliseconds). `bench_legendary_discord` uses it; the TCG's
bench (`bench_tcg_discord`) takes the no-op, the levels and the sample count from here
and keeps its own loop (it also times `pay`, the click that follows a play that asks).
"""

from __future__ import annotations

import cProfile
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import discord
from discord import app_commands

from bench.bench_discord import pct
from bench.fake_process import Harness, Ref
from bot.app import FixerBot
from bot.config import Settings

LEVELS = (1, 50, 500)
#: Measured interactions per level (half of them no-ops). A p99 is the 1% tail, so with
#: 100 samples of a kind it is about the slowest one, and one preemption moves the
#: ratio by half a point; with 750 of a kind, most rounds on a quiet machine agree within
#: a few tenths (docs/benchmarks.md, "Quiet rounds with 1,500 samples").
DEFAULT_SAMPLES = 1500
SAMPLES_HELP = f"measured interactions per level, half no-ops (default {DEFAULT_SAMPLES})"
NOOP = "noop"


def add_noop(bot: FixerBot, group_name: str) -> None:
    """`/{group_name} noop`: answers at once (ephemeral), touching nothing."""
    group = bot.tree.get_command(group_name)
    assert isinstance(group, app_commands.Group)

    @group.command(name=NOOP, description="Benchmark baseline: answers at once")
    async def noop(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message("ok", ephemeral=True)


async def start_bot(fake: Harness, db: Path, contents: dict[str, Any], group_name: str) -> FixerBot:
    """The real bot on `db` (SQLite NORMAL, the bot's default), with the no-op added."""
    bot = FixerBot(
        Settings(token=fake.token, database=db),
        contents=contents,
        guild_ready_timeout=0.05,
        cache_size=1024,
    )
    await fake.start_bot(bot)
    add_noop(bot, group_name)
    await fake.install_commands(bot.tree)
    return bot


async def measure(fake: Harness, user: Ref, channel: Ref, name: str, opts: dict[str, Any]) -> float:
    """Milliseconds from INTERACTION_CREATE to the accepted callback (what the player
    waits for); after a defer, to the followup. Which clock: bench/fake_process.py."""
    return (await fake.slash(user, channel, name, opts)).ms


async def quiet(fake: Harness, bot: FixerBot) -> None:
    """Between samples: everything the last interaction caused has gone out."""
    await bot.house.idle()
    await fake.idle(0.003)


class Tables(Protocol):
    async def grow(self, n: int) -> None: ...

    async def sample(self, n: int, i: int) -> tuple[str, float]: ...


async def run_level(
    fake: Harness,
    tables: Tables,
    n: int,
    samples: int,
    kinds: Sequence[str],
    profile: str | None = None,
) -> dict[str, Any]:
    """Warm up, then `samples` measured interactions and as many no-ops at `n` tables:
    one row of p50/p99 per kind. With `profile`, the measured part is cProfiled into
    that file (the bot's process; the unmeasured set-up between samples is in it too)."""
    await tables.grow(n)
    await fake.settle()
    for i in range(20):  # warm-up
        await tables.sample(n, i)
    await fake.settle()
    res: dict[str, list[float]] = {k: [] for k in (*kinds, NOOP)}
    prof = cProfile.Profile() if profile else None
    if prof is not None:
        prof.enable()
    for i in range(samples * 2):
        kind, ms = await tables.sample(n, i)
        res[kind].append(ms)
        if i % 100 == 99:
            await fake.trim()
    if prof is not None and profile:
        prof.disable()
        prof.dump_stats(profile)
    row: dict[str, Any] = {"tables": n}
    for kind, xs in res.items():
        row[f"{kind}_p50"] = pct(xs, 50)
        row[f"{kind}_p99"] = pct(xs, 99)
        row[f"{kind}_n"] = len(xs)
    parts = [
        f"{k} p50 {row[f'{k}_p50']:.1f} p99 {row[f'{k}_p99']:.1f} ms ({row[f'{k}_n']})"
        for k in (*kinds, NOOP)
    ]
    worst = max(row[f"{k}_p99"] for k in kinds)
    ratio = worst / row[f"{NOOP}_p99"] if row[f"{NOOP}_p99"] else float("nan")
    row["ratio"] = ratio
    print(f"{n:>4} tables: " + " | ".join(parts) + f" | worst p99 / noop p99 {ratio:.2f}×")
    return row


def summarize_rounds(rows: Sequence[dict[str, Any]]) -> dict[int, dict[str, float]]:
    """Several rounds of the same levels (`rows` as `run_level` returns them, in any
    order): per level, each round's ratio, their median and the worst. A round's ratio
    moves with the machine's speed minute to minute (docs/benchmarks.md, "Where a
    Legendary play's window goes"); the median over rounds is the steadier reading."""
    by_level: dict[int, list[float]] = {}
    for row in rows:
        by_level.setdefault(int(row["tables"]), []).append(float(row["ratio"]))
    out: dict[int, dict[str, float]] = {}
    for n, ratios in sorted(by_level.items()):
        out[n] = {"median": statistics.median(ratios), "worst": max(ratios), "rounds": len(ratios)}
        listed = ", ".join(f"{r:.2f}" for r in ratios)
        print(
            f"{n:>4} tables over {len(ratios)} rounds: {listed} → median "
            f"{out[n]['median']:.2f}×, worst {out[n]['worst']:.2f}×"
        )
    return out
