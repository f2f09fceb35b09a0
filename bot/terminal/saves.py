"""Terminal games in the database, like Discord's: one `GameService` (load → check →
apply → commit) over the `SqliteStore`, driven from a terminal's synchronous loop. Every
game's terminal table saves through this one handle; it names no game (the game comes
with the `GameAdapter` it is opened with).

A move is on disk before the terminal shows its result, so quitting, closing the window,
Ctrl-C or a kill loses nothing; `python -m bot play [--game NAME] --resume [ID]` comes
back to it.

Telling terminal campaigns from Discord ones: a terminal campaign belongs to no server
(`guild_id` None) and its channel is `terminal:<id>`. That is no Discord channel id
(those are digits), so no Discord lookup finds it, the bot never binds it to a channel,
and each one is unique (an active campaign's channel must be). Only the create, load,
act and list calls of the service and the store are used here.

What a terminal needs to come back that its game state does not hold (the AI's level,
say) is kept as a saved item of kind `terminal` named by the campaign id: the store's
game-neutral key-value rows, which the Discord side never reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from bot.config import DEFAULT_DATABASE
from bot.i18n import N_, from_environment, t
from bot.service.contract import GameAdapter
from bot.service.game import GameService
from bot.storage.base import CampaignInfo, SavedItem
from bot.storage.errors import CampaignExistsError, StorageError
from bot.storage.sqlite import SqliteStore
from rules.core.errors import IllegalAction
from rules.core.events import Event

S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")

#: The channel namespace of terminal campaigns (see the module docstring).
CHANNEL_PREFIX = "terminal:"
#: Campaign ids the terminal makes: short enough to type after --resume.
ID_PREFIX = "term-"
#: The owner stored on a terminal campaign's row (the game's own owner is a seat id).
OWNER = "terminal"
#: The saved-item kind of a terminal campaign's settings.
SETTINGS_KIND = "terminal"


def default_database() -> Path:
    """`$BOT_DATABASE`, else the bot's default file: terminal and Discord campaigns live
    in the same database unless told otherwise."""
    env = os.environ.get("BOT_DATABASE", "").strip()
    return Path(env) if env else DEFAULT_DATABASE


def is_terminal(info: CampaignInfo) -> bool:
    """A campaign a terminal made (of any game)."""
    return info.guild_id is None and (info.channel_id or "").startswith(CHANNEL_PREFIX)


@dataclass(frozen=True, slots=True)
class Moved(Generic[S]):
    """A committed move: the state after it and every event it made."""

    state: S
    events: tuple[Event, ...]


class SaveFailed(Exception):
    """The database refused a move (nothing changed): the session stops."""


class TableMoved(Exception, Generic[S]):
    """The saved game moved on without us (another process played it): the move was not
    made; `state` is the game as it is on disk now."""

    def __init__(self, state: S) -> None:
        super().__init__("the saved game changed elsewhere")
        self.state = state


#: What a session says after `TableMoved`, before it goes on from the reloaded game.
MOVED_ELSEWHERE = N_(
    "This campaign was changed elsewhere (another terminal?) while you chose; that move "
    "was not made. Here it is as it stands now."
)


class Saves(Generic[S, A]):
    """The terminal's handle on the database. Synchronous: each call runs the service on
    one private event loop (`asyncio.Runner`), so the store's connections stay on it."""

    def __init__(self, path: Path, adapter: GameAdapter[S, A]) -> None:
        self.path = path
        self.adapter = adapter
        self.game = adapter.game
        self._runner = asyncio.Runner()
        self._store: SqliteStore | None = None
        self.service: GameService[S, A] | None = None

    @classmethod
    def open(cls, path: Path, adapter: GameAdapter[S, A], *, make_dir: bool = False) -> Saves[S, A]:
        """Open (creating if needed) the database. Raises StorageError, with a message
        naming the file, if it cannot be used."""
        if make_dir:
            path.parent.mkdir(parents=True, exist_ok=True)
        saves = cls(path, adapter)
        try:
            # NORMAL: a move is answered once it is in the write-ahead log, so it survives
            # the terminal being closed or killed at any instant; only a power cut in the
            # next few milliseconds could lose it. FULL would wait for an fsync per move
            # (14.5 against 9.3 ms a move measured, docs/playtesting.md).
            saves._store = saves._runner.run(SqliteStore.open(path, synchronous="NORMAL"))
        except BaseException:
            saves._runner.close()
            raise
        saves.service = GameService(saves._store, adapter, cache_size=16)
        return saves

    def close(self) -> None:
        try:
            if self._store is not None:
                if self.service is not None:
                    self._runner.run(self.service.drain())
                self._runner.run(self._store.close())
        finally:
            self._store = None
            self._runner.close()

    def _svc(self) -> GameService[S, A]:
        if self.service is None:
            raise StorageError(f"The database {self.path} is closed.")
        return self.service

    # ---- campaigns -------------------------------------------------------------------

    def create(
        self,
        state: S,
        name: str,
        *,
        stamp: Callable[[S, str], S],
        settings: Mapping[str, Any] | None = None,
    ) -> tuple[str, S]:
        """Store a new campaign whose genesis is `state`; return its id and the genesis
        as stored (`stamp(state, id)`: the state with its own id set to the campaign's).
        `settings` (JSON values) come back with `settings(id)`. Raises SaveFailed if
        the database refuses it."""
        svc = self._svc()
        for _ in range(20):
            cid = ID_PREFIX + secrets.token_hex(3)
            genesis = stamp(state, cid)
            try:
                self._runner.run(
                    svc.create(
                        campaign_id=cid,
                        name=name,
                        owner=OWNER,
                        state=genesis,
                        guild_id=None,
                        channel_id=CHANNEL_PREFIX + cid,
                    )
                )
            except CampaignExistsError:
                continue
            except StorageError as exc:
                raise SaveFailed(exc.message) from exc
            if settings:
                # After the campaign: a kill in between leaves a game that resumes with
                # the defaults, never settings without a game.
                body = json.dumps(dict(settings), sort_keys=True)
                item = SavedItem(self.game, SETTINGS_KIND, OWNER, cid, body)
                try:
                    self._runner.run(svc.store.save_item(item))
                except StorageError as exc:
                    raise SaveFailed(exc.message) from exc
            return cid, genesis
        raise SaveFailed(
            t(
                from_environment(),
                "Could not find a free campaign id in {path}.\nTry again, or use another --db.",
                path=str(self.path),
            )
        )

    def settings(self, cid: str) -> dict[str, Any]:
        """The settings stored with `create` ({} when there are none or they are not
        readable: the game's defaults apply)."""
        item = self._runner.run(self._svc().store.load_item(self.game, SETTINGS_KIND, OWNER, cid))
        if item is None:
            return {}
        try:
            data = json.loads(item.body)
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def setting(self, cid: str, key: str, default: T, allowed: Collection[T] = ()) -> T:
        """One of the settings: the stored value if it has the default's type (and is
        one of `allowed`, when given), else the default."""
        value = self.settings(cid).get(key)
        if isinstance(value, type(default)) and (not allowed or value in allowed):
            return value
        return default

    def info(self, cid: str) -> CampaignInfo | None:
        return self._runner.run(self._svc().info(cid))

    def load(self, cid: str) -> S:
        """The campaign's committed state. Raises IllegalAction (`Refused`) if it cannot
        be read, StorageError if the database fails."""
        return self._runner.run(self._svc().get(cid))

    def act(self, cid: str, action: A, expected_version: int) -> Moved[S]:
        """Apply and commit one move; it is on disk when this returns. Raises
        IllegalAction (nothing changed) or StorageError (nothing changed)."""
        svc = self._svc()
        done = self._runner.run(svc.act(cid, action, expected_version=expected_version))
        if self.adapter.finished(done.state):
            # A finished game is never resumed: its settings go with it. The move is
            # committed already, so a failure here is no failed move (the row stays).
            with contextlib.suppress(StorageError):
                self._runner.run(svc.store.delete_item(self.game, SETTINGS_KIND, OWNER, cid))
        return Moved(state=done.state, events=done.events)

    def terminal_campaigns(self, limit: int = 50) -> list[CampaignInfo]:
        """This game's active terminal campaigns, most recently played first (a finished
        one is not active: it is never offered)."""
        svc = self._svc()
        infos = self._runner.run(svc.store.list_campaigns("active", game=self.game))
        return [i for i in infos if is_terminal(i)][:limit]

    def commit(self, cid: str, action: A, expected_version: int) -> Moved[S]:
        """`act` in a session's terms: a rules refusal is raised as it is (nothing
        changed); a failing database is `SaveFailed`; a move made against a game that
        another process moved first is `TableMoved`, carrying the game as it is now."""
        try:
            return self.act(cid, action, expected_version)
        except StorageError as exc:
            raise SaveFailed(exc.player_message or exc.message) from exc
        except IllegalAction as exc:
            if exc.refusal.code != "stale":
                raise
            try:
                state = self.load(cid)
            except StorageError as err:
                raise SaveFailed(err.player_message or err.message) from err
            raise TableMoved(state) from exc
