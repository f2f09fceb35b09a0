"""A table's channel, for a game's runtime: which channel each of the game's campaigns
is bound to, and posting there.

The game's active campaigns are bound to their channels (only its own: several games may
share a channel). A campaign's thread or forum post may be archived (posting revives it,
see `threads.send`), locked (the owner is told once what to do) or deleted (the campaign
waits, unbound, for `/{command} move`; the owner is told once). Game state is never
touched by any of this.

`GameRuntime` (cogs/common/runtime.py) mixes `TableChannels` in; it is a module of its
own because binding and posting are one concern with their own state (the two maps and
the homeless campaigns), and the runtime was past the size the house keeps a module
under.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import discord

from bot.service.game import GameService
from cogs.common import threads
from cogs.common.prefs import Prefs
from cogs.common.text import CONTENT_MAX, clip
from rules.core.errors import IllegalAction

log = logging.getLogger("cogs.common")
S = TypeVar("S")


class TableChannels(Generic[S]):
    """A runtime's campaigns bound to their channels, and its posts in them."""

    if TYPE_CHECKING:
        # Given by GameRuntime (cogs/common/runtime.py), which mixes this in.
        bot: discord.Client
        service: GameService[S, Any]
        prefs: Prefs
        game: str
        command: str

        def spawn(self, coro: Any, *, name: str = "task") -> asyncio.Task[Any]: ...
        async def tell_owner(self, cid: str, state: S, problems: list[str]) -> None: ...
        async def check_setup(
            self, cid: str, state: S, *, notify: bool, channel: Any = None
        ) -> list[str]: ...

    def _init_channels(self) -> None:
        self.table_of_channel: dict[int, str] = {}
        self.channel_of_table: dict[str, int] = {}
        # Campaigns whose channel or thread was deleted: they wait for `/{command} move`.
        self.homeless: dict[str, int] = {}

    def bind(self, cid: str, channel_id: int) -> None:
        old = self.channel_of_table.get(cid)
        if old is not None:
            self.table_of_channel.pop(old, None)
        self.table_of_channel[channel_id] = cid
        self.channel_of_table[cid] = channel_id

    async def table_for_channel(self, channel: Any, *, ask_db: bool = False) -> str | None:
        """This game's active campaign of this channel, or of the channel a thread belongs
        to. From memory; with `ask_db` (commands, not every chat message) also from the
        database, for a campaign imported or moved while the bot runs."""
        if channel is None:
            return None
        keys = [
            k
            for k in (getattr(channel, "id", None), getattr(channel, "parent_id", None))
            if k is not None
        ]
        for key in keys:
            if key in self.table_of_channel:
                return self.table_of_channel[key]
        if ask_db:
            for key in keys:
                info = await self.service.for_channel(str(key))
                if info is not None and info.game == self.game:
                    self.bind(info.id, key)
                    return info.id
        return None

    async def channel(self, cid: str) -> discord.abc.Messageable | None:
        if cid in self.homeless:
            return None
        channel_id = self.channel_of_table.get(cid)
        if channel_id is None:
            info = await self.service.info(cid)
            if info is None or info.channel_id is None or not info.channel_id.isdigit():
                return None
            channel_id = int(info.channel_id)
        ch = self.bot.get_channel(channel_id)
        if ch is None:
            # Not cached: an archived thread (discord.py drops those; Discord leaves them
            # out of GUILD_CREATE) is fetched by id, which also tells a deleted one.
            try:
                fetched = await self.bot.fetch_channel(channel_id)
            except discord.NotFound as exc:
                if exc.code == threads.UNKNOWN_CHANNEL:
                    self.channel_gone(channel_id, cid=cid)
                    return None
                log.warning("campaign %s: channel %s unavailable (%s)", cid, channel_id, exc.status)
                return None
            except discord.HTTPException as exc:
                log.warning("campaign %s: channel %s unavailable (%s)", cid, channel_id, exc.status)
                return None
            ch = fetched
        return ch if isinstance(ch, discord.abc.Messageable) else None

    def channel_gone(self, channel_id: int, *, cid: str | None = None) -> None:
        """The campaign channel or thread `channel_id` was deleted (CHANNEL_DELETE,
        THREAD_DELETE, or 10003 Unknown Channel). The campaign is untouched; it waits,
        unbound, until its owner runs `/{command} move` somewhere else. Told once."""
        cid = cid or self.table_of_channel.get(channel_id)
        if cid is None or self.channel_of_table.get(cid, channel_id) != channel_id:
            return
        if cid in self.homeless:
            return
        self.homeless[cid] = channel_id
        self.table_of_channel.pop(channel_id, None)
        log.warning(
            "campaign %s: its channel %s was deleted; it waits for /%s move",
            cid,
            channel_id,
            self.command,
        )
        key = f"gone:{channel_id}"
        if self.prefs.warned.get(cid) == key:
            return
        self.prefs.warned[cid] = key
        self.prefs.changed()
        self.spawn(self._tell_owner_gone(cid))

    async def _tell_owner_gone(self, cid: str) -> None:
        try:
            state = await self.service.get(cid)
        except IllegalAction:
            return
        await self.tell_owner(
            cid,
            state,
            [
                "Its channel or thread was deleted. Nothing of the game is lost: it is saved "
                f"and waits. To continue it, run `/{self.command} move` in the channel or "
                "thread where you want to play."
            ],
        )

    async def send(self, cid: str, channel: Any, what: str, **kwargs: Any) -> bool:
        """Post in the campaign's channel, reviving an archived thread; a locked or deleted
        one is reported (once) instead of failing again and again."""
        try:
            await threads.send(channel, **kwargs)
            return True
        except threads.Blocked as exc:
            if exc.gone:
                self.channel_gone(getattr(channel, "id", 0), cid=cid)
                return False
            log.warning(
                "campaign %s: could not post %s: thread %s is locked and I lack Manage Threads",
                cid,
                what,
                getattr(channel, "id", "?"),
            )
            await self._thread_locked(cid, exc.channel)
        except discord.HTTPException as exc:
            log.warning(
                "campaign %s: could not post %s (HTTP %s, code %s)", cid, what, exc.status, exc.code
            )
        return False

    async def _thread_locked(self, cid: str, channel: Any) -> None:
        """Tell the owner (once per problem, the `warned` mechanism) why nothing appears."""
        try:
            state = await self.service.get(cid)
            fresh = await self.bot.fetch_channel(channel.id)
        except (IllegalAction, discord.HTTPException):
            return
        await self.check_setup(cid, state, notify=True, channel=fresh)

    async def say(self, cid: str, text: str, *, mention: str | None = None) -> None:
        """A notice in the campaign's channel, mentioning (only) `mention`."""
        channel = await self.channel(cid)
        if channel is None:
            return
        allowed = discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(int(mention))] if mention and mention.isdigit() else False,
        )
        await self.send(
            cid, channel, "a notice", content=clip(text, CONTENT_MAX), allowed_mentions=allowed
        )

    async def say_many(self, cid: str, text: str, people: Sequence[str]) -> None:
        """A reminder in the campaign's channel, mentioning `people`."""
        channel = await self.channel(cid)
        if channel is None:
            return
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(p)) for p in people]
        )
        await self.send(
            cid, channel, "a reminder", content=clip(text, CONTENT_MAX), allowed_mentions=allowed
        )
