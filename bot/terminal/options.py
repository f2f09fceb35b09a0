"""The command line every game's terminal commands (`play`, `simulate`) share: a parser
whose help and errors are in the terminal's language, and the options each game's
commands take alike (`--seed`, `--pack`, `--games`, `--json`). It names no game: each
game passes its own help texts, catalogue messages marked with `N_` where they are
written, so its `--help` reads as its own. Each option is added where the caller adds
it, so every command's `--help` keeps its order."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from bot.i18n import N_, from_environment, t
from bot.i18n.cliargs import Parser


def command_parser(prog: str, description: str) -> Parser:
    """The parser of one game's command `prog`, in the terminal's language;
    `description` is a catalogue message."""
    lang = from_environment()
    return Parser(prog=prog, description=t(lang, description), lang=lang)


def parse(
    parser: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None
) -> argparse.Namespace:
    """The options of a command whose parser `parser` makes now (in the terminal's
    language of this call): `argv`, or the process's own arguments."""
    return parser().parse_args(list(sys.argv[1:] if argv is None else argv))


def _lang(p: argparse.ArgumentParser) -> str:
    return getattr(p, "lang", None) or from_environment()


def add_seed(p: argparse.ArgumentParser, help: str, *, default: int | None = None) -> None:
    """`--seed N` (None: the command draws one)."""
    p.add_argument("--seed", type=int, default=default, help=t(_lang(p), help))


def add_pack(p: argparse.ArgumentParser, help: str) -> None:
    """`--pack DIR`, the game's content pack (None: the bundled one)."""
    p.add_argument("--pack", help=t(_lang(p), help))


def add_games(p: argparse.ArgumentParser, help: str, *, default: int) -> None:
    """`--games N`, how many games a simulation plays (`check_games` checks it)."""
    p.add_argument("--games", type=int, default=default, help=t(_lang(p), help))


def add_json(
    p: argparse.ArgumentParser, help: str = N_("also write the report as JSON to FILE")
) -> None:
    """`--json FILE`, where a simulation also writes its report for tooling."""
    p.add_argument("--json", metavar="FILE", help=t(_lang(p), help))
