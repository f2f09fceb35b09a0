"""`python -m bot simulate --game legendary`: AI tables play many games and the report
says how they went.

For content authors balancing Schemes and Masterminds: the players' win rate with a 95%
confidence interval (Wilson), the Evil Wins and draw rates, turns per game and what beat
the players. `--scheme all` / `--mastermind all` run every pairing. Deterministic for a
seed (`rules.legendary.sim.simulate` is pure); `--json FILE` writes the reports.
Exit status: 0 on success, 2 for a setup problem (pack, names, numbers).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from bot.i18n import from_environment, t
from bot.i18n.cliargs import Parser
from bot.terminal.progress import Progress
from bot.terminal.resume import print_error, write_failed
from cogs.legendary.terminal.packs import EXIT_SETUP, SetupError, check_players, load, pick
from rules.core.stats import wilson
from rules.core.text import count
from rules.legendary.cards import Pack
from rules.legendary.sim import SimReport, simulate

AIS = ("planner", "greedy", "random")


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = Parser(
        prog="python -m bot simulate --game legendary",
        description=t(
            from_environment(),
            "Play K games of Legendary 2099 with AI players and report the win rate (95% "
            "confidence interval), Evil Wins and draw rates, turns and what beat the players.",
        ),
    )
    lang = p.lang
    p.add_argument(
        "--players", type=int, default=2, help=t(lang, "players at the table, 1-5 (default 2)")
    )
    p.add_argument(
        "--scheme", default="all", help=t(lang, "Scheme id or name, or 'all' (default: all)")
    )
    p.add_argument(
        "--mastermind",
        default="all",
        help=t(lang, "Mastermind id or name, or 'all' (default: all)"),
    )
    p.add_argument("--games", type=int, default=20, help=t(lang, "games per pairing (default 20)"))
    p.add_argument(
        "--ai",
        choices=AIS,
        default="planner",
        help=t(lang, "planner: the strongest AI (default); greedy: faster; random: a baseline"),
    )
    p.add_argument(
        "--seed", type=int, default=0, help=t(lang, "base seed (default 0); same seed, same report")
    )
    p.add_argument("--pack", help=t(lang, "content pack directory (default: the bundled pack)"))
    p.add_argument("--json", metavar="FILE", help=t(lang, "also write the reports as JSON to FILE"))
    return p


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render(r: SimReport, pack: Pack, seed: int) -> str:
    lo, hi = wilson(r.wins, r.games)
    seats = count(r.players, "player")
    out = [
        f"{pack.schemes[r.scheme].name} vs {pack.masterminds[r.mastermind].name}: "
        f"{r.games} games, {seats}, {r.agent} AI, seed {seed}",
        f"  Win rate    {pct(r.win_rate)} ({r.wins}/{r.games}), 95% CI {pct(lo)} - {pct(hi)}",
        f"  Evil Wins   {pct(r.evil_rate)} ({r.evil})",
        f"  Draws       {pct(r.draw_rate)} ({r.draws})"
        + (f"   unfinished {r.unfinished}" if r.unfinished else ""),
        f"  Turns       {r.mean_turns:.1f} per game",
    ]
    if r.beaten_by:
        ranked = sorted(r.beaten_by.items(), key=lambda kv: (-kv[1], kv[0]))
        out.append("  Beaten by   " + "; ".join(f"{k} {v}" for k, v in ranked))
    return "\n".join(out)


def render_total(reports: list[SimReport]) -> str:
    games = sum(r.games for r in reports)
    wins = sum(r.wins for r in reports)
    evil = sum(r.evil for r in reports)
    draws = sum(r.draws for r in reports)
    lo, hi = wilson(wins, games)
    return (
        f"All {len(reports)} pairings: {games} games; win rate {pct(wins / games)}, "
        f"95% CI {pct(lo)} - {pct(hi)}; Evil Wins {pct(evil / games)}; "
        f"draws {pct(draws / games)}"
    )


def to_json(r: SimReport, seed: int) -> dict[str, Any]:
    lo, hi = wilson(r.wins, r.games)
    return {**r.model_dump(mode="json"), "seed": seed, "win_ci95": [lo, hi]}


def main(
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    try:
        check_players(args.players)
        if args.games < 1:
            raise SetupError(
                t(from_environment(), "--games must be at least 1, not {n}", n=str(args.games))
            )
        pack = load(args.pack)
        schemes = pick(
            "scheme", args.scheme, {k: v.name for k, v in pack.schemes.items()}, allow_all=True
        )
        masterminds = pick(
            "mastermind",
            args.mastermind,
            {k: v.name for k, v in pack.masterminds.items()},
            allow_all=True,
        )
    except SetupError as exc:
        print_error(err, str(exc))
        return EXIT_SETUP
    try:
        reports: list[SimReport] = []
        for s in schemes:
            for m in masterminds:
                label = f"{pack.schemes[s].name[:12]}/{pack.masterminds[m].name[:12]}"
                r = simulate(
                    pack,
                    players=args.players,
                    scheme=s,
                    mastermind=m,
                    games=args.games,
                    agent=args.ai,
                    seed=args.seed,
                    progress=Progress(err, label),
                )
                reports.append(r)
                print(render(r, pack, args.seed), file=out)
                out.flush()
        if len(reports) > 1:
            print(render_total(reports), file=out)
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130
    if args.json:
        data = {
            "version": 1,
            "game": "legendary",
            "reports": [to_json(r, args.seed) for r in reports],
        }
        try:
            Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            print_error(err, write_failed(args.json, exc))
            return EXIT_SETUP
    return 0


if __name__ == "__main__":
    sys.exit(main())
