"""Threads: a campaign lives in its channel *and its threads* (table talk is checked there,
commands used there act on the channel's campaign), and a campaign can also be bound to a
thread of its own when its channel has none."""

from __future__ import annotations

from pathlib import Path

import discord

from rules.legends.sim import next_actor
from tests.e2e.harness import Table, new_table, settle, start_fixer
from tests.e2e.test_tabletalk import hand_names
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


async def say_in(t: Table, user: FakeUser, channel: FakeChannel, text: str) -> FakeMessage:
    msg = await t.fake.post_message(user, channel, text)
    await settle(t.fake, t.bot)
    return msg


def own_card(state: object, player: str) -> str | None:
    """An instance id in `player`'s own (non-merc) hand."""
    run = state.run  # type: ignore[attr-defined]
    for seat, r in enumerate(state.runners):  # type: ignore[attr-defined]
        if r.player == player and not r.is_merc and seat in run.zones:
            hand = run.zones[seat].hand
            if hand:
                return str(hand[0])
    return None


async def test_table_talk_and_commands_in_a_thread_of_the_campaign_channel(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"])
    thread = fake.add_thread(t.channel, "strategy", owner=alice)
    await fake.idle(0.02)
    assert bot.get_channel(thread.id) is not None  # THREAD_CREATE reached the cache

    # Table talk in the thread: checked against the author's own hand.
    card = (await hand_names(t, alice))[0]
    innocent = await say_in(t, alice, thread, "I have a plan to go too")
    bad = await say_in(t, alice, thread, f"psst, I hold {card}")
    await fake.wait_for(lambda: bad.deleted)
    assert bad.deleted_by == fake.bot_user.id and not innocent.deleted
    assert card in fake.dms_to(alice)[-1].content
    # An edit in the thread too.
    await fake.edit_message(innocent, f"fine: {card}")
    await settle(fake, bot)
    await fake.wait_for(lambda: innocent.deleted)

    # A command used in the thread acts on the channel's campaign.
    it = await t.slash(alice, "status", channel=thread)
    assert it.callback is not None
    assert not it.failed
    assert "no campaign" not in (it.messages[-1].text if it.messages else "").lower()
    public_in_thread = [m for m in fake.bot_messages(thread) if not m.ephemeral]
    assert len(public_in_thread) == 1  # the /legends status board
    boards = len(t.boards())
    state = await t.state()
    assert state.run is not None and state.run.phase == "flip"
    for _ in range(10):  # flip (story cards may come first) until the Plan opens
        who = next_actor(state, t.content)
        assert who is not None
        before = state.version
        await t.slash(t.user(who), "flip", channel=thread)
        state = await t.state()
        assert state.version > before and state.run is not None
        if state.run.phase != "flip":
            break
    run = state.run
    assert run is not None and run.phase == "plan" and run.turn is not None, run
    # The public update of the flip went to the campaign channel, not to the thread.
    assert [m for m in fake.bot_messages(thread) if not m.ephemeral] == public_in_thread
    assert len(t.boards()) > boards
    who = state.runners[run.turn].player
    inst = own_card(state, who)
    assert inst is not None
    before = state.version
    it = await t.slash(t.user(who), "play", {"card": inst}, channel=thread)
    assert it.messages and it.messages[0].ephemeral
    assert (await t.state()).version > before
    # /legends new in the thread: its channel already has a campaign.
    it = await fake.send_slash(bob, "legends new", {}, channel=thread)
    cb = await it.response()
    assert cb.ephemeral and "already has an active campaign" in it.messages[-1].text
    t.assert_no_public_leak()

    # After a restart the thread comes in GUILD_CREATE and is still checked.
    await fake.stop_bot(bot)
    bot2 = await start_fixer(fake, db)
    t.bot = bot2
    assert bot2.get_channel(thread.id) is not None
    card = (await hand_names(t, bob))[0]
    bad2 = await say_in(t, bob, thread, f"{card} is mine")
    await fake.wait_for(lambda: bad2.deleted)
    t.assert_no_public_leak()


async def test_campaign_bound_to_a_thread(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    thread = fake.add_thread(fake.channel, "night-crew", owner=alice)
    await fake.idle(0.02)
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"], channel=thread)
    assert bot.runtime("legends").channel_of_table[t.cid] == thread.id
    # The board and the turn prompts go to the thread, not to its parent.
    assert any(m.embeds for m in t.boards())
    assert not fake.bot_messages(fake.channel)
    # The parent channel has no campaign of its own.
    it = await fake.send_slash(bob, "legends status", {}, channel=fake.channel)
    cb = await it.response()
    assert cb.ephemeral and "no campaign" in it.messages[-1].text.lower()
    # Play on through the thread a little, with table talk checked there.
    await t.play_out(until=lambda s: s.run is not None and s.run.round >= 2, max_steps=80)
    card = (await hand_names(t, bob))[0]
    bad = await say_in(t, bob, thread, f"got {card}")
    await fake.wait_for(lambda: bad.deleted)
    t.assert_no_public_leak()

    # Without Send Messages in Threads the owner is told what is missing.
    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(send_messages_in_threads=True))
    await fake.idle(0.02)
    problems = bot.runtime("legends").setup_problems(bot.get_channel(thread.id), await t.state())
    assert any("Send Messages in Threads" in p for p in problems)
