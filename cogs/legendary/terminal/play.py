"""`python -m bot play --game legendary`: a game of Legendary 2099 in the terminal.

You take seat 1; AI teammates take the others. Scripted input works (tests drive it
with `io.StringIO`). The setup (Scheme, Mastermind, Villain groups, Henchman groups,
Heroes) is named by flags or picked at a prompt (`--choose`, `choose.py`); what is not
chosen is drawn at random.
Saving, `--db`, `--resume` and the exit status: `bot.terminal.resume`, every game's.
"""

from __future__ import annotations

import argparse
import secrets
import sys

from bot.i18n import N_, from_environment, name_list, t
from bot.terminal import resume as saved
from bot.terminal.console import Console
from bot.terminal.options import add_pack, add_seed, command_parser
from bot.terminal.saves import Saves
from cogs.legendary import table as tbl
from cogs.legendary.adapter import LegendaryAdapter
from cogs.legendary.localize import line as localized
from cogs.legendary.terminal import choose
from cogs.legendary.terminal.packs import SetupError, check_players, load
from cogs.legendary.terminal.session import PERSON, Session
from rules.core.errors import IllegalAction
from rules.legendary.ai import LEVELS, Agent, make_agent
from rules.legendary.cards import Pack
from rules.legendary.setup import new_game
from rules.legendary.state import Game

DEFAULT_AI = "greedy"


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = command_parser(
        "python -m bot play --game legendary",
        N_(
            "Play Legendary 2099 in the terminal: you take seat 1, AI teammates the other "
            "seats. Every move is saved in the database; --resume comes back to a game. "
            "Name the setup by flags or pick it with --choose; the rest is drawn at random."
        ),
    )
    lang = p.lang
    p.add_argument(
        "--players", type=int, default=None, help=t(lang, "players at the table, 1-5 (default 2)")
    )
    p.add_argument("--scheme", help=t(lang, "Scheme id or name (default: drawn at random)"))
    p.add_argument("--mastermind", help=t(lang, "Mastermind id or name (default: drawn at random)"))
    for part in choose.PARTS:
        p.add_argument(
            part.flag,
            nargs="+",
            metavar="NAME",
            help=t(lang, part.flag_help),
        )
    p.add_argument(
        "--choose",
        action="store_true",
        help=t(lang, "pick the setup's parts not named by flags from a prompt before the game"),
    )
    add_seed(p, N_("the game's seed (default: random)"))
    p.add_argument("--name", default=None, help=t(lang, "your name at the table (default: you)"))
    p.add_argument(
        "--ai", choices=LEVELS, default=None,
        help=t(lang, "your teammates' AI (default {ai})", ai=DEFAULT_AI),
    )  # fmt: skip
    add_pack(p, N_("content pack directory (default: the bundled pack)"))
    saved.add_options(p)
    return p


class Front(saved.FrontBase):
    """The Legendary table for the shared `bot.terminal.resume.run`."""

    def __init__(self, args: argparse.Namespace, console: Console, place: saved.Place) -> None:
        super().__init__(args, console, place)
        self.pack = load(args.pack)
        self.adapter = LegendaryAdapter(self.pack)
        self.seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
        self.ai = args.ai or DEFAULT_AI

    def prepare(self) -> None:
        """The setup the options (and, with --choose, the prompt) name; the engine's
        refusal of it is a SetupError in the terminal's language (its first line)."""
        try:
            self.game = setup_game(self.pack, self.args, self.seed, self.console)
        except IllegalAction as exc:
            said = localized(self.pack, from_environment(), exc.refusal.message)
            raise SetupError(said.splitlines()[0]) from None

    def start(self, saves: Saves[tbl.Table, tbl.Action]) -> Session:
        return self._session(saves, self.game, agents_for(self.ai, self.seed, self.game, 0))

    def resume(self, saves: Saves[tbl.Table, tbl.Action], cid: str, table: tbl.Table) -> Session:
        """The saved game, its AI teammates as they were set up (the defaults if the
        settings cannot be read)."""
        game = table.game
        if game is None or table.seats_of(PERSON) != [0]:
            raise SetupError(
                t(
                    from_environment(),
                    "campaign '{id}' is not a game this terminal can go on with",
                    id=cid,
                )
            )
        self.ai = saves.setting(cid, "ai", DEFAULT_AI, LEVELS)
        seed = saves.setting(cid, "seed", game.rng.seed)
        agents = agents_for(self.ai, seed, game, table.version)
        return self._session(saves, game, agents, table=table, cid=cid)

    def _session(
        self,
        saves: Saves[tbl.Table, tbl.Action],
        game: Game,
        agents: dict[int, Agent],
        *,
        table: tbl.Table | None = None,
        cid: str | None = None,
    ) -> Session:
        return Session(
            self.pack,
            game,
            self.console,
            agents,
            saves=saves,
            table=table,
            cid=cid,
            come_back=self.place.come_back,
            settings={"ai": self.ai, "seed": self.seed},
        )

    def summary(self, table: tbl.Table) -> str:
        """A saved game in the list (its name says the Scheme and the Mastermind): the
        players and where it is."""
        game = table.game
        lang = from_environment()
        if game is None:
            return t(lang, "not started")
        return t(
            lang,
            "{players}; turn {n}",
            players=name_list(lang, game.names, last=False),
            n=game.turn_no,
        )

    def pack_problem(self, table: tbl.Table) -> str | None:
        return None if table.game is None else pack_problem(self.pack, table.game)


def setup_game(pack: Pack, args: argparse.Namespace, seed: int, console: Console) -> Game:
    """The new game the options (and, with --choose, the prompt) set up. Raises
    SetupError or IllegalAction (the engine's refusal of a setup), Quit at the prompt."""
    players = 2 if args.players is None else args.players
    check_players(players)
    # The person's seat is named in the terminal's language unless --name says otherwise.
    me = args.name or t(from_environment(), "you")
    names = (me, *(f"ai{i}" for i in range(2, players + 1)))
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


def agents_for(ai: str, seed: int, game: Game, version: int) -> dict[int, Agent]:
    """The AI teammates. A resumed game's (`version` > 0) are seeded anew from the
    version: greedy and planner decide from the view alone, so they go on exactly as
    before the break; the random one draws new numbers."""
    return {s: make_agent(ai, seed * 10 + s + version * 7919) for s in range(1, game.players)}


def pack_problem(pack: Pack, game: Game) -> str | None:
    """Why `game` cannot be played with `pack`, or None."""
    lang = from_environment()
    if game.scheme not in pack.schemes:
        return t(lang, "it has no Scheme '{id}'", id=game.scheme)
    if game.mastermind not in pack.masterminds:
        return t(lang, "it has no Mastermind '{id}'", id=game.mastermind)
    for card in sorted(set(game.instances.values())):
        if card not in pack.cards:
            return t(lang, "it has no card '{id}'", id=card)
    return None


#: `python -m bot play --game legendary` (the options that choose a new game's setup are
#: refused with --resume).
main = saved.PlayCommand(
    LegendaryAdapter.game,
    parser,
    Front,
    (
        "--players",
        "--scheme",
        "--mastermind",
        *(part.flag for part in choose.PARTS),
        "--choose",
        "--seed",
        "--name",
        "--ai",
    ),
)


if __name__ == "__main__":
    sys.exit(main())
