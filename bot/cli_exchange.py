"""`python -m bot db export` / `db import`: one campaign to a JSON file and back (its
log replayed before an import is accepted). Registered by bot/cli_db.py; errors and
messages in the terminal's language."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bot.cli_common import (
    adapter_for,
    database_target,
    fail,
    read_export,
    storage_call,
    write_export,
)
from bot.i18n import N_, from_environment, t, tn


def db_export(args: argparse.Namespace) -> int:
    from bot.storage.opener import open_store

    path = database_target(args)

    async def go() -> int:
        async with await open_store(path, create=False) as store:
            data = await store.export_campaign(args.campaign_id)
        status = write_export(args.file, data.model_dump_json(indent=1) + "\n", force=args.force)
        if status is not None:
            return status
        lang = from_environment()
        print(
            t(
                lang,
                "exported campaign {id} (v{version}, {actions}, {prefs}) to {file}. "
                "It contains players' hands: keep it private.",
                id=args.campaign_id,
                version=str(data.campaign.version),
                actions=tn(lang, "{n} action", "{n} actions", len(data.actions)),
                prefs=tn(
                    lang, "{n} Discord preference", "{n} Discord preferences", len(data.prefs)
                ),
                file=Path(args.file),
            )
        )
        return 0

    return storage_call(go)


def db_import(args: argparse.Namespace) -> int:
    from bot.storage.errors import InvalidExportError
    from bot.storage.opener import open_store
    from bot.storage.sqlite import SqliteStore
    from bot.storage.transfer import CampaignExport

    path = database_target(args)
    if args.guild and not args.channel:
        fail(t(from_environment(), "--guild was given without --channel.\nGive --channel too."))
        return 2
    data = read_export(
        args.file,
        CampaignExport,
        N_(
            "{file} is not a valid Fixer campaign export ({where}).\n"
            "Import a file written by python -m bot db export; nothing was imported."
        ),
    )
    if isinstance(data, int):
        return data
    if not args.no_verify:
        verdict = verify_export(data)
        if verdict is not None:
            return fail(
                t(
                    from_environment(),
                    "{file}: {verdict}.\nNothing was imported; check the file, or pass "
                    "--no-verify to import it anyway.",
                    file=args.file,
                    verdict=verdict,
                )
            )

    async def go() -> int:
        async with await open_store(path) as store:
            # (PostgreSQL checks the export's data-model version itself.)
            if isinstance(store, SqliteStore) and data.schema_version > store.schema_version:
                raise InvalidExportError(
                    t(
                        from_environment(),
                        "{file} comes from a newer Fixer (schema v{version}).\n"
                        "Import it with that version of Fixer or a newer one.",
                        file=args.file,
                        version=str(data.schema_version),
                    )
                )
            info = await store.import_campaign(
                data,
                rebind=args.channel is not None,
                guild_id=args.guild if args.guild else data.campaign.guild_id,
                channel_id=args.channel,
            )
        lang = from_environment()
        print(
            t(
                lang,
                "imported campaign {id} ({name}, v{version}, {prefs}) into {database}, "
                "bound to channel {channel}",
                id=info.id,
                name=repr(info.name),
                version=str(info.version),
                prefs=tn(
                    lang, "{n} Discord preference", "{n} Discord preferences", len(data.prefs)
                ),
                database=path,
                channel=str(info.channel_id),
            )
        )
        return 0

    return storage_call(go)


def verify_export(data: Any) -> str | None:
    """Replay an export's log from its genesis; None if it gives the exported state,
    else what is wrong. Games this build does not know are not checked."""
    from bot.service.game import replay_matches

    adapter = adapter_for(data.campaign.game)
    if adapter is None:
        print(
            t(
                from_environment(),
                "note: game '{game}' is not in this build; the log was not replayed",
                game=data.campaign.game,
            ),
            file=sys.stderr,
        )
        return None
    try:
        ok = replay_matches(
            adapter,
            genesis=json.dumps(data.campaign.genesis),
            actions=[json.dumps(a.action) for a in data.actions],
            state=json.dumps(data.campaign.state),
        )
    except Exception as exc:
        return t(
            from_environment(), "its log cannot be replayed ({error})", error=type(exc).__name__
        )
    if ok:
        return None
    return t(from_environment(), "its log does not replay to its state (edited or damaged?)")
