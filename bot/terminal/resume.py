"""What every game's `python -m bot play` shares about saved games: the `--db` and
`--resume` options, which database, opening it, listing this game's saved terminal
campaigns, resolving `--resume [ID]` (with a message for each way it can be wrong), the
command that comes back to a game, and the goodbye that says so. It names no game: each
game's `play.py` passes its `GameAdapter` and how to describe and run its own table.

Exit status of every terminal table: 0 when the session ends, 1 if the database failed,
2 for a setup problem (pack, names, options, an unknown or unusable saved campaign).
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO, TypeVar

from bot.config import DEFAULT_DATABASE
from bot.games import DEFAULT_GAME
from bot.service.game import GameAdapter
from bot.storage.base import CampaignInfo
from bot.storage.errors import StorageError
from bot.terminal.console import Console, Quit
from bot.terminal.saves import SaveFailed, Saves, default_database, is_terminal
from rules.core.errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A")

EXIT_STORAGE = 1
EXIT_SETUP = 2


class SetupError(Exception):
    """A problem with the options, the pack or a saved campaign: one line saying what is
    wrong and what to do. The command prints it and exits with status 2."""


def add_options(p: argparse.ArgumentParser) -> None:
    """`--db PATH` and `--resume [ID]`, the same for every game."""
    p.add_argument(
        "--db",
        metavar="PATH",
        help=f"the database games are saved in (default: $BOT_DATABASE, else {DEFAULT_DATABASE})",
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help="go back to a saved terminal game; without ID, list them to pick one",
    )


def play_command(game: str) -> str:
    """How to start this game's terminal table (the default game needs no --game)."""
    return "python -m bot play" + ("" if game == DEFAULT_GAME else f" --game {game}")


def refuse_fixed(given: Sequence[tuple[str, object]]) -> None:
    """With --resume, options that choose a new game's setup are refused: the saved game
    goes on as it was. `given`: (option, value) pairs, None or False when not given."""
    fixed = [opt for opt, value in given if value is not None and value is not False]
    if fixed:
        raise SetupError(
            f"--resume goes on with the campaign as it was saved; {', '.join(fixed)} "
            "cannot change it (start a new campaign to choose them)"
        )


@dataclass(frozen=True, slots=True)
class Place:
    """Where a game is saved, and the options the command coming back to it repeats."""

    game: str
    db: Path
    explicit: bool  # --db was given
    resume: str | None  # --resume's value ("" without an id), None without --resume
    extra: tuple[str, ...] = field(default=())  # e.g. ("--pack", DIR)

    @classmethod
    def of(cls, game: str, args: argparse.Namespace, *extra: str) -> Place:
        explicit = args.db is not None
        db = Path(args.db) if explicit else default_database()
        return cls(game, db, explicit, args.resume, tuple(extra))

    def come_back(self, cid: str) -> str:
        """The command that resumes campaign `cid`."""
        cmd = f"{play_command(self.game)} --resume {cid}"
        if self.db != DEFAULT_DATABASE:
            cmd += f" --db {shlex.quote(str(self.db))}"
        return " ".join([cmd, *(shlex.quote(x) for x in self.extra)])

    def open(self, adapter: GameAdapter[S, A]) -> Saves[S, A]:
        """The database (the bot's default folder is made if missing; a --db path's
        folder is not: a typo must not make folders). Raises StorageError."""
        make_dir = not self.explicit and self.db == DEFAULT_DATABASE
        return Saves.open(self.db, adapter, make_dir=make_dir)


def goodbye(console: Console, come_back: str | None, where: str) -> None:
    """The last words of a session that stops before its game ends: saved, where it
    stands and the command that comes back to it (`come_back`, None: nothing saved)."""
    if come_back is not None:
        console.say(f"Your campaign is saved ({where}). Come back to it with:")
        console.say(f"  {come_back}")
    console.say("Bye.")


def guarded(console: Console, body: Callable[[], int], stop: Callable[[], None]) -> int:
    """Run a session's loop (`body`), ending it the same way in every game: quitting or
    end of input (0), Ctrl-C (130) and a move the database refused (1) each call `stop`
    (the goodbye: what is saved and how to come back). Every move before was committed,
    so nothing is lost."""
    try:
        return body()
    except Quit:
        stop()
        return 0
    except KeyboardInterrupt:
        console.say("\nInterrupted.")
        stop()
        return 130
    except SaveFailed as exc:
        console.say(f"error: the move could not be saved: {exc}")
        console.say("Nothing was changed by it.")
        stop()
        return EXIT_STORAGE


