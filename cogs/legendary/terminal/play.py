"""`python -m bot play --game legendary`: a game of Legendary 2099 in the terminal.

You take seat 1; AI teammates take the others. Scripted input works (tests drive it
with `io.StringIO`). The setup (Scheme, Mastermind, Villain groups, Henchman groups,
Heroes) is named by flags or picked at a prompt (`--choose`, `choose.py`); what is not
chosen is drawn at random.

Every game is saved in the database (`--db`, else $BOT_DATABASE, else the bot's default
file) after each move; `--resume ID` picks one up where it was, `--resume` alone lists the
saved terminal games to pick from (`bot.terminal.resume`, shared by every game).

Exit status: 0 when the game ends or you quit, 1 if the database failed, 2 for a setup
problem (pack, names, options, an unknown or unusable saved game).
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.terminal import resume as saved
from bot.terminal.console import Console, Quit
from bot.terminal.saves import Saves
from cogs.legendary import table as tbl
from cogs.legendary.adapter import LegendaryAdapter
from cogs.legendary.terminal import choose
from cogs.legendary.terminal.packs import EXIT_SETUP, SetupError, check_players, load
from cogs.legendary.terminal.session import Session
from rules.core.errors import IllegalAction
from rules.core.text import name_list
from rules.legendary.ai import LEVELS, Agent, make_agent
from rules.legendary.cards import Pack
from rules.legendary.setup import new_game
from rules.legendary.state import Game

DEFAULT_AI = "greedy"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot play --game legendary",
        description="Play Legendary 2099 in the terminal: you take seat 1, AI teammates "
        "the other seats. Every move is saved in the database; --resume comes back to a "
        "game. Name the setup by flags or pick it with --choose; the rest is drawn at "
        "random.",
    )
    p.add_argument(
        "--players", type=int, default=None, help="players at the table, 1-5 (default 2)"
    )
    p.add_argument("--scheme", help="Scheme id or name (default: drawn at random)")
    p.add_argument("--mastermind", help="Mastermind id or name (default: drawn at random)")
    for part in choose.PARTS:
        p.add_argument(
            part.flag,
            nargs="+",
            metavar="NAME",
            help=f"{part.what} ids or names (quote a name with spaces); those not named "
            "are drawn at random",
        )
    p.add_argument(
        "--choose",
        action="store_true",
        help="pick the setup's parts not named by flags from a prompt before the game",
    )
    p.add_argument("--seed", type=int, help="the game's seed (default: random)")
    p.add_argument("--name", default=None, help="your name at the table (default: you)")
    p.add_argument(
        "--ai", choices=LEVELS, default=None,
        help=f"your teammates' AI (default {DEFAULT_AI})",
    )  # fmt: skip
    p.add_argument("--pack", help="content pack directory (default: the bundled pack)")
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
    console = Console(inp, out, tty=inp.isatty() and out.isatty())
    place = saved.Place.of(
        LegendaryAdapter.game, args, *(["--pack", args.pack] if args.pack else [])
    )
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    ai = args.ai or DEFAULT_AI
    try:
        pack = load(args.pack)
        if args.resume is not None:
            saved.refuse_fixed(
                [
                    ("--players", args.players),
                    ("--scheme", args.scheme),
                    ("--mastermind", args.mastermind),
                    *((part.flag, getattr(args, part.field)) for part in choose.PARTS),
                    ("--choose", args.choose),
                    ("--seed", args.seed),
                    ("--name", args.name),
                    ("--ai", args.ai),
                ]
            )
            game: Game | None = None
        else:
            game = setup_game(pack, args, seed, console)
    except SetupError as exc:
        print(f"error: {exc}", file=err)
        return EXIT_SETUP
    except IllegalAction as exc:
        print(f"error: {exc.refusal.message.splitlines()[0]}", file=err)
        return EXIT_SETUP
    except Quit:
        console.say("Bye.")
        return 0

    def start(store: Saves[tbl.Table, tbl.Action]) -> int:
        assert game is not None
        agents = agents_for(ai, seed, game.players, 0)
        return Session(
            pack,
            game,
            console,
            agents,
            saves=store,
            come_back=place.come_back,
            settings={"ai": ai, "seed": seed},
        ).run()

    def go_on(store: Saves[tbl.Table, tbl.Action], cid: str, table: tbl.Table) -> int:
        return resume(pack, console, store, cid, table, place).run()

    return saved.run(
        place,
        LegendaryAdapter(pack),
        console,
        summary=lambda table: summary(pack, table),
        start=start,
        resume=go_on,
        err=err,
    )


def setup_game(pack: Pack, args: argparse.Namespace, seed: int, console: Console) -> Game:
    """The new game the options (and, with --choose, the prompt) set up. Raises
    SetupError or IllegalAction (the engine's refusal of a setup), Quit at the prompt."""
    players = 2 if args.players is None else args.players
    check_players(players)
    names = (args.name or "you", *(f"ai{i}" for i in range(2, players + 1)))
    setup = choose.from_flags(
        pack,
        names,
        scheme=args.scheme,
        mastermind=args.mastermind,
        lists={part.field: getattr(args, part.field) for part in choose.PARTS},
    )
    if args.choose:
        setup = choose.ask(console, pack, setup, seed)
    setup = choose.complete(pack, setup, seed)
    return new_game(pack, setup, seed).state


def agents_for(ai: str, seed: int, players: int, version: int) -> dict[int, Agent]:
    """The AI teammates. A resumed game's (`version` > 0) are seeded anew from the
    version: greedy and planner decide from the view alone, so they go on exactly as
    before the break; the random one draws new numbers."""
    return {s: make_agent(ai, seed * 10 + s + version * 7919) for s in range(1, players)}


def resume(
    pack: Pack,
    console: Console,
    store: Saves[tbl.Table, tbl.Action],
    cid: str,
    table: tbl.Table,
    place: saved.Place,
) -> Session:
    """The session of a saved game. Raises SetupError for one that cannot go on here."""
    game = table.game
    if game is None or table.seats_of("p1") != [0]:
        raise SetupError(f"campaign '{cid}' is not a terminal game this table can go on with")
    problem = pack_problem(pack, game)
    if problem:
        raise SetupError(
            f"campaign '{cid}' was not played with this pack ({problem}); resume it with "
            "--pack DIR, the pack it was played with"
        )
    settings = store.settings(cid)
    ai = settings.get("ai")
    ai = ai if isinstance(ai, str) and ai in LEVELS else DEFAULT_AI
    seed = settings.get("seed")
    seed = seed if isinstance(seed, int) else game.rng.seed
    agents = agents_for(ai, seed, game.players, table.version)
    return Session(
        pack,
        game,
        console,
        agents,
        saves=store,
        table=table,
        cid=cid,
        come_back=place.come_back,
    )


def pack_problem(pack: Pack, game: Game) -> str | None:
    """Why `game` cannot be played with `pack`, or None."""
    if game.scheme not in pack.schemes:
        return f"it has no Scheme '{game.scheme}'"
    if game.mastermind not in pack.masterminds:
        return f"it has no Mastermind '{game.mastermind}'"
    for card in sorted(set(game.instances.values())):
        if card not in pack.cards:
            return f"it has no card '{card}'"
    return None


def summary(pack: Pack, table: tbl.Table) -> str:
    """A saved game in the list (its name says the Scheme and the Mastermind): the
    players and where it is."""
    game = table.game
    if game is None:
        return "not started"
    return f"{name_list(game.names)}; turn {game.turn_no}"


if __name__ == "__main__":
    sys.exit(main())
