"""The house: what every game of one bot process shares, opened once.

One `House` per bot (`bot.house`) holds the store, the Discord preferences, each game's
content and each game's runtime (`runtimes[game]`). Games come in as discord.py
extensions (their plug-in's `discord_extension`, loaded by `bot/app.py` from the
registry); an extension's `setup(bot)` calls `House.open_game` for its service and
content, builds its runtime and cogs, and `add`s the runtime, which binds and resumes
only that game's campaigns.

`HouseCog` listens once for what concerns every game: clicks on buttons a stale client
still shows (routed like any click, by the game in the id) and channels or threads
deleted (each game unbinds its own campaigns).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.common import ids
from cogs.common.answer import refuse
from cogs.common.buttons import component_ids

if TYPE_CHECKING:
    from bot.plugin import GamePlugin
    from bot.service.game import GameService
    from bot.storage.base import Store
    from cogs.common.prefs import Prefs
    from cogs.common.runtime import GameRuntime

log = logging.getLogger("cogs.common")


class House:
    """Shared by the games of one bot. Without a store (`python -m bot sync`) it only
    lets the games add their commands (`sync_only`)."""

    def __init__(
        self,
        bot: discord.Client,
        *,
        store: Store | None = None,
        prefs: Prefs | None = None,
        contents: Mapping[str, Any] | None = None,
        cache_size: int = 256,
    ) -> None:
        self.bot = bot
        self.store = store
        self.prefs = prefs
        self.contents: dict[str, Any] = dict(contents or {})
        self.cache_size = cache_size
        self.runtimes: dict[str, GameRuntime[Any]] = {}
        # Called when no interaction of any game is being answered (the idle GC).
        self.on_idle: Callable[[], None] | None = None
        # Several processes on one database: how often the preferences are re-read.
        self.prefs_refresh = 2.0
        self._refresher: asyncio.Task[None] | None = None

    @property
    def sync_only(self) -> bool:
        return self.store is None or self.prefs is None

    # ---- games coming in --------------------------------------------------------------

    def open_game(self, plugin: GamePlugin) -> tuple[GameService[Any, Any], Any, Prefs]:
        """For `plugin`'s extension: its own game service on the shared store, its
        content (loaded by the bot at start-up, else the bundled content), and the shared
        preferences."""
        from bot.service.game import GameService

        if self.store is None or self.prefs is None:
            raise RuntimeError("the house has no store (sync mode)")
        content = self.contents.get(plugin.name)
        if content is None:
            content = self.contents[plugin.name] = plugin.load_content(None)
        service: GameService[Any, Any] = GameService(
            self.store,
            plugin.adapter(content),
            cache_size=self.cache_size,
            cache_check=getattr(self.bot, "cache_check", "notify"),
        )
        return service, content, self.prefs

    async def add(self, runtime: GameRuntime[Any]) -> None:
        """Start `runtime` (bind its game's campaigns) and route its game's clicks to it."""
        if runtime.game in self.runtimes:
            raise ValueError(f"the {runtime.game} game is already in the house")
        await runtime.start()
        runtime.on_idle = self._idle_now
        self.runtimes[runtime.game] = runtime

    def _idle_now(self) -> None:
        if self.on_idle is not None and not self.busy():
            self.on_idle()

    # ---- all games ----------------------------------------------------------------------

    def busy(self) -> bool:
        """An interaction of some game is being answered right now."""
        return any(rt.busy() for rt in self.runtimes.values())

    async def idle(self, settle: float = 0.0) -> None:
        """Wait until every game has sent everything it queued (tests use it)."""
        for _ in range(100):
            for rt in list(self.runtimes.values()):
                await rt.idle(settle)
            if all(rt.idle_now() for rt in self.runtimes.values()):
                return

    async def on_ready(self) -> None:
        for rt in list(self.runtimes.values()):
            await rt.on_ready()
        if self.store is not None and self.store.shared and self._refresher is None:
            self._refresher = asyncio.ensure_future(self._refresh_prefs())

    async def _refresh_prefs(self) -> None:
        """Several processes on one database: take up the preferences the others saved
        (DM opt-ins, closed DMs, warnings given) every `prefs_refresh` seconds."""
        while self.prefs is not None:
            await asyncio.sleep(self.prefs_refresh)
            with contextlib.suppress(Exception):
                await self.prefs.refresh()

    async def click(self, interaction: discord.Interaction[Any], bid: ids.ButtonId) -> None:
        """Every Fixer button lands here: to the runtime of the game its id names."""
        rt = self.runtimes.get(bid.game)
        if rt is None:
            await refuse(
                interaction,
                "This button belongs to a game this Fixer does not run right now. Nothing "
                "was changed; ask the server's admin.",
            )
            return
        rt.heard(interaction)  # a DM'd hand speaks the clicker's language from now on
        await rt.on_click(interaction, bid)

    async def close(self) -> None:
        """Close every game, save the preferences, let the services finish."""
        if self._refresher is not None:
            self._refresher.cancel()
            self._refresher = None
        for rt in list(self.runtimes.values()):
            await rt.close()
        if self.prefs is not None:
            await self.prefs.close()
        for rt in list(self.runtimes.values()):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(rt.service.drain(), 5.0)


def house_of(bot: discord.Client) -> House | None:
    """The house of `bot` (None for a bot that has none: a game loaded elsewhere)."""
    house = getattr(bot, "house", None)
    return house if isinstance(house, House) else None


class HouseCog(commands.Cog):
    """Listeners that concern every game."""

    def __init__(self, house: House) -> None:
        self.house = house

    async def cog_load(self) -> None:
        # The select router, with the house (the button router is added by the bot).
        from cogs.common.selects import FxSelect

        add = getattr(self.house.bot, "add_dynamic_items", None)
        if add is not None:
            add(FxSelect)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a Fixer button that is no longer on its message (a client showing an
        older version of it): discord.py drops those, so answer here (usually: stale)."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if custom_id in component_ids(interaction.message):
            return
        if custom_id.startswith("fx:"):
            bid = ids.parse(custom_id)
        elif custom_id.startswith(ids.SELECT_PREFIX + ":"):
            select = ids.parse_select(custom_id)
            values = [str(v) for v in data.get("values") or ()]
            bid = ids.picked(select, values[0]) if select is not None and values else None
        else:
            return
        if bid is not None:
            await self.house.click(interaction, bid)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        for rt in list(self.house.runtimes.values()):
            rt.channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        for rt in list(self.house.runtimes.values()):
            rt.channel_gone(channel.id)
