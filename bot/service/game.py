"""The async game service: the one way a table changes.

    load → check → apply → commit → publish → answer

* **load**: the table's state comes from a bounded LRU cache, or from the store (cold
  tables load on demand; memory does not grow with the number of campaigns).
* **check**: the campaign is active; a retried interaction (same interaction id) is
  answered from the log instead of being applied twice; an action made against an older
  state version (a stale button, a double click) is refused with a reason.
* **apply**: the pure engine, through a `GameAdapter`. An illegal action raises
  `IllegalAction`; nothing changes.
* **commit**: the new state and the action's log row in one transaction. Only then is
  the cache updated, listeners told and the caller answered: a player is never told an
  action succeeded that is not on disk.

Actions on one table are serialized by a per-table asyncio.Lock; different tables run
concurrently (their commits share SQLite's single writer).

**Several processes on one database** (PostgreSQL, `store.shared`): another process may
commit a table this one has cached. The commit is conditional on the version, so a
stale copy can never overwrite a newer state: the losing writer reloads the table and
checks the action again on it, and the player sees its result on the current table or
a refusal that says why, never a silent loss. Cached copies are kept fresh in one of two
ways (`cache_check`, docs/storage.md compares them): `notify` (the default) drops a
table when the database tells of another process's commit (LISTEN/NOTIFY); `read` asks
the database for the table's version before every use of a cached copy. In both, an
action made for a version this process has not seen reloads the table before it is
judged stale. An action runs to its end in
its own task even if the caller is cancelled, so a table is never left half-applied.

Logging: ids, kinds, versions and refusal codes only. States and action payloads hold
players' hands and are never logged, at any level.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from bot.service.cache import LRU, KeyedLocks
from bot.service.contract import Applied, GameAdapter, Listener, Refused, StartupReport
from bot.storage.base import (
    CampaignInfo,
    CampaignStatus,
    LogEntry,
    NewAction,
    NewCampaign,
    Store,
)
from bot.storage.errors import (
    ChannelTakenError,
    DuplicateInteractionError,
    VersionConflictError,
)
from rules.core.errors import IllegalAction
from rules.core.events import Event

log = logging.getLogger("bot.service")

S = TypeVar("S")
A = TypeVar("A")

_EVENTS: TypeAdapter[tuple[Event, ...]] = TypeAdapter(tuple[Event, ...])


@dataclass(slots=True)
class _Entry(Generic[S]):
    state: S
    version: int
    status: CampaignStatus


class _Reload(Exception):
    """The cached copy of the table is older than the database's: reload, try again.
    `conflict`: a commit lost the race to another process's."""

    def __init__(self, *, conflict: bool) -> None:
        super().__init__("reload")
        self.conflict = conflict


#: How a process keeps its cached tables fresh when other processes share the database.
CACHE_CHECKS = ("notify", "read")
# Reloads after a lost commit race before the action is refused as too contended, and
# the most seconds a loser waits (a random part of it, growing with each loss) before
# it tries again, so that it does not lose every race to a process acting in a loop.
MAX_CONFLICTS = 32
CONFLICT_BACKOFF = 0.002


