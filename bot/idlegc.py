"""Garbage collection between answers, not in the middle of one.

CPython's cyclic collector runs when enough objects were allocated, wherever that
happens: measured on the bot (bench/bench_discord.py), a generation-1 pass took 5-10 ms
and a generation-2 pass up to 65 ms, landing inside an answer a player was waiting for.
Every action allocates a new immutable game state and its views, so passes are frequent.

`IdleGC` moves them to moments when no interaction is being answered: it raises the
automatic thresholds to a safety net (so memory stays bounded even if the bot is never
idle) and, whenever the bot goes idle and at a steady tick, collects the generations
that the default thresholds would have collected by then. Same work, other moments.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger("bot.gc")

#: What the automatic collector is left with: a net for a bot that is never idle.
SAFETY_THRESHOLDS = (50_000, 20, 20)
#: Collect generation 0 once this many objects are pending (CPython's default: 700).
YOUNG = 700
#: Every this many generation-0 passes, generation 1 (CPython's default: 10).
EVERY = 10
#: Every this many generation-1 passes, generation 2 (CPython waits for 10 and for the
#: objects pending to be a quarter of the long-lived ones; this keeps it as rare).
EVERY_OLD = 50


class IdleGC:
    def __init__(self, busy: Callable[[], bool], *, tick: float = 0.05) -> None:
        self.busy = busy
        self.tick = tick
        self.passes = [0, 0, 0]
        self.pause_ms_max = 0.0
        self._young = 0
        self._middle = 0
        self._saved: tuple[int, int, int] | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        if self._loop is not None:
            return
        self._loop = asyncio.get_running_loop()
        self._saved = gc.get_threshold()
        gc.set_threshold(*SAFETY_THRESHOLDS)
        self._schedule()

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
        self._loop = None

    def poke(self) -> None:
        """The bot may just have gone idle (an answer is out): collect soon, after the
        callbacks already waiting."""
        if self._loop is not None:
            self._loop.call_soon(self.collect_if_idle)

    def _schedule(self) -> None:
        if self._loop is not None:
            self._handle = self._loop.call_later(self.tick, self._on_tick)

    def _on_tick(self) -> None:
        self.collect_if_idle()
        self._schedule()

    def collect_if_idle(self) -> int | None:
        """Collect what is due, unless an interaction is being answered. Returns the
        generation collected, if any."""
        if self._loop is None or gc.get_count()[0] < YOUNG or self.busy():
            return None
        generation = 0
        self._young += 1
        if self._young >= EVERY:
            self._young = 0
            generation = 1
            self._middle += 1
            if self._middle >= EVERY_OLD:
                self._middle = 0
                generation = 2
        started = time.perf_counter()
        gc.collect(generation)
        pause = (time.perf_counter() - started) * 1000
        self.passes[generation] += 1
        self.pause_ms_max = max(self.pause_ms_max, pause)
        if pause > 50:
            log.debug(
                "garbage collection (generation %d) took %.0f ms while idle", generation, pause
            )
        return generation
