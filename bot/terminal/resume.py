"""What every game's `python -m bot play` shares about saved games: the `--db` and
`--resume` options, which database, opening it, listing this game's saved terminal
campaigns, resolving `--resume [ID]` (with a message for each way it can be wrong), the
command that comes back to a game, and the goodbye that says so. It names no game: each
game's `play.py` passes its `GameAdapter` and how to describe and run its own table.

Every game is saved in the database (`--db`, else $BOT_DATABASE, else the bot's default
file) after each move; `--resume ID` picks one up where it was, `--resume` alone lists the
game's saved terminal campaigns to pick from.

Exit status of every terminal table: 0 when the session ends, 1 if the database failed,
2 for a setup problem (pack, names, options, an unknown or unusable saved campaign).
"""

from __future__ import annotations

import argparse
import io
import shlex
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, Protocol, TextIO, TypeVar

from bot.cli_words import storage_words
from bot.config import DEFAULT_DATABASE
from bot.games import DEFAULT_GAME
from bot.i18n import N_, from_environment, t
from bot.service.contract import GameAdapter
from bot.storage.base import CampaignInfo
from bot.storage.errors import StorageError
from bot.terminal.console import Console, Quit, numbers
from bot.terminal.options import parse
from bot.terminal.saves import SaveFailed, Saves, default_database, is_terminal
from rules.core.errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A")

EXIT_STORAGE = 1
EXIT_SETUP = 2


class SetupError(Exception):
    """A problem with the options, the pack or a saved campaign: one line saying what is
    wrong and what to do. The command prints it and exits with status 2."""


def print_error(err: TextIO, message: str) -> None:
    """A command-line error on `err` (the message already in the terminal's language),
    "error: " said in it too."""
    print(t(from_environment(), "error: {message}", message=message), file=err)


def write_failed(path: object, exc: OSError) -> str:
    """One line: a report file that could not be written, and why (the OS's words)."""
    return t(
        from_environment(),
        "cannot write {path}: {error}",
        path=str(path),
        error=str(exc.strerror or exc),
    )


def load_failed(label: str, exc: Exception, validate: str) -> SetupError:
    """The SetupError for a pack that would not load (`label`, in the terminal's
    language): a ContentError's first problem, how many more and `validate`, the command
    that lists them all; any other error's text."""
    lang = from_environment()
    errors = getattr(exc, "errors", None)  # a ContentError's list (not pydantic's method)
    if not isinstance(errors, list | tuple):
        problem = str(exc)
    else:
        problem = str(errors[0]) if errors else t(lang, "unknown problem")
        if len(errors) > 1:
            problem += t(
                lang,
                " (and {n} more; '{command}' lists them all)",
                n=len(errors) - 1,
                command=validate,
            )
    return SetupError(t(lang, "cannot load {pack}: {problem}", pack=label, problem=problem))


def add_options(p: argparse.ArgumentParser) -> None:
    """`--db PATH` and `--resume [ID]`, the same for every game (help in the parser's
    language: a `bot.i18n.cliargs.Parser`'s, else the environment's)."""
    lang = getattr(p, "lang", None) or from_environment()
    p.add_argument(
        "--db",
        metavar="PATH",
        help=t(
            lang,
            "the database games are saved in (default: $BOT_DATABASE, else {path})",
            path=DEFAULT_DATABASE,
        ),
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="ID",
        help=t(lang, "go back to a saved terminal game; without ID, list them to pick one"),
    )


def play_command(game: str) -> str:
    """How to start this game's terminal table (the default game needs no --game)."""
    return "python -m bot play" + ("" if game == DEFAULT_GAME else f" --game {game}")


def resume_command(game: str, cid: str) -> str:
    """The command that resumes campaign `cid` of `game` in the default database."""
    return f"{play_command(game)} --resume {cid}"


