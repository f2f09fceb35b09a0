"""Two games in one house: a Legends campaign and a toy-game table (tests/e2e/toygame, a
second discord.py extension loaded from the registry) share one channel and one
database. After a restart each game binds and resumes only its own table, and a button
of each — including a Legends button posted before ids carried the game — reaches its
own game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

from bot import games
from tests.e2e.harness import finish, new_table, settle, start_fixer
from tests.e2e.toygame.plugin import register_toy
from tests.fakediscord import FakeDiscord, FakeMessage


@pytest.fixture
def with_toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register_toy(monkeypatch)
    yield


def last_with(fake: FakeDiscord, prefix: str) -> tuple[FakeMessage, str]:
    for m in reversed(fake.channel_messages(fake.channel)):
        if m.author is fake.bot_user and not m.ephemeral:
            for cid in m.custom_ids:
                if cid.startswith(prefix):
                    return m, cid
    raise LookupError(prefix)


async def test_two_games_share_a_channel_and_each_resumes_only_its_own(
    fake: FakeDiscord, db: Path, with_toy: None
) -> None:
    bot = await start_fixer(fake, db)
    assert set(bot.house.runtimes) == {"legends", "tcg", "toy"}
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"])
    # The toy table in the same channel: Legends' campaign does not stand in its way.
    for user, command in ((alice, "toy new"), (bob, "toy join")):
        it = await fake.send_slash(user, command, {}, channel=fake.channel)
        await finish(it)
        await settle(fake, bot)
        assert it.callback is not None and "✓" in (it.original.text if it.original else "")
    toy_cid = bot.runtime("toy").table_of_channel[fake.channel.id]
    assert bot.runtime("legends").table_of_channel[fake.channel.id] == t.cid != toy_cid
    await bot.close()

    bot2 = await start_fixer(fake, db)
    legends, toy = bot2.runtime("legends"), bot2.runtime("toy")
    t.bot = bot2
    # Each game bound only its own table (the same channel for both).
    assert legends.table_of_channel == {fake.channel.id: t.cid}
    assert legends.channel_of_table == {t.cid: fake.channel.id}
    assert toy.table_of_channel == {fake.channel.id: toy_cid}
    assert toy.channel_of_table == {toy_cid: fake.channel.id}
    legends_before = await legends.service.get(t.cid)
    toy_before = await toy.service.get(toy_cid)

    # The toy board's button, posted before the restart, bumps the toy table only.
    board, bump = last_with(fake, "fx:toy:bump:")
    it = await fake.click_button(bob, board, bump)
    await finish(it)
    await settle(fake, bot2)
    toy_after = await toy.service.get(toy_cid)
    assert toy_after.counter == toy_before.counter + 1
    assert await legends.service.get(t.cid) == legends_before

    # Legends' Flip, posted before the restart, flips the Legends run only.
    board, flip = t.last_with("fx:legends:flip:")
    assert legends_before.run is not None
    leader = t.user(legends_before.runners[legends_before.run.leader].player)
    await t.click(leader, board, flip)
    assert (await legends.service.get(t.cid)).version > legends_before.version
    assert await toy.service.get(toy_cid) == toy_after

    # A Legends button in the format of before ids carried the game: still Legends'.
    state = await legends.service.get(t.cid)
    channel = bot2.get_channel(fake.channel.id)
    assert isinstance(channel, discord.TextChannel)
    old = discord.ui.View(timeout=None)
    old.add_item(discord.ui.Button(label="My hand", custom_id=f"fx:hand:{t.cid}:{state.version}"))
    old.stop()  # as Fixer's own views: dispatched by the DynamicItem router alone
    await channel.send("A board from an older Fixer", view=old)
    await settle(fake, bot2)
    message, hand = last_with(fake, "fx:hand:")
    it = await t.click(bob, message, hand)
    panel = it.original
    assert panel is not None and panel.ephemeral and panel.visible_to == bob.id
    # The same panel as today's "My hand" button gives.
    board, current = t.last_with("fx:legends:hand:")
    it = await t.click(bob, board, current)
    assert it.original is not None and it.original.ephemeral
    assert panel.text == it.original.text and "hand" in panel.text.lower()
    assert panel.custom_ids == it.original.custom_ids
    assert await toy.service.get(toy_cid) == toy_after


async def test_a_button_of_a_game_this_build_lacks_is_refused_and_changes_nothing(
    fake: FakeDiscord, db: Path, with_toy: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    it = await fake.send_slash(alice, "toy new", {}, channel=fake.channel)
    await finish(it)
    await settle(fake, bot)
    toy_cid = bot.runtime("toy").table_of_channel[fake.channel.id]
    await bot.close()
    # The next build has no toy game: its table is kept, never opened, and its button
    # gets a refusal instead of reaching another game.
    monkeypatch.delitem(games.GAMES, "toy")
    bot2 = await start_fixer(fake, db)
    assert set(bot2.house.runtimes) == {"legends", "tcg"}
    assert bot2.runtime("legends").table_of_channel == {}
    board, bump = last_with(fake, "fx:toy:bump:")
    it = await fake.click_button(alice, board, bump)
    await finish(it)
    await settle(fake, bot2)
    reply = it.original
    assert reply is not None and reply.ephemeral
    assert "game this Fixer does not run" in reply.text
    info = await bot2.runtime("legends").service.info(toy_cid)
    assert info is not None and info.game == "toy" and info.status == "active"


async def test_the_house_timers_serve_a_second_game(
    fake: FakeDiscord, db: Path, with_toy: None
) -> None:
    # The toy game's policy: once two are seated, remind the player whose turn it is.
    # The plumbing (deadlines kept in the preferences, reminders numbered, mentions) is
    # the house's, the same Legends' vote and turn timers use.
    bot = await start_fixer(fake, db)
    toy = bot.runtime("toy")
    toy.time_scale = 0.001  # 600 s become 0.6 s
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    for user, command in ((alice, "toy new"), (alice, "toy join"), (bob, "toy join")):
        it = await fake.send_slash(user, command, {}, channel=fake.channel)
        await finish(it)
        await settle(fake, bot)
    cid = toy.table_of_channel[fake.channel.id]
    assert toy.prefs.turns[cid][2] == 1  # the first reminder is due, and kept

    def reminders() -> list[FakeMessage]:
        return [m for m in fake.channel_messages(fake.channel) if "Toy reminder" in m.text]

    await fake.wait_for(lambda: len(reminders()) >= 2, timeout=10, what="two reminders")
    first, second = reminders()[:2]
    assert first.text.startswith(f"⏰ Toy reminder 1: <@{alice.id}>")
    assert second.text.startswith(f"⏰ Toy reminder 2: <@{alice.id}>")
    assert all(bob.mention not in m.text for m in reminders())
    # Legends has no campaign here, and nothing of Legends was timed.
    assert bot.runtime("legends").table_of_channel == {}
    assert set(toy.prefs.turns) == {cid}
