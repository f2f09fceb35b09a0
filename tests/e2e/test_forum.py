"""Forums: a forum post is a public thread of a forum channel, so `/legends new` in a post
binds the campaign to that post, as for any thread of a channel without a campaign. Nothing
is ever posted in the forum channel itself (Discord refuses that with 50008)."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.e2e.harness import new_table, settle, start_fixer
from tests.e2e.test_tabletalk import hand_names
from tests.fakediscord import FakeDiscord


async def test_campaign_in_a_forum_post(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    forum = fake.add_forum(fake.guild, "campaigns")
    post = fake.add_forum_post(forum, "Night crew", "Who's in for a run tonight?", owner=alice)
    other = fake.add_forum_post(forum, "Rules talk", "Questions here", owner=bob)
    await fake.idle(0.02)
    assert isinstance(bot.get_channel(forum.id), discord.ForumChannel)
    cached = bot.get_channel(post.id)
    assert isinstance(cached, discord.Thread) and cached.parent_id == forum.id
    assert post.messages[0].id == post.id  # the starter message

    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"], channel=post)
    assert bot.fixer.channel_of_table[t.cid] == post.id
    # Boards go to the post; nothing is posted in the forum or in the other post.
    assert any(m.embeds for m in t.boards())
    assert not fake.bot_messages(forum) and not fake.bot_messages(other)
    assert not fake.calls_to("POST", f"/channels/{forum.id}/messages")
    # Another post of the same forum has no campaign (the forum itself is not bound).
    it = await fake.send_slash(bob, "legends status", {}, channel=other)
    cb = await it.response()
    assert cb.ephemeral and "no campaign" in it.messages[-1].text.lower()

    # A round is played in the post.
    await t.play_out(until=lambda s: s.run is not None and s.run.round >= 2, max_steps=80)
    state = await t.state()
    assert state.run is not None and state.run.round >= 2
    assert not fake.bot_messages(forum)
    assert all(m.ephemeral for m in fake.bot_messages(other))

    # Table talk in the post is checked; in another post of the forum it is not.
    card = (await hand_names(t, bob))[0]
    elsewhere = await fake.post_message(bob, other, f"I hold {card}")
    bad = await fake.post_message(bob, post, f"got {card}")
    await settle(fake, bot)
    await fake.wait_for(lambda: bad.deleted)
    assert bad.deleted_by == fake.bot_user.id and not elsewhere.deleted
    assert card in fake.dms_to(bob)[-1].content
    t.assert_no_public_leak()

    # After a restart the post comes in GUILD_CREATE and the campaign is still there.
    await fake.stop_bot(bot)
    bot2 = await start_fixer(fake, db)
    t.bot = bot2
    assert isinstance(bot2.get_channel(post.id), discord.Thread)
    card = (await hand_names(t, alice))[0]
    bad2 = await fake.post_message(alice, post, f"{card} is mine")
    await settle(fake, bot2)
    await fake.wait_for(lambda: bad2.deleted)
    t.assert_no_public_leak()

    # Permissions come from the forum: without Send Messages in Threads there, Fixer says so.
    fake.set_bot_permissions(forum, deny=discord.Permissions(send_messages_in_threads=True))
    await fake.idle(0.02)
    problems = bot2.fixer.setup_problems(bot2.get_channel(post.id), await t.state())
    assert any("Send Messages in Threads" in p for p in problems)
