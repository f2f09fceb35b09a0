"""Typed storage errors.

Every error carries two texts:

* ``message`` for the server admin (logs, the CLI, start-up): what is wrong with the
  database and what to do about it (for the errors an admin meets at start-up, the first
  line says what is wrong and the next one what to do). It names paths and SQLite's
  reason, never game state.
* ``player_message`` for a player whose action failed because of it: short, says that
  nothing changed and what to do (usually: try again later). It is English, marked for
  the catalogue (`N_`); a front end shows it with `t(loc, exc.player_message)` in the
  reader's language (docs/i18n.md).
"""

from __future__ import annotations

import sqlite3

from bot.i18n import N_

PLAYER_SAFE_DEFAULT = N_("The table could not be saved, so nothing changed. Try again in a moment.")


class StorageError(Exception):
    """Base class: something is wrong with the database (not with the game)."""

    player_message: str = PLAYER_SAFE_DEFAULT

    def __init__(self, message: str, *, player_message: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if player_message is not None:
            self.player_message = player_message

    def __str__(self) -> str:
        return self.message


class DatabaseMissingError(StorageError):
    """The file (or its directory) does not exist and we were not asked to create it."""


class DatabaseExistsError(StorageError):
    """`db init` found a Fixer database already there (it is never overwritten)."""


class DatabaseOpenError(StorageError):
    """SQLite could not open or create the file (permissions, a directory in the way…)."""


class CorruptDatabaseError(StorageError):
    """The file is not an SQLite database, or its pages are damaged."""


class ForeignDatabaseError(StorageError):
    """A valid SQLite database that was not made by Fixer."""


class EmptyDatabaseError(StorageError):
    """An existing file with no database in it: zero bytes (a failed restore, a `touch`)
    or an SQLite file without a single table. Fixer creates its files whole, so such a
    file is never one it left: it is refused rather than silently made a new database."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer Fixer; we refuse to touch it."""

    def __init__(self, message: str, *, found: int, supported: int) -> None:
        super().__init__(message)
        self.found = found
        self.supported = supported


class MigrationError(StorageError):
    """A schema migration failed; the database was left at its previous version."""


class DatabaseLockedError(StorageError):
    """Another process holds the database (or its instance lock)."""

    player_message = N_("The table is busy right now, so nothing changed. Try again in a moment.")


class DiskFullError(StorageError):
    """SQLite reported SQLITE_FULL: the disk (or the configured size limit) is full."""


class ReadOnlyDatabaseError(StorageError):
    """The file or its directory is read-only."""


class DiskIOError(StorageError):
    """The operating system reported an I/O error."""


class VersionConflictError(StorageError):
    """The stored state is not at the version the writer expected (another writer)."""

    player_message = N_(
        "The table changed while your action was being saved. Look again and retry."
    )


class DuplicateInteractionError(StorageError):
    """This (campaign, interaction id) is already in the action log."""


class CampaignExistsError(StorageError):
    """A campaign with this id already exists."""


class ChannelTakenError(StorageError):
    """The channel already has an active campaign."""

    player_message = N_("This channel already has an active campaign.")


class CampaignNotFoundError(StorageError):
    """No campaign with this id."""


class InvalidExportError(StorageError):
    """An export file that is malformed or inconsistent."""


# SQLite primary result codes (https://sqlite.org/rescode.html).
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26


def damaged(where: str, reason: str) -> str:
    """The message for a damaged database file (`where` names it)."""
    return (
        f"The database {where} is damaged ({reason}).\n"
        "Stop the bot and restore the latest backup, or copy what SQLite can still read "
        "into a new file with `python -m bot db recover NEW_FILE` (docs/storage.md, "
        '"Recovery").'
    )


def translate(exc: sqlite3.Error, path: str, doing: str) -> StorageError:
    """Turn an sqlite3 exception into a typed StorageError with an admin-facing text.

    `doing` completes the sentence "… while <doing>".
    """
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    reason = str(exc)
    where = f"{path} (while {doing})"
    if primary in (_SQLITE_BUSY, _SQLITE_LOCKED) or "locked" in reason:
        return DatabaseLockedError(
            f"The database {where} is locked by another process or connection ({reason}). "
            "Nothing was changed. If another Fixer is running on this file, stop it; "
            "otherwise retry."
        )
    if primary == _SQLITE_FULL or "disk is full" in reason:
        return DiskFullError(
            f"The disk holding {where} is full ({reason}). The action was not saved; "
            "everything committed before is intact. Free some space and retry."
        )
    if primary == _SQLITE_NOTADB or "not a database" in reason:
        return CorruptDatabaseError(
            f"{where}: the file is not an SQLite database ({reason}). Point BOT_DATABASE "
            "(or --database) at the right file, or move this one away to start afresh."
        )
    if primary == _SQLITE_CORRUPT or "malformed" in reason:
        return CorruptDatabaseError(damaged(where, reason))
    if primary == _SQLITE_CANTOPEN or "unable to open" in reason:
        return DatabaseOpenError(
            f"SQLite cannot open {where} ({reason}). Check that the directory exists and "
            "is writable by the bot."
        )
    if primary == _SQLITE_READONLY or "readonly" in reason:
        return ReadOnlyDatabaseError(
            f"The database {where} is read-only ({reason}). Give the bot write access to the "
            "file and its directory."
        )
    if primary == _SQLITE_IOERR or "disk I/O" in reason:
        return DiskIOError(
            f"Disk I/O error on {where} ({reason}). Nothing was changed; check the disk."
        )
    return StorageError(f"Database error on {where}: {reason}")