def saved_line(console: Console, saves: Saves[S, A], cid: str) -> None:
    """Said once when a new game is first saved."""
    console.say(
        f"Saved as campaign {cid} in {saves.path}: every move is saved as "
        "you play, and 'quit' says how to come back."
    )


def describe(info: CampaignInfo, saves: Saves[S, A], summary: Callable[[S], str]) -> str:
    """One saved campaign in the list: id, name, the game's own summary, when saved."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(info.updated_at / 1000))
    try:
        state = saves.load(info.id)
    except IllegalAction:
        return f"{info.id}  {info.name} (cannot be read)  saved {when}"
    return f"{info.id}  {info.name}: {summary(state)}; saved {when}"


def pick(
    saves: Saves[S, A], console: Console, cid: str, summary: Callable[[S], str]
) -> tuple[str, S]:
    """The saved terminal campaign `--resume` names (`cid`), or the one picked from the
    list of this game's (when `cid` is ""), and its state. Raises SetupError for one that
    cannot be resumed, Quit when the person quits the list."""
    mine = saves.terminal_campaigns()
    start = play_command(saves.game)
    if not cid:
        if not mine:
            raise SetupError(f"no saved terminal campaign in {saves.path}; start one with: {start}")
        console.say(f"Saved terminal campaigns in {saves.path}, the latest first:")
        for n, info in enumerate(mine, 1):
            console.say(f"  {n:>2}) {describe(info, saves, summary)}")
        cid = _choose(console, [i.id for i in mine])
    found = saves.info(cid)
    if found is None:
        known = ", ".join(i.id for i in mine[:10]) or "none"
        raise SetupError(
            f"no campaign '{cid}' in {saves.path}; saved terminal campaigns: {known} "
            f"({start} --resume lists them)"
        )
    if found.game != saves.game and is_terminal(found):
        raise SetupError(
            f"campaign '{cid}' is a {found.game} game, not a {saves.game} one; resume it "
            f"with: {play_command(found.game)} --resume {cid}"
        )
    if not is_terminal(found):
        raise SetupError(
            f"campaign '{cid}' is not a terminal campaign (it is a {found.game} campaign "
            "played on Discord); the terminal resumes only its own"
        )
    if found.status != "active":
        raise SetupError(
            f"campaign '{cid}' is {found.status}: it takes no more moves; start a new one "
            f"with: {start}"
        )
    try:
        state = saves.load(cid)
    except IllegalAction as exc:
        raise SetupError(f"campaign '{cid}' cannot be resumed: {exc.refusal.message}") from None
    return cid, state


def _choose(console: Console, ids: list[str]) -> str:
    n = len(ids)
    while True:
        line = console.ask(f"Pick one [1] (1 to {n}, or 'quit'): ").strip()
        if line.lower() in ("quit", "exit"):
            raise Quit
        if not line:
            return ids[0]
        if line.isdigit() and 1 <= int(line) <= n:
            return ids[int(line) - 1]
        if line in ids:
            return line
        console.say(f"Type {'1' if n == 1 else f'a number from 1 to {n}'}, or a campaign id.")


def run(
    place: Place,
    adapter: GameAdapter[S, A],
    console: Console,
    *,
    summary: Callable[[S], str],
    start: Callable[[Saves[S, A]], int],
    resume: Callable[[Saves[S, A], str, S], int],
    err: TextIO | None = None,
) -> int:
    """Open the database, then start a new game (`start`) or resume the one `--resume`
    names or the person picks (`resume`, which may raise SetupError too, e.g. for a
    pack the game was not played with). Every failure is one line on `err`."""
    err = err or sys.stderr
    try:
        saves = place.open(adapter)
    except StorageError as exc:
        print(f"error: cannot use the database {place.db}: {exc.message}", file=err)
        return EXIT_STORAGE
    try:
        if place.resume is None:
            return start(saves)
        try:
            cid, state = pick(saves, console, place.resume, summary)
            return resume(saves, cid, state)
        except SetupError as exc:
            print(f"error: {exc}", file=err)
            return EXIT_SETUP
        except Quit:
            console.say("Bye.")
            return 0
    except StorageError as exc:
        print(f"error: the database {place.db} failed: {exc.message}", file=err)
        return EXIT_STORAGE
    finally:
        saves.close()
