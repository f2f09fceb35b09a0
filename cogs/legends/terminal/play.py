"""`python -m bot play`: a Cyberpunk Legends table in the terminal.

One person plays a seat and AI crewmates fill the others, or several people share the
keyboard (`--hotseat`) with hands hidden between turns. Reads moves from stdin, so a
session can be scripted (`printf '1\\n1\\n' | python -m bot play`); end of input quits.

Every campaign is saved in the database (`--db`, else $BOT_DATABASE, else the bot's
default file) after each move; `--resume ID` picks one up where it was, `--resume` alone
lists the saved terminal campaigns to pick from.

Exit status: 0 when the session ends, 1 if the database failed, 2 for a setup problem
(pack, names, options, an unknown or unusable saved campaign).
"""

from __future__ import annotations

import argparse
import io
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from bot.config import DEFAULT_DATABASE
from bot.storage.base import CampaignInfo
from bot.storage.errors import StorageError
from bot.terminal.console import Console, Quit
from cogs.legends.terminal import saves as saved
from cogs.legends.terminal.howto import numbers
from cogs.legends.terminal.packs import (
    EXIT_SETUP,
    SetupError,
    campaign_id,
    check_runners,
    load,
    scenario_id,
)
from cogs.legends.terminal.session import Session
from rules.core.errors import IllegalAction
from rules.legends.cards import ContentPack
from rules.legends.state import Table

