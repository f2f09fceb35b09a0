"""A Legendary 2099 bot process killed mid-turn (SIGKILL) and restarted on the same
database: the game goes on from the last commit, the panel sent before the kill still
works, the AI seat resumes, and the game plays to its end."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from bot.storage.sqlite import SqliteStore
from cogs.legendary.table import Table as TableState
from rules.legendary import engine
from tests.e2e.harness import child_fixer, finish
from tests.e2e.legendary_harness import Lg, boot, ended
from tests.fakediscord import FakeDiscord


async def read_table(db: Path) -> TableState | None:
    async with await SqliteStore.open(db, create=False, migrate=False) as store:
        found = await store.list_campaigns("active", game="legendary")
        if not found:
            return None
        stored = await store.load(found[0].id)
    assert stored is not None
    return TableState.model_validate_json(stored.state)


async def test_killed_mid_turn_the_game_goes_on(fake: FakeDiscord, db: Path) -> None:
    alice = fake.add_user("alice", guild=fake.guild)
    async with child_fixer(fake, db) as child:

        async def slash(name: str, options: dict[str, object] | None = None) -> None:
            it = await fake.send_slash(alice, f"legendary {name}", options or {})
            await finish(it)
            await fake.idle(0.1)

        await slash("new")
        await slash("join", {"ai": True})
        await slash("options", {"ai_pace": 0})
        await slash("start")
        state = None
        for _ in range(600):  # the AI seat may go first (slow under load)
            state = await read_table(db)
            assert state is not None and state.game is not None
            if engine.decision_seat(state.game) == 0:
                if state.game.prompt is None:
                    break
                # A prompt to alice during the AI's turn ("each player discards…").
                await slash("choose", {"option": state.game.prompt.options[0].id})
                continue
            await asyncio.sleep(0.05)
        assert state is not None and state.game is not None
        legal = engine.legal_actions(state.game, _pack(), 0)
        play = next(a for a in legal if a.type == "play")
        await slash("play", {"card": play.card})  # type: ignore[union-attr]
        # Alice opens her hand: an ephemeral panel with buttons for this version.
        board = [
            m
            for m in fake.channel_messages(fake.channel)
            if not m.ephemeral and any(c.startswith("fx:legendary:hand:") for c in m.custom_ids)
        ][-1]
        hand = next(c for c in board.custom_ids if c.startswith("fx:legendary:hand:"))
        it = await fake.click_button(alice, board, hand)
        await finish(it)
        panel = it.original
        assert panel is not None and panel.ephemeral
        before = await read_table(db)
        assert before is not None
    assert child.returncode == -signal.SIGKILL
    await fake.wait_for(lambda: not fake.live_sessions, timeout=5)
    cut = max(fake.messages)  # what the killed process posted is before this

    bot = await boot(fake, db)
    rt = bot.runtime("legendary")
    assert rt.table_of_channel[fake.channel.id] == before.id
    assert await rt.service.get(before.id) == before
    t = Lg(fake, bot, [alice])
    t.cid = before.id
    # The old panel's buttons work (its first: a choice the play opened, or a move).
    await t.click(panel, panel.custom_ids[0])
    after = await t.state()
    assert after.version > before.version
    st = await t.play_out()
    assert st.over and ended(t)
    t.assert_no_public_leak(after_id=cut)
    await bot.close()


def _pack():  # type: ignore[no-untyped-def]
    from tests.e2e.harness import legendary_content

    return legendary_content()
