"""`python -m bot play`: a Cyberpunk Legends table in the terminal.

One person plays a seat and AI crewmates fill the others, or several people share the
keyboard (`--hotseat`) with hands hidden between turns. Reads moves from stdin, so a
session can be scripted (`printf '1\\n1\\n' | python -m bot play`); end of input quits.
Exit status: 0 when the session ends, 2 for a setup problem (pack, names, options).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.terminal.console import Console
from cogs.legends.terminal.packs import (
    EXIT_SETUP,
    SetupError,
    campaign_id,
    check_runners,
    load,
    scenario_id,
)
from cogs.legends.terminal.session import Session


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot play",
        description="Play Cyberpunk Legends in the terminal with AI crewmates "
        "(or hot-seat with friends). Type 'help' in the game for commands.",
    )
    p.add_argument(
        "--scenario",
        help="scenario id (or name) to start with; default: the campaign's next scenario",
    )
    p.add_argument(
        "--runners",
        type=int,
        default=2,
        help="seats at the table, people and AI crewmates together (default 2)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="shuffle seed (default: random); the same seed and moves replay the same game",
    )
    p.add_argument("--pack", help="content pack directory (default: the bundled core pack)")
    p.add_argument("--campaign", help="campaign id (default: the pack's first campaign)")
    p.add_argument(
        "--hotseat",
        action="store_true",
        help="every seat is a person at this keyboard; hands are hidden between turns",
    )
    p.add_argument(
        "--humans",
        type=int,
        default=None,
        help="how many seats are people (default 1, or all with --hotseat)",
    )
    p.add_argument(
        "--merc",
        action="store_true",
        help="playing alone (--runners 1): hire a merc, a second deck you control",
    )
    return p


def main(
    argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    if isinstance(out, io.TextIOWrapper):
        # Card text may hold characters a legacy console cannot encode: never crash on it.
        out.reconfigure(errors="replace")
    try:
        pack = load(args.pack)
        camp = campaign_id(pack, args.campaign)
        scen = scenario_id(pack, camp, args.scenario)
        check_runners(pack, args.runners, args.merc)
        humans = args.humans if args.humans is not None else (args.runners if args.hotseat else 1)
        if not 1 <= humans <= args.runners:
            raise SetupError(f"--humans must be between 1 and --runners ({args.runners})")
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_SETUP
    seed = args.seed
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(1_000_000)
    tty = stdin is None and inp.isatty() and out.isatty()
    console = Console(inp, out, tty=tty)
    session = Session(
        pack,
        console,
        campaign=camp,
        runners=args.runners,
        humans=humans,
        hotseat=args.hotseat or humans > 1,
        seed=seed,
        scenario=scen,
        merc=args.merc,
    )
    return session.run()


if __name__ == "__main__":
    sys.exit(main())
