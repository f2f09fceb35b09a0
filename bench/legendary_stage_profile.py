"""Where one `/legendary play` or `/legendary fight` spends its CPU, next to the no-op,
at N active games (the tables and the one-at-a-time loop of bench_legendary_discord).

    python -m bench.legendary_stage_profile --tables 500 --samples 200
    python -m bench.legendary_stage_profile --tables 500 --profile /tmp/lg.prof  # + cProfile
    python -m bench.legendary_stage_profile --tables 500 --twice  # each view twice: cold, hot

Per interaction kind it prints the event loop thread's CPU time (`time.thread_time`,
from INTERACTION_CREATE dispatched to the accepted callback: the bot and the fake
Discord in this process, so the same harness cost is in the no-op), and per stage of the
answer path its CPU time per interaction (inclusive: a stage that awaits counts what the
loop ran meanwhile, which in this one-at-a-time loop is that interaction's own work).
CPU time is much less sensitive to the other processes on the machine than wall clock;
the wall-clock p50 is printed beside it with the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import functools
import gc
import inspect
import os
import pstats
import resource
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.bench_discord import pct
from bench.bench_legendary_discord import KINDS, LegendaryTables
from bench.discord_latency import NOOP, measure, quiet, start_bot
from bench.fake_process import LocalFake
from content.legendary.loader import load_default_pack
from rules.legendary.actions import Fight, Play

# (label, module path, attribute path): what is timed, in answer order.
STAGES: tuple[tuple[str, str, str], ...] = (
    ("seat: table of the channel + state", "cogs.legendary.cmd_base", "CommandBase._seat"),
    ("pick: the typed card's id", "cogs.legendary.cmd_base", "CommandBase._pick"),
    ("act: service (load, check, apply, commit)", "bot.service.game", "GameService.act"),
    ("  apply (engine)", "cogs.legendary.adapter", "LegendaryAdapter.apply"),
    ("  state JSON", "cogs.legendary.adapter", "LegendaryAdapter.state_to_json"),
    ("  commit (SQLite, inline)", "bot.storage.sqlite", "SqliteStore.commit_action"),
    ("    write_batch (SQL statements)", "bot.storage.commits", "write_batch"),
    ("    flusher.request (process)", "bot.storage.flushproc", "ProcessFlusher.request"),
    ("    flusher.request (thread)", "bot.storage.flush", "WalFlusher.request"),
    ("  listeners (publisher queue)", "cogs.common.publisher", "Publisher.on_commit"),
    ("notes: private event lines", "cogs.legendary.interact", "private_notes"),
    ("panel: view + legal + embed + buttons", "cogs.legendary.runtime", "LegendaryRuntime.panel"),
    ("  view (rules)", "cogs.legendary.runtime", "LegendaryRuntime.view"),
    ("  legal actions", "cogs.legendary.runtime", "LegendaryRuntime.legal"),
    ("  hand embed", "cogs.legendary.render", "hand_embed"),
    ("  buttons", "cogs.legendary.components", "panel_buttons"),
    ("send: the answer's HTTP call", "cogs.common.answer", "send"),
    ("i18n t()", "bot.i18n", "t"),
)


class Stages:
    """Inclusive thread CPU time and calls per stage, bucketed by the current kind."""

    def __init__(self) -> None:
        self.kind: str | None = None
        self.cpu: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.wall: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
        self.calls: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        self.depth: dict[str, int] = defaultdict(int)

    def wrap(self, label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        stages = self

        def book(t0: float, w0: float) -> None:
            stages.depth[label] -= 1
            if stages.kind is not None and stages.depth[label] == 0:
                stages.cpu[stages.kind][label] += time.thread_time() - t0
                stages.wall[stages.kind][label] += time.perf_counter() - w0
                stages.calls[stages.kind][label] += 1

        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def awrapped(*a: Any, **kw: Any) -> Any:
                stages.depth[label] += 1
                t0, w0 = time.thread_time(), time.perf_counter()
                try:
                    return await fn(*a, **kw)
                finally:
                    book(t0, w0)

            return awrapped

        @functools.wraps(fn)
        def wrapped(*a: Any, **kw: Any) -> Any:
            stages.depth[label] += 1
            t0, w0 = time.thread_time(), time.perf_counter()
            try:
                return fn(*a, **kw)
            finally:
                book(t0, w0)

        return wrapped

    def install(self, stages: tuple[tuple[str, str, str], ...] = STAGES) -> None:
        """Wrap every stage; a function imported by name elsewhere is wrapped there too."""
        import importlib
        import sys

        for label, mod, attr in stages:
            owner: Any = importlib.import_module(mod)
            *path, name = attr.split(".")
            for p in path:
                owner = getattr(owner, p)
            plain = getattr(owner, name)
            wrapped = self.wrap(label, plain)
            setattr(owner, name, wrapped)
            if not path:
                for m in list(sys.modules.values()):
                    if getattr(m, name, None) is plain:
                        setattr(m, name, wrapped)


class GcWatch:
    """Garbage collections that ran inside measured interactions, by kind: how many and
    their total pause (the bot's IdleGC moves them between answers; this checks). Also
    the loop thread's involuntary context switches in them (`getrusage`: preempted while
    runnable, by another process on a busy machine), booked when `kind` is set back to
    None."""

    def __init__(self) -> None:
        self._kind: str | None = None
        self.passes: dict[str, int] = defaultdict(int)
        self.ms: dict[str, float] = defaultdict(float)
        self.switches: dict[str, list[int]] = defaultdict(list)
        self._t0 = 0.0
        self._sw0 = 0
        gc.callbacks.append(self.on_gc)

    @property
    def kind(self) -> str | None:
        return self._kind

    @kind.setter
    def kind(self, kind: str | None) -> None:
        now = resource.getrusage(resource.RUSAGE_THREAD).ru_nivcsw
        if kind is None and self._kind is not None:
            self.switches[self._kind].append(now - self._sw0)
        self._kind, self._sw0 = kind, now

    def on_gc(self, phase: str, info: dict[str, int]) -> None:
        if self.kind is None:
            return
        if phase == "start":
            self._t0 = time.perf_counter()
        else:
            self.passes[self.kind] += 1
            self.ms[self.kind] += (time.perf_counter() - self._t0) * 1000


def time_twice() -> dict[str, list[float]]:
    """Wrap the rules' `view` and `legal_actions` as the runtime calls them so that each
    call runs twice in a row, timing both (thread CPU): the first is what the answer
    pays, on caches the rest of the bot's work has cooled; the second, the same work hot."""
    import cogs.legendary.runtime as runtime

    times: dict[str, list[float]] = defaultdict(list)

    def twice(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*a: Any) -> Any:
            t0 = time.thread_time()
            out = fn(*a)
            t1 = time.thread_time()
            fn(*a)
            times[f"{label}, first"].append((t1 - t0) * 1000)
            times[f"{label}, again"].append((time.thread_time() - t1) * 1000)
            return out

        return wrapped

    runtime.view = twice("view", runtime.view)  # type: ignore[assignment]
    runtime.engine.legal_actions = twice("legal actions", runtime.engine.legal_actions)  # type: ignore[assignment]
    return times


