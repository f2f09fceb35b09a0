"""What one Legendary hand panel's buttons cost, offline: `panel_buttons` and the
component payload sending it writes (`view.to_components()`), for the same mid-game
panels, CPU per panel. Runs against any tree of the repository (put it first on
PYTHONPATH), so two versions compare on the same states in the same minute.

    python -m bench.legendary_panel_cost --panels 200 --repeat 5
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from typing import Any

from cogs.legendary.components import panel_buttons
from content.legendary.loader import load_default_pack
from rules.legendary.engine import apply, decision_seat, legal_actions
from rules.legendary.setup import Setup, new_game
from rules.legendary.view import view

MIN_ACTIONS = 8  # a panel of a turn in full swing (the bench plays and fights)


def panels(n: int) -> list[tuple[Any, Any, int]]:
    """`n` mid-game (legal actions, view, version) of the seat to act with at least
    MIN_ACTIONS legal actions, from games of random moves."""
    pack = load_default_pack()
    schemes, mms = sorted(pack.schemes), sorted(pack.masterminds)
    out: list[tuple[Any, Any, int]] = []
    g = 0
    while len(out) < n:
        rng = random.Random(g)
        setup = Setup(
            names=("p0", "p1", "p2"),
            scheme=schemes[g % len(schemes)],
            mastermind=mms[g % len(mms)],
        )
        game = new_game(pack, setup, seed=g).state
        for step in range(400):
            if game.over:
                break
            seat = decision_seat(game)
            assert seat is not None
            legal = legal_actions(game, pack, seat)
            if len(legal) >= MIN_ACTIONS and step % 3 == 0 and len(out) < n:
                out.append((legal, view(game, pack, seat), game.version))
            game = apply(game, rng.choice(legal), pack).state
        g += 1
    return out


async def run(args: argparse.Namespace) -> None:
    pack = load_default_pack()
    cases = panels(args.panels)
    buttons = sum(len(c[0]) for c in cases)
    best = float("inf")
    for _ in range(args.repeat):
        t0 = time.thread_time()
        for legal, v, version in cases:
            made, _ = panel_buttons(legal, v, "t1", version, "en", pack)
            if made is not None:
                made.to_components()
        best = min(best, time.thread_time() - t0)
    load = os.getloadavg()[0]
    print(
        f"{len(cases)} panels ({buttons / len(cases):.1f} legal actions each), "
        f"best of {args.repeat}: {best / len(cases) * 1e3:.3f} ms CPU per panel "
        f"(buttons + payload), load average {load:.2f}"
    )


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench.legendary_panel_cost")
    p.add_argument("--panels", type=int, default=200)
    p.add_argument("--repeat", type=int, default=5)
    asyncio.run(run(p.parse_args()))


if __name__ == "__main__":
    main()
