"""The idle garbage collector: never while an answer is in progress; the same
generations as CPython's schedule otherwise; the automatic collector kept as a net."""

from __future__ import annotations

import asyncio
import gc

import pytest

from bot import idlegc
from bot.idlegc import IdleGC


@pytest.fixture
def collections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    done: list[int] = []
    monkeypatch.setattr(idlegc.gc, "collect", lambda generation=2: done.append(generation))
    monkeypatch.setattr(idlegc.gc, "get_count", lambda: (idlegc.YOUNG, 0, 0))
    return done


async def test_it_never_collects_while_an_answer_is_in_progress(collections: list[int]) -> None:
    busy = [True]
    collector = IdleGC(lambda: busy[0], tick=10)
    before = gc.get_threshold()
    collector.start()
    try:
        assert gc.get_threshold() == idlegc.SAFETY_THRESHOLDS
        assert collector.collect_if_idle() is None
        collector.poke()
        await asyncio.sleep(0)
        assert collections == []
        busy[0] = False
        collector.poke()
        await asyncio.sleep(0)
        assert collections == [0]
    finally:
        collector.stop()
    assert gc.get_threshold() == before


async def test_older_generations_follow_the_default_schedule(collections: list[int]) -> None:
    collector = IdleGC(lambda: False, tick=10)
    collector.start()
    try:
        for _ in range(idlegc.EVERY * idlegc.EVERY_OLD):
            collector.collect_if_idle()
    finally:
        collector.stop()
    assert collections.count(2) == 1
    assert collections.count(1) == idlegc.EVERY_OLD - 1
    assert collections[idlegc.EVERY - 1] == 1 and collections[0] == 0
    assert collector.passes == [collections.count(0), collections.count(1), 1]


async def test_nothing_pending_nothing_collected(monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[int] = []
    monkeypatch.setattr(idlegc.gc, "collect", lambda generation=2: done.append(generation))
    monkeypatch.setattr(idlegc.gc, "get_count", lambda: (idlegc.YOUNG - 1, 0, 0))
    collector = IdleGC(lambda: False, tick=0.001)
    collector.start()
    try:
        await asyncio.sleep(0.02)  # several ticks
    finally:
        collector.stop()
    assert done == []


async def test_the_tick_collects_when_idle(
    monkeypatch: pytest.MonkeyPatch, collections: list[int]
) -> None:
    collector = IdleGC(lambda: False, tick=0.001)
    collector.start()
    try:
        for _ in range(100):
            if collections:
                break
            await asyncio.sleep(0.002)
    finally:
        collector.stop()
    assert collections and collections[0] == 0
