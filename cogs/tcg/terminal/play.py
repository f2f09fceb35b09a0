"""`python -m bot play --game tcg`: a Cyberpunk TCG duel against the AI in the terminal.

You take seat 1 with a preconstructed deck, the AI seat 2. Reads moves from stdin, so a
duel can be scripted (`printf '1\\n1\\n' | python -m bot play --game tcg`); end of input
quits.

Every duel is saved in the database (`--db`, else $BOT_DATABASE, else the bot's default
file) after each move; `--resume ID` picks one up where it was, `--resume` alone lists the
saved terminal duels to pick from (`bot.terminal.resume`, shared by every game).

Exit status: 0 when the session ends, 1 if the database failed, 2 for a setup problem
(pack, names, options, an unknown or unusable saved duel).
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.terminal import resume as saved
from bot.terminal.console import Console
from bot.terminal.saves import Saves
from cogs.tcg.adapter import TcgAdapter
from cogs.tcg.terminal.render import PHASES
from cogs.tcg.terminal.session import AI, ME, Session
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
from rules.tcg.actions import Action
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.state import Duel


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot play --game tcg",
        description="Play a Cyberpunk TCG duel against the AI in the terminal. Every move "
        "is saved in the database; --resume comes back to a duel. Type 'help' in the duel "
        "for commands.",
    )
    p.add_argument("--deck", help="your deck, by id or name (default: the pack's first)")
    p.add_argument("--ai-deck", help="the AI's deck, by id or name (default: the deck after yours)")
    p.add_argument(
        "--level",
        default=None,
        help=f"the AI's level: {', '.join(LEVELS)} (default search, the strongest)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="shuffle seed (default: random); the same seed and moves replay the same duel",
    )
    p.add_argument("--pack", help="TCG pack directory (default: the bundled core pack)")
    saved.add_options(p)
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
    place = saved.Place.of(TcgAdapter.game, args, *(["--pack", args.pack] if args.pack else []))
    try:
        content = load(args.pack)
        if args.resume is not None:
            saved.refuse_fixed(
                [
                    ("--deck", args.deck),
                    ("--ai-deck", args.ai_deck),
                    ("--level", args.level),
                    ("--seed", args.seed),
                ]
            )
            fresh = None
        else:
            fresh = new_duel(content, args)
    except SetupError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_SETUP
    except IllegalAction as exc:  # an illegal deck in a pack
        print(f"error: {exc.refusal.message.splitlines()[0]}", file=err)
        return EXIT_SETUP
    console = Console(inp, out, tty=inp.isatty())

    def start(store: Saves[Duel, Action]) -> int:
        assert fresh is not None
        session = fresh.session(console, store)
        session.come_back = place.come_back
        return session.run()

    def go_on(store: Saves[Duel, Action], cid: str, duel: Duel) -> int:
        return resume(content, console, store, cid, duel, place).run()

    return saved.run(
        place,
        TcgAdapter(content),
        console,
        summary=lambda duel: summary(content, duel),
        start=start,
        resume=go_on,
        err=err,
    )


@dataclass(frozen=True)
class NewDuel:
    """A new duel as the options choose it (checked before the database is opened)."""

    content: TcgContent
    decks: tuple[DeckList, DeckList]
    level: str
    seed: int

    def session(self, console: Console, store: Saves[Duel, Action] | None) -> Session:
        """Raises IllegalAction for a deck the rules refuse."""
        return Session(
            console,
            self.content,
            self.decks,
            make_player(self.level, self.decks[1], DEFAULT_SAMPLES),
            self.seed,
            ai_name=f"Rival AI ({self.level})",
            saves=store,
            settings={"level": self.level, "seed": self.seed},
        )


def new_duel(content: TcgContent, args: argparse.Namespace) -> NewDuel:
    ids = list(content.decks)
    mine = deck(content, args.deck) if args.deck else content.decks[ids[0]]
    if args.ai_deck:
        theirs = deck(content, args.ai_deck)
    else:
        theirs = content.decks[ids[(ids.index(mine.id) + 1) % len(ids)]]
    lv = level(args.level or "search")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    new = NewDuel(content, (mine, theirs), lv, seed)
    new.session(Console(io.StringIO(), io.StringIO()), None)  # the decks' legality
    return new


def resume(
    content: TcgContent,
    console: Console,
    store: Saves[Duel, Action],
    cid: str,
    duel: Duel,
    place: saved.Place,
) -> Session:
    """The session of a saved duel, its AI as it was set up. Raises SetupError for a
    duel that was not played with this pack."""
    problem = pack_problem(content, duel)
    if problem:
        raise SetupError(
            f"campaign '{cid}' was not played with this pack ({problem}); resume it with "
            "--pack DIR, the pack it was played with"
        )
    settings = store.settings(cid)
    lv = settings.get("level")
    lv = lv if isinstance(lv, str) and lv in LEVELS else "search"
    seed = settings.get("seed")
    seed = seed if isinstance(seed, int) else duel.rng.seed
    theirs = content.decks[duel.seats[AI].deck_id]
    ai = make_player(lv, theirs, DEFAULT_SAMPLES)
    return Session.resume(console, content, duel, ai, seed, store, cid, place.come_back)


def pack_problem(content: TcgContent, duel: Duel) -> str | None:
    """Why `duel` cannot be played with `content`, or None."""
    for seat in duel.seats:
        if seat.deck_id not in content.decks:
            return f"it has no deck '{seat.deck_id}'"
    for card in sorted(set(duel.cards.values())):
        if card not in content.cards:
            return f"it has no card '{card}'"
    return None


def summary(content: TcgContent, duel: Duel) -> str:
    """A saved duel in the list: the decks and where it is."""
    me, ai = duel.seats[ME], duel.seats[AI]
    names = [content.decks[s.deck_id].name if s.deck_id in content.decks else s.deck_id
             for s in (me, ai)]  # fmt: skip
    phase = PHASES.get(duel.phase.value, duel.phase.value)
    return f"{names[0]} against {names[1]}; turn {duel.turn}, {phase}"


if __name__ == "__main__":
    sys.exit(main())
