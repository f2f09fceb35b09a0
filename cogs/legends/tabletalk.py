"""The table-talk rule (R14) in the campaign channel and its threads.

A seated player's new or edited message is checked against **that player's own hand**
(through `player_view`, the visibility choke point) with `rules.legends.tabletalk`.
Face-up cards (the Plan, the Obstacles, the Clues) are free to discuss. With
`table_talk = delete` the message is deleted and its author told privately why (by DM,
naming the card); `warn` keeps it and warns; `off` does nothing. The public channel never
learns which card: if the author's DMs are closed, the public notice names the rule only.
If Manage Messages is missing, Fixer warns instead of deleting and tells the owner once.
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from cogs.legends import render
from cogs.legends.runtime import LegendsRuntime
from rules.core.text import count
from rules.legends.cards import PlayerCard
from rules.legends.state import Table
from rules.legends.tabletalk import Violation, check_message, face_up_terms

log = logging.getLogger("cogs.legends.tabletalk")

KIND_WORDS = {"name": "the name", "rank": "a rank", "suit": "a suit", "text": "rules text"}


class TableTalkCog(commands.Cog):
    def __init__(self, bot: commands.Bot, runtime: LegendsRuntime) -> None:
        self.bot = bot
        self.rt = runtime

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot and message.guild is not None:
            await self.rt.spawn(self.check(message, edited=False), name="tabletalk")

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        message = getattr(payload, "message", None)
        if message is not None and "content" in payload.data:
            await self.rt.spawn(self.check(message, edited=True), name="tabletalk")

    def violations(self, state: Table, player: str, text: str) -> list[Violation]:
        """What in `text` is on the cards of `player`'s own hand and not face up."""
        content = self.rt.content
        view = self.rt.view(state, player)
        hand: list[PlayerCard] = [content.cards[c.id] for h in view.hands.values() for c in h]
        if not hand:
            return []
        b = view.board
        plan_cards = [content.cards[p.card.id] for p in b.plan]
        texts: list[str] = []
        for ob in b.obstacles:
            texts.extend([ob.name, ob.text, *ob.to_hit])
        for name, body, puzzle in render.clue_cards(state, content):
            texts.extend([name, body, puzzle or ""])
        return check_message(text, hand, face_up_terms(plan_cards, texts))

    async def check(self, message: discord.Message, *, edited: bool) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        cid = await self.rt.table_for_channel(message.channel)
        if cid is None:
            return
        try:
            state = await self.rt.service.get(cid)
        except Exception:
            return
        run = state.run
        if run is None or state.options.table_talk == "off":
            return
        player = str(message.author.id)
        if not any(state.runners[s].player == player for s in run.seats):
            return
        found = self.violations(state, player, message.content)
        if not found:
            return
        mode = state.options.table_talk
        deleted = False
        if mode == "delete":
            try:
                await message.delete()
                deleted = True
            except discord.Forbidden:
                await self.rt.check_setup(cid, state, notify=True)
            except discord.NotFound:
                deleted = True  # already gone
            except discord.HTTPException as exc:
                log.warning("campaign %s: could not delete a message (HTTP %s)", cid, exc.status)
        log.info(
            "campaign %s: table-talk %s in channel %s by player %s (%s)",
            cid,
            "deletion" if deleted else "warning",
            message.channel.id,
            player,
            count(len(found), "term"),
        )
        await self.notify(cid, state, message, found, deleted=deleted, edited=edited)

    async def notify(
        self,
        cid: str,
        state: Table,
        message: discord.Message,
        found: list[Violation],
        *,
        deleted: bool,
        edited: bool,
    ) -> None:
        what = "; ".join(
            f"{KIND_WORDS.get(v.kind, v.kind)} “{v.term}” of **{v.card}**" for v in found[:5]
        )
        verb = "was deleted" if deleted else "breaks the rule"
        which = "Your edited message" if edited else "Your message"
        where = getattr(message.channel, "mention", "the campaign channel")
        private = (
            f"🤐 {which} in {where} {verb}: it names {what}, which is in your hand. "
            "Table talk (rule R14): you may hint, but not say what is on your cards."
        )
        try:
            await message.author.send(render.clip(private, render.CONTENT_MAX))
            return
        except discord.HTTPException:
            pass
        # DMs closed: a public notice that names the rule, never the card.
        public = (
            f"🤐 {message.author.mention}, "
            + ("your message was removed" if deleted else "careful")
            + ": it named something that is on a card in your hand (table-talk rule). "
            "Open your DMs to get the details."
        )
        try:
            await message.channel.send(
                render.clip(public, render.CONTENT_MAX),
                allowed_mentions=discord.AllowedMentions(
                    users=[message.author], everyone=False, roles=False
                ),
            )
        except discord.HTTPException as exc:
            log.warning(
                "campaign %s: could not post a table-talk notice (HTTP %s)", cid, exc.status
            )
