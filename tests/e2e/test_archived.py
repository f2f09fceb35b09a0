"""Campaign threads that Discord archives, moderators lock, or someone deletes.

Discord archives an idle thread (THREAD_UPDATE archived=true; discord.py drops it from its
cache, and it is no longer in GUILD_CREATE). A message unarchives it unless it is locked;
a locked one needs Manage Threads to unarchive. A deleted one is 10003 Unknown Channel.
The game state never depends on any of it."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.e2e.harness import Table, new_table, settle, start_fixer
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser


async def thread_table(fake: FakeDiscord, db: Path) -> tuple[Table, FakeChannel, list[FakeUser]]:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    thread = fake.add_thread(fake.channel, "night-crew", owner=alice)
    await fake.idle(0.02)
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"], channel=thread)
    return t, thread, [alice, bob]


def leader(t: Table, state: object) -> FakeUser:
    run = state.run  # type: ignore[attr-defined]
    return t.user(state.runners[run.leader].player)  # type: ignore[attr-defined]


async def test_archived_thread_is_revived_by_the_next_post(fake: FakeDiscord, db: Path) -> None:
    t, thread, (alice, _) = await thread_table(fake, db)
    t.bot.runtime("legends").time_scale = 0.001
    # The run waits; the thread auto-archives and leaves discord.py's cache.
    fake.set_thread_archived(thread)
    await fake.idle(0.02)
    assert t.bot.get_channel(thread.id) is None
    boards = len(t.boards())
    state = await t.state()
    assert state.run is not None and state.run.phase == "flip"
    await t.slash(leader(t, state), "flip")
    # The update arrived in the thread, which the post unarchived.
    assert len(t.boards()) > boards and not thread.archived
    assert isinstance(t.bot.get_channel(thread.id), discord.Thread)

    # Archived again while nobody acts: the turn timer's reminder still arrives.
    fake.set_thread_archived(thread)
    await fake.idle(0.02)
    await t.slash(alice, "options", {"turn_timer": 30})
    await fake.wait_for(lambda: any("Reminder" in m.content for m in t.boards()), timeout=3)
    assert not thread.archived
    await t.slash(alice, "options", {"turn_timer": 0})
    failed = [c for c in fake.calls if c.path.startswith(f"/channels/{thread.id}") and not c.ok]
    assert not failed, failed
    t.assert_no_public_leak()

    # A restart while the thread is archived: it is not in GUILD_CREATE; Fixer fetches it
    # by id, and the campaign goes on there.
    fake.set_thread_archived(thread)
    await fake.stop_bot(t.bot)
    t.bot = await start_fixer(fake, db)
    t.listen()  # the new process's commits (what is played face up)
    assert t.bot.get_channel(thread.id) is None
    assert t.bot.runtime("legends").channel_of_table[t.cid] == thread.id
    it = await t.slash(alice, "status", channel=thread)
    assert it.messages and "no campaign" not in it.messages[-1].text.lower()
    state = await t.state()
    before = state.version
    await t.play_out(until=lambda s: s.version >= before + 3, max_steps=10)
    assert not thread.archived and not fake.bot_messages(thread)[-1].ephemeral
    assert (await t.state()).version >= before + 3
    t.assert_no_public_leak()


async def test_locked_archived_thread_without_manage_threads(fake: FakeDiscord, db: Path) -> None:
    t, thread, (alice, bob) = await thread_table(fake, db)
    state = await t.state()
    assert state.run is not None
    dms = len(fake.dms_to(alice))
    # A moderator locks the thread (and it is archived): Fixer can't post there.
    fake.set_thread_archived(thread, locked=True)
    await fake.idle(0.02)
    posts = len(fake.bot_messages(thread))
    sends0 = len(fake.calls_to("POST", f"/channels/{thread.id}/messages"))
    before = state.version
    await t.slash(leader(t, state), "flip")  # the action itself is answered (ephemeral)
    await t.slash(leader(t, await t.state()), "hand")
    after = await t.state()
    assert after.version == before + 1  # the flip happened; nothing else changed
    assert len([m for m in fake.bot_messages(thread) if not m.ephemeral]) == len(
        [m for m in fake.bot_messages(thread)[:posts] if not m.ephemeral]
    )
    assert thread.archived and thread.locked
    # The owner is told once, by DM, what is wrong and what to do.
    await fake.wait_for(lambda: len(fake.dms_to(alice)) > dms)
    told = fake.dms_to(alice)[dms:]
    assert len(told) == 1
    text = told[0].content
    assert "locked" in text and "Manage Threads" in text and "/legends move" in text
    # More updates: no second notice, no retry loop.
    who = t.user(after.runners[after.run.leader].player)  # type: ignore[union-attr]
    await t.slash(who, "flip")
    await settle(fake, t.bot)
    await fake.idle(0.1)
    assert len(fake.dms_to(alice)) == dms + 1
    sends = fake.calls_to("POST", f"/channels/{thread.id}/messages")
    assert 1 <= len(sends) - sends0 <= 4, sends[sends0:]
    assert not fake.calls_to("PATCH", f"/channels/{thread.id}")  # no Manage Threads: no try

    # With Manage Threads, Fixer unarchives the locked thread itself and posts.
    fake.set_bot_permissions(fake.channel, allow=discord.Permissions(manage_threads=True))
    await fake.idle(0.02)
    state = await t.state()
    await t.play_out(until=lambda s: s.version > state.version, max_steps=3)
    assert fake.calls_to("PATCH", f"/channels/{thread.id}")[-1].ok
    assert not thread.archived and thread.locked
    assert not fake.bot_messages(thread)[-1].ephemeral
    assert len(fake.dms_to(alice)) == dms + 1
    t.assert_no_public_leak()


async def test_deleted_thread_the_campaign_waits_for_move(fake: FakeDiscord, db: Path) -> None:
    t, thread, (alice, bob) = await thread_table(fake, db)
    state = await t.state()
    dms = len(fake.dms_to(alice))
    fake.delete_channel(thread)  # THREAD_DELETE
    await settle(fake, t.bot)
    await fake.wait_for(lambda: len(fake.dms_to(alice)) > dms)
    (told,) = fake.dms_to(alice)[dms:]
    assert "deleted" in told.content and "/legends move" in told.content
    assert await t.state() == state  # the game is untouched

    # Bob can't move Alice's campaign; Alice moves it to #general and play goes on.
    it = await fake.send_slash(bob, "legends move", {})
    cb = await it.response()
    await it.settled()
    assert cb.ephemeral or it.messages[-1].ephemeral
    assert (
        "campaign" in it.messages[-1].text
        and t.cid not in t.bot.runtime("legends").table_of_channel.values()
    )
    t.channel = fake.channel
    it = await t.slash(alice, "move")
    assert it.messages[-1].ephemeral and "moved here" in it.messages[-1].text
    assert t.bot.runtime("legends").channel_of_table[t.cid] == fake.channel.id
    assert (await t.state()) == state
    # The board is posted by the publisher after the answer: wait for it, do not race it.
    await fake.wait_for(
        lambda: any("continues here" in m.content and m.embeds for m in t.boards()), timeout=5
    )
    await t.play_out(until=lambda s: s.version >= state.version + 2, max_steps=10)
    t.assert_no_public_leak()

    # A thread deleted while Fixer was offline: found at start-up (10003), told once.
    backroom = fake.add_channel(fake.guild, "backroom")
    other = fake.add_thread(backroom, "side", owner=bob)
    await fake.idle(0.02)
    t2 = await new_table(fake, t.bot, [bob], roles=["nomad"], channel=other, start=False)
    await fake.stop_bot(t.bot)
    fake.delete_channel(other)
    bob_dms = len(fake.dms_to(bob))
    bot2 = await start_fixer(fake, db)
    await fake.wait_for(lambda: len(fake.dms_to(bob)) > bob_dms)
    assert "/legends move" in fake.dms_to(bob)[-1].content
    assert (
        t2.cid in bot2.runtime("legends").homeless and t.cid not in bot2.runtime("legends").homeless
    )
    await fake.stop_bot(bot2)
    bot3 = await start_fixer(fake, db)
    await fake.idle(0.1)
    assert len(fake.dms_to(bob)) == bob_dms + 1  # not told again after a restart
    assert t2.cid in bot3.runtime("legends").homeless
