"""The storage layer's admin texts in the command line's language.

`bot/storage` writes what is wrong with a database in English (`StorageError.message`,
`db check`'s problems and notes, `db recover`'s losses): the same words reach the bot's
logs, where they stay English so that a log line reads the same on every server and
can be searched for. The command line is a person at a terminal, in the terminal's
language (LANG): `storage_words` takes such a finished English text back to the
template it was made from (`bot.i18n.phrases.Phrasebook`) and says it in that language.
A text no template here matches stays English, as a missing catalogue entry does; the
values (paths, SQLite's own reason, ids) are put back as they were.

The templates follow the texts of bot/storage/*.py; tests/i18n/test_cli_output_i18n.py
causes the common ones and checks the book knows them.
"""

from __future__ import annotations

from bot.i18n import N_
from bot.i18n.phrases import Phrasebook

# What is wrong with the database file (bot/storage/errors.py, migrations.py, admin.py,
# backup.py, recover.py, copy.py, pg_*.py): the first line what is wrong, then what to do.
ERRORS = (
    # errors.translate: SQLite's exceptions. `where` is "PATH (while DOING)".
    N_(
        "The database {where} is locked by another process or connection ({reason}). "
        "Nothing was changed. If another Fixer is running on this file, stop it; "
        "otherwise retry."
    ),
    N_(
        "The disk holding {where} is full ({reason}). The action was not saved; "
        "everything committed before is intact. Free some space and retry."
    ),
    N_(
        "{where}: the file is not an SQLite database ({reason}). Point BOT_DATABASE "
        "(or --database) at the right file, or move this one away to start afresh."
    ),
    N_(
        "The database {where} is damaged ({reason}).\n"
        "Stop the bot and restore the latest backup, or copy what SQLite can still read "
        'into a new file with `python -m bot db recover NEW_FILE` (docs/storage.md, "Recovery").'
    ),
    N_(
        "SQLite cannot open {where} ({reason}). Check that the directory exists and "
        "is writable by the bot."
    ),
    N_(
        "The database {where} is read-only ({reason}). Give the bot write access to the "
        "file and its directory."
    ),
    N_("Disk I/O error on {where} ({reason}). Nothing was changed; check the disk."),
    N_("Database error on {where}: {reason}"),
    # Opening, creating, migrating.
    N_(
        "There is no database at {path}.\n"
        "Check BOT_DATABASE / --database; `python -m bot db init` creates a new one."
    ),
    N_("There is no database at {path}."),
    N_("The directory {path} does not exist."),
    N_("{path} is a directory, not a database file."),
    N_(
        "The database file {path} is empty (0 bytes): it holds no campaigns. It was not "
        "modified.\n"
        'If a restore failed, copy the backup over it again (docs/storage.md, "Restoring a '
        'backup"); to start a new, empty database there on purpose, run `python -m bot db '
        "init`."
    ),
    N_(
        "{path} is an SQLite database, but not Fixer's (application id {app_id}, tables: "
        "{tables}). It was not modified.\n"
        "Point BOT_DATABASE / --database at Fixer's file."
    ),
    N_(
        "{path} is an SQLite file without a single table: not a database Fixer made "
        "(Fixer creates its files whole). It was not modified.\n"
        "Point BOT_DATABASE / --database at Fixer's file, or run `python -m bot db init` to "
        "make this one a new, empty Fixer database."
    ),
    N_(
        "The database {path} was written by a newer version of Fixer (schema v{version}; "
        "this version understands up to v{supported}). It was not modified.\n"
        "Upgrade Fixer, or restore a backup made by this version."
    ),
    N_(
        "{path} appeared while Fixer was creating it; it was left as it is.\n"
        "Make sure only one program creates the database, then start again."
    ),
    N_(
        "Could not create the database {path} ({reason}).\n"
        "Check that its directory exists and is writable by the bot."
    ),
    N_(
        "Could not create the directory {path} ({reason}).\n"
        "Create it, or choose another path with BOT_DATABASE / --database."
    ),
    N_(
        "There is already a Fixer database at {path} (schema v{version}); nothing was "
        "changed.\n"
        "It holds campaigns: to start afresh, move it somewhere safe first."
    ),
    N_(
        "There is already a Fixer database at {path}; nothing was changed.\n"
        "It holds campaigns: to start afresh, use another database (or drop this one)."
    ),
    N_(
        "Migrating {path} from schema v{old} to v{new} failed ({reason}). The database was "
        "left at v{old}; nothing was lost. Report this as a bug."
    ),
    N_(
        "Another Fixer process is already using {path} (it holds {lock}). Stop it first: "
        "two bots on one database would answer the same buttons twice."
    ),
    N_("The database {path} is closed."),
    # Backups.
    N_("Refusing to back up {path} onto itself."),
    N_("{path} already exists; choose another path or pass --force."),
    N_("{path} already exists; choose another file or overwrite it."),
    N_("Could not write the backup {path}: {reason}"),
    N_(
        "pg_dump was not found on PATH: install the PostgreSQL client tools to back up a "
        "PostgreSQL database (see docs/storage.md, PostgreSQL)."
    ),
    N_("pg_dump of {path} failed: {reason}"),
    # Recovery.
    N_(
        "{path} is empty (0 bytes): there is nothing to recover.\n"
        'Restore the latest backup instead (docs/storage.md, "Restoring a backup").'
    ),
    N_("{path} already exists.\nRecover into a new file: db recover never overwrites one."),
    N_("Refusing to recover {path} onto itself."),
    N_(
        "Could not copy {path} to read it ({reason}).\n"
        "db recover needs room for a copy of it beside {dest}."
    ),
    N_("Could not write {path}: {reason}"),
    N_(
        "Nothing can be recovered from {path}: SQLite cannot read even its header or its "
        "list of tables ({reason}).\n"
        'Restore the latest backup instead (docs/storage.md, "Restoring a backup").'
    ),
    N_(
        "{path} is not a Fixer database (application id {app_id}).\n"
        "db recover only salvages Fixer databases."
    ),
    N_(
        "{path} was written by a newer Fixer (schema v{version}; this one knows up to "
        "v{supported}).\nRecover it with that version of Fixer."
    ),
    N_("{path} holds no Fixer tables: there is nothing to recover."),
    # Campaigns, exports, copies.
    N_("There is no campaign {id}."),
    N_("Campaign {id} has no genesis state."),
    N_(
        "The export was made by a newer Fixer (schema v{version}; this one has v{newest}). "
        "Import it with that version or newer."
    ),
    N_("The channel {channel} already has an active campaign of the same game."),
    N_("Campaign {id}: this interaction is already in the log."),
    N_(
        "The destination database is not empty: `db copy` only copies into a new one.\n"
        "Point DST at an empty database (or file that does not exist yet)."
    ),
)

