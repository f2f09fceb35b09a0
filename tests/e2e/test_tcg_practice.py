"""Practice against the engine's AI, and the /tcg command surface as synced."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.app import _sync
from bot.config import Settings
from cogs.tcg.runtime import ai_level
from rules.tcg import actions as act
from rules.tcg.legal import legal_actions, to_act
from tests.e2e.harness import settle, start_fixer
from tests.e2e.tcg_harness import Duelists, tcg
from tests.fakediscord import FakeDiscord

# The design's names (shared/design/tcg-discord.md): players learn them, tests drive them.
DESIGN = {
    "challenge", "accept", "decline", "practice", "deck", "mulligan", "keep", "hand",
    "roll", "play", "sell", "call", "activate", "attack", "react", "choose", "end",
    "status", "card", "log", "concede", "rules", "options", "dm",
}  # fmt: skip


async def test_the_command_surface_keeps_the_design_names(fake: FakeDiscord, db: Path) -> None:
    settings = Settings(token=fake.token, database=db, dev_guild=fake.guild.id)
    assert await _sync(settings, fake.token) == 0
    ((_, payload),) = fake.command_syncs
    tcg_cmd = next(c for c in payload if c["name"] == "tcg")
    subs = {o["name"]: o for o in tcg_cmd["options"]}
    assert set(subs) == DESIGN and len(subs) <= 25
    assert {o["name"] for o in subs["react"]["options"]} == {"block", "quick", "pass"}
    assert {"list", "show", "check", "export"} <= {o["name"] for o in subs["deck"]["options"]}


async def test_a_practice_duel_against_the_ai(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    rt = tcg(bot)
    rt.ai_pace = 0.0
    alice = fake.add_user("alice", guild=fake.guild)
    d = Duelists(fake, bot, fake.channel, [alice])
    await d.slash(alice, "practice", {"deck": "chrome-rush", "level": "random"})
    d.cid = rt.table_of_channel[fake.channel.id]
    rng = random.Random(3)
    me = str(alice.id)
    ai_moves = 0
    for _ in range(400):
        await settle(fake, bot)
        state = await d.state()
        d.note_hidden(state)
        seat = to_act(state)
        if seat is None:
            break
        if ai_level(state.seats[seat].player) is not None:
            raise AssertionError("the AI did not take its turn by itself")
        legal = [a for a in legal_actions(state, rt.content, me) if a.type != "concede"]
        weights = [5.0 if isinstance(a, act.Attack | act.Play) else 1.0 for a in legal]
        before = state.version
        await d.do(rng.choices(legal, weights)[0])
        after = await d.state()
        ai_moves += max(0, after.version - before - 1)
    final = await d.state()
    assert final.result is not None
    assert ai_moves > 5  # the AI played, by itself, between the human's moves
    d.check_public(final)
    await bot.close()


async def test_each_practice_duel_has_its_own_ai_level(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.tcg.terminal import setup

    made: list[tuple[str, str]] = []
    real = setup.make_player

    def spy(name: str, *args: Any, **kwargs: Any) -> Any:
        made.append((name, type(real(name, *args, **kwargs)).__name__))
        return real(name, *args, **kwargs)

    monkeypatch.setattr(setup, "make_player", spy)
    bot = await start_fixer(fake, db)
    rt = tcg(bot)
    rt.ai_pace = 0.0
    alice, bob = (fake.add_user(n, guild=fake.guild) for n in ("alice", "bob"))
    other = fake.add_channel(fake.guild, "dojo")
    a = Duelists(fake, bot, fake.channel, [alice])
    b = Duelists(fake, bot, other, [bob])
    await a.slash(alice, "practice", {"deck": "chrome-rush", "level": "greedy"})
    await b.slash(bob, "practice", {"deck": "convoy-wall"})  # the default: search
    a.cid, b.cid = rt.table_of_channel[fake.channel.id], rt.table_of_channel[other.id]
    sa, sb = await a.state(), await b.state()
    assert ai_level(sa.seats[1].player) == "greedy" and ai_level(sb.seats[1].player) == "search"
    # The board says which AI it is.
    assert "Fixer AI (greedy)" in a.last_public().text
    assert "Fixer AI (search)" in b.last_public().text
    it = await a.slash(alice, "status")
    assert it.original is not None and "Fixer AI (greedy)" in it.original.text
    # A level that is not one of the choices is refused by Discord's schema.
    with pytest.raises(ValueError):
        await fake.send_slash(alice, "tcg practice", {"deck": "chrome-rush", "level": "hard"})
    # Each AI moves at its own level (until the humans are waited on).
    for d in (a, b):
        rng = random.Random(1)
        for _ in range(30):
            state = await d.state()
            seat = to_act(state)
            if seat is None or ai_level(state.seats[seat].player) is not None:
                await settle(fake, bot)
                continue
            me = state.seats[seat].player
            legal = [x for x in legal_actions(state, rt.content, me) if x.type != "concede"]
            await d.do(rng.choice(legal))
    assert ("greedy", "GreedyPlayer") in made and ("search", "SearchPlayer") in made
    assert not any(name == "random" for name, _ in made)
    await bot.close()
    # The level is part of the duel: after a restart the AI keeps it.
    bot = await start_fixer(fake, db)
    a.bot = bot
    assert ai_level((await a.state()).seats[1].player) == "greedy"
    await bot.close()
