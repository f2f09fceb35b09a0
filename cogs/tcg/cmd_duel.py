"""`/tcg` commands of a duel: challenges, practice, options, setup and the turn."""

from __future__ import annotations

import time
from typing import Any

import discord
from discord import app_commands

from cogs.common.answer import player_id, send
from cogs.common.locale import SERVER, language_choices, table_locale, user_locale
from cogs.common.text import clip
from cogs.tcg import choices, texts
from cogs.tcg.challenges import Challenge
from cogs.tcg.cmd_base import (
    TCG,
    Choice,
    CommandBase,
    _matching,
)
from cogs.tcg.interact import (
    accept,
    decline,
    refuse,
    run_action,
    show_panel,
    start_duel,
)
from cogs.tcg.messages import challenge_buttons
from cogs.tcg.panel import payment_items
from cogs.tcg.runtime import AI_LEVELS, CHALLENGE_SECONDS, DEFAULT_AI_LEVEL, ai_player
from rules.tcg import actions as act
from rules.tcg.cards import DeckList
from rules.tcg.options import TcgOptions


class DuelCommands(CommandBase):
    # ---- challenges -------------------------------------------------------------------

    async def _free_channel(self, interaction: discord.Interaction[Any]) -> bool:
        found = await self._duel(interaction, quiet=True)
        if found is not None and found[1].result is None:
            await refuse(
                interaction,
                "This channel already has a duel in progress.\nFinish it (or /tcg concede), "
                "or duel in another channel.",
            )
            return False
        return True

    @TCG.command(name="challenge", description="Challenge someone to a duel in this channel")
    @app_commands.describe(
        opponent="who you challenge",
        deck="your deck",
        thread="True: Fixer opens a thread of this channel for the duel",
    )
    async def challenge(
        self,
        interaction: discord.Interaction[Any],
        opponent: discord.User,
        deck: str,
        thread: bool = False,
    ) -> None:
        me = player_id(interaction)
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await refuse(interaction, "Duels live in a server channel.\nUse /tcg in a server.")
            return
        if str(opponent.id) == me or opponent.bot:
            await refuse(
                interaction,
                "You can't challenge yourself or a bot.\nPlay the AI with /tcg practice.",
            )
            return
        chosen = await self._find_deck(interaction, deck)
        if chosen is None:
            return
        if thread:
            await self._challenge_in_thread(interaction, opponent, chosen)
            return
        if not await self._free_channel(interaction):
            return
        if channel.id in self.rt.challenges:
            await refuse(
                interaction,
                "This channel already has an open challenge.\nWait for it to be answered or "
                "to expire, or /tcg decline it if it is yours.",
            )
            return
        ch = self._new_challenge(interaction, channel.id, opponent, chosen)
        await self.rt.add_challenge(ch)
        await interaction.response.send_message(**self._challenge_message(interaction, ch))

    def _new_challenge(
        self,
        interaction: discord.Interaction[Any],
        channel_id: int,
        opponent: discord.User,
        deck: DeckList,
    ) -> Challenge:
        assert interaction.guild is not None
        return Challenge(
            id="c" + format(interaction.id, "x"),
            channel_id=channel_id,
            guild_id=interaction.guild.id,
            challenger=player_id(interaction),
            challenger_name=interaction.user.display_name,
            opponent=str(opponent.id),
            opponent_name=opponent.display_name,
            deck=deck,
            expires=time.time() + CHALLENGE_SECONDS * self.rt.time_scale,
        )

    def _challenge_message(
        self, interaction: discord.Interaction[Any], ch: Challenge
    ) -> dict[str, Any]:
        loc = table_locale(ch.language, interaction)  # public: the server's language
        view = challenge_buttons(self.rt, ch, loc)
        kwargs: dict[str, Any] = {
            "content": texts.challenge_post(
                loc, ch.challenger_name, ch.opponent, CHALLENGE_SECONDS
            ),
            "allowed_mentions": discord.AllowedMentions(users=[discord.Object(int(ch.opponent))]),
        }
        if view is not None:
            kwargs["view"] = view
        return kwargs

    async def _challenge_in_thread(
        self, interaction: discord.Interaction[Any], opponent: discord.User, deck: DeckList
    ) -> None:
        """`challenge thread:True`: Fixer opens a public thread of this text channel and
        posts the challenge there, so the duel is bound to the thread (the channel itself
        stays free, and may hold another duel in another thread)."""
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            await refuse(
                interaction,
                "A thread for the duel can only be opened in a text channel.\nRun "
                "/tcg challenge without thread here, or in a text channel.",
            )
            return
        if not interaction.app_permissions.create_public_threads:
            await refuse(
                interaction,
                "I need the Create Public Threads permission to open a thread here.\nAsk an "
                "admin to grant it, or run /tcg challenge without thread.",
            )
            return
        name = f"{interaction.user.display_name} vs {opponent.display_name}"
        try:
            made = await channel.create_thread(
                name=clip(name, 100),
                type=discord.ChannelType.public_thread,
                reason=f"/tcg challenge by {interaction.user}",
            )
        except discord.HTTPException:
            await refuse(
                interaction,
                "Discord would not let me open the thread.\nTry again, or run "
                "/tcg challenge without thread.",
            )
            return
        ch = self._new_challenge(interaction, made.id, opponent, deck)
        await self.rt.add_challenge(ch)
        try:
            await made.send(**self._challenge_message(interaction, ch))
        except discord.HTTPException:
            self.rt.drop_challenge(ch)
            await refuse(
                interaction,
                "Discord would not let me post in the thread.\nTry again, or run "
                "/tcg challenge without thread.",
            )
            return
        loc = table_locale(ch.language, interaction)  # public: the server's language
        await send(
            interaction,
            content=texts.challenge_thread_note(loc, ch.challenger_name, made.mention),
            ephemeral=False,
        )

    @challenge.autocomplete("deck")
    async def _challenge_deck(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._deck_auto(interaction, current)

    def _challenge_here(self, interaction: discord.Interaction[Any]) -> Challenge | None:
        channel = interaction.channel
        return None if channel is None else self.rt.challenges.get(channel.id)

    @TCG.command(name="accept", description="Accept the challenge made to you here")
    @app_commands.describe(deck="your deck")
    async def accept_cmd(self, interaction: discord.Interaction[Any], deck: str) -> None:
        ch = self._challenge_here(interaction)
        if ch is None or ch.opponent != player_id(interaction):
            await refuse(
                interaction,
                "Nobody has challenged you in this channel.\nChallenge someone with "
                "/tcg challenge.",
            )
            return
        await accept(self.rt, interaction, ch, deck)

    @accept_cmd.autocomplete("deck")
    async def _accept_deck(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._deck_auto(interaction, current)

    @TCG.command(name="decline", description="Decline (or withdraw) the challenge here")
    async def decline_cmd(self, interaction: discord.Interaction[Any]) -> None:
        ch = self._challenge_here(interaction)
        if ch is None or player_id(interaction) not in (ch.opponent, ch.challenger):
            await refuse(
                interaction,
                "There is no challenge of yours in this channel.\nNothing to decline; start one "
                "with /tcg challenge.",
            )
            return
        await decline(self.rt, interaction, ch)

    @TCG.command(name="practice", description="A duel against the AI in this channel")
    @app_commands.describe(
        deck="your deck",
        ai_deck="the AI's deck",
        level="the AI's level: random (easiest), greedy, search (strongest, the default)",
    )
    @app_commands.choices(level=[Choice(name=lv, value=lv) for lv in AI_LEVELS])
    async def practice(
        self,
        interaction: discord.Interaction[Any],
        deck: str,
        ai_deck: str | None = None,
        level: str = DEFAULT_AI_LEVEL,
    ) -> None:
        mine = await self._find_deck(interaction, deck)
        if mine is None:
            return
        other = None
        if ai_deck:
            other = await self._find_deck(interaction, ai_deck)
            if other is None:
                return
        if not await self._free_channel(interaction):
            return
        if other is None:
            other = next(d for i, d in sorted(self.rt.content.decks.items()) if d.id != mine.id)
        if level not in AI_LEVELS:  # a client that ignores the choices
            await refuse(
                interaction,
                f"There is no AI level '{level}'.\nPick one of: {', '.join(AI_LEVELS)}.",
            )
            return
        await start_duel(
            self.rt,
            interaction,
            players=(player_id(interaction), ai_player(level)),
            # The AI's seat is named once, in the duel's language at its start (a
            # practice duel's is the server's): a name, kept as given, like a person's.
            names=(
                interaction.user.display_name,
                texts.ai_name(table_locale(None, interaction), level),
            ),
            decks=(mine, other),
            options=TcgOptions(),
        )

    @practice.autocomplete("deck")
    async def _practice_deck(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._deck_auto(interaction, current)

    @practice.autocomplete("ai_deck")
    async def _practice_ai_deck(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._deck_auto(interaction, current)

    @TCG.command(name="options", description="Table options of the challenge here")
    @app_commands.describe(
        reaction_timeout="seconds the defender has to react (5-3600)",
        turn_timer="seconds a player has each turn before Fixer ends it for them (0 = off)",
        spectators_see_hand_counts="spectators see how many cards each hand holds",
        language="The language of the duel's public messages (default: the server's)",
    )
    @app_commands.choices(language=language_choices())
    async def options(
        self,
        interaction: discord.Interaction[Any],
        reaction_timeout: app_commands.Range[int, 5, 3600] | None = None,
        turn_timer: app_commands.Range[int, 0, 86400] | None = None,
        spectators_see_hand_counts: bool | None = None,
        language: str | None = None,
    ) -> None:
        ch = self._challenge_here(interaction)
        if ch is None or player_id(interaction) not in (ch.challenger, ch.opponent):
            await refuse(
                interaction,
                "Table options are set by the two players before the duel starts.\n"
                "Challenge someone with /tcg challenge, then set them.",
            )
            return
        update: dict[str, Any] = {}
        if reaction_timeout is not None:
            update["reaction_timeout"] = reaction_timeout
        if turn_timer is not None:
            update["turn_timer"] = turn_timer
        if spectators_see_hand_counts is not None:
            update["spectators_see_hand_counts"] = spectators_see_hand_counts
        ch.options = TcgOptions.model_validate({**ch.options.model_dump(), **update})
        if language is not None:
            ch.language = language.removeprefix(SERVER)
        await self.rt.save_challenge(ch)
        reply = texts.options_reply(user_locale(interaction), ch.options, ch.language or SERVER)
        await send(interaction, content=reply, ephemeral=True)

    # ---- setup and turns ----------------------------------------------------------------

    @TCG.command(name="mulligan", description="Shuffle your hand back and draw 6")
    async def mulligan(self, interaction: discord.Interaction[Any]) -> None:
        await self._simple(interaction, act.Mulligan, "mulligan")

    @TCG.command(name="keep", description="Keep your opening hand")
    async def keep(self, interaction: discord.Interaction[Any]) -> None:
        await self._simple(interaction, act.Keep, "keep")

    @TCG.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._simple(interaction, act.End, "end your turn")

    @TCG.command(name="concede", description="Concede the duel")
    async def concede(self, interaction: discord.Interaction[Any]) -> None:
        await self._simple(interaction, act.Concede, "concede")

    @TCG.command(name="hand", description="Your hand and what you can do now (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        found = await self._duel(interaction)
        if found is not None:
            await show_panel(self.rt, interaction, found[1])

    @TCG.command(name="roll", description="Roll in a Gig from your fixer area")
    @app_commands.describe(die="a die left in your fixer area")
    async def roll(self, interaction: discord.Interaction[Any], die: str) -> None:
        await self._act_kind(interaction, "roll", die.lower().removeprefix("d"), "roll")

    @roll.autocomplete("die")
    async def _roll_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "roll", current)

    @TCG.command(name="play", description="Pay for and play a card")
    @app_commands.describe(card="a card you can play now", target="its host or target")
    async def play(
        self, interaction: discord.Interaction[Any], card: str, target: str | None = None
    ) -> None:
        def narrow(a: act.Action) -> bool:
            return isinstance(a, act.Play) and a.solo

        if target is None:
            items = await self._items(interaction, "play")
            hosts = {
                it[2].target
                for it in choices.resolve(card, items)
                if isinstance(it[2], act.Play) and it[2].target
            }
            if len(hosts) > 1:
                await refuse(
                    interaction, "This card needs a target.\nPick one with the `target` option."
                )
                return
            await self._act_kind(interaction, "play", card, "play", narrow if not hosts else None)
            return
        items = await self._items(interaction, "play")
        cards = {it[1] for it in choices.resolve(card, items)}
        kept = [
            it
            for it in await self._items(interaction, "play_target")
            if isinstance(it[2], act.Play) and it[2].card in cards
        ]
        picked = choices.resolve(target, kept)
        if not picked:
            names = ", ".join(n for n, _ in choices.distinct(kept)[:10]) or "none"
            await refuse(
                interaction,
                f"'{target}' is not a target you can play that card on now.\nTargets: {names}.",
            )
            return
        found = await self._player_duel(interaction)
        if found is not None:
            await run_action(
                self.rt, interaction, found[0], picked[0][2], expected_version=found[1].version
            )

    @play.autocomplete("card")
    async def _play_card(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "play", current)

    @play.autocomplete("target")
    async def _play_target(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        chosen = str(getattr(interaction.namespace, "card", "") or "")
        items = await self._items(interaction, "play_target")
        cards = {
            it[1] for it in await self._items(interaction, "play") if choices.resolve(chosen, [it])
        }
        kept = [
            it for it in items if isinstance(it[2], act.Play) and (not cards or it[2].card in cards)
        ]
        return _matching(choices.distinct(kept), current)

    @TCG.command(name="sell", description="Sell a Sell-tagged card (once per turn)")
    @app_commands.describe(card="a Sell-tagged card in your hand")
    async def sell(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._act_kind(interaction, "sell", card, "sell")

    @sell.autocomplete("card")
    async def _sell_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "sell", current)

    @TCG.command(name="call", description="Call a face-down Legend for 1 €$")
    @app_commands.describe(slot="one of your face-down Legend slots")
    async def call(self, interaction: discord.Interaction[Any], slot: str) -> None:
        await self._act_kind(interaction, "call", slot.lower().removeprefix("slot").strip(), "Call")

    @call.autocomplete("slot")
    async def _call_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "call", current)

    @TCG.command(name="activate", description="Use a card's ability")
    @app_commands.describe(
        card="a card whose ability you can use now", ability="which of its abilities"
    )
    async def activate(
        self, interaction: discord.Interaction[Any], card: str, ability: str | None = None
    ) -> None:
        def narrow(a: act.Action) -> bool:
            return ability is None or (
                isinstance(a, act.Activate) and str(a.ability + 1) == ability.strip()
            )

        await self._act_kind(interaction, "activate", card, "activate", narrow)

    @activate.autocomplete("card")
    async def _activate_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "activate", current)

    @activate.autocomplete("ability")
    async def _ability_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        card = str(getattr(interaction.namespace, "card", "") or "")
        items = [
            it
            for it in await self._items(interaction, "ability")
            if isinstance(it[2], act.Activate) and it[2].card == card
        ]
        return _matching(choices.distinct(items), current)

    @TCG.command(name="attack", description="Declare an attack")
    @app_commands.describe(unit="your Unit", target="the Gig area or a spent rival Unit")
    async def attack(
        self, interaction: discord.Interaction[Any], unit: str, target: str | None = None
    ) -> None:
        units = {it[1] for it in choices.resolve(unit, await self._items(interaction, "unit"))}
        kept = [
            it
            for it in await self._items(interaction, "target")
            if isinstance(it[2], act.Attack) and it[2].unit in units
        ]
        if units and not kept:
            kept = []
        picked = choices.resolve(target or choices.GIG_AREA, kept)
        if units and not picked:
            names = ", ".join(n for n, _ in choices.distinct(kept)[:10]) or "none"
            await refuse(
                interaction,
                f"'{target}' is not a target that Unit can attack now.\nTargets: {names}.",
            )
            return
        wanted = [it[2] for it in picked]

        def narrow(a: act.Action) -> bool:
            return a in wanted

        await self._act_kind(interaction, "unit", unit, "attack with", narrow)

    @attack.autocomplete("unit")
    async def _attack_unit(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "unit", current)

    @attack.autocomplete("target")
    async def _attack_target(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        unit = str(getattr(interaction.namespace, "unit", "") or "")
        items = [
            it
            for it in await self._items(interaction, "target")
            if isinstance(it[2], act.Attack) and (not unit or it[2].unit == unit)
        ]
        return _matching(choices.distinct(items), current)

    @TCG.command(name="choose", description="Answer the choice waiting on you")
    @app_commands.describe(option="one of the options of the choice waiting on you")
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        ways = await self._ways(interaction)
        if not ways:
            await self._act_kind(interaction, "choose", option, "choose")
            return
        # The payment prompt shown to the caller at this version (T27).
        picked = choices.resolve(option, ways)
        if not picked:
            names = "; ".join(n for n, _ in choices.distinct(ways))
            await refuse(
                interaction,
                f"'{option}' is not a way to pay now.\nPick one of: {names}.",
            )
            return
        found = await self._player_duel(interaction)
        if found is not None:
            cid, state = found
            await run_action(
                self.rt, interaction, cid, picked[0][2], expected_version=state.version
            )

    async def _ways(self, interaction: discord.Interaction[Any]) -> list[choices.Item]:
        found = await self._duel(interaction, quiet=True)
        if found is None:
            return []
        cid, state = found
        player = player_id(interaction)
        pending = self.rt.paying.get(cid, {}).get(player)
        return payment_items(self.rt, state, player, pending, user_locale(interaction))

    @choose.autocomplete("option")
    async def _choose_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        ways = choices.distinct(await self._ways(interaction))
        if ways:
            return _matching(ways, current)
        return await self._auto(interaction, "choose", current)
