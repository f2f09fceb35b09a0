"""The Discord bot process: build the client, open the game service, add the cogs.

    run(settings)   `python -m bot` / `python -m bot run`
    sync(settings)  `python -m bot sync`: register the slash commands with Discord

Commands are synced only on request (to `BOT_DEV_GUILD` instantly, else globally, which
Discord may take a while to show), never on every start.

Intents: Guilds (channels, permissions), Guild Messages and Message Content (the
table-talk rule reads chat), Direct Messages (DM hands). Members is not needed. If the
Message Content intent is not enabled in the Developer Portal, the bot starts without it
(table talk then cannot be enforced) and tells campaign owners.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import sys
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.config import DEFAULT_DATABASE, Settings, SettingsError
from bot.idlegc import IdleGC
from bot.logs import quiet_discord_payloads, setup_logging
from rules.legends.cards import ContentPack

log = logging.getLogger("bot")


def intents(message_content: bool = True) -> discord.Intents:
    i = discord.Intents.none()
    i.guilds = True
    i.guild_messages = True
    i.dm_messages = True
    i.message_content = message_content
    return i


def load_content(settings: Settings) -> ContentPack:
    from bot.packs import content_for

    content: ContentPack = content_for("legends", settings.content_packs)
    return content


class FixerBot(commands.Bot):
    """The bot. `fixer` is the runtime (None in sync mode or before setup)."""

    def __init__(
        self,
        settings: Settings,
        *,
        content: ContentPack | None = None,
        message_content: bool = True,
        guild_ready_timeout: float = 2.0,
        instance_lock: bool = True,
        synchronous: str | None = None,
        sync_only: bool = False,
        cache_size: int = 256,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(message_content),
            help_command=None,
            guild_ready_timeout=guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            max_messages=200,
        )
        self.settings = settings
        self.content = content
        self.instance_lock = instance_lock
        self.synchronous = synchronous or settings.durability
        self.sync_only = sync_only
        self.cache_size = cache_size
        self.fixer: Any = None
        self._store: Any = None
        self._service: Any = None
        self.idle_gc: IdleGC | None = None

    async def setup_hook(self) -> None:
        from cogs.legends import FxButton, LegendsCog, Runtime, TableTalkCog

        if self.sync_only:
            await self.add_cog(LegendsCog(self, None))
            return
        from bot.service.game import GameService
        from bot.storage.sqlite import SqliteStore
        from cogs.legends.adapter import LegendsAdapter
        from cogs.legends.prefs import Prefs

        content = self.content if self.content is not None else load_content(self.settings)
        self.content = content
        db = Path(self.settings.database)
        if db == DEFAULT_DATABASE and not db.parent.exists():
            db.parent.mkdir(parents=True, exist_ok=True)
        self._store = await SqliteStore.open(
            db, instance_lock=self.instance_lock, synchronous=self.synchronous
        )
        self._service = GameService(
            self._store, LegendsAdapter(content), cache_size=self.cache_size
        )
        # Discord-side preferences live in the database (schema v4); a pre-v4
        # `<database>.discord.json` beside it is imported once and renamed.
        prefs = await Prefs.open(self._store, legacy=db.with_name(db.name + ".discord.json"))
        self.fixer = Runtime(self, self._service, content, prefs)
        await self.fixer.start()
        self.idle_gc = IdleGC(self.fixer.busy)
        self.fixer.on_idle = self.idle_gc.poke
        self.idle_gc.start()
        self.add_dynamic_items(FxButton)
        await self.add_cog(LegendsCog(self, self.fixer))
        await self.add_cog(TableTalkCog(self, self.fixer))

    async def on_ready(self) -> None:
        guilds = len(self.guilds)
        log.info(
            "connected as %s (%s) to %d server(s)", self.user, getattr(self.user, "id", "?"), guilds
        )
        if not self.intents.message_content:
            log.warning(
                "running without the Message Content intent: the table-talk rule cannot be enforced"
            )
        if self.fixer is not None:
            await self.fixer.on_ready()

    async def close(self) -> None:
        try:
            if self.idle_gc is not None:
                self.idle_gc.stop()
            if self.fixer is not None:
                await self.fixer.close()
            if self._service is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._service.drain(), 5.0)
            if self._store is not None:
                await self._store.close()
                self._store = None
        finally:
            await super().close()


# ---- running -------------------------------------------------------------------------------


def settings_from_args(args: Any) -> Settings | None:
    """Settings from the environment, with the CLI's `--database` on top (None, after a
    message on stderr, if a setting is wrong)."""
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        for line in str(exc).splitlines():
            print(f"error: {line}", file=sys.stderr)
        return None
    if getattr(args, "database", None):
        settings = settings.model_copy(update={"database": Path(args.database)})
    return settings


def _token(settings: Settings) -> str | None:
    """The bot token, with logging set up (None, after a message on stderr, if it is
    missing)."""
    try:
        token = settings.require_token()
    except SettingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    setup_logging(settings.log_level)
    return token


def run(settings: Settings) -> int:
    """Start the bot; returns an exit code (2: settings, 1: failed to start)."""
    token = _token(settings)
    if token is None:
        return 2
    try:
        content = load_content(settings)
    except Exception as exc:  # ContentError lists every problem
        print(f"error: the content pack failed to load:\n{exc}", file=sys.stderr)
        return 1
    # The content pack lives as long as the process: keep it out of the garbage
    # collector's scans (long GC pauses are the tail of the latency under load).
    gc.collect()
    gc.freeze()
    return asyncio.run(_serve(settings, token, content))


async def _serve(settings: Settings, token: str, content: ContentPack) -> int:
    from bot.storage.errors import StorageError

    message_content = True
    while True:
        bot = FixerBot(settings, content=content, message_content=message_content)
        loop = asyncio.get_running_loop()

        def stop(b: FixerBot = bot) -> None:
            asyncio.ensure_future(b.close())

        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop)
        try:
            async with bot:
                await bot.start(token)
            log.info("stopped")
            return 0
        except discord.LoginFailure:
            log.error(
                "Discord rejected DISCORD_TOKEN. Copy the bot token again from the "
                "Developer Portal (Bot → Reset Token)."
            )
            return 1
        except discord.PrivilegedIntentsRequired:
            if not message_content:
                raise
            log.error(
                "The Message Content intent is not enabled for this bot in the "
                "Developer Portal (Bot → Privileged Gateway Intents). Starting without "
                "it: the table-talk rule will not be enforced until it is enabled."
            )
            message_content = False
            continue
        except StorageError as exc:
            log.error("the database could not be opened: %s", exc.message)
            return 1
        finally:
            for sig in (signal.SIGTERM, signal.SIGINT):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.remove_signal_handler(sig)


def sync(settings: Settings) -> int:
    """Register the slash commands: to BOT_DEV_GUILD (instant) if set, else globally."""
    token = _token(settings)
    if token is None:
        return 2
    return asyncio.run(_sync(settings, token))


async def _sync(settings: Settings, token: str) -> int:
    bot = FixerBot(settings, sync_only=True)
    try:
        async with bot:
            try:
                await bot.login(token)
            except discord.LoginFailure:
                print("error: Discord rejected DISCORD_TOKEN.", file=sys.stderr)
                return 1
            if settings.dev_guild:
                guild = discord.Object(settings.dev_guild)
                bot.tree.copy_global_to(guild=guild)
                synced = await bot.tree.sync(guild=guild)
                where = f"guild {settings.dev_guild}"
            else:
                synced = await bot.tree.sync()
                where = "all servers (global; Discord may take up to an hour to show them)"
            names = ", ".join(sorted(c.name for c in synced))
            print(f"synced {len(synced)} command(s) to {where}: {names}")
            return 0
    except discord.HTTPException as exc:
        print(f"error: Discord refused the sync ({exc.status}): {exc.text}", file=sys.stderr)
        return 1


quiet_discord_payloads()
