"""Legendary 2099 through the fake Discord: whole games (one person and an AI seat, two
people), driven by buttons and slash commands; the end announced and still shown by
`status` after a restart; a restart mid-turn; stale and out-of-turn clicks refused
ephemerally; every hand payload ephemeral and no public payload naming a card that was
only ever in a hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.legendary.components import bid_for
from rules.legendary import engine
from rules.legendary.actions import EndTurn
from tests.e2e.harness import finish, settle
from tests.e2e.legendary_harness import ENDINGS, boot, ended, new_game
from tests.fakediscord import FakeDiscord


def says_the_end(text: str) -> bool:
    return any(x in text for x in ENDINGS)


async def test_a_whole_game_of_one_person_and_an_ai_seat(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot)
    st = await t.play_out()
    assert st.over and st.game is not None
    assert ended(t), "the end was not announced"
    assert "VP" in ended(t)[-1].text
    it = await t.slash("status")
    assert it.original is not None and says_the_end(it.original.text)
    assert t.hand_payloads > 10
    t.assert_no_public_leak()
    # Both seats acted: the AI's moves are in the public events.
    assert [m for m in t.boards() if "AI 1 " in m.text]
    # After a restart the finished game is no longer bound, but status still says how
    # it ended, and so does the log, until a new game starts here.
    await bot.close()
    bot = await boot(fake, db)
    t.bot = bot
    assert fake.channel.id not in bot.runtime("legendary").table_of_channel
    it = await t.slash("status")
    assert it.original is not None
    assert says_the_end(it.original.text), it.original.text
    it = await t.slash("log")
    assert it.original is not None and it.original.ephemeral
    assert "Recent events" in it.original.text
    it = await t.slash("new")
    it = await t.slash("status")
    assert it.original is not None and not says_the_end(it.original.text)
    assert "Villain Deck for 1 player" in it.original.text
    await bot.close()


async def test_a_whole_game_of_two_people(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db, seed=77)
    t = await new_game(fake, bot, ("alice", "bob"), ai=0)
    st = await t.state()
    assert [s.name for s in st.seats] == ["alice", "bob"]
    st = await t.play_out(seed=3)
    assert st.over and st.game is not None
    assert ended(t) and "VP" in ended(t)[-1].text
    # Both people were asked for their turns by mention, and both acted.
    text = t.texts()
    for u in t.users:
        assert f"<@{u.id}>: your turn" in text
    assert "alice plays" in text and "bob plays" in text
    t.assert_no_public_leak()
    await bot.close()


async def test_restart_mid_turn_and_old_buttons(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot)
    st = await t.state()
    assert st.game is not None
    # Play one card, so the turn is under way, then restart.
    legal = engine.legal_actions(st.game, t.pack, 0)
    play = next(a for a in legal if a.type == "play")
    await t.send(play, use_button=True)
    before = await t.state()
    await bot.close()
    bot2 = await boot(fake, db)
    t.bot = bot2
    assert await t.state() == before
    # The "My hand" button posted before the restart still opens the panel.
    panel = await t.panel()
    assert any(c.startswith("fx:legendary:end:") for c in panel.custom_ids)
    st = await t.state()
    end = bid_for(EndTurn(seat=0), st.id, st.version).encode()
    await t.click(panel, end)
    # The AI seat plays its turn by itself after the restart, and hands back to alice.
    await settle(fake, bot2)
    for _ in range(200):
        st = await t.state()
        assert st.game is not None
        assert before.game is not None
        if engine.decision_seat(st.game) == 0 and st.game.turn_no > before.game.turn_no + 1:
            break
        await settle(fake, bot2)
    else:
        raise AssertionError("the AI did not play after the restart")
    t.assert_no_public_leak()
    await bot2.close()


async def test_stale_click_and_out_of_turn_are_refused_ephemerally(
    fake: FakeDiscord, db: Path
) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot)
    panel = await t.panel()
    st = await t.state()
    assert st.game is not None
    stale_end = bid_for(EndTurn(seat=0), st.id, st.version).encode()
    legal = engine.legal_actions(st.game, t.pack, 0)
    play = next(a for a in legal if a.type == "play")
    await t.send(play, use_button=False)
    after = await t.state()
    it = await t.click(panel, stale_end)
    assert it.original is not None and it.original.ephemeral
    assert await t.state() == after  # nothing changed
    # Out of turn: bob has no seat; alice acting while the AI decides is refused.
    bob = fake.add_user("bob", guild=fake.guild)
    it2 = await fake.send_slash(bob, "legendary end", {})
    await finish(it2)
    assert it2.original is not None and it2.original.ephemeral
    assert "no seat" in it2.original.text
    # Alice's turn over, the AI's turn (slowed down here): alice's move is refused.
    rt: Any = bot.runtime("legendary")
    rt.kick_ai = lambda cid, state: None  # the AI waits, so alice can try to act
    await t.slash("end")
    waiting = await t.state()
    assert waiting.game is not None and engine.decision_seat(waiting.game) == 1
    it3 = await t.slash("end")
    assert it3.original is not None and it3.original.ephemeral
    assert it3.original.all_texts and "It is not your turn" in " ".join(it3.original.all_texts)
    assert await t.state() == waiting
    await bot.close()


async def test_a_moves_fsync_is_asked_for_once_its_answer_is_out(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot holds a commit's fsync request while the answer is being sent
    (`Store.hold_flush_while`): every request reaches the flusher with no answer in
    progress (the hold's time limit, 10 ms, is lifted here: a slow machine's answer
    may take longer), the moves' answers are not held up, and everything ends on disk."""
    from bot.storage import core as storage_core

    monkeypatch.setattr(storage_core, "FLUSH_HOLD", 30.0)
    bot = await boot(fake, db, seed=5)
    t = await new_game(fake, bot, ai=0)
    store: Any = bot._store
    flusher = store.flusher
    assert flusher is not None
    asked: list[bool] = []
    real = flusher.request

    def request() -> int:
        asked.append(bot.house is not None and bot.house.busy())
        return real()

    flusher.request = request
    start = (await t.state()).version
    st = await t.play_out(until=lambda s: s.version >= start + 8)
    assert st.version >= start + 8
    assert asked and not any(asked), asked
    await store.flushed()
    assert flusher.done >= 1
    await bot.close()


async def test_the_public_update_is_started_only_once_the_answer_is_out(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a move is answered, its table's publisher worker does not run yet (its
    update is queued, `GameRuntime._after_answer`); once the answer is out it starts
    and the board follows, as before."""
    import cogs.legendary.interact as interact

    bot = await boot(fake, db, seed=5)
    t = await new_game(fake, bot, ai=0)
    await settle(fake, bot)
    rt = t.rt
    seen: list[tuple[bool, bool]] = []
    real = interact.send

    async def send(interaction: Any, **kw: Any) -> None:
        worker = rt._workers.get(t.cid)
        seen.append((worker is not None and not worker.done(), t.cid in rt._after_answer))
        await real(interaction, **kw)

    monkeypatch.setattr(interact, "send", send)
    boards = len(t.boards())
    st = await t.state()
    assert st.game is not None
    play = next(a for a in engine.legal_actions(st.game, t.pack, 0) if a.type == "play")
    await t.send(play, use_button=False)
    await settle(fake, bot)
    assert seen == [(False, True)]
    assert not rt._after_answer and len(t.boards()) > boards
    await bot.close()
