"""The Discord side of one game of a running Fixer: everything between its game service
and Discord that is not a command, and not particular to the game.

A game's front end subclasses `GameRuntime` and fills in the hooks (how a commit is
published, what a board is, its timers' policies, its setup checks); this base does the
plumbing:

* **Tables and channels** (`TableChannels`, cogs/common/channels.py). The game's active
  campaigns are bound to their channels; posting there revives an archived thread and
  tells the owner, once, of a locked or deleted one.
* **The publisher queue** (`Publisher`, cogs/common/publisher.py). The service calls
  `on_commit` after every committed action; each table's public messages go out in
  commit order, after the answer of the person acting (`answering`).
* **DMs.** Best effort: a closed DM is reported once in the channel (`dm_closed_notice`)
  and never blocks anything.
* **Timers that survive restarts.** A table may have one deadline (an action the table
  takes by itself when it passes: a vote closes) and one reminder series (the people
  the table waits on are pinged, up to MAX_REMINDERS times). Their deadlines are kept in
  the preferences, so a restart resumes them with the time that was left. The game's
  policy says which (`deadline`, `reminder`) and what happens (`deadline_action`,
  `reminder_text`).
* **AI seats.** A game whose seats an AI may hold starts the AI's move in `kick_ai` and
  waits its pacing with `ai_pause`; with several processes the pending move is a shared
  timer, taken over by another process if the one that was to move dies.
* **Start-up.** The game's active campaigns are bound; on the first connection their
  timers resume, runs whose last update was never posted (a crash) get a fresh board, and
  owners are told about missing intents or permissions (`setup_problems`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import discord

from bot.i18n import t
from bot.service.contract import Applied
from bot.service.game import GameService
from cogs.common import perms
from cogs.common.channels import TableChannels
from cogs.common.dmhands import dm_closed_text
from cogs.common.locale import table_locale, user_locale
from cogs.common.prefs import Prefs
from cogs.common.publisher import Publisher
from cogs.common.text import CONTENT_MAX, clip
from cogs.common.timers import Deadline, Reminder, Timers
from rules.core.errors import IllegalAction, Refusal
from rules.core.text import count

if TYPE_CHECKING:
    from cogs.common.ids import ButtonId

log = logging.getLogger("cogs.common")
S = TypeVar("S")


class GameRuntime(TableChannels[S], Publisher[S], ABC, Generic[S]):
    """One game's runtime, owned by the house (`bot.house.runtimes[game]`). Its channels
    (`TableChannels`) and its publisher queue (`Publisher`) are mixed in, each with the
    state it keeps."""

    #: The game's name (its plug-in's, and in its button ids).
    game: str
    #: What players call the game (in notices to owners).
    title: str
    #: The game's slash-command group (`/{command} …`), named in notices.
    command: str

    def __init__(self, bot: discord.Client, service: GameService[S, Any], prefs: Prefs) -> None:
        self.bot = bot
        self.service = service
        self.prefs = prefs
        # Seconds an interaction may wait for the service before it is deferred.
        self.budget = 1.5
        # Multiplies every timer (tests shrink minutes to milliseconds).
        self.time_scale = 1.0
        # Where new campaigns get their shuffle seed (tests make it reproducible).
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(48)
        self._init_channels()
        self._init_publisher()
        self.timers: Timers[S] = Timers(self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._ready_done = False
        self.closed = False
        service.subscribe(self.on_commit)

    # ---- the game's hooks -------------------------------------------------------------

    @abstractmethod
    async def publish(self, cid: str, batch: Sequence[Applied[S]]) -> None:
        """Post what the commits in `batch` (in order, the last is the newest) mean."""

    @abstractmethod
    async def post_board(self, cid: str, state: S, note: str | None = None) -> None:
        """A fresh full board (start-up resume, a campaign moved here…)."""

    @abstractmethod
    async def on_click(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        """A click on one of the game's buttons (routed here by the house)."""

    @abstractmethod
    def owner_of(self, state: S) -> str: ...

    @abstractmethod
    def name_of(self, state: S) -> str: ...

    #: The note on the board posted when Fixer comes back to a game in play.
    resume_note = "Fixer is back online. The game goes on from here."

    def in_play(self, state: S) -> bool:
        """Something is being played (a board with buttons is expected in the channel)."""
        return False

    def describe(self, state: S) -> str | None:
        """A short log line about what is being played at this table, if anything."""
        return None

    def explain(self, refusal: Refusal) -> str:
        """A refusal in the words of this front end (what to do, with its commands)."""
        return refusal.message

    def explain_for(self, refusal: Refusal, locale: str) -> str:
        """`explain` in the language `locale` (an ephemeral answer: the reader's own);
        a game that speaks only English need not override it."""
        return self.explain(refusal)

    def stale_panel_for(
        self, state: S, player: str, locale: str
    ) -> tuple[discord.Embed, Any] | None:
        """`stale_panel` in the language `locale`."""
        return self.stale_panel(state, player)

    def stale_panel(self, state: S, player: str) -> tuple[discord.Embed, Any] | None:
        """The panel (embed, buttons) to show with a stale click's refusal, if any."""
        return None

    def setup_problems(self, channel: Any, state: S, loc: str | None = None) -> list[str]:
        """What keeps Fixer from running this campaign fully, in words for its owner: in
        `loc` (an ephemeral answer: the reader's), else the table's language (told in its
        channel, or by DM)."""
        return perms.post_problems(channel, self.command, loc or self.setup_locale(channel, state))

    def setup_locale(self, channel: Any, state: S) -> str:
        """The language of `setup_problems`: the table's. This default knows no table
        option, so it is the server's of `channel`; a game with a `language` option
        overrides it."""
        return table_locale(None, channel)

    def deadline(self, state: S) -> Deadline | None:
        """The table's deadline now, if it has one."""
        return None

    def deadline_action(self, state: S, key: tuple[Any, ...]) -> Any | None:
        """The action the table takes when the deadline `key` passes, or None if the
        table is no longer in that situation."""
        return None

    def reminder(self, state: S) -> Reminder | None:
        """Whom the table waits on now and how often to remind them, if anyone."""
        return None

    def reminder_text(self, state: S, number: int, who: str, minutes: float) -> str:
        """Reminder `number`, mentioning `who`, every `minutes`."""
        return f"⏰ Reminder {number}: {who} (turn timer {minutes:g} min)."

    def kick_ai(self, cid: str, state: S) -> None:
        """If the table waits on an AI seat, start its move (a task that waits its
        pacing with `ai_pause`). The game's; the house calls it too when this process
        takes over the pending AI move of a process that died."""

    async def ai_pause(self, cid: str, version: int, seconds: float) -> bool:
        """The AI's pacing before its move at `version` (`seconds`, times `time_scale`):
        True if this process is to make the move (with several processes on one
        database only one is, and another takes over if it dies; cogs/common/timers.py)."""
        return await self.timers.ai_pause(cid, version, seconds * self.time_scale)

    async def notice_locale(self, cid: str) -> str:
        """The language of table `cid`'s notices in its channel (the house's own, such as
        `dm_closed_notice`): the table's language. This default knows no table option, so
        it is the server's; a game with a `language` option overrides it."""
        return table_locale(None, await self.channel(cid))

    def heard(self, interaction: discord.Interaction[Any]) -> str:
        """The language of the person of `interaction` (their client's), remembered as
        the language of their DM'd hands. The house calls it for every click on the
        game's buttons (`House.click`) and every one of its slash commands
        (`CommandBase.interaction_check`)."""
        loc = user_locale(interaction)
        self.prefs.heard(str(interaction.user.id), loc)
        return loc

    def dm_language(self, player: str, table: str) -> str:
        """The language of `player`'s DM'd hand: theirs as last heard from them (any
        command or click of any game; kept with the preferences, so a restart keeps it),
        else the table's language `table`."""
        return self.prefs.languages.get(player) or table

    def dm_closed_notice(self, player: str, loc: str) -> str:
        """Posted once in the channel, in the table's language `loc`, when `player`'s DMs
        turn out to be closed. Every game has `/{command} dm` and a **My hand** button,
        so one text serves them all."""
        return dm_closed_text(loc, self.command, player)

    # ---- lifecycle ------------------------------------------------------------------

    async def start(self) -> None:
        """Bind this game's active campaigns to their channels."""
        report = await self.service.start()
        mine = [
            info
            for info in report.active
            if info.game == self.game and self.on_my_shards(info.guild_id)
        ]
        for info in mine:
            if info.channel_id is not None and info.channel_id.isdigit():
                self.bind(info.id, int(info.channel_id))
        playing = []
        for info in mine[:50]:
            try:
                state = await self.service.get(info.id)
            except IllegalAction:
                continue
            line = self.describe(state)
            if line is not None:
                playing.append(f"{info.id} ({line})")
        log.info(
            "%s: %d active campaigns; active runs: %s",
            self.game,
            len(mine),
            ", ".join(playing) or "none",
        )
        ids = {info.id for info in mine}
        for cid in report.unreadable:
            if cid in ids:
                log.error("campaign %s could not be resumed (unreadable state)", cid)

    def on_my_shards(self, guild_id: str | None) -> bool:
        """Does Discord send this process the events of `guild_id` (None: a DM, shard
        0)? Always, unless the bot runs chosen shards of several processes
        (`BOT_SHARDS=ids/count`): then a table is bound and resumed by the process of
        its guild's shard only (any process still acts on it from a DM or a timer)."""
        ids = getattr(self.bot, "shard_ids", None)
        count = getattr(self.bot, "shard_count", None)
        if not ids or not count or not isinstance(self.bot, discord.AutoShardedClient):
            return True
        if guild_id is None or not guild_id.isdigit():
            return 0 in ids
        return (int(guild_id) >> 22) % count in ids

    async def on_ready(self) -> None:
        """First connection: resume runs (timers, missed boards) and check the setup."""
        if self._ready_done:
            return
        self._ready_done = True
        self.timers.start()
        for cid in list(self.channel_of_table):
            try:
                state = await self.service.get(cid)
            except IllegalAction:
                continue
            self.schedule_timers(cid, state)
            await self.check_setup(cid, state, notify=True)
            version = self.service.adapter.version(state)
            if self.in_play(state) and self.prefs.published.get(cid, -1) < version:
                # An update that was never posted (the bot stopped right after a commit):
                # post the board now so the crew has fresh buttons.
                self.spawn(self._post_resume_board(cid, state))

    async def _post_resume_board(self, cid: str, state: S) -> None:
        store = self.service.store
        if not store.shared:
            await self.post_board(cid, state, note=self.resume_note)
            return
        # Several processes may start at once: the board goes out once.
        version = self.service.adapter.version(state)
        async with store.table_lock("publish:" + cid):
            if await store.mark_published(cid, version) < version:
                await self.post_board(cid, state, note=self.resume_note)

    async def close(self) -> None:
        """Stop the timers, let queued public updates go out (briefly), then stop. The
        preferences are the house's: it saves them once every game is closed."""
        self.closed = True
        self.timers.cancel()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.idle(), 2.0)
        for timer in self._after_answer.values():
            timer.cancel()
        self._after_answer.clear()
        for task in list(self._workers.values()) + list(self._tasks):
            task.cancel()

    async def idle(self, settle: float = 0.0) -> None:
        """Wait until every queued update, DM and notice has been sent (tests use it)."""
        while True:
            if self._after_answer:  # updates waiting for their answer: soon a worker
                await asyncio.sleep(0.001)
                continue
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

    def idle_now(self) -> bool:
        """Nothing queued or being sent (timers do not count)."""
        return (
            not self._after_answer
            and not any(not t.done() for t in self._workers.values())
            and not any(not t.done() and t.get_name() != "timer" for t in self._tasks)
        )

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

    # ---- DMs ------------------------------------------------------------------------

    async def send_dm(
        self, cid: str, player: str, kwargs: dict[str, Any], prev: asyncio.Task[None] | None
    ) -> None:
        """DM `player` (after the previous DM to them, `prev`, is out). Closed DMs are
        remembered and reported once in the channel; other failures are only logged."""
        if prev is not None and not prev.done():
            with contextlib.suppress(Exception):
                await prev
        if player in self.prefs.dm_closed:
            return
        try:
            user = self.bot.get_user(int(player)) or await self.bot.fetch_user(int(player))
            await user.send(**kwargs)
        except discord.Forbidden as exc:
            self.prefs.dm_closed.add(player)
            self.prefs.changed()
            log.info(
                "campaign %s: DMs to a player are closed (code %s); reported once", cid, exc.code
            )
            loc = await self.notice_locale(cid)
            await self.say(cid, self.dm_closed_notice(player, loc), mention=player)
        except discord.HTTPException as exc:
            log.warning("campaign %s: a DM failed (HTTP %s); the game goes on", cid, exc.status)

    # ---- timers ---------------------------------------------------------------------

    def schedule_timers(self, cid: str, state: S) -> None:
        """(Re)arm the table's deadline and reminders for `state` (after every publish
        and at start-up); a timer whose situation is over is cancelled."""
        if not self.closed:
            self.timers.schedule(cid, state)

    # ---- setup checks -----------------------------------------------------------------

    async def check_setup(
        self, cid: str, state: S, *, notify: bool, channel: Any = None
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
            self.spawn(self.tell_owner(cid, state, problems))
        return problems

    async def tell_owner(self, cid: str, state: S, problems: list[str]) -> None:
        """DM the campaign's owner (or, DMs closed, mention them in its channel), in the
        table's language (the language `setup_problems` speaks)."""
        loc = self.setup_locale(await self.channel(cid), state)
        head = t(
            loc,
            "About your {game} campaign **{name}**:",
            game=self.title,
            name=self.name_of(state),
        )
        text = head + "\n" + "\n".join(f"• {p}" for p in problems)
        owner = self.owner_of(state)
        if owner.isdigit():
            try:
                user = self.bot.get_user(int(owner)) or await self.bot.fetch_user(int(owner))
                await user.send(clip(text, CONTENT_MAX))
                log.info(
                    "campaign %s: told the owner about %s",
                    cid,
                    count(len(problems), "setup problem"),
                )
                return
            except discord.HTTPException:
                pass
        if cid in self.homeless:
            log.warning("campaign %s: could not tell the owner (DMs closed, channel deleted)", cid)
            return
        await self.say(cid, f"<@{owner}> " + text, mention=owner)
