"""`/legendary` commands of playing: hand, play, recruit, fight, heal, choose, end, dm."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from cogs.common.answer import player_id
from cogs.common.dmcommand import answer_dm_toggle
from cogs.common.locale import user_locale
from cogs.legendary import components
from cogs.legendary.cmd_base import (
    AC,
    LEGENDARY,
    CommandBase,
    refuse,
)
from rules.core.errors import IllegalAction
from rules.legendary.actions import Choose, EndTurn, Fight, Heal, Play, Recruit


class TurnCommands(CommandBase):
    # ---- playing ------------------------------------------------------------------------

    @LEGENDARY.command(name="hand", description="Your hand and what you can do (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        await self.actor.show_panel(interaction, here[1])

    @LEGENDARY.command(name="play", description="Play a card from your hand")
    @app_commands.describe(
        card="a card in your hand",
        fated_future="True: a Fated Future card goes to the bottom of your deck",
        half="A divided card: which half to play (else you are asked)",
    )
    async def play(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        fated_future: bool | None = None,
        half: str | None = None,
    ) -> None:
        def make(st: Any, s: int) -> Play:
            inst = self._pick(st, s, card, Play, "card")
            side = self._half(st, s, inst, half) if half else None
            return Play(seat=s, card=inst, fated_future=fated_future, half=side)

        await self._move(interaction, make)

    @play.autocomplete("card")
    async def _ac_play(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Play, "card")

    @play.autocomplete("half")
    async def _ac_half(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        """The halves of the card picked in `card` (if it is a divided card in hand)."""
        state = await self._quiet(i)
        legal, v = self._legal(state, player_id(i))
        if v is None or state is None:
            return []
        typed = str(getattr(i.namespace, "card", "") or "")
        try:
            inst = self._pick(state, v.viewer, typed, Play, "card")
        except IllegalAction:
            return []
        c = components.known_cards(v).get(inst)
        halves = c.halves if c is not None else ()
        return [
            AC(name=h, value=str(n)) for n, h in enumerate(halves) if current.lower() in h.lower()
        ]

    @LEGENDARY.command(name="recruit", description="Recruit a Hero from the HQ, or an Officer")
    @app_commands.describe(card="an HQ Hero or an Officer you can afford")
    async def recruit(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._move(
            interaction,
            lambda st, s: Recruit(seat=s, card=self._pick(st, s, card, Recruit, "card")),
        )

    @recruit.autocomplete("card")
    async def _ac_rec(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Recruit, "card")

    @LEGENDARY.command(name="fight", description="Fight a Villain in the city or the Mastermind")
    @app_commands.describe(target="a Villain in the city, or the Mastermind")
    async def fight(self, interaction: discord.Interaction[Any], target: str) -> None:
        await self._move(
            interaction,
            lambda st, s: Fight(seat=s, target=self._pick(st, s, target, Fight, "target")),
        )

    @fight.autocomplete("target")
    async def _ac_fight(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Fight, "target")

    @LEGENDARY.command(name="heal", description="KO all Wounds in your hand")
    async def heal(self, interaction: discord.Interaction[Any]) -> None:
        await self._move(interaction, lambda st, s: Heal(seat=s))

    @LEGENDARY.command(name="choose", description="Answer the choice waiting on you")
    @app_commands.describe(option="one of the options of the choice waiting on you")
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        await self._move(
            interaction,
            lambda st, s: Choose(seat=s, option=self._pick(st, s, option, Choose, "option")),
        )

    @choose.autocomplete("option")
    async def _ac_choose(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Choose, "option")

    @LEGENDARY.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        done = t(user_locale(interaction), "✓ Turn ended.")
        await self._move(interaction, lambda st, s: EndTurn(seat=s), done=done)

    @LEGENDARY.command(name="dm", description="Get your hand by DM whenever it changes")
    @app_commands.describe(enabled="On or off")
    async def dm(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        loc = user_locale(interaction)  # the DM speaks it too (`GameRuntime.heard`)
        player = player_id(interaction)
        seats = state.seats_of(player)
        if not seats:
            await refuse(
                interaction, t(loc, "You have no seat in this game.\nJoin with /legendary join.")
            )
            return
        rt = self.rt
        rt.dms.forget(cid, player)
        seat = seats[0]
        playing = state.game is not None and not state.over
        await answer_dm_toggle(
            rt,
            interaction,
            cid,
            enabled,
            hand=(lambda: rt.panel(state, seat, (), loc)) if playing else None,
            waiting=t(loc, "You will get your Legendary 2099 hand here whenever it changes."),
            sent=lambda: rt.dms.mark(cid, player, rt.panel_signature(state, seat)),
        )