class GameService(Generic[S, A]):
    def __init__(
        self,
        store: Store,
        adapter: GameAdapter[S, A],
        *,
        cache_size: int = 1024,
        cache_check: str = "notify",
    ) -> None:
        if cache_check not in CACHE_CHECKS:
            raise ValueError(f"cache_check must be one of {CACHE_CHECKS}")
        self.store = store
        self.adapter = adapter
        # Only a shared store has other writers to watch for.
        self.cache_check = cache_check if store.shared else "none"
        self._watching = False
        self.conflicts = 0  # lost commit races (reloaded and checked again)
        self.remote_drops = 0  # cached tables dropped for another process's commit
        self._cache: LRU[str, _Entry[S]] = LRU(cache_size)
        self._locks: KeyedLocks[str] = KeyedLocks()
        self._listeners: list[Listener[S]] = []
        self._tasks: set[asyncio.Task[Applied[S]]] = set()

    # ---- lifecycle -------------------------------------------------------------------

    async def start(self, *, warm: bool = True) -> StartupReport:
        """List this game's active tables and load the most recently used ones into the
        cache (checking that their stored states are readable). Other games' campaigns
        in the same database are not this service's: they are neither listed nor read."""
        if self.cache_check == "notify" and not self._watching:
            self._watching = await self.store.watch(self._remote_commit)
        active = await self.store.list_campaigns("active", game=self.adapter.game)
        warmed = 0
        unreadable: list[str] = []
        if warm:
            for info in active[: self._cache.capacity]:
                try:
                    await self.get(info.id)
                    warmed += 1
                except Refused as exc:
                    unreadable.append(info.id)
                    log.error("table %s not resumed: %s", info.id, exc.refusal.code)
        shown = ", ".join(f"{i.id}@v{i.version}" for i in active[:20])
        more = f" and {len(active) - 20} more" if len(active) > 20 else ""
        log.info(
            "resumed %d active %s tables (%d loaded): %s%s",
            len(active),
            self.adapter.game,
            warmed,
            shown,
            more,
        )
        return StartupReport(active=active, warmed=warmed, unreadable=unreadable)

    async def drain(self) -> None:
        """Wait for actions whose callers went away (call before closing the store)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def _remote_commit(self, cid: str | None, version: int) -> None:
        """Another process committed `cid` at `version` (None: forget every table)."""
        if cid is None:
            for key in list(self._cache.keys()):
                self._cache.pop(key)
            return
        entry = self._cache.peek(cid)
        if entry is not None and entry.version <= version:
            self._cache.pop(cid)
            self.remote_drops += 1

    def subscribe(self, listener: Listener[S]) -> None:
        """Call `listener` after each committed action, in commit order per table.

        Listeners run while the table is locked: they must not block (schedule the
        Discord calls as tasks). Their exceptions are logged and swallowed: the action
        is already committed."""
        self._listeners.append(listener)

    # ---- campaigns -------------------------------------------------------------------

    async def create(
        self,
        *,
        campaign_id: str,
        name: str,
        owner: str,
        state: S,
        guild_id: str | None = None,
        channel_id: str | None = None,
    ) -> CampaignInfo:
        """Store a new campaign; `state` (from the engine's new_table) is its genesis.

        A channel holds at most one active campaign of each game: another game's campaign
        in it does not stop this one."""
        version = self.adapter.version(state)
        async with self._locks.hold(campaign_id):
            try:
                info = await self.store.create_campaign(
                    NewCampaign(
                        id=campaign_id,
                        game=self.adapter.game,
                        name=name,
                        owner=owner,
                        guild_id=guild_id,
                        channel_id=channel_id,
                    ),
                    version=version,
                    state=self.adapter.state_to_json(state),
                )
            except ChannelTakenError as exc:
                raise Refused(
                    "channel_taken",
                    "This channel already has an active campaign. Finish or abandon it, "
                    "or start the new one in another channel.",
                ) from exc
            self._cache.put(campaign_id, _Entry(state, version, "active"))
        return info

    async def info(self, campaign_id: str) -> CampaignInfo | None:
        return await self.store.get_info(campaign_id)

    async def for_channel(self, channel_id: str) -> CampaignInfo | None:
        """This game's active campaign bound to this channel, if any."""
        return await self.store.find_active_by_channel(channel_id, self.adapter.game)

    async def get(self, campaign_id: str, *, fresh: bool = False) -> S:
        """The table's current (committed) state. `fresh`: read from the database, not
        the cache (another process may have committed a moment ago)."""
        entry = self._cache.get(campaign_id)
        if entry is not None and self.cache_check != "read" and not fresh:
            return entry.state
        async with self._locks.hold(campaign_id):
            if fresh:
                self._cache.pop(campaign_id)
            return (await self._entry(campaign_id, counted=False)).state

    async def set_status(self, campaign_id: str, status: CampaignStatus) -> CampaignInfo:
        """Finish or archive a campaign (frees its channel), or make it active again."""
        async with self._locks.hold(campaign_id):
            try:
                info = await self.store.set_status(campaign_id, status)
            except ChannelTakenError as exc:
                raise Refused(
                    "channel_taken", "Its channel has another active campaign now."
                ) from exc
            entry = self._cache.get(campaign_id)
            if entry is not None:
                entry.status = status
        return info

    async def move(
        self, campaign_id: str, *, guild_id: str | None, channel_id: str | None
    ) -> CampaignInfo:
        async with self._locks.hold(campaign_id):
            try:
                return await self.store.rebind(
                    campaign_id, guild_id=guild_id, channel_id=channel_id
                )
            except ChannelTakenError as exc:
                raise Refused(
                    "channel_taken", "That channel already has an active campaign."
                ) from exc

    # ---- actions ---------------------------------------------------------------------

    async def act(
        self,
        campaign_id: str,
        action: A,
        *,
        expected_version: int | None = None,
        interaction_id: str | None = None,
    ) -> Applied[S]:
        """Apply `action` to the table and commit it; return once it is on disk.

        `expected_version`: the state version the player saw (from the button's
        custom_id); a different current version refuses the action as stale, unless
        `interaction_id` was already applied, in which case the recorded result is
        returned (a retried Discord interaction is applied once).

        Raises IllegalAction (the rules' refusals and the service's `Refused`) or a
        StorageError (the database failed; nothing changed; `.player_message`).
        """
        if not getattr(self.store, "commits_wait_for_disk", True) and not self._locks.locked(
            campaign_id
        ):
            # The commit is written without leaving the event loop: with the table free,
            # the whole action runs without a suspension point, so a cancellation cannot
            # stop it half-way (or at all), and a task of its own would only cost loop
            # turns. One turn after it, though: a caller acting in a loop must not
            # starve everyone else. (A table not in the cache is loaded first: a caller
            # cancelled during that load cancels the action, which has not started.)
            result = await self._act(campaign_id, action, expected_version, interaction_id)
            await asyncio.sleep(0)
            return result
        task = asyncio.ensure_future(
            self._act(campaign_id, action, expected_version, interaction_id)
        )
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        # The action finishes even if our caller is cancelled (a shut-down handler, a
        # timeout): commit and cache update stay one step under the table's lock.
        return await asyncio.shield(task)

    def _task_done(self, task: asyncio.Task[Applied[S]]) -> None:
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: a caller that went away must not warn

    async def _act(
        self,
        cid: str,
        action: A,
        expected_version: int | None,
        interaction_id: str | None,
    ) -> Applied[S]:
        async with self._locks.hold(cid):
            entry = await self._entry(cid)
            reloaded = False
            conflicts = 0
            while True:
                try:
                    return await self._attempt(
                        cid, entry, action, expected_version, interaction_id, reloaded
                    )
                except _Reload as again:
                    if again.conflict:
                        self.conflicts += 1
                        conflicts += 1
                        if conflicts >= MAX_CONFLICTS:
                            raise Refused(
                                "busy",
                                "The table is changing too fast to save your action. Look "
                                "at the latest board and try again.",
                            ) from None
                        await asyncio.sleep(random.uniform(0, CONFLICT_BACKOFF * conflicts))
                    # Another process wrote this table: read what is on disk and judge
                    # the action again on it.
                    self._cache.pop(cid)
                    entry = await self._entry(cid)
                    reloaded = True

    async def _attempt(
        self,
        cid: str,
        entry: _Entry[S],
        action: A,
        expected_version: int | None,
        interaction_id: str | None,
        reloaded: bool,
    ) -> Applied[S]:
        """One try of the action on `entry` (the table's lock is held). Raises _Reload
        if the cached copy turned out to be older than the database's."""
        adapter = self.adapter
        current = entry.version
        # A retried interaction is answered from the log. One made against the current
        # version cannot have been applied yet (that would have bumped the version), so
        # only the other cases cost a look-up; the unique index on (campaign,
        # interaction id) backs this up at commit.
        if interaction_id is not None and expected_version != current:
            recorded = await self._recorded(cid, interaction_id, entry)
            if recorded is not None:
                return recorded
        if expected_version is not None and expected_version != current:
            if self.store.shared and not reloaded:
                # Perhaps made for a version another process committed that our copy
                # has not caught up with: judge it on what is on disk.
                raise _Reload(conflict=False)
            log.debug("refused campaign=%s code=stale v%d!=v%d", cid, expected_version, current)
            raise Refused.stale(expected_version, current)
        if entry.status != "active":
            raise Refused(
                "campaign_closed",
                f"This campaign is {entry.status}: it takes no more actions.",
            )
        kind = adapter.kind(action)
        try:
            new_state, events = adapter.apply(entry.state, action)
        except IllegalAction as exc:
            if self.store.shared and not reloaded and self.cache_check == "notify":
                # A refusal on a copy that may be a moment old: check it on disk.
                stored = await self.store.stored_version(cid)
                if stored is not None and stored != current:
                    raise _Reload(conflict=False) from None
            log.debug(
                "refused campaign=%s kind=%s code=%s at v%d",
                cid,
                kind,
                exc.refusal.code,
                current,
            )
            raise
        new_version = adapter.version(new_state)
        if new_version != current + 1:
            raise RuntimeError(
                f"the engine moved campaign {cid} from v{current} to v{new_version} "
                f"on a {kind!r}; it must bump the version by exactly one"
            )
        event_tuple = tuple(events)
        run = adapter.last_run(new_state)
        changed_run = run if run != adapter.last_run(entry.state) else None
        finished = adapter.finished(new_state)
        try:
            logged = await self.store.commit_action(
                cid,
                version_before=current,
                version_after=new_version,
                state=adapter.state_to_json(new_state),
                action=NewAction(
                    player=adapter.player(action),
                    kind=kind,
                    action=adapter.action_to_json(action),
                    events=_EVENTS.dump_json(event_tuple).decode(),
                    interaction_id=interaction_id,
                ),
                status="finished" if finished else None,
                run=changed_run,
            )
        except DuplicateInteractionError:
            # Same interaction id, sent again without (or with the same) version.
            recorded = (
                await self._recorded(cid, interaction_id, entry)
                if interaction_id is not None
                else None
            )
            if recorded is None:
                raise
            return recorded
        except VersionConflictError:
            # Someone else wrote this table: our cached copy is stale.
            log.info("campaign %s: version conflict at v%d; reloading", cid, current)
            raise _Reload(conflict=True) from None
        except BaseException:
            # The commit may or may not have happened (I/O error at COMMIT, cancel):
            # forget the cached copy; the next action reloads what is on disk.
            self._cache.pop(cid)
            raise
        entry = _Entry(new_state, new_version, "finished" if finished else entry.status)
        self._cache.put(cid, entry)
        log.debug(
            "applied campaign=%s seq=%d kind=%s v%d->v%d",
            cid,
            logged.seq,
            kind,
            current,
            new_version,
        )
        result = Applied(
            campaign_id=cid,
            seq=logged.seq,
            version=new_version,
            events=event_tuple,
            state=new_state,
        )
        for listener in self._listeners:
            try:
                listener(result)
            except Exception:
                log.exception("a listener failed on campaign %s v%d", cid, new_version)
        return result

    async def _recorded(self, cid: str, interaction_id: str, entry: _Entry[S]) -> Applied[S] | None:
        found: LogEntry | None = await self.store.find_interaction(cid, interaction_id)
        if found is None:
            return None
        log.debug("duplicate interaction on campaign=%s seq=%d", cid, found.seq)
        return Applied(
            campaign_id=cid,
            seq=found.seq,
            version=found.version_after,
            events=_EVENTS.validate_json(found.events),
            state=entry.state,
            duplicate=True,
        )

    async def _entry(self, cid: str, *, counted: bool = True) -> _Entry[S]:
        """The cached entry, or load it. Call with the table's lock held."""
        entry = self._cache.get(cid) if counted else self._cache.peek(cid)
        if entry is not None:
            if self.cache_check != "read":
                return entry
            # The version check on read: one indexed look-up instead of a reload.
            if await self.store.stored_version(cid) == entry.version:
                return entry
            self._cache.pop(cid)
        stored = await self.store.load(cid)
        if stored is None:
            raise Refused("no_campaign", "There is no such campaign (it may have been deleted).")
        info = stored.info
        if info.game != self.adapter.game:
            raise Refused("wrong_game", f"This campaign is a {info.game} campaign.")
        try:
            state = self.adapter.state_from_json(stored.state)
        except (ValidationError, ValueError) as exc:
            # Only where and what kind of error: the values are hidden information.
            where = (
                [".".join(map(str, e["loc"])) + ":" + e["type"] for e in exc.errors()[:5]]
                if isinstance(exc, ValidationError)
                else [type(exc).__name__]
            )
            log.error("campaign %s: stored state v%d is unreadable (%s)", cid, info.version, where)
            raise Refused(
                "table_unreadable",
                "This table's saved state cannot be read by this version of Fixer. Nothing "
                "was changed; the server admin has been told.",
            ) from None
        if self.adapter.version(state) != info.version:
            log.error(
                "campaign %s: row says v%d but its state says v%d",
                cid,
                info.version,
                self.adapter.version(state),
            )
            raise Refused(
                "table_unreadable",
                "This table's saved state is inconsistent. Nothing was changed; the server "
                "admin has been told.",
            )
        entry = _Entry(state, info.version, info.status)
        self._cache.put(cid, entry)
        return entry

    # ---- replay ----------------------------------------------------------------------

    async def replay(self, campaign_id: str, *, upto_seq: int | None = None) -> S:
        """Rebuild the table from its genesis state and its action log."""
        gversion, gstate = await self.store.genesis(campaign_id)
        state = self.adapter.state_from_json(gstate)
        seq = 0
        while True:
            batch = await self.store.read_log(campaign_id, after_seq=seq, limit=500)
            if not batch:
                break
            for e in batch:
                if upto_seq is not None and e.seq > upto_seq:
                    return state
                if e.version_before != self.adapter.version(state):
                    raise RuntimeError(
                        f"campaign {campaign_id}: log seq {e.seq} was applied at "
                        f"v{e.version_before}, replay is at v{self.adapter.version(state)}"
                    )
                state, _ = self.adapter.apply(state, self.adapter.action_from_json(e.action))
                seq = e.seq
        return state

    async def verify(self, campaign_id: str) -> bool:
        """Does the log replay to exactly the stored state?"""
        stored = await self.store.load(campaign_id)
        if stored is None:
            raise Refused("no_campaign", "There is no such campaign.")
        replayed = await self.replay(campaign_id)
        return self.adapter.state_to_json(replayed) == self.adapter.state_to_json(
            self.adapter.state_from_json(stored.state)
        )

    # ---- introspection ---------------------------------------------------------------

    def stats(self) -> dict[str, int]:
        return {
            "cached": len(self._cache),
            "capacity": self._cache.capacity,
            "hits": self._cache.hits,
            "misses": self._cache.misses,
            "evictions": self._cache.evictions,
            "locks": len(self._locks),
            "in_flight": len(self._tasks),
            "conflicts": self.conflicts,
            "remote_drops": self.remote_drops,
        }

    def cached_ids(self) -> list[str]:
        return list(self._cache.keys())

    @property
    def cache_size(self) -> int:
        """How many tables' states are kept in memory (front ends size their own
        per-table caches by it)."""
        return self._cache.capacity


def replay_matches(
    adapter: GameAdapter[S, A], *, genesis: str, actions: Sequence[str], state: str
) -> bool:
    """Does replaying `actions` (JSON) from `genesis` give `state`? (No database: used to
    vet an export file before importing it.)"""
    current = adapter.state_from_json(genesis)
    for data in actions:
        current, _ = adapter.apply(current, adapter.action_from_json(data))
    expected = adapter.state_from_json(state)
    return adapter.state_to_json(current) == adapter.state_to_json(expected)
