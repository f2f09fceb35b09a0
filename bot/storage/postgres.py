"""`Store` on PostgreSQL through asyncpg (a connection pool).

The same contract as `SqliteStore`: a commit is one transaction whose first statement is
``UPDATE campaigns … WHERE id = $1 AND version = $expected``; the row lock it takes orders
concurrent writers of one campaign, and a loser (its expected version is gone once the
winner commits) gets `VersionConflictError` with nothing written. Interaction ids are
unique per campaign (a unique index); the log is append-only (a trigger). Each commit is
answered after PostgreSQL's own COMMIT, i.e. after its WAL fsync (``synchronous_commit``
as the server has it; on by default).

`schema` (tests) puts every table in that PostgreSQL schema instead of ``public``, so
tests cannot see each other's rows.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage import commit_rows as rows_of
from bot.storage import pg_admin, pg_commit, pg_saved
from bot.storage.base import (
    CAMPAIGN_STATUSES,
    CampaignInfo,
    CampaignStatus,
    CheckReport,
    Commit,
    LogEntry,
    Pref,
    RunRecord,
    SavedItem,
    StoredCampaign,
)
from bot.storage.connection import now_ms
from bot.storage.errors import (
    CampaignExistsError,
    CampaignNotFoundError,
    ChannelTakenError,
    DatabaseMissingError,
    DatabaseOpenError,
    DuplicateInteractionError,
    ForeignDatabaseError,
    MigrationError,
    SchemaTooNewError,
    StorageError,
)
from bot.storage.exchange_rows import RUN_COLUMNS, dollar
from bot.storage.inserts import InsertsMixin
from bot.storage.pg_schema import (
    APPLICATION,
    DATA_MODEL_VERSION,
    PG_CURRENT_VERSION,
    PG_MIGRATIONS,
    VERSION_TABLE,
)
from bot.storage.pg_shared import SharedPostgres
from bot.storage.rows import INFO_COLUMNS, LOG_COLUMNS, entry_from_row, info_from_row, list_sql
from bot.storage.transfer import CampaignExport

log = logging.getLogger("bot.storage")

# The log row and the run row of a commit, as SQLite writes them (bot/storage/commit_rows.py).
_INSERT_ACTION = rows_of.insert_action_sql(dollar)
_UPSERT_RUN = rows_of.upsert_run_sql(dollar)

_SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def is_postgres_url(value: str | Path) -> bool:
    return str(value).startswith(("postgresql://", "postgres://"))


def redact(url: str) -> str:
    """The URL without its password (for logs, reports and error texts)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port is not None:
        host += f":{parts.port}"
    user = f"{parts.username}:***@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, parts.query, parts.fragment))


