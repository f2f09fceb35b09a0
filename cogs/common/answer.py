"""Answering interactions, for every game: running an action through the service within
Discord's 3-second window (the defer budget), replying with the right visibility, and
refusals.

Visibility is decided before anything is sent: whatever may show a hand is ephemeral
from the first byte (an ephemeral defer, an ephemeral reply, or an edit of an ephemeral
panel). Refusals are always ephemeral, carry the engine's (or service's) reason as the
game's front end words it (`GameRuntime.explain`), and are drawn by one function
(`text.refusal_embed`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import discord

from bot.i18n import t
from bot.service.contract import Applied
from bot.storage.errors import StorageError
from cogs.common.locale import user_locale
from cogs.common.text import refusal_embed
from rules.core.errors import IllegalAction, Refusal

if TYPE_CHECKING:
    from cogs.common.runtime import GameRuntime

log = logging.getLogger("cogs.common")
T = TypeVar("T")
S = TypeVar("S")


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
    *,
    group: str | None = None,
) -> None:
    """An ephemeral refusal: `message` drawn by `refusal_embed` (`group`: the game's
    slash-command group, whose mentions are set as code), then `extra` embeds."""
    await send(
        interaction, embeds=[refusal_embed(message, group), *extra], view=view, ephemeral=True
    )


def storage_text(interaction: discord.Interaction[Any], exc: StorageError) -> str:
    """What a player reads when the database failed their action, in their language
    (the error's `player_message`, an English text the catalogue translates)."""
    return t(user_locale(interaction), exc.player_message)


async def or_refuse(
    interaction: discord.Interaction[Any],
    call: Awaitable[T],
    *,
    group: str | None = None,
    explain: Callable[[Refusal], str] | None = None,
) -> T | None:
    """`call`'s result; or None after an ephemeral refusal saying why the rules or the
    database refused it (`explain`: the game's wording of a rules refusal)."""
    try:
        return await call
    except IllegalAction as exc:
        text = explain(exc.refusal) if explain is not None else exc.refusal.message
        await refuse(interaction, text, group=group)
    except StorageError as exc:
        await refuse(interaction, storage_text(interaction, exc), group=group)
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


async def edit(
    interaction: discord.Interaction[Any],
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    view: discord.ui.View | None,
) -> None:
    """Update the message a component sits on (a panel), or the deferred answer."""
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


class Actor(Generic[S]):
    """Runs one action for one interaction, for the game of `runtime`."""

    def __init__(self, runtime: GameRuntime[S]) -> None:
        self.runtime = runtime

    async def refuse(
        self,
        interaction: discord.Interaction[Any],
        message: str,
        extra: Sequence[discord.Embed] = (),
        view: discord.ui.View | None = None,
    ) -> None:
        await refuse(interaction, message, extra, view, group=self.runtime.command)

    async def act(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        action: Any,
        *,
        expected_version: int | None = None,
        update: bool = False,
        stale_panel: bool = False,
        iid_suffix: str = "",
    ) -> Applied[S] | None:
        """Apply `action`; reply with the refusal if refused. Defers (ephemerally, or as a
        component update) only if the service takes longer than the budget."""
        rt = self.runtime
        kind = rt.service.adapter.kind(action)
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
            log.debug("refused %s on %s: %s", kind, cid, exc.refusal.code)
            await self.refused(interaction, cid, exc.refusal, stale_panel=stale_panel)
        except StorageError as exc:
            log.error("campaign %s: storage error on %s: %s", cid, kind, exc.message)
            await self.refuse(interaction, storage_text(interaction, exc))
        return None

    async def _apply(
        self, cid: str, action: Any, expected_version: int | None, interaction_id: str
    ) -> Applied[S]:
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
                cid,
                action,
                expected_version=svc.adapter.version(current),
                interaction_id=interaction_id,
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
        """The refusal, in the game's words; a stale click on a panel also gets the
        person's panel as it is now (if the game has one for them)."""
        loc = user_locale(interaction)
        text = self.runtime.explain_for(refusal, loc)
        if refusal.code == "stale" and stale_panel:
            try:
                state = await self.runtime.service.get(cid)
            except IllegalAction:
                await self.refuse(interaction, text)
                return
            fresh = self.runtime.stale_panel_for(state, player_id(interaction), loc)
            if fresh is not None:
                embed, buttons = fresh
                await self.refuse(interaction, text, extra=[embed], view=buttons)
                return
        await self.refuse(interaction, text)
