"""The play's answer is prepared while the commit waits for the disk; it is used only if
the service committed the very state the guess computed."""

from __future__ import annotations

from pathlib import Path

from rules.legends.actions import Play
from rules.legends.legal import legal_actions
from rules.legends.view import player_view
from tests.e2e.harness import new_table, start_fixer
from tests.fakediscord import FakeDiscord


async def test_speculated_view_is_adopted_only_for_the_committed_state(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="nomad")
    rt = bot.runtime("legends")
    player = str(alice.id)
    state = await t.play_out(
        until=lambda s: (
            s.run is not None
            and any(isinstance(a, Play) for a in legal_actions(s, player, t.content))
        )
    )
    plays = [a for a in legal_actions(state, player, t.content) if isinstance(a, Play)]

    # The right guess: cached, and equal to the view of the committed state.
    guess = rt.speculate(state, plays[0], player)
    applied = await rt.service.act(t.cid, plays[0], expected_version=state.version)
    await rt.adopt(guess, applied.state, player)
    kept = rt.memo.get(applied.state.id, applied.state.version, ("view", player))
    assert kept == player_view(applied.state, player, t.content)

    # A guess of another action on the same state (someone else's action got in first):
    # same version, different state: not used.
    now = applied.state
    nxt = legal_actions(now, player, t.content)
    assert len(nxt) >= 2
    other = rt.speculate(now, nxt[-1], player)
    applied2 = await rt.service.act(t.cid, nxt[0], expected_version=now.version)
    await rt.adopt(other, applied2.state, player)
    kept2 = rt.memo.get(applied2.state.id, applied2.state.version, ("view", player))
    if kept2 is not None:  # computed by the publisher from the real state, if at all
        assert kept2 == player_view(applied2.state, player, t.content)
    # A guess whose action the engine refuses gives nothing.
    bad = rt.speculate(now, Play(player=player, card="nope", merc=False), player)
    assert await bad is None
    await bot.house.idle()