EXIT_STORAGE = 1


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bot play",
        description="Play Cyberpunk Legends in the terminal with AI crewmates "
        "(or hot-seat with friends). Every move is saved in the database; --resume "
        "comes back to a campaign. Type 'help' in the game for commands.",
    )
    p.add_argument(
        "--scenario",
        help="scenario id (or name) to start with; default: the campaign's next scenario",
    )
    p.add_argument(
        "--runners",
        type=int,
        default=None,
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
    p.add_argument(
        "--db",
        metavar="PATH",
        help="the database campaigns are saved in (default: $BOT_DATABASE, else "
        f"{DEFAULT_DATABASE})",
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help="go back to a saved terminal campaign; without ID, list them to pick one",
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
    explicit_db = args.db is not None
    db = Path(args.db) if explicit_db else saved.default_database()
    try:
        pack = load(args.pack)
        if args.resume is not None:
            fixed = [
                opt
                for opt, value in (
                    ("--scenario", args.scenario),
                    ("--runners", args.runners),
                    ("--seed", args.seed),
                    ("--campaign", args.campaign),
                    ("--hotseat", args.hotseat or None),
                    ("--humans", args.humans),
                    ("--merc", args.merc or None),
                )
                if value is not None
            ]
            if fixed:
                raise SetupError(
                    f"--resume goes on with the campaign as it was saved; {', '.join(fixed)} "
                    "cannot change it (start a new campaign to choose them)"
                )
        else:
            args.runners = 2 if args.runners is None else args.runners
            camp = campaign_id(pack, args.campaign)
            scen = scenario_id(pack, camp, args.scenario)
            check_runners(pack, args.runners, args.merc)
            humans = (
                args.humans if args.humans is not None else (args.runners if args.hotseat else 1)
            )
            if not 1 <= humans <= args.runners:
                raise SetupError(f"--humans must be between 1 and --runners ({args.runners})")
    except SetupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_SETUP
    tty = stdin is None and inp.isatty() and out.isatty()
    console = Console(inp, out, tty=tty)
    try:
        store = saved.Saves.open(db, pack, make_dir=not explicit_db and db == DEFAULT_DATABASE)
    except StorageError as exc:
        print(f"error: cannot use the database {db}: {exc.message}", file=sys.stderr)
        return EXIT_STORAGE

    def come_back(cid: str) -> str:
        cmd = f"python -m bot play --resume {cid}"
        if db != DEFAULT_DATABASE:
            cmd += f" --db {shlex.quote(str(db))}"
        if args.pack:
            cmd += f" --pack {shlex.quote(args.pack)}"
        return cmd

    try:
        if args.resume is not None:
            try:
                session = resume(store, pack, console, args.resume, come_back)
            except SetupError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return EXIT_SETUP
            except Quit:
                console.say("Bye.")
                return 0
            if session is None:
                return 0
            return session.run()
        seed = args.seed
        if seed is None:
            import random

            seed = random.SystemRandom().randrange(1_000_000)
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
            saves=store,
            come_back=come_back,
        )
        return session.run()
    except StorageError as exc:
        print(f"error: the database {db} failed: {exc.message}", file=sys.stderr)
        return EXIT_STORAGE
    finally:
        store.close()


def resume(
    store: saved.Saves,
    pack: ContentPack,
    console: Console,
    cid: str,
    come_back: Callable[[str], str],
) -> Session | None:
    """The session of a saved terminal campaign: `cid`, or the one picked from the list
    (None: there is none to pick). Raises SetupError for one that cannot be resumed."""
    mine = store.terminal_campaigns()
    if not cid:
        if not mine:
            raise SetupError(
                f"no saved terminal campaign in {store.path}; start one with: python -m bot play"
            )
        console.say(f"Saved terminal campaigns in {store.path}, the latest first:")
        for n, info in enumerate(mine, 1):
            console.say(f"  {n:>2}) {describe(store, pack, info)}")
        labels = [i.id for i in mine]
        while True:
            line = console.ask(f"Pick one [1] (1 to {len(mine)}, or 'quit'): ").strip()
            if line.lower() in ("quit", "exit"):
                raise Quit
            if not line:
                cid = mine[0].id
                break
            if line.isdigit() and 1 <= int(line) <= len(mine):
                cid = mine[int(line) - 1].id
                break
            if line in labels:
                cid = line
                break
            console.say(f"Type {numbers(1, len(mine))}, or a campaign id.")
    found = store.info(cid)
    if found is None:
        known = ", ".join(i.id for i in mine[:10]) or "none"
        raise SetupError(
            f"no campaign '{cid}' in {store.path}; saved terminal campaigns: {known} "
            "(python -m bot play --resume lists them)"
        )
    if not saved.is_terminal(found):
        raise SetupError(
            f"campaign '{cid}' is not a terminal campaign (it is a {found.game} campaign "
            "played on Discord); the terminal resumes only its own"
        )
    if found.status != "active":
        raise SetupError(f"campaign '{cid}' is {found.status}: it takes no more moves")
    try:
        table = store.load(cid)
    except IllegalAction as exc:
        raise SetupError(f"campaign '{cid}' cannot be resumed: {exc.refusal.message}") from None
    problem = pack_problem(table, pack)
    if problem:
        raise SetupError(
            f"campaign '{cid}' was not played with this pack ({problem}); resume it with "
            "--pack DIR, the pack it was played with"
        )
    return Session.resume(pack, console, store, cid, table, come_back)


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


def describe(store: saved.Saves, pack: ContentPack, info: CampaignInfo) -> str:
    """One saved campaign in the list: id, name, crew, where it is, when it was saved."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(info.updated_at / 1000))
    try:
        table = store.load(info.id)
    except IllegalAction:
        return f"{info.id}  {info.name} (cannot be read)  saved {when}"
    crew = ", ".join(
        f"{r.name} ({r.role.value.title()}{' merc' if r.is_merc else ''})" for r in table.runners
    )
    if table.run is not None:
        scen = pack.scenarios.get(table.run.scenario)
        at = f"mid-run: {scen.name if scen else table.run.scenario}, round {table.run.round}"
    else:
        at = f"between runs, {len(table.completed)} scenarios completed"
    return f"{info.id}  {info.name}: {crew or 'no crew'}; {at}; saved {when}"


if __name__ == "__main__":
    sys.exit(main())
