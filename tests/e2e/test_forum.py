"""Forums: a forum post is a public thread of a forum channel, so `/legends new` in a post
binds the campaign to that post, as for any thread of a channel without a campaign. Nothing
is ever posted in the forum channel itself (Discord refuses that with 50008)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from bot.app import FixerBot
from bot.config import Settings
from tests.e2e.harness import Table, content, new_table, settle, start_fixer
from tests.e2e.test_tabletalk import hand_names
from tests.fakediscord import FakeChannel, FakeDiscord, FakeInteraction, FakeUser


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
    assert bot.runtime("legends").channel_of_table[t.cid] == post.id
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
    problems = bot2.runtime("legends").setup_problems(bot2.get_channel(post.id), await t.state())
    assert any("Send Messages in Threads" in p for p in problems)


async def new_in_forum(
    fake: FakeDiscord,
    user: FakeUser,
    options: dict[str, Any],
    *,
    channel: FakeChannel | None = None,
) -> FakeInteraction:
    it = await fake.send_slash(user, "legends new", options, channel=channel)
    cb = await it.response()
    if cb.type == 5:
        await it.wait_followups(1)
    return it


async def test_forum_posts_opened_by_fixer_get_a_fitting_tag(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    forum = fake.add_forum(
        fake.guild,
        "campaigns",
        tags=["LFG", {"name": "Cyberpunk Legends", "emoji": "🌃"}, "Finished"],
    )
    await fake.idle(0.02)
    it = await new_in_forum(fake, alice, {"name": "Night Crew", "forum": forum})
    reply = it.messages[-1]
    post = next(c for c in fake.channels.values() if c.parent_id == forum.id)
    assert reply.ephemeral and post.mention in reply.text
    assert post.owner_id == fake.bot_user.id and post.name == "Night Crew"
    assert fake.tag_names(post) == ["Cyberpunk Legends"]
    assert "Night Crew" in post.messages[0].content and post.messages[0].embeds
    cid = bot.runtime("legends").table_of_channel[post.id]
    assert bot.runtime("legends").channel_of_table[cid] == post.id
    assert not fake.bot_messages(forum)

    # create_channel in a forum post: a new post of the same forum (with the same tag).
    await new_in_forum(fake, alice, {"name": "Second Crew", "create_channel": True}, channel=post)
    second = next(
        c for c in fake.channels.values() if c.parent_id == forum.id and c.name == "Second Crew"
    )
    assert fake.tag_names(second) == ["Cyberpunk Legends"]
    assert bot.runtime("legends").table_of_channel[second.id] != cid

    # A forum that requires a tag, none of them fitting: the first one Fixer may apply.
    lfg = fake.add_forum(
        fake.guild,
        "lfg",
        require_tag=True,
        tags=[{"name": "Staff pick", "moderated": True}, "Looking", "Done"],
    )
    await fake.idle(0.02)
    await new_in_forum(fake, alice, {"forum": lfg})
    (post2,) = [c for c in fake.channels.values() if c.parent_id == lfg.id]
    assert fake.tag_names(post2) == ["Looking"]
    # "In progress" is preferred when there is one.
    fake.set_forum_tags(lfg, ["Looking", "In progress"])
    await fake.idle(0.02)
    await new_in_forum(fake, alice, {"name": "Third", "forum": lfg})
    third = next(c for c in fake.channels.values() if c.name == "Third")
    assert fake.tag_names(third) == ["In progress"]

    # Only moderated tags and no Manage Threads: refused, clearly, and nothing is created.
    staff = fake.add_forum(
        fake.guild, "staff-runs", require_tag=True, tags=[{"name": "Approved", "moderated": True}]
    )
    await fake.idle(0.02)
    campaigns = len(bot.runtime("legends").channel_of_table)
    it = await new_in_forum(fake, alice, {"forum": staff})
    text = it.messages[-1].text
    assert it.messages[-1].ephemeral and "Manage Threads" in text and "moderated" in text
    assert not [c for c in fake.channels.values() if c.parent_id == staff.id]
    assert not fake.calls_to("POST", f"/channels/{staff.id}/threads")
    assert len(bot.runtime("legends").channel_of_table) == campaigns
    # With Manage Threads in the forum, Fixer may apply the moderated tag.
    fake.set_bot_permissions(staff, allow=discord.Permissions(manage_threads=True))
    await fake.idle(0.02)
    await new_in_forum(fake, alice, {"forum": staff})
    (post3,) = [c for c in fake.channels.values() if c.parent_id == staff.id]
    assert fake.tag_names(post3) == ["Approved"]
    assert not fake.warnings


async def test_finished_campaign_post_is_retagged(fake: FakeDiscord, db: Path) -> None:
    # A one-scenario campaign, so that one won run completes it.
    pack = content()
    camp_id = next(iter(pack.campaigns))
    camp = pack.campaigns[camp_id]
    short = pack.model_copy(
        update={"campaigns": {camp_id: camp.model_copy(update={"scenarios": camp.scenarios[:1]})}}
    )
    bot = FixerBot(
        Settings(token=fake.token, database=db),
        contents={"legends": short},
        guild_ready_timeout=0.05,
        synchronous="NORMAL",
    )
    await fake.start_bot(bot)
    fake.install_commands(bot.tree)
    bot.runtime("legends").new_seed = lambda: 20240601  # a shuffle the crew wins with seed 1
    await bot.house.idle()
    alice = fake.add_user("alice", guild=fake.guild)
    forum = fake.add_forum(
        fake.guild, "campaigns", tags=["Cyberpunk Legends", "Active", "Done", "Spoilers"]
    )
    await fake.idle(0.02)
    await new_in_forum(fake, alice, {"name": "Night Crew", "forum": forum})
    (post,) = [c for c in fake.channels.values() if c.parent_id == forum.id]
    assert fake.tag_names(post) == ["Cyberpunk Legends", "Active"]
    t = Table(fake=fake, bot=bot, channel=post, users=[alice])
    t.cid = bot.runtime("legends").table_of_channel[post.id]
    t.listen()
    await t.slash(alice, "join", {"role": "solo", "merc": "netrunner"})
    await t.slash(alice, "start")
    state = await t.play_out(seed=1)
    assert state.run is None
    assert state.history[-1].outcome == "complete", "pick a seed where the crew wins"
    await settle(fake, bot)
    assert fake.tag_names(post) == ["Cyberpunk Legends", "Done"]
    t.assert_no_public_leak()