class PostgresStore(SharedPostgres, InsertsMixin):
    """The PostgreSQL implementation of `Store`. Create one with
    `await PostgresStore.open(url)`."""

    # InsertsMixin's hooks (creating and importing a campaign are shared with SQLite).
    _mark = dollar
    _constraint_error = asyncpg.IntegrityConstraintViolationError
    _data_version = DATA_MODEL_VERSION

    def __init__(
        self, url: str, pool: asyncpg.Pool, *, schema: str | None, clock: Callable[[], int]
    ) -> None:
        self.url = url
        self.path = redact(url)  # what reports and messages show
        self.db_schema = schema
        self._pool = pool
        self._clock = clock
        self._closed = False
        self.migrated_from: int | None = None
        self.pre_migration_backup: Path | None = None
        self._shared_init()

    # ---- opening ---------------------------------------------------------------------

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        schema: str | None = None,
        create: bool = True,
        migrate: bool = True,
        clock: Callable[[], int] = now_ms,
        min_size: int = 1,
        max_size: int = 10,
    ) -> PostgresStore:
        """Connect to `url` and bring the schema up to date.

        * `create`: make the tables in an empty database (schema); without it an empty
          one is refused (`python -m bot db init` makes one on purpose).
        * `migrate`: bring an older schema up to date; without it it is refused.
        A database whose tables are someone else's (tables but no ``fixer_schema``) and
        one from a newer Fixer are refused untouched."""
        if schema is not None and not _SCHEMA_NAME.match(schema):
            raise ValueError(f"not a plain PostgreSQL schema name: {schema!r}")
        settings = {"search_path": schema} if schema else {}
        shown = redact(url)
        try:
            pool = await asyncpg.create_pool(
                url, min_size=min_size, max_size=max_size, server_settings=settings
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseOpenError(
                f"Cannot connect to the PostgreSQL database {shown}: {exc}.\n"
                "Check that the server is running and BOT_DATABASE / --database is right."
            ) from exc
        store = cls(url, pool, schema=schema, clock=clock)
        try:
            await store._prepare(create=create, migrate=migrate)
        except BaseException:
            await pool.close()
            raise
        log.info("PostgreSQL database %s open at schema v%d", shown, PG_CURRENT_VERSION)
        return store

    async def _prepare(self, *, create: bool, migrate: bool) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            # One opener at a time migrates (another process may be starting too).
            await conn.execute("SELECT pg_advisory_xact_lock(4605957480)")
            if self.db_schema:
                await conn.execute(f"CREATE SCHEMA IF NOT EXISTS {self.db_schema}")
            have_version = await conn.fetchval("SELECT to_regclass('fixer_schema') IS NOT NULL")
            if have_version:
                row = await conn.fetchrow("SELECT application, version FROM fixer_schema")
                if row is None or row["application"] != APPLICATION:
                    raise ForeignDatabaseError(
                        f"The database {self.path} has a fixer_schema table that is not "
                        "Fixer's. Point BOT_DATABASE at a database of its own."
                    )
                version = int(row["version"])
            else:
                others = await conn.fetchval(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
                )
                if others:
                    raise ForeignDatabaseError(
                        f"The database {self.path} already has tables that are not Fixer's; "
                        "it was left untouched. Use an empty database (or schema)."
                    )
                if not create:
                    raise DatabaseMissingError(
                        f"The PostgreSQL database {self.path} has no Fixer tables.\n"
                        "To create them, run `python -m bot db init`."
                    )
                version = 0
            if version > PG_CURRENT_VERSION:
                raise SchemaTooNewError(
                    f"The database {self.path} is at PostgreSQL schema v{version}, newer than "
                    f"this Fixer (v{PG_CURRENT_VERSION}). Upgrade Fixer; it was left untouched.",
                    found=version,
                    supported=PG_CURRENT_VERSION,
                )
            if version < PG_CURRENT_VERSION and version > 0 and not migrate:
                raise MigrationError(
                    f"The database {self.path} is at schema v{version}; this Fixer needs "
                    f"v{PG_CURRENT_VERSION}. Run `python -m bot db migrate` to upgrade it."
                )
            if version == 0:
                await conn.execute(VERSION_TABLE)
                await conn.execute(
                    "INSERT INTO fixer_schema (application, version) VALUES ($1, 0)", APPLICATION
                )
            for n in range(version, PG_CURRENT_VERSION):
                await conn.execute(PG_MIGRATIONS[n])
                await conn.execute("UPDATE fixer_schema SET version = $1", n + 1)
            if 0 < version < PG_CURRENT_VERSION:
                self.migrated_from = version

    @property
    def schema_version(self) -> int:
        return PG_CURRENT_VERSION

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._close_shared()
        await self._pool.close()

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---- helpers ---------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _conn(self, doing: str) -> AsyncIterator[asyncpg.Connection]:
        if self._closed:
            raise StorageError(f"The database {self.path} is closed.")
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except (StorageError, asyncpg.IntegrityConstraintViolationError):
            raise
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise StorageError(
                f"PostgreSQL failed while {doing} ({self.path}): {exc}",
            ) from exc

    @contextlib.asynccontextmanager
    async def _tx(self, doing: str) -> AsyncIterator[asyncpg.Connection]:
        async with self._conn(doing) as conn, conn.transaction():
            yield conn

    def _transaction(self, doing: str) -> AbstractAsyncContextManager[asyncpg.Connection]:
        return self._tx(doing)

    def _integrity(
        self, exc: asyncpg.IntegrityConstraintViolationError, cid: str, channel: str | None
    ) -> StorageError:
        name = getattr(exc, "constraint_name", None) or ""
        if name == "campaigns_active_channel":
            return ChannelTakenError(
                f"The channel {channel or 'of campaign ' + cid} already has an active "
                "campaign of the same game."
            )
        if name in ("campaigns_pkey", "genesis_pkey"):
            return CampaignExistsError(f"A campaign with id {cid} already exists.")
        if name == "actions_interaction":
            return DuplicateInteractionError(
                f"Campaign {cid}: this interaction is already in the log."
            )
        return StorageError(f"Campaign {cid}: constraint failed ({exc}).")

    # ---- campaigns -------------------------------------------------------------------

    async def _fetchrow(self, sql: str, *args: Any, doing: str) -> Any:
        async with self._conn(doing) as conn:
            return await conn.fetchrow(sql, *args)

    async def _fetch(self, sql: str, *args: Any, doing: str) -> list[Any]:
        async with self._conn(doing) as conn:
            return list(await conn.fetch(sql, *args))

    async def load(self, campaign_id: str) -> StoredCampaign | None:
        row = await self._fetchrow(
            f"SELECT {INFO_COLUMNS}, state FROM campaigns WHERE id = $1",
            campaign_id,
            doing=f"loading campaign {campaign_id}",
        )
        return None if row is None else StoredCampaign(info=info_from_row(row), state=row[10])

    async def get_info(self, campaign_id: str) -> CampaignInfo | None:
        row = await self._fetchrow(
            f"SELECT {INFO_COLUMNS} FROM campaigns WHERE id = $1",
            campaign_id,
            doing=f"reading campaign {campaign_id}",
        )
        return None if row is None else info_from_row(row)

    async def find_active_by_channel(self, channel_id: str, game: str) -> CampaignInfo | None:
        row = await self._fetchrow(
            f"SELECT {INFO_COLUMNS} FROM campaigns"
            " WHERE channel_id = $1 AND game = $2 AND status = 'active'",
            channel_id,
            game,
            doing=f"looking up the {game} campaign of channel {channel_id}",
        )
        return None if row is None else info_from_row(row)

    async def _list_campaigns(
        self, status: CampaignStatus | None, game: str | None, limit: int | None
    ) -> list[CampaignInfo]:
        # COLLATE "C": the same order of ids as SQLite's byte order.
        sql, params = list_sql(status, game, limit, dollar, id_order='id COLLATE "C"')
        rows = await self._fetch(sql, *params, doing="listing campaigns")
        return [info_from_row(r) for r in rows]

    async def _update_info(
        self, sql: str, *args: Any, cid: str, channel: str | None, doing: str
    ) -> CampaignInfo:
        try:
            row = await self._fetchrow(sql + f" RETURNING {INFO_COLUMNS}", *args, doing=doing)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise self._integrity(exc, cid, channel) from exc
        if row is None:
            raise CampaignNotFoundError(f"There is no campaign {cid}.")
        return info_from_row(row)

    async def set_status(self, campaign_id: str, status: CampaignStatus) -> CampaignInfo:
        if status not in CAMPAIGN_STATUSES:
            raise ValueError(f"unknown status {status!r}")
        info = await self._update_info(
            "UPDATE campaigns SET status = $1, updated_at = $2 WHERE id = $3",
            status,
            self._clock(),
            campaign_id,
            cid=campaign_id,
            channel=None,
            doing=f"changing the status of campaign {campaign_id}",
        )
        log.info("campaign %s is now %s", campaign_id, status)
        self.announce(campaign_id, info.version)
        return info

    async def rebind(
        self, campaign_id: str, *, guild_id: str | None, channel_id: str | None
    ) -> CampaignInfo:
        return await self._update_info(
            "UPDATE campaigns SET guild_id = $1, channel_id = $2, updated_at = $3 WHERE id = $4",
            guild_id,
            channel_id,
            self._clock(),
            campaign_id,
            cid=campaign_id,
            channel=channel_id,
            doing=f"moving campaign {campaign_id}",
        )

    # ---- actions ---------------------------------------------------------------------

    async def _commit_action(self, c: Commit) -> LogEntry:
        # Shielded: once sent, the transaction finishes (or fails) as a whole even if
        # the caller is cancelled, so the pool connection is never left mid-transaction.
        return await asyncio.shield(self._commit(c))

    async def _commit(self, c: Commit) -> LogEntry:
        now = self._clock()
        if c.run is None:
            # No run changes: one statement, one round trip (bot/storage/pg_commit.py).
            return await pg_commit.commit(self, c, now)
        cid = c.campaign_id
        try:
            async with self._tx(f"saving an action on campaign {cid}") as conn:
                # The row lock taken here orders concurrent writers of this campaign; a
                # waiter re-reads the row after the winner commits and no longer matches.
                moved = await conn.fetchval(
                    "UPDATE campaigns SET state = $1, version = $2, updated_at = $3,"
                    " status = coalesce($4, status) WHERE id = $5 AND version = $6"
                    " AND status = 'active'"  # closed by another process: reload, refuse
                    " RETURNING (SELECT coalesce(max(seq), 0) + 1 FROM actions"
                    " WHERE campaign_id = $5)",
                    *rows_of.update_params(c, now),
                )
                if moved is None:
                    stored = await conn.fetchval("SELECT version FROM campaigns WHERE id = $1", cid)
                    raise rows_of.not_moved(cid, stored, c.version_before)
                entry = rows_of.log_entry_of(c, int(moved), now)
                await conn.execute(_INSERT_ACTION, *rows_of.insert_params(entry))
                await conn.execute(_UPSERT_RUN, *rows_of.run_params(c, now))
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise self._integrity(exc, cid, None) from exc
        self.announce(cid, c.version_after)  # other processes drop their cached copy
        return entry

    async def find_interaction(self, campaign_id: str, interaction_id: str) -> LogEntry | None:
        row = await self._fetchrow(
            f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = $1 AND interaction_id = $2",
            campaign_id,
            interaction_id,
            doing=f"looking up an interaction on campaign {campaign_id}",
        )
        return None if row is None else entry_from_row(row)

    async def read_log(
        self, campaign_id: str, *, after_seq: int = 0, limit: int | None = None
    ) -> list[LogEntry]:
        sql = f"SELECT {LOG_COLUMNS} FROM actions WHERE campaign_id = $1 AND seq > $2 ORDER BY seq"
        params: list[Any] = [campaign_id, after_seq]
        if limit is not None:
            sql += " LIMIT $3"
            params.append(limit)
        rows = await self._fetch(sql, *params, doing=f"reading the log of campaign {campaign_id}")
        return [entry_from_row(r) for r in rows]

    async def genesis(self, campaign_id: str) -> tuple[int, str]:
        row = await self._fetchrow(
            "SELECT version, state FROM genesis WHERE campaign_id = $1",
            campaign_id,
            doing=f"reading the genesis of campaign {campaign_id}",
        )
        if row is None:
            raise CampaignNotFoundError(f"There is no campaign {campaign_id}.")
        return int(row[0]), str(row[1])

    async def list_runs(self, campaign_id: str) -> list[RunRecord]:
        rows = await self._fetch(
            f"SELECT {RUN_COLUMNS} FROM runs WHERE campaign_id = $1 ORDER BY number",
            campaign_id,
            doing=f"reading the runs of campaign {campaign_id}",
        )
        return [RunRecord(*r) for r in rows]

    # ---- preferences -----------------------------------------------------------------

    # ---- saved items (bot/storage/pg_saved.py) ---------------------------------------

    async def save_item(self, item: SavedItem) -> None:
        await pg_saved.save_item(self, item)

    async def list_items(self, game: str, kind: str, owner: str) -> list[SavedItem]:
        return await pg_saved.list_items(self, game, kind, owner)

    async def load_item(self, game: str, kind: str, owner: str, name: str) -> SavedItem | None:
        return await pg_saved.load_item(self, game, kind, owner, name)

    async def delete_item(self, game: str, kind: str, owner: str, name: str) -> bool:
        return await pg_saved.delete_item(self, game, kind, owner, name)

    async def all_items(self) -> list[SavedItem]:
        return await pg_saved.all_items(self)

    async def load_prefs(self) -> list[Pref]:
        rows = await self._fetch(
            "SELECT campaign_id, key, value FROM campaign_prefs"
            " UNION ALL SELECT NULL, key, value FROM prefs",
            doing="reading the preferences",
        )
        return [Pref(campaign_id=r[0], key=str(r[1]), value=str(r[2])) for r in rows]

    async def save_prefs(self, changes: Sequence[Pref]) -> int:
        last: dict[tuple[str | None, str], str | None] = {}
        for p in changes:
            last[(p.campaign_id, p.key)] = p.value
        if not last:
            return 0
        now = self._clock()
        skipped = 0
        try:
            async with self._tx("saving the preferences") as conn:
                for (cid, key), value in last.items():
                    if cid is None and value is None:
                        await conn.execute("DELETE FROM prefs WHERE key = $1", key)
                    elif cid is None:
                        await conn.execute(
                            "INSERT INTO prefs (key, value, updated_at) VALUES ($1, $2, $3)"
                            " ON CONFLICT (key) DO UPDATE SET"
                            " value = excluded.value, updated_at = excluded.updated_at",
                            key,
                            value,
                            now,
                        )
                    elif value is None:
                        await conn.execute(
                            "DELETE FROM campaign_prefs WHERE campaign_id = $1 AND key = $2",
                            cid,
                            key,
                        )
                    else:
                        done = await conn.execute(
                            "INSERT INTO campaign_prefs (campaign_id, key, value, updated_at)"
                            " SELECT $1, $2, $3, $4 WHERE EXISTS"
                            " (SELECT 1 FROM campaigns WHERE id = $1)"
                            " ON CONFLICT (campaign_id, key) DO UPDATE SET"
                            " value = excluded.value, updated_at = excluded.updated_at",
                            cid,
                            key,
                            value,
                            now,
                        )
                        if done.endswith(" 0"):
                            skipped += 1
        except (asyncpg.DataError, asyncpg.IntegrityConstraintViolationError) as exc:
            raise StorageError(
                f"Saving the preferences failed: a value is not valid JSON ({exc})."
            ) from exc
        return skipped

    # ---- administration --------------------------------------------------------------

    async def export_campaign(self, campaign_id: str) -> CampaignExport:
        return await pg_admin.export_campaign(self, campaign_id)

    async def backup(self, dest: str | Path, *, overwrite: bool = False) -> None:
        return await pg_admin.backup(self, dest, overwrite=overwrite)

    async def check(self) -> CheckReport:
        return await pg_admin.check(self)
