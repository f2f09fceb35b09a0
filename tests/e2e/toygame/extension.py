"""The toy game's discord.py extension: `/toy new`, `/toy join`, a board with a Bump
button (`fx:toy:bump:{table}:{version}`), and its runtime (a `GameRuntime`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.contract import Applied
from cogs.common import ids
from cogs.common.answer import Actor, or_refuse, player_id, refuse, send
from cogs.common.buttons import FxButton, make_view
from cogs.common.house import house_of
from cogs.common.runtime import GameRuntime
from cogs.common.timers import Reminder
from tests.e2e.toygame.plugin import PLUGIN
from tests.service.toy import Bump, Join, ToyState, new_toy

BUMP = "bump"
ids.register(PLUGIN.name, frozenset({BUMP}))


def board_view(state: ToyState) -> discord.ui.View | None:
    button = FxButton(ids.ButtonId(PLUGIN.name, BUMP, state.id, state.version), text="Bump")
    view, _ = make_view([[button], []])
    return view


class ToyRuntime(GameRuntime[ToyState]):
    game = PLUGIN.name
    title = PLUGIN.title
    command = "toy"

    def owner_of(self, state: ToyState) -> str:
        return state.owner

    def name_of(self, state: ToyState) -> str:
        return state.id

    def in_play(self, state: ToyState) -> bool:
        return not state.finished

    def describe(self, state: ToyState) -> str | None:
        return f"counter {state.counter}, v{state.version}"

    def reminder(self, state: ToyState) -> Reminder | None:
        """Once two are seated, the player whose turn it is gets reminded (600 s)."""
        if len(state.players) < 2 or state.finished:
            return None
        who = state.players[state.turn]
        return Reminder((state.version, state.turn, who), 600, (who,))

    def reminder_text(self, state: ToyState, number: int, who: str, minutes: float) -> str:
        return f"⏰ Toy reminder {number}: {who}, it is your turn ({minutes:g} min)."

    async def publish(self, cid: str, batch: Sequence[Applied[ToyState]]) -> None:
        state = batch[-1].state
        lines = [e.text for a in batch for e in a.events if e.seats is None]
        await self._post(cid, state, "\n".join(lines))

    async def post_board(self, cid: str, state: ToyState, note: str | None = None) -> None:
        await self._post(cid, state, note or "")

    async def _post(self, cid: str, state: ToyState, text: str) -> None:
        channel = await self.channel(cid)
        if channel is None:
            return
        board = f"{text}\nToy table {cid}: counter {state.counter} (v{state.version})"
        kwargs: dict[str, Any] = {"content": board.strip()}
        view = board_view(state)
        if view is not None:
            kwargs["view"] = view
        await self.send(cid, channel, "a toy board", **kwargs)
        self.prefs.mark_published(cid, state.version)

    async def on_click(self, interaction: discord.Interaction[Any], bid: ids.ButtonId) -> None:
        if bid.action != BUMP:
            await refuse(interaction, "This button does nothing any more.", group=self.command)
            return
        actor: Actor[ToyState] = Actor(self)
        async with self.answering(bid.table):
            applied = await actor.act(
                interaction,
                bid.table,
                Bump(player=player_id(interaction)),
                expected_version=bid.version,
                stale_panel=True,
            )
        if applied is not None:
            await send(interaction, content=f"✓ Counter {applied.state.counter}.")


class ToyCog(commands.Cog):
    toy = app_commands.Group(name="toy", description="A toy game", guild_only=True)

    def __init__(self, runtime: ToyRuntime | None) -> None:
        self._rt = runtime

    @property
    def rt(self) -> ToyRuntime:
        assert self._rt is not None
        return self._rt

    @toy.command(name="new", description="A toy table in this channel")
    async def new(self, interaction: discord.Interaction[Any]) -> None:
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await refuse(interaction, "Toy tables live in a server channel.")
            return
        if await self.rt.table_for_channel(channel) is not None:
            await refuse(interaction, "This channel already has a toy table.")
            return
        cid = "toy" + ids.table_id_for(interaction.id)
        state = new_toy(cid, seed=self.rt.new_seed(), owner=player_id(interaction))
        created = await or_refuse(
            interaction,
            self.rt.service.create(
                campaign_id=cid,
                name="Toy table",
                owner=player_id(interaction),
                state=state,
                guild_id=str(interaction.guild.id),
                channel_id=str(channel.id),
            ),
        )
        if created is None:
            return
        self.rt.bind(cid, channel.id)
        await send(interaction, content=f"✓ Toy table {cid} created.")
        await self.rt.post_board(cid, state)

    @toy.command(name="join", description="Sit at the toy table")
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        cid = await self.rt.table_for_channel(interaction.channel, ask_db=True)
        if cid is None:
            await refuse(interaction, "There is no toy table here.", group="toy")
            return
        actor: Actor[ToyState] = Actor(self.rt)
        async with self.rt.answering(cid):
            applied = await actor.act(interaction, cid, Join(player=player_id(interaction)))
        if applied is not None:
            await send(interaction, content="✓ Seated.")


async def setup(bot: commands.Bot) -> None:
    house = house_of(bot)
    if house is None or house.sync_only:
        await bot.add_cog(ToyCog(None))
        return
    service, _, prefs = house.open_game(PLUGIN)
    runtime = ToyRuntime(bot, service, prefs)
    await house.add(runtime)
    await bot.add_cog(ToyCog(runtime))
