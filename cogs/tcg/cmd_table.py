"""`/tcg` commands around the table: reactions, the read-only views, decks."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import SOURCE, t
from bot.storage.errors import StorageError
from cogs.common.answer import player_id, send, storage_text
from cogs.common.locale import user_locale
from cogs.common.text import CONTENT_MAX, clip
from cogs.common.topics import find_topic, topic_choices, topic_list
from cogs.tcg import decks as player_decks
from cogs.tcg import render, texts
from cogs.tcg.cmd_base import (
    _EVENTS,
    DECK,
    LOG_SHOWN,
    REACT,
    TCG,
    Choice,
    CommandBase,
    _matching,
)
from cogs.tcg.interact import (
    refuse,
)
from cogs.tcg.localize import card_lines, words
from cogs.tcg.rules_text import NAMES, topic_text
from rules.tcg import actions as act
from rules.tcg.cards import DeckList
from rules.tcg.decks import DeckTextError, deck_problems, deck_text, parse_deck_text
from rules.tcg.view import events_for


class TableCommands(CommandBase):
    # ---- reactions --------------------------------------------------------------------

    @REACT.command(name="block", description="Block the attack with one of your Blockers")
    @app_commands.describe(unit="your Blocker that may block this attack")
    async def react_block(self, interaction: discord.Interaction[Any], unit: str) -> None:
        if await self._no_window(interaction):
            return
        await self._act_kind(interaction, "block", unit, "block with")

    async def _no_window(self, interaction: discord.Interaction[Any]) -> bool:
        """Refuse (and say so) when no reaction window is open in this channel's duel."""
        found = await self._player_duel(interaction)
        if found is None:
            return True
        attack = found[1].attack
        if attack is None or not attack.window:
            await refuse(
                interaction,
                "No reaction window is open.\nBlocks and QUICK reactions are for the defender "
                "when an attack is declared.",
            )
            return True
        return False

    @react_block.autocomplete("unit")
    async def _block_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "block", current)

    @REACT.command(name="quick", description="Play a QUICK card or ability")
    @app_commands.describe(card="a QUICK card or ability you can use now")
    async def react_quick(self, interaction: discord.Interaction[Any], card: str) -> None:
        if await self._no_window(interaction):
            return
        await self._act_kind(interaction, "quick", card, "play as a reaction")

    @react_quick.autocomplete("card")
    async def _quick_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        found = await self._duel(interaction, quiet=True)
        if found is None or found[1].attack is None or not found[1].attack.window:
            return []
        return await self._auto(interaction, "quick", current)

    @REACT.command(name="pass", description="Let the attack go on (close your window)")
    async def react_pass(self, interaction: discord.Interaction[Any]) -> None:
        await self._simple(interaction, act.Pass, "pass")

    # ---- views --------------------------------------------------------------------------

    @TCG.command(name="status", description="The board")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        found = await self._duel(interaction)
        if found is None:
            return
        _, state = found
        # Everyone gets the spectator's board: the same for a player as for anyone.
        loc = user_locale(interaction)  # only the asker sees it: their language
        v = self.rt.view_for(state, None, loc)
        embed = render.board_embed(v, self.rt.waiting(state), self.rt.name_of(state), loc)
        await send(interaction, embeds=[embed], ephemeral=True)

    @TCG.command(name="log", description="The last events of the duel")
    async def log_cmd(self, interaction: discord.Interaction[Any]) -> None:
        found = await self._duel(interaction)
        if found is None:
            return
        cid, state = found
        try:
            lines = await self._public_log(cid, state.version)
        except StorageError as exc:
            await refuse(interaction, storage_text(interaction, exc))
            return
        loc = user_locale(interaction)
        lines = [self.rt.line(loc, x) for x in lines] or [t(loc, "(nothing has happened yet)")]
        await send(interaction, embeds=[render.events_embed(lines[-LOG_SHOWN:])], ephemeral=True)

    async def _public_log(self, cid: str, version: int) -> list[str]:
        """The public lines of the last actions, from the action log in the database (so
        they survive a restart): only `events_for(…, None)`, what a spectator may see."""
        entries = await self.rt.service.store.read_log(cid, after_seq=max(0, version - 40))
        lines: list[str] = []
        for entry in entries:
            events = _EVENTS.validate_json(entry.events)
            lines += [e.text for e in events_for(list(events), None)]
        return lines

    @TCG.command(name="card", description="One card's full text")
    @app_commands.describe(name="any card (type part of its name)")
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        loc = user_locale(interaction)
        lines = card_lines(self.rt.content, name, loc)
        if lines is None:
            # An unambiguous prefix of one card's name or id (a card counted once).
            low = name.strip().lower()
            found = [
                cid
                for cid, c in self.rt.content.cards.items()
                if low and (cid.startswith(low) or c.full_name.lower().startswith(low))
            ]
            if len(found) == 1:
                lines = card_lines(self.rt.content, found[0], loc)
        if lines is None:
            await refuse(
                interaction,
                t(
                    loc,
                    "No card named '{name}' (or more than one starts so).\nPick one from the "
                    "list, or type more of its name.",
                    name=name,
                ),
            )
            return
        await send(interaction, content=clip("\n".join(lines), CONTENT_MAX), ephemeral=True)

    @card.autocomplete("name")
    async def _card_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        if self._rt is None:
            return []
        # Offered by their names (the id is what is sent back): never the ids; printed,
        # unless the pack's translation names the card in the typing person's language.
        local = words(self.rt.content, user_locale(interaction)).names
        named = [
            (local.get(c.full_name, c.full_name), cid) for cid, c in self.rt.content.cards.items()
        ]
        return _matching(sorted(named), current)

    @TCG.command(name="rules", description="A short rules reference")
    @app_commands.describe(topic="a rules topic (leave out for the list)")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        loc = user_locale(interaction)
        topics = topic_list(loc, NAMES)
        if topic is None:
            text = t(loc, "Topics: {topics}", topics=topics)
        else:
            key = find_topic(loc, NAMES, topic)  # its key or name, or their unambiguous start
            if key is None:
                await refuse(
                    interaction,
                    t(
                        loc,
                        "No rules topic '{topic}'.\nTopics: {topics}",
                        topic=topic,
                        topics=topics,
                    ),
                )
                return
            text = topic_text(loc, key)
        await send(interaction, content=clip(text, CONTENT_MAX), ephemeral=True)

    @rules.autocomplete("topic")
    async def _rules_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return _matching(topic_choices(user_locale(interaction), NAMES, ""), current)

    @TCG.command(name="dm", description="Get your hand by DM whenever it changes")
    @app_commands.describe(enabled="True: your hand comes by DM; False: no more DMs")
    async def dm(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        found = await self._player_duel(interaction)
        if found is None:
            return
        cid, state = found
        player = player_id(interaction)
        self.rt.prefs.set_dm(cid, player, enabled)
        if enabled:
            self.rt.prefs.dm_closed.discard(player)
        reply = texts.dm_reply(user_locale(interaction), enabled)
        await send(interaction, content=reply, ephemeral=True)

    # ---- decks ------------------------------------------------------------------------

    @DECK.command(name="list", description="The decks you can play")
    async def deck_list(self, interaction: discord.Interaction[Any]) -> None:
        try:
            mine = await player_decks.saved(self.rt.service.store, player_id(interaction))
        except StorageError as exc:
            await refuse(interaction, storage_text(interaction, exc))
            return
        counts = [len(deck_problems(d, self.rt.content)) for d in mine]
        text = texts.deck_list(user_locale(interaction), self.rt.content, mine, counts)
        await send(interaction, content=clip(text, CONTENT_MAX))

    async def _deck_named(
        self, interaction: discord.Interaction[Any], name: str
    ) -> DeckList | None:
        return await self._find_deck(interaction, name)

    @DECK.command(name="import", description="Save a deck from a plain-text list")
    @app_commands.describe(
        name="the deck's name",
        list="the list: entries separated by ';' (leave out to paste it in a box)",
        file="or a .txt file with the list",
    )
    async def deck_import(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, 50],
        list: str | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        if list is None and file is None:
            modal = DeckModal(self, name, user_locale(interaction))
            await interaction.response.send_modal(modal)
            return
        if file is not None:
            if file.size > 20_000:
                await refuse(
                    interaction,
                    "That file is too big for a deck list.\nAttach a .txt of at most 20 kB.",
                )
                return
            try:
                text = (await file.read()).decode("utf-8", errors="replace")
            except discord.HTTPException:
                await refuse(
                    interaction, "I could not read the attachment.\nTry again, or paste the list."
                )
                return
        else:
            text = list or ""
        await self.import_text(interaction, name, text)

    async def import_text(
        self, interaction: discord.Interaction[Any], name: str, text: str
    ) -> None:
        """Parse, save and answer with the deck's legality (a deck with problems is saved
        too, so it can be fixed; it can't be played until `deck check` says legal)."""
        name = " ".join(name.split())[: player_decks.NAME_MAX]
        loc = user_locale(interaction)
        try:
            deck = parse_deck_text(text, self.rt.content, player_decks.slug(name), name)
        except DeckTextError as exc:
            await refuse(interaction, texts.import_refusal(loc, exc))
            return
        try:
            await player_decks.save(self.rt.service.store, player_id(interaction), deck)
        except StorageError as exc:
            await refuse(interaction, storage_text(interaction, exc))
            return
        problems = deck_problems(deck, self.rt.content)
        reply = texts.saved_reply(loc, name, problems)
        await send(interaction, content=clip(reply, CONTENT_MAX))

    @DECK.command(name="delete", description="Delete one of your saved decks")
    @app_commands.describe(name="one of your saved decks")
    async def deck_delete(self, interaction: discord.Interaction[Any], name: str) -> None:
        try:
            gone = await player_decks.delete(self.rt.service.store, player_id(interaction), name)
        except StorageError as exc:
            await refuse(interaction, storage_text(interaction, exc))
            return
        if not gone:
            await refuse(interaction, f"You have no saved deck '{name}'.\nSee /tcg deck list.")
            return
        await send(interaction, content=texts.deleted_reply(user_locale(interaction), name))

    @deck_delete.autocomplete("name")
    async def _deck_delete_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        if self._rt is None:
            return []
        try:
            mine = await player_decks.saved(self.rt.service.store, player_id(interaction))
        except StorageError:
            return []
        return _matching([(d.name, d.name) for d in mine], current)

    @DECK.command(name="show", description="A deck's list")
    @app_commands.describe(name="a deck: yours or a preconstructed one")
    async def deck_show(self, interaction: discord.Interaction[Any], name: str) -> None:
        deck = await self._deck_named(interaction, name)
        if deck is not None:
            text = texts.shown_deck(user_locale(interaction), self.rt.content, deck)
            await send(interaction, content=clip(text, CONTENT_MAX))

    @DECK.command(name="export", description="A deck's list as text, ready to import")
    @app_commands.describe(name="a deck: yours or a preconstructed one")
    async def deck_export(self, interaction: discord.Interaction[Any], name: str) -> None:
        deck = await self._deck_named(interaction, name)
        if deck is not None:
            text = deck_text(deck, self.rt.content)
            await send(interaction, content=clip(f"```\n{text}```", CONTENT_MAX))

    @DECK.command(
        name="check", description="Every legality problem of a deck (or of a pasted list)"
    )
    @app_commands.describe(name="a deck", list="or a list: entries separated by ';'")
    async def deck_check(
        self,
        interaction: discord.Interaction[Any],
        name: str | None = None,
        list: str | None = None,
    ) -> None:
        loc = user_locale(interaction)
        if list is not None:
            try:
                deck = parse_deck_text(list, self.rt.content)
            except DeckTextError as exc:
                await refuse(interaction, texts.check_refusal(loc, exc))
                return
        elif name is not None:
            found = await self._deck_named(interaction, name)
            if found is None:
                return
            deck = found
        else:
            await refuse(
                interaction, "Name a deck or paste a list.\nUse the `name` or `list` option."
            )
            return
        problems = deck_problems(deck, self.rt.content)
        await send(interaction, content=clip(texts.check_reply(loc, problems), CONTENT_MAX))

    @deck_show.autocomplete("name")
    @deck_export.autocomplete("name")
    @deck_check.autocomplete("name")
    async def _deck_name_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._deck_auto(interaction, current)


class DeckModal(discord.ui.Modal):
    """`/tcg deck import` without a list: a paragraph box (slash options can't hold new
    lines), in the language of the person who asked for it (only they see it)."""

    def __init__(self, cog: TableCommands, name: str, loc: str = SOURCE) -> None:
        super().__init__(custom_id="fx-tcg-deck-import", title=texts.modal_title(loc))
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=texts.modal_label(loc),
            style=discord.TextStyle.paragraph,
            max_length=4000,
        )
        self.add_item(self.text)
        self.cog = cog
        self.name = name

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.cog.import_text(interaction, self.name, str(self.text.value))
