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

from bot.i18n import N_, t
from cogs.common.locale import table_locale
from cogs.legends import render
from cogs.legends.localize import localize_board
from cogs.legends.runtime import LegendsRuntime
from rules.core.text import count
from rules.legends.cards import ContentPack, PlayerCard
from rules.legends.state import Table
from rules.legends.tabletalk import Violation, check_message, face_up_terms

log = logging.getLogger("cogs.legends.tabletalk")

KIND_WORDS = {
    "name": N_("the name"),
    "rank": N_("a rank"),
    "suit": N_("a suit"),
    "text": N_("rules text"),
}


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
        hand = _in_every_language(
            content, [content.cards[c.id] for h in view.hands.values() for c in h]
        )
        if not hand:
            return []
        b = view.board
        plan_cards = _in_every_language(content, [content.cards[p.card.id] for p in b.plan])
        texts: list[str] = []
        for ob in b.obstacles:
            texts.extend([ob.name, ob.text, *ob.to_hit])
        for lang in content.translations:  # the face-up texts as readers of each language see them
            for ob in localize_board(b, content, state, lang).obstacles:
                texts.extend([ob.name, ob.text])
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
        # No interaction tells the author's language here: the table's is used.
        loc = table_locale(state.options.language, message.channel)
        what = "; ".join(
            t(
                loc,
                "{kind} “{term}” of **{card}**",
                kind=t(loc, KIND_WORDS[v.kind]) if v.kind in KIND_WORDS else v.kind,
                term=v.term,
                card=v.card,
            )
            for v in found[:5]
        )
        where = getattr(message.channel, "mention", None) or t(loc, "the campaign channel")
        if deleted:
            head = (
                t(loc, "🤐 Your edited message in {where} was deleted", where=where)
                if edited
                else t(loc, "🤐 Your message in {where} was deleted", where=where)
            )
        else:
            head = (
                t(loc, "🤐 Your edited message in {where} breaks the rule", where=where)
                if edited
                else t(loc, "🤐 Your message in {where} breaks the rule", where=where)
            )
        private = head + t(
            loc,
            ": it names {what}, which is in your hand. "
            "Table talk (rule R14): you may hint, but not say what is on your cards.",
            what=what,
        )
        try:
            await message.author.send(render.clip(private, render.CONTENT_MAX))
            return
        except discord.HTTPException:
            pass
        # DMs closed: a public notice that names the rule, never the card.
        who = message.author.mention
        public = (
            t(
                loc,
                "🤐 {who}, your message was removed: it named something that is on a card "
                "in your hand (table-talk rule). Open your DMs to get the details.",
                who=who,
            )
            if deleted
            else t(
                loc,
                "🤐 {who}, careful: it named something that is on a card in your hand "
                "(table-talk rule). Open your DMs to get the details.",
                who=who,
            )
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


def _in_every_language(content: ContentPack, cards: list[PlayerCard]) -> list[PlayerCard]:
    """The cards as printed and as each translation of the pack words them: a player who
    reads their hand in Polish may quote it in Polish, which the rule forbids just the same."""
    out = list(cards)
    for tr in content.translations.values():
        for card in cards:
            words = tr.cards.get(card.id)
            if words is not None and (words.text or words.name):
                out.append(
                    card.model_copy(
                        update={"text": words.text or card.text, "name": words.name or card.name}
                    )
                )
    return out
