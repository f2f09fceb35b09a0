"""A campaign's life in its own channel: options, vote and turn timers, the shop between
runs, clues, rules, leaving; and `python -m bot sync` against the fake."""

from __future__ import annotations

from pathlib import Path

import discord

from bot.app import _sync
from bot.config import Settings
from tests.e2e.harness import Table, settle, start_fixer
from tests.fakediscord import FakeDiscord


async def test_campaign_in_a_new_channel_with_timers_and_shop(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    bot.runtime("legends").time_scale = 0.001  # minutes become milliseconds
    alice = fake.add_user("alice", guild=fake.guild)
    it = await fake.send_slash(alice, "legends new", {"name": "Night Crew", "create_channel": True})
    await it.response()
    (reply,) = await it.wait_followups(1)
    channel = fake.guild.channel("night-crew")
    assert reply.ephemeral and channel.mention in reply.content
    t = Table(fake=fake, bot=bot, channel=channel, users=[alice])
    await settle(fake, bot)
    t.cid = bot.runtime("legends").table_of_channel[channel.id]
    t.listen()
    assert "Night Crew" in t.boards()[0].content
    # A command in the old channel finds no campaign there.
    it = await fake.send_slash(alice, "legends status", {})
    await it.response()
    assert it.callback is not None and it.callback.ephemeral

    await t.slash(alice, "join", {"role": "solo", "merc": "nomad"})
    it = await t.slash(alice, "options")
    assert "table_talk" in it.messages[-1].content and it.messages[-1].ephemeral
    await t.slash(alice, "options", {"vote_seconds": 600, "turn_timer": 60})
    assert (await t.state()).options.turn_timer == 60
    await t.slash(alice, "start")

    # The scene vote: nobody votes; the timer closes it (as "system").
    state = await t.play_out(until=lambda s: s.run is not None and s.run.phase == "vote")
    assert state.run is not None
    await fake.wait_for(
        lambda: any("The crew chose" in x for m in t.boards() for x in m.all_texts), timeout=5
    )
    # Nobody acts: the turn timer reminds the people the table waits on.
    await fake.wait_for(
        lambda: any("Reminder" in m.content and alice.mention in m.content for m in t.boards()),
        timeout=5,
    )
    await t.slash(alice, "options", {"turn_timer": 0})
    state = await t.play_out(seed=9)
    assert state.run is None
    reminders = sum("Reminder" in m.content for m in t.boards())
    assert 1 <= reminders <= 3 * 4  # a few, not a flood

    # Between runs: deck, shop, buy, remove, clues, memory, rules, solve.
    it = await t.slash(alice, "deck")
    assert it.messages[-1].ephemeral and "Eddies" in " ".join(it.messages[-1].all_texts)
    it = await t.slash(alice, "shop")
    shop = it.messages[-1]
    assert shop.ephemeral and "Upgrade Pool" in " ".join(shop.all_texts)
    eddies = next(r.eddies for r in state.runners if not r.is_merc)
    ac = await fake.autocomplete(
        alice, "legends buy", {"card": ""}, focused="card", channel=channel
    )
    await ac.response()
    affordable = [c for c in ac.choices if not c["value"].startswith("merc|")]
    buy_ids = [
        c for c in shop.custom_ids if c.startswith("fx:legends:buy:") and not c.endswith(":m")
    ]
    assert len(buy_ids) == len(affordable)
    deck_before = len((await t.state()).runners[0].deck)
    assert affordable  # this seed completes the run: 7 Eddies
    if affordable:  # a shop button buys; the panel then says what was bought
        await t.click(alice, shop, buy_ids[0])
        after = await t.state()
        assert len(after.runners[0].deck) == deck_before + 1
        assert after.runners[0].eddies < eddies
        assert shop.content.startswith("✓ You bought") and not shop.custom_ids
    it = await t.slash(alice, "buy", {"card": "no-such-card"})
    assert it.messages[-1].ephemeral and "no such card" in " ".join(it.messages[-1].all_texts)
    ac = await fake.autocomplete(
        alice, "legends remove", {"card": ""}, focused="card", channel=channel
    )
    await ac.response()
    own = [c for c in ac.choices if not c["value"].startswith("merc|")]
    assert own
    size = len((await t.state()).runners[0].deck)
    await t.slash(alice, "remove", {"card": own[0]["value"]})
    assert len((await t.state()).runners[0].deck) == size - 1
    it = await t.slash(alice, "clues")
    assert it.callback is not None and it.original is not None
    assert not it.callback.ephemeral and "Clues" in " ".join(it.original.all_texts)
    it = await t.slash(alice, "memory")
    assert it.callback is not None and not it.callback.ephemeral
    ac = await fake.autocomplete(
        alice, "legends rules", {"topic": "tal"}, focused="topic", channel=channel
    )
    await ac.response()
    assert [c["value"] for c in ac.choices] == ["table_talk"]
    it = await t.slash(alice, "rules", {"topic": "table_talk"})
    assert it.callback is not None and it.original is not None
    assert it.callback.ephemeral and "hand" in " ".join(it.original.all_texts)
    it = await t.slash(alice, "solve", {"answer": "definitely wrong"})
    assert it.messages[-1].ephemeral
    await t.slash(alice, "leave")
    assert (await t.state()).runners == ()
    t.assert_no_public_leak()


async def test_create_channel_needs_manage_channels(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    fake.set_role_permissions(
        fake.guild.bot_role,
        discord.Permissions(
            view_channel=True, send_messages=True, embed_links=True, read_message_history=True
        ),
    )
    await fake.idle(0.05)
    it = await fake.send_slash(alice, "legends new", {"create_channel": True})
    cb = await it.response()
    assert cb.ephemeral and cb.message is not None
    assert "Manage Channels" in " ".join(cb.message.all_texts)
    assert not fake.calls_to("POST", "/guilds/{guild_id}/channels")
    assert bot.runtime("legends").table_of_channel == {}


async def test_sync_registers_the_commands(fake: FakeDiscord, db: Path) -> None:
    settings = Settings(token=fake.token, database=db, dev_guild=fake.guild.id)
    assert await _sync(settings, fake.token) == 0
    ((scope, payload),) = fake.command_syncs
    assert scope == fake.guild.id
    by_name = {c["name"]: c for c in payload}
    assert set(by_name) == {"legends", "tcg"}  # every game with a Discord front end
    legends = by_name["legends"]
    subs = {o["name"]: o for o in legends["options"]}
    assert set(subs) == {
        "new",
        "join",
        "leave",
        "start",
        "flip",
        "hand",
        "play",
        "choose",
        "discard",
        "ready",
        "status",
        "clues",
        "memory",
        "solve",
        "deck",
        "shop",
        "buy",
        "remove",
        "options",
        "abandon",
        "rules",
        "dm",
        "move",
    }
    opts = {o["name"] for o in subs["options"]["options"]}
    assert {
        "table_talk",
        "ace_low",
        "one_rank_per_card",
        "assign_damage",
        "loose_or_better_suits",
        "turn_timer",
    } <= opts
    assert {o["name"] for o in subs["play"]["options"]} == {"card", "merc"}
    assert next(o for o in subs["play"]["options"] if o["name"] == "card")["autocomplete"]
