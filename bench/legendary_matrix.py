"""Legendary win-rate measurements: AI strength (levels on the same seeds) and the
balance matrix (every Scheme x Mastermind x player count), with Wilson intervals.

    python -m bench.legendary_matrix strength --players 2 3 --games 8 --levels greedy planner
    python -m bench.legendary_matrix matrix --players 1 2 3 4 5 --games 10 --level planner

`--games` is per Scheme x Mastermind cell. Seeds are fixed (`--seed`), so runs repeat.
Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from content.legendary.loader import load_default_pack
from rules.core.stats import wilson
from rules.core.text import count
from rules.legendary.sim import simulate


def _ci(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} ({100 * k / max(1, n):.0f}%, 95% CI {100 * lo:.0f}–{100 * hi:.0f}%)"


def strength(levels: Sequence[str], players: Sequence[int], games: int, seed: int) -> None:
    pack = load_default_pack()
    print("| AI | players | won | Evil Wins | draws | s/game |")
    print("|---|---:|---|---:|---:|---:|")
    for level in levels:
        for n in players:
            won = evil = draw = total = 0
            t = time.process_time()
            for s in sorted(pack.schemes):
                for m in sorted(pack.masterminds):
                    r = simulate(pack, players=n, scheme=s, mastermind=m, games=games,
                                 agent=level, seed=seed)  # fmt: skip
                    won, evil, draw, total = (won + r.wins, evil + r.evil, draw + r.draws,
                                              total + r.games)  # fmt: skip
            spent = (time.process_time() - t) / max(1, total)
            print(f"| {level} | {n} | {_ci(won, total)} | {evil} | {draw} | {spent:.2f} |",
                  flush=True)  # fmt: skip


def matrix(level: str, players: Sequence[int], games: int, seed: int) -> None:
    pack = load_default_pack()
    totals: list[tuple[int, int, int, int, int]] = []
    for n in players:
        sums = [0, 0, 0, 0]
        print(f"\n### {count(n, 'player')}\n")
        print("| Scheme | " + " | ".join(sorted(pack.masterminds)) + " | all |")
        print("|---|" + "---|" * (len(pack.masterminds) + 1))
        for s in sorted(pack.schemes):
            cells, won, total = [], 0, 0
            for m in sorted(pack.masterminds):
                r = simulate(pack, players=n, scheme=s, mastermind=m, games=games, agent=level,
                             seed=seed)  # fmt: skip
                cells.append(f"{r.wins}/{r.games} (E{r.evil} D{r.draws})")
                won, total = won + r.wins, total + r.games
                sums = [sums[0] + r.wins, sums[1] + r.games, sums[2] + r.evil, sums[3] + r.draws]
            print(f"| {s} | " + " | ".join(cells) + f" | {_ci(won, total)} |", flush=True)
        totals.append((n, sums[0], sums[1], sums[2], sums[3]))
    print("\n| players | won | Evil Wins | draws |\n|---:|---|---:|---:|")
    for n, won, total, evil, draws in totals:
        print(f"| {n} | {_ci(won, total)} | {evil} | {draws} |")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("strength", "matrix"))
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--levels", nargs="+", default=["greedy", "planner"])
    ap.add_argument("--level", default="planner")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    if args.mode == "strength":
        strength(args.levels, args.players, args.games, args.seed)
    else:
        matrix(args.level, args.players, args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
