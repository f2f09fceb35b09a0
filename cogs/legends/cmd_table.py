"""`/legends` commands that show the table or change a deck between runs: status,
clues, memory, solve, deck, shop, buy, remove, rules, dm."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import t, tcount
from cogs.common.dmcommand import answer_dm_toggle
from cogs.common.locale import table_locale, user_locale
from cogs.legends import render, render_private
from cogs.legends.cmd_base import (
    LEGENDS,
    MERC_PREFIX,
    Choice,
    CommandBase,
    choices,
)
from cogs.legends.components import board_buttons, shop_buttons
from cogs.legends.interact import (
    panel,
    player_id,
    refuse,
    send,
)
from cogs.legends.localize import card_words, localize_board
from cogs.legends.rules_text import TOPICS
from rules.legends import engine
from rules.legends.actions import (
    Buy,
    Remove,
    Solve,
)
from rules.legends.state import Runner, Table

legends = LEGENDS


def _topics(loc: str) -> str:
    """The rules topics by their titles in the reader's language (either finds one)."""
    return ", ".join(t(loc, title) for title, _ in TOPICS.values())


class TableCommands(CommandBase):
    # ---- read-only views -------------------------------------------------------------------

    @legends.command(name="status", description="The board: Obstacles, the Plan, the crew")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        loc = table_locale(state.options.language, interaction)  # a public answer
        b = localize_board(self.rt.board(state), self.rt.content, state, loc)
        if state.run is None:
            embed = render.campaign_embed(state, self.rt.content, loc=loc)
            await send(interaction, embeds=[embed], ephemeral=False)
            return
        await send(
            interaction,
            embeds=[render.board_embed(b, loc=loc)],
            view=board_buttons(b, loc=loc),
            ephemeral=False,
        )

    @legends.command(name="clues", description="Clue cards collected in this campaign")
    async def clues(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            loc = table_locale(here[1].options.language, interaction)
            embed = render.clues_embed(here[1], self.rt.content, loc=loc)
            await send(interaction, embeds=[embed], ephemeral=False)

    @legends.command(name="memory", description="Persistent Memory of this campaign")
    async def memory(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            loc = table_locale(here[1].options.language, interaction)
            embed = render.memory_embed(here[1], self.rt.content, loc=loc)
            await send(interaction, embeds=[embed], ephemeral=False)

    @legends.command(name="solve", description="Answer a clue's puzzle")
    @app_commands.describe(answer="Your answer")
    async def solve(
        self, interaction: discord.Interaction[Any], answer: app_commands.Range[str, 1, 200]
    ) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Solve(player=player_id(interaction), answer=answer),
                done=t(user_locale(interaction), "✓ Correct!"),
            )

    @legends.command(name="deck", description="Your decklist and Eddies, only for you")
    async def deck(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        loc = user_locale(interaction)
        mine = [r for r in here[1].runners if r.player == player_id(interaction)]
        if not mine:
            await refuse(
                interaction, t(loc, "You are not seated at this table. Join with /legends join.")
            )
            return
        embed = render_private.deck_embed(mine, self.rt.content, loc=loc)
        await send(interaction, embeds=[embed], ephemeral=True)

    def _pool(self, state: Table) -> list[str]:
        return engine.shop_cards(state, self.rt.content)

    def _affordable(self, state: Table, r: Runner) -> list[str]:
        """The Upgrade Pool's cards runner `r` can buy now (Eddies, deck limit)."""
        content = self.rt.content
        return [
            card_id
            for card_id in self._pool(state)
            if content.cards[card_id].cost <= r.eddies and r.deck.count(card_id) < engine.DECK_LIMIT
        ]

    async def _deck_choices(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        options: Callable[[Table, Runner, str], Iterable[tuple[str, str]]],
    ) -> list[Choice[str]]:
        """Autocomplete of a card for the person's runners, between runs: `options(state,
        r, loc)` gives (label, card id) for runner `r`; a merc's are marked as its own."""
        state = await self._quiet(interaction)
        if state is None or state.run is not None:
            return []
        loc = user_locale(interaction)
        items: list[tuple[str, str]] = []
        for r in state.runners:
            if r.player != player_id(interaction):
                continue
            who = t(loc, "Merc: ") if r.is_merc else ""
            prefix = MERC_PREFIX if r.is_merc else ""
            items.extend((who + label, prefix + cid) for label, cid in options(state, r, loc))
        return choices(items, current)

    @legends.command(name="shop", description="The Upgrade Pool and its prices")
    async def shop(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        content = self.rt.content
        loc = user_locale(interaction)
        player = player_id(interaction)
        mine = [r for r in state.runners if r.player == player]
        embed = render_private.shop_embed(
            mine, self._pool(state), content, open_now=state.run is None, loc=loc
        )
        buttons = None
        if state.run is None and mine:
            items = []
            for r in mine:
                for card_id in self._affordable(state, r):
                    card = content.cards[card_id]
                    name, _ = card_words(content, loc, card_id)
                    text = (
                        t(loc, "Merc buys {card} ({cost})", card=name, cost=card.cost)
                        if r.is_merc
                        else t(loc, "Buy {card} ({cost})", card=name, cost=card.cost)
                    )
                    items.append((card_id, text, r.is_merc))
            buttons = shop_buttons(state.id, state.version, items)
        await send(interaction, embeds=[embed], view=buttons, ephemeral=True)

    @legends.command(name="buy", description="Buy a card from the Upgrade Pool into your deck")
    @app_commands.describe(card="A card you can afford")
    async def buy(self, interaction: discord.Interaction[Any], card: str) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        merc, card_id = self._deck_card(card)
        await self._do(
            interaction, cid, Buy(player=player_id(interaction), card=card_id, merc=merc)
        )

    def _deck_card(self, value: str) -> tuple[bool, str]:
        merc = value.startswith(MERC_PREFIX)
        raw = value.removeprefix(MERC_PREFIX).strip()
        content = self.rt.content
        if raw not in content.cards:
            for cid, card in content.cards.items():
                if card.name.lower() == raw.lower():
                    return merc, cid
        return merc, raw[:60]

    @buy.autocomplete("card")
    async def _buy_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        content = self.rt.content

        def affordable(state: Table, r: Runner, loc: str) -> Iterable[tuple[str, str]]:
            for card_id in self._affordable(state, r):
                label = render_private.pack_card_label(content, card_id, loc=loc)
                cost = content.cards[card_id].cost
                yield f"{label} — {tcount(loc, cost, 'Eddie')}", card_id

        return await self._deck_choices(interaction, current, affordable)

    @legends.command(name="remove", description="Take a card out of your deck (between runs)")
    @app_commands.describe(card="A card of your deck")
    async def remove(self, interaction: discord.Interaction[Any], card: str) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        merc, card_id = self._deck_card(card)
        await self._do(
            interaction, here[0], Remove(player=player_id(interaction), card=card_id, merc=merc)
        )

    @remove.autocomplete("card")
    async def _remove_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        content = self.rt.content
        cards = content.cards

        def in_deck(_state: Table, r: Runner, loc: str) -> Iterable[tuple[str, str]]:
            if len(r.deck) <= engine.MIN_DECK:
                return
            for card_id in sorted(set(r.deck), key=lambda c: cards[c].name):
                label = render_private.pack_card_label(content, card_id, loc=loc)
                yield f"{label} (×{r.deck.count(card_id)})", card_id

        return await self._deck_choices(interaction, current, in_deck)

    @legends.command(name="rules", description="Short rules reference, only for you")
    @app_commands.describe(topic="What to explain")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        loc = user_locale(interaction)
        key = (topic or "overview").strip().lower().replace(" ", "_")
        if key not in TOPICS:
            key = next(
                (
                    k
                    for k, (title, _) in TOPICS.items()
                    if key in k or key in title.lower() or key in t(loc, title).lower()
                ),
                "",
            )
        if not key:
            await refuse(
                interaction, t(loc, "No such topic. Topics: {topics}.", topics=_topics(loc))
            )
            return
        title, text = TOPICS[key]
        embed = discord.Embed(
            title=t(loc, title), description=t(loc, text), colour=render.COLOR_BOARD
        )
        embed.set_footer(text=t(loc, "Topics: {topics}", topics=_topics(loc)))
        await send(interaction, embeds=[embed], ephemeral=True)

    @rules.autocomplete("topic")
    async def _rules_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        loc = user_locale(interaction)
        return choices([(t(loc, title), key) for key, (title, _) in TOPICS.items()], current)

    @legends.command(name="dm", description="Get your hand by DM whenever it changes")
    @app_commands.describe(enabled="On or off")
    async def dm(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        loc = user_locale(interaction)
        if not any(r.player == player for r in state.runners):
            await refuse(
                interaction, t(loc, "You are not seated at this table. Join with /legends join.")
            )
            return
        rt = self.rt
        name = state.name
        await answer_dm_toggle(
            rt,
            interaction,
            cid,
            enabled,
            hand=(lambda: panel(rt, state, player, loc=loc)[1:]) if state.run is not None else None,
            waiting=t(
                loc, "You will get your hand for **{name}** here whenever it changes.", name=name
            ),
            sent=lambda: rt.mark_dm_sent(cid, player, state),
        )
