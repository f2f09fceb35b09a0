"""`python -m bot play --game legendary`: a game of Legendary 2099 in the terminal.

You take seat 1; AI teammates take the others. Scripted input works (tests drive it
with `io.StringIO`). Exit status: 0 when the game ends or you quit, 2 for a setup problem.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.terminal.console import Console
from cogs.legendary.terminal.packs import EXIT_SETUP, SetupError, check_players, load, resolve
from cogs.legendary.terminal.session import Session
from rules.core.errors import IllegalAction
from rules.legendary.ai import make_agent
from rules.legendary.setup import Setup, new_game


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot play --game legendary",
        description="Play Legendary 2099 in the terminal: you take seat 1, AI teammates "
        "the other seats.",
    )
    p.add_argument("--players", type=int, default=2, help="players at the table, 1-5 (default 2)")
    p.add_argument("--scheme", help="Scheme id or name (default: drawn at random)")
    p.add_argument("--mastermind", help="Mastermind id or name (default: drawn at random)")
    p.add_argument("--seed", type=int, help="the game's seed (default: random)")
    p.add_argument("--name", default="you", help="your name at the table (default: you)")
    p.add_argument(
        "--ai", choices=("planner", "greedy", "random"), default="greedy",
        help="your teammates' AI (default greedy)",
    )  # fmt: skip
    p.add_argument("--pack", help="content pack directory (default: the bundled pack)")
    return p


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    args = parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        check_players(args.players)
        pack = load(args.pack)
        scheme = (
            resolve("scheme", args.scheme, {k: v.name for k, v in pack.schemes.items()})
            if args.scheme
            else None
        )
        mastermind = (
            resolve("mastermind", args.mastermind, {k: v.name for k, v in pack.masterminds.items()})
            if args.mastermind
            else None
        )
        names = (args.name, *(f"ai{i}" for i in range(2, args.players + 1)))
        setup = Setup(names=names, scheme=scheme, mastermind=mastermind)
        game = new_game(pack, setup, seed).state
    except SetupError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_SETUP
    except IllegalAction as exc:
        print(f"error: {exc.refusal.message.splitlines()[0]}", file=err)
        return EXIT_SETUP
    agents = {s: make_agent(args.ai, seed * 10 + s) for s in range(1, args.players)}
    console = Console(inp, out, tty=inp.isatty() and out.isatty())
    try:
        return Session(pack, game, console, agents).run()
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130


if __name__ == "__main__":
    sys.exit(main())
