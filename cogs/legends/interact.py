"""Answering Legends interactions: the button handler, the private panel, and the
Legends wording of refusals.

The plumbing (the defer budget, replies with the right visibility, the one refusal
drawing) is the house's, cogs/common/answer.py; this module binds it to Legends
(`/legends …` set as code in refusals, `explain` for the rules' refusals).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.i18n import t
from bot.service.contract import Applied
from cogs.common import answer
from cogs.common.answer import Actor as HouseActor
from cogs.common.answer import defer as defer
from cogs.common.answer import edit
from cogs.common.answer import player_id as player_id
from cogs.common.answer import send as send
from cogs.common.locale import user_locale
from cogs.legends import howto, ids, render
from cogs.legends.components import panel_message
from cogs.legends.localize import localize_events, localize_view
from rules.core.errors import Refusal
from rules.legends.actions import (
    Action,
    Buy,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Play,
    Ready,
)
from rules.legends.state import Table
from rules.legends.view import PlayerView, events_for

if TYPE_CHECKING:
    from cogs.legends.runtime import LegendsRuntime

log = logging.getLogger("cogs.legends")
T = TypeVar("T")


def explain(refusal: Refusal, loc: str = "en") -> str:
    """A rules refusal in the Legends front end's words (the one place to say how to
    act with Legends' commands), in the reader's language."""
    return howto.refusal_text(refusal, loc)


async def refuse(
    interaction: discord.Interaction[Any],
    message: str,
    extra: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
) -> None:
    await answer.refuse(interaction, message, extra, view, group=render.COMMAND)


async def or_refuse(interaction: discord.Interaction[Any], call: Awaitable[T]) -> T | None:
    """`call`'s result; or None after an ephemeral refusal saying why the rules or the
    database refused it."""
    loc = user_locale(interaction)
    return await answer.or_refuse(
        interaction, call, group=render.COMMAND, explain=lambda r: explain(r, loc)
    )


def panel(
    runtime: LegendsRuntime,
    state: Table,
    player: str,
    notes: Sequence[str] = (),
    view: PlayerView | None = None,
    *,
    loc: str = "en",
) -> tuple[PlayerView, discord.Embed, discord.ui.View | None]:
    """The private panel of one person: their hand(s), their prompts, their buttons."""
    if view is None:
        view = runtime.view(state, player)
    view = localize_view(view, runtime.content, state, loc)
    embed, buttons = panel_message(view, notes, loc=loc)
    return view, embed, buttons


def private_notes(
    applied: Applied[Table], player: str, *, loc: str = "en", content: Any = None
) -> list[str]:
    mine = [e for e in events_for(list(applied.events), applied.state, player) if e.seats]
    if content is not None:
        mine = localize_events(mine, content, applied.state, loc)
    return [f"🔒 {howto.event_text(e, loc)}" for e in mine]


class Actor(HouseActor[Table]):
    """Runs one Legends action for one interaction."""

    runtime: LegendsRuntime

    def __init__(self, runtime: LegendsRuntime) -> None:
        super().__init__(runtime)
        self.runtime = runtime


class ClickHandler(Actor):
    """Every Fixer button lands here (through FxButton, or through on_interaction when
    the button is no longer on the message a stale client clicked)."""

    async def handle(self, interaction: discord.Interaction[Any], bid: ids.ButtonId) -> None:
        rt = self.runtime
        player = player_id(interaction)
        state = await or_refuse(interaction, rt.service.get(bid.table))
        if state is None:
            return
        if bid.action in (ids.HAND, ids.PLAYS):
            await self.show_panel(interaction, state, player)
            return
        action = self.action_for(bid, player)
        if action is None:
            await refuse(
                interaction, t(user_locale(interaction), "This button does nothing any more.")
            )
            return
        async with rt.answering(bid.table):
            await self._act_and_answer(interaction, bid, action, player)

    async def _act_and_answer(
        self, interaction: discord.Interaction[Any], bid: ids.ButtonId, action: Action, player: str
    ) -> None:
        rt = self.runtime
        msg = interaction.message
        in_dm = interaction.guild_id is None
        on_panel = msg is not None and (msg.flags.ephemeral or in_dm)
        applied = await self.act(
            interaction,
            bid.table,
            action,
            expected_version=bid.version,
            update=on_panel,
            stale_panel=True,
        )
        if applied is None:
            return
        loc = user_locale(interaction)
        notes = private_notes(applied, player, loc=loc, content=rt.content)
        if bid.action == ids.BUY:  # the shop panel: say what was bought, drop its buttons
            text = "\n".join(n.removeprefix("🔒 ") for n in notes) or t(loc, "✓ Done.")
            await edit(interaction, content="✓ " + text, embeds=[], view=None)
            return
        if on_panel:
            if in_dm:
                # Updated in place: the publisher need not DM the same hand again.
                rt.mark_dm_sent(bid.table, player, applied.state)
            _, embed, buttons = panel(rt, applied.state, player, notes=notes, loc=loc)
            await edit(interaction, embed=embed, view=buttons)
            return
        view = rt.view(applied.state, player)
        if view.legal or notes:
            _, embed, buttons = panel(rt, applied.state, player, notes=notes, view=view, loc=loc)
            await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
        elif not interaction.response.is_done():
            try:
                await interaction.response.defer()
            except discord.HTTPException as exc:
                log.warning("could not acknowledge a click (code %s)", exc.code)
        else:  # deferred with "thinking": close it
            await send(interaction, content=t(loc, "✓ Done."), ephemeral=True)

    async def show_panel(
        self, interaction: discord.Interaction[Any], state: Table, player: str
    ) -> None:
        rt = self.runtime
        loc = user_locale(interaction)
        if not rt.seats_of(state, player):
            await refuse(
                interaction,
                t(
                    loc,
                    "You are not seated at this table. Join with "
                    "/legends join (between runs you are dealt in next run).",
                ),
            )
            return
        if state.run is None:
            await refuse(
                interaction,
                t(loc, "No run is in progress. The owner can start one with /legends start."),
            )
            return
        _, embed, buttons = panel(rt, state, player, loc=loc)
        await send(interaction, embeds=[embed], view=buttons, ephemeral=True)

    @staticmethod
    def action_for(bid: ids.ButtonId, player: str) -> Action | None:
        a = bid.action
        if a == ids.FLIP:
            return Flip(player=player)
        if a == ids.VOTE and bid.arg:
            return Choose(player=player, option=bid.arg)
        if a == ids.CLOSE:
            return CloseVote(player=player)
        if a == ids.PLAY and bid.arg:
            return Play(player=player, card=bid.arg, merc=bid.flag)
        if a == ids.CHOOSE and bid.arg:
            return Choose(player=player, option=bid.arg, merc=bid.flag)
        if a == ids.DISCARD and bid.arg:
            return Discard(player=player, card=bid.arg, merc=bid.flag)
        if a == ids.READY:
            return Ready(player=player, merc=bid.flag)
        if a == ids.BUY and bid.arg:
            return Buy(player=player, card=bid.arg, merc=bid.flag)
        return None
