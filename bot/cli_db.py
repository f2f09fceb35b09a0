"""`python -m bot db …`: database administration (init, backup, check, recover, export,
import, migrate, copy, list; export and import in bot/cli_exchange.py, players' saved
items in bot/cli_items.py). Help texts and errors in the terminal's language
(bot/i18n/cliargs.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli_common import (
    Subparsers,
    adapter_for,
    database_path,
    database_target,
    fail,
    storage_call,
)
from bot.cli_exchange import db_export, db_import
from bot.cli_words import storage_words
from bot.i18n import N_, SOURCE, from_environment, number, t, tn
from bot.terminal.report import labelled


def add_db(sub: Subparsers) -> None:
    """`db` and its subcommands (help texts in the parser's language)."""
    lang = sub.lang
    p = sub.add_parser("db", help=t(lang, "database administration"))
    dbsub = p.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)

    b = dbsub.add_parser("backup", help=t(lang, "consistent online copy of the whole database"))
    b.add_argument("path", type=Path, help=t(lang, "where to write the copy"))
    b.add_argument("--force", action="store_true", help=t(lang, "overwrite PATH if it exists"))
    b.set_defaults(func=_db_backup)

    c = dbsub.add_parser(
        "check", help=t(lang, "integrity, schema version, counts, log consistency")
    )
    c.add_argument("--json", action="store_true", help=t(lang, "print the report as JSON"))
    c.add_argument(
        "--replay",
        action="store_true",
        help=t(lang, "also replay every campaign's log and compare with its stored state (slow)"),
    )
    c.set_defaults(func=_db_check)

    e = dbsub.add_parser(
        "export", help=t(lang, "write one campaign (state, log, runs, Discord preferences) as JSON")
    )
    e.add_argument("campaign_id")
    e.add_argument("file", help=t(lang, "output file, or - for standard output"))
    e.add_argument("--force", action="store_true", help=t(lang, "overwrite FILE if it exists"))
    e.set_defaults(func=db_export)

    i = dbsub.add_parser("import", help=t(lang, "add a campaign from an export file"))
    i.add_argument("file", type=Path)
    i.add_argument(
        "--channel", help=t(lang, "bind it to this channel id instead of the exported one")
    )
    i.add_argument("--guild", help=t(lang, "with --channel: the channel's server (guild) id"))
    i.add_argument(
        "--no-verify", action="store_true", help=t(lang, "do not replay the log before importing")
    )
    i.set_defaults(func=db_import)

    n = dbsub.add_parser(
        "init", help=t(lang, "create a new, empty database (the bot also creates a missing one)")
    )
    n.set_defaults(func=_db_init)

    r = dbsub.add_parser(
        "recover",
        help=t(
            lang, "copy everything SQLite can still read from a damaged database into a new one"
        ),
    )
    r.add_argument(
        "dest", type=Path, help=t(lang, "the new database file to write (must not exist)")
    )
    r.set_defaults(func=_db_recover)

    m = dbsub.add_parser(
        "migrate", help=t(lang, "upgrade the schema now (the bot also does at start)")
    )
    m.set_defaults(func=_db_migrate)

    cp = dbsub.add_parser(
        "copy",
        help=t(
            lang, "copy everything from SRC into an empty DST (SQLite path or postgresql:// URL)"
        ),
    )
    cp.add_argument(
        "src", help=t(lang, "the database to copy (a file path or a postgresql:// URL)")
    )
    cp.add_argument("dst", help=t(lang, "an empty database (or a file that does not exist yet)"))
    cp.set_defaults(func=_db_copy)

    ls = dbsub.add_parser("list", help=t(lang, "list campaigns (ids for export)"))
    ls.add_argument(
        "--all", action="store_true", help=t(lang, "include finished and archived ones")
    )
    ls.set_defaults(func=_db_list)

    from bot.cli_items import add_item_commands

    add_item_commands(dbsub)


def _db_backup(args: argparse.Namespace) -> int:
    from bot.storage.opener import open_store
    from bot.storage.sqlite import backup_file

    src = database_target(args)

    async def go() -> int:
        if isinstance(src, Path):
            await backup_file(src, args.path, overwrite=args.force)
        else:  # PostgreSQL: pg_dump's custom format (restore with pg_restore)
            async with await open_store(src, create=False) as store:
                await store.backup(args.path, overwrite=args.force)
        print(t(from_environment(), "backed up {src} to {dest}", src=src, dest=args.path))
        return 0

    return storage_call(go)


