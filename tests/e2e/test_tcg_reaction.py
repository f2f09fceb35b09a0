"""The reaction window on Discord (T10): the same public line and private prompt for
every attack, a block and a QUICK card through `/tcg react`, the timeout, a restart
while the window is open, and only the defender reacting."""

from __future__ import annotations

import asyncio
from pathlib import Path

from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side
from tests.e2e.harness import settle, start_fixer
from tests.e2e.tcg_harness import Duelists, position
from tests.fakediscord import FakeDiscord

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
DECK = ["alley-cutter"] * 8


async def _position(
    fake: FakeDiscord, db: Path, *, defender_has: bool = True, reaction_timeout: int = 60
) -> Duelists:
    return await position(
        fake,
        db,
        Side(field=["alley-cutter"], legends=LEGENDS, deck=DECK, gigs=["d6:3"]),
        Side(
            field=["ice-sentinel"] if defender_has else [],
            hand=["short-circuit"] if defender_has else [],
            eddies=2 if defender_has else 0,
            legends=LEGENDS,
            deck=DECK,
            gigs=["d8:5", "d4:2"],
        ),
        options=TcgOptions(reaction_timeout=reaction_timeout),
    )


async def _attack(d: Duelists) -> None:
    alice = d.users[0]
    it = await d.slash(alice, "attack", {"unit": "Alley Cutter"})
    assert it.original is not None and it.original.ephemeral
    state = await d.state()
    assert state.attack is not None and state.attack.window


async def test_block_and_quick_through_react_commands(fake: FakeDiscord, db: Path) -> None:
    d = await _position(fake, db)
    alice, bob = d.users
    carol = fake.add_user("carol", guild=fake.guild)
    await _attack(d)
    line = d.last_public()
    assert "bob, react" in line.text and "React" in line.text
    react = next(c for c in line.custom_ids if ":react:" in c)
    # Anyone but the defender is refused, the attacker included.
    for user in (alice, carol):
        it = await d.click(user, line, react)
        assert it.original is not None and it.original.ephemeral
        assert "not yours" in it.original.text
    it = await d.click(bob, line, react)
    prompt = it.original
    assert prompt is not None and prompt.ephemeral
    assert "Block with ICE Sentinel" in prompt.text and "Pass" in prompt.text
    assert "Short Circuit" in prompt.text
    # The attacker is offered nothing during the window.
    it = await d.slash(alice, "end")
    assert it.original is not None and "🚫" in it.original.text
    # A QUICK card, then its target if it asks, then the block.
    before = (await d.state()).version
    it = await d.slash(bob, "react quick", {"card": "Short Circuit"})
    await d.pay_if_asked(bob, it)  # T27: Eddies or a face-down Legend pay
    state = await d.state()
    assert state.version > before
    while state.prompt is not None:
        option = state.prompt.options[0].key
        await d.slash(bob, "choose", {"option": option})
        state = await d.state()
    # The window stays open after a QUICK card (T10): the block comes next.
    assert state.attack is not None and state.attack.window
    it = await d.slash(bob, "react block", {"unit": "ICE Sentinel"})
    state = await d.state()
    assert state.attack is None or state.attack.redirected
    assert any(
        "block" in m.text.lower() and "ICE Sentinel" in m.text for m in fake.public_messages()
    )
    assert any("Short Circuit" in m.text for m in fake.public_messages())
    await d.bot.close()


async def test_same_public_prompt_when_the_defender_holds_nothing(
    fake: FakeDiscord, db: Path
) -> None:
    d = await _position(fake, db, defender_has=False)
    _, bob = d.users
    await _attack(d)
    line = d.last_public()
    assert "bob, react" in line.text and "React" in line.text
    react = next(c for c in line.custom_ids if ":react:" in c)
    it = await d.click(bob, line, react)
    assert it.original is not None and it.original.ephemeral
    assert "Pass" in it.original.text and "Block" not in it.original.text
    await d.slash(bob, "react pass")
    state = await d.state()
    assert state.attack is None or not state.attack.window
    await d.bot.close()


async def test_the_window_times_out(fake: FakeDiscord, db: Path) -> None:
    d = await _position(fake, db, reaction_timeout=5)
    d.rt.time_scale = 0.01  # 5 s -> 50 ms
    await _attack(d)

    async def closed() -> bool:
        s = await d.state()
        return s.attack is None or not s.attack.window

    for _ in range(200):
        if await closed():
            break
        await asyncio.sleep(0.02)
    assert await closed()
    await settle(fake, d.bot)
    assert any("bob passes" in m.text for m in fake.public_messages())
    await d.bot.close()


async def test_a_restart_mid_window_keeps_the_deadline(fake: FakeDiscord, db: Path) -> None:
    d = await _position(fake, db, reaction_timeout=5)
    d.rt.time_scale = 0.2  # 5 s -> 1 s, kept in the database as an absolute time
    await _attack(d)
    await d.bot.close()
    state = await d.state()
    assert state.attack is not None and state.attack.window  # nobody passed yet
    bot2 = await start_fixer(fake, db)
    d.bot = bot2
    # The new bot runs at full time scale: the window still closes about 1 s after it
    # opened (the saved deadline), not 5 s after the restart.
    for _ in range(150):
        s = await d.state()
        if s.attack is None or not s.attack.window:
            break
        await asyncio.sleep(0.02)
    s = await d.state()
    assert s.attack is None or not s.attack.window
    await bot2.close()


async def test_the_log_is_public_lines_only_and_survives_a_restart(
    fake: FakeDiscord, db: Path
) -> None:
    d = await _position(fake, db)
    alice, bob = d.users
    carol = fake.add_user("carol", guild=fake.guild)
    await _attack(d)
    await d.pay_if_asked(bob, await d.slash(bob, "react quick", {"card": "Short Circuit"}))
    await d.bot.close()
    d.bot = await start_fixer(fake, db)
    it = await d.slash(carol, "log")
    msg = it.original
    assert msg is not None and msg.ephemeral
    assert "alice attacks" in msg.text and "bob, react" in msg.text
    assert "Short Circuit" in msg.text  # played: public
    await d.bot.close()


async def test_a_defender_opted_into_dms_gets_the_prompt_there(fake: FakeDiscord, db: Path) -> None:
    d = await _position(fake, db)
    alice, bob = d.users
    await d.slash(bob, "dm", {"enabled": True})
    await _attack(d)
    await fake.wait_for(
        lambda: any("Block with ICE Sentinel" in m.text for m in fake.dms_to(bob)), 5
    )
    dm = next(m for m in reversed(fake.dms_to(bob)) if "Block with ICE Sentinel" in m.text)
    assert "Pass" in dm.text
    # The attacker, not opted in, gets no DM; the channel never shows bob's hand.
    assert not fake.dms_to(alice)
    assert not any("Your hand" in m.text for m in fake.public_messages())
    # The DM's Pass button works outside the channel.
    state = await d.state()
    legal = d.rt.legal(state, str(bob.id))
    i = next(n for n, a in enumerate(legal) if a.type == "pass")
    await d.click(bob, dm, f"fx:tcg:do:{d.cid}:{state.version}:{i}")
    state = await d.state()
    assert state.attack is None or not state.attack.window
    await d.bot.close()
