"""The storage interface: what the game service needs from a database.

`Store` is an abstract base class; `bot.storage.sqlite.SqliteStore` and
`bot.storage.postgres.PostgresStore` implement it. Nothing above this layer (the
service, cogs, rules) touches SQL.

States, actions and events cross this interface as JSON text: the store never parses or
validates game state (the service's game adapter does) and never logs it (it contains
players' hands).
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Self

from bot.storage.transfer import CampaignExport

CampaignStatus = Literal["active", "finished", "archived"]
CAMPAIGN_STATUSES: tuple[CampaignStatus, ...] = ("active", "finished", "archived")


@dataclass(frozen=True, slots=True)
class NewCampaign:
    """What is known about a campaign when it is created (its state is passed apart)."""

    id: str
    game: str
    name: str
    owner: str
    guild_id: str | None = None
    channel_id: str | None = None


@dataclass(frozen=True, slots=True)
class CampaignInfo:
    """A campaign's metadata row: cheap to list, carries no game state."""

    id: str
    game: str
    name: str
    owner: str
    guild_id: str | None
    channel_id: str | None
    status: CampaignStatus
    version: int
    created_at: int  # milliseconds since the Unix epoch, UTC
    updated_at: int


@dataclass(frozen=True, slots=True)
class StoredCampaign:
    info: CampaignInfo
    state: str  # the engine state as JSON


@dataclass(frozen=True, slots=True)
class RunInfo:
    """The latest run of a campaign as the game adapter reports it.

    `label` says what is being played, in the game's own terms (a Legends scenario id, a
    match, a scheme): the house never interprets it. `status` is "active" while it is
    played, else its outcome ("complete", …).
    """

    number: int
    label: str
    status: str


@dataclass(frozen=True, slots=True)
class RunRecord:
    """A run as stored (`runs` table): `label` as the adapter reported it."""

    number: int
    label: str
    status: str
    started_version: int | None  # None for a run that began before schema v3
    ended_version: int | None
    started_at: int | None
    ended_at: int | None


@dataclass(frozen=True, slots=True)
class NewAction:
    """One accepted action, as the service hands it to `commit_action`."""

    player: str
    kind: str
    action: str  # JSON
    events: str  # JSON array of the events it produced
    interaction_id: str | None = None


@dataclass(frozen=True, slots=True)
class Commit:
    """One `Store.commit_action`, as every backend writes it: the campaign moves from
    `version_before` to `version_after` with `state`, `action` is appended to its log,
    and `status` and `run` (None: unchanged) are set."""

    campaign_id: str
    version_before: int
    version_after: int
    state: str
    action: NewAction
    status: CampaignStatus | None = None
    run: RunInfo | None = None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One row of the append-only action log."""

    campaign_id: str
    seq: int  # 1, 2, 3, … per campaign
    version_before: int  # the state version the action was applied to
    player: str
    kind: str
    action: str  # JSON
    events: str  # JSON
    interaction_id: str | None
    created_at: int

    @property
    def version_after(self) -> int:
        return self.version_before + 1


@dataclass(frozen=True, slots=True)
class Pref:
    """One Discord-side preference (not game state): a JSON value under a key, either of
    a campaign (it goes with the campaign) or, with `campaign_id` None, of no campaign.

    In `Store.save_prefs`, a `value` of None deletes the preference.
    """

    campaign_id: str | None
    key: str
    value: str | None  # JSON


@dataclass(frozen=True, slots=True)
class SavedItem:
    """Something a player keeps across campaigns (a deck list): game-neutral, keyed by
    game, kind, owner and name (names compare case-insensitively); `body` is JSON."""

    game: str
    kind: str
    owner: str
    name: str
    body: str
    updated_at: int = 0


@dataclass(frozen=True, slots=True)
class TimerRow:
    """A table's timer in a database several processes share: `kind` is "deadline" or
    "reminder", `key` (JSON) names the situation it times, `version` the state version
    that armed it, `due_at` Unix seconds, `number` the reminder's number."""

    campaign_id: str
    game: str
    kind: str
    key: str
    version: int
    due_at: float
    number: int = 1


