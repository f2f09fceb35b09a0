"""The turn timer on Discord: a warning when three quarters of it are gone, then, when it
runs out, Fixer makes the waiting player's timid moves (a roll it must make, then end the
turn) and says so; the deadline survives a restart; the AI's seat is never timed."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from rules.tcg.codes import Phase
from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side
from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, position
from tests.fakediscord import FakeDiscord

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
DECK = ["alley-cutter"] * 10


async def _timed(fake: FakeDiscord, db: Path, scale: float) -> Duelists:
    """alice must roll in a Gig (start phase), with a 10 s turn timer scaled by `scale`."""
    return await position(
        fake,
        db,
        Side(field=["alley-cutter"], hand=["alley-cutter"], legends=LEGENDS, deck=DECK),
        Side(field=["alley-cutter"], legends=LEGENDS, deck=DECK, gigs=["d8:5"]),
        options=TcgOptions(turn_timer=10),
        phase=Phase.ROLL,
        time_scale=scale,
    )


async def _until(d: Duelists, done: object, timeout: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        state = await d.state()
        if done(state):  # type: ignore[operator]
            return time.monotonic() - start
        await asyncio.sleep(0.02)
    raise AssertionError("the turn timer did not run out")


def _texts(fake: FakeDiscord) -> list[str]:
    return [m.text for m in fake.public_messages()]


async def test_time_runs_out_fixer_rolls_and_ends_the_turn(fake: FakeDiscord, db: Path) -> None:
    d = await _timed(fake, db, scale=0.1)  # 10 s -> 1 s
    alice, bob = d.users
    start = await d.state()
    assert start.active == 0 and start.phase is Phase.ROLL and not start.seats[0].gigs
    await _until(d, lambda s: s.active == 1, 5)
    state = await d.state()
    assert len(state.seats[0].gigs) == 1  # the roll alice had to make, made for her
    await fake.wait_for(lambda: any("time ran out" in t for t in _texts(fake)), 2)
    texts = _texts(fake)
    warn = next(i for i, t in enumerate(texts) if "⏰" in t and "left" in t)
    out = next(i for i, t in enumerate(texts) if "alice's time ran out" in t)
    assert warn < out and f"<@{alice.id}>" in texts[warn]  # the warning came first
    assert sum("time ran out" in t for t in texts) == 1  # one notice for both moves
    # Now the duel waits on bob, with a fresh timer of his own.
    assert state.seats[1].player == str(bob.id)
    await d.bot.close()


async def test_acting_in_time_keeps_the_turn(fake: FakeDiscord, db: Path) -> None:
    d = await _timed(fake, db, scale=0.3)  # 3 s
    alice = d.users[0]
    await asyncio.sleep(1.0)
    await d.slash(alice, "roll", {"die": "d6"})
    state = await d.state()
    assert state.active == 0 and state.phase is Phase.MAIN
    # The turn's clock is not reset by acting: it runs out 3 s after the turn began.
    elapsed = await _until(d, lambda s: s.active == 1, 5)
    assert elapsed < 2.8
    await d.bot.close()


async def test_the_turn_deadline_survives_a_restart(fake: FakeDiscord, db: Path) -> None:
    d = await _timed(fake, db, scale=0.15)  # 1.5 s, saved as an absolute time
    began = time.monotonic()
    await d.bot.close()
    assert (await d.state()).active == 0
    d.bot = await start_fixer(fake, db)  # full time scale: 10 s if it started again
    await _until(d, lambda s: s.active == 1, 6)
    assert time.monotonic() - began < 6
    await d.bot.close()


def test_out_of_time_moves_are_the_timid_ones() -> None:
    """Never a Sell, a Call or a Play for an absent player: End when the turn may end; a
    Unit that must attack attacks; a reaction passes."""
    from cogs.tcg.runtime import timeout_action
    from content.tcg.loader import load_default_pack
    from rules.tcg import actions as act
    from rules.tcg.legal import legal_actions
    from rules.tcg.scenario import build

    content = load_default_pack()
    mine = Side(
        field=["alley-cutter"], hand=["alley-cutter"], eddies=2, legends=LEGENDS, gigs=["d6:3"]
    )
    state = build(content, mine, Side(legends=LEGENDS, gigs=["d8:5"]))
    legal = legal_actions(state, content, state.seats[0].player)
    assert isinstance(legal[0], act.Sell | act.Call | act.Play)  # what must not be taken
    assert isinstance(timeout_action(state, content, 0), act.End)
    rolling = build(content, mine, Side(legends=LEGENDS, gigs=["d8:5"]), phase=Phase.ROLL)
    assert isinstance(timeout_action(rolling, content, 0), act.Roll)
