"""Benchmark: Legendary engine actions per second and AI decision time.

    python -m bench.bench_legendary [--games N] [--players 1 2 3 4 5] [--ai-games N]

1. Engine: random-legal games of the bundled pack (every Scheme and Mastermind in turn),
   timing `legal_actions` + `apply` for every action (the random choice itself is
   excluded). Target: at least 5,000 actions a second on one core.
2. AI: whole games with greedy and planner seats, timing each `decide` call (view building
   included). Target: p99 under 1.5 s.

Times are process CPU time (steadier on a busy machine); seeds are fixed, so every run
plays the same games. Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Sequence

from content.legendary.loader import load_default_pack
from rules.legendary.ai import make_agent
from rules.legendary.engine import apply, decision_seat, legal_actions
from rules.legendary.setup import Setup, new_game
from rules.legendary.view import view

TARGET_APS = 5_000
TARGET_P99 = 1.5
DISCORD_P99 = 0.05  # a decision fast enough to feel instant in a Discord game


def engine_bench(games: int, players: Sequence[int]) -> list[tuple[int, int, float]]:
    pack = load_default_pack()
    schemes, mms = sorted(pack.schemes), sorted(pack.masterminds)
    rows = []
    for n in players:
        actions, spent = 0, 0.0
        for g in range(games):
            rng = random.Random(g)
            names = tuple(f"p{i}" for i in range(n))
            setup = Setup(names=names, scheme=schemes[g % len(schemes)],
                          mastermind=mms[g % len(mms)])  # fmt: skip
            game = new_game(pack, setup, seed=g).state
            while not game.over and actions < 10**7:
                t = time.process_time()
                seat = decision_seat(game)
                assert seat is not None
                legal = legal_actions(game, pack, seat)
                spent += time.process_time() - t
                action = rng.choice(legal)
                t = time.process_time()
                game = apply(game, action, pack).state
                spent += time.process_time() - t
                actions += 1
        rows.append((n, actions, actions / spent if spent else 0.0))
    return rows


def ai_bench(games: int, players: int, level: str) -> tuple[int, float, float, float]:
    pack = load_default_pack()
    schemes, mms = sorted(pack.schemes), sorted(pack.masterminds)
    times: list[float] = []
    for g in range(games):
        names = tuple(f"p{i}" for i in range(players))
        setup = Setup(names=names, scheme=schemes[g % len(schemes)], mastermind=mms[g % len(mms)])
        game = new_game(pack, setup, seed=1000 + g).state
        agents = [make_agent(level, s) for s in range(players)]
        steps = 0
        while not game.over and steps < 20_000:
            seat = decision_seat(game)
            assert seat is not None
            legal = legal_actions(game, pack, seat)
            t = time.process_time()
            action = agents[seat].decide(view(game, pack, seat), legal, pack)
            times.append(time.process_time() - t)
            game = apply(game, action, pack).state
            steps += 1
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))] if times else 0.0

    return len(times), pct(0.5), pct(0.99), times[-1] if times else 0.0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--ai-games", type=int, default=4)
    ap.add_argument("--ai-only", action="store_true", help="skip the engine benchmark")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}")
    print()
    ok = True
    if not args.ai_only:
        ok = _engine_table(args.games, args.players)
    print()
    print("| AI | players | decisions | p50 ms | p99 ms | max ms | p99 < 1.5 s | p99 < 50 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for level in ("greedy", "planner"):
        for n in (2, 4):
            k, p50, p99, top = ai_bench(args.ai_games, n, level)
            met = p99 < TARGET_P99
            ok &= met
            fast = "met" if p99 < DISCORD_P99 else "MISSED"
            print(f"| {level} | {n} | {k} | {p50 * 1000:.2f} | {p99 * 1000:.2f} | "
                  f"{top * 1000:.1f} | {'met' if met else 'MISSED'} | {fast} |")  # fmt: skip
    return 0 if ok else 1


def _engine_table(games: int, players: Sequence[int]) -> bool:
    print("| players | actions | actions/s (CPU) | target |")
    print("|---|---|---|---|")
    ok = True
    for n, actions, aps in engine_bench(games, players):
        met = aps >= TARGET_APS
        ok &= met
        print(f"| {n} | {actions} | {aps:,.0f} | {'met' if met else 'MISSED'} |")
    return ok


if __name__ == "__main__":
    sys.exit(main())
