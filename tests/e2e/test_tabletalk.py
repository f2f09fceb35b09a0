"""The table-talk rule (R14) on the campaign channel: delete / warn / off, permissions,
intents, edits, innocent words, and never a card named in public."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.e2e.harness import Table, new_table, settle, start_fixer
from tests.fakediscord import FakeDiscord, FakeMessage, FakeUser


async def hand_names(t: Table, user: FakeUser) -> list[str]:
    state = await t.state()
    assert state.run is not None
    out = []
    for seat, r in enumerate(state.runners):
        if r.player == str(user.id) and seat in state.run.zones:
            out += [t.content.cards[state.run.cards[i]].name for i in state.run.zones[seat].hand]
    return out


async def say(t: Table, user: FakeUser, text: str) -> FakeMessage:
    msg = await t.fake.post_message(user, t.channel, text)
    await settle(t.fake, t.bot)
    return msg


async def test_delete_warn_off_and_innocent_words(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob, eve = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob", "eve"))
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"])
    mine = await hand_names(t, alice)
    bobs = [n for n in await hand_names(t, bob) if n not in mine]
    card = mine[0]

    innocent = [
        await say(t, alice, text)
        for text in (
            "I have a plan to go too",
            "waiting for you, we won",
            "feeling regal today",
            "heavy artillery time, team",
        )
    ]
    if bobs:  # a card in someone else's hand is not the author's secret
        innocent.append(await say(t, alice, f"does anyone have {bobs[0]}?"))
    innocent.append(await say(t, eve, f"spectator says {card}"))  # not seated
    bad = await say(t, alice, f"I'm holding {card.upper()} right now")
    await fake.wait_for(lambda: bad.deleted)
    assert bad.deleted_by == fake.bot_user.id
    assert not any(m.deleted for m in innocent)
    # The author learns privately which card; the channel never does.
    (dm,) = fake.dms_to(alice)
    assert card in dm.content and "deleted" in dm.content
    for m in fake.public_messages():
        assert all(card not in x for x in m.all_texts)

    # An edit that names a card is caught too.
    edited = innocent[0]
    await fake.edit_message(edited, f"actually: {card}")
    await settle(fake, bot)
    await fake.wait_for(lambda: edited.deleted)
    assert "edited" in fake.dms_to(alice)[-1].content

    # warn keeps the message; off ignores it.
    await t.slash(alice, "options", {"table_talk": "warn"})
    kept = await say(t, alice, f"{card}!")
    await fake.wait_for(lambda: len(fake.dms_to(alice)) == 3)
    assert not kept.deleted and "breaks the rule" in fake.dms_to(alice)[-1].content
    await t.slash(alice, "options", {"table_talk": "off"})
    ignored = await say(t, alice, f"{card}!!")
    await fake.idle(0.05)
    assert not ignored.deleted and len(fake.dms_to(alice)) == 3
    t.assert_no_public_leak()


async def test_without_manage_messages_or_dms(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    owner = fake.add_user("owner", guild=fake.guild)
    shy = fake.add_user("shy", guild=fake.guild, dms_open=False)
    t = await new_table(fake, bot, [owner, shy], roles=["solo", "rocker"])
    card = (await hand_names(t, shy))[0]

    # Closed DMs: deleted anyway, and a public notice that names the rule, not the card.
    bad = await say(t, shy, f"{card} is ready")
    await fake.wait_for(lambda: bad.deleted)
    notice = t.boards()[-1]
    assert "table-talk" in notice.content and shy.mention in notice.content
    assert card not in notice.content

    # No Manage Messages: the message stays, the owner is told once what is missing.
    fake.set_bot_permissions(t.channel, deny=discord.Permissions(manage_messages=True))
    await fake.idle(0.05)
    card2 = (await hand_names(t, owner))[0]
    kept = await say(t, owner, f"{card2} time")
    await fake.wait_for(lambda: any("Manage Messages" in m.content for m in fake.dms_to(owner)))
    assert not kept.deleted
    assert any(card2 in m.content for m in fake.dms_to(owner))  # the private warning
    kept2 = await say(t, owner, f"again {card2}")
    await settle(fake, bot)
    assert not kept2.deleted
    assert sum("Manage Messages" in m.content for m in fake.dms_to(owner)) == 1
    t.assert_no_public_leak()


async def test_missing_message_content_intent_is_reported(fake: FakeDiscord, db: Path) -> None:
    await start_fixer(fake, db, message_content=False)
    alice = fake.add_user("alice", guild=fake.guild)
    it = await fake.send_slash(alice, "legends new", {})
    await it.response()
    (reply,) = await it.wait_followups(1)
    assert reply.ephemeral and "Message Content" in reply.content
    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(manage_messages=True))
    await fake.idle(0.05)
    it = await fake.send_slash(alice, "legends options", {"table_talk": "delete"})
    await it.response()
    await fake.wait_for(lambda: it.messages and it.messages[-1] is not None)
    assert "Manage Messages" in it.messages[-1].content
