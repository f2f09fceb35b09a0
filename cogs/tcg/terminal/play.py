"""`python -m bot play --game tcg`: a Cyberpunk TCG duel against the AI in the terminal.

You take seat 1 with a preconstructed deck, the AI seat 2. Reads moves from stdin, so a
duel can be scripted (`printf '1\\n1\\n' | python -m bot play --game tcg`); end of input
quits. Exit status: 0 when the session ends, 2 for a setup problem (pack, names, options).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.terminal.console import Console
from cogs.tcg.terminal.session import Session
from cogs.tcg.terminal.setup import (
    DEFAULT_SAMPLES,
    EXIT_SETUP,
    LEVELS,
    SetupError,
    deck,
    level,
    load,
    make_player,
)
from rules.core.errors import IllegalAction


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot play --game tcg",
        description="Play a Cyberpunk TCG duel against the AI in the terminal. "
        "Type 'help' in the duel for commands.",
    )
    p.add_argument("--deck", help="your deck, by id or name (default: the pack's first)")
    p.add_argument("--ai-deck", help="the AI's deck, by id or name (default: the deck after yours)")
    p.add_argument(
        "--level",
        default="search",
        help=f"the AI's level: {', '.join(LEVELS)} (default search, the strongest)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="shuffle seed (default: random); the same seed and moves replay the same duel",
    )
    p.add_argument("--pack", help="TCG pack directory (default: the bundled core pack)")
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
    try:
        content = load(args.pack)
        ids = list(content.decks)
        mine = deck(content, args.deck) if args.deck else content.decks[ids[0]]
        if args.ai_deck:
            theirs = deck(content, args.ai_deck)
        else:
            theirs = content.decks[ids[(ids.index(mine.id) + 1) % len(ids)]]
        lv = level(args.level)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
        session = Session(
            Console(inp, out, tty=inp.isatty()),
            content,
            (mine, theirs),
            make_player(lv, theirs, DEFAULT_SAMPLES),
            seed,
            ai_name=f"Rival AI ({lv})",
        )
    except SetupError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_SETUP
    except IllegalAction as exc:  # an illegal deck in a pack
        print(f"error: {exc.refusal.message.splitlines()[0]}", file=err)
        return EXIT_SETUP
    try:
        return session.run()
    except KeyboardInterrupt:
        out.write("\n")
        return 130


if __name__ == "__main__":
    sys.exit(main())
