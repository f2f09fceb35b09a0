"""`python -m bot play`: a Cyberpunk Legends table in the terminal.

One person plays a seat and AI crewmates fill the others, or several people share the
keyboard (`--hotseat`) with hands hidden between turns. Reads moves from stdin, so a
session can be scripted (`printf '1\\n1\\n' | python -m bot play`); end of input quits.
Saving, `--db`, `--resume` and the exit status: `bot.terminal.resume`, every game's.
"""

from __future__ import annotations

import argparse
import sys

from bot.i18n import N_, from_environment, t, tcount
from bot.terminal import resume as saved
from bot.terminal.console import Console
from bot.terminal.options import add_pack, add_seed, command_parser
from bot.terminal.saves import Saves
from cogs.legends.adapter import LegendsAdapter
from cogs.legends.localize import scenario_name
from cogs.legends.terminal.packs import (
    SetupError,
    campaign_id,
    check_runners,
    load,
    scenario_id,
)
from cogs.legends.terminal.session import Session
from rules.legends.actions import Action
from rules.legends.cards import ContentPack
from rules.legends.state import Table


def parser() -> argparse.ArgumentParser:
    """The options, their help and argparse's errors in the terminal's language."""
    p = command_parser(
        "python -m bot play",
        N_(
            "Play Cyberpunk Legends in the terminal with AI crewmates (or hot-seat with "
            "friends). Every move is saved in the database; --resume comes back to a "
            "campaign. Type 'help' in the game for commands."
        ),
    )
    lang = p.lang
    p.add_argument(
        "--scenario",
        help=t(lang, "scenario id (or name) to start with; default: the campaign's next scenario"),
    )
    p.add_argument(
        "--runners",
        type=int,
        default=None,
        help=t(lang, "seats at the table, people and AI crewmates together (default 2)"),
    )
    add_seed(p, N_("shuffle seed (default: random); the same seed and moves replay the same game"))
    add_pack(p, N_("content pack directory (default: the bundled core pack)"))
    p.add_argument("--campaign", help=t(lang, "campaign id (default: the pack's first campaign)"))
    p.add_argument(
        "--hotseat",
        action="store_true",
        help=t(lang, "every seat is a person at this keyboard; hands are hidden between turns"),
    )
    p.add_argument(
        "--humans",
        type=int,
        default=None,
        help=t(lang, "how many seats are people (default 1, or all with --hotseat)"),
    )
    p.add_argument(
        "--merc",
        action="store_true",
        help=t(lang, "playing alone (--runners 1): hire a merc, a second deck you control"),
    )
    saved.add_options(p)
    return p


class Front(saved.FrontBase):
    """The Legends table for the shared `bot.terminal.resume.run`."""

    def __init__(self, args: argparse.Namespace, console: Console, place: saved.Place) -> None:
        super().__init__(args, console, place)
        self.pack = load(args.pack)
        self.adapter = LegendsAdapter(self.pack)

    def prepare(self) -> None:
        args, pack = self.args, self.pack
        self.runners = 2 if args.runners is None else args.runners
        self.camp = campaign_id(pack, args.campaign)
        self.scen = scenario_id(pack, self.camp, args.scenario)
        check_runners(pack, self.runners, args.merc)
        humans = args.humans if args.humans is not None else (self.runners if args.hotseat else 1)
        if not 1 <= humans <= self.runners:
            raise SetupError(
                t(
                    from_environment(),
                    "--humans must be between 1 and --runners ({n})",
                    n=str(self.runners),
                )
            )
        self.humans = humans

    def start(self, saves: Saves[Table, Action]) -> Session:
        seed = self.args.seed
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
        return Session(
            self.pack,
            self.console,
            campaign=self.camp,
            runners=self.runners,
            humans=self.humans,
            hotseat=self.args.hotseat or self.humans > 1,
            seed=seed,
            scenario=self.scen,
            merc=self.args.merc,
            saves=saves,
            come_back=self.place.come_back,
        )

    def resume(self, saves: Saves[Table, Action], cid: str, table: Table) -> Session:
        return Session.resume(self.pack, self.console, saves, cid, table, self.place.come_back)

    def summary(self, table: Table) -> str:
        return summary(self.pack, table)

    def pack_problem(self, table: Table) -> str | None:
        return pack_problem(table, self.pack)


def pack_problem(table: Table, pack: ContentPack) -> str | None:
    """Why `table` cannot be played with `pack`, or None."""
    if table.campaign not in pack.campaigns:
        return f"it has no campaign '{table.campaign}'"
    for r in table.runners:
        for card in r.deck:
            if card not in pack.cards:
                return f"it has no card '{card}'"
    if table.run is not None and table.run.scenario not in pack.scenarios:
        return f"it has no scenario '{table.run.scenario}'"
    return None


def summary(pack: ContentPack, table: Table) -> str:
    """A saved campaign in the list: its crew and where it is (in the terminal's
    language, as the list around it)."""
    lang = from_environment()
    crew = ", ".join(
        t(lang, "{name} ({role} merc)", name=r.name, role=r.role.value.title())
        if r.is_merc
        else f"{r.name} ({r.role.value.title()})"
        for r in table.runners
    )
    if table.run is not None:
        sid = table.run.scenario
        scen = scenario_name(pack, lang, sid) if sid in pack.scenarios else sid
        at = t(lang, "mid-run: {scenario}, round {n}", scenario=scen, n=table.run.round)
    else:
        done = tcount(lang, len(table.completed), "scenario")
        at = t(lang, "between runs, {scenarios} completed", scenarios=done)
    return t(lang, "{crew}; {where}", crew=crew or t(lang, "no crew"), where=at)


#: `python -m bot play` (the options that choose a new campaign's setup are refused with
#: --resume). Card text may hold characters a legacy console cannot encode: never crash
#: on it.
main = saved.PlayCommand(
    LegendsAdapter.game,
    parser,
    Front,
    ("--scenario", "--runners", "--seed", "--campaign", "--hotseat", "--humans", "--merc"),
    replace_errors=True,
)


if __name__ == "__main__":
    sys.exit(main())
