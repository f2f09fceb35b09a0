"""What several bot processes on one PostgreSQL share besides the game state.

`PostgresStore` inherits `SharedPostgres`; the game service and the shared Discord layer
use it through the `Store` methods of the same names (bot/storage/base.py), whose
single-process defaults are what SQLite uses.

* **Commits of other processes** (`watch`). After each commit, a NOTIFY on the
  database's channel says ``<origin> <campaign id> <version>`` (one line per commit).
  Not in the commit's own transaction: PostgreSQL serializes the commits of
  transactions that notify (a lock on the notification queue held through the commit),
  which would undo the group commit of concurrent actions; so the commits of one loop
  turn are announced together, by one small transaction that does not wait for its
  fsync (a notification is no data: lost in a crash, its listeners' connections drop
  too). A process listens on one dedicated connection and tells its services, which
  drop the table from their caches. If that connection drops, notifications may have
  been missed: the services are told to forget every cached table (`None`), and it
  reconnects. Meanwhile a copy may be a moment old; the version-checked commit makes
  that safe (the service reloads). `stored_version` is the other way: a version check
  on every read (docs/storage.md compares the two).
* **Timers** (`arm_timer`, `claim_timer`, `finish_timer`, `clear_timer`,
  `claim_overdue`): a table's deadline and reminder series are rows; the process that
  fires one first claims it (an UPDATE that only one process can win), and a claim runs
  out after `lease` seconds, so a timer whose process died is taken over by another.
* **Publishing** (`table_lock`, `mark_published`): a cross-process lock per table (a
  PostgreSQL advisory lock) held while a public update is posted, and the newest
  version posted, so an update that comes out after a newer one is followed by the
  board again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncpg

from bot.storage.base import TimerRow

log = logging.getLogger("bot.storage")

# Seconds before a claim on a timer runs out (the claiming process is then presumed
# dead and another one may fire it). Firing a timer takes one commit and a post.
LEASE = 30.0
# Connections kept for the publish locks: one is held while a table's update is posted
# to Discord, so they are a pool of their own and never starve the commits.
LOCK_POOL = 8

Watcher = Callable[[str | None, int], None]
# A NOTIFY payload must be shorter than 8000 bytes.
NOTIFY_MAX = 7900


def notify_channel(schema: str | None) -> str:
    """The NOTIFY channel of one Fixer data set (a schema of its own in the tests)."""
    return f"fixer_commits_{schema or 'public'}"


class SharedPostgres:
    """The multi-process half of `PostgresStore` (a mixin: it uses the store's pool,
    URL and schema)."""

    url: str
    db_schema: str | None
    _pool: asyncpg.Pool
    # PostgresStore's: a pool connection, its errors as StorageError.
    _conn: Callable[[str], contextlib.AbstractAsyncContextManager[asyncpg.Connection]]

    shared = True

    def _shared_init(self) -> None:
        # Tells this process's own notifications from other processes'.
        self.origin = secrets.token_hex(8)
        self.channel = notify_channel(self.db_schema)
        self._watchers: list[Watcher] = []
        self._listen: asyncpg.Connection | None = None
        self._listen_task: asyncio.Task[None] | None = None
        self._lock_pool: asyncpg.Pool | None = None
        self._lock_pool_opening: asyncio.Lock | None = None
        self._stopping = False
        self._pending: list[str] = []
        self._announcing: asyncio.Task[None] | None = None

    def _settings(self) -> dict[str, str]:
        return {"search_path": self.db_schema} if self.db_schema else {}

    # ---- other processes' commits -------------------------------------------------------

    async def watch(self, callback: Watcher) -> bool:
        """Call `callback(campaign_id, version)` for each commit by another process
        (`None`: forget everything, some may have been missed)."""
        self._watchers.append(callback)
        if self._listen is None and self._listen_task is None:
            await self._connect_listener()
        return True

    async def _connect_listener(self) -> None:
        conn = await asyncpg.connect(self.url, server_settings=self._settings())
        await conn.add_listener(self.channel, self._notified)
        conn.add_termination_listener(self._listener_lost)
        self._listen = conn

    def announce(self, campaign_id: str, version: int) -> None:
        """Tell the other processes (soon, with the commits of this loop turn) that
        `campaign_id` is at `version` now."""
        self._pending.append(f"{self.origin} {campaign_id} {version}")
        if self._announcing is None or self._announcing.done():
            self._announcing = asyncio.ensure_future(self._announce())

    async def _announce(self) -> None:
        await asyncio.sleep(0)  # the commits finishing in this loop turn come along
        while self._pending and not self._stopping:
            batch: list[str] = []
            size = 0
            while self._pending and size + len(self._pending[0]) < NOTIFY_MAX:
                line = self._pending.pop(0)
                batch.append(line)
                size += len(line) + 1
            try:
                async with self._pool.acquire() as conn, conn.transaction():
                    await conn.execute("SET LOCAL synchronous_commit TO off")
                    await conn.execute("SELECT pg_notify($1, $2)", self.channel, "\n".join(batch))
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
                # Not told: the others' copies stay until they reload on a conflict
                # (or their version check on read sees it).
                log.warning("could not tell other processes of %d commits: %s", len(batch), exc)

    def _notified(self, conn: Any, pid: int, channel: str, payload: str) -> None:
        for line in payload.split("\n"):
            origin, _, rest = line.partition(" ")
            if origin == self.origin:
                continue
            cid, _, version = rest.rpartition(" ")
            for watcher in list(self._watchers):
                try:
                    watcher(cid, int(version))
                except Exception:
                    log.exception("a commit watcher failed")

    def _listener_lost(self, conn: Any) -> None:
        if self._stopping:
            return
        self._listen = None
        log.warning("lost the PostgreSQL notification connection; caches dropped, reconnecting")
        self._forget_all()
        self._listen_task = asyncio.ensure_future(self._relisten())

    def _forget_all(self) -> None:
        for watcher in list(self._watchers):
            with contextlib.suppress(Exception):
                watcher(None, 0)

    async def _relisten(self) -> None:
        delay = 0.5
        while not self._stopping:
            try:
                await self._connect_listener()
                # What was committed while we were away: not notified, so forgotten.
                self._forget_all()
                self._listen_task = None
                return
            except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)

    async def stored_version(self, campaign_id: str) -> int | None:
        async with self._conn("coordinating with other processes") as conn:
            value = await conn.fetchval("SELECT version FROM campaigns WHERE id = $1", campaign_id)
        return None if value is None else int(value)

    async def _close_shared(self) -> None:
        if self._announcing is not None and not self._announcing.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._announcing, 2.0)
        self._stopping = True
        if self._listen_task is not None:
            self._listen_task.cancel()
        if self._listen is not None:
            with contextlib.suppress(Exception):
                await self._listen.close()
        if self._lock_pool is not None:
            await self._lock_pool.close()

    # ---- publishing ----------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def table_lock(self, name: str) -> AsyncIterator[None]:
        """Held by one process at a time (a session advisory lock on its own pool)."""
        pool = await self._locks()
        async with pool.acquire() as conn:
            key = f"{self.channel}:{name}"
            await conn.execute("SELECT pg_advisory_lock(hashtext($1))", key)
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock(hashtext($1))", key)

    async def _locks(self) -> asyncpg.Pool:
        if self._lock_pool is None:
            if self._lock_pool_opening is None:
                self._lock_pool_opening = asyncio.Lock()
            async with self._lock_pool_opening:
                if self._lock_pool is None:
                    self._lock_pool = await asyncpg.create_pool(
                        self.url, min_size=1, max_size=LOCK_POOL, server_settings=self._settings()
                    )
        return self._lock_pool

    async def mark_published(self, campaign_id: str, version: int) -> int:
        """Record that `version` of the table is being posted; the newest version
        posted before (-1 if none; a newer one than `version` stays recorded)."""
        async with (
            self._conn("coordinating with other processes") as conn,
            conn.transaction(),
        ):
            old = await conn.fetchval(
                "SELECT version FROM published WHERE campaign_id = $1 FOR UPDATE", campaign_id
            )
            await conn.execute(
                "INSERT INTO published (campaign_id, version)"
                " SELECT $1, $2 WHERE EXISTS (SELECT 1 FROM campaigns WHERE id = $1)"
                " ON CONFLICT (campaign_id) DO UPDATE"
                " SET version = greatest(published.version, excluded.version)",
                campaign_id,
                version,
            )
        return -1 if old is None else int(old)

    # ---- timers ----------------------------------------------------------------------

    async def arm_timer(self, row: TimerRow) -> TimerRow:
        """Store the table's `row.kind` timer unless the same situation (`key`) is
        already timed, and return what is stored: the first process to arm a situation
        sets its deadline; one arming from an older state version changes nothing."""
        async with self._conn("coordinating with other processes") as conn:
            stored = await conn.fetchrow(
                "INSERT INTO timers (campaign_id, game, kind, key, version, due_at, number)"
                " SELECT $1, $2, $3, $4, $5, $6, $7"
                " WHERE EXISTS (SELECT 1 FROM campaigns WHERE id = $1)"
                " ON CONFLICT (campaign_id, kind) DO UPDATE SET key = excluded.key,"
                " version = excluded.version, due_at = excluded.due_at,"
                " number = excluded.number, claimed_by = NULL, claim_until = NULL"
                " WHERE timers.key <> excluded.key AND timers.version <= excluded.version"
                " RETURNING key, version, due_at, number",
                row.campaign_id,
                row.game,
                row.kind,
                row.key,
                row.version,
                row.due_at,
                row.number,
            )
            if stored is None:
                stored = await conn.fetchrow(
                    "SELECT key, version, due_at, number FROM timers"
                    " WHERE campaign_id = $1 AND kind = $2",
                    row.campaign_id,
                    row.kind,
                )
        if stored is None:  # the campaign is gone
            return row
        return TimerRow(
            row.campaign_id,
            row.game,
            row.kind,
            str(stored[0]),
            int(stored[1]),
            float(stored[2]),
            int(stored[3]),
        )

    async def claim_timer(
        self, campaign_id: str, kind: str, key: str, *, now: float, lease: float = LEASE
    ) -> TimerRow | None:
        """Claim the timer to fire it now: None if it is not this situation's any more,
        not due, or claimed by another process whose claim still runs (this process's
        own claim, from `claim_overdue`, is renewed)."""
        async with self._conn("coordinating with other processes") as conn:
            row = await conn.fetchrow(
                "UPDATE timers SET claimed_by = $4, claim_until = $5::float8 + $6::float8"
                " WHERE campaign_id = $1 AND kind = $2 AND key = $3 AND due_at <= $5::float8"
                " AND (claimed_by IS NULL OR claimed_by = $4 OR claim_until < $5)"
                " RETURNING campaign_id, game, kind, key, version, due_at, number",
                campaign_id,
                kind,
                key,
                self.origin,
                now,
                lease,
            )
        return None if row is None else TimerRow(*row)

    async def claim_overdue(
        self, game: str, *, now: float, grace: float, lease: float = LEASE, limit: int = 20
    ) -> list[TimerRow]:
        """Claim timers of `game` due more than `grace` seconds ago that nobody fires
        (never claimed: the process that armed them died before; or claimed by a
        process whose claim ran out)."""
        async with self._conn("coordinating with other processes") as conn:
            rows = await conn.fetch(
                "UPDATE timers SET claimed_by = $2, claim_until = $3::float8 + $5::float8"
                " WHERE (campaign_id, kind) IN (SELECT campaign_id, kind FROM timers"
                " WHERE game = $1 AND due_at <= $3::float8 - $4::float8"
                " AND (claimed_by IS NULL OR claim_until < $3::float8)"
                " ORDER BY due_at LIMIT $6 FOR UPDATE SKIP LOCKED)"
                " RETURNING campaign_id, game, kind, key, version, due_at, number",
                game,
                self.origin,
                now,
                grace,
                lease,
                limit,
            )
        return [TimerRow(*r) for r in rows]

    async def finish_timer(
        self, campaign_id: str, kind: str, key: str, *, next_due: float | None = None
    ) -> None:
        """The claimed timer fired: drop it, or (a reminder series) release it with
        its next deadline and number."""
        async with self._conn("coordinating with other processes") as conn:
            if next_due is None:
                await conn.execute(
                    "DELETE FROM timers WHERE campaign_id = $1 AND kind = $2 AND key = $3"
                    " AND claimed_by = $4",
                    campaign_id,
                    kind,
                    key,
                    self.origin,
                )
            else:
                await conn.execute(
                    "UPDATE timers SET due_at = $5, number = number + 1, claimed_by = NULL,"
                    " claim_until = NULL WHERE campaign_id = $1 AND kind = $2 AND key = $3"
                    " AND claimed_by = $4",
                    campaign_id,
                    kind,
                    key,
                    self.origin,
                    next_due,
                )

    async def clear_timer(self, campaign_id: str, kind: str, key: str) -> None:
        """The situation `key` is over: its timer goes (a newer situation's stays)."""
        async with self._conn("coordinating with other processes") as conn:
            await conn.execute(
                "DELETE FROM timers WHERE campaign_id = $1 AND kind = $2 AND key = $3",
                campaign_id,
                kind,
                key,
            )
