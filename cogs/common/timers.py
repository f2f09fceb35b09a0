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
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bot.service.game import Refused
from rules.core.errors import IllegalAction

if TYPE_CHECKING:
    from cogs.common.runtime import GameRuntime

log = logging.getLogger("cogs.common")
S = TypeVar("S")

MAX_REMINDERS = 3
# Actions a repeating deadline takes at most before it gives up (a loop guard).
MAX_REPEATS = 20


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

    def cancel(self) -> None:
        for timers in self._tables.values():
            for task in (timers.deadline_task, timers.reminder_task):
                if task is not None:
                    task.cancel()

    def schedule(self, cid: str, state: S) -> None:
        """(Re)arm the table's deadline and reminders for `state`."""
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
