"""Answering interactions: running an action through the service within Discord's
3-second window, replying with the right visibility, and the button handler.

Visibility is decided before anything is sent: whatever may show a hand is ephemeral
from the first byte (an ephemeral defer, an ephemeral reply, or an edit of an ephemeral
panel). Refusals are always ephemeral and carry the engine's (or service's) reason.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.service.game import Applied
from bot.storage.errors import StorageError
from cogs.legends import howto, ids, render
from cogs.legends.components import panel_message
from rules.core.errors import IllegalAction, Refusal
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
    from cogs.legends.runtime import Runtime

log = logging.getLogger("cogs.legends")
T = TypeVar("T")


def player_id(interaction: discord.Interaction[Any]) -> str:
    return str(interaction.user.id)


async def send(
    interaction: discord.Interaction[Any],
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    ephemeral: bool = True,
) -> None:
    """Reply, or follow up if already acknowledged (a followup keeps the defer's
    visibility, which is why callers defer with the visibility they will need)."""
    kwargs: dict[str, Any] = {
        "content": content,
        "embeds": list(embeds),
        "ephemeral": ephemeral,
        "allowed_mentions": discord.AllowedMentions.none(),
    }
    if view is not None:
        kwargs["view"] = view
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
        else:
            await interaction.followup.send(**kwargs)
    except discord.NotFound as exc:
        log.warning("interaction %s expired before the reply (code %s)", interaction.id, exc.code)
    except discord.HTTPException as exc:
        log.warning(
            "reply to interaction %s failed (HTTP %s, code %s)",
            interaction.id,
            exc.status,
            exc.code,
        )


async def refuse(
    interaction: discord.Interaction[Any],
    message: str,
    extra: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
) -> None:
    await send(
        interaction, embeds=[render.refusal_embed(message), *extra], view=view, ephemeral=True
    )


async def or_refuse(interaction: discord.Interaction[Any], call: Awaitable[T]) -> T | None:
    """`call`'s result; or None after an ephemeral refusal saying why the rules or the
    database refused it."""
    try:
        return await call
    except IllegalAction as exc:
        await refuse(interaction, howto.refusal_text(exc.refusal))
    except StorageError as exc:
        await refuse(interaction, exc.player_message)
    return None


async def defer(
    interaction: discord.Interaction[Any], *, ephemeral: bool, update: bool = False
) -> None:
    if interaction.response.is_done():
        return
    try:
        if update:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    except discord.HTTPException as exc:
        log.warning("could not defer interaction %s (code %s)", interaction.id, exc.code)


def panel(
    runtime: Runtime,
    state: Table,
    player: str,
    notes: Sequence[str] = (),
    view: PlayerView | None = None,
) -> tuple[PlayerView, discord.Embed, discord.ui.View | None]:
    """The private panel of one person: their hand(s), their prompts, their buttons."""
    if view is None:
        view = runtime.view(state, player)
    embed, buttons = panel_message(view, notes)
    return view, embed, buttons


def private_notes(applied: Applied[Table], player: str) -> list[str]:
    mine = events_for(list(applied.events), applied.state, player)
    return [f"🔒 {e.text}" for e in mine if e.seats is not None]


class Actor:
    """Runs one action for one interaction."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    async def act(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        action: Action,
        *,
        expected_version: int | None = None,
        update: bool = False,
        stale_panel: bool = False,
        iid_suffix: str = "",
    ) -> Applied[Table] | None:
        """Apply `action`; reply with the refusal if refused. Defers (ephemerally, or as a
        component update) only if the service takes longer than the budget."""
        rt = self.runtime
        # A timer, not a task to wait on: the usual fast answer costs no extra loop turns.
        deferring: list[asyncio.Task[None]] = []
        timer = asyncio.get_running_loop().call_later(
            rt.budget,
            lambda: deferring.append(
                asyncio.ensure_future(defer(interaction, ephemeral=True, update=update))
            ),
        )
        try:
            try:
                return await self._apply(
                    cid, action, expected_version, f"{interaction.id}{iid_suffix}"
                )
            finally:
                timer.cancel()
                if deferring:  # the answer becomes its followup
                    await deferring[0]
        except IllegalAction as exc:
            log.debug("refused %s on %s: %s", action.type, cid, exc.refusal.code)
            await self.refused(interaction, cid, exc.refusal, stale_panel=stale_panel)
        except StorageError as exc:
            log.error("campaign %s: storage error on %s: %s", cid, action.type, exc.message)
            await refuse(interaction, exc.player_message)
        return None

    async def _apply(
        self, cid: str, action: Action, expected_version: int | None, interaction_id: str
    ) -> Applied[Table]:
        """Through the service. A slash command is not tied to a version, but passing the
        version just read spares the service a log look-up for retried interactions
        (needed only when versions differ); if the table moved meanwhile, apply it to
        the table as it is now (the engine checks it is still legal)."""
        svc = self.runtime.service
        if expected_version is not None:
            return await svc.act(
                cid, action, expected_version=expected_version, interaction_id=interaction_id
            )
        current = await svc.get(cid)
        try:
            return await svc.act(
                cid, action, expected_version=current.version, interaction_id=interaction_id
            )
        except IllegalAction as exc:
            if exc.refusal.code != "stale":
                raise
        return await svc.act(cid, action, interaction_id=interaction_id)

    async def refused(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        refusal: Refusal,
        *,
        stale_panel: bool,
    ) -> None:
        message = howto.refusal_text(refusal)
        if refusal.code == "stale" and stale_panel:
            try:
                state = await self.runtime.service.get(cid)
            except IllegalAction:
                await refuse(interaction, message)
                return
            player = player_id(interaction)
            if self.runtime.seats_of(state, player):
                _, embed, buttons = panel(
                    self.runtime, state, player, notes=["Here is your hand as it is now."]
                )
                await refuse(interaction, message, extra=[embed], view=buttons)
                return
        await refuse(interaction, message)


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
            await refuse(interaction, "This button does nothing any more.")
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
        notes = private_notes(applied, player)
        if bid.action == ids.BUY:  # the shop panel: say what was bought, drop its buttons
            text = "\n".join(n.removeprefix("🔒 ") for n in notes) or "✓ Done."
            await self.edit(interaction, content="✓ " + text, embeds=[], view=None)
            return
        if on_panel:
            if in_dm:
                # Updated in place: the publisher need not DM the same hand again.
                rt.mark_dm_sent(bid.table, player, applied.state)
            _, embed, buttons = panel(rt, applied.state, player, notes=notes)
            await self.edit(interaction, embed=embed, view=buttons)
            return
        view = rt.view(applied.state, player)
        if view.legal or notes:
            _, embed, buttons = panel(rt, applied.state, player, notes=notes, view=view)
            await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
        elif not interaction.response.is_done():
            try:
                await interaction.response.defer()
            except discord.HTTPException as exc:
                log.warning("could not acknowledge a click (code %s)", exc.code)
        else:  # deferred with "thinking": close it
            await send(interaction, content="✓ Done.", ephemeral=True)

    async def edit(
        self,
        interaction: discord.Interaction[Any],
        *,
        content: str | None = None,
        embed: discord.Embed | None = None,
        embeds: list[discord.Embed] | None = None,
        view: discord.ui.View | None,
    ) -> None:
        kwargs: dict[str, Any] = {"view": view}
        if content is not None:
            kwargs["content"] = content
        if embed is not None:
            kwargs["embed"] = embed
        if embeds is not None:
            kwargs["embeds"] = embeds
        try:
            if not interaction.response.is_done():
                await interaction.response.edit_message(**kwargs)
            else:
                await interaction.edit_original_response(**kwargs)
        except discord.HTTPException as exc:
            log.warning("could not update a panel (HTTP %s, code %s)", exc.status, exc.code)

    async def show_panel(
        self, interaction: discord.Interaction[Any], state: Table, player: str
    ) -> None:
        rt = self.runtime
        if not rt.seats_of(state, player):
            await refuse(
                interaction,
                "You are not seated at this table. Join with "
                "/legends join (between runs you are dealt in next run).",
            )
            return
        if state.run is None:
            await refuse(
                interaction, "No run is in progress. The owner can start one with /legends start."
            )
            return
        _, embed, buttons = panel(rt, state, player)
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
            return Play(player=player, card=bid.arg, merc=bid.merc)
        if a == ids.CHOOSE and bid.arg:
            return Choose(player=player, option=bid.arg, merc=bid.merc)
        if a == ids.DISCARD and bid.arg:
            return Discard(player=player, card=bid.arg, merc=bid.merc)
        if a == ids.READY:
            return Ready(player=player, merc=bid.merc)
        if a == ids.BUY and bid.arg:
            return Buy(player=player, card=bid.arg, merc=bid.merc)
        return None
