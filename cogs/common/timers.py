"""Table timers that survive restarts, for every game's runtime.

A table may have one **deadline** (an action the table takes by itself when it passes:
a scene vote closes) and one **reminder series** (the people the table waits on are
pinged every `seconds`, at most MAX_REMINDERS times). The game's runtime says which
(`GameRuntime.deadline`, `.reminder`: each with a key naming the situation, so a timer
is kept while the situation lasts and dropped when it changes) and what happens
(`.deadline_action`, `.reminder_text`).

Their deadlines are kept in the Discord preferences (the `vote` and `turn` rows, named
after the first game's timers), so after a restart a deadline passes when it would have,
and the reminder count goes on, instead of starting again.

**Several processes on one database** (`store.shared`, PostgreSQL): the timers are rows
of the database instead (bot/storage/pg_shared.py), and each fires exactly once across
the processes. Any process showing the table arms it (the first one to arm a situation
sets its deadline); when it is due, each claims it and only one claim wins, and the
winner fires it and drops (a reminder: moves on) the row. A sweeper in every process
takes over timers overdue by more than `grace` that nobody claimed, or whose claim ran
out (`lease`): those of a process that died. A deadline fired twice could not act
twice anyway (its action is made for the state version it was armed on), and a
reminder's next deadline is recorded before it is sent: a crash skips a reminder, never
repeats one.

**An AI seat's pending move** is a timer too (`ai_pause`, kind "ai", key `["move",
version]`): the game's AI task waits its pacing delay through it. One process: a sleep.
Several: a row due after the pacing, claimed by the process about to move; if that
process dies (before the move or while making it), a sweeper claims the row and asks
the game to move (`GameRuntime.kick_ai`), so the AI goes on without a new action or a
restart. The move is made for the version it was armed on: it cannot be made twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bot.service.contract import Refused
from bot.storage.base import TimerRow
from bot.storage.errors import StorageError
from rules.core.errors import IllegalAction

if TYPE_CHECKING:
    from cogs.common.runtime import GameRuntime

log = logging.getLogger("cogs.common")
S = TypeVar("S")

MAX_REMINDERS = 3
DEADLINE, REMINDER, AI = "deadline", "reminder", "ai"
# Actions a repeating deadline takes at most before it gives up (a loop guard).
MAX_REPEATS = 20


def key_text(key: tuple[Any, ...]) -> str:
    """A situation's key as the database stores it (compared as text)."""
    return json.dumps(list(key), separators=(",", ":"), sort_keys=True)


@dataclass(frozen=True)
class Deadline:
    """A deadline of the table: `key` names the situation (the timer is kept while the
    table's `deadline` gives the same key), `seconds` from when it was first seen."""

    key: tuple[Any, ...]
    seconds: float
    #: After its action, if the table is still in the same situation (the same key), the
    #: deadline, already passed, acts again at once: a turn timer whose player keeps being
    #: waited on (a roll, then the main phase) gets its moves made until the turn ends.
    repeat: bool = False


@dataclass(frozen=True)
class Reminder:
    """The table waits on `people` (Discord user ids) in the situation `key`: remind them
    every `seconds`, at most MAX_REMINDERS times."""

    key: tuple[Any, ...]
    seconds: float
    people: tuple[str, ...]


@dataclass
class _TableTimers:
    deadline_key: tuple[Any, ...] | None = None
    deadline_task: asyncio.Task[None] | None = None
    reminder_key: tuple[Any, ...] | None = None
    reminder_task: asyncio.Task[None] | None = None


