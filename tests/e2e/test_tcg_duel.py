"""A Cyberpunk TCG duel on Discord, end to end: challenge, setup, play, the end."""

from __future__ import annotations

import random
from pathlib import Path

from rules.tcg.codes import Phase
from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, play_out, start_challenge
from tests.fakediscord import FakeDiscord


async def _duel(fake: FakeDiscord, db: Path) -> Duelists:
    bot = await start_fixer(fake, db)
    users = [fake.add_user(n, guild=fake.guild) for n in ("alice", "bob")]
    d = Duelists(fake, bot, fake.channel, users)
    await start_challenge(d)
    return d


async def test_a_whole_duel_between_two_users(fake: FakeDiscord, db: Path) -> None:
    d = await _duel(fake, db)
    state = await d.state()
    assert state.phase is Phase.CHOOSE_FIRST
    board = d.last_public()
    assert "won the roll-off" in board.text, [
        m.text for m in fake.channel_messages(fake.channel, include_ephemeral=True)
    ]
    final = await play_out(d, random.Random(5))
    assert final.result is not None
    d.check_public(final)
    # The end is announced in a sentence, and status keeps saying it.
    ending = [m.text for m in fake.public_messages() if " wins" in m.text or "draw" in m.text]
    assert ending
    it = await d.slash(d.users[0], "status")
    assert it.original is not None and it.original.ephemeral
    assert " wins" in it.original.text or "draw" in it.original.text
    # The channel is free for a new duel.
    it = await d.slash(d.users[1], "challenge", {"opponent": d.users[0], "deck": "loaded-dice"})
    assert it.original is not None and not it.original.ephemeral
    await d.bot.close()


async def test_setup_chooser_then_mulligans_in_order(fake: FakeDiscord, db: Path) -> None:
    d = await _duel(fake, db)
    state = await d.state()
    chooser = d.user_of(state.seats[state.chooser].player)
    other = next(u for u in d.users if u is not chooser)
    # The other player can't answer the chooser's prompt.
    it = await d.slash(other, "choose", {"option": "first"})
    assert it.original is not None and it.original.ephemeral and "🚫" in it.original.text
    it = await d.slash(chooser, "choose", {"option": "first"})
    state = await d.state()
    assert state.phase is Phase.MULLIGAN and state.first == state.chooser
    # The starting player decides first: the second player's keep is refused.
    it = await d.slash(other, "keep")
    assert "🚫" in (it.original.text if it.original else "")
    assert (await d.state()).seats[1 - state.first].mulligan is None
    await d.slash(chooser, "mulligan")
    await d.slash(other, "keep")
    state = await d.state()
    assert state.seats[state.first].mulligan is True
    assert state.seats[1 - state.first].mulligan is False
    assert state.phase is not Phase.MULLIGAN
    assert all(len(s.hand) >= 6 for s in state.seats)
    await d.bot.close()


async def test_spectators_and_out_of_turn_are_refused(fake: FakeDiscord, db: Path) -> None:
    d = await _duel(fake, db)
    carol = fake.add_user("carol", guild=fake.guild)
    state = await d.state()
    version = state.version
    chooser = d.user_of(state.seats[state.chooser].player)
    other = next(u for u in d.users if u is not chooser)
    for user, cmd in ((carol, "end"), (carol, "concede"), (other, "end")):
        it = await d.slash(user, cmd)
        assert it.original is not None and it.original.ephemeral
        assert "🚫" in it.original.text
        # Why, then what to do (issue 12: "refusals … say why and what to do").
        lines = it.original.text.removeprefix("🚫 ").splitlines()
        assert len(lines) >= 2, it.original.text
        if user is carol:
            assert "You are not playing in this duel" in lines[0], it.original.text
    # A spectator's click on My hand and on a player's panel button: refused.
    board = d.last_public()
    hand = next(c for c in board.custom_ids if ":hand:" in c)
    it = await d.click(carol, board, hand)
    assert it.original is not None and it.original.ephemeral and "not playing" in it.original.text
    # The player not waited on gets a panel without action buttons.
    panel = await d.panel(other)
    assert not [c for c in panel.custom_ids if ":do:" in c]
    assert (await d.state()).version == version
    # Status for a spectator is the public board (no hand), ephemeral.
    it = await d.slash(carol, "status")
    assert it.original is not None and it.original.ephemeral and "to decide" in it.original.text
    await d.bot.close()


async def test_stale_and_double_clicks_change_nothing(fake: FakeDiscord, db: Path) -> None:
    d = await _duel(fake, db)
    state = await d.state()
    chooser = d.user_of(state.seats[state.chooser].player)
    panel = await d.panel(chooser)
    first = next(c for c in panel.custom_ids if ":do:" in c and c.endswith(":0"))
    await d.click(chooser, panel, first)
    after = await d.state()
    assert after.version == state.version + 1
    # The same button again (a double click, or an old panel): stale, nothing changes.
    it = await d.click(chooser, panel, first)
    texts = " ".join(m.text for m in it.messages) + (it.original.text if it.original else "")
    assert "out of date" in texts
    assert (await d.state()).version == after.version
    await d.bot.close()


async def test_decline_and_expiry(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob, carol = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob", "carol"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    msg = it.original
    assert msg is not None
    accept = next(c for c in msg.custom_ids if ":accept:" in c)
    # Only the challenged player accepts.
    click = await d.click(carol, msg, accept)
    assert click.original is not None and "Only the challenged" in click.original.text
    await d.slash(bob, "decline")
    assert not d.rt.challenges
    assert any("declined" in m.text for m in fake.public_messages())
    # A challenge expires by itself.
    d.rt.time_scale = 0.0001
    await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    await fake.wait_for(lambda: any("expired" in m.text for m in fake.public_messages()), 5)
    assert not d.rt.challenges
    await bot.close()


async def test_options_turn_timer_warns_then_runs_out(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    d.rt.time_scale = 0.02  # 60 s -> 1.2 s
    await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    carol = fake.add_user("carol", guild=fake.guild)
    refused = await d.slash(carol, "options", {"turn_timer": 60})
    assert refused.original is not None and "🚫" in refused.original.text
    await d.slash(alice, "options", {"turn_timer": 60, "reaction_timeout": 30})
    await d.slash(bob, "accept", {"deck": "Convoy"})  # a typed prefix of the deck's name
    d.cid = d.rt.table_of_channel[fake.channel.id]
    state = await d.state()
    assert state.options.turn_timer == 60 and state.options.reaction_timeout == 30
    chooser = d.user_of(state.seats[state.chooser].player)
    # The chooser is warned, then their time runs out: Fixer answers for them.
    await fake.wait_for(
        lambda: any("⏰" in m.text and str(chooser.id) in m.text for m in fake.public_messages()),
        5,
    )
    await fake.wait_for(
        lambda: any(f"{chooser.name}'s time ran out" in m.text for m in fake.public_messages()),
        5,
    )
    state = await d.state()
    assert state.phase is not Phase.CHOOSE_FIRST
    await bot.close()


async def test_dm_hands(fake: FakeDiscord, db: Path) -> None:
    d = await _duel(fake, db)
    state = await d.state()
    chooser = d.user_of(state.seats[state.chooser].player)
    # DM hands: opted in, the hand comes by DM when it changes (ephemeral elsewhere).
    await d.slash(chooser, "dm", {"enabled": True})
    await d.slash(chooser, "choose", {"option": "Go first"})  # typed: the option's label
    await fake.wait_for(lambda: any("Your hand" in m.text for m in fake.dms_to(chooser)), 5)
    assert not any("Your hand" in m.text for m in fake.public_messages())
    await d.bot.close()
