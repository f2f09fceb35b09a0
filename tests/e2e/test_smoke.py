"""The basic loop, step by step: new, join, start, status, hand, flip, play."""

from __future__ import annotations

from pathlib import Path

from rules.legends.actions import Play
from tests.e2e.harness import new_table, start_fixer
from tests.fakediscord import FakeDiscord


async def test_new_join_start_status_hand_flip_play(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    bob = fake.add_user("bob", guild=fake.guild)
    t = await new_table(fake, bot, [alice, bob], roles=["solo", "netrunner"])
    state = await t.state()
    assert state.run is not None and state.run.phase == "flip"
    # The run's first board: the Leader is mentioned, with "Flip" (the expected action,
    # first) and "My hand".
    board = t.boards()[-1]
    assert alice.mention in board.content
    assert [c.split(":")[2] for c in board.custom_ids] == ["flip", "hand"]

    # /legends status: a public board anyone can see, with the same buttons.
    it = await t.slash(bob, "status")
    assert it.callback is not None and not it.callback.ephemeral
    assert it.original is not None and "Leader" in " ".join(it.original.all_texts)

    # /legends hand: ephemeral, only the caller's cards.
    it = await t.slash(bob, "hand")
    reply = it.original
    assert reply is not None and reply.ephemeral and reply.visible_to == bob.id
    bobs = {t.content.cards[state.run.cards[i]].name for i in state.run.zones[1].hand}
    assert all(n in " ".join(reply.all_texts) for n in bobs)

    # The Leader flips with the board's button until an Obstacle is faced.
    for _ in range(5):
        state = await t.state()
        assert state.run is not None
        if state.run.phase == "plan":
            break
        msg, cid = t.last_with("fx:legends:flip:")
        await t.click(alice, msg, cid)
    assert state.run is not None and state.run.phase == "plan" and state.run.turn == 0
    assert alice.mention in t.boards()[-1].content  # whose turn it is, with a mention
    assert any(c.startswith("fx:legends:pl:") for c in t.boards()[-1].custom_ids)

    # /legends play with what autocomplete offers.
    ac = await fake.autocomplete(alice, "legends play", {"card": ""}, focused="card")
    await ac.response()
    legal = [
        a.card
        for a in t.bot.runtime("legends").view(state, str(alice.id)).legal
        if isinstance(a, Play)
    ]
    assert [c["value"] for c in ac.choices] == legal
    it = await t.slash(alice, "play", {"card": ac.choices[0]["value"]})
    after = await t.state()
    assert after.run is not None and len(after.run.plan) >= 1
    assert it.original is not None and it.original.ephemeral
    played = t.content.cards[state.run.cards[legal[0]]].name
    assert any(played in x for x in t.boards()[-1].all_texts)  # announced in public
    t.assert_no_public_leak()
