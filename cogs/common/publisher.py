"""The publisher queue of a game's runtime: how a table's commits become its public
messages, in commit order, after the answer of the person acting.

The service calls `on_commit` after every committed action (any source: slash commands,
buttons, DM buttons, timers). Each table has a queue, so its public messages go out in
commit order; consecutive commits waiting in the queue are handed to the game's
`publish` together. While an interaction on the table is being answered (`answering`),
its public update waits (up to ANSWER_FIRST) so the person acting gets their answer
first: the table's worker is only started once the answer is out (or ANSWER_FIRST has
passed), so the answer does not pay for starting it either. With several processes on
one database a table publishes one process at a time (`_publish_in_turn`).

`GameRuntime` (cogs/common/runtime.py) mixes `Publisher` in; it is a module of its own
because it is one mechanism with its own state (queues, workers, answers in progress),
and the runtime was past the size the house keeps a module under.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from bot.service.contract import Applied
from bot.service.game import GameService

log = logging.getLogger("cogs.common")
S = TypeVar("S")


# Seconds the public update waits for the acting person's answer to go out first.
ANSWER_FIRST = 1.0


class Publisher(Generic[S]):
    """A runtime's publisher queue: per table, its commits waiting to be published and
    the interactions on it being answered."""

    if TYPE_CHECKING:
        # Given by GameRuntime (cogs/common/runtime.py), which mixes this in.
        service: GameService[S, Any]
        closed: bool

        async def publish(self, cid: str, batch: Sequence[Applied[S]]) -> None: ...
        async def post_board(self, cid: str, state: S, note: str | None = None) -> None: ...
        def kick_ai(self, cid: str, state: S) -> None: ...
        def schedule_timers(self, cid: str, state: S) -> None: ...

    def _init_publisher(self) -> None:
        self._queues: dict[str, asyncio.Queue[Applied[S]]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}
        # Interactions being answered, per table: the public update waits for them, so
        # the person acting gets their (ephemeral) answer first, without competition.
        self._answering: dict[str, int] = {}
        self._answered: dict[str, asyncio.Event] = {}
        # Tables whose queue waits for their answer to start its worker, with the timer
        # that starts it after ANSWER_FIRST at the latest.
        self._after_answer: dict[str, asyncio.TimerHandle] = {}
        # Called when the last answer in progress is out (the idle garbage collector).
        self.on_idle: Callable[[], None] | None = None

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
                timer = self._after_answer.pop(cid, None)
                if timer is not None:
                    timer.cancel()
                    self._start_worker(cid)
                if not self._answering and self.on_idle is not None:
                    self.on_idle()

    async def _after_answers(self, cid: str) -> None:
        """(An answer on the table that began after its worker started.)"""
        event = self._answered.get(cid)
        if event is not None and not event.is_set():
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(ANSWER_FIRST):
                    await event.wait()

    def busy(self) -> bool:
        """An interaction is being answered right now."""
        return bool(self._answering)

    def on_commit(self, applied: Applied[S]) -> None:
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
        if worker is not None and not worker.done():
            pass  # it takes this one too, after the answer (`_after_answers`)
        elif cid in self._answering:
            # Its answer first: the worker starts once it is out (`answering`), or
            # after ANSWER_FIRST at the latest, rather than now, in the answer's time.
            if cid not in self._after_answer:
                self._after_answer[cid] = asyncio.get_running_loop().call_later(
                    ANSWER_FIRST, self._start_worker, cid
                )
        else:
            self._start_worker(cid)
        if self.service.store.shared:
            # The AI's next move becomes a shared timer row right after the commit, not
            # after the publish (seconds later): should this process die in between,
            # another one takes the move over. (A game kicks each version once.)
            self.kick_ai(cid, applied.state)

    def _start_worker(self, cid: str) -> None:
        """Publish what the table's queue holds, unless its worker already does."""
        self._after_answer.pop(cid, None)
        q = self._queues.get(cid)
        if q is None:
            return
        worker = self._workers.get(cid)
        if worker is None or worker.done():
            self._workers[cid] = asyncio.ensure_future(self._worker(cid, q))

    async def _worker(self, cid: str, q: asyncio.Queue[Applied[S]]) -> None:
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
                await self._publish_in_turn(cid, batch)
                # A game's publish may arm its timers at a point of its choosing; this
                # makes sure they follow every commit (a no-op if they already do).
                self.schedule_timers(cid, batch[-1].state)
            except Exception:
                log.exception("campaign %s: publishing v%d failed", cid, batch[-1].version)

    async def _publish_in_turn(self, cid: str, batch: list[Applied[S]]) -> None:
        """Publish `batch`, one process at a time per table. With several processes on
        one database, another one may have posted a newer version of this table while
        this update waited: then this (older) update is followed by the board as it is
        now, so the newest message of the table always carries its current buttons.
        One process alone: no lock to take, and its queue keeps commit order."""
        store = self.service.store
        if not store.shared:
            await self.publish(cid, batch)
            return
        async with store.table_lock("publish:" + cid):
            newest = await store.mark_published(cid, batch[-1].version)
            await self.publish(cid, batch)
            if newest > batch[-1].version:
                state = await self.service.get(cid, fresh=True)
                await self.post_board(cid, state)
