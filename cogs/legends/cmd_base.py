"""What every `/legends` command shares: the command group, finding the campaign of
the channel, running an action and answering (`_do`), autocomplete helpers, and the
error handler. The commands themselves are in cmd_campaign.py (a campaign and its
crew), cmd_run.py (playing a run) and cmd_table.py (views, the shop, rules, DMs);
commands.py assembles them into `LegendsCog`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, t
from cogs.common import perms
from cogs.common.commands import ActorCommandBase
from cogs.common.locale import user_locale
from cogs.legends import render
from cogs.legends.interact import (
    Actor,
    or_refuse,
    panel,
    player_id,
    private_notes,
    refuse,
    send,
)
from cogs.legends.runtime import LegendsRuntime
from rules.legends.actions import (
    Action,
)
from rules.legends.state import Table

Choice = app_commands.Choice
MAX_CHOICES = 25
CLOSE_VOTE = "close-vote"
MERC_PREFIX = "merc|"

#: The `/legends` group. Every command module decorates with it; `LegendsCog` holds it.
LEGENDS = app_commands.Group(
    name="legends", description="Cyberpunk Legends: Fixer runs the table", guild_only=True
)


def matches(current: str, *texts: str) -> bool:
    cur = current.strip().lower()
    return not cur or any(cur in t.lower() for t in texts)


def choices(items: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    out = [
        Choice(name=render.clip(name, 100), value=value[:100])
        for name, value in items
        if matches(current, name, value)
    ]
    return out[:MAX_CHOICES]


class CommandBase(ActorCommandBase[Table, LegendsRuntime, Actor]):
    group = render.COMMAND
    crash_text = N_(
        "Something went wrong on my side; nothing was changed unless the board says so. Try again."
    )

    def make_actor(self, runtime: LegendsRuntime) -> Actor:
        return Actor(runtime)

    # ---- helpers ------------------------------------------------------------------------

    async def _here(self, interaction: discord.Interaction[Any]) -> tuple[str, Table] | None:
        """The campaign of this channel and its state, or None after an ephemeral refusal."""
        cid = await self.rt.table_for_channel(interaction.channel, ask_db=True)
        if cid is None:
            await refuse(
                interaction,
                t(
                    user_locale(interaction),
                    "There is no campaign in this channel. Create one with /legends new.",
                ),
            )
            return None
        state = await or_refuse(interaction, self.rt.service.get(cid))
        return None if state is None else (cid, state)

    @staticmethod
    def _manager(interaction: discord.Interaction[Any]) -> bool:
        return perms.is_manager(interaction)

    async def _do(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        action: Action,
        *,
        done: str | None = None,
        show_panel: bool = False,
        suffix: str = "",
        base: Table | None = None,
    ) -> bool:
        """Run `action`; on success answer ephemerally with `done` and, if the caller has
        something to do now (or private news), their panel. `base`: the state the action
        was chosen on, to prepare the answer while the commit is written (see
        `LegendsRuntime.speculate`)."""
        async with self.rt.answering(cid):
            return await self._do_answer(interaction, cid, action, done, show_panel, base)

    async def _do_answer(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        action: Action,
        done: str | None,
        show_panel: bool,
        base: Table | None = None,
    ) -> bool:
        player = player_id(interaction)
        guess = (
            self.rt.speculate(base, action, player)
            if base is not None and show_panel and self.rt.speculative
            else None
        )
        applied = await self.actor.act(interaction, cid, action)
        if applied is None:
            if guess is not None:
                guess.cancel()
            return False
        if guess is not None:
            await self.rt.adopt(guess, applied.state, player)
        loc = user_locale(interaction)
        notes = private_notes(applied, player, loc=loc, content=self.rt.content)
        lines = ([done] if done else []) + notes
        view = self.rt.view(applied.state, player)
        if show_panel and applied.state.run is not None and view.seats:
            _, embed, buttons = panel(
                self.rt, applied.state, player, notes=lines, view=view, loc=loc
            )
            await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
        else:
            await send(
                interaction,
                content=render.clip("\n".join(lines) or t(loc, "✓ Done."), 1900),
                ephemeral=True,
            )
        return True
