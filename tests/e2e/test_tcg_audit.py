"""Issue 12 requirements no other e2e test held (found by the issue 12 audit,
docs/tcg-discord.md): a channel holds one duel at a time (and one open challenge), and
the practice AI is paced and thinks off the event loop, so other tables are answered
while it searches."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from cogs.tcg.runtime import ai_level
from rules.tcg import actions as act
from rules.tcg.codes import PromptKind
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side
from rules.tcg.state import Duel
from tests.e2e.harness import start_fixer
from tests.e2e.tcg_harness import Duelists, position, start_challenge, tcg
from tests.fakediscord import FakeDiscord

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
DECK = ["alley-cutter"] * 8


async def test_a_channel_holds_one_duel_and_one_open_challenge(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice, bob, carol, dan = (
        fake.add_user(n, guild=fake.guild) for n in ("alice", "bob", "carol", "dan")
    )
    d = Duelists(fake, bot, fake.channel, [carol, dan])
    # An open challenge: a second one in the channel is refused, and changes nothing.
    it = await d.slash(carol, "challenge", {"opponent": dan, "deck": "chrome-rush"})
    assert it.original is not None and not it.original.ephemeral
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    assert it.original is not None and it.original.ephemeral
    assert it.original.text.startswith("🚫 This channel already has an open challenge")
    await d.slash(carol, "decline")
    # A duel in progress: neither a challenge nor a practice duel may start beside it.
    d.users = [alice, bob]
    await start_challenge(d)
    version = (await d.state()).version
    for user, command, options in (
        (carol, "challenge", {"opponent": dan, "deck": "chrome-rush"}),
        (carol, "practice", {"deck": "chrome-rush"}),
    ):
        it = await d.slash(user, command, options)
        assert it.original is not None and it.original.ephemeral, command
        assert "This channel already has a duel in progress" in it.original.text
        assert "another channel" in it.original.text
    assert not d.rt.challenges and (await d.state()).version == version
    assert list(d.rt.table_of_channel) == [fake.channel.id]
    await bot.close()


async def test_the_practice_ai_is_paced_and_thinks_off_the_event_loop(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    rt = tcg(bot)
    rt.ai_pace = 0.3
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])
    thinking: list[tuple[bool, float]] = []
    choose = rt._ai_choose

    def slow_choose(state: Duel, seat: int) -> act.Action:
        thinking.append((threading.current_thread() is threading.main_thread(), time.time()))
        time.sleep(0.5)  # a long search
        return choose(state, seat)

    rt._ai_choose = slow_choose  # type: ignore[method-assign]
    loop_ticks: list[float] = []

    async def ticker() -> None:
        while True:
            loop_ticks.append(time.time())
            await asyncio.sleep(0.02)

    tick = asyncio.create_task(ticker())
    try:
        last = time.time()  # before the latest commit the AI's move follows
        await d.slash(alice, "practice", {"deck": "chrome-rush", "level": "random"})
        d.cid = rt.table_of_channel[fake.channel.id]
        for _ in range(400):  # alice may decide first (who chooses is random)
            if thinking:
                break
            state = await d.state()
            seat = to_act(state)
            if seat is not None and ai_level(state.seats[seat].player) is None:
                legal = legal_actions(state, rt.content, str(alice.id))
                last = time.time()
                await d.do(next(a for a in legal if a.type != "concede"))
                continue
            await asyncio.sleep(0.05)
        assert thinking, "the AI never moved"
        on_main, began = thinking[0]
        assert not on_main, "the AI's search ran on the event loop's thread"
        # Paced: the move is thought about no sooner than ai_pace after the commit.
        assert began - last >= 0.3 * 0.9
        # While it searches, the loop goes on (ticks every ~20 ms inside the 0.5 s).
        await asyncio.sleep(0.6)
        during = [x for x in loop_ticks if began < x < began + 0.5]
        assert len(during) >= 5, during
    finally:
        tick.cancel()
        rt._ai_choose = choose  # type: ignore[method-assign]
    await bot.close()


async def test_a_may_trigger_its_die_and_the_steal_are_prompts_answered_with_choose(
    fake: FakeDiscord, db: Path
) -> None:
    """The "may" choices, targets and dice to steal are prompts answered with `/tcg choose`
    (typed labels), asked of their player only; the rival is offered nothing."""
    d = await position(
        fake,
        db,
        Side(field=["skim-artist"], legends=LEGENDS, deck=DECK, gigs=["d6:3"]),
        Side(legends=LEGENDS, deck=DECK, gigs=["d8:5", "d4:2"]),
    )
    alice, bob = d.users
    await d.slash(alice, "attack", {"unit": "Skim Artist"})
    kinds = []
    for _ in range(12):
        state = await d.state()
        p = state.prompt
        if p is None and state.attack is not None and state.attack.window:
            await d.slash(bob, "react pass")
            continue
        if p is None:
            break
        kinds.append(p.kind)
        chooser = d.user_of(state.seats[p.seat].player)
        other = bob if chooser is alice else alice
        ac = await fake.autocomplete(
            other, "tcg choose", {"option": ""}, focused="option", channel=fake.channel
        )
        await ac.response()
        assert ac.choices == [], (p.kind, ac.choices)
        ac = await fake.autocomplete(
            chooser, "tcg choose", {"option": ""}, focused="option", channel=fake.channel
        )
        await ac.response()
        labels = [c["name"] for c in ac.choices]
        assert labels, p.kind
        pick = labels[0]
        if p.kind is PromptKind.MAY:
            pick = next(x for x in labels if x.lower().startswith("yes"))
        it = await d.slash(chooser, "choose", {"option": pick})
        assert it.original is not None and it.original.ephemeral
        assert (await d.state()).version > state.version, (p.kind, pick)
    assert PromptKind.MAY in kinds and PromptKind.STEAL in kinds, kinds
    state = await d.state()
    assert len(state.seats[0].gigs) == 2  # alice stole one of bob's dice
    await d.bot.close()


async def test_the_reaction_timeout_is_a_table_option_of_60_seconds_by_default(
    fake: FakeDiscord, db: Path
) -> None:
    """`reaction_timeout`: 60 s unless the two players set it on the open challenge; the
    duel keeps what they set."""
    bot = await start_fixer(fake, db)
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    d = Duelists(fake, bot, fake.channel, [alice, bob])
    await d.slash(alice, "challenge", {"opponent": bob, "deck": "chrome-rush"})
    it = await d.slash(bob, "options")
    assert it.original is not None and it.original.ephemeral
    assert "reaction_timeout" in it.original.text and "60" in it.original.text, it.original.text
    it = await d.slash(bob, "options", {"reaction_timeout": 30})
    assert it.original is not None and "30" in it.original.text
    ch = d.rt.challenges[fake.channel.id]
    msg = next(m for m in fake.public_messages() if any(":accept:" in c for c in m.custom_ids))
    accept = next(c for c in msg.custom_ids if ":accept:" in c)
    click = await d.click(bob, msg, accept)
    picker = click.original or click.followups[-1]
    await d.click(bob, picker, next(c for c in picker.custom_ids if c.endswith(":convoy-wall")))
    d.cid = d.rt.table_of_channel[fake.channel.id]
    assert ch.options.reaction_timeout == 30 and (await d.state()).options.reaction_timeout == 30
    assert TcgOptions().reaction_timeout == 60
    await bot.close()
