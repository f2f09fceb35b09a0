"""Open challenges survive a restart: stored in the database, their Accept / Decline
buttons work on the new bot, their table options are kept, and their expiry still fires
(at the time it was set, also when it passed while Fixer was away)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, tcg
from tests.fakediscord import FakeDiscord, FakeMessage


async def _challenge(
    fake: FakeDiscord, db: Path, scale: float = 1.0
) -> tuple[Duelists, FakeMessage]:
    bot = await start_fixer(fake, db)
    tcg(bot).time_scale = scale
    users = [fake.add_user(n, guild=fake.guild) for n in ("alice", "bob")]
    d = Duelists(fake, bot, fake.channel, users)
    it = await d.slash(users[0], "challenge", {"opponent": users[1], "deck": "chrome-rush"})
    assert it.original is not None and not it.original.ephemeral
    return d, it.original


def _expired(fake: FakeDiscord) -> bool:
    return any("challenge to bob expired" in m.text for m in fake.public_messages())


async def test_a_challenge_and_its_buttons_survive_a_restart(fake: FakeDiscord, db: Path) -> None:
    d, msg = await _challenge(fake, db)
    alice, bob = d.users
    await d.slash(alice, "options", {"reaction_timeout": 30})
    await d.bot.close()
    d.bot = await start_fixer(fake, db)
    rt = tcg(d.bot)
    assert fake.channel.id in rt.challenges  # read back from the database
    # A second challenge in the channel is still refused: the first one is open.
    it = await d.slash(bob, "challenge", {"opponent": alice, "deck": "convoy-wall"})
    assert it.original is not None and "already has an open challenge" in it.original.text
    # The old message's Accept works on the new bot.
    accept = next(c for c in msg.custom_ids if ":accept:" in c)
    click = await d.click(bob, msg, accept)
    picker = click.original or click.followups[-1]
    assert picker.ephemeral
    deck = next(c for c in picker.custom_ids if c.endswith(":convoy-wall"))
    await d.click(bob, picker, deck)
    d.cid = rt.table_of_channel[fake.channel.id]
    state = await d.state()
    assert state.options.reaction_timeout == 30  # the options set before the restart
    assert state.seats[0].deck_id == "chrome-rush" and state.seats[1].deck_id == "convoy-wall"
    await d.bot.close()
    # Answered: gone from the database too; a restart brings nothing back.
    d.bot = await start_fixer(fake, db)
    assert not tcg(d.bot).challenges
    await d.bot.close()


async def test_a_declined_challenge_stays_declined_after_a_restart(
    fake: FakeDiscord, db: Path
) -> None:
    d, msg = await _challenge(fake, db)
    _, bob = d.users
    decline = next(c for c in msg.custom_ids if ":decline:" in c)
    await d.click(bob, msg, decline)
    await d.bot.close()
    d.bot = await start_fixer(fake, db)
    assert not tcg(d.bot).challenges
    it = await d.click(bob, msg, next(c for c in msg.custom_ids if ":accept:" in c))
    assert "This challenge is over" in (it.original or it.followups[-1]).text
    await d.bot.close()


async def test_the_expiry_fires_after_a_restart(fake: FakeDiscord, db: Path) -> None:
    # 10 minutes scaled to 1.5 s, from when the challenge was made.
    d, msg = await _challenge(fake, db, scale=0.0025)
    await d.bot.close()
    assert not _expired(fake)
    d.bot = await start_fixer(fake, db)
    await fake.wait_for(lambda: _expired(fake), 5)
    assert not tcg(d.bot).challenges
    it = await d.click(d.users[1], msg, next(c for c in msg.custom_ids if ":accept:" in c))
    assert "This challenge is over" in (it.original or it.followups[-1]).text
    await d.bot.close()


async def test_a_challenge_that_expired_while_fixer_was_away(fake: FakeDiscord, db: Path) -> None:
    d, _ = await _challenge(fake, db, scale=0.001)  # 0.6 s
    await d.bot.close()
    await asyncio.sleep(0.8)
    assert not _expired(fake)
    d.bot = await start_fixer(fake, db)
    await fake.wait_for(lambda: _expired(fake), 5)  # at once, with the usual notice
    assert not tcg(d.bot).challenges
    await d.bot.close()


async def test_a_deck_past_the_buttons_is_picked_from_the_menu(fake: FakeDiscord, db: Path) -> None:
    from cogs.tcg import decks as player_decks

    d, msg = await _challenge(fake, db)
    _, bob = d.users
    rt = tcg(d.bot)
    base = rt.content.decks["convoy-wall"]
    for n in range(24):  # with the preconstructed ones, more than 25 decks
        await player_decks.save(
            rt.service.store, str(bob.id), player_decks.named(f"wall-{n}", f"Wall {n:02d}", base)
        )
    click = await d.click(bob, msg, next(c for c in msg.custom_ids if ":accept:" in c))
    picker = click.original or click.followups[-1]
    rows = [c for row in picker.components for c in row["components"]]
    assert sum(c["type"] == 2 for c in rows) == 20
    menu = next(c for c in rows if c["type"] == 3)
    last = menu["options"][-1]["value"]
    it = await d.settle_it(await fake.select(bob, picker, menu["custom_id"], [last]))
    assert it.original is not None or it.followups
    d.cid = rt.table_of_channel[fake.channel.id]
    state = await d.state()
    expected = await player_decks.find(rt.service.store, rt.content, str(bob.id), last)
    assert expected is not None and state.seats[1].deck_id == expected.id
    await d.bot.close()


async def test_a_long_expired_challenge_is_dropped_unannounced(fake: FakeDiscord, db: Path) -> None:
    """A database restored (or saved items imported) long after: no stale notice."""
    d, _ = await _challenge(fake, db)
    rt = tcg(d.bot)
    ch = rt.challenges[fake.channel.id]
    ch.expires -= 3 * 3600  # made hours ago
    await rt.save_challenge(ch)
    await d.bot.close()
    d.bot = await start_fixer(fake, db)
    await asyncio.sleep(0.3)
    assert not tcg(d.bot).challenges and not _expired(fake)
    await d.bot.close()
    d.bot = await start_fixer(fake, db)  # and it is gone from the database
    assert not tcg(d.bot).challenges
    await d.bot.close()
