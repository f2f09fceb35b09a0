"""The Discord bot process: build the client, open the game service, add the cogs.

    run(settings)   `python -m bot` / `python -m bot run`
    sync(settings)  `python -m bot sync`: register the slash commands with Discord

The bot is the house of every game in the registry (`bot/games.py`): it opens the store
and the Discord preferences once, then loads each game's discord.py extension (its
plug-in's `discord_extension`), which adds the game's runtime and cogs to `bot.house`.
No game is named here.

Commands are synced only on request (to `BOT_DEV_GUILD` instantly, else globally, which
Discord may take a while to show), never on every start.

Intents: Guilds (channels, permissions), Guild Messages and Message Content (the
table-talk rule reads chat), Direct Messages (DM hands). Members is not needed. If the
Message Content intent is not enabled in the Developer Portal, the bot starts without it
(table talk then cannot be enforced) and tells campaign owners.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from pathlib import Path
from typing import Any, cast

import discord
from discord.ext import commands

from bot import heartbeat
from bot.config import DEFAULT_DATABASE, Settings, SettingsError
from bot.connect import Backoff, describe, quiet_reconnects, serve
from bot.i18n import from_environment, t, tn
from bot.idlegc import IdleGC
from bot.logs import quiet_discord_payloads, setup_logging
from bot.packs import ContentSettingError, load_contents
from rules.core.text import count

log = logging.getLogger("bot")


def intents(message_content: bool = True) -> discord.Intents:
    i = discord.Intents.none()
    i.guilds = True
    i.guild_messages = True
    i.dm_messages = True
    i.message_content = message_content
    return i


class FixerBot(commands.Bot):
    """The bot. `house` holds what the games share and each game's runtime
    (`house.runtimes[game]`); it exists once `setup_hook` ran."""

    def __init__(
        self,
        settings: Settings,
        *,
        contents: dict[str, Any] | None = None,
        message_content: bool = True,
        guild_ready_timeout: float = 2.0,
        instance_lock: bool = True,
        synchronous: str | None = None,
        sync_only: bool = False,
        cache_size: int = 256,
        **client_options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(message_content),
            help_command=None,
            guild_ready_timeout=guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            max_messages=200,
            **client_options,
        )
        self.settings = settings
        # Each game's content by name (preloaded by `run`, or by tests); the rest is
        # loaded in setup_hook.
        self.contents = contents
        self.instance_lock = instance_lock
        self.synchronous = synchronous or settings.durability
        self.sync_only = sync_only
        self.cache_size = cache_size
        # How cached tables are kept fresh when other processes share the database.
        self.cache_check = settings.cache_check
        self.house: Any = None
        self._store: Any = None
        self.autobackup: Any = None
        self.idle_gc: IdleGC | None = None

    async def setup_hook(self) -> None:
        from bot.i18n.commands import CatalogueTranslator
        from cogs.common.house import House

        # Command names and descriptions in each user's client language (docs/i18n.md).
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync_only:
            self.house = House(self)
            await self._load_games()
            return
        from bot.storage.sqlite import SqliteStore
        from cogs.common.buttons import FxButton
        from cogs.common.house import HouseCog
        from cogs.common.prefs import Prefs

        contents = (
            self.contents
            if self.contents is not None
            else load_contents(self.settings.content_packs)
        )
        self.contents = contents
        if self.settings.postgres:
            # PostgreSQL (BOT_DATABASE=postgresql://…): backed up with pg_dump by the
            # operator (docs/storage.md), not by AutoBackup, which copies a SQLite file.
            from bot.storage.postgres import PostgresStore

            self._store = await PostgresStore.open(str(self.settings.database))
            db = DEFAULT_DATABASE  # no legacy preferences file beside a URL
        else:
            db = Path(self.settings.database)
            if db == DEFAULT_DATABASE and not db.parent.exists():
                db.parent.mkdir(parents=True, exist_ok=True)
            self._store = await SqliteStore.open(
                db, instance_lock=self.instance_lock, synchronous=self.synchronous
            )
            # Verified online backups while the bot runs (None when BOT_BACKUP_EVERY=off).
            from bot.storage.autobackup import AutoBackup, BackupSettings

            # (database is a Path here: the PostgreSQL URL took the other branch)
            self.autobackup = AutoBackup.from_settings(cast("BackupSettings", self.settings))
            if self.autobackup is not None:
                self.autobackup.start()
        # Discord-side preferences live in the database (schema v4); a pre-v4
        # `<database>.discord.json` beside it is imported once and renamed.
        prefs = await Prefs.open(self._store, legacy=db.with_name(db.name + ".discord.json"))
        self.house = House(
            self, store=self._store, prefs=prefs, contents=contents, cache_size=self.cache_size
        )
        self.idle_gc = IdleGC(self.house.busy)
        # The fsync of a commit made for an answer is asked for once the answer is out.
        self._store.hold_flush_while(self.house.busy)
        self.house.on_idle = self._answers_out
        self.idle_gc.start()
        # One router for every game's buttons; each game's extension adds its runtime.
        self.add_dynamic_items(FxButton)
        await self.add_cog(HouseCog(self.house))
        await self._load_games()

    def _answers_out(self) -> None:
        """No interaction is being answered any more: the fsync held back for the
        answers (`Store.hold_flush_while`), then a garbage collection if one is due."""
        if self._store is not None:
            self._store.release_flush()
        if self.idle_gc is not None:
            self.idle_gc.poke()

    def runtime(self, game: str) -> Any:
        """The runtime of `game` (KeyError if the game is not loaded)."""
        if self.house is None:
            raise KeyError(game)
        return self.house.runtimes[game]

    async def _load_games(self) -> None:
        """Load the discord.py extension of every game in the registry that has one."""
        from bot import games

        for plugin in games.plugins():
            if plugin.discord_extension is not None:
                await self.load_extension(plugin.discord_extension)

    async def on_ready(self) -> None:
        guilds = len(self.guilds)
        log.info(
            "connected as %s (%s) to %s",
            self.user,
            getattr(self.user, "id", "?"),
            count(guilds, "server"),
        )
        if not self.intents.message_content:
            log.warning(
                "running without the Message Content intent: the table-talk rule cannot be enforced"
            )
        if self.house is not None:
            await self.house.on_ready()

    async def close(self) -> None:
        try:
            if self.idle_gc is not None:
                self.idle_gc.stop()
            if self.house is not None:
                await self.house.close()
            if self.autobackup is not None:
                await self.autobackup.stop()
                self.autobackup = None
            if self._store is not None:
                await self._store.close()
                self._store = None
        finally:
            await super().close()


class ShardedFixerBot(FixerBot, commands.AutoShardedBot):
    """The bot as discord.py's AutoShardedBot: the shards `BOT_SHARDS` names (or, for
    `auto`, as many as Discord recommends), each its own gateway connection, in this one
    process. Everything else is FixerBot's: a process acts on any table, whichever shard
    the interaction came in on (DMs come in on shard 0 only)."""


def make_bot(settings: Settings, **kwargs: Any) -> ShardedFixerBot:
    """The bot `settings` ask for: an AutoShardedBot with the shards BOT_SHARDS names, or
    (`auto`, the default) with as many as Discord recommends, all in this process. One
    process holding every shard is still one process: on SQLite nothing changes. (Tests
    that build `FixerBot` directly get a plain, unsharded Bot.)"""
    shards = settings.shards
    if shards.ids is None:
        return ShardedFixerBot(settings, **kwargs)
    return ShardedFixerBot(settings, shard_ids=list(shards.ids), shard_count=shards.count, **kwargs)


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
        from bot.storage.opener import database_target

        settings = settings.model_copy(update={"database": database_target(args.database)})
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
    quiet_reconnects()
    return token


def run(settings: Settings) -> int:
    """Start the bot; returns an exit code (2: settings, 1: failed to start)."""
    token = _token(settings)
    if token is None:
        return 2
    try:
        contents = load_contents(settings.content_packs)
    except ContentSettingError as exc:
        for line in str(exc).splitlines():
            print(f"error: {line}", file=sys.stderr)
        return 2
    except Exception as exc:  # ContentError lists every problem
        print(f"error: the content pack failed to load:\n{exc}", file=sys.stderr)
        return 1
    # The content packs live as long as the process: keep them out of the garbage
    # collector's scans (long GC pauses are the tail of the latency under load).
    gc.collect()
    gc.freeze()
    return asyncio.run(_serve(settings, token, contents))


async def _serve(
    settings: Settings,
    token: str,
    contents: dict[str, Any],
    *,
    backoff: Backoff | None = None,
    heartbeat_every: float = heartbeat.EVERY,
) -> int:
    """Run until stopped, retrying an unreachable Discord (bot/connect.py), with the
    heartbeat `python -m bot health` reads beside the database (bot/heartbeat.py)."""
    path = heartbeat.process_heartbeat_path(settings.database, settings.shards)
    if settings.postgres or Path(settings.database) == DEFAULT_DATABASE:
        # As setup_hook does for the default database: the directory may be missing.
        path.parent.mkdir(parents=True, exist_ok=True)
    beat = heartbeat.Heartbeat(path, every=heartbeat_every)
    return await serve(
        lambda message_content: make_bot(
            settings, contents=contents, message_content=message_content
        ),
        token,
        heartbeat=beat,
        backoff=backoff,
    )


def sync(settings: Settings) -> int:
    """Register the slash commands: to BOT_DEV_GUILD (instant) if set, else globally."""
    token = _token(settings)
    if token is None:
        return 2
    return asyncio.run(_sync(settings, token))


async def _sync(settings: Settings, token: str) -> int:
    """The sync, its report in the terminal's language (LANG); a network failure's
    reason stays the connection module's English (it is also what the logs say)."""
    lang = from_environment()
    bot = FixerBot(settings, sync_only=True)
    try:
        async with bot:
            try:
                await bot.login(token)
            except discord.LoginFailure:
                message = t(
                    lang,
                    "Discord rejected DISCORD_TOKEN (401 Unauthorized): copy the bot token "
                    "again from the Developer Portal (Bot → Reset Token).",
                )
                print(t(lang, "error: {message}", message=message), file=sys.stderr)
                return 1
            if settings.dev_guild:
                guild = discord.Object(settings.dev_guild)
                bot.tree.copy_global_to(guild=guild)
                synced = await bot.tree.sync(guild=guild)
                where = t(lang, "guild {id}", id=str(settings.dev_guild))
            else:
                synced = await bot.tree.sync()
                where = t(lang, "all servers (global; Discord may take up to an hour to show them)")
            names = ", ".join(sorted(c.name for c in synced))
            print(
                t(
                    lang,
                    "synced {commands} to {where}: {names}",
                    commands=tn(lang, "{n} command", "{n} commands", len(synced)),
                    where=where,
                    names=names,
                )
            )
            return 0
    except Exception as exc:
        why = describe(exc)
        if why is not None:
            print(f"error: {why}; then run the sync again.", file=sys.stderr)
            return 1
        if isinstance(exc, discord.HTTPException):
            print(f"error: Discord refused the sync ({exc.status}): {exc.text}", file=sys.stderr)
            return 1
        raise


quiet_discord_payloads()
