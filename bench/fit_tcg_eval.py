"""Fit the TCG search player's evaluation weights (rules/tcg/ai/evaluate.py: WEIGHTS).

    python -m bench.fit_tcg_eval [--duels N] [--seed S]

Plays greedy-vs-greedy duels over every pairing of the bundled decks, records
`features` of each position at the start of every turn from both seats, and fits a
logistic regression of "this seat went on to win" on them (Newton's method, a small ridge
penalty, no intercept: the features are differences, so an even position scores 0).
Prints the weights to paste into WEIGHTS, and the held-out log-loss and accuracy next to
a coin's. Deterministic for a seed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence

from content.tcg.loader import load_default_pack
from rules.tcg.ai.basic import GreedyPlayer
from rules.tcg.ai.evaluate import FEATURES, features
from rules.tcg.cards import TcgContent
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.sim import start
from rules.tcg.view import view

Row = tuple[list[float], int]


def positions(content: TcgContent, duels: int, seed: int) -> list[Row]:
    decks = sorted(content.decks.values(), key=lambda d: d.id)
    greedy = GreedyPlayer()
    rows: list[Row] = []
    for g in range(duels):
        d = start(content, (decks[g % 4], decks[(g // 4) % 4]), seed + g)
        rng = random.Random(g)
        seen: list[tuple[int, list[float]]] = []
        turn = d.turn
        while d.result is None and d.turn < 60:
            if d.turn != turn:
                turn = d.turn
                seen += [(me, features(d, content, me)) for me in (0, 1)]
            seat = to_act(d)
            assert seat is not None
            legal = [a for a in legal_actions(d, content, f"p{seat}") if a.type != "concede"]
            d = apply(d, greedy.choose(view(d, content, seat), legal, content, rng), content).state
        if d.result is not None and d.result.winner is not None:
            rows += [(f, int(d.result.winner == me)) for me, f in seen]
    return rows


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the system is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: Sequence[Row], ridge: float = 1.0, rounds: int = 12) -> list[float]:
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, t in rows:
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            for i in range(k):
                grad[i] += (p - t) * x[i]
                for j in range(k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        w = [a - b for a, b in zip(w, _solve(hess, grad), strict=True)]
    return w


def log_loss(w: Sequence[float], rows: Sequence[Row]) -> float:
    total = 0.0
    for x, t in rows:
        p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
        total += math.log(max(1e-12, p if t else 1 - p))
    return -total / len(rows)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--duels", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=50000)
    args = ap.parse_args(argv)
    rows = positions(load_default_pack(), args.duels, args.seed)
    random.Random(0).shuffle(rows)
    cut = len(rows) * 4 // 5
    w = fit(rows[:cut])
    test = rows[cut:]
    hits = sum((sum(a * b for a, b in zip(w, x, strict=True)) > 0) == bool(t) for x, t in test)
    print(f"{len(rows):,} positions from {args.duels:,} greedy duels, seed {args.seed}")
    for name, wi in zip(FEATURES, w, strict=True):
        print(f"  {name:<18} {wi:+.3f}")
    print(f"WEIGHTS = ({', '.join(f'{wi:.3f}' for wi in w)})")
    print(
        f"held-out log-loss {log_loss(w, test):.4f} (a coin: {math.log(2):.4f}), "
        f"accuracy {hits / len(test):.1%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