# `db check`'s problems and notes, `db copy`'s and `db recover`'s (admin.py, pg_admin.py,
# copy.py, recover.py).
REPORT = (
    N_(
        "the file is empty (0 bytes): it holds no database. Restore a backup over it, or run "
        "`python -m bot db init` to start a new database there"
    ),
    N_("not a Fixer database (application id {app_id})"),
    N_("schema v{version} is newer than this Fixer (v{supported}): upgrade Fixer to check it"),
    N_("schema v{version} is older than v{supported}: it will be migrated when the bot starts"),
    N_(
        "{file} (Discord preferences from before schema v4) is not imported yet: the bot "
        "imports it into the database when it starts"
    ),
    N_("integrity: {message}"),
    N_("{n} rows point at missing parents (foreign keys)"),
    N_("{n} campaigns have no genesis state (cannot replay)"),
    N_("{n} campaigns have a log that does not match the state"),
    N_("{n} preferences are not valid JSON"),
    N_("preferences of {n} campaigns that do not exist: {ids}"),
    N_("campaign {id} has no genesis state"),
    N_(
        "campaign {id} is at v{version} from genesis v{genesis} but its log has {n} actions "
        "(last seq {top}); it does not replay to its state"
    ),
    N_("schema v{version}, this Fixer expects v{expected}"),
    N_("campaign {id}: {message}"),
    N_("campaign {id} differs after the copy"),
    N_("the preferences of no campaign differ after the copy"),
    N_("the players' saved items differ after the copy"),
    N_("source: {message}"),
    N_("destination: {message}"),
    N_("its campaign could not be recovered"),
    N_("a constraint failed ({reason})"),
    N_("{id}: its genesis state could not be read (it cannot be replayed)"),
    N_(
        "{id}: {n} of {expected} log rows could not be read (seq {seqs}); its state plays "
        "on, but its log no longer replays"
    ),
)

BOOK = Phrasebook(
    (*ERRORS, *REPORT),
    nested=("message",),
    words=("n", "version", "supported", "old", "new", "newest", "expected", "genesis", "top"),
)


def storage_words(lang: str, text: str) -> str:
    """A storage text (an error's admin message, a check's problem or note) in `lang`;
    English, or a text the book does not know, as it is."""
    return BOOK.translate(lang, text)
