"""`python -m bot db init` and `db migrate` for a PostgreSQL URL (the SQLite ones are in
bot/storage/migrations.py and sqlite.py)."""

from __future__ import annotations

from bot.i18n import SOURCE, t
from bot.storage.errors import DatabaseExistsError, DatabaseMissingError, MigrationError
from bot.storage.pg_schema import PG_CURRENT_VERSION
from bot.storage.postgres import PostgresStore, redact


async def init_database(url: str) -> str:
    """Create Fixer's tables in an empty PostgreSQL database ("created"); refuse one
    that has them already (nothing is changed) or someone else's tables."""
    try:
        store = await PostgresStore.open(url, create=False, migrate=False)
    except DatabaseMissingError:
        async with await PostgresStore.open(url, create=True):
            return "created"
    except MigrationError:
        pass  # an older Fixer database: it exists
    else:
        await store.close()
    raise DatabaseExistsError(
        f"There is already a Fixer database at {redact(url)}; nothing was changed.\n"
        "It holds campaigns: to start afresh, use another database (or drop this one)."
    )


async def migrate_database(url: str, lang: str = SOURCE) -> str:
    """Bring a Fixer database on PostgreSQL up to this Fixer's schema; what was done, in
    the operator's language `lang` (the command line's)."""
    async with await PostgresStore.open(url, create=False, migrate=True) as store:
        if store.migrated_from is None:
            return t(
                lang,
                "{database} is already at PostgreSQL schema v{version}",
                database=store.path,
                version=str(PG_CURRENT_VERSION),
            )
        return t(
            lang,
            "migrated {database} from PostgreSQL schema v{old} to v{new} (pg_dump it first "
            "if you want a copy of the old one)",
            database=store.path,
            old=str(store.migrated_from),
            new=str(PG_CURRENT_VERSION),
        )
