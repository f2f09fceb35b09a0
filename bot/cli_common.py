"""What the command line's modules share (bot/cli.py, bot/cli_db.py, bot/cli_exchange.py,
bot/cli_items.py): the database a command works on, its errors in the terminal's
language, a game's adapter, and how an export file is written and read back."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from bot.config import DEFAULT_DATABASE
from bot.i18n import from_environment, t

Subparsers = Any  # argparse._SubParsersAction, which typeshed keeps private
Handler = Callable[[argparse.Namespace], int]
M = TypeVar("M", bound=BaseModel)


def database_path(args: argparse.Namespace) -> Path:
    if getattr(args, "database", None):
        return Path(args.database)
    env = os.environ.get("BOT_DATABASE", "").strip()
    return Path(env) if env else DEFAULT_DATABASE


def database_target(args: argparse.Namespace) -> str | Path:
    """`database_path`, but a postgresql:// URL stays a URL (PostgreSQL)."""
    from bot.storage.opener import database_target as target

    if getattr(args, "database", None):
        return target(args.database)
    env = os.environ.get("BOT_DATABASE", "").strip()
    return target(env) if env else DEFAULT_DATABASE


def fail(message: str) -> int:
    """Print `message` (already in the terminal's language: what is wrong, then what to
    do) as an error; status 1."""
    print(t(from_environment(), "error: {message}", message=message), file=sys.stderr)
    return 1


def already_exists(dest: Path) -> str:
    return t(
        from_environment(),
        "{path} already exists.\nChoose another name, or pass --force to overwrite it.",
        path=dest,
    )


def cannot_write(dest: Path, exc: OSError) -> str:
    return t(
        from_environment(),
        "Could not write {path}: {error}.\nCheck the folder exists and you may write there.",
        path=dest,
        error=exc.strerror or exc,
    )


def invalid_fields(exc: ValidationError) -> str:
    """Where an import file fails its schema: the first five fields and what is wrong."""
    return "; ".join(
        f"{'.'.join(map(str, e['loc'])) or 'file'}: {e['msg']}" for e in exc.errors()[:5]
    )


def cannot_read(path: Path, exc: OSError) -> str:
    return t(
        from_environment(),
        "Cannot read {path}: {error}.\nCheck the file's name.",
        path=path,
        error=exc.strerror or exc,
    )


def adapter_for(game: str) -> Any:
    """The `GameAdapter` of `game` from the registry (`bot/games.py`), or None if this
    build does not have the game or its engine fails to load: then its campaigns are
    still listed, backed up, checked, exported and imported, just never opened."""
    from bot import games

    plugin = games.available(game)
    if plugin is None:
        return None
    try:
        return plugin.adapter()
    except Exception as exc:  # its content failed to load: the other games go on
        logging.getLogger("bot.games").warning(
            "the %s game is unavailable: %s", game, type(exc).__name__
        )
        return None


def write_export(file: str, text: str, *, force: bool) -> int | None:
    """Write an export's `text` to `file` ("-": standard output). A file is never left
    half written: the text goes to a temporary file beside it, synced to disk, then
    renamed over it; an existing file only with `force`. None once the file is written
    (the caller says what it holds), else the exit status (0 after standard output; a
    failure's, said on stderr)."""
    if file == "-":
        sys.stdout.write(text)
        return 0
    dest = Path(file)
    if dest.exists() and not force:
        return fail(already_exists(dest))
    tmp = dest.with_name(f".{dest.name}.tmp-{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
    except OSError as exc:
        with contextlib.suppress(OSError):
            tmp.unlink()
        return fail(cannot_write(dest, exc))
    return None


def read_export(path: Path, model: type[M], invalid: str) -> M | int:
    """The export file `path` read as `model`, or the exit status of a failure (said on
    stderr): it cannot be read, or it is not such an export (`invalid`: a catalogue
    message taking {file} and {where}, the fields that are wrong)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except OSError as exc:
        return fail(cannot_read(path, exc))
    try:
        return model.model_validate_json(raw)
    except ValidationError as exc:
        where = invalid_fields(exc)
        return fail(t(from_environment(), invalid, file=path, where=where))


def storage_call(fn: Callable[[], Any]) -> int:
    from bot.storage.errors import StorageError

    try:
        result: int = asyncio.run(fn())
    except StorageError as exc:
        from bot.cli_words import storage_words

        return fail(storage_words(from_environment(), exc.message))
    return result
