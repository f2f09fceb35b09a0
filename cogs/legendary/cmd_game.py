"""`/legendary` commands of the table: new, setup, join, leave, options, start, abandon.
Answers only the asker sees speak their language; public posts the table's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.i18n import t
from cogs.common import perms
from cogs.common.answer import or_refuse, player_id, send
from cogs.common.ids import table_id_for
from cogs.common.locale import SERVER, language_choices, table_locale, user_locale
from cogs.common.text import CONTENT_MAX, clip
from cogs.legendary import render
from cogs.legendary.cmd_base import (
    AC,
    LEGENDARY,
    CommandBase,
    complete,
    refuse,
)
from cogs.legendary.table import (
    MAX_AI_PACE,
    MAX_TURN_TIMER,
    Abandon,
    ChangeSetup,
    Join,
    Leave,
    SetOptions,
    Start,
    TableOptions,
    game_setup,
    new_table,
)
from rules.core.errors import IllegalAction
from rules.legendary import setup
from rules.legendary.state import Options, UruGate


class GameCommands(CommandBase):
    # ---- the table ----------------------------------------------------------------------

    # One autocomplete per setup option, shared by `new` and `setup` (the design: `setup`
    # takes "the same options as `new`", autocomplete included).
    async def _ac_scheme(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("scheme", user_locale(i)), current)

    async def _ac_mm(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("mastermind", user_locale(i)), current)

    async def _ac_vil(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("villains", user_locale(i)), current)

    async def _ac_heroes(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("heroes", user_locale(i)), current)

    @LEGENDARY.command(name="new", description="Create a Legendary game in this channel")
    @app_commands.autocomplete(
        scheme=_ac_scheme, mastermind=_ac_mm, villains=_ac_vil, heroes=_ac_heroes
    )
    @app_commands.describe(
        scheme="The Scheme (random if empty)",
        mastermind="The Mastermind (random if empty)",
        villains="Villain Groups, comma-separated (random if empty)",
        heroes="Heroes, comma-separated (random if empty)",
        epic="Play the Mastermind's Epic side",
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        scheme: str | None = None,
        mastermind: str | None = None,
        villains: str | None = None,
        heroes: str | None = None,
        epic: bool = False,
    ) -> None:
        rt = self.rt
        channel = interaction.channel
        loc = rt.heard(interaction)
        if interaction.guild is None or channel is None:
            await refuse(interaction, t(loc, "A game lives in a server channel.\nRun this in one."))
            return
        try:
            choice = self._choice(scheme, mastermind, villains, heroes, epic)
            person = player_id(interaction)
            cid = table_id_for(interaction.id)
            table = new_table(cid, person, interaction.user.display_name, choice)
            setup.new_game(rt.content, game_setup(table), 0)  # refuse a bad setup now
        except IllegalAction as exc:
            await refuse(interaction, exc.refusal.message)
            return
        info = await or_refuse(
            interaction,
            rt.service.create(
                campaign_id=cid,
                name="Legendary 2099",
                owner=person,
                state=table,
                guild_id=str(interaction.guild.id),
                channel_id=str(channel.id),
            ),
            group=render.COMMAND,
        )
        if info is None:
            return
        rt.bind(cid, channel.id)
        public = table_locale(None, interaction)  # a new table has no language option yet
        text = render.new_game_text(table, rt.content, person, public)
        await send(interaction, content=clip(text, CONTENT_MAX), ephemeral=False)

    @LEGENDARY.command(name="setup", description="Show or change the setup (host, before start)")
    @app_commands.autocomplete(
        scheme=_ac_scheme, mastermind=_ac_mm, villains=_ac_vil, heroes=_ac_heroes
    )
    @app_commands.describe(
        scheme="The Scheme (random if empty)",
        mastermind="The Mastermind (random if empty)",
        villains="Villain Groups, comma-separated (random if empty)",
        heroes="Heroes, comma-separated (random if empty)",
        epic="Play the Mastermind's Epic side",
    )
    async def setup_cmd(
        self,
        interaction: discord.Interaction[Any],
        scheme: str | None = None,
        mastermind: str | None = None,
        villains: str | None = None,
        heroes: str | None = None,
        epic: bool | None = None,
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        loc = user_locale(interaction)
        if all(x is None for x in (scheme, mastermind, villains, heroes, epic)):
            await send(interaction, content=render.setup_text(state, self.rt.content, loc))
            return
        try:
            choice = self._choice(
                scheme, mastermind, villains, heroes, state.choice.epic if epic is None else epic
            )
        except IllegalAction as exc:
            await refuse(interaction, exc.refusal.message)
            return
        action = ChangeSetup(
            person=player_id(interaction), choice=choice, manager=perms.is_manager(interaction)
        )
        new = await self._table_act(interaction, cid, action, t(loc, "✓ Setup changed."))
        if new is not None:
            public = self.rt.public_locale(new, interaction)
            await send(
                interaction,
                content=render.setup_text(new, self.rt.content, public),
                ephemeral=False,
            )

    @LEGENDARY.command(name="join", description="Take a seat (ai: the host seats an AI player)")
    @app_commands.describe(ai="True (host only): seat an AI player instead of yourself")
    async def join(self, interaction: discord.Interaction[Any], ai: bool = False) -> None:
        name = interaction.user.display_name
        await self._person_act(
            interaction,
            lambda person, manager: Join(person=person, name=name, ai=ai, manager=manager),
            lambda loc: t(loc, "✓ Seated.") if not ai else t(loc, "✓ AI seated."),
        )

    @LEGENDARY.command(name="leave", description="Give up your seat before the start")
    @app_commands.describe(ai="True (host only): free an AI seat instead of yours")
    async def leave(self, interaction: discord.Interaction[Any], ai: bool = False) -> None:
        await self._person_act(
            interaction,
            lambda person, manager: Leave(person=person, ai=ai, manager=manager),
            lambda loc: t(loc, "✓ Seat given up."),
        )

    @LEGENDARY.command(name="options", description="Table options (host, before the start)")
    @app_commands.describe(
        extra_twists="Difficulty: 0 to 3 extra Scheme Twists",
        mastermind_attack="Difficulty: -1 to +5 to the Mastermind's Attack",
        undercover_wound_vp="VP of a Wound sent Undercover (1 or 0)",
        uru_gate="Uru-Enchanted Weapons: fight against the current or the printed Attack",
        open_hands="Cooperative tables: everyone sees every hand",
        advanced_solo="Solo: the advanced variant",
        whatif_setup="4-5 players: more Villain Groups (and Bystanders at 5)",
        warmup_round="4-5 players: no Villain card on each first turn",
        hq_mulligan="Redraw a starting HQ with two or more Heroes costing 7+",
        turn_timer="Seconds between reminders to whoever the game waits on (0: off)",
        ai_pace="Seconds between the AI seats' moves",
        language="The language of the table's public messages (default: the server's)",
    )
    @app_commands.choices(
        uru_gate=[AC(name=g.value, value=g.value) for g in UruGate],
        language=language_choices(),
    )
    async def options(
        self,
        interaction: discord.Interaction[Any],
        extra_twists: app_commands.Range[int, 0, 3] | None = None,
        mastermind_attack: app_commands.Range[int, -1, 5] | None = None,
        undercover_wound_vp: app_commands.Range[int, 0, 1] | None = None,
        uru_gate: str | None = None,
        open_hands: bool | None = None,
        advanced_solo: bool | None = None,
        whatif_setup: bool | None = None,
        warmup_round: bool | None = None,
        hq_mulligan: bool | None = None,
        turn_timer: app_commands.Range[int, 0, MAX_TURN_TIMER] | None = None,
        ai_pace: app_commands.Range[float, 0.0, MAX_AI_PACE] | None = None,
        language: str | None = None,
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        loc = user_locale(interaction)
        rules = {
            "extra_twists": extra_twists,
            "mastermind_attack_mod": mastermind_attack,
            "undercover_wound_vp": undercover_wound_vp,
            "uru_gate": uru_gate,
            "open_hands": open_hands,
            "advanced_solo": advanced_solo,
            "whatif_setup": whatif_setup,
            "warmup_round": warmup_round,
            "hq_mulligan": hq_mulligan,
        }
        table = {
            "turn_timer": turn_timer,
            "ai_pace": ai_pace,
            # "Server's language" unsets the option: the table follows its server.
            "language": None if language is None else language.removeprefix(SERVER),
        }
        changed = {k: v for k, v in rules.items() if v is not None}
        changed_table = {k: v for k, v in table.items() if v is not None}
        if not changed and not changed_table:
            await send(interaction, content=render.options_text(state, loc))
            return
        try:
            new_rules = Options.model_validate({**state.options.rules.model_dump(), **changed})
            opts = TableOptions.model_validate(
                {**state.options.model_dump(), **changed_table, "rules": new_rules}
            )
        except ValidationError:
            await refuse(
                interaction,
                t(loc, "One of those option values is out of range.\nSee each option's hint."),
            )
            return
        action = SetOptions(
            person=player_id(interaction), options=opts, manager=perms.is_manager(interaction)
        )
        new = await self._table_act(interaction, cid, action, t(loc, "✓ Table options changed."))
        if new is not None:
            public = self.rt.public_locale(new, interaction)
            await send(interaction, content=render.options_text(new, public), ephemeral=False)

    @LEGENDARY.command(name="start", description="Shuffle, deal and start (host)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._person_act(
            interaction,
            lambda person, manager: Start(person=person, seed=self.rt.new_seed(), manager=manager),
            lambda loc: t(loc, "✓ The game starts. Open your cards with /legendary hand."),
        )

    @LEGENDARY.command(name="abandon", description="End the game without a result (host)")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        await self._person_act(
            interaction,
            lambda person, manager: Abandon(person=person, manager=manager),
            lambda loc: t(loc, "✓ Game abandoned."),
        )

    async def _person_act(
        self,
        interaction: discord.Interaction[Any],
        make: Callable[[str, bool], Join | Leave | Start | Abandon],
        done: Callable[[str], str],
    ) -> None:
        """A table command that is one action of the person: on the channel's table, the
        action `make` builds from the person's id and whether they manage the server,
        then `done`'s answer in their language."""
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        action = make(player_id(interaction), perms.is_manager(interaction))
        await self._table_act(interaction, cid, action, done(user_locale(interaction)))
