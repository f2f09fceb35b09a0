"""Answering Legendary's clicks and running its actions for an interaction. The
plumbing (defer budget, visibility, the one refusal drawing) is the house's
(cogs/common/answer.py). A hand is only ever sent ephemerally (or edited in place on an
ephemeral panel). Everything here answers the clicking person, in their language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import N_, SOURCE, t
from bot.service.contract import Applied
from cogs.common.answer import Actor, edit, player_id, send
from cogs.common.locale import user_locale
from cogs.legendary import components
from cogs.legendary.localize import line
from cogs.legendary.table import Move, Table
from rules.legendary.actions import Action as GameAction
from rules.legendary.cards import Pack
from rules.legendary.view import events_for

if TYPE_CHECKING:
    from cogs.common.ids import ButtonId
    from cogs.legendary.runtime import LegendaryRuntime


def private_notes(
    applied: Applied[Table], seat: int, loc: str = SOURCE, pack: Pack | None = None
) -> list[str]:
    mine = events_for(list(applied.events), seat)
    return [f"🔒 {line(pack, loc, e.text)}" for e in mine if e.seats is not None]


NO_SEAT = N_("You have no seat in this game.\nYou can watch the board in the channel.")
NOT_STARTED = N_("The game has not started.\nThe host starts it with /legendary start.")


class LegendaryActor(Actor[Table]):
    runtime: LegendaryRuntime

    def __init__(self, runtime: LegendaryRuntime) -> None:
        super().__init__(runtime)
        self.runtime = runtime

    async def move(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        state: Table,
        action: GameAction,
        *,
        done: str | None = None,
        expected_version: int | None = None,
        update: bool = False,
    ) -> Applied[Table] | None:
        """Run one engine action for the caller and answer with their panel (`done` is
        already in their language)."""
        rt = self.runtime
        player = player_id(interaction)
        loc = rt.heard(interaction)
        async with rt.answering(cid):
            applied = await self.act(
                interaction,
                cid,
                Move(person=player, action=action),
                expected_version=expected_version,
                update=update,
                stale_panel=True,
            )
            if applied is None:
                return None
            notes = ([done] if done else []) + private_notes(applied, action.seat, loc, rt.content)
            embed, buttons = rt.panel(applied.state, action.seat, notes, loc)
            if update:
                await edit(interaction, embed=embed, view=buttons)
                if interaction.guild_id is None:
                    # Updated in place in the DM: the publisher need not DM it again.
                    rt.dms.mark(cid, player, rt.panel_signature(applied.state, action.seat))
            else:
                await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
            return applied

    async def show_panel(
        self, interaction: discord.Interaction[Any], state: Table, notes: Sequence[str] = ()
    ) -> None:
        loc = self.runtime.heard(interaction)
        seats = state.seats_of(player_id(interaction))
        if not seats:
            await self.refuse(interaction, t(loc, NO_SEAT))
            return
        if state.game is None:
            await self.refuse(interaction, t(loc, NOT_STARTED))
            return
        embed, buttons = self.runtime.panel(state, seats[0], notes, loc)
        await send(interaction, embeds=[embed], view=buttons, ephemeral=True)


class ClickHandler(LegendaryActor):
    async def handle(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        rt = self.runtime
        loc = user_locale(interaction)
        try:
            state = await rt.service.get(bid.table)
        except Exception:
            await self.refuse(
                interaction, t(loc, "This game is gone.\nStart one with /legendary new.")
            )
            return
        if bid.action == components.HAND:
            await self.show_panel(interaction, state)
            return
        seats = state.seats_of(player_id(interaction))
        if not seats:
            await self.refuse(interaction, t(loc, NO_SEAT))
            return
        action = components.action_for(bid, seats[0])
        if action is None:
            await self.refuse(
                interaction, t(loc, "This button does nothing any more.\nUse /legendary hand.")
            )
            return
        msg = interaction.message
        on_panel = msg is not None and (msg.flags.ephemeral or interaction.guild_id is None)
        await self.move(
            interaction, bid.table, state, action, expected_version=bid.version, update=on_panel
        )
