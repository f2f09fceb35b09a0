"""Legendary 2099 table settings through the fake Discord: `/legendary options` (host
only, before the start, reaching the engine), the turn timer (reminders, then the table
ends the turn; its deadline survives a restart), the persistent `log` (public events
only, after a restart too) and hands by DM."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

from rules.legendary import engine
from tests.e2e.harness import settle
from tests.e2e.legendary_harness import boot, new_game
from tests.fakediscord import FakeDiscord


def twists(it: Any) -> int:
    """The Scheme Twists the setup screen says the Villain Deck will hold."""
    found = re.search(r"(\d+) Scheme Twists", it.original.text)
    assert found is not None, it.original.text
    return int(found[1])


async def test_options_are_the_hosts_before_the_start_and_reach_the_engine(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot, ("alice", "bob"), ai=0, start=False)
    bob = t.users[1]
    twists_before = twists(await t.slash("setup"))
    before = await t.state()
    it = await t.slash("options", {"extra_twists": 2}, user=bob)
    assert it.original is not None and it.original.ephemeral
    assert "Only the host" in it.original.text
    assert await t.state() == before
    it = await t.slash("options")
    assert it.original is not None and "turn timer (`turn_timer`): off" in it.original.text
    it = await t.slash(
        "options",
        {"extra_twists": 2, "mastermind_attack": 1, "turn_timer": 120, "ai_pace": 0.5},
    )
    assert it.original is not None and it.original.ephemeral
    shown = "\n".join(m.text for m in t.boards()[-3:])
    assert "extra Twists (`extra_twists`): 2 (changed)" in shown
    assert "Mastermind Attack modifier (`mastermind_attack_mod`): 1 (changed)" in shown
    assert "120 seconds between reminders" in shown
    st = await t.state()
    assert st.options.turn_timer == 120 and st.options.ai_pace == 0.5
    assert twists(await t.slash("setup")) == twists_before + 2
    await t.slash("start")
    st = await t.state()
    assert st.game is not None
    assert st.game.options.extra_twists == 2 and st.game.options.mastermind_attack_mod == 1
    it = await t.slash("options", {"extra_twists": 0})
    assert it.original is not None and it.original.ephemeral
    assert "already started" in it.original.text
    assert (await t.state()).options == st.options
    await bot.close()


async def test_turn_timer_reminds_then_ends_the_turn_across_a_restart(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    rt: Any = bot.runtime("legendary")
    rt.time_scale = 0.002  # 600 s become 1.2 s: reminders at 1.2, 2.4, 3.6 s, the end at 4.8
    t = await new_game(fake, bot, options={"turn_timer": 600})
    await settle(fake, bot)
    st = await t.state()
    assert st.game is not None and engine.decision_seat(st.game) == 0
    waited = time.monotonic()
    turn = st.game.turn_no

    def reminders() -> list[str]:
        return [m.text for m in t.boards() if "⏰ Reminder" in m.text]

    await fake.wait_for(lambda: bool(reminders()), timeout=5)
    assert "Reminder 1 of 3" in reminders()[0] and t.user.mention in reminders()[0]
    assert "take your turn" in reminders()[0]
    await rt.prefs.close()  # flush the stored deadlines (they are saved at once anyway)
    await fake.kill_bot(bot)
    # The new process runs at full time scale: a timer started again would take 40 min.
    bot2 = await boot(fake, db)
    t.bot = bot2

    def timed_out() -> bool:
        return any("Time is up for alice" in m.text for m in t.boards())

    await fake.wait_for(timed_out, timeout=12)
    took = time.monotonic() - waited
    assert 4.0 < took < 14.0, took  # the stored deadline (4.8 s), not 40 min again
    await settle(fake, bot2)
    st = await t.state()
    assert st.game is not None and st.game.turn_no > turn  # alice's turn was ended
    assert sum("Reminder 1 of 3" in r for r in reminders()) == 1  # never counted again
    await t.observe()
    t.assert_no_public_leak()
    await bot2.close()


async def test_log_keeps_public_events_across_a_restart(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot)
    await t.play_out(until=lambda s: s.game is not None and s.game.turn_no >= 5)
    it = await t.slash("log")
    reply = it.original
    assert reply is not None and reply.ephemeral
    lines = reply.text.splitlines()
    assert lines[0].startswith("**Recent events**") and len(lines) > 5
    assert "alice plays" in reply.text or "AI 1 plays" in reply.text
    assert "You draw" not in reply.text  # private events stay private
    assert len(reply.text) <= 2000
    await bot.close()
    bot = await boot(fake, db)
    t.bot = bot
    it = await t.slash("log")
    assert it.original is not None and it.original.text == reply.text
    secret = t.held - t.shown
    assert not any(name in it.original.text for name in secret)
    await bot.close()


async def test_a_players_language_for_dms_survives_a_restart(fake: FakeDiscord, db: Path) -> None:
    """A DM'd hand speaks the player's language as last heard from them; a restart
    keeps it (it is a preference in the database, not process memory)."""
    bot = await boot(fake, db)
    t = await new_game(fake, bot)
    alice = str(t.user.id)
    await t.slash("hand", locale="pl")
    rt = bot.runtime("legendary")
    assert rt.dm_language(alice, "en") == "pl"
    await bot.close()
    bot = await boot(fake, db)
    t.bot = bot
    assert bot.runtime("legendary").dm_language(alice, "en") == "pl"
    # Someone never heard from gets the table's language.
    assert bot.runtime("legendary").dm_language("999", "en") == "en"
    await bot.close()


async def test_hands_by_dm_and_playing_from_the_dm(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot, start=False)
    alice = t.user
    it = await t.slash("dm", {"enabled": True})
    assert it.original is not None and it.original.ephemeral
    assert "here whenever it changes" in fake.dms_to(alice)[0].content
    await t.slash("start")
    await settle(fake, bot)
    dms = fake.dms_to(alice)
    assert len(dms) >= 2 and any("Your hand" in x for x in dms[-1].all_texts)
    st = await t.state()
    assert st.game is not None and engine.decision_seat(st.game) == 0
    hand = dms[-1]
    play = next(c for c in hand.custom_ids if c.startswith("fx:legendary:play:"))
    click = await t.click(hand, play)
    assert "user" in click.payload and "member" not in click.payload  # from the DM
    after = await t.state()
    assert after.version == st.version + 1
    # Edited in place, not sent again.
    assert all(f":{after.version}" in c for c in hand.custom_ids if ":legendary:" in c)
    assert fake.dms_to(alice)[-1] is hand or len(fake.dms_to(alice)) == len(dms)
    it = await t.slash("dm", {"enabled": False})
    assert it.original is not None and "No more DMs" in it.original.text
    n = len(fake.dms_to(alice))
    await t.slash("end")
    await settle(fake, bot)
    assert len(fake.dms_to(alice)) == n
    t.assert_no_public_leak()
    await bot.close()


async def test_closed_dms_are_reported_ephemerally(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot, start=False)
    t.user.dms_open = False
    it = await t.slash("dm", {"enabled": True})
    assert it.original is not None and it.original.ephemeral
    assert it.original.all_texts and "DMs are closed" in " ".join(it.original.all_texts)
    await t.slash("start")
    await settle(fake, bot)
    assert fake.dms_to(t.user) == []
    await asyncio.sleep(0)
    await bot.close()


async def test_join_leave_start_and_abandon_answer_the_person_and_change_the_table(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot, ("alice", "bob"), ai=1, start=False)
    assert len((await t.state()).seats) == 3
    it = await t.slash("leave", {"ai": True})
    assert it.original is not None and it.original.ephemeral
    assert it.original.text == "✓ Seat given up."
    assert len((await t.state()).seats) == 2
    it = await t.slash("leave", user=t.users[1])
    assert it.original is not None and it.original.text == "✓ Seat given up."
    assert [s.name for s in (await t.state()).seats] == ["alice"]
    it = await t.slash("join", user=t.users[1])
    assert it.original is not None and it.original.text == "✓ Seated."
    it = await t.slash("start")
    assert it.original is not None
    assert it.original.text == "✓ The game starts. Open your cards with /legendary hand."
    assert (await t.state()).game is not None
    it = await t.slash("abandon", user=t.users[1])
    assert it.original is not None and it.original.ephemeral
    assert "Only the host" in it.original.text
    it = await t.slash("abandon")
    assert it.original is not None and it.original.text == "✓ Game abandoned."
