"""Issue 12: "a duel can live in a thread the bot opens". `/tcg challenge thread:True`
opens a public thread of the channel, posts the challenge there and binds the duel to the
thread; the channel itself stays free for another duel; without Create Public Threads,
or from inside a thread, it is refused ephemerally and nothing is opened."""

from __future__ import annotations

import random
from pathlib import Path

import discord

from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, play_out
from tests.fakediscord import FakeDiscord


async def test_a_challenge_with_thread_opens_one_and_the_duel_lives_there(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob, carol = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob", "carol"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    # Create Public Threads is optional (not in the invite): granted here.
    fake.set_bot_permissions(fake.channel, allow=discord.Permissions(create_public_threads=True))
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush", "thread": True})
    assert it.original is not None and not it.original.ephemeral, it.original.all_texts
    threads = [c for c in fake.guild.threads if c.parent_id == fake.channel.id]
    assert len(threads) == 1
    thread = threads[0]
    assert thread.name == "alice vs bob"
    assert f"<#{thread.id}>" in it.original.text
    # The challenge, with its buttons and the opponent's mention, is in the thread.
    posted = [m for m in fake.channel_messages(thread) if m.author is fake.bot_user]
    assert posted and f"<@{bob.id}>" in posted[0].text
    accept = next(c for c in posted[0].custom_ids if ":accept:" in c)
    assert thread.id in d.rt.challenges and fake.channel.id not in d.rt.challenges
    d.channel = thread
    click = await d.click(bob, posted[0], accept)
    picker = click.original or click.followups[-1]
    deck_button = next(c for c in picker.custom_ids if c.endswith(":convoy-wall"))
    await d.click(bob, picker, deck_button)
    d.cid = d.rt.table_of_channel[thread.id]
    assert fake.channel.id not in d.rt.table_of_channel
    # The board is posted in the thread, and commands there act on its duel.
    assert "won the roll-off" in d.last_public().text
    it = await d.slash(carol, "status")
    assert it.original is not None and it.original.ephemeral and "alice" in it.original.text
    # The channel itself stays free: another challenge there is not refused.
    it = await fake.send_slash(
        carol, "tcg challenge", {"opponent": alice, "deck": "loaded-dice"}, channel=fake.channel
    )
    await d.settle_it(it)
    assert it.original is not None and not it.original.ephemeral, it.original.text
    # The thread's duel plays to its end there, hiding what it should.
    final = await play_out(d, random.Random(2))
    assert final.result is not None
    d.check_public(final)
    await bot.close()


async def test_thread_is_refused_without_the_permission_or_inside_a_thread(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(create_public_threads=True))
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush", "thread": True})
    assert it.original is not None and it.original.ephemeral
    assert "Create Public Threads" in it.original.text
    assert not fake.guild.threads and not d.rt.challenges
    fake.set_bot_permissions(fake.channel, allow=discord.Permissions(create_public_threads=True))
    inside = fake.add_thread(fake.channel, "chat")
    it = await fake.send_slash(
        alice, "tcg challenge", {"opponent": bob, "deck": "chrome-rush", "thread": True},
        channel=inside,
    )  # fmt: skip
    await d.settle_it(it)
    assert it.original is not None and it.original.ephemeral
    assert "only be opened in a text channel" in it.original.text
    assert [c.id for c in fake.guild.threads] == [inside.id] and not d.rt.challenges
    await bot.close()
