"""Legendary 2099's runtime: the house's `GameRuntime` (channels, the publisher queue,
DMs, timers, in cogs/common) with what is Legendary.

* **Publishing.** Each batch of commits posts one message: the public events (the
  spectator's `events_for`), and the board from the spectator's `view`, with a mention
  of the person the game newly waits on (a prompt addressed to someone other than the
  current player reaches them that way; its options are only in their private panel).
* **AI seats** play by themselves: when the seat the game waits on is an AI's, a task
  waits `ai_delay` seconds (pacing, so people can follow), asks the agent in a worker
  thread (off the event loop), and sends the move through the service like anyone. A
  restart resumes it (`on_ready`).
* **The end** is announced in a sentence with the scores and the best player.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.service.game import Applied, GameService
from cogs.common.prefs import Prefs
from cogs.common.runtime import GameRuntime
from cogs.legendary import render
from cogs.legendary.components import board_buttons, panel_buttons
from cogs.legendary.table import AI, Move, Table
from rules.core.errors import IllegalAction
from rules.legendary import engine
from rules.legendary.ai import make_agent
from rules.legendary.cards import Pack
from rules.legendary.view import GameView, events_for, view

if TYPE_CHECKING:
    from cogs.common.ids import ButtonId

log = logging.getLogger("cogs.legendary")
LOG_LINES = 30


class LegendaryRuntime(GameRuntime[Table]):
    game = "legendary"
    title = "Legendary 2099"
    command = render.COMMAND

    def __init__(
        self, bot: discord.Client, service: GameService[Table, Any], content: Pack, prefs: Prefs
    ) -> None:
        super().__init__(bot, service, prefs)
        self.content = content
        self.ai_delay = 1.0  # seconds between AI moves (times time_scale)
        self.ai_level = "greedy"
        self._ai_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._awaited: dict[str, int | None] = {}
        # Recent public event texts per table (`/legendary log`; memory only).
        self._recent: dict[str, deque[str]] = {}
        from cogs.legendary.interact import ClickHandler

        self.clicks = ClickHandler(self)

    # ---- hooks ------------------------------------------------------------------------

    def owner_of(self, state: Table) -> str:
        return state.owner

    def name_of(self, state: Table) -> str:
        return "Legendary 2099"

    def in_play(self, state: Table) -> bool:
        return state.game is not None and not state.over

    def describe(self, state: Table) -> str | None:
        g = state.game
        return None if g is None else f"turn {g.turn_no}, v{state.version}"

    async def on_click(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        await self.clicks.handle(interaction, bid)

    def stale_panel(self, state: Table, player: str) -> tuple[discord.Embed, Any] | None:
        seats = state.seats_of(player)
        if state.game is None or not seats:
            return None
        embed, buttons = self.panel(state, seats[0], ["Here is your hand as it is now."])
        return embed, buttons

    # ---- views ------------------------------------------------------------------------

    def view(self, state: Table, seat: int | None) -> GameView:
        assert state.game is not None
        return view(state.game, self.content, seat)

    def panel(
        self, state: Table, seat: int, notes: Sequence[str] = ()
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """A seat's private panel: its hand and a button for every legal action."""
        assert state.game is not None
        v = self.view(state, seat)
        legal = engine.legal_actions(state.game, self.content, seat)
        embed = render.hand_embed(v, notes)
        buttons, hidden = panel_buttons(legal, v, state.id, state.version)
        if hidden:
            embed.description = (embed.description or "") + (
                f"\n({hidden} more options did not fit: use /legendary play, recruit, fight.)"
            )
        return embed, buttons

    def public_board(self, state: Table, note: str | None = None) -> discord.Embed:
        return render.board_embed(self.view(state, None), state, note)

    def awaited_person(self, state: Table) -> str | None:
        g = state.game
        if g is None or state.over:
            return None
        seat = engine.decision_seat(g)
        return None if seat is None else state.seats[seat].person

    # ---- publishing -------------------------------------------------------------------

    async def publish(self, cid: str, batch: Sequence[Applied[Table]]) -> None:
        state = batch[-1].state
        texts = [e.text for a in batch for e in events_for(list(a.events), None)]
        self._recent.setdefault(cid, deque(maxlen=LOG_LINES)).extend(texts)
        self.prefs.mark_published(cid, state.version)
        channel = await self.channel(cid)
        if channel is not None:
            await self._post(cid, channel, state, texts)
        self.kick_ai(cid, state)

    async def _post(self, cid: str, channel: Any, state: Table, texts: list[str]) -> None:
        embeds: list[discord.Embed] = []
        content = render.event_lines(texts) if texts else None
        mention: str | None = None
        if state.game is not None:
            g = state.game
            embeds.append(self.public_board(state))
            who = self.awaited_person(state)
            seat = engine.decision_seat(g)
            key = None if seat is None else seat * 1000 + (1 if g.prompt is not None else 0)
            if who is not None and who.isdigit() and self._awaited.get(cid) != key:
                mention = who
                ask = "you have a choice to make" if g.prompt is not None else "your turn"
                content = (content + "\n" if content else "") + f"<@{who}>: {ask} (My hand)."
            self._awaited[cid] = key
            if state.over:
                v = self.view(state, None)
                end = render.end_sentence(
                    v, engine.scores(g, self.content), engine.winners(g, self.content)
                )
                content = (content + "\n" if content else "") + f"**{end}**"
        if content is None and not embeds:
            return
        kwargs: dict[str, Any] = {
            "content": render.event_lines([]) if content is None else content[:2000],
            "embeds": embeds,
            "allowed_mentions": discord.AllowedMentions(
                everyone=False,
                roles=False,
                users=[discord.Object(int(mention))] if mention else False,
            ),
        }
        if state.game is not None and not state.over:
            buttons = board_buttons(state.id, state.version)
            if buttons is not None:
                kwargs["view"] = buttons
        await self.send(cid, channel, f"the update for v{state.version}", **kwargs)

    async def post_board(self, cid: str, state: Table, note: str | None = None) -> None:
        channel = await self.channel(cid)
        if channel is None or state.game is None:
            return
        kwargs: dict[str, Any] = {
            "content": note,
            "embeds": [self.public_board(state)],
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        v = board_buttons(state.id, state.version)
        if v is not None and not state.over:
            kwargs["view"] = v
        await self.send(cid, channel, "a board", **kwargs)
        self.prefs.mark_published(cid, state.version)

    def recent_events(self, cid: str) -> list[str]:
        return list(self._recent.get(cid, ()))

    # ---- AI seats ---------------------------------------------------------------------

    async def on_ready(self) -> None:
        await super().on_ready()
        for cid in list(self.channel_of_table):
            try:
                state = await self.service.get(cid)
            except IllegalAction:
                continue
            self.kick_ai(cid, state)

    def kick_ai(self, cid: str, state: Table) -> None:
        """If the game waits on an AI seat, play its move (once per table at a time)."""
        if self.closed or state.game is None or state.over:
            return
        seat = engine.decision_seat(state.game)
        if seat is None or state.seats[seat].person is not None:
            return
        task = self._ai_tasks.get((cid, state.version))
        if task is not None and not task.done():
            return
        self._ai_tasks[(cid, state.version)] = self.spawn(
            self._ai_move(cid, state.version), name="ai"
        )

    async def _ai_move(self, cid: str, version: int) -> None:
        await asyncio.sleep(self.ai_delay * self.time_scale)
        state = await self.service.get(cid)
        g = state.game
        if state.version != version or g is None or state.over:
            return
        seat = engine.decision_seat(g)
        if seat is None or state.seats[seat].person is not None:
            return
        pack = self.content

        def decide() -> Any:
            agent = make_agent(self.ai_level, seed=g.version * 7 + seat)
            legal = engine.legal_actions(g, pack, seat)
            return agent.decide(view(g, pack, seat), legal, pack)

        action = await asyncio.to_thread(decide)
        try:
            await self.service.act(cid, Move(person=AI, action=action), expected_version=version)
        except IllegalAction as exc:  # a person moved meanwhile (stale): the next commit kicks
            log.info("campaign %s: AI move refused (%s)", cid, exc.refusal.code)
        finally:
            self._ai_tasks.pop((cid, version), None)
