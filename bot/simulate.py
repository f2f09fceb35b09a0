"""`python -m bot simulate`: play many runs with AI crews and report how they went.

For content authors balancing a pack (and for the project's own content): win rate with a
95% confidence interval (Wilson), Health left, rounds spent per Obstacle, which Obstacles
flatline crews, and the cards played most. Deterministic for a given seed: the same
command prints the same numbers. `--json FILE` writes the report for tooling.
Exit status: 0 on success, 2 for a setup problem (pack, names, options).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import TextIO

from bot.terminal.packs import (
    EXIT_SETUP,
    SetupError,
    campaign_id,
    check_runners,
    load,
    scenario_id,
)
from rules.legends.cards import ContentPack
from rules.legends.sim import AiKind, SimReport, simulate


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot simulate",
        description="Play K runs of a scenario with AI crews and report win rate (95% "
                    "confidence interval), Health left, rounds per Obstacle, which "
                    "Obstacles flatline crews and the cards played most.")
    p.add_argument("--scenario", help="scenario id (or name), or 'all' for every scenario "
                                      "of the campaign; default: the campaign's first")
    p.add_argument("--runners", type=int, default=2, help="AI runners per crew (default 2)")
    p.add_argument("--games", type=int, default=100, help="runs to play (default 100)")
    p.add_argument("--seed", type=int, default=0,
                   help="base seed (default 0); the same seed gives the same report")
    p.add_argument("--pack", help="content pack directory (default: the bundled core pack)")
    p.add_argument("--campaign", help="campaign id (default: the pack's first campaign)")
    p.add_argument("--ai", choices=("crew", "random"), default="crew",
                   help="crew: the AI crewmates (default); random: uniformly random legal "
                        "moves, a baseline")
    p.add_argument("--merc", action="store_true",
                   help="with --runners 1: the runner hires a merc (solo rules)")
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE")
    return p


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal."""

    def __init__(self, stream: TextIO, label: str) -> None:
        self.stream = stream
        self.label = label
        self.on = stream.isatty()
        self.start = time.monotonic()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = width * done // max(1, total)
        rate = done / max(1e-9, now - self.start)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{total} games ({rate:.1f}/s)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def render(r: SimReport) -> str:
    ai = "AI crew" if r.ai == "crew" else "random-legal baseline"
    crew = f"{r.runners} runner{'s' if r.runners != 1 else ''}" + (" + merc" if r.merc else "")
    lo, hi = r.win_ci95
    out = [
        f"{r.scenario_name} ({r.scenario}): {r.games} games, {crew}, {ai}, seed {r.seed}",
        f"  Win rate      {pct(r.win_rate)} ({r.wins}/{r.games}), 95% CI {pct(lo)} - {pct(hi)}",
        f"  Flatlined     {r.flatlines}" + (f"   unfinished {r.timeouts}" if r.timeouts else ""),
        f"  Health left   {r.health_left_mean:.1f} on average, "
        f"{r.health_left_wins:.1f} in the games won",
        f"  Rounds        {r.rounds_mean:.1f} per run ({r.actions_mean:.0f} actions); "
        f"{pct(r.plan_hit_rate)} of Plans hit",
        "  Obstacles (deck order)        reached  cleared  rounds/run  flatlined",
    ]
    for o in r.obstacles:
        out.append(f"    {o.name[:28]:<28} {o.faced:>7}  {o.cleared:>7}  {o.rounds_mean:>10.2f}"
                   f"  {o.flatlines:>9}")
    if r.flatlined_by:
        out.append("  Flatlined by  " + "; ".join(f"{k} {v}" for k, v in r.flatlined_by.items()))
    out.append("  Most played (plays per game)")
    for _, name, per in r.most_played:
        out.append(f"    {per:5.2f}  {name}")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None, *, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    try:
        pack = load(args.pack)
        camp = campaign_id(pack, args.campaign)
        scenarios = _scenarios(pack, camp, args.scenario)
        check_runners(pack, args.runners, args.merc)
        if args.games < 1:
            raise SetupError(f"--games must be at least 1, not {args.games}")
    except SetupError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_SETUP
    try:
        return _run(pack, args, scenarios, out, err)
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130


def _run(pack: ContentPack, args: argparse.Namespace, scenarios: list[str], out: TextIO,
         err: TextIO) -> int:
    ai: AiKind = "crew" if args.ai == "crew" else "random"
    reports: list[SimReport] = []
    for scen in scenarios:
        progress = Progress(err, pack.scenarios[scen].name[:24])
        report = simulate(pack, scenario=scen, runners=args.runners, games=args.games,
                          seed=args.seed, ai=ai, merc=args.merc, progress=progress)
        reports.append(report)
        print(render(report), file=out)
        out.flush()
    if args.json:
        data = {"version": 1, "reports": [asdict(r) for r in reports]}
        try:
            Path(args.json).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"error: cannot write {args.json}: {exc.strerror or exc}", file=err)
            return EXIT_SETUP
    return 0


def _scenarios(pack: ContentPack, camp: str, name: str | None) -> list[str]:
    if name == "all":
        return list(pack.campaigns[camp].scenarios)
    sid = scenario_id(pack, camp, name)
    return [sid if sid is not None else pack.campaigns[camp].scenarios[0]]


if __name__ == "__main__":
    sys.exit(main())