class Timers(Generic[S]):
    """The timers of every table of one game's runtime."""

    def __init__(self, runtime: GameRuntime[S]) -> None:
        self.rt = runtime
        self._tables: dict[str, _TableTimers] = {}
        # Shared database only (real seconds, not scaled): how often this process looks
        # for timers nobody fires, how overdue one must be before it is taken over, and
        # how long a claim on a timer being fired holds.
        self.sweep_every = 2.0
        self.grace = 1.0
        self.lease = 30.0
        self._sweeper: asyncio.Task[None] | None = None
        self.taken_over = 0
        # Shared database: the AI move row this process claimed per table (its key,
        # and the version it is for), dropped once the table has moved past it.
        self._ai_held: dict[str, tuple[int, tuple[Any, ...]]] = {}

    @property
    def shared(self) -> bool:
        return bool(self.rt.service.store.shared)

    def cancel(self) -> None:
        for timers in self._tables.values():
            for task in (timers.deadline_task, timers.reminder_task):
                if task is not None:
                    task.cancel()
        if self._sweeper is not None:
            self._sweeper.cancel()
            self._sweeper = None

    def start(self) -> None:
        """Start the sweeper that takes over dead processes' timers (shared database)."""
        if self.shared and self._sweeper is None and not self.rt.closed:
            self._sweeper = self.rt.spawn(self._sweep(), name="timer")

    def schedule(self, cid: str, state: S) -> None:
        """(Re)arm the table's deadline and reminders for `state`."""
        if self.shared:
            self._schedule_shared(cid, state)
            return
        rt, prefs = self.rt, self.rt.prefs
        timers = self._tables.setdefault(cid, _TableTimers())
        deadline = rt.deadline(state)
        key = deadline.key if deadline is not None else None
        if key != timers.deadline_key:
            if timers.deadline_task is not None:
                timers.deadline_task.cancel()
            timers.deadline_key = key
            timers.deadline_task = None
            if deadline is None:
                prefs.clear_vote(cid)
            else:
                # The deadline is kept in the preferences: after a restart it passes
                # when it would have, not a full `seconds` later.
                now = time.time()
                at = prefs.vote_deadline(cid, deadline.key, deadline.seconds * rt.time_scale, now)
                timers.deadline_task = rt.spawn(
                    self._deadline(cid, deadline.key, max(0.0, at - now), deadline.repeat),
                    name="timer",
                )
        reminder = rt.reminder(state)
        key = reminder.key if reminder is not None else None
        if key != timers.reminder_key:
            if timers.reminder_task is not None:
                timers.reminder_task.cancel()
            timers.reminder_key = key
            timers.reminder_task = None
            if reminder is None:
                prefs.clear_turn(cid)
            else:
                # Like the deadline, the next reminder's deadline (and number) is kept in
                # the preferences, so a restart does not start the count again.
                delay = reminder.seconds * rt.time_scale
                now = time.time()
                at, number = prefs.turn_deadline(cid, reminder.key, delay, now)
                timers.reminder_task = rt.spawn(
                    self._reminders(cid, reminder, delay, max(0.0, at - now), number),
                    name="timer",
                )

    async def _deadline(
        self, cid: str, key: tuple[Any, ...], delay: float, repeat: bool = False
    ) -> None:
        await asyncio.sleep(delay)
        await self._pass_deadline(cid, key, repeat)

    async def _pass_deadline(self, cid: str, key: tuple[Any, ...], repeat: bool = False) -> None:
        """The deadline `key` passed: the table takes its action (if still in that
        situation), made for the version it is at (so it cannot be taken twice)."""
        svc = self.rt.service
        stale = acted = 0
        # `deadline_action` says None once the table has left the situation `key`; a
        # repeating deadline acts until then (at most MAX_REPEATS times).
        while stale < 3 and acted < (MAX_REPEATS if repeat else 1):
            state = await svc.get(cid)
            action = self.rt.deadline_action(state, key)
            if action is None:
                return
            try:
                await svc.act(cid, action, expected_version=svc.adapter.version(state))
                log.info("campaign %s: the deadline passed: %s", cid, svc.adapter.kind(action))
                acted += 1
            except Refused as exc:
                if exc.refusal.code != "stale":
                    return
                stale += 1
            except IllegalAction:
                return

    async def _reminders(
        self, cid: str, reminder: Reminder, delay: float, first: float, number: int
    ) -> None:
        """Reminders `number`..MAX_REMINDERS: the first after `first` seconds, then one
        every `delay` seconds."""
        rt, key = self.rt, reminder.key
        wait = first
        for n in range(number, MAX_REMINDERS + 1):
            await asyncio.sleep(wait)
            wait = delay
            timers = self._tables.get(cid)
            if timers is None or timers.reminder_key != key:
                return
            people = [p for p in reminder.people if p.isdigit()]
            if not people:
                return
            # Recorded before the reminder goes out (no await in between, so it cannot
            # overwrite a newer turn's record): a restart never repeats a reminder.
            rt.prefs.set_turn_reminder(cid, key, time.time() + delay, n + 1)
            state = await rt.service.get(cid)
            who = " ".join(f"<@{p}>" for p in people)
            minutes = round(delay / max(rt.time_scale, 1e-9) / 60, 1)
            await rt.say_many(cid, rt.reminder_text(state, n, who, minutes), people)

    # ---- an AI seat's pacing ------------------------------------------------------------

    async def ai_pause(self, cid: str, version: int, seconds: float) -> bool:
        """Wait `seconds` (already scaled) before the AI's move at `version`; True if
        this process is to make it. One process: always. Several: the pending move is
        a claimable row, so only one process moves, and another takes it over (after
        `grace`, or once a claim's `lease` ran out) if this one dies first."""
        if not self.shared:
            await asyncio.sleep(seconds)
            return True
        self.start()
        key = ("move", version)
        text, svc = key_text(key), self.rt.service
        try:
            if svc.adapter.version(await svc.get(cid)) != version:
                return False  # moved on already (a late kick): no row for a past version
            row = await self._arm(cid, AI, key, seconds, version)
        except IllegalAction:
            return False  # the table is gone
        except StorageError as exc:
            # The move is still version-checked: made at most once, whoever makes it.
            log.warning("campaign %s: the AI moves without its timer row: %s", cid, exc.message)
            await asyncio.sleep(seconds)
            return True
        if row.key != text:
            return False  # a newer situation is pending (armed by a process that saw more)
        await asyncio.sleep(max(0.0, row.due_at - time.time()))
        try:
            claimed = await svc.store.claim_timer(cid, AI, text, now=time.time(), lease=self.lease)
        except StorageError as exc:
            log.warning("campaign %s: the AI moves without its claim: %s", cid, exc.message)
            return True
        if claimed is None:
            return False  # another process is making the move
        self._ai_held[cid] = (version, key)
        return True

    def _drop_ai_moved(self, cid: str, version: int) -> None:
        """The table is at `version`: the AI move row claimed for an older one is done
        (moved, or overtaken by someone else's move)."""
        held = self._ai_held.get(cid)
        if held is not None and held[0] < version:
            del self._ai_held[cid]
            self.rt.spawn(self._clear(cid, AI, held[1]), name="timer")

    async def _take_over_ai(self, row: TimerRow, state: S) -> None:
        cid = row.campaign_id
        if self.rt.service.adapter.version(state) != row.version:
            await self.rt.service.store.clear_timer(cid, AI, row.key)  # moved since
            return
        # The row is claimed by this process now: the game's AI task, kicked here,
        # gets past `ai_pause` at once (the pacing is over) and makes the move.
        self.rt.kick_ai(cid, state)

    # ---- several processes: the timers are rows of the shared database -------------

    def _schedule_shared(self, cid: str, state: S) -> None:
        rt = self.rt
        self.start()
        timers = self._tables.setdefault(cid, _TableTimers())
        version = rt.service.adapter.version(state)
        self._drop_ai_moved(cid, version)
        deadline = rt.deadline(state)
        key = deadline.key if deadline is not None else None
        if key != timers.deadline_key:
            if timers.deadline_task is not None:
                timers.deadline_task.cancel()
            if timers.deadline_key is not None:
                rt.spawn(self._clear(cid, DEADLINE, timers.deadline_key), name="timer")
            timers.deadline_key = key
            timers.deadline_task = None
            if deadline is not None:
                timers.deadline_task = rt.spawn(
                    self._shared_deadline(cid, deadline, version), name="timer"
                )
        reminder = rt.reminder(state)
        key = reminder.key if reminder is not None else None
        if key != timers.reminder_key:
            if timers.reminder_task is not None:
                timers.reminder_task.cancel()
            if timers.reminder_key is not None:
                rt.spawn(self._clear(cid, REMINDER, timers.reminder_key), name="timer")
            timers.reminder_key = key
            timers.reminder_task = None
            if reminder is not None:
                timers.reminder_task = rt.spawn(
                    self._shared_reminders(cid, reminder, version), name="timer"
                )

    async def _clear(self, cid: str, kind: str, key: tuple[Any, ...]) -> None:
        with contextlib.suppress(StorageError):
            await self.rt.service.store.clear_timer(cid, kind, key_text(key))

    async def _arm(
        self, cid: str, kind: str, key: tuple[Any, ...], seconds: float, version: int
    ) -> TimerRow:
        row = TimerRow(cid, self.rt.game, kind, key_text(key), version, time.time() + seconds, 1)
        return await self.rt.service.store.arm_timer(row)

    async def _shared_deadline(self, cid: str, deadline: Deadline, version: int) -> None:
        try:
            await self._shared_deadline_once(cid, deadline, version)
        except StorageError as exc:
            # Unclaimed, the row stays due: a sweeper (this process's too) fires it.
            log.warning("campaign %s: its deadline waits for the database: %s", cid, exc.message)

    async def _shared_deadline_once(self, cid: str, deadline: Deadline, version: int) -> None:
        store, text = self.rt.service.store, key_text(deadline.key)
        row = await self._arm(
            cid, DEADLINE, deadline.key, deadline.seconds * self.rt.time_scale, version
        )
        if row.key != text:
            return  # a newer situation is timed (by a process that saw more)
        await asyncio.sleep(max(0.0, row.due_at - time.time()))
        if await store.claim_timer(cid, DEADLINE, text, now=time.time(), lease=self.lease) is None:
            return  # another process fired it (or is firing it)
        await self._pass_deadline(cid, deadline.key, deadline.repeat)
        await store.finish_timer(cid, DEADLINE, text)

    async def _shared_reminders(self, cid: str, reminder: Reminder, version: int) -> None:
        try:
            await self._shared_reminder_series(cid, reminder, version)
        except StorageError as exc:
            log.warning("campaign %s: its reminders wait for the database: %s", cid, exc.message)

    async def _shared_reminder_series(self, cid: str, reminder: Reminder, version: int) -> None:
        rt, store, text = self.rt, self.rt.service.store, key_text(reminder.key)
        delay = reminder.seconds * rt.time_scale
        row = await self._arm(cid, REMINDER, reminder.key, delay, version)
        # A series that has sent its last reminder stays stored (number past the last,
        # never due), so arming the same situation again does not start it over.
        while row.key == text and row.number <= MAX_REMINDERS:
            wait = row.due_at - time.time()
            if wait > 0:
                await asyncio.sleep(wait)
            claimed = await store.claim_timer(
                cid, REMINDER, text, now=time.time(), lease=self.lease
            )
            if claimed is None:
                await asyncio.sleep(self.grace)  # another process is sending it
            else:
                await self._remind(cid, reminder, claimed.number, delay)
            row = await self._arm(cid, REMINDER, reminder.key, delay, version)

    async def _remind(self, cid: str, reminder: Reminder, number: int, delay: float) -> None:
        """Send reminder `number` (claimed); its successor is recorded first."""
        rt, store, text = self.rt, self.rt.service.store, key_text(reminder.key)
        last = number >= MAX_REMINDERS
        await store.finish_timer(
            cid, REMINDER, text, next_due=float("inf") if last else time.time() + delay
        )
        people = [p for p in reminder.people if p.isdigit()]
        if not people:
            return
        state = await rt.service.get(cid)
        who = " ".join(f"<@{p}>" for p in people)
        minutes = round(delay / max(rt.time_scale, 1e-9) / 60, 1)
        await rt.say_many(cid, rt.reminder_text(state, number, who, minutes), people)

    async def _sweep(self) -> None:
        """Take over the timers of this game that nobody fires (their process died)."""
        store = self.rt.service.store
        while not self.rt.closed:
            await asyncio.sleep(self.sweep_every)
            try:
                rows = await store.claim_overdue(
                    self.rt.game, now=time.time(), grace=self.grace, lease=self.lease
                )
            except StorageError as exc:
                log.warning("could not look for overdue timers: %s", exc.message)
                continue
            for row in rows:
                self.taken_over += 1
                log.info(
                    "campaign %s: taking over its %s (its process is gone)",
                    row.campaign_id,
                    row.kind,
                )
                self.rt.spawn(self._take_over(row), name="timer")

    async def _take_over(self, row: TimerRow) -> None:
        """`row` is claimed by this process: arm it here (the claim lets it fire)."""
        with contextlib.suppress(StorageError):
            await self._take_over_row(row)

    async def _take_over_row(self, row: TimerRow) -> None:
        cid, store = row.campaign_id, self.rt.service.store
        try:
            state = await self.rt.service.get(cid)
        except IllegalAction:
            await store.clear_timer(cid, row.kind, row.key)
            return
        if row.kind == AI:
            await self._take_over_ai(row, state)
            return
        timers = self._tables.setdefault(cid, _TableTimers())
        if row.kind == DEADLINE:
            deadline = self.rt.deadline(state)
            if deadline is None or key_text(deadline.key) != row.key:
                await store.clear_timer(cid, row.kind, row.key)  # that situation is over
                return
            if timers.deadline_task is not None:
                timers.deadline_task.cancel()
            timers.deadline_key = deadline.key
            timers.deadline_task = self.rt.spawn(
                self._shared_deadline(cid, deadline, row.version), name="timer"
            )
        else:
            reminder = self.rt.reminder(state)
            if reminder is None or key_text(reminder.key) != row.key:
                await store.clear_timer(cid, row.kind, row.key)
                return
            if timers.reminder_task is not None:
                timers.reminder_task.cancel()
            timers.reminder_key = reminder.key
            timers.reminder_task = self.rt.spawn(
                self._shared_reminders(cid, reminder, row.version), name="timer"
            )
