"""Discord misbehaving or slow: late acknowledgements, expired interactions, 429s."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from tests.e2e.harness import finish, new_table, settle, start_fixer
from tests.fakediscord import FakeDiscord


def slow_service(bot: Any, delay: float) -> None:
    service = bot.runtime("legends").service
    act = service.act

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(delay)
        return await act(*args, **kwargs)

    service.act = slow


async def test_slow_actions_are_deferred_with_the_right_visibility(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="netrunner")
    bot.runtime("legends").budget = 0.02
    slow_service(bot, 0.15)
    # A slash command: an ephemeral "thinking" defer, then the (ephemeral) answer.
    it = await fake.send_slash(alice, "legends flip", {})
    cb = await it.response()
    assert cb.type == 5 and cb.ephemeral
    (reply,) = await it.wait_followups(1)
    assert reply.ephemeral and "Flipped" in " ".join(reply.all_texts)
    await settle(fake, bot)
    # A button on an ephemeral panel: a deferred update, then the panel is edited.
    await t.play_out(
        until=lambda s: (
            s.run is not None
            and s.run.phase == "plan"
            and s.runners[s.run.turn].player == str(alice.id)
        )
    )
    panel = await t.panel(alice)
    play = next(c for c in panel.custom_ids if c.startswith("fx:legends:play:"))
    v = (await t.state()).version
    it = await fake.click_button(alice, panel, play)
    cb = await it.response()
    assert cb.type == 6
    await fake.wait_for(lambda: all(f":{v}:" not in c for c in panel.custom_ids))
    await settle(fake, bot)
    assert (await t.state()).version > v
    assert not fake.warnings
    t.assert_no_public_leak()


async def test_an_expired_interaction_does_not_lose_the_action(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="netrunner")
    v = (await t.state()).version
    fake.ack_deadline = 0.05  # the bot answers after Discord gave up (a stalled loop)
    bot.runtime("legends").budget = 1.0
    slow_service(bot, 0.15)
    it = await fake.send_slash(alice, "legends flip", {})
    await fake.wait_for(lambda: it.rejected, timeout=3)
    assert it.rejected[0].error_code == 10062 and it.failed
    await settle(fake, bot)
    # The action was committed and announced; the game goes on.
    assert (await t.state()).version == v + 1
    assert any("Flipped" in x for x in t.boards()[-1].all_texts)
    fake.ack_deadline = 3.0
    bot.runtime("legends").service.act = type(bot.runtime("legends").service).act.__get__(
        bot.runtime("legends").service
    )
    it = await t.slash(alice, "status")
    assert it.callback is not None and it.callback.type == 4


async def test_injected_429s_are_retried(fake: FakeDiscord, db: Path) -> None:
    bot = await start_fixer(fake, db)
    alice = fake.add_user("alice", guild=fake.guild)
    t = await new_table(fake, bot, [alice], roles=["solo"], merc="nomad")
    posts = len(fake.calls_to("POST", "/channels/{channel_id}/messages"))
    fake.rate_limit_next("POST", "/channels/{channel_id}/messages", retry_after=0.05)
    fake.rate_limit_next(
        "POST", "/interactions/{interaction_id}/{token}/callback", retry_after=0.05
    )
    boards = len(t.boards())
    it = await fake.send_slash(alice, "legends flip", {})
    await finish(it)
    await settle(fake, bot)
    await fake.wait_for(lambda: len(t.boards()) > boards, timeout=3)
    statuses = [c.status for c in fake.calls_to("POST", "/channels/{channel_id}/messages")]
    assert statuses[posts : posts + 2] == [429, 200]
    callbacks = fake.calls_to("POST", "/interactions/{interaction_id}/{token}/callback")
    assert [c.status for c in callbacks[-2:]] == [429, 200]
    assert any("Flipped" in x for x in t.boards()[-1].all_texts)
