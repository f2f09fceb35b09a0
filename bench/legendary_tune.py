"""Legendary balance tuning: one Scheme at one player count, with its setup overridden,
against every Mastermind, pooled over several seeds (the matrix's cells, planner seats).

    python -m bench.legendary_tune countdown-to-zero 2 --games 17 --seeds 3101 3102 \
        --twists 7 --evil-at 7

`--twists` replaces the Scheme's Twist count at that player count, `--evil-at` the
threshold of its first Evil Wins condition there, `--wounds` its Wound stack. A candidate
is tried here on tuning seeds; the content change is then measured with
`bench.legendary_matrix` on a seed never used for tuning (docs/legendary-balance.md).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from content.legendary.loader import load_default_pack
from rules.core.stats import wilson
from rules.legendary.cards import Pack
from rules.legendary.sim import simulate


def tuned_pack(
    pack: Pack,
    scheme: str,
    players: int,
    twists: int | None = None,
    evil_at: int | None = None,
    wounds: int | None = None,
) -> Pack:
    """`pack` with Scheme `scheme`'s setup at `players` players overridden."""
    s = pack.schemes[scheme]
    upd: dict[str, Any] = {}
    if twists is not None:
        upd["twists_by_players"] = {**s.twists_by_players, players: twists}
    if wounds is not None:
        upd["wounds_by_players"] = {**s.wounds_by_players, players: wounds}
    if evil_at is not None:
        first = s.evil_wins[0]
        first = first.model_copy(update={"by_players": {**first.by_players, players: evil_at}})
        upd["evil_wins"] = (first, *s.evil_wins[1:])
    return pack.model_copy(update={"schemes": {**pack.schemes, scheme: s.model_copy(update=upd)}})


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scheme")
    ap.add_argument("players", type=int)
    ap.add_argument("--games", type=int, default=17, help="per Mastermind and seed")
    ap.add_argument("--seeds", type=int, nargs="+", default=[3101, 3102])
    ap.add_argument("--twists", type=int, default=None)
    ap.add_argument("--evil-at", type=int, default=None)
    ap.add_argument("--wounds", type=int, default=None)
    ap.add_argument("--level", default="planner")
    a = ap.parse_args(argv)
    pack = tuned_pack(load_default_pack(), a.scheme, a.players, a.twists, a.evil_at, a.wounds)
    won = evil = draws = total = 0
    per: list[str] = []
    for seed in a.seeds:
        w = t = 0
        for m in sorted(pack.masterminds):
            r = simulate(pack, players=a.players, scheme=a.scheme, mastermind=m,
                         games=a.games, agent=a.level, seed=seed)  # fmt: skip
            w, t = w + r.wins, t + r.games
            won, evil, draws, total = won + r.wins, evil + r.evil, draws + r.draws, total + r.games
        per.append(f"{seed}: {w}/{t}")
    lo, hi = wilson(won, total)
    setup = f"twists={a.twists} evil_at={a.evil_at} wounds={a.wounds}"
    print(f"| {a.scheme} | {a.players} | {setup} | {', '.join(per)} | "
          f"{won}/{total} ({100 * won / max(1, total):.0f}%, 95% CI {100 * lo:.0f}–{100 * hi:.0f}%)"
          f" | {evil} | {draws} |", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