@dataclass
class CheckReport:
    """What `db check` found. `ok` is False if anything needs an admin's attention."""

    path: str
    size_bytes: int = 0
    schema_version: int | None = None
    supported_version: int = 0
    application_id_ok: bool = False
    journal_mode: str | None = None
    integrity: list[str] = field(default_factory=list)  # "ok" or SQLite's messages
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # worth knowing, nothing wrong
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems


class Store(ABC):
    """A durable home for campaigns, their runs and their action logs.

    Guarantees every implementation must give:

    * `commit_action` writes the new state and its log row atomically (both or neither),
      and only if the stored version is still `version_before`.
    * the action log is append-only, and `(campaign_id, interaction_id)` is unique.
    * a committed write survives the process being killed at any instant.
    """

    @property
    @abstractmethod
    def schema_version(self) -> int: ...

    @abstractmethod
    async def close(self) -> None: ...

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ---- campaigns -------------------------------------------------------------------

    @abstractmethod
    async def create_campaign(
        self, campaign: NewCampaign, *, version: int, state: str
    ) -> CampaignInfo:
        """Store a new campaign; `state` is also kept as its genesis (replay start)."""

    @abstractmethod
    async def load(self, campaign_id: str) -> StoredCampaign | None: ...

    @abstractmethod
    async def get_info(self, campaign_id: str) -> CampaignInfo | None: ...

    @abstractmethod
    async def find_active_by_channel(self, channel_id: str, game: str) -> CampaignInfo | None:
        """The active campaign of `game` bound to this channel (each game has at most one
        per channel; other games' campaigns in it are not seen)."""

    async def list_campaigns(
        self,
        status: CampaignStatus | None = "active",
        *,
        game: str | None = None,
        limit: int | None = None,
    ) -> list[CampaignInfo]:
        """Campaigns with that status (None: all) of that game (None: every game, for the
        admin commands), most recently updated first."""
        return await self._list_campaigns(status, game, limit)

    @abstractmethod
    async def _list_campaigns(
        self, status: CampaignStatus | None, game: str | None, limit: int | None
    ) -> list[CampaignInfo]:
        """`list_campaigns`, the backend's way (`bot.storage.rows.list_sql`)."""

    @abstractmethod
    async def set_status(self, campaign_id: str, status: CampaignStatus) -> CampaignInfo: ...

    @abstractmethod
    async def rebind(
        self, campaign_id: str, *, guild_id: str | None, channel_id: str | None
    ) -> CampaignInfo: ...

    # ---- actions ---------------------------------------------------------------------

    async def commit_action(
        self,
        campaign_id: str,
        *,
        version_before: int,
        version_after: int,
        state: str,
        action: NewAction,
        status: CampaignStatus | None = None,
        run: RunInfo | None = None,
    ) -> LogEntry:
        """Atomically: check the stored version, write the state, append the log row,
        update the status and the run. Raises VersionConflictError,
        DuplicateInteractionError or another StorageError; then nothing was written."""
        return await self._commit_action(
            Commit(campaign_id, version_before, version_after, state, action, status, run)
        )

    @abstractmethod
    async def _commit_action(self, c: Commit) -> LogEntry:
        """`commit_action`, the backend's way."""

    @abstractmethod
    async def find_interaction(self, campaign_id: str, interaction_id: str) -> LogEntry | None: ...

    @abstractmethod
    async def read_log(
        self, campaign_id: str, *, after_seq: int = 0, limit: int | None = None
    ) -> list[LogEntry]: ...

    @abstractmethod
    async def genesis(self, campaign_id: str) -> tuple[int, str]:
        """(version, state JSON) the campaign was created with."""

    @abstractmethod
    async def list_runs(self, campaign_id: str) -> list[RunRecord]: ...

    # ---- preferences (Discord-side, not game state) -----------------------------------

    @abstractmethod
    async def load_prefs(self) -> list[Pref]:
        """Every stored preference (campaign ones and the others)."""

    @abstractmethod
    async def save_prefs(self, changes: Sequence[Pref]) -> int:
        """Write a batch of changed preferences in one transaction: set each one with a
        value, delete each one whose value is None. A preference of a campaign that does
        not exist is skipped. Returns how many were skipped."""

    # ---- players' saved items (schema v6) ------------------------------------------

    @abstractmethod
    async def save_item(self, item: SavedItem) -> None:
        """Insert or replace the item of that game, kind, owner and name."""

    @abstractmethod
    async def list_items(self, game: str, kind: str, owner: str) -> list[SavedItem]:
        """The owner's items of that game and kind, by name."""

    @abstractmethod
    async def load_item(self, game: str, kind: str, owner: str, name: str) -> SavedItem | None: ...

    @abstractmethod
    async def delete_item(self, game: str, kind: str, owner: str, name: str) -> bool:
        """Delete it; False if there was none."""

    @abstractmethod
    async def all_items(self) -> list[SavedItem]:
        """Every saved item of every player and game (for `db copy`), in key order."""

    # ---- administration --------------------------------------------------------------

    @abstractmethod
    async def export_campaign(self, campaign_id: str) -> CampaignExport: ...

    @abstractmethod
    async def import_campaign(
        self,
        data: CampaignExport,
        *,
        rebind: bool = False,
        guild_id: str | None = None,
        channel_id: str | None = None,
        keep_updated_at: bool = False,
    ) -> CampaignInfo:
        """Insert an exported campaign. With `rebind`, bind it to guild_id/channel_id
        instead of the ones in the file. `updated_at` becomes now, unless
        `keep_updated_at` (`db copy`, which copies losslessly)."""

    @abstractmethod
    async def backup(self, dest: str | Path, *, overwrite: bool = False) -> None:
        """A consistent copy of the whole database, taken while it is in use."""

    @abstractmethod
    async def check(self) -> CheckReport: ...

    # ---- durability in the background -------------------------------------------------

    def hold_flush_while(self, busy: Callable[[], bool] | None) -> None:
        """While `busy()` (an answer is being sent), a store that syncs its commits to
        disk in the background may hold that work back until `release_flush()`, for a
        bounded time (SQLite with NORMAL: `SqliteBase.hold_flush_while`). Others have
        nothing to hold."""
        return None

    def release_flush(self) -> None:
        """The answers are out: what `hold_flush_while` held back goes now."""
        return None

    # ---- several processes on one database ---------------------------------------------
    # What processes sharing a database coordinate with (bot/storage/pg_shared.py). The
    # defaults are one process alone (SQLite): nobody else commits, its timers live in
    # the preferences, its publisher queue orders its posts.

    #: Other processes may write this database too.
    shared: bool = False

    async def watch(self, callback: Callable[[str | None, int], None]) -> bool:
        """Call `callback(campaign_id, version)` after each commit by another process
        (`None`: some may have been missed, forget every cached table). False: this
        store has no other writers to watch."""
        return False

    async def stored_version(self, campaign_id: str) -> int | None:
        """The campaign's committed version (a read-side check of a cached copy)."""
        info = await self.get_info(campaign_id)
        return None if info is None else info.version

    @contextlib.asynccontextmanager
    async def table_lock(self, name: str) -> AsyncIterator[None]:
        """Held by one process at a time (one process alone: nothing to hold)."""
        yield

    async def mark_published(self, campaign_id: str, version: int) -> int:
        """Record that `version` of the table is being posted; the newest posted before
        (-1: unknown, as for one process alone, whose queue posts in commit order)."""
        return -1

    async def arm_timer(self, row: TimerRow) -> TimerRow:
        raise NotImplementedError("timers in the database need a shared store")

    async def claim_timer(
        self, campaign_id: str, kind: str, key: str, *, now: float, lease: float = 30.0
    ) -> TimerRow | None:
        raise NotImplementedError("timers in the database need a shared store")

    async def claim_overdue(
        self, game: str, *, now: float, grace: float, lease: float = 30.0, limit: int = 20
    ) -> list[TimerRow]:
        raise NotImplementedError("timers in the database need a shared store")

    async def finish_timer(
        self, campaign_id: str, kind: str, key: str, *, next_due: float | None = None
    ) -> None:
        raise NotImplementedError("timers in the database need a shared store")

    async def clear_timer(self, campaign_id: str, kind: str, key: str) -> None:
        raise NotImplementedError("timers in the database need a shared store")