def refuse_fixed(given: Sequence[tuple[str, object]]) -> None:
    """With --resume, options that choose a new game's setup are refused: the saved game
    goes on as it was. `given`: (option, value) pairs, None or False when not given."""
    fixed = [opt for opt, value in given if value is not None and value is not False]
    if fixed:
        raise SetupError(
            t(
                from_environment(),
                "--resume goes on with the campaign as it was saved; {options} cannot "
                "change it (start a new campaign to choose them)",
                options=", ".join(fixed),
            )
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
    def of(cls, game: str, args: argparse.Namespace) -> Place:
        """From the parsed options (`--db`, `--resume`, and `--pack`, which the command
        coming back repeats)."""
        explicit = args.db is not None
        db = Path(args.db) if explicit else default_database()
        pack = getattr(args, "pack", None)
        return cls(game, db, explicit, args.resume, ("--pack", pack) if pack else ())

    def come_back(self, cid: str) -> str:
        """The command that resumes campaign `cid`."""
        cmd = resume_command(self.game, cid)
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
        lang = from_environment()
        console.say(t(lang, "Your campaign is saved ({where}). Come back to it with:", where=where))
        console.say(f"  {come_back}")
    bye(console)


def bye(console: Console) -> None:
    console.say(t(from_environment(), "Bye."))


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
        console.say("\n" + t(from_environment(), "Interrupted."))
        stop()
        return 130
    except SaveFailed as exc:
        lang = from_environment()
        # A player's message (catalogued) or the storage layer's admin text, in `lang`.
        why = storage_words(lang, t(lang, str(exc)))
        console.say(t(lang, "error: the move could not be saved: {error}", error=why))
        console.say(t(lang, "Nothing was changed by it."))
        stop()
        return EXIT_STORAGE


def saved_line(console: Console, saves: Saves[S, A], cid: str) -> None:
    """Said once when a new game is first saved."""
    console.say(
        t(
            from_environment(),
            "Saved as campaign {id} in {path}: every move is saved as you play, and 'quit' "
            "says how to come back.",
            id=cid,
            path=str(saves.path),
        )
    )


def describe(info: CampaignInfo, saves: Saves[S, A], summary: Callable[[S], str]) -> str:
    """One saved campaign in the list: id, name, the game's own summary, when saved."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(info.updated_at / 1000))
    try:
        state = saves.load(info.id)
    except IllegalAction:
        return t(
            from_environment(),
            "{id}  {name} (cannot be read)  saved {when}",
            id=info.id,
            name=info.name,
            when=when,
        )
    return t(
        from_environment(),
        "{id}  {name}: {summary}; saved {when}",
        id=info.id,
        name=info.name,
        summary=summary(state),
        when=when,
    )


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
            raise SetupError(
                t(
                    from_environment(),
                    "no saved terminal campaign in {path}; start one with: {start}",
                    path=str(saves.path),
                    start=start,
                )
            )
        console.say(
            t(
                from_environment(),
                "Saved terminal campaigns in {path}, the latest first:",
                path=str(saves.path),
            )  # fmt: skip
        )
        for n, info in enumerate(mine, 1):
            console.say(f"  {n:>2}) {describe(info, saves, summary)}")
        cid = _choose(console, [i.id for i in mine])
    found = saves.info(cid)
    if found is None:
        lang = from_environment()
        known = ", ".join(i.id for i in mine[:10]) or t(lang, "none")
        raise SetupError(
            t(
                lang,
                "no campaign '{id}' in {path}; saved terminal campaigns: {known} "
                "({start} --resume lists them)",
                id=cid,
                path=str(saves.path),
                known=known,
                start=start,
            )
        )
    if found.game != saves.game and is_terminal(found):
        raise SetupError(
            t(
                from_environment(),
                "campaign '{id}' is a {game} game, not a {this} one; resume it with: {command}",
                id=cid,
                game=found.game,
                this=saves.game,
                command=resume_command(found.game, cid),
            )
        )
    if not is_terminal(found):
        raise SetupError(
            t(
                from_environment(),
                "campaign '{id}' is not a terminal campaign (it is a {game} campaign played "
                "on Discord); the terminal resumes only its own",
                id=cid,
                game=found.game,
            )
        )
    if found.status != "active":
        raise SetupError(
            t(
                from_environment(),
                "campaign '{id}' is {status}: it takes no more moves; start a new one with: "
                "{start}",
                id=cid,
                status=found.status,
                start=start,
            )
        )
    try:
        state = saves.load(cid)
    except IllegalAction as exc:
        raise SetupError(
            t(
                from_environment(),
                "campaign '{id}' cannot be resumed: {why}",
                id=cid,
                why=exc.refusal.message,
            )
        ) from None
    return cid, state


def _choose(console: Console, ids: list[str]) -> str:
    n = len(ids)
    lang = from_environment()
    while True:
        line = console.ask(t(lang, "Pick one [1] (1 to {n}, or 'quit'): ", n=str(n))).strip()
        if line.lower() in ("quit", "exit"):
            raise Quit
        if not line:
            return ids[0]
        if line.isdigit() and 1 <= int(line) <= n:
            return ids[int(line) - 1]
        if line in ids:
            return line
        console.say(t(lang, "Type {numbers}, or a campaign id.", numbers=numbers(1, n)))


class Session(Protocol):
    def run(self) -> int:
        """Play until the game ends or the person stops; the exit status."""
        ...


class Front(Protocol[S, A]):
    """One game's terminal table as `run` drives it."""

    @property
    def adapter(self) -> GameAdapter[S, A]: ...

    def prepare(self) -> None:
        """Check a new game's options (not called with --resume): raise SetupError, or
        IllegalAction for a setup the rules refuse, or Quit at a setup prompt."""

    def start(self, saves: Saves[S, A]) -> Session:
        """A new game's session, saving in `saves`."""
        ...

    def resume(self, saves: Saves[S, A], cid: str, state: S) -> Session:
        """The session going on with the saved game `cid` (its pack already checked);
        raises SetupError if it cannot."""
        ...

    def summary(self, state: S) -> str:
        """A saved game in the --resume list, after its id and name."""
        ...

    def pack_problem(self, state: S) -> str | None:
        """Why the saved game cannot be played with this pack (a card, a scenario it
        lacks), or None."""
        ...


class FrontBase:
    """What every game's front keeps: its options, its console and where it saves."""

    def __init__(self, args: argparse.Namespace, console: Console, place: Place) -> None:
        self.args = args
        self.console = console
        self.place = place


@dataclass(frozen=True)
class PlayCommand(Generic[S, A]):
    """One game's `python -m bot play` (the game's `main`): its options parsed by the
    `parser` it makes (in the terminal's language at each call), the console (a
    terminal's own stdin and stdout clear the screen between hot-seat players), where it
    saves, then `run`. `setup_options` are the options that choose a new game's setup
    (refused with --resume); `replace_errors`: a character the console cannot encode is
    written as a replacement instead of stopping the game."""

    game: str
    parser: Callable[[], argparse.ArgumentParser]
    front: Callable[[argparse.Namespace, Console, Place], Front[S, A]]
    setup_options: Sequence[str]
    replace_errors: bool = False

    def __call__(
        self,
        argv: Sequence[str] | None = None,
        *,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> int:
        args = parse(self.parser, argv)
        inp = stdin or sys.stdin
        out = stdout or sys.stdout
        if self.replace_errors and isinstance(out, io.TextIOWrapper):
            out.reconfigure(errors="replace")
        # Each option's value under argparse's own name for it ("--ai-deck": args.ai_deck).
        fixed = [
            (opt, getattr(args, opt.lstrip("-").replace("-", "_"))) for opt in self.setup_options
        ]
        console = Console(inp, out, tty=stdin is None and inp.isatty() and out.isatty())
        place = Place.of(self.game, args)
        front = self.front
        return run(place, lambda: front(args, console, place), console, fixed=fixed, err=stderr)


def run(
    place: Place,
    front: Callable[[], Front[S, A]],
    console: Console,
    *,
    fixed: Sequence[tuple[str, object]] = (),
    err: TextIO | None = None,
) -> int:
    """The whole `play` command after its options are parsed: make the game's front
    (`front`, which loads the pack), check the options (with --resume none of `fixed`
    may be given), open the database, then start a new game or resume the one
    `--resume` names or the person picks. Every failure is one line on `err`."""
    err = err or sys.stderr
    try:
        table = front()
        if place.resume is not None:
            refuse_fixed(fixed)
        else:
            table.prepare()
    except SetupError as exc:
        print_error(err, str(exc))
        return EXIT_SETUP
    except IllegalAction as exc:  # a setup (a deck, a choice) the rules refuse
        print_error(err, exc.refusal.message.splitlines()[0])
        return EXIT_SETUP
    except Quit:
        bye(console)
        return 0
    try:
        saves = place.open(table.adapter)
    except StorageError as exc:
        return _storage_failed(err, N_("cannot use the database {path}: {why}"), place, exc)
    try:
        if place.resume is None:
            return table.start(saves).run()
        try:
            cid, state = pick(saves, console, place.resume, table.summary)
            problem = table.pack_problem(state)
            if problem:
                raise SetupError(
                    t(
                        from_environment(),
                        "campaign '{id}' was not played with this pack ({problem}); resume "
                        "it with --pack DIR, the pack it was played with",
                        id=cid,
                        problem=problem,
                    )
                )
            session = table.resume(saves, cid, state)
        except SetupError as exc:
            print_error(err, str(exc))
            return EXIT_SETUP
        except Quit:
            bye(console)
            return 0
        return session.run()
    except StorageError as exc:
        return _storage_failed(err, N_("the database {path} failed: {why}"), place, exc)
    finally:
        saves.close()


def _storage_failed(err: TextIO, message: str, place: Place, exc: StorageError) -> int:
    """Say on `err` that the database failed (`message`, a catalogue message taking
    {path} and {why}: the storage layer's words); the exit status."""
    lang = from_environment()
    why = storage_words(lang, exc.message)
    print_error(err, t(lang, message, path=str(place.db), why=why))
    return EXIT_STORAGE
