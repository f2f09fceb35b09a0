"""Hands by DM (`/legends dm`): sent when they change, playable from the DM, best effort."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.harness import new_table, settle, start_fixer
from tests.fakediscord import FakeDiscord


async def test_dm_hands_and_buttons_outside_the_guild(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    shut = fake.add_user("shut", guild=fake.guild, dms_open=False)
    t = await new_table(
        fake, bot, [alice, bob, shut], roles=["solo", "netrunner", "rocker"], start=False
    )
    it = await t.slash(alice, "dm", {"enabled": True})
    assert "DM you" in it.messages[-1].content and it.messages[-1].ephemeral
    assert "here whenever it changes" in fake.dms_to(alice)[0].content
    # Closed DMs: said once, right away, and nothing blocks.
    it = await t.slash(shut, "dm", {"enabled": True})
    assert "closed" in it.messages[-1].text and it.messages[-1].ephemeral
    await t.slash(alice, "start")
    dms = fake.dms_to(alice)
    assert len(dms) == 2
    hand = dms[-1]
    run = (await t.state()).run
    assert run is not None
    names = {t.content.cards[run.cards[i]].name for i in run.zones[0].hand}
    assert all(n in " ".join(hand.all_texts) for n in names)
    assert any(c.startswith("fx:legends:flip:") for c in hand.custom_ids)  # alice leads

    # Flip from the DM: the button carries the table.
    flip = next(c for c in hand.custom_ids if c.startswith("fx:legends:flip:"))
    v = (await t.state()).version
    click = await t.click(alice, hand, flip)
    assert "user" in click.payload and "member" not in click.payload
    assert (await t.state()).version == v + 1
    assert hand.custom_ids and all(f":{v + 1}" in c for c in hand.custom_ids)  # in place
    # Keep flipping from the newest DM until alice may play, then play from the DM.
    for _ in range(6):
        state = await t.state()
        if state.run is not None and state.run.phase == "plan":
            break
        latest = fake.dms_to(alice)[-1]
        cid = next(c for c in latest.custom_ids if c.startswith("fx:legends:flip:"))
        await t.click(alice, latest, cid)
    state = await t.state()
    assert state.run is not None and state.run.phase == "plan"
    latest = fake.dms_to(alice)[-1]
    play = next(c for c in latest.custom_ids if c.startswith("fx:legends:play:"))
    await t.click(alice, latest, play)
    state = await t.state()
    assert state.run is not None and state.run.plan  # played
    played = play.split(":")[5]
    assert all(played not in c for c in fake.dms_to(alice)[-1].custom_ids)  # updated
    assert fake.dms_to(shut) == []

    # Bob opts in, then closes his DMs: reported once in the channel, never blocking.
    await t.slash(bob, "dm", {"enabled": True})
    bob.dms_open = False
    await t.play_out(seed=5, until=lambda s: s.version >= state.version + 12)
    notices = [m for m in t.boards() if "can't send you DMs" in m.content]
    assert len(notices) == 1 and bob.mention in notices[0].content
    await settle(fake, bot)
    t.assert_no_public_leak()
    # Every hand went to its owner only: DMs to alice/bob, ephemeral replies.
    for m in fake.messages.values():
        if m.author is fake.bot_user and any("Your hand" in x for x in m.all_texts):
            assert m.ephemeral or m.channel.guild is None
