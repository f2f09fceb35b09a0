"""`python -m bot db export-items` / `db import-items`: players' saved items (TCG deck
lists …) from one database to another, as a JSON file (bot/storage/items_io.py). A
campaign export carries one campaign; these carry what players keep across campaigns."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from bot.i18n import N_, from_environment, t, tn


def add_item_commands(dbsub: Any) -> None:
    """The two subcommands, under `db` (help texts in the parser's language)."""
    lang = dbsub.lang
    e = dbsub.add_parser(
        "export-items", help=t(lang, "write players' saved items (TCG deck lists …) as JSON")
    )
    e.add_argument("file", help=t(lang, "output file, or - for standard output"))
    e.add_argument("--game", help=t(lang, "only this game's items (e.g. tcg)"))
    e.add_argument("--owner", help=t(lang, "only this player's items (their Discord id)"))
    e.add_argument("--force", action="store_true", help=t(lang, "overwrite FILE if it exists"))
    e.set_defaults(func=_export_items)

    i = dbsub.add_parser(
        "import-items",
        help=t(lang, "add saved items from an export-items file (same names replaced)"),
    )
    i.add_argument("file", type=Path)
    i.set_defaults(func=_import_items)


def _export_items(args: argparse.Namespace) -> int:
    from bot.cli_common import database_target, storage_call, write_export
    from bot.storage.items_io import export_items
    from bot.storage.opener import open_store

    path = database_target(args)

    async def go() -> int:
        async with await open_store(path, create=False) as store:
            data = await export_items(store, int(time.time()), game=args.game, owner=args.owner)
        status = write_export(args.file, data.model_dump_json(indent=1) + "\n", force=args.force)
        if status is not None:
            return status
        lang = from_environment()
        items = tn(lang, "{n} saved item", "{n} saved items", len(data.items))
        print(t(lang, "exported {items} to {file}", items=items, file=Path(args.file)))
        return 0

    return storage_call(go)


def _import_items(args: argparse.Namespace) -> int:
    from bot.cli_common import database_target, read_export, storage_call
    from bot.storage.items_io import ItemsExport, import_items
    from bot.storage.opener import open_store

    path = database_target(args)
    data = read_export(
        args.file,
        ItemsExport,
        N_(
            "{file} is not a Fixer saved-items export ({where}).\n"
            "Import a file written by python -m bot db export-items; nothing was imported."
        ),
    )
    if isinstance(data, int):
        return data

    async def go() -> int:
        async with await open_store(path) as store:
            n = await import_items(store, data)
        lang = from_environment()
        items = tn(lang, "{n} saved item", "{n} saved items", n)
        print(t(lang, "imported {items} into {database}", items=items, database=path))
        return 0

    return storage_call(go)
