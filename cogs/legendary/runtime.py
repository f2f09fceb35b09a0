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
* **Hands by DM** (`/legendary dm`): a player who opted in gets their panel by DM
  whenever their hand or options change (`cogs.common.dmhands`); its buttons work there.
* **Languages** (docs/i18n.md): public messages (the board, event lines, reminders,
  the end) speak the table's `language` option, else its server's; an ephemeral answer
  speaks the clicking person's; a DM'd hand speaks its player's language as last heard
  from them (the house's `heard` and `dm_language`, as in every game: kept in memory, so
  after a restart the table's until they act).
* **The turn timer** (`/legendary options turn_timer`): the person the game waits on (the
  current player, or the player a prompt is addressed to) is reminded every `turn_timer`
  seconds, MAX_REMINDERS times; one interval later the table moves for them (a prompt:
  the AI's choice from their own view; a turn: it ends). Each move starts the timer
  again. Both timers are the house's (cogs/common/timers.py), kept in the preferences,
  so a restart resumes them with the time that was left.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from pydantic import TypeAdapter

from bot.i18n import N_, SOURCE, t
from bot.service.contract import Applied
from bot.service.game import GameService
from cogs.common.dmhands import DmHands
from cogs.common.locale import table_locale
from cogs.common.memo import VersionMemo
from cogs.common.prefs import Prefs
from cogs.common.runtime import GameRuntime
from cogs.common.timers import MAX_REMINDERS, Deadline, Reminder
from cogs.legendary import render
from cogs.legendary.components import board_buttons, panel_buttons
from cogs.legendary.localize import line
from cogs.legendary.table import AI, TIMER, Move, Table
from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.legendary import engine
from rules.legendary.actions import Action as GameAction
from rules.legendary.actions import EndTurn
from rules.legendary.ai import make_agent
from rules.legendary.cards import Pack
from rules.legendary.view import GameView, events_for, view

if TYPE_CHECKING:
    from cogs.common.ids import ButtonId

_EVENTS: TypeAdapter[list[Event]] = TypeAdapter(list[Event])

log = logging.getLogger("cogs.legendary")
FINISHED_SCAN = 200  # finished games looked at for a channel's last one
VIEW_TABLES = 256  # tables whose views and legal actions are kept, at least
RESUMED = N_("Fixer is back online. The game goes on from here.")


class LegendaryRuntime(GameRuntime[Table]):
    game = "legendary"
    title = "Legendary 2099"
    command = render.COMMAND

    def __init__(
        self, bot: discord.Client, service: GameService[Table, Any], content: Pack, prefs: Prefs
    ) -> None:
        super().__init__(bot, service, prefs)
        self.content = content
        # Seconds between AI moves (times time_scale); None: each table's `ai_pace`.
        self.ai_delay: float | None = None
        self.ai_level = "greedy"
        self._ai_tasks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._awaited: dict[str, int | None] = {}
        self.dms = DmHands(self)
        # Views and legal actions by table version and seat (cogs/common/memo.py), for
        # as many tables as the service keeps states of.
        self.memo = VersionMemo(max(VIEW_TABLES, getattr(service, "cache_size", 0)))
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

    def explain_for(self, refusal: Refusal, locale: str) -> str:
        return line(self.content, locale, refusal.message)

    def stale_panel_for(
        self, state: Table, player: str, locale: str
    ) -> tuple[discord.Embed, Any] | None:
        seats = state.seats_of(player)
        if state.game is None or not seats:
            return None
        note = t(locale, "Here is your hand as it is now.")
        embed, buttons = self.panel(state, seats[0], [note], locale)
        return embed, buttons

    def stale_panel(self, state: Table, player: str) -> tuple[discord.Embed, Any] | None:
        return self.stale_panel_for(state, player, SOURCE)

    # ---- languages --------------------------------------------------------------------

    def public_locale(self, state: Table, where: Any = None) -> str:
        """The language of the table's public messages: its `language` option, else its
        server's (from `where`, or the channel it is bound to)."""
        if where is None and not state.options.language:
            bound = self.channel_of_table.get(state.id)
            where = self.bot.get_channel(bound) if bound is not None else None
        return table_locale(state.options.language, where)

    def setup_locale(self, channel: Any, state: Table) -> str:
        return self.public_locale(state, channel)

    # ---- views ------------------------------------------------------------------------

    def view(self, state: Table, seat: int | None) -> GameView:
        """A seat's (or the spectator's, None) view, computed once per table version:
        the answer, the public board, autocomplete and DMs share it (states are
        immutable, so a version names one view)."""
        game = state.game
        assert game is not None
        return self.memo.compute(
            state.id, state.version, ("view", seat), lambda: view(game, self.content, seat)
        )

    def legal(self, state: Table, seat: int) -> list[GameAction]:
        """The seat's legal actions now, once per table version (as `view`)."""
        game = state.game
        assert game is not None
        found = self.memo.compute(
            state.id,
            state.version,
            ("legal", seat),
            lambda: tuple(engine.legal_actions(game, self.content, seat)),
        )
        return list(found)

    def panel(
        self, state: Table, seat: int, notes: Sequence[str] = (), loc: str = SOURCE
    ) -> tuple[discord.Embed, discord.ui.View | None]:
        """A seat's private panel in the language `loc`: its hand and a button for every
        legal action (`notes` are already in that language)."""
        assert state.game is not None
        v = self.view(state, seat)
        legal = self.legal(state, seat)
        embed = render.hand_embed(v, notes, loc, self.content)
        buttons, hidden = panel_buttons(legal, v, state.id, state.version, loc, self.content)
        if hidden:
            embed.description = (
                (embed.description or "")
                + "\n"
                + t(
                    loc,
                    "({n} more options did not fit: use /legendary choose, play, recruit, fight.)",
                    n=hidden,
                )
            )
        return embed, buttons

    def public_board(
        self, state: Table, note: str | None = None, loc: str | None = None
    ) -> discord.Embed:
        loc = self.public_locale(state) if loc is None else loc
        return render.board_embed(self.view(state, None), state, note, self.content, loc)

    def awaited_person(self, state: Table) -> str | None:
        g = state.game
        if g is None or state.over:
            return None
        seat = engine.decision_seat(g)
        return None if seat is None else state.seats[seat].person

    # ---- publishing -------------------------------------------------------------------

    async def publish(self, cid: str, batch: Sequence[Applied[Table]]) -> None:
        state = batch[-1].state
        events = [e for a in batch for e in a.events]
        self.prefs.mark_published(cid, state.version)
        channel = await self.channel(cid)
        if channel is not None:
            loc = self.public_locale(state, channel)
            texts = render.public_lines(events_for(events, None), loc, self.content)
            await self._post(cid, channel, state, texts, loc)
        self.update_dms(cid, state, events)
        self.kick_ai(cid, state)
        self.warm(state)

    def warm(self, state: Table) -> None:
        """The view and legal actions of the person the game now waits on, worked out
        here, in the publisher's turn (after the answers in progress and the board),
        rather than inside their next command: after another seat's move nobody has
        computed them yet (after their own move, their answer's panel has). The memo
        keeps them for that command's name resolution."""
        g = state.game
        if g is None or state.over:
            return
        seat = engine.decision_seat(g)
        if seat is None or state.seats[seat].person is None:
            return  # an AI seat works from its own view, in a worker thread
        self.view(state, seat)
        self.legal(state, seat)

    async def _post(self, cid: str, channel: Any, state: Table, texts: list[str], loc: str) -> None:
        embeds: list[discord.Embed] = []
        content = render.event_lines(texts) if texts else None
        mention: str | None = None
        if state.game is not None:
            g = state.game
            embeds.append(self.public_board(state, loc=loc))
            who = self.awaited_person(state)
            seat = engine.decision_seat(g)
            key = None if seat is None else seat * 1000 + (1 if g.prompt is not None else 0)
            if who is not None and who.isdigit() and self._awaited.get(cid) != key:
                mention = who
            self._awaited[cid] = key
            end = None
            if state.over:
                v = self.view(state, None)
                end = render.end_sentence(
                    v, engine.scores(g, self.content), engine.winners(g, self.content), loc
                )
            content = render.update_content(
                content, loc, mention=mention, choosing=g.prompt is not None, end=end
            )
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
            buttons = board_buttons(state.id, state.version, loc)
            if buttons is not None:
                kwargs["view"] = buttons
        await self.send(cid, channel, f"the update for v{state.version}", **kwargs)

    async def post_board(self, cid: str, state: Table, note: str | None = None) -> None:
        channel = await self.channel(cid)
        if channel is None or state.game is None:
            return
        loc = self.public_locale(state, channel)
        if note == self.resume_note:
            note = t(loc, RESUMED)
        kwargs: dict[str, Any] = {
            "content": note,
            "embeds": [self.public_board(state, loc=loc)],
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        v = board_buttons(state.id, state.version, loc)
        if v is not None and not state.over:
            kwargs["view"] = v
        await self.send(cid, channel, "a board", **kwargs)
        self.prefs.mark_published(cid, state.version)

    async def recent_events(
        self, cid: str, lines: int = render.LOG_LINES, loc: str = SOURCE
    ) -> list[str]:
        """The table's last public event lines in the language `loc`, from the action
        log (so they survive a restart); never a private event."""
        store = self.service.store
        info = await self.service.info(cid)
        # One log row per version: the last LOG_ACTIONS rows hold the recent events.
        after = max(0, (info.version if info is not None else 0) - render.LOG_ACTIONS)
        entries = await store.read_log(cid, after_seq=after)
        events = [e for entry in entries for e in _EVENTS.validate_json(entry.events)]
        return render.public_lines(events_for(events, None), loc, self.content)[-lines:]

    async def last_finished(self, channel: Any) -> str | None:
        """The most recent game of this channel (or of the channel a thread is in) that
        ended: its binding goes with it at a restart, but `status` still shows it."""
        keys = {
            str(k)
            for k in (getattr(channel, "id", None), getattr(channel, "parent_id", None))
            if k is not None
        }
        if not keys:
            return None
        for info in await self.service.store.list_campaigns(
            "finished", game=self.game, limit=FINISHED_SCAN
        ):
            if info.channel_id in keys:
                return info.id
        return None

    # ---- DM hands ---------------------------------------------------------------------

    def panel_signature(self, state: Table, seat: int) -> tuple[Any, ...]:
        """What a DM'd panel shows that can change: the hand, the options, the prompt."""
        assert state.game is not None
        v = self.view(state, seat)
        legal = self.legal(state, seat)
        hand = tuple(c.inst for c in v.players[seat].hand or ())
        prompt = v.prompt.text if v.prompt is not None and v.prompt.seat == seat else None
        return (state.over, hand, prompt, tuple(a.model_dump_json() for a in legal))

    def update_dms(self, cid: str, state: Table, events: Sequence[Event]) -> None:
        """Players who opted in get their panel by DM when it changed."""
        if state.game is None:
            return
        for player in self.dms.players(cid):
            seats = state.seats_of(player)
            if not seats:
                continue
            seat = seats[0]
            loc = self.dm_language(player, self.public_locale(state))
            notes = [
                f"🔒 {line(self.content, loc, e.text)}"
                for e in events_for(list(events), seat)
                if e.seats
            ]

            def build(seat: int = seat, notes: list[str] = notes, loc: str = loc) -> dict[str, Any]:
                embed, buttons = self.panel(state, seat, notes[-6:], loc)
                kwargs: dict[str, Any] = {"embed": embed}
                if buttons is not None and not state.over:
                    kwargs["view"] = buttons
                return kwargs

            self.dms.send(cid, player, self.panel_signature(state, seat), build)

    async def notice_locale(self, cid: str) -> str:
        try:
            state = await self.service.get(cid)
        except IllegalAction:  # the table is gone: its server's language
            return await super().notice_locale(cid)
        return self.public_locale(state, await self.channel(cid))

    # ---- the turn timer ---------------------------------------------------------------

    @staticmethod
    def _waiting_key(state: Table) -> tuple[Any, ...] | None:
        """The situation the turn timer times: a person waited on at this version."""
        g = state.game
        if g is None or state.over or state.options.turn_timer <= 0:
            return None
        seat = engine.decision_seat(g)
        if seat is None or state.seats[seat].person is None:
            return None
        return ("wait", state.version, seat)

    def deadline(self, state: Table) -> Deadline | None:
        key = self._waiting_key(state)
        if key is None:
            return None
        return Deadline(key, state.options.turn_timer * (MAX_REMINDERS + 1))

    def deadline_action(self, state: Table, key: tuple[Any, ...]) -> Any | None:
        if self._waiting_key(state) != tuple(key):
            return None
        return Move(person=TIMER, action=self.timeout_move(state, int(key[2])))

    def timeout_move(self, state: Table, seat: int) -> GameAction:
        """What the table does for a seat out of time: answers its prompt as the AI
        would (from the seat's own view), or ends its turn."""
        g = state.game
        assert g is not None
        if g.prompt is None:
            return EndTurn(seat=seat)
        legal = engine.legal_actions(g, self.content, seat)  # the prompt's options
        agent = make_agent(self.ai_level, seed=g.version * 7 + seat)
        choice: GameAction = agent.decide(view(g, self.content, seat), legal, self.content)
        return choice

    def reminder(self, state: Table) -> Reminder | None:
        key = self._waiting_key(state)
        who = self.awaited_person(state)
        if key is None or who is None:
            return None
        return Reminder(key, state.options.turn_timer, (who,))

    def reminder_text(self, state: Table, number: int, who: str, minutes: float) -> str:
        choosing = state.game is not None and state.game.prompt is not None
        return render.reminder_text(number, who, minutes, choosing, self.public_locale(state))

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
        state = await self.service.get(cid)
        pace = state.options.ai_pace if self.ai_delay is None else self.ai_delay
        if not await self.ai_pause(cid, version, pace):
            return  # (several processes: another one makes this move)
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
