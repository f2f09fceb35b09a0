"""Benchmark: the Cyberpunk TCG engine, its search AI and its JSON round trip.

    python -m bench.bench_tcg [--duels N] [--decisions N] [--budget S]

1. Engine steps per second: random-legal duels between the bundled decks, each step one
   `legal_actions` + one `apply` (target: at least 5,000 per second on one core).
2. The search AI's decision time at its budget: p50 / p99 / max over the decisions of
   search-vs-greedy duels (target: p99 under 1.5 s, so a Discord turn never waits).
3. JSON round trip of a late-game state (dump + validate), in microseconds.

Seeds are fixed: every run plays the same duels. Prints a Markdown table and exits 1 if
a target is missed.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from content.tcg.loader import load_default_pack
from rules.tcg import actions as act
from rules.tcg.ai.basic import GreedyPlayer
from rules.tcg.ai.search import SearchPlayer
from rules.tcg.cards import TcgContent
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.sim import play_duel, start
from rules.tcg.state import Duel
from rules.tcg.view import DuelView

STEPS_TARGET = 5000
P99_TARGET = 1.5


def engine_steps(content: TcgContent, duels: int) -> tuple[float, float, int, Duel]:
    decks = sorted(content.decks.values(), key=lambda d: d.id)
    steps = 0
    late: Duel | None = None
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for seed in range(duels):
        d = start(content, (decks[seed % 4], decks[(seed // 4) % 4]), seed)
        rng = random.Random(seed)
        while d.result is None:
            seat = to_act(d)
            assert seat is not None
            legal = [a for a in legal_actions(d, content, f"p{seat}") if a.type != "concede"]
            moves = [a for a in legal if a.type != "end"]
            a = rng.choice(moves) if moves and rng.random() < 0.7 else rng.choice(legal)
            d = apply(d, a, content).state
            steps += 1
            if d.turn >= 10 and late is None:
                late = d
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    assert late is not None
    return steps / wall, steps / cpu, steps, late


class _Timed:
    def __init__(self, inner: SearchPlayer, times: list[float], clock: Callable[[], float]) -> None:
        self.inner = inner
        self.times = times
        self.clock = clock

    def choose(
        self,
        seen: DuelView,
        legal: Sequence[act.Action],
        content: TcgContent,
        rng: random.Random,
    ) -> act.Action:
        t = self.clock()
        try:
            return self.inner.choose(seen, legal, content, rng)
        finally:
            self.times.append(self.clock() - t)


def decision_times(
    content: TcgContent, decisions: int, budget: float, samples: int | None = None
) -> list[float]:
    """Seconds per search decision (every decision the player is asked for, trivial
    ones included) in search-vs-greedy duels; `samples` fixes the sampled worlds per
    decision instead of the time budget (what the CLI's simulate does), and is timed in
    process CPU time: the work is fixed, so a loaded machine's wall clock only adds noise."""
    decks = sorted(content.decks.values(), key=lambda d: d.id)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        deck = decks[seed % 4]
        player = SearchPlayer(budget=budget, my_deck=deck, samples=samples)
        clock = time.perf_counter if samples is None else time.process_time
        search = _Timed(player, times, clock)
        play_duel(content, (deck, deck), (search, GreedyPlayer()), seed=seed)
        seed += 1
    return times[:decisions]


def round_trip_us(state: Duel, reps: int = 300) -> tuple[float, int]:
    text = state.model_dump_json()
    t = time.perf_counter()
    for _ in range(reps):
        back = Duel.model_validate_json(state.model_dump_json())
    elapsed = (time.perf_counter() - t) / reps
    assert back == state
    return elapsed * 1e6, len(text)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duels", type=int, default=60)
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--budget", type=float, default=SearchPlayer().budget)
    ap.add_argument(
        "--samples",
        type=int,
        default=0,
        help="also time decisions at this fixed sample count (the CLI's), 0: skip",
    )
    args = ap.parse_args(argv)
    content = load_default_pack()
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{args.duels} random duels, {args.decisions} search decisions at "
        f"{args.budget:.2f} s budget"
    )
    wall, cpu, steps, late = engine_steps(content, args.duels)
    times = decision_times(content, args.decisions, args.budget)
    times.sort()
    p50 = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    rt, size = round_trip_us(late)
    fixed = (
        sorted(decision_times(content, args.decisions, 0.0, args.samples)) if args.samples else []
    )
    ok_steps, ok_p99 = cpu >= STEPS_TARGET, p99 < P99_TARGET
    print()
    print("| measure | value | target |")
    print("|---|---:|---:|")
    print(f"| engine steps/s (wall) | {wall:,.0f} | |")
    mark = "ok" if ok_steps else "MISSED"
    print(f"| engine steps/s (CPU) | {cpu:,.0f} | ≥ {STEPS_TARGET:,} {mark} |")
    print(f"| steps measured | {steps:,} | |")
    print(f"| search decision p50 (s) | {p50:.3f} | |")
    print(
        f"| search decision p99 (s) | {p99:.3f} | < {P99_TARGET} {'ok' if ok_p99 else 'MISSED'} |"
    )
    print(f"| search decision max (s) | {times[-1]:.3f} | |")
    if fixed:
        f50 = statistics.median(fixed)
        f99 = fixed[min(len(fixed) - 1, int(len(fixed) * 0.99))]
        n = args.samples
        print(f"| search decision p50 at {n} samples (ms, CPU) | {1000 * f50:.0f} | |")
        print(f"| search decision p99 at {n} samples (ms, CPU) | {1000 * f99:.0f} | |")
        print(f"| search decision max at {n} samples (ms, CPU) | {1000 * fixed[-1]:.0f} | |")
    print(f"| late-game JSON round trip (µs) | {rt:,.0f} | |")
    print(f"| late-game state JSON size (bytes) | {size:,} | |")
    return 0 if ok_steps and ok_p99 else 1


if __name__ == "__main__":
    sys.exit(main())
