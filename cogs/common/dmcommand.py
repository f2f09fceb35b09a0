"""The `/<game> dm enabled:…` answer every game with DM hands gives alike: record the
opt-in (or opt-out), DM the hand at once when there is one (else a line saying it will
come), and say so; closed DMs are remembered, so the board stops trying and the player
is told to open them. Only the hand, the "will come" line and how the game remembers a
DMed hand are the game's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from cogs.common.answer import defer, player_id, refuse, send
from cogs.common.locale import user_locale

if TYPE_CHECKING:
    from cogs.common.runtime import GameRuntime


async def answer_dm_toggle(
    rt: GameRuntime[Any],
    interaction: discord.Interaction[Any],
    cid: str,
    enabled: bool,
    *,
    hand: Callable[[], tuple[discord.Embed, discord.ui.View | None]] | None,
    waiting: str,
    sent: Callable[[], None],
) -> None:
    """Answers in the asker's language. `hand`: the hand's embed and buttons when one
    can be sent now (None before the game is under way); `waiting`: the DM sent instead;
    `sent`: called once the hand went, so the next change is not DMed twice."""
    player = player_id(interaction)
    loc = user_locale(interaction)
    rt.prefs.set_dm(cid, player, enabled)
    if not enabled:
        await send(
            interaction,
            content=t(loc, "✓ No more DMs: use the **My hand** button."),
            ephemeral=True,
        )
        return
    await defer(interaction, ephemeral=True)
    try:
        if hand is not None:
            embed, buttons = hand()
            if buttons is None:
                await interaction.user.send(embed=embed)
            else:
                await interaction.user.send(embed=embed, view=buttons)
            sent()
        else:
            await interaction.user.send(waiting)
    except discord.Forbidden:
        rt.prefs.dm_closed.add(player)
        rt.prefs.changed()
        closed = t(
            loc,
            "I can't DM you: your DMs are closed.\nOpen them (Server → Privacy Settings → "
            "Direct Messages) and run this again; meanwhile use the **My hand** button.",
        )
        await refuse(interaction, closed, group=rt.command)
        return
    except discord.HTTPException as exc:
        refused = t(
            loc, "Discord refused the DM ({status}).\nTry again later.", status=str(exc.status)
        )
        await refuse(interaction, refused, group=rt.command)
        return
    await send(
        interaction,
        content=t(
            loc, "✓ I'll DM you your hand whenever it changes, with buttons to act from there."
        ),
        ephemeral=True,
    )
