"""The `/tcg` slash-command group (names and options: shared/design/tcg-discord.md).

Thin: each command finds the duel of the channel, turns its options into one of the
caller's legal actions (cogs/tcg/choices.py: autocomplete and typed values alike) and runs
it (`interact.run_action`); the public update is the runtime's publisher's. Read-only
views (`status`, `card`, `log`, `rules`) answer ephemerally, from the caller's view.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import TypeAdapter

from bot.storage.errors import StorageError
from cogs.common.answer import player_id, send
from cogs.common.text import CONTENT_MAX, clip
from cogs.tcg import choices, render
from cogs.tcg import decks as player_decks
from cogs.tcg.interact import (
    accept,
    challenge_buttons,
    decline,
    refuse,
    run_action,
    show_panel,
    start_duel,
)
from cogs.tcg.rules_text import TOPICS
from cogs.tcg.runtime import AI_PLAYER, CHALLENGE_SECONDS, Challenge, TcgRuntime
from content.tcg.info import card_names, show_card
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tcg import actions as act
from rules.tcg.cards import DeckList
from rules.tcg.decks import DeckTextError, deck_problems, deck_text, parse_deck_text
from rules.tcg.options import TcgOptions
from rules.tcg.state import Duel
from rules.tcg.view import events_for

log = logging.getLogger("cogs.tcg")
_EVENTS: TypeAdapter[tuple[Event, ...]] = TypeAdapter(tuple[Event, ...])
LOG_SHOWN = 25
Choice = app_commands.Choice
MAX_CHOICES = 25

TCG = app_commands.Group(name="tcg", description="Cyberpunk TCG duels", guild_only=True)
DECK = app_commands.Group(name="deck", description="Decks", parent=TCG)
REACT = app_commands.Group(name="react", description="React to an attack", parent=TCG)


def _matching(pairs: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    cur = current.strip().lower()
    out = [
        Choice(name=clip(name, 100), value=key[:100])
        for name, key in pairs
        if not cur or cur in name.lower() or cur == key.lower()
    ]
    return out[:MAX_CHOICES]


class TcgCog(commands.Cog):
    tcg = TCG

    def __init__(self, bot: commands.Bot, runtime: TcgRuntime | None) -> None:
        self.bot = bot
        self._rt = runtime

    @property
    def rt(self) -> TcgRuntime:
        if self._rt is None:
            raise RuntimeError("Fixer is not running (sync mode)")
        return self._rt

    # ---- helpers ------------------------------------------------------------------------

    async def _duel(
        self, interaction: discord.Interaction[Any], *, quiet: bool = False
    ) -> tuple[str, Duel] | None:
        """The duel of this channel (a finished one too, until a new one starts)."""
        if self._rt is None:
            return None
        cid = await self.rt.table_for_channel(interaction.channel, ask_db=not quiet)
        if cid is None:
            if not quiet:
                await refuse(
                    interaction,
                    "There is no duel in this channel.\nStart one with /tcg challenge or "
                    "/tcg practice.",
                )
            return None
        try:
            return cid, await self.rt.service.get(cid)
        except (IllegalAction, StorageError):
            if not quiet:
                await refuse(interaction, "This duel can't be read right now.\nTry again.")
            return None

    async def _player_duel(self, interaction: discord.Interaction[Any]) -> tuple[str, Duel] | None:
        found = await self._duel(interaction)
        if found is None:
            return None
        cid, state = found
        if self.rt.seat_of(state, player_id(interaction)) is None:
            await refuse(
                interaction,
                "You are not playing in this duel.\nOnly its two players act; watch with "
                "/tcg status.",
            )
            return None
        if state.result is not None:
            await refuse(
                interaction,
                "This duel is over.\nStart a new one with /tcg challenge or /tcg practice.",
            )
            return None
        return found

    async def _items(self, interaction: discord.Interaction[Any], kind: str) -> list[choices.Item]:
        found = await self._duel(interaction, quiet=True)
        if found is None:
            return []
        _, state = found
        player = player_id(interaction)
        if self.rt.seat_of(state, player) is None:
            return []
        return choices.items(kind, self.rt.legal(state, player), self.rt.view_for(state, player))

    async def _auto(
        self, interaction: discord.Interaction[Any], kind: str, current: str
    ) -> list[Choice[str]]:
        return _matching(choices.distinct(await self._items(interaction, kind)), current)

    async def _act_kind(
        self,
        interaction: discord.Interaction[Any],
        kind: str,
        value: str,
        what: str,
        narrow: Any = None,
    ) -> None:
        """Run the caller's legal action of `kind` that `value` names."""
        found = await self._player_duel(interaction)
        if found is None:
            return
        cid, state = found
        player = player_id(interaction)
        items = choices.items(kind, self.rt.legal(state, player), self.rt.view_for(state, player))
        if not items:
            await refuse(interaction, f"You can't {what} now.\nSee /tcg hand for what you can do.")
            return
        picked = choices.resolve(value, items)
        if narrow is not None:
            picked = [it for it in picked if narrow(it[2])]
        if not picked:
            names = ", ".join(n for n, _ in choices.distinct(items)[:10])
            await refuse(
                interaction,
                f"'{value}' is not something you can {what} now.\nYou can {what}: {names}.",
            )
            return
        await run_action(self.rt, interaction, cid, picked[0][2], expected_version=state.version)

    async def _simple(
        self, interaction: discord.Interaction[Any], kind: type[Any], what: str
    ) -> None:
        found = await self._player_duel(interaction)
        if found is None:
            return
        cid, state = found
        player = player_id(interaction)
        legal = [a for a in self.rt.legal(state, player) if isinstance(a, kind)]
        if not legal:
            # Let the engine say why (not your turn, not in a window …): its refusal.
            await run_action(self.rt, interaction, cid, kind(player=player))
            return
        await run_action(self.rt, interaction, cid, legal[0], expected_version=state.version)

    # ---- challenges -------------------------------------------------------------------

    async def _deck_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        if self._rt is None:
            return []
        try:
            pairs = await player_decks.choices(
                self.rt.service.store, self.rt.content, player_id(interaction)
            )
        except StorageError:
            return []
        return _matching(pairs, current)

    async def _find_deck(
        self, interaction: discord.Interaction[Any], value: str
    ) -> DeckList | None:
        """The deck `value` names for the caller, or None after a refusal."""
        try:
            deck = await player_decks.find(
                self.rt.service.store, self.rt.content, player_id(interaction), value
            )
        except StorageError as exc:
            await refuse(interaction, exc.player_message)
            return None
        if deck is None:
            await refuse(
                interaction,
                f"There is no deck '{value}'.\nPick one from the list (/tcg deck list shows "
                "yours and the preconstructed ones).",
            )
        return deck

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
    @app_commands.describe(opponent="who you challenge", deck="your deck")
    async def challenge(
        self, interaction: discord.Interaction[Any], opponent: discord.User, deck: str
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
        if not await self._free_channel(interaction):
            return
        if channel.id in self.rt.challenges:
            await refuse(
                interaction,
                "This channel already has an open challenge.\nWait for it to be answered or "
                "to expire, or /tcg decline it if it is yours.",
            )
            return
        ch = Challenge(
            id="c" + format(interaction.id, "x"),
            channel_id=channel.id,
            guild_id=interaction.guild.id,
            challenger=me,
            challenger_name=interaction.user.display_name,
            opponent=str(opponent.id),
            opponent_name=opponent.display_name,
            deck=chosen,
            expires=time.time() + CHALLENGE_SECONDS * self.rt.time_scale,
        )
        self.rt.add_challenge(ch)
        view = challenge_buttons(self.rt, ch)
        kwargs: dict[str, Any] = {
            "content": f"⚔️ {ch.challenger_name} challenges <@{ch.opponent}> to a duel. "
            f"Accept or decline (the challenge expires in "
            f"{CHALLENGE_SECONDS / 60:g} minutes).",
            "allowed_mentions": discord.AllowedMentions(users=[discord.Object(opponent.id)]),
        }
        if view is not None:
            kwargs["view"] = view
        await interaction.response.send_message(**kwargs)

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
                interaction, "There is no challenge of yours in this channel.\nNothing to decline."
            )
            return
        await decline(self.rt, interaction, ch)

    @TCG.command(name="practice", description="A duel against the AI in this channel")
    @app_commands.describe(deck="your deck", ai_deck="the AI's deck", level="the AI's level")
    async def practice(
        self,
        interaction: discord.Interaction[Any],
        deck: str,
        ai_deck: str | None = None,
        level: app_commands.Range[int, 1, 3] = 2,
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
        self.rt.ai_budget = {1: 0.0, 2: 0.05, 3: 0.2}[level]
        await start_duel(
            self.rt,
            interaction,
            players=(player_id(interaction), AI_PLAYER),
            names=(interaction.user.display_name, "Fixer AI"),
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
        turn_timer="seconds before the player waited on is warned (0 = off)",
        spectators_see_hand_counts="spectators see how many cards each hand holds",
    )
    async def options(
        self,
        interaction: discord.Interaction[Any],
        reaction_timeout: app_commands.Range[int, 5, 3600] | None = None,
        turn_timer: app_commands.Range[int, 0, 86400] | None = None,
        spectators_see_hand_counts: bool | None = None,
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
        await send(interaction, content="✓ " + ", ".join(ch.options.describe()), ephemeral=True)

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
    async def sell(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._act_kind(interaction, "sell", card, "sell")

    @sell.autocomplete("card")
    async def _sell_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "sell", current)

    @TCG.command(name="call", description="Call a face-down Legend for 1 €$")
    async def call(self, interaction: discord.Interaction[Any], slot: str) -> None:
        await self._act_kind(interaction, "call", slot.lower().removeprefix("slot").strip(), "Call")

    @call.autocomplete("slot")
    async def _call_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "call", current)

    @TCG.command(name="activate", description="Use a card's ability")
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
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        await self._act_kind(interaction, "choose", option, "choose")

    @choose.autocomplete("option")
    async def _choose_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "choose", current)

    # ---- reactions --------------------------------------------------------------------

    @REACT.command(name="block", description="Block the attack with one of your Blockers")
    async def react_block(self, interaction: discord.Interaction[Any], unit: str) -> None:
        await self._act_kind(interaction, "block", unit, "block with")

    @react_block.autocomplete("unit")
    async def _block_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._auto(interaction, "block", current)

    @REACT.command(name="quick", description="Play a QUICK card or ability")
    async def react_quick(self, interaction: discord.Interaction[Any], card: str) -> None:
        found = await self._player_duel(interaction)
        if found is None:
            return
        _, state = found
        if state.attack is None or not state.attack.window:
            await refuse(
                interaction,
                "No reaction window is open.\nQUICK reactions are for the defender when an "
                "attack is declared.",
            )
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
        v = self.rt.view_for(state, None)
        embed = render.board_embed(v, self.rt.waiting(state), self.rt.name_of(state))
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
            await refuse(interaction, exc.player_message)
            return
        lines = lines or ["(nothing has happened yet)"]
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
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        lines = show_card(self.rt.content, name)
        if lines is None:
            found = [n for n in card_names(self.rt.content) if n.lower().startswith(name.lower())]
            if len(found) == 1:
                lines = show_card(self.rt.content, found[0])
        if lines is None:
            await refuse(interaction, f"No card named '{name}'.\nPick one from the list.")
            return
        await send(interaction, content=clip("\n".join(lines), CONTENT_MAX), ephemeral=True)

    @card.autocomplete("name")
    async def _card_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        if self._rt is None:
            return []
        names = card_names(self.rt.content)
        return _matching([(n, n) for n in names], current)

    @TCG.command(name="rules", description="A short rules reference")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        if topic is None:
            text = "Topics: " + ", ".join(sorted(TOPICS))
        else:
            key = next((k for k in TOPICS if k.startswith(topic.strip().lower())), None)
            if key is None:
                await refuse(
                    interaction, f"No rules topic '{topic}'.\nTopics: " + ", ".join(sorted(TOPICS))
                )
                return
            text = f"**{key}** — {TOPICS[key]}"
        await send(interaction, content=clip(text, CONTENT_MAX), ephemeral=True)

    @rules.autocomplete("topic")
    async def _rules_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return _matching([(k, k) for k in sorted(TOPICS)], current)

    @TCG.command(name="dm", description="Get your hand by DM whenever it changes")
    async def dm(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        found = await self._player_duel(interaction)
        if found is None:
            return
        cid, state = found
        player = player_id(interaction)
        self.rt.prefs.set_dm(cid, player, enabled)
        if enabled:
            self.rt.prefs.dm_closed.discard(player)
        await send(
            interaction,
            content="✓ Your hand comes by DM from now on." if enabled else "✓ No more DMs.",
            ephemeral=True,
        )

    # ---- decks ------------------------------------------------------------------------

    @DECK.command(name="list", description="The decks you can play")
    async def deck_list(self, interaction: discord.Interaction[Any]) -> None:
        try:
            mine = await player_decks.saved(self.rt.service.store, player_id(interaction))
        except StorageError as exc:
            await refuse(interaction, exc.player_message)
            return
        lines = ["**Your decks**:"]
        for d in mine:
            problems = deck_problems(d, self.rt.content)
            lines.append(
                f"• {d.name} — " + ("legal" if not problems else f"{len(problems)} problems")
            )
        if not mine:
            lines.append("(none yet: save one with /tcg deck import)")
        lines.append("**Preconstructed**:")
        lines += [
            f"• **{d.name}** (`{i}`) — {d.blurb}" for i, d in sorted(self.rt.content.decks.items())
        ]
        await send(interaction, content=clip("\n".join(lines), CONTENT_MAX))

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
            await interaction.response.send_modal(DeckModal(self, name))
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
        try:
            deck = parse_deck_text(text, self.rt.content, player_decks.slug(name), name)
        except DeckTextError as exc:
            await refuse(interaction, f"{exc}\nFix that entry and import again; nothing was saved.")
            return
        try:
            await player_decks.save(self.rt.service.store, player_id(interaction), deck)
        except StorageError as exc:
            await refuse(interaction, exc.player_message)
            return
        problems = deck_problems(deck, self.rt.content)
        verdict = (
            "legal" if not problems else "not legal yet:\n" + "\n".join(f"• {p}" for p in problems)
        )
        await send(interaction, content=clip(f"✓ Saved **{name}**: {verdict}", CONTENT_MAX))

    @DECK.command(name="delete", description="Delete one of your saved decks")
    async def deck_delete(self, interaction: discord.Interaction[Any], name: str) -> None:
        try:
            gone = await player_decks.delete(self.rt.service.store, player_id(interaction), name)
        except StorageError as exc:
            await refuse(interaction, exc.player_message)
            return
        if not gone:
            await refuse(interaction, f"You have no saved deck '{name}'.\nSee /tcg deck list.")
            return
        await send(interaction, content=f"✓ Deleted **{name}**.")

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
    async def deck_show(self, interaction: discord.Interaction[Any], name: str) -> None:
        deck = await self._deck_named(interaction, name)
        if deck is not None:
            text = deck_text(deck, self.rt.content)
            await send(interaction, content=clip(f"**{deck.name}**\n{text}", CONTENT_MAX))

    @DECK.command(name="export", description="A deck's list as text, ready to import")
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
        if list is not None:
            try:
                deck = parse_deck_text(list, self.rt.content)
            except DeckTextError as exc:
                await refuse(interaction, f"{exc}\nFix that entry and check again.")
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
        text = "legal" if not problems else "\n".join(f"• {p}" for p in problems)
        await send(interaction, content=clip(text, CONTENT_MAX))

    @deck_show.autocomplete("name")
    @deck_export.autocomplete("name")
    @deck_check.autocomplete("name")
    async def _deck_name_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._deck_auto(interaction, current)

    # ---- errors -------------------------------------------------------------------------

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        log.error(
            "/tcg %s failed: %s",
            getattr(interaction.command, "name", "?"),
            type(original).__name__,
            exc_info=original,
        )
        await refuse(
            interaction,
            "Something went wrong on my side; nothing was changed unless the board says so.\n"
            "Try again.",
        )


class DeckModal(discord.ui.Modal, title="Import a deck"):
    """`/tcg deck import` without a list: a paragraph box (slash options can't hold new
    lines)."""

    text: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="The list (one entry a line: 3 Name: Subtitle)",
        style=discord.TextStyle.paragraph,
        max_length=4000,
    )

    def __init__(self, cog: TcgCog, name: str) -> None:
        super().__init__(custom_id="fx-tcg-deck-import")
        self.cog = cog
        self.name = name

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await self.cog.import_text(interaction, self.name, str(self.text.value))
