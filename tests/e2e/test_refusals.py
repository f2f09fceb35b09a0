"""Refusals are ephemeral, say why, and change nothing; autocomplete offers only legal moves."""

from __future__ import annotations

from pathlib import Path

import discord

from rules.legends.actions import Play
from rules.legends.legal import legal_actions
from tests.e2e.harness import Table, new_table, start_fixer
from tests.fakediscord import FakeDiscord, FakeInteraction


def refusal_text(it: FakeInteraction) -> str:
    msgs = [m for m in it.messages if m is not None]
    assert msgs, "no reply"
    reply = msgs[-1]
    assert reply.ephemeral, "a refusal must be ephemeral"
    return " ".join(reply.all_texts)


async def to_plan(t: Table) -> None:
    """Flip until the crew faces an Obstacle."""
    await t.play_out(until=lambda s: s.run is not None and s.run.phase == "plan")


async def test_refusals_leave_the_table_unchanged(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob, eve = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob", "eve"))
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "rocker"])

    # Stale and double clicks: the Flip button of the first board.
    flip_msg, flip_id = t.last_with("fx:legends:flip:")
    v0 = (await t.state()).version
    await t.click(bob, flip_msg, flip_id)  # not the Leader
    assert "Leader" in refusal_text(t.fake.interactions[-1])
    assert (await t.state()).version == v0
    await t.click(alice, flip_msg, flip_id)
    v1 = (await t.state()).version
    assert v1 == v0 + 1
    second = await t.click(alice, flip_msg, flip_id)  # the same button again: stale
    assert "older state" in refusal_text(second) or "out of date" in refusal_text(second)
    assert (await t.state()).version == v1

    await to_plan(t)
    state = await t.state()
    run = state.run
    assert run is not None and run.turn is not None
    on_turn = state.runners[run.turn].player
    other = bob if str(alice.id) == on_turn else alice
    me = alice if other is bob else bob
    v = state.version

    # Out of turn: refused with the engine's reason.
    other_card = run.zones[
        [i for i, r in enumerate(state.runners) if r.player == str(other.id)][0]
    ].hand[0]
    it = await t.slash(other, "play", {"card": other_card})
    assert "turn" in refusal_text(it)
    # An unknown card, and a card that is someone else's.
    it = await t.slash(me, "play", {"card": "The Ace of Spades"})
    assert "not in your hand" in refusal_text(it)
    it = await t.slash(me, "play", {"card": other_card})
    assert "not in your hand" in refusal_text(it)
    # A non-player: slash commands and buttons.
    it = await t.slash(eve, "play", {"card": other_card})
    assert "not seated" in refusal_text(it)
    it = await t.slash(eve, "hand")
    assert "not seated" in refusal_text(it)
    msg, hand_id = t.last_with("fx:legends:hand:")
    it = await t.click(eve, msg, hand_id)
    assert "not seated" in refusal_text(it)
    msg, play_id = t.last_with("fx:legends:pl:")
    it = await t.click(eve, msg, play_id)
    assert "not seated" in refusal_text(it)
    # Managing: only the owner or a channel manager.
    it = await t.slash(bob, "abandon")
    assert "owner" in refusal_text(it)
    it = await t.slash(eve, "options", {"table_talk": "off"})
    assert "owner" in refusal_text(it)
    it = await t.slash(me, "choose", {"option": "Z"})
    assert refusal_text(it)
    assert (await t.state()).version == v

    # A double click on a play button of the ephemeral panel: the first plays, the
    # second (from a client still showing the old panel) is refused as stale.
    panel = await t.panel(me)
    play_id = next(c for c in panel.custom_ids if c.startswith("fx:legends:play:"))
    await t.click(me, panel, play_id)
    v2 = (await t.state()).version
    assert v2 > v
    again = await t.click(me, panel, play_id, stale=True)
    assert "older state" in refusal_text(again)
    assert (await t.state()).version == v2

    # Nothing hidden went public, and every refusal above was ephemeral.
    t.assert_no_public_leak()


async def test_autocomplete_offers_only_legal_choices(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    carol = fake.add_user("carol", guild=fake.guild)
    t = Table(fake=fake, bot=bot, channel=fake.channel, users=[alice, bob])
    await t.slash(alice, "new")
    t.cid = bot.runtime("legends").table_of_channel[fake.channel.id]
    it = await fake.autocomplete(alice, "legends join", {"role": ""}, focused="role")
    await it.response()
    assert {c["value"] for c in it.choices} == {"solo", "netrunner", "rocker", "nomad"}
    await t.slash(alice, "join", {"role": "solo"})
    it = await fake.autocomplete(bob, "legends join", {"role": ""}, focused="role")
    await it.response()
    assert "solo" not in {c["value"] for c in it.choices}
    # A merc only for a runner alone: none for bob now that alice sits.
    it = await fake.autocomplete(bob, "legends join", {"role": "nomad", "merc": ""}, focused="merc")
    await it.response()
    assert it.choices == []
    await t.slash(bob, "join", {"role": "nomad"})
    await t.slash(alice, "start")
    t.listen()
    await to_plan(t)
    state = await t.state()
    assert state.run is not None and state.run.turn is not None
    on_turn = state.runners[state.run.turn].player
    for user in (alice, bob, carol):
        it = await fake.autocomplete(user, "legends play", {"card": ""}, focused="card")
        cb = await it.response()
        assert cb.type == 8 and len(it.choices) <= 25
        legal = {
            a.card for a in legal_actions(state, str(user.id), t.content) if isinstance(a, Play)
        }
        assert {c["value"] for c in it.choices} == legal
        if str(user.id) != on_turn:
            assert it.choices == []
        else:
            assert legal
    # Typing filters by name.
    me = t.user(on_turn)
    it = await fake.autocomplete(me, "legends play", {"card": "zzzz"}, focused="card")
    await it.response()
    assert it.choices == []
    # Discarding is not legal now.
    it = await fake.autocomplete(me, "legends discard", {"card": ""}, focused="card")
    await it.response()
    assert it.choices == []


async def test_a_channel_manager_may_manage(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    mod_role = fake.add_role(
        fake.guild, "mods", permissions=discord.Permissions(manage_channels=True)
    )
    mod = fake.add_user("mod", guild=fake.guild, roles=[mod_role])
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="nomad", start=False)
    it = await t.slash(mod, "start")
    assert it.callback is not None and it.callback.ephemeral
    assert (await t.state()).run is not None
    await t.slash(mod, "abandon")
    state = await t.state()
    assert state.run is None and state.history[-1].outcome == "abandoned"
    assert any("abandoned" in x for x in t.boards()[-1].all_texts)
