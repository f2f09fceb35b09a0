"""`python -m bot`: the command line.

    python -m bot [--database PATH] [COMMAND ...]

Commands (each registered by one `_add_*` function in `SUBCOMMANDS`; add yours there):

    run        start the Discord bot (the default when no command is given)
    sync       sync application commands with Discord
    health     is the running bot connected? (exit 0 yes, 1 no: for a container HEALTHCHECK)
    play       play a table in the terminal
    simulate   AI playouts
    db         database administration: init, backup, check, recover, export, import,
               export-items, import-items (players' saved decks),
               migrate, list

The database is `--database`, else $BOT_DATABASE, else ./data/fixer.sqlite3.
Exit codes: 0 done, 1 the command failed or found problems (message on stderr),
2 usage error or not available. The database commands are in bot/cli_db.py, what the
modules share in bot/cli_common.py; help and errors follow LANG (bot/i18n/cliargs.py).
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Sequence

from bot.cli_common import Handler, Subparsers, fail
from bot.cli_db import add_db
from bot.config import DEFAULT_DATABASE, LOG_LEVELS
from bot.i18n import did_you_mean, from_environment, language, t
from bot.i18n.cliargs import Parser

# ---- run (default) ---------------------------------------------------------------------


def _add_run(sub: Subparsers) -> None:
    p = sub.add_parser("run", help=t(sub.lang, "start the Discord bot (default)"))
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    # bot.app.run loads every game's content, then opens the store (instance_lock=True)
    # and each game's GameService in the bot's setup hook. After loading the content,
    # `gc.collect(); gc.freeze()` keeps it out of the garbage collector's scans (GC
    # pauses are part of the latency tail under load, see docs/benchmarks.md).
    from bot.app import run, settings_from_args

    settings = settings_from_args(args)
    return 2 if settings is None else run(settings)


# ---- placeholders for commands others are adding ---------------------------------------


def _not_built(name: str) -> Handler:
    def handler(args: argparse.Namespace) -> int:
        print(t(from_environment(), "`{name}` is not built yet.", name=name), file=sys.stderr)
        return 2

    return handler


def _add_sync(sub: Subparsers) -> None:
    p = sub.add_parser("sync", help=t(sub.lang, "sync application commands with Discord"))
    p.set_defaults(func=_sync)


def _sync(args: argparse.Namespace) -> int:
    from bot.app import settings_from_args, sync

    settings = settings_from_args(args)
    return 2 if settings is None else sync(settings)


def _add_health(sub: Subparsers) -> None:
    p = sub.add_parser(
        "health",
        help=t(sub.lang, "exit 0 only if the running bot is connected and its heartbeat fresh"),
    )
    p.set_defaults(func=_health)


def _health(args: argparse.Namespace) -> int:
    from bot.app import settings_from_args
    from bot.heartbeat import health, process_heartbeat_path

    settings = settings_from_args(args)
    if settings is None:
        return 2
    return health(process_heartbeat_path(settings.database, settings.shards))


def split_game(argv: Sequence[str]) -> tuple[str, list[str]]:
    """`--game NAME` (or `--game=NAME`) taken out of `argv`, anywhere in it; the default
    game when absent. Raises UnknownGameError for a game this build does not hold."""
    from bot import games

    rest: list[str] = []
    name = games.DEFAULT_GAME
    it = iter(argv)
    for arg in it:
        if arg == "--game":
            name = next(it, "")
        elif arg.startswith("--game="):
            name = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    games.plugin(name)  # UnknownGameError
    return name, rest


def _per_game(what: str, argv: Sequence[str]) -> int:
    """`play` and `simulate`: each game parses its own options."""
    from bot import games

    lang = from_environment()
    try:
        name, rest = split_game(argv)
    except games.UnknownGameError as exc:
        hint = did_you_mean(lang, exc.name, games.GAMES)
        message = t(
            lang,
            "There is no game '{name}' in this build{hint}.\n"
            "Name one of {games}: python -m bot {what} --game NAME.",
            name=exc.name,
            hint=hint,
            games=", ".join(games.GAMES),
            what=what,
        )
        print(t(lang, "error: {message}", message=message), file=sys.stderr)
        return 2
    if any(a in ("-h", "--help") for a in rest):
        print(
            t(
                lang,
                "--game {{{games}}}: which game (default {default})",
                games=",".join(games.GAMES),
                default=games.DEFAULT_GAME,
            )
        )
    plugin = games.plugin(name)
    return plugin.play(rest) if what == "play" else plugin.simulate(rest)


def _add_play(sub: Subparsers) -> None:
    lang = sub.lang
    p = sub.add_parser(
        "play", help=t(lang, "play a table in the terminal (--game NAME)"), add_help=False
    )
    p.add_argument("args", nargs=argparse.REMAINDER)
    p.set_defaults(func=_play)


def _play(args: argparse.Namespace) -> int:
    return _per_game("play", list(args.args))


def _add_simulate(sub: Subparsers) -> None:
    lang = sub.lang
    p = sub.add_parser(
        "simulate", help=t(lang, "AI playouts for balancing (--game NAME)"), add_help=False
    )
    p.add_argument("args", nargs=argparse.REMAINDER)
    p.set_defaults(func=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    return _per_game("simulate", list(args.args))


# ---- the parser ------------------------------------------------------------------------

#: Each registers one top-level command. Add new commands by appending a function.
SUBCOMMANDS: list[Callable[[Subparsers], None]] = [
    _add_run,
    _add_sync,
    _add_health,
    _add_play,
    _add_simulate,
    add_db,
]


def build_parser(lang: str | None = None) -> Parser:
    """The command line in the language `lang` (default: the environment's, LANG)."""
    lang = language(lang) if lang is not None else from_environment()
    parser = Parser(
        prog="python -m bot",
        description=t(lang, "Fixer, a Discord game master for cyberpunk card games."),
        lang=lang,
    )
    parser.add_argument(
        "--database",
        metavar="PATH",
        help=t(
            lang,
            "SQLite database file (default: $BOT_DATABASE, else {path})",
            path=DEFAULT_DATABASE,
        ),
    )
    parser.add_argument(
        "--log-level",
        default=os.environ.get("BOT_LOG_LEVEL", "WARNING"),
        help=t(lang, "logging level for this command (default: WARNING)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in SUBCOMMANDS:
        register(sub)
    return parser


# Commands with their own argument parsers: everything after the name is theirs.
PASS_THROUGH = {"play": "_play", "simulate": "_simulate"}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in PASS_THROUGH:
        handler: Handler = globals()[PASS_THROUGH[argv[0]]]
        return handler(argparse.Namespace(args=argv[1:]))
    # `--database PATH play …`: the global option reaches the terminal table as its --db.
    if len(argv) >= 3 and argv[0] == "--database" and argv[2] in PASS_THROUGH:
        handler = globals()[PASS_THROUGH[argv[2]]]
        extra = ["--db", argv[1]] if argv[2] == "play" else []
        return handler(argparse.Namespace(args=argv[3:] + extra))
    parser = build_parser()
    args = parser.parse_args(argv)
    level = str(args.log_level).upper()
    if level not in LOG_LEVELS:
        source = "--log-level" if "--log-level" in " ".join(argv) else "BOT_LOG_LEVEL"
        fail(
            t(
                parser.lang,
                "{source}={level} is not allowed: use {levels} or {last}",
                source=source,
                level=args.log_level,
                levels=", ".join(LOG_LEVELS[:-1]),
                last=LOG_LEVELS[-1],
            )
        )
        return 2
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    func: Handler = getattr(args, "func", _run)
    return func(args)
