"""Legendary win-rate measurements: AI strength (levels on the same seeds) and the
balance matrix (every Scheme x Mastermind x player count), with Wilson intervals.

    python -m bench.legendary_matrix strength --players 2 3 --games 8 --levels greedy planner
    python -m bench.legendary_matrix matrix --players 1 2 3 4 5 --games 10 --level planner
    python -m bench.legendary_matrix matrix --players 4 5 --schemes rig-the-uplink --workers 2

`--games` is per Scheme x Mastermind cell; the matrix ends with each player count's
totals and each Mastermind's (pooled over the Schemes). Seeds are fixed (`--seed`), so
runs repeat, whatever `--workers` (each cell is one `simulate` call, run in a worker
process).
Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from content.legendary.loader import load_default_pack
from rules.core.stats import wilson
from rules.core.text import count
from rules.legendary.cards import Pack
from rules.legendary.sim import SimReport, simulate

Cell = tuple[int, str, str]  # players, Scheme, Mastermind


def _run(args: tuple[Cell, int, str, int]) -> tuple[SimReport, float]:
    (n, s, m), games, level, seed = args
    t = time.process_time()
    r = simulate(_pack(), players=n, scheme=s, mastermind=m, games=games, agent=level, seed=seed)
    return r, time.process_time() - t


_PACK: list[Pack] = []  # loaded once per process


def _pack() -> Pack:
    if not _PACK:
        _PACK.append(load_default_pack())
    return _PACK[0]


def _cells(
    cells: list[Cell], games: int, level: str, seed: int, workers: int
) -> Iterator[tuple[SimReport, float]]:
    """The cells' reports in order, computed by `workers` processes (1: in this one)."""
    jobs = [(c, games, level, seed) for c in cells]
    if workers <= 1:
        yield from map(_run, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as ex:
        yield from ex.map(_run, jobs)


def _ci(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{k}/{n} ({100 * k / max(1, n):.0f}%, 95% CI {100 * lo:.0f}–{100 * hi:.0f}%)"


def strength(
    levels: Sequence[str],
    players: Sequence[int],
    games: int,
    seed: int,
    schemes: Sequence[str] | None = None,
    workers: int = 1,
) -> None:
    pack = _pack()
    schemes = sorted(schemes or pack.schemes)
    print("| AI | players | won | Evil Wins | draws | s/game |")
    print("|---|---:|---|---:|---:|---:|")
    for level in levels:
        for n in players:
            cells = [(n, s, m) for s in schemes for m in sorted(pack.masterminds)]
            won = evil = draw = total = 0
            spent = 0.0
            for r, cpu in _cells(cells, games, level, seed, workers):
                won, evil, draw, total = (won + r.wins, evil + r.evil, draw + r.draws,
                                          total + r.games)  # fmt: skip
                spent += cpu
            per = spent / max(1, total)
            print(f"| {level} | {n} | {_ci(won, total)} | {evil} | {draw} | {per:.2f} |",
                  flush=True)  # fmt: skip


def matrix(
    level: str,
    players: Sequence[int],
    games: int,
    seed: int,
    schemes: Sequence[str] | None = None,
    workers: int = 1,
) -> None:
    pack = _pack()
    schemes = sorted(schemes or pack.schemes)
    masterminds = sorted(pack.masterminds)
    totals: list[tuple[int, int, int, int, int]] = []
    # (players, Mastermind) -> [won, games]: every Mastermind meets every Scheme at every
    # player count, so its column pooled over the Schemes is its own balance line.
    by_mm: dict[tuple[int, str], list[int]] = {}
    for n in players:
        sums = [0, 0, 0, 0]
        print(f"\n### {count(n, 'player')}\n")
        print("| Scheme | " + " | ".join(masterminds) + " | all |")
        print("|---|" + "---|" * (len(masterminds) + 1))
        cells = [(n, s, m) for s in schemes for m in masterminds]
        reports = _cells(cells, games, level, seed, workers)
        for s in schemes:
            row, won, total = [], 0, 0
            for m in masterminds:
                r, _cpu = next(reports)
                mm = by_mm.setdefault((n, m), [0, 0])
                mm[0], mm[1] = mm[0] + r.wins, mm[1] + r.games
                row.append(f"{r.wins}/{r.games} (E{r.evil} D{r.draws})")
                won, total = won + r.wins, total + r.games
                sums = [sums[0] + r.wins, sums[1] + r.games, sums[2] + r.evil, sums[3] + r.draws]
            print(f"| {s} | " + " | ".join(row) + f" | {_ci(won, total)} |", flush=True)
        totals.append((n, sums[0], sums[1], sums[2], sums[3]))
    print("\n| players | won | Evil Wins | draws |\n|---:|---|---:|---:|")
    for n, won, total, evil, draws in totals:
        print(f"| {n} | {_ci(won, total)} | {evil} | {draws} |")
    print("\n| players | " + " | ".join(masterminds) + " |")
    print("|---:|" + "---|" * len(masterminds))
    for n in players:
        print(f"| {n} | " + " | ".join(_ci(*by_mm[(n, m)]) for m in masterminds) + " |")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("strength", "matrix"))
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--levels", nargs="+", default=["greedy", "planner"])
    ap.add_argument("--level", default="planner")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--schemes", nargs="+", default=None, help="Scheme ids (default: all)")
    ap.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    args = ap.parse_args(argv)
    if args.mode == "strength":
        strength(args.levels, args.players, args.games, args.seed, args.schemes, args.workers)
    else:
        matrix(args.level, args.players, args.games, args.seed, args.schemes, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
