"""Whole runs through Discord: slash commands and buttons, hands only ever ephemeral."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from tests.e2e.harness import new_table, start_fixer
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize(
    ("players", "roles", "merc", "seed"),
    [
        (1, ["solo"], "netrunner", 1),
        (2, ["solo", "netrunner"], None, 2),
        (4, ["solo", "netrunner", "rocker", "nomad"], None, 3),
    ],
    ids=["solo+merc", "two", "four"],
)
async def test_whole_scenario(
    fake: FakeDiscord,
    db: Path,
    players: int,
    roles: list[str],
    merc: str | None,
    seed: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    bot = await start_fixer(fake, db)
    users = [fake.add_user(f"runner{i}", guild=fake.guild) for i in range(players)]
    t0 = time.perf_counter()
    t = await new_table(fake, bot, users, roles=roles, merc=merc)
    state = await t.play_out(seed=seed)
    assert time.perf_counter() - t0 < 60
    assert state.run is None and state.history[-1].outcome in ("complete", "flatlined")
    t.assert_no_public_leak()
    # Hands went only to their owners, ephemerally.
    for m in fake.messages.values():
        if m.author is fake.bot_user and any("Your hand" in x for x in m.all_texts):
            assert m.ephemeral or m.channel.guild is None, m
    # No log line, at any level, names a card (hands never reach the logs).
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert caplog.records
    leaked = [n for n in t.held if n in logged]
    assert not leaked, leaked
    # A fresh board was posted at the natural points, and the run's end was announced.
    last = t.boards()[-1]
    assert any("Run complete" in x or "Flatlined" in x for x in last.all_texts)
