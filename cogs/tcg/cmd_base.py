"""What every `/tcg` command shares: the groups, the cog base with its runtime, finding
the caller's duel and legal actions, autocomplete, and the one error answer."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from pydantic import TypeAdapter

from bot.i18n import N_
from bot.storage.errors import StorageError
from cogs.common.answer import player_id, storage_text
from cogs.common.commands import CommandBase as SharedBase
from cogs.common.locale import user_locale
from cogs.common.text import clip
from cogs.tcg import choices, render
from cogs.tcg import decks as player_decks
from cogs.tcg.interact import (
    refuse,
    run_action,
)
from cogs.tcg.runtime import TcgRuntime
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tcg.cards import DeckList
from rules.tcg.state import Duel

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


class CommandBase(SharedBase[Duel, TcgRuntime]):
    group = render.COMMAND
    crash_text = N_(
        "Something went wrong on my side; nothing was changed unless the board says so.\nTry again."
    )

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
        loc = user_locale(interaction)  # autocomplete: the typing person's language
        v = self.rt.view_for(state, player, loc)
        return choices.items(kind, self.rt.legal(state, player), v, loc)

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
        loc = user_locale(interaction)
        v = self.rt.view_for(state, player, loc)
        items = choices.items(kind, self.rt.legal(state, player), v, loc)
        if not items:
            # "attack with" / "block with" name a Unit; without one: "You can't attack now."
            verb = what.removesuffix(" with")
            await refuse(interaction, f"You can't {verb} now.\nSee /tcg hand for what you can do.")
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

    async def _deck_auto(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        if self._rt is None:
            return []
        try:
            pairs = await player_decks.choices(
                self.rt.service.store,
                self.rt.content,
                player_id(interaction),
                user_locale(interaction),
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
            await refuse(interaction, storage_text(interaction, exc))
            return None
        if deck is None:
            await refuse(
                interaction,
                f"There is no deck '{value}'.\nPick one from the list (/tcg deck list shows "
                "yours and the preconstructed ones).",
            )
        return deck
