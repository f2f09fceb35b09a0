"""`/legendary` commands anyone may run to read: status, victory, card, rules, log.
Each answer is ephemeral, so it speaks the asker's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from cogs.common.answer import or_refuse, player_id, send
from cogs.common.locale import user_locale
from cogs.common.text import CONTENT_MAX, clip
from cogs.common.topics import topic_choices
from cogs.legendary import render
from cogs.legendary.cmd_base import (
    AC,
    LEGENDARY,
    MAX_CHOICES,
    CommandBase,
    complete,
    refuse,
    resolve,
)
from cogs.legendary.howto import NAMES, card_text, rules_text
from rules.core.errors import IllegalAction
from rules.legendary import engine


class ReadCommands(CommandBase):
    # ---- reading ------------------------------------------------------------------------

    @LEGENDARY.command(name="status", description="The board")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here_or_last(interaction)
        if here is None:
            return
        _, state = here
        loc = user_locale(interaction)
        if state.game is None:
            await send(interaction, content=render.setup_text(state, self.rt.content, loc))
            return
        content = None
        if state.over:
            g = state.game
            v = self.rt.view(state, None)
            content = render.end_sentence(
                v, engine.scores(g, self.rt.content), engine.winners(g, self.rt.content), loc
            )
            if state.abandoned:
                content = t(loc, "The game was abandoned.")
        await send(interaction, content=content, embeds=[self.rt.public_board(state, loc=loc)])

    @LEGENDARY.command(name="victory", description="A Victory Pile")
    @app_commands.describe(player="whose Victory Pile (yours if left out)")
    async def victory(
        self, interaction: discord.Interaction[Any], player: discord.Member | None = None
    ) -> None:
        found = await self._here_or_last(interaction)
        if found is None:
            return
        _, state = found
        loc = user_locale(interaction)
        if state.game is None:
            await refuse(interaction, t(loc, "The game has not started.\nNo Victory Piles yet."))
            return
        who = str(player.id) if player is not None else player_id(interaction)
        seats = state.seats_of(who)
        if not seats:
            await refuse(interaction, t(loc, "That person has no seat.\nName a seated player."))
            return
        p = self.rt.view(state, None).players[seats[0]]
        text = render.victory_text(p, self.rt.content, loc)
        await send(interaction, content=clip(text, 1900))

    @LEGENDARY.command(name="card", description="One card's full text")
    @app_commands.describe(name="any card (type part of its name)")
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        p = self.rt.content
        loc = user_locale(interaction)
        try:
            cid = resolve(name, {i: c.name for i, c in p.cards.items()}, "card")
        except IllegalAction as exc:
            # A name as the reader's language gives it ("Szlam"), where the pack has one.
            local = {i: p.text_for(i, "name", loc) for i in p.cards}
            try:
                cid = resolve(
                    name, {i: n for i, n in local.items() if n != p.cards[i].name}, "card"
                )
            except IllegalAction:
                await refuse(interaction, exc.refusal.message)
                return
        await send(interaction, content=clip(card_text(p.cards[cid], p, loc), CONTENT_MAX))

    @card.autocomplete("name")
    async def _ac_card(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        # One entry per name (copies share one), labelled as the reader's language names
        # the card; the value is the id.
        p, loc = self.rt.content, user_locale(i)
        names: dict[str, str] = {}
        for cid in p.cards:
            names.setdefault(p.text_for(cid, "name", loc), cid)
        return complete({v: k for k, v in names.items()}, current)

    @LEGENDARY.command(name="rules", description="Short rules reference")
    @app_commands.describe(topic="a rules topic (leave out for the list)")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        text = rules_text(topic, user_locale(interaction))
        await send(interaction, content=clip(text, CONTENT_MAX))

    @rules.autocomplete("topic")
    async def _ac_rules(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        pairs = topic_choices(user_locale(i), NAMES, current)
        return [AC(name=name, value=key) for name, key in pairs][:MAX_CHOICES]

    @LEGENDARY.command(name="log", description="Recent events (only you see it)")
    async def log_cmd(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here_or_last(interaction)
        if here is None:
            return
        loc = user_locale(interaction)
        lines = await or_refuse(
            interaction,
            self.rt.recent_events(here[0], loc=loc),
            group=render.COMMAND,
        )
        if lines is None:
            return
        await send(interaction, content=render.log_text(lines, loc=loc))