async def run(args: argparse.Namespace) -> None:
    stages = Stages()
    stages.install()
    twice = time_twice() if args.twice else None
    gcw = GcWatch()
    profs = {k: cProfile.Profile() for k in (*KINDS, NOOP)} if args.profile else {}
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        async with LocalFake() as fake:
            bot = await start_bot(
                fake, Path(tmp) / "bench.sqlite3", {"legendary": load_default_pack()}, "legendary"
            )
            tables = LegendaryTables(fake, bot)
            await tables.grow(args.tables)
            await fake.settle()
            for i in range(20):
                await tables.sample(args.tables, i)
            await fake.settle()
            load0 = os.getloadavg()[0]
            for i in range(args.samples * 2):
                slot = tables.rng.randrange(args.tables)
                kind = NOOP if i % 2 else KINDS[(i // 2) % 2]
                action = (
                    None
                    if kind == NOOP
                    else await tables._ready(slot, Play if kind == "play" else Fight)
                )
                cid, channel, user = tables.games[slot]
                await quiet(fake, bot)
                if action is None:
                    name, opts = f"legendary {NOOP}", {}
                elif isinstance(action, Play):
                    name, opts = "legendary play", {"card": action.card}
                else:
                    name, opts = "legendary fight", {"target": action.target}
                stages.kind = gcw.kind = kind
                prof = profs.get(kind)
                c0 = time.thread_time()
                if prof is not None:
                    prof.enable()
                ms = await measure(fake, user, channel, name, opts)
                if prof is not None:
                    prof.disable()
                cpu[kind].append((time.thread_time() - c0) * 1000)
                stages.kind = gcw.kind = None
                wall[kind].append(ms)
                await quiet(fake, bot)
                if i % 100 == 99:
                    await fake.trim()
            load1 = os.getloadavg()[0]
            memo = getattr(tables.rt, "memo", None)
            if memo is not None:
                print(f"views/legal memo: {memo.hits} hits, {memo.misses} misses")
            await fake.stop_bot(bot)
    report(f"{args.tables} games", (*KINDS, NOOP), STAGES, stages, gcw, cpu, wall, (load0, load1))
    for label, xs in (twice or {}).items():
        print(f"{label}: median {pct(xs, 50):.3f} ms CPU ({len(xs)} calls, the runtime's)")
    if args.profile:
        for k, prof in profs.items():
            path = f"{args.profile}.{k}"
            prof.dump_stats(path)
            print(f"\n== cProfile {k} ({path}), top by tottime ==")
            pstats.Stats(prof).sort_stats("tottime").print_stats(args.top)


def report(
    what: str,
    kinds: tuple[str, ...],
    labels: tuple[tuple[str, str, str], ...],
    stages: Stages,
    gcw: GcWatch,
    cpu: dict[str, list[float]],
    wall: dict[str, list[float]],
    loads: tuple[float, float],
) -> None:
    """The per-kind CPU and wall times, the garbage collections, and the stage table."""
    print(f"{what}, load average {loads[0]:.2f} → {loads[1]:.2f}")
    print("kind   | n   | CPU p50 / mean ms (loop thread, dispatch → answer) | wall p50 / p99 ms")
    for k in kinds:
        xs = cpu[k]
        print(
            f"{k:<6} | {len(xs):<3} | {pct(xs, 50):.2f} / {sum(xs) / len(xs):.2f}"
            f" | {pct(wall[k], 50):.1f} / {pct(wall[k], 99):.1f}"
        )
    for k in kinds:
        n = len(cpu[k])
        print(f"{k}: {gcw.passes[k] / n:.2f} GC passes per interaction, {gcw.ms[k] / n:.2f} ms")
    for k in kinds:
        sw = gcw.switches[k]
        if sw:
            hit = sum(1 for x in sw if x) / len(sw)
            print(
                f"{k}: {sum(sw) / len(sw):.2f} involuntary context switches per interaction"
                f" (preempted in {hit:.0%} of them)"
            )
    print()
    print("stage (CPU / wall ms per interaction, inclusive; calls) | " + " | ".join(kinds))
    for label, _, _ in labels:
        cells = []
        for k in kinds:
            n = len(cpu[k])
            c = stages.calls[k].get(label, 0)
            cells.append(
                f"{stages.cpu[k].get(label, 0.0) * 1000 / n:.2f} / "
                f"{stages.wall[k].get(label, 0.0) * 1000 / n:.2f} ({c / n:.1f}×)"
                if c
                else "-"
            )
        print(f"{label} | " + " | ".join(cells))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.legendary_stage_profile")
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--profile", default="")
    p.add_argument("--top", type=int, default=40)
    p.add_argument(
        "--twice", action="store_true", help="time each view and legal-action list twice"
    )
    asyncio.run(run(p.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
