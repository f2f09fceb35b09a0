"""What every game's `python -m bot simulate` shares around its own games and report:
parse the options, check them (a `SetupError` is one line and exit status 2), play
(Ctrl-C: "interrupted", 130), then write the `--json` report if asked (a file that
cannot be written: one line, 2). It names no game: each game's `simulate.py` passes its
parser, its checks and its run, which prints the report and returns the JSON data."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TextIO, TypeVar

from bot.i18n import from_environment, t
from bot.terminal.options import parse
from bot.terminal.report import interrupted
from bot.terminal.resume import EXIT_SETUP, SetupError, print_error, write_failed

J = TypeVar("J")


def check_games(games: int) -> None:
    """`--games` must be a positive count."""
    if games < 1:
        raise SetupError(t(from_environment(), "--games must be at least 1, not {n}", n=str(games)))


def write_json(path: str, data: object, err: TextIO) -> int:
    """Write the report `data` to `path` as JSON; the exit status (a failure is one
    line on `err`)."""
    try:
        Path(path).write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        print_error(err, write_failed(path, exc))
        return EXIT_SETUP
    return 0


@dataclass(frozen=True)
class SimulateCommand(Generic[J]):
    """One game's `simulate` command (the game's `main`): `parser` makes its options (in
    the terminal's language at each call), `setup` checks them and loads what the run
    needs (raising SetupError), `play` plays and prints the report on its `out` (the
    progress bar on its `err`) and returns the data `--json` writes."""

    parser: Callable[[], argparse.ArgumentParser]
    setup: Callable[[argparse.Namespace], J]
    play: Callable[[J, argparse.Namespace, TextIO, TextIO], object]

    def __call__(
        self,
        argv: Sequence[str] | None = None,
        *,
        stdout: TextIO | None = None,
        stderr: TextIO | None = None,
    ) -> int:
        args = parse(self.parser, argv)
        out = stdout or sys.stdout
        err = stderr or sys.stderr
        try:
            job = self.setup(args)
        except SetupError as exc:
            print_error(err, str(exc))
            return EXIT_SETUP
        try:
            data = self.play(job, args, out, err)
            return write_json(args.json, data, err) if args.json else 0
        except KeyboardInterrupt:
            return interrupted(err)
