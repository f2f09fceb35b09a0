"""Terminal campaigns in the database, like Discord's: one `GameService` (load → check →
apply → commit) over the `SqliteStore`, driven from the terminal's synchronous loop.

A move is on disk before the terminal shows its result, so quitting, closing the window
or a crash loses nothing; `python -m bot play --resume [ID]` comes back to it.

Telling terminal campaigns from Discord ones: a terminal campaign belongs to no server
(`guild_id` None) and its channel is `terminal:<id>`. That is no Discord channel id
(those are digits), so no Discord lookup finds it, the bot never binds it to a channel,
and each one is unique (an active campaign's channel must be). Only the create, load,
act and list calls of the service and the store are used here.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.config import DEFAULT_DATABASE
from bot.service.game import GameService
from bot.storage.base import CampaignInfo
from bot.storage.errors import CampaignExistsError, StorageError
from bot.storage.sqlite import SqliteStore
from cogs.legends.adapter import LegendsAdapter
from rules.core.events import Event
from rules.legends.actions import Action
from rules.legends.cards import ContentPack
from rules.legends.state import Table

#: The channel namespace of terminal campaigns (see the module docstring).
CHANNEL_PREFIX = "terminal:"
#: Campaign ids the terminal makes: short enough to type after --resume.
ID_PREFIX = "term-"
#: The owner stored on a terminal campaign's row (the table's own owner is a seat id).
OWNER = "terminal"


def default_database() -> Path:
    """`$BOT_DATABASE`, else the bot's default file: terminal and Discord campaigns live
    in the same database unless told otherwise."""
    env = os.environ.get("BOT_DATABASE", "").strip()
    return Path(env) if env else DEFAULT_DATABASE


def is_terminal(info: CampaignInfo) -> bool:
    return (
        info.game == LegendsAdapter.game
        and info.guild_id is None
        and (info.channel_id or "").startswith(CHANNEL_PREFIX)
    )


@dataclass(frozen=True, slots=True)
class Moved:
    """A committed move: the table after it and every event it made."""

    table: Table
    events: tuple[Event, ...]


class Saves:
    """The terminal's handle on the database. Synchronous: each call runs the service on
    one private event loop (`asyncio.Runner`), so the store's connections stay on it."""

    def __init__(self, path: Path, content: ContentPack) -> None:
        self.path = path
        self.content = content
        self._runner = asyncio.Runner()
        self._store: SqliteStore | None = None
        self.service: GameService[Table, Action] | None = None

    @classmethod
    def open(cls, path: Path, content: ContentPack, *, make_dir: bool = False) -> Saves:
        """Open (creating if needed) the database. Raises StorageError, with a message
        naming the file, if it cannot be used."""
        if make_dir:
            path.parent.mkdir(parents=True, exist_ok=True)
        saves = cls(path, content)
        try:
            # NORMAL: a move is answered once it is in the write-ahead log, so it survives
            # the terminal being closed or killed at any instant; only a power cut in the
            # next few milliseconds could lose it. FULL would wait for an fsync per move
            # (14.5 against 9.3 ms a move measured, docs/playtesting.md).
            saves._store = saves._runner.run(SqliteStore.open(path, synchronous="NORMAL"))
        except BaseException:
            saves._runner.close()
            raise
        saves.service = GameService(saves._store, LegendsAdapter(content), cache_size=16)
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

    def _svc(self) -> GameService[Table, Action]:
        if self.service is None:
            raise StorageError(f"The database {self.path} is closed.")
        return self.service

    # ---- campaigns -------------------------------------------------------------------

    def create(self, table: Table, name: str) -> str:
        """Store a new campaign whose genesis is `table` (made with id ""); return its id.
        The table's own id is set to the campaign id."""
        svc = self._svc()
        for _ in range(20):
            cid = ID_PREFIX + secrets.token_hex(3)
            state = table.model_copy(update={"id": cid})
            try:
                self._runner.run(
                    svc.create(
                        campaign_id=cid,
                        name=name,
                        owner=OWNER,
                        state=state,
                        guild_id=None,
                        channel_id=CHANNEL_PREFIX + cid,
                    )
                )
            except CampaignExistsError:
                continue
            return cid
        raise StorageError(f"Could not find a free campaign id in {self.path}.")

    def info(self, cid: str) -> CampaignInfo | None:
        return self._runner.run(self._svc().info(cid))

    def load(self, cid: str) -> Table:
        """The campaign's committed table. Raises IllegalAction (`Refused`) if it cannot
        be read, StorageError if the database fails."""
        return self._runner.run(self._svc().get(cid))

    def act(self, cid: str, action: Action, expected_version: int) -> Moved:
        """Apply and commit one move; it is on disk when this returns. Raises
        IllegalAction (nothing changed) or StorageError (nothing changed)."""
        done = self._runner.run(self._svc().act(cid, action, expected_version=expected_version))
        return Moved(table=done.state, events=done.events)

    def terminal_campaigns(self, limit: int = 50) -> list[CampaignInfo]:
        """The active terminal campaigns, most recently played first."""
        svc = self._svc()
        infos: Sequence[CampaignInfo] = self._runner.run(
            svc.store.list_campaigns("active", game=LegendsAdapter.game)
        )
        return [i for i in infos if is_terminal(i)][:limit]