def _db_check(args: argparse.Namespace) -> int:
    from bot.storage.base import CheckReport
    from bot.storage.opener import open_store
    from bot.storage.sqlite import check_file

    path = database_target(args)

    async def report_of() -> CheckReport:
        if isinstance(path, Path):
            return await check_file(path)
        async with await open_store(path, create=False) as store:
            return await store.check()

    async def go() -> int:
        report = await report_of()
        replay: dict[str, str] = {}
        if args.replay and report.ok:
            replay = await _replay_all(path)
            report.problems.extend(f"campaign {cid}: {why}" for cid, why in replay.items())
        if args.json:
            out = {
                "ok": report.ok,
                "path": report.path,
                "size_bytes": report.size_bytes,
                "schema_version": report.schema_version,
                "supported_version": report.supported_version,
                "journal_mode": report.journal_mode,
                "integrity": report.integrity,
                "counts": report.counts,
                "problems": report.problems,
                "notes": report.notes,
            }
            print(json.dumps(out, indent=2))
        else:
            print(check_text(from_environment(), report))
        return 0 if report.ok else 1

    return storage_call(go)


def grouped(lang: str, n: int) -> str:
    """A count with its thousands grouped as the language groups them ("12,345" /
    "12 345")."""
    return f"{n:,}" if lang == SOURCE else number(lang, n)


def check_text(lang: str, report: Any) -> str:
    """`db check`'s report (a `CheckReport`) for a person, in `lang`. The counts are
    named by their keys, as `--json` names them; a problem or note the storage layer
    wrote is said in `lang` when `bot.cli_words` knows its words."""
    schema = (
        t(lang, "v{version}", version=str(report.schema_version))
        if report.schema_version is not None
        else t(lang, "unknown (the header could not be read)")
    )
    rows = [
        (
            t(lang, "database:"),
            tn(
                lang,
                "{path} ({size} byte)",
                "{path} ({size} bytes)",
                report.size_bytes,
                path=report.path,
                size=grouped(lang, report.size_bytes),
            ),
        ),
        (
            t(lang, "schema:"),
            t(
                lang,
                "{schema} (this Fixer: v{supported})",
                schema=schema,
                supported=str(report.supported_version),
            ),
        ),
        (t(lang, "journal:"), report.journal_mode or t(lang, "unknown")),
        (t(lang, "integrity:"), ", ".join(report.integrity[:3]) or t(lang, "not checked")),
    ]
    lines = labelled(rows, indent="", width=11, gap=1)
    lines += [f"{key + ':':<22} {grouped(lang, value)}" for key, value in report.counts.items()]
    lines += [t(lang, "note: {note}", note=storage_words(lang, n)) for n in report.notes]
    if report.ok:
        lines.append(t(lang, "OK"))
    else:
        lines += [
            t(lang, "PROBLEM: {problem}", problem=storage_words(lang, p)) for p in report.problems
        ]
    return "\n".join(lines)


async def _replay_all(path: str | Path) -> dict[str, str]:
    """Replay every campaign whose game this build knows; {id: what is wrong}."""
    from bot.service.game import GameService
    from bot.storage.opener import open_store

    problems: dict[str, str] = {}
    async with await open_store(path, create=False) as store:
        services: dict[str, GameService[Any, Any] | None] = {}
        for info in await store.list_campaigns(None):
            if info.game not in services:
                adapter = adapter_for(info.game)
                services[info.game] = None if adapter is None else GameService(store, adapter)
            service = services[info.game]
            if service is None:
                print(
                    t(
                        from_environment(),
                        "note: cannot replay {id}: game '{game}' is not in this build",
                        id=info.id,
                        game=info.game,
                    )
                )
                continue
            try:
                if not await service.verify(info.id):
                    problems[info.id] = t(
                        from_environment(), "its log does not replay to its stored state"
                    )
            except Exception as exc:  # a refusal or a parse error: report, go on
                problems[info.id] = t(
                    from_environment(), "replay failed ({error})", error=type(exc).__name__
                )
    return problems


def _db_init(args: argparse.Namespace) -> int:
    from bot.storage.sqlite import init_database

    target = database_target(args)
    if isinstance(target, str):  # a postgresql:// URL
        from bot.storage import pg_init
        from bot.storage.postgres import redact

        async def pg() -> int:
            await pg_init.init_database(target)
            print(
                t(
                    from_environment(),
                    "created the tables of a new, empty Fixer database at {database}",
                    database=redact(target),
                )
            )
            return 0

        return storage_call(pg)
    path = database_path(args)

    async def go() -> int:
        done = await init_database(path)
        said = (
            N_("created a new, empty Fixer database at {database}")
            if done == "created"
            else N_("initialized a new, empty Fixer database at {database}")
        )
        print(t(from_environment(), said, database=path))
        return 0

    return storage_call(go)


def _db_recover(args: argparse.Namespace) -> int:
    from bot.storage.recover import recover_file

    path = database_path(args)

    async def go() -> int:
        report = await recover_file(path, args.dest)
        print(recover_text(from_environment(), report, path, args.dest))
        return 0 if report.ok else 1

    return storage_call(go)


