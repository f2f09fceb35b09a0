"""Issue 12 requirements no other e2e test held (found by the issue 12 audit,
docs/tcg-discord.md): a channel holds one duel at a time (and one open challenge), and
the practice AI is paced and thinks off the event loop, so other tables are answered
while it searches."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from rules.tcg import actions as act
from rules.tcg.state import Duel
from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, start_challenge, tcg
from tests.fakediscord import FakeDiscord


async def test_a_channel_holds_one_duel_and_one_open_challenge(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob, carol, dan = (
        fake.add_user(n, guild=fake.guild) for n in ("alice", "bob", "carol", "dan")
    )
    d = Duelists(fake, bot, fake.channel, [carol, dan])
    # An open challenge: a second one in the channel is refused, and changes nothing.
    it = await d.slash(carol, "challenge", {"opponent": dan, "deck": "chrome-rush"})
    assert it.original is not None and not it.original.ephemeral
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    assert it.original is not None and it.original.ephemeral
    assert it.original.text.startswith("🚫 This channel already has an open challenge")
    await d.slash(carol, "decline")
    # A duel in progress: neither a challenge nor a practice duel may start beside it.
    d.users = [alice, bob]
    await start_challenge(d)
    version = (await d.state()).version
    for user, command, options in (
        (carol, "challenge", {"opponent": dan, "deck": "chrome-rush"}),
        (carol, "practice", {"deck": "chrome-rush"}),
    ):
        it = await d.slash(user, command, options)
        assert it.original is not None and it.original.ephemeral, command
        assert "This channel already has a duel in progress" in it.original.text
        assert "another channel" in it.original.text
    assert not d.rt.challenges and (await d.state()).version == version
    assert list(d.rt.table_of_channel) == [fake.channel.id]
    await bot.close()


async def test_the_practice_ai_is_paced_and_thinks_off_the_event_loop(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    rt = tcg(bot)
    rt.ai_pace = 0.3
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])
    thinking: list[tuple[bool, float]] = []
    choose = rt._ai_choose

    def slow_choose(state: Duel, seat: int) -> act.Action:
        thinking.append((threading.current_thread() is threading.main_thread(), time.time()))
        time.sleep(0.5)  # a long search
        return choose(state, seat)

    rt._ai_choose = slow_choose  # type: ignore[method-assign]
    loop_ticks: list[float] = []

    async def ticker() -> None:
        while True:
            loop_ticks.append(time.time())
            await asyncio.sleep(0.02)

    tick = asyncio.create_task(ticker())
    try:
        start = time.time()
        await d.slash(alice, "practice", {"deck": "chrome-rush", "level": "random"})
        d.cid = rt.table_of_channel[fake.channel.id]
        await fake.wait_for(lambda: bool(thinking), timeout=10, what="the AI's move")
        on_main, began = thinking[0]
        assert not on_main, "the AI's search ran on the event loop's thread"
        # Paced: the first move is thought about no sooner than ai_pace after the start.
        assert began - start >= 0.3 * 0.9
        # While it searches, the loop goes on (ticks every ~20 ms inside the 0.5 s).
        await asyncio.sleep(0.6)
        during = [x for x in loop_ticks if began < x < began + 0.5]
        assert len(during) >= 5, during
    finally:
        tick.cancel()
        rt._ai_choose = choose  # type: ignore[method-assign]
    await bot.close()
