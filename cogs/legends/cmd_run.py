"""`/legends` commands that play a run: flip, hand, play, choose, discard, ready (and
how a typed card name becomes one of the caller's cards)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import t
from cogs.common.locale import user_locale
from cogs.legends import render_private
from cogs.legends.cmd_base import (
    CLOSE_VOTE,
    LEGENDS,
    MERC_PREFIX,
    Choice,
    CommandBase,
    choices,
)
from cogs.legends.interact import (
    player_id,
)
from rules.legends.actions import (
    Action,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Play,
    Ready,
)
from rules.legends.state import Table

legends = LEGENDS


class RunCommands(CommandBase):
    def _hand_cards(self, state: Table, player: str) -> list[tuple[str, str, bool, str]]:
        """(instance, label, merc, name) of every card in the caller's hands (own view)."""
        view = self.rt.view(state, player)
        merc_seats = {s.seat for s in view.board.seats if s.is_merc}
        return [
            (c.inst, c.label, seat in merc_seats, c.name)
            for seat, hand in view.hands.items()
            for c in hand
        ]

    @staticmethod
    def _own_instance(
        state: Table, player: str, value: str, merc: bool | None
    ) -> tuple[str, bool] | None:
        """The fast path: `value` is an instance id (what autocomplete sends) in one of
        the caller's own hands. Only the caller's seats are looked at."""
        run = state.run
        if run is None:
            return None
        for seat, r in enumerate(state.runners):
            if r.player != player or (merc is not None and r.is_merc != merc):
                continue
            zones = run.zones.get(seat)
            if zones is not None and value in zones.hand:
                return value, r.is_merc
        return None

    def _resolve_card(
        self, state: Table, player: str, value: str, merc: bool | None, legal: set[tuple[str, bool]]
    ) -> tuple[str, bool]:
        """An instance id from what was typed or picked: the id itself, or a card name
        (preferring a card that is legal now). Unknown text goes to the engine unchanged,
        which refuses it with the reason."""
        cards = self._hand_cards(state, player)
        if merc is not None:
            cards = [c for c in cards if c[2] == merc]
        for inst, _, is_merc, _ in cards:
            if inst == value:
                return inst, is_merc
        wanted = value.strip().lower()
        named = [c for c in cards if c[3].lower() == wanted or c[1].lower() == wanted]
        named.sort(key=lambda c: (c[0], c[2]) not in legal)
        if named:
            return named[0][0], named[0][2]
        return value[:40], bool(merc)

    async def _card_command(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        merc: bool | None,
        kind: type[Play] | type[Discard],
        *,
        speculate: bool,
    ) -> None:
        """`/legends play` and `/legends discard`: the card from the caller's hands (an
        instance id, or a name preferring a card that is legal now), then `_do`."""
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        found = self._own_instance(state, player, card, merc)
        if found is None:
            legal = {
                (a.card, a.merc) for a in self.rt.view(state, player).legal if isinstance(a, kind)
            }
            found = self._resolve_card(state, player, card, merc, legal)
        inst, is_merc = found
        await self._do(
            interaction,
            cid,
            kind(player=player, card=inst, merc=is_merc),
            show_panel=True,
            base=state if speculate else None,
        )

    # ---- the run --------------------------------------------------------------------------

    @legends.command(name="flip", description="Flip the next Scenario Card (Leader)")
    async def flip(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Flip(player=player_id(interaction)),
                done=t(user_locale(interaction), "✓ Flipped."),
                show_panel=True,
            )

    @legends.command(name="hand", description="Your hand (and your merc's), only for you")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self.rt.clicks.show_panel(interaction, here[1], player_id(interaction))

    @legends.command(name="play", description="Play a card into the Plan")
    @app_commands.describe(card="A card you may play now", merc="Play from your merc's hand")
    async def play(
        self, interaction: discord.Interaction[Any], card: str, merc: bool | None = None
    ) -> None:
        # Played cards are answered speculatively (see `_do`'s `base`).
        await self._card_command(interaction, card, merc, Play, speculate=True)

    @play.autocomplete("card")
    async def _play_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._card_ac(interaction, current, Play)

    async def _card_ac(
        self, interaction: discord.Interaction[Any], current: str, kind: type[Play] | type[Discard]
    ) -> list[Choice[str]]:
        state = await self._quiet(interaction)
        if state is None:
            return []
        player = player_id(interaction)
        want_merc = getattr(interaction.namespace, "merc", None)
        cards = {inst: (lbl, m) for inst, lbl, m, _ in self._hand_cards(state, player)}
        items = []
        for a in self.rt.view(state, player).legal:
            if not isinstance(a, kind) or (want_merc is not None and a.merc != want_merc):
                continue
            lbl = cards.get(a.card, (a.card, a.merc))[0]
            merc = t(user_locale(interaction), "Merc: ") if a.merc else ""
            items.append((merc + lbl, a.card))
        return choices(items, current)

    @legends.command(name="choose", description="Answer the prompt waiting on you, or vote")
    @app_commands.describe(option="Your answer")
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        action: Action
        if option == CLOSE_VOTE:
            action = CloseVote(player=player)
        else:
            merc = option.startswith(MERC_PREFIX)
            key = option.removeprefix(MERC_PREFIX)
            # A typed label instead of a picked key.
            for label, value in self._choose_items(state, player, user_locale(interaction)):
                if label.lower() == key.strip().lower():
                    merc, key = value.startswith(MERC_PREFIX), value.removeprefix(MERC_PREFIX)
                    break
            if key == CLOSE_VOTE:
                action = CloseVote(player=player)
            else:
                action = Choose(player=player, option=key[:60], merc=merc)
        done = t(user_locale(interaction), "✓ Done.")
        await self._do(interaction, cid, action, done=done, show_panel=True)

    def _choose_items(self, state: Table, player: str, loc: str = "en") -> list[tuple[str, str]]:
        view = self.rt.view(state, player)
        b = view.board
        merc_seats = {s.seat for s in b.seats if s.is_merc}
        items: list[tuple[str, str]] = []
        for a in view.legal:
            if isinstance(a, CloseVote):
                items.append((t(loc, "Close the vote now (Leader)"), CLOSE_VOTE))
            elif isinstance(a, Choose):
                if b.phase == "vote" and not view.prompts:
                    lbl = next(
                        (f"{o.key}: {o.label}" for o in b.vote if o.key == a.option), a.option
                    )
                else:
                    lbl = render_private.prompt_option_label(
                        view.prompts, a.option, merc_seats, a.merc, loc
                    )
                    lbl = (t(loc, "Merc: ") if a.merc else "") + lbl
                items.append((lbl, (MERC_PREFIX if a.merc else "") + a.option))
        return items

    @choose.autocomplete("option")
    async def _choose_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._quiet(interaction)
        if state is None:
            return []
        items = self._choose_items(state, player_id(interaction), user_locale(interaction))
        return choices(items, current)

    @legends.command(name="discard", description="Clean-up: discard a card from your hand")
    @app_commands.describe(card="A card from your hand", merc="Discard from your merc's hand")
    async def discard(
        self, interaction: discord.Interaction[Any], card: str, merc: bool | None = None
    ) -> None:
        await self._card_command(interaction, card, merc, Discard, speculate=False)

    @discard.autocomplete("card")
    async def _discard_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._card_ac(interaction, current, Discard)

    @legends.command(name="ready", description="Clean-up: you are done discarding")
    @app_commands.describe(merc="Your merc is ready")
    async def ready(self, interaction: discord.Interaction[Any], merc: bool | None = None) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        if merc is None:
            readies = [a for a in self.rt.view(state, player).legal if isinstance(a, Ready)]
            merc = bool(readies) and all(a.merc for a in readies)
        await self._do(
            interaction,
            cid,
            Ready(player=player, merc=merc),
            done=t(user_locale(interaction), "✓ Ready."),
            show_panel=True,
        )
