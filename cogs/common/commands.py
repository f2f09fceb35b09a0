"""What every game's command cog shares: the bot, its runtime (None when the cog is
built only to sync its commands, `fixer sync`), the runtime-or-error property, an
actor for the games that run actions through one, and the quiet channel lookup the
autocompletes use. A game's cmd_base.py subclasses `CommandBase` (or `ActorCommandBase`)
with its own runtime and actor types."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.storage.errors import StorageError
from cogs.common.answer import refuse
from cogs.common.locale import user_locale
from rules.core.errors import IllegalAction

if TYPE_CHECKING:
    from cogs.common.answer import Actor
    from cogs.common.runtime import GameRuntime

S = TypeVar("S")
R = TypeVar("R", bound="GameRuntime[Any]")
Ac = TypeVar("Ac", bound="Actor[Any]")

SYNC_MODE = "Fixer is not running (sync mode)"


class CommandBase(commands.Cog, Generic[S, R]):
    """`S` is the game's state, `R` its runtime (a `GameRuntime[S]`)."""

    #: The game's slash-command group (`/<group> …`): the log's name and the refusal's.
    group: ClassVar[str]
    #: What the player reads when a command crashed (an English msgid, marked N_).
    crash_text: ClassVar[str]

    def __init__(self, bot: commands.Bot, runtime: R | None) -> None:
        self.bot = bot
        self._rt = runtime

    @property
    def rt(self) -> R:
        if self._rt is None:
            raise RuntimeError(SYNC_MODE)
        return self._rt

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every slash command of the game: the caller's language is remembered for
        their DM'd hands (`GameRuntime.heard`). Never refuses."""
        if self._rt is not None:
            self._rt.heard(interaction)
        return True

    async def _quiet(self, interaction: discord.Interaction[Any]) -> S | None:
        """For autocomplete: the channel's state, or None (never replies; an unreadable
        state offers no choices rather than an error)."""
        if self._rt is None:
            return None
        cid = await self.rt.table_for_channel(interaction.channel)
        if cid is None:
            return None
        try:
            state: S = await self.rt.service.get(cid)
        except (IllegalAction, StorageError):
            return None
        return state

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        logging.getLogger(f"cogs.{self.group}").error(
            "/%s %s failed: %s",
            self.group,
            getattr(interaction.command, "name", "?"),
            type(original).__name__,
            exc_info=original,
        )
        await refuse(interaction, t(user_locale(interaction), self.crash_text), group=self.group)


class ActorCommandBase(CommandBase[S, R], Generic[S, R, Ac]):
    """A command cog that runs actions through the game's `Actor`."""

    def __init__(self, bot: commands.Bot, runtime: R | None) -> None:
        super().__init__(bot, runtime)
        self._actor = self.make_actor(runtime) if runtime is not None else None

    def make_actor(self, runtime: R) -> Ac:
        raise NotImplementedError

    @property
    def actor(self) -> Ac:
        if self._actor is None:
            raise RuntimeError(SYNC_MODE)
        return self._actor
