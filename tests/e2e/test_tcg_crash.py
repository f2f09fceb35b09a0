"""Issue 12: "a SIGKILL and restart mid-window". A bot process serving an open reaction
window is killed (SIGKILL, no shutdown of any kind) and a new one started on the same
database: the window is still open with the deadline it had (an absolute time, not
restarted), the React button posted before the kill still opens the defender's private
prompt, and the defender's block goes through."""

from __future__ import annotations

import signal
from pathlib import Path

from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side
from tests.e2e.harness import child_fixer, finish, start_fixer
from tests.e2e.tcg_harness import position
from tests.fakediscord import FakeDiscord

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
DECK = ["alley-cutter"] * 8


async def test_a_sigkill_mid_window_keeps_the_window_and_its_deadline(
    fake: FakeDiscord, db: Path
) -> None:
    d = await position(
        fake,
        db,
        Side(field=["alley-cutter"], legends=LEGENDS, deck=DECK, gigs=["d6:3"]),
        Side(field=["ice-sentinel"], legends=LEGENDS, deck=DECK, gigs=["d8:5", "d4:2"]),
        options=TcgOptions(reaction_timeout=600),
    )
    alice, bob = d.users
    await d.slash(alice, "attack", {"unit": "Alley Cutter"})
    state = await d.state()
    assert state.attack is not None and state.attack.window
    deadline = d.rt.prefs.votes[d.cid][1]
    board = d.last_public()
    react = next(c for c in board.custom_ids if ":react:" in c)
    await d.bot.close()

    # The window is served by a bot in its own process, which is then SIGKILLed.
    async with child_fixer(fake, db) as child:
        it = await fake.click_button(bob, board, react)
        await finish(it)
        prompt = it.original or it.followups[-1]
        assert prompt.ephemeral and prompt.visible_to == bob.id and "Block" in prompt.text
        child.send_signal(signal.SIGKILL)
        await child.wait()
    assert child.returncode == -signal.SIGKILL

    d.bot = await start_fixer(fake, db)
    state = await d.state()
    assert state.attack is not None and state.attack.window  # nobody passed
    assert d.rt.prefs.votes[d.cid][1] == deadline  # the same absolute deadline
    # The React button posted before the kill still opens bob's private prompt.
    it = await d.click(bob, board, react)
    prompt = it.original or it.followups[-1]
    assert prompt.ephemeral and prompt.visible_to == bob.id
    await d.slash(bob, "react block", {"unit": "ICE Sentinel"})
    state = await d.state()
    assert state.attack is None or state.attack.redirected
    assert any(
        "block" in m.text.lower() and "ICE Sentinel" in m.text for m in fake.public_messages()
    )
    await d.bot.close()