def recover_text(lang: str, report: Any, path: Path, dest: Path) -> str:
    """`db recover`'s report (a `RecoveryReport`) in `lang`: per table the rows copied
    and what could not be read, what was lost, the new database's check, what to do."""
    out = [
        t(
            lang,
            "recovered {path} into {dest} (schema v{version})",
            path=path,
            dest=dest,
            version=str(report.schema_version),
        )
    ]
    for table in report.tables:
        copied = tn(
            lang,
            "{rows} row copied",
            "{rows} rows copied",
            table.copied,
            rows=grouped(lang, table.copied),
        )
        line = f"{table.name + ':':<16} {copied}"
        if table.unreadable:
            line += t(lang, "; could not read {ranges}", ranges=", ".join(table.unreadable[:5]))
        out.append(line)
        for reason, n in table.dropped.items():
            out.append(
                tn(
                    lang,
                    "LOST: {rows} {table} row read but not kept: {reason}",
                    "LOST: {rows} {table} rows read but not kept: {reason}",
                    n,
                    rows=grouped(lang, n),
                    table=table.name,
                    reason=storage_words(lang, reason),
                )
            )
        if table.error:
            out.append(t(lang, "  (SQLite said: {error})", error=table.error))
    for problem in report.campaigns:
        out.append(t(lang, "LOST: campaign {problem}", problem=storage_words(lang, problem)))
    check = report.check
    if check is not None:
        verdict = (
            t(lang, "OK")
            if check.ok
            else tn(lang, "{n} problem", "{n} problems", len(check.problems))
        )
        out.append(t(lang, "check of {dest}: {verdict}", dest=dest, verdict=verdict))
        out += [f"  {storage_words(lang, p)}" for p in check.problems[:20]]
    if report.lost_anything:
        out.append(t(lang, "Some data could not be recovered (LOST above)."))
    else:
        out.append(t(lang, "Everything was recovered."))
    out.append(
        t(
            lang,
            "{path} was not modified. To use the new database: stop the bot, move {path} "
            "(and any -wal/-shm beside it) away, put {dest} in its place, start the bot "
            '(docs/storage.md, "Recovery").',
            path=path,
            dest=dest,
        )
    )
    return "\n".join(out)


def _db_migrate(args: argparse.Namespace) -> int:
    from bot.storage.sqlite import SqliteStore

    target = database_target(args)
    if isinstance(target, str):  # a postgresql:// URL
        from bot.storage import pg_init

        async def pg() -> int:
            print(await pg_init.migrate_database(target, from_environment()))
            return 0

        return storage_call(pg)
    path = database_path(args)

    async def go() -> int:
        lang = from_environment()
        async with await SqliteStore.open(path, create=False) as store:
            if store.migrated_from is None:
                said = t(
                    lang,
                    "{database} is already at schema v{version}",
                    database=path,
                    version=str(store.schema_version),
                )
            else:
                said = t(
                    lang,
                    "migrated {database} from schema v{old} to v{new} (a copy of the old "
                    "file: {copy})",
                    database=path,
                    old=str(store.migrated_from),
                    new=str(store.schema_version),
                    copy=store.pre_migration_backup,
                )
            print(said)
        return 0

    return storage_call(go)


def _db_list(args: argparse.Namespace) -> int:
    from bot.storage.opener import open_store

    path = database_target(args)

    async def go() -> int:
        async with await open_store(path, create=False) as store:
            infos = await store.list_campaigns(None if args.all else "active")
        for i in infos:
            print(
                f"{i.id}\t{i.status}\tv{i.version}\t{i.game}\tguild={i.guild_id}"
                f"\tchannel={i.channel_id}\t{i.name}"
            )
        if not infos:
            print(t(from_environment(), "no campaigns"), file=sys.stderr)
        return 0

    return storage_call(go)


def _db_copy(args: argparse.Namespace) -> int:
    from bot.storage.copy import copy_store
    from bot.storage.opener import database_target as target
    from bot.storage.opener import open_store

    src, dst = target(args.src), target(args.dst)
    if isinstance(src, Path) and not src.exists():
        return fail(t(from_environment(), "There is no database at {path}.\nCheck SRC.", path=src))

    async def go() -> int:
        async with (
            await open_store(src, create=False) as source,
            await open_store(dst) as dest,
        ):
            report = await copy_store(source, dest)
        lang = from_environment()
        for problem in report.problems:
            print(t(lang, "PROBLEM: {problem}", problem=storage_words(lang, problem)))
        shown = getattr(dest, "path", dst)
        verdict = (
            t(lang, "both sides check OK") if report.ok else t(lang, "the check found problems")
        )
        print(
            t(
                lang,
                "copied {campaigns} ({actions}) and {prefs} to {database}; {verdict}",
                campaigns=tn(lang, "{n} campaign", "{n} campaigns", report.campaigns),
                actions=tn(lang, "{n} action", "{n} actions", report.actions),
                prefs=tn(lang, "{n} other preference", "{n} other preferences", report.prefs),
                database=shown,
                verdict=verdict,
            )
        )
        return 0 if report.ok else 1

    return storage_call(go)
