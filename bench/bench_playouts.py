"""Benchmark: full scenario playouts per second with AI crews.

    python -m bench.bench_playouts [--games N] [--runners 1 2 4] [--ai crew random]

Plays every scenario of the core campaign from its first card to its end (complete or
flatlined) with fresh AI crews, and prints a Markdown table: playouts per second of wall
time and of process CPU time (CPU time is steadier on a busy machine), actions per second,
and what share of the time the AI's decisions take. Seeds are fixed, so every run plays
the same games.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from content.legends.loader import load_default_pack
from rules.legends.actions import Action
from rules.legends.ai import CrewAI, RandomAI
from rules.legends.cards import ContentPack
from rules.legends.sim import AiKind, Brain, crew_table, game_seed, make_brain, play_run
from rules.legends.view import PlayerView


class _Timed:
    """Wraps a brain and adds up the time spent deciding."""

    def __init__(self, inner: CrewAI | RandomAI, clock: list[float]) -> None:
        self.inner = inner
        self.clock = clock

    def choose(self, view: PlayerView, content: ContentPack) -> Action:
        t = time.process_time()
        try:
            return self.inner.choose(view, content)
        finally:
            self.clock[0] += time.process_time() - t


@dataclass
class Row:
    ai: str
    runners: int
    games: int
    wall: float
    cpu: float
    ai_cpu: float
    actions: int
    wins: int


def bench(
    content: ContentPack, ai: AiKind, runners: int, games: int, scenarios: Sequence[str]
) -> Row:
    clock = [0.0]
    actions = wins = 0
    n = 0
    w0, c0 = time.perf_counter(), time.process_time()
    for scen in scenarios:
        for g in range(games):
            seed = game_seed(1, g)
            table = crew_table(content, runners=runners, seed=seed)
            brains: dict[str, Brain] = {
                f"ai{i}": _Timed(make_brain(ai, seed * 10 + i), clock) for i in range(runners)
            }
            res = play_run(table, content, brains, scenario=scen)
            actions += res.actions
            wins += res.outcome == "complete"
            n += 1
    return Row(
        ai=ai,
        runners=runners,
        games=n,
        wall=time.perf_counter() - w0,
        cpu=time.process_time() - c0,
        ai_cpu=clock[0],
        actions=actions,
        wins=wins,
    )


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bench.bench_playouts",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--games", type=int, default=10, help="playouts per scenario (default 10)")
    p.add_argument("--runners", type=int, nargs="+", default=[1, 2, 4])
    p.add_argument("--ai", nargs="+", choices=("crew", "random"), default=["crew", "random"])
    args = p.parse_args(argv)
    content = load_default_pack()
    camp = next(iter(content.campaigns.values()))
    scenarios = list(camp.scenarios)
    print(
        f"# {len(scenarios)} scenarios of '{camp.name}' x {args.games} playouts each; "
        f"Python {platform.python_version()} on {platform.machine()}"
    )
    print(
        "| AI | runners | playouts | playouts/s (wall) | playouts/s (CPU) | actions/s (CPU) "
        "| AI share of CPU | won |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for ai in args.ai:
        kind: AiKind = "crew" if ai == "crew" else "random"
        for runners in args.runners:
            r = bench(content, kind, runners, args.games, scenarios)
            print(
                f"| {ai} | {r.runners} | {r.games} | {r.games / r.wall:.1f} | "
                f"{r.games / r.cpu:.1f} | {r.actions / r.cpu:.0f} | "
                f"{100 * r.ai_cpu / r.cpu:.0f}% | {r.wins}/{r.games} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
