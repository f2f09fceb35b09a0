"""The Discord side of a running Fixer: everything between the game service and Discord
that is not a command.

* **Publisher.** The service calls `on_commit` after every committed action (any source:
  slash commands, buttons, DM buttons, timers). Each table has a queue, so its public
  messages go out in commit order; consecutive commits waiting in the queue are merged
  into one message. A natural point (a flip, a new round, an execution, a vote, clean-up,
  the end of a run) gets a fresh full board; other actions get a short message with the
  events, whose turn it is (with a mention for the people newly waited on) and buttons.
* **DM hands.** Players who opted in (`/legends dm`) get their hand by DM whenever it or
  their options change. Best effort: a closed DM is reported once in the channel and never
  blocks anything.
* **Timers.** Scene votes close themselves after the table's `vote_seconds` (a
  `CloseVote` by "system"); with `turn_timer` set, the people the table waits on are
  reminded. Both deadlines are kept in the preferences file, so a restart resumes them.
* **Start-up.** Active campaigns are mapped to their channels; runs whose last update was
  never posted (a crash) get a fresh board; owners are told about missing intents or
  permissions.
* **Threads.** A campaign's thread or forum post may be archived (posting revives it, see
  `threads.send`), locked (the owner is told once what to do) or deleted (the campaign
  waits, unbound, for `/legends move`; the owner is told once). Game state is never
  touched by any of this.

Only views (`board`, `player_view`) and public events are rendered into channels; a
private event goes only to the person whose seat it names, in an ephemeral reply or DM.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.service.game import Applied, GameService, Refused
from cogs.legends import render, threads
from cogs.legends.components import board_buttons, panel_buttons
from cogs.legends.prefs import Prefs
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legends.actions import SYSTEM_PLAYER, CloseVote
from rules.legends.cards import ContentPack
from rules.legends.engine import apply as engine_apply
from rules.legends.legal import controlled_seats
from rules.legends.state import Table
from rules.legends.view import BoardView, PlayerView, board, events_for, player_view

if TYPE_CHECKING:
    from cogs.legends.interact import ClickHandler

log = logging.getLogger("cogs.legends")

MAX_REMINDERS = 3
VIEW_CACHE = 128
# Seconds the public update waits for the acting person's answer to go out first.
ANSWER_FIRST = 1.0
# Loop turns a speculated answer waits for the commit to be handed to SQLite's thread.
SPECULATE_AFTER = 4


@dataclass
class _TableTimers:
    vote_key: tuple[Any, ...] | None = None
    vote_task: asyncio.Task[None] | None = None
    turn_key: tuple[Any, ...] | None = None
    turn_task: asyncio.Task[None] | None = None


@dataclass
class _DmState:
    signature: tuple[Any, ...] | None = None
    last: asyncio.Task[None] | None = None
    pending: list[Event] = field(default_factory=list)


class Runtime:
    """Owned by the bot (`bot.fixer`); created in setup_hook, closed in close()."""

    def __init__(
        self,
        bot: discord.Client,
        service: GameService[Table, Any],
        content: ContentPack,
        prefs: Prefs,
    ) -> None:
        self.bot = bot
        self.service = service
        self.content = content
        self.prefs = prefs
        # Seconds an interaction may wait for the service before it is deferred.
        self.budget = 1.5
        # Multiplies every timer (tests shrink minutes to milliseconds).
        self.time_scale = 1.0
        # Where new campaigns get their shuffle seed (tests make it reproducible).
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(48)
        self.table_of_channel: dict[int, str] = {}
        self.channel_of_table: dict[str, int] = {}
        self._queues: dict[str, asyncio.Queue[Applied[Table]]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._awaited: dict[str, set[str]] = {}
        self._timers: dict[str, _TableTimers] = {}
        self._dm: dict[tuple[str, str], _DmState] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._views: OrderedDict[tuple[str, int, str | None], Any] = OrderedDict()
        # Interactions being answered, per table: the public update waits for them, so
        # the person acting gets their (ephemeral) answer first, without competition.
        self._answering: dict[str, int] = {}
        self._answered: dict[str, asyncio.Event] = {}
        self._ready_done = False
        # Preparing the answer during the commit pays only if the commit waits for the
        # disk (FULL); an inline NORMAL commit leaves the event loop no idle time.
        self.speculative = bool(getattr(service.store, "commits_wait_for_disk", True))
        # Called when the last answer in progress is out (the idle garbage collector).
        self.on_idle: Callable[[], None] | None = None
        # Campaigns whose channel or thread was deleted: they wait for /legends move.
        self.homeless: dict[str, int] = {}
        self.closed = False
        self.clicks: ClickHandler
        from cogs.legends.interact import ClickHandler

        self.clicks = ClickHandler(self)
        service.subscribe(self.on_commit)

    # ---- lifecycle ------------------------------------------------------------------

    async def start(self) -> None:
        report = await self.service.start()
        for info in report.active:
            if info.channel_id is not None and info.channel_id.isdigit():
                self.bind(info.id, int(info.channel_id))
        runs = []
        for info in report.active[:50]:
            try:
                state = await self.service.get(info.id)
            except IllegalAction:
                continue
            if state.run is not None:
                runs.append(
                    f"{info.id} ({state.run.scenario}, round {state.run.round}, v{state.version})"
                )
        log.info(
            "%d active campaigns; active runs: %s", len(report.active), ", ".join(runs) or "none"
        )
        for cid in report.unreadable:
            log.error("campaign %s could not be resumed (unreadable state)", cid)

    async def on_ready(self) -> None:
        """First connection: resume runs (timers, missed boards) and check the setup."""
        if self._ready_done:
            return
        self._ready_done = True
        for cid in list(self.channel_of_table):
            try:
                state = await self.service.get(cid)
            except IllegalAction:
                continue
            self._schedule_timers(cid, state)
            await self.check_setup(cid, state, notify=True)
            if state.run is not None and self.prefs.published.get(cid, -1) < state.version:
                # An update that was never posted (the bot stopped right after a commit):
                # post the board now so the crew has fresh buttons.
                self.spawn(self._post_resume_board(cid, state))

    async def close(self) -> None:
        self.closed = True
        for timers in self._timers.values():
            for task in (timers.vote_task, timers.turn_task):
                if task is not None:
                    task.cancel()
        # Let queued public updates go out (briefly), then stop.
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.idle(), 2.0)
        for task in list(self._workers.values()) + list(self._tasks):
            task.cancel()
        await self.prefs.close()

    async def idle(self, settle: float = 0.0) -> None:
        """Wait until every queued update, DM and notice has been sent (tests use it)."""
        while True:
            busy = [t for t in self._workers.values() if not t.done()]
            busy += [t for t in self._tasks if not t.done() and t.get_name() != "timer"]
            if not busy:
                if settle:
                    await asyncio.sleep(settle)
                    if not any(not t.done() for t in self._workers.values()):
                        return
                    continue
                return
            await asyncio.wait(busy, timeout=0.5)

    def spawn(self, coro: Any, *, name: str = "task") -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        task.set_name(name)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    # ---- channels -------------------------------------------------------------------

    def bind(self, cid: str, channel_id: int) -> None:
        old = self.channel_of_table.get(cid)
        if old is not None:
            self.table_of_channel.pop(old, None)
        self.table_of_channel[channel_id] = cid
        self.channel_of_table[cid] = channel_id

    async def table_for_channel(self, channel: Any, *, ask_db: bool = False) -> str | None:
        """The active campaign of this channel, or of the channel a thread belongs to.
        From memory; with `ask_db` (commands, not every chat message) also from the
        database, for a campaign imported or moved while the bot runs."""
        if channel is None:
            return None
        keys = [
            k
            for k in (getattr(channel, "id", None), getattr(channel, "parent_id", None))
            if k is not None
        ]
        for key in keys:
            if key in self.table_of_channel:
                return self.table_of_channel[key]
        if ask_db:
            for key in keys:
                info = await self.service.for_channel(str(key))
                if info is not None and info.game == "legends":
                    self.bind(info.id, key)
                    return info.id
        return None

    async def channel(self, cid: str) -> discord.abc.Messageable | None:
        if cid in self.homeless:
            return None
        channel_id = self.channel_of_table.get(cid)
        if channel_id is None:
            info = await self.service.info(cid)
            if info is None or info.channel_id is None or not info.channel_id.isdigit():
                return None
            channel_id = int(info.channel_id)
        ch = self.bot.get_channel(channel_id)
        if ch is None:
            # Not cached: an archived thread (discord.py drops those; Discord leaves them
            # out of GUILD_CREATE) is fetched by id, which also tells a deleted one.
            try:
                fetched = await self.bot.fetch_channel(channel_id)
            except discord.NotFound as exc:
                if exc.code == threads.UNKNOWN_CHANNEL:
                    self.channel_gone(channel_id, cid=cid)
                    return None
                log.warning("campaign %s: channel %s unavailable (%s)", cid, channel_id, exc.status)
                return None
            except discord.HTTPException as exc:
                log.warning("campaign %s: channel %s unavailable (%s)", cid, channel_id, exc.status)
                return None
            ch = fetched
        return ch if isinstance(ch, discord.abc.Messageable) else None

    def channel_gone(self, channel_id: int, *, cid: str | None = None) -> None:
        """The campaign channel or thread `channel_id` was deleted (CHANNEL_DELETE,
        THREAD_DELETE, or 10003 Unknown Channel). The campaign is untouched; it waits,
        unbound, until its owner runs `/legends move` somewhere else. Told once."""
        cid = cid or self.table_of_channel.get(channel_id)
        if cid is None or self.channel_of_table.get(cid, channel_id) != channel_id:
            return
        if cid in self.homeless:
            return
        self.homeless[cid] = channel_id
        self.table_of_channel.pop(channel_id, None)
        log.warning(
            "campaign %s: its channel %s was deleted; it waits for /legends move", cid, channel_id
        )
        key = f"gone:{channel_id}"
        if self.prefs.warned.get(cid) == key:
            return
        self.prefs.warned[cid] = key
        self.prefs.changed()
        self.spawn(self._tell_owner_gone(cid))

    async def _tell_owner_gone(self, cid: str) -> None:
        try:
            state = await self.service.get(cid)
        except IllegalAction:
            return
        await self._tell_owner(
            cid,
            state,
            [
                "Its channel or thread was deleted. Nothing of the game is lost: it is saved "
                "and waits. To continue it, run `/legends move` in the channel or thread where "
                "you want to play."
            ],
        )

    async def _send(self, cid: str, channel: Any, what: str, **kwargs: Any) -> bool:
        """Post in the campaign's channel, reviving an archived thread; a locked or deleted
        one is reported (once) instead of failing again and again."""
        try:
            await threads.send(channel, **kwargs)
            return True
        except threads.Blocked as exc:
            if exc.gone:
                self.channel_gone(getattr(channel, "id", 0), cid=cid)
                return False
            log.warning(
                "campaign %s: could not post %s: thread %s is locked and I lack Manage Threads",
                cid,
                what,
                getattr(channel, "id", "?"),
            )
            await self._thread_locked(cid, exc.channel)
        except discord.HTTPException as exc:
            log.warning(
                "campaign %s: could not post %s (HTTP %s, code %s)", cid, what, exc.status, exc.code
            )
        return False

    async def _thread_locked(self, cid: str, channel: Any) -> None:
        """Tell the owner (once per problem, the `warned` mechanism) why nothing appears."""
        try:
            state = await self.service.get(cid)
            fresh = await self.bot.fetch_channel(channel.id)
        except (IllegalAction, discord.HTTPException):
            return
        await self.check_setup(cid, state, notify=True, channel=fresh)

    # ---- the publisher --------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def answering(self, cid: str) -> AsyncIterator[None]:
        """Hold the table's public updates while an interaction on it is answered."""
        self._answering[cid] = self._answering.get(cid, 0) + 1
        event = self._answered.get(cid)
        if event is None or event.is_set():
            event = self._answered[cid] = asyncio.Event()
        try:
            yield
        finally:
            left = self._answering[cid] - 1
            if left:
                self._answering[cid] = left
            else:
                del self._answering[cid]
                self._answered.pop(cid, event).set()
                if not self._answering and self.on_idle is not None:
                    self.on_idle()

    async def _after_answers(self, cid: str) -> None:
        event = self._answered.get(cid)
        if event is not None and not event.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(event.wait(), ANSWER_FIRST)

    def busy(self) -> bool:
        """An interaction is being answered right now."""
        return bool(self._answering)

    def on_commit(self, applied: Applied[Table]) -> None:
        """Service listener: runs under the table's lock, so it only enqueues."""
        if self.closed:
            return
        cid = applied.campaign_id
        q = self._queues.get(cid)
        if q is None:
            q = asyncio.Queue()
            self._queues[cid] = q
        q.put_nowait(applied)
        worker = self._workers.get(cid)
        if worker is None or worker.done():
            self._workers[cid] = asyncio.ensure_future(self._worker(cid, q))

    async def _worker(self, cid: str, q: asyncio.Queue[Applied[Table]]) -> None:
        while True:
            if q.empty():
                # No await between this check and the removal: a commit arriving later
                # starts a new worker.
                self._queues.pop(cid, None)
                self._workers.pop(cid, None)
                return
            await self._after_answers(cid)
            batch = [q.get_nowait()]
            while not q.empty():
                batch.append(q.get_nowait())
            try:
                await self.publish(cid, batch)
            except Exception:
                log.exception("campaign %s: publishing v%d failed", cid, batch[-1].version)

    def awaited(self, state: Table) -> list[str]:
        return render.awaited(state)

    async def publish(self, cid: str, batch: Sequence[Applied[Table]]) -> None:
        state = batch[-1].state
        events = [e for a in batch for e in a.events]
        public = [e for e in events if e.seats is None]
        b = self.board(state)
        natural = render.is_natural(public)
        awaited = self.awaited(state)
        before = self._awaited.get(cid, set())
        self._awaited[cid] = set(awaited)
        ping = awaited if natural else [p for p in awaited if p not in before]
        for e in public:
            if e.kind in ("run_started", "complete", "flatlined", "abandoned", "campaign_done"):
                log.info("campaign %s: %s (v%d)", cid, e.kind.replace("_", " "), state.version)
        lines = render.event_lines(public)
        if lines:
            await self._post_update(cid, state, b, lines, natural, ping)
        self.prefs.mark_published(cid, state.version)
        if any(e.kind == "campaign_done" for e in public):
            await self._retag_finished(cid)
        self._update_dms(cid, state, events)
        self._schedule_timers(cid, state)
        if state.run is None and any(e.kind in render.RUN_OVER for e in public):
            self._awaited.pop(cid, None)

    async def _post_update(
        self,
        cid: str,
        state: Table,
        b: BoardView,
        lines: list[str],
        natural: bool,
        ping: Iterable[str],
    ) -> None:
        channel = await self.channel(cid)
        if channel is None:
            return
        mentions = {p: f"<@{p}>" for p in ping if p.isdigit()}
        # The same builder the message gallery (cogs/legends/gallery.py) shows.
        text, embeds = render.update_message(state, b, lines, natural, mentions, self.content)
        view = board_buttons(b)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(p)) for p in mentions]
        )
        kwargs: dict[str, Any] = {"content": text, "embeds": embeds, "allowed_mentions": allowed}
        if view is not None:
            kwargs["view"] = view
        await self._send(cid, channel, f"the update for v{state.version}", **kwargs)

    async def _retag_finished(self, cid: str) -> None:
        """A complete campaign's forum post: its "Active"-like tags give way to a
        "Finished"-like tag, if the forum has one. Cosmetic: a failure is only logged."""
        channel = await self.channel(cid)
        forum = threads.forum_of(channel)
        if forum is None or not isinstance(channel, discord.Thread):
            return
        tags = threads.finished_tags(channel, forum, can_moderate=threads.can_manage_threads(forum))
        if tags is None:
            return
        try:
            await channel.edit(applied_tags=tags, archived=False)
            log.info("campaign %s: its forum post is tagged finished", cid)
        except discord.HTTPException as exc:
            log.warning(
                "campaign %s: could not retag its forum post (HTTP %s, code %s)",
                cid,
                exc.status,
                exc.code,
            )

    async def post_board(self, cid: str, state: Table, note: str | None = None) -> None:
        """A fresh full board (start-up resume, `/legends status` from a DM button…)."""
        channel = await self.channel(cid)
        if channel is None:
            return
        b = self.board(state)
        embeds = [
            render.board_embed(b)
            if state.run is not None
            else render.campaign_embed(state, self.content)
        ]
        kwargs: dict[str, Any] = {
            "content": note,
            "embeds": embeds,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        view = board_buttons(b)
        if view is not None:
            kwargs["view"] = view
        await self._send(cid, channel, "a board", **kwargs)
        self.prefs.mark_published(cid, state.version)

    async def _post_resume_board(self, cid: str, state: Table) -> None:
        await self.post_board(cid, state, note="Fixer is back online. The run goes on from here.")

    # ---- DM hands ---------------------------------------------------------------------

    def _update_dms(self, cid: str, state: Table, events: Sequence[Event]) -> None:
        for player in sorted(self.prefs.dm_players(cid)):
            if player in self.prefs.dm_closed or not player.isdigit():
                continue
            key = (cid, player)
            dm = self._dm.setdefault(key, _DmState())
            mine = [e for e in events_for(list(events), state, player) if e.seats is not None]
            view = self.view(state, player)
            if not view.seats:
                continue
            sig = self._dm_signature(state, view)
            dm.pending.extend(mine)
            if sig == dm.signature or state.run is None:
                continue
            dm.signature = sig
            notes = [e.text for e in dm.pending]
            dm.pending = []
            prev = dm.last
            dm.last = self.spawn(self._send_dm(cid, player, view, notes, prev), name="dm")

    def _dm_signature(self, state: Table, view: Any) -> tuple[Any, ...]:
        return (
            state.run is not None,
            tuple((s, tuple(c.inst for c in h)) for s, h in sorted(view.hands.items())),
            tuple(a.model_dump_json() for a in view.legal),
        )

    def mark_dm_sent(self, cid: str, player: str, state: Table) -> None:
        """The hand was just sent by DM (by a command): don't send the same again."""
        dm = self._dm.setdefault((cid, player), _DmState())
        dm.signature = self._dm_signature(state, self.view(state, player))

    async def _send_dm(
        self, cid: str, player: str, view: Any, notes: list[str], prev: asyncio.Task[None] | None
    ) -> None:
        if prev is not None and not prev.done():
            with contextlib.suppress(Exception):
                await prev
        if player in self.prefs.dm_closed:
            return
        embed = render.hand_embed(view, notes=[f"🔒 {n}" for n in notes[-6:]])
        buttons, hidden = panel_buttons(view)
        if hidden:
            embed.description = (embed.description or "") + (
                f"\n({hidden} more options: use the slash commands in the channel.)"
            )
        try:
            user = self.bot.get_user(int(player)) or await self.bot.fetch_user(int(player))
            kwargs: dict[str, Any] = {"embed": embed}
            if buttons is not None:
                kwargs["view"] = buttons
            await user.send(**kwargs)
        except discord.Forbidden as exc:
            self.prefs.dm_closed.add(player)
            self.prefs.changed()
            log.info(
                "campaign %s: DMs to a player are closed (code %s); reported once", cid, exc.code
            )
            await self._say(
                cid,
                f"<@{player}>, I can't send you DMs (they are closed), so "
                "your hand stays in the **My hand** button. Open your DMs "
                "and run `/legends dm enabled:True` to try again.",
                mention=player,
            )
        except discord.HTTPException as exc:
            log.warning("campaign %s: a DM failed (HTTP %s); the game goes on", cid, exc.status)

    async def _say(self, cid: str, text: str, *, mention: str | None = None) -> None:
        channel = await self.channel(cid)
        if channel is None:
            return
        allowed = discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(int(mention))] if mention and mention.isdigit() else False,
        )
        await self._send(
            cid,
            channel,
            "a notice",
            content=render.clip(text, render.CONTENT_MAX),
            allowed_mentions=allowed,
        )

    # ---- timers ---------------------------------------------------------------------

    def _schedule_timers(self, cid: str, state: Table) -> None:
        if self.closed:
            return
        timers = self._timers.setdefault(cid, _TableTimers())
        run = state.run
        vote_key = None
        if run is not None and run.phase == "vote" and run.scenes:
            vote_key = (len(state.history), len(run.deck), run.scenes[-1].order)
        if vote_key != timers.vote_key:
            if timers.vote_task is not None:
                timers.vote_task.cancel()
            timers.vote_key = vote_key
            timers.vote_task = None
            if vote_key is None:
                self.prefs.clear_vote(cid)
            else:
                # The deadline is kept in the preferences file: after a restart the vote
                # closes when it would have, not a full `vote_seconds` later.
                now = time.time()
                deadline = self.prefs.vote_deadline(
                    cid, vote_key, state.options.vote_seconds * self.time_scale, now
                )
                timers.vote_task = self.spawn(
                    self._vote_timer(cid, vote_key, max(0.0, deadline - now)), name="timer"
                )
        turn_key = None
        if run is not None and state.options.turn_timer > 0:
            turn_key = (
                len(state.history),
                run.round,
                run.phase,
                len(run.plan),
                run.turn,
                len(run.deck),
                tuple(self.awaited(state)),
            )
        if turn_key != timers.turn_key:
            if timers.turn_task is not None:
                timers.turn_task.cancel()
            timers.turn_key = turn_key
            timers.turn_task = None
            if turn_key is None:
                self.prefs.clear_turn(cid)
            else:
                # Like the vote's, the next reminder's deadline (and number) is kept in
                # the preferences file, so a restart does not start the count again.
                delay = state.options.turn_timer * self.time_scale
                now = time.time()
                deadline, number = self.prefs.turn_deadline(cid, turn_key, delay, now)
                timers.turn_task = self.spawn(
                    self._turn_timer(cid, turn_key, delay, max(0.0, deadline - now), number),
                    name="timer",
                )

    async def _vote_timer(self, cid: str, key: tuple[Any, ...], delay: float) -> None:
        await asyncio.sleep(delay)
        for _ in range(3):
            state = await self.service.get(cid)
            run = state.run
            if (
                run is None
                or run.phase != "vote"
                or not run.scenes
                or (len(state.history), len(run.deck), run.scenes[-1].order) != key
            ):
                return
            try:
                await self.service.act(
                    cid, CloseVote(player=SYSTEM_PLAYER), expected_version=state.version
                )
                log.info("campaign %s: the vote timer closed the vote", cid)
                return
            except Refused as exc:
                if exc.refusal.code != "stale":
                    return
            except IllegalAction:
                return

    async def _turn_timer(
        self, cid: str, key: tuple[Any, ...], delay: float, first: float, number: int
    ) -> None:
        """Reminders `number`..MAX_REMINDERS: the first after `first` seconds, then one
        every `delay` seconds."""
        wait = first
        for n in range(number, MAX_REMINDERS + 1):
            await asyncio.sleep(wait)
            wait = delay
            timers = self._timers.get(cid)
            if timers is None or timers.turn_key != key:
                return
            people = [p for p in key[-1] if p.isdigit()]
            if not people:
                return
            # Recorded before the reminder goes out (no await in between, so it cannot
            # overwrite a newer turn's record): a restart never repeats a reminder.
            self.prefs.set_turn_reminder(cid, key, time.time() + delay, n + 1)
            state = await self.service.get(cid)
            b = self.board(state)
            who = " ".join(f"<@{p}>" for p in people)
            minutes = round(delay / max(self.time_scale, 1e-9) / 60, 1)
            await self._say_many(
                cid,
                f"⏰ Reminder {n}: {who} — {b.waiting_on} (turn timer {minutes:g} min).",
                people,
            )

    async def _say_many(self, cid: str, text: str, people: Sequence[str]) -> None:
        channel = await self.channel(cid)
        if channel is None:
            return
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(p)) for p in people]
        )
        await self._send(
            cid,
            channel,
            "a reminder",
            content=render.clip(text, render.CONTENT_MAX),
            allowed_mentions=allowed,
        )

    # ---- setup checks -----------------------------------------------------------------

    def setup_problems(self, channel: Any, state: Table) -> list[str]:
        """What keeps Fixer from running this campaign fully, in words for its owner."""
        problems: list[str] = []
        mode = state.options.table_talk
        if mode != "off" and not self.bot.intents.message_content:
            problems.append(
                "I can't read chat messages: the **Message Content** intent is off (Developer "
                "Portal → Bot → Privileged Gateway Intents). The table-talk rule is not "
                "enforced until it is on."
            )
        guild = getattr(channel, "guild", None)
        if guild is not None and hasattr(channel, "permissions_for"):
            perms = channel.permissions_for(guild.me)
            # In a thread, posting needs Send Messages in Threads (Send Messages is the
            # parent channel's).
            send = (
                ("Send Messages in Threads", perms.send_messages_in_threads)
                if isinstance(channel, discord.Thread)
                else ("Send Messages", perms.send_messages)
            )
            missing = [
                name
                for name, ok in (
                    send,
                    ("Embed Links", perms.embed_links),
                    ("Read Message History", perms.read_message_history),
                )
                if not ok
            ]
            if missing:
                problems.append(
                    f"I lack {', '.join(missing)} in {channel.mention}: I need "
                    "them to post the board."
                )
            locked = threads.locked_problem(channel)
            if locked:
                problems.append(locked)
            if mode == "delete" and not perms.manage_messages:
                problems.append(
                    f"I lack **Manage Messages** in {channel.mention}, so I can't delete "
                    "messages that break the table-talk rule; I will only warn. Grant it, or "
                    "set `/legends options table_talk:warn`."
                )
        return problems

    async def check_setup(
        self, cid: str, state: Table, *, notify: bool, channel: Any = None
    ) -> list[str]:
        channel = channel or await self.channel(cid)
        if channel is None:
            return []
        problems = self.setup_problems(channel, state)
        key = " | ".join(problems)
        if not problems:
            if self.prefs.warned.pop(cid, None) is not None:
                self.prefs.changed()
            return []
        if notify and self.prefs.warned.get(cid) != key:
            self.prefs.warned[cid] = key
            self.prefs.changed()
            self.spawn(self._tell_owner(cid, state, problems))
        return problems

    async def _tell_owner(self, cid: str, state: Table, problems: list[str]) -> None:
        text = f"About your Cyberpunk Legends campaign **{state.name}**:\n" + "\n".join(
            f"• {p}" for p in problems
        )
        owner = state.owner
        if owner.isdigit():
            try:
                user = self.bot.get_user(int(owner)) or await self.bot.fetch_user(int(owner))
                await user.send(render.clip(text, render.CONTENT_MAX))
                log.info(
                    "campaign %s: told the owner about %d setup problem(s)", cid, len(problems)
                )
                return
            except discord.HTTPException:
                pass
        if cid in self.homeless:
            log.warning("campaign %s: could not tell the owner (DMs closed, channel deleted)", cid)
            return
        await self._say(cid, f"<@{owner}> " + text, mention=owner)

    # ---- views (cached per table version: states are immutable) -------------------------

    def view(self, state: Table, player: str) -> PlayerView:
        """`player_view`, computed once per (table, version, person)."""
        key = (state.id, state.version, player)
        found = self._views.get(key)
        if found is None:
            found = player_view(state, player, self.content)
            self._views[key] = found
            if len(self._views) > VIEW_CACHE:
                self._views.popitem(last=False)
        return found

    def speculate(
        self, base: Table, action: Any, player: str
    ) -> asyncio.Task[tuple[Table, PlayerView] | None]:
        """Prepare the answer to `action` while the service commits it.

        Committing an action is CPU work (the engine, a few hundred microseconds) followed
        by a wait for the disk (the fsync of synchronous=FULL, 2-8 ms here): the event loop is
        idle while SQLite's thread waits. This task uses that time: once the commit is in
        flight it applies `action` to `base` with the (pure, deterministic) engine on its
        own and computes `player`'s view of the result. `adopt` uses that view only if the
        service committed exactly that state; nothing is shown or stored before the
        commit, so durability and ordering are unchanged."""

        async def guess() -> tuple[Table, PlayerView] | None:
            # Let the service apply the action and hand the commit to SQLite's thread
            # first (a few loop turns); starting earlier would delay the commit.
            for _ in range(SPECULATE_AFTER):
                await asyncio.sleep(0)
            try:
                new_state = engine_apply(base, action, self.content).table
            except Exception:  # refused (or anything else): the service will say why
                return None
            return new_state, player_view(new_state, player, self.content)

        return asyncio.ensure_future(guess())

    async def adopt(
        self, guess: asyncio.Task[tuple[Table, PlayerView] | None], state: Table, player: str
    ) -> None:
        """Cache the speculated view if it is of the committed `state` (same table and
        version, and equal state: the engine is deterministic, so this holds unless
        another action got in first, in which case the view is computed afresh)."""
        key = (state.id, state.version, player)
        if key in self._views:
            guess.cancel()
            return
        try:
            found = await guess
        except asyncio.CancelledError:
            me = asyncio.current_task()
            if me is not None and me.cancelling():  # this handler is being cancelled
                raise
            return  # the guess was dropped: no guess
        except Exception:
            return
        if found is None:
            return
        new_state, view = found
        if new_state.id == state.id and new_state.version == state.version and new_state == state:
            self._views[key] = view
            if len(self._views) > VIEW_CACHE:
                self._views.popitem(last=False)

    def board(self, state: Table) -> BoardView:
        """The public `board`, computed once per (table, version)."""
        key = (state.id, state.version, None)
        found = self._views.get(key)
        if found is None:
            found = board(state, self.content)
            self._views[key] = found
            if len(self._views) > VIEW_CACHE:
                self._views.popitem(last=False)
        return found

    # ---- helpers for commands -----------------------------------------------------------

    def seats_of(self, state: Table, player: str) -> list[int]:
        return controlled_seats(state, player)
