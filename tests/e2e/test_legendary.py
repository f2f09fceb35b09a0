"""Legendary 2099 through the fake Discord: a whole game of one person and an AI seat,
driven by buttons and slash commands; a restart mid-turn; stale and out-of-turn clicks
refused ephemerally; every hand payload ephemeral and no public payload naming a card
that was only ever in a hand."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from bot.app import FixerBot
from cogs.legendary.components import bid_for
from cogs.legendary.table import Table as TableState
from rules.legendary import engine
from rules.legendary.actions import Action, EndTurn
from rules.legendary.ai import make_agent
from rules.legendary.view import GameView, view
from tests.e2e.harness import finish, legendary_content, settle, start_fixer
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

INST = re.compile(r":c\d+\b")


async def boot(fake: FakeDiscord, db: Path) -> FixerBot:
    bot = await start_fixer(fake, db)
    rt: Any = bot.runtime("legendary")
    rt.ai_delay = 0.0
    rt.new_seed = lambda: 4242
    return bot


class Lg:
    """One Legendary channel: slash commands and clicks, and what was ever public."""

    def __init__(self, fake: FakeDiscord, bot: FixerBot, user: FakeUser) -> None:
        self.fake, self.bot, self.user = fake, bot, user
        self.cid = ""
        self.held: set[str] = set()
        self.shown: set[str] = set()
        self.hand_payloads = 0

    @property
    def pack(self) -> Any:
        return legendary_content()

    async def state(self) -> TableState:
        s: TableState = await self.bot.runtime("legendary").service.get(self.cid)
        return s

    async def slash(self, name: str, options: dict[str, Any] | None = None) -> FakeInteraction:
        it = await self.fake.send_slash(self.user, f"legendary {name}", options or {})
        await finish(it)
        await settle(self.fake, self.bot)
        await self.observe()
        return it

    async def click(self, msg: FakeMessage, custom_id: str, **kw: Any) -> FakeInteraction:
        it = await self.fake.click_button(self.user, msg, custom_id, **kw)
        await finish(it)
        await settle(self.fake, self.bot)
        await self.observe()
        return it

    def boards(self) -> list[FakeMessage]:
        return [
            m
            for m in self.fake.channel_messages(self.fake.channel)
            if m.author is self.fake.bot_user and not m.ephemeral
        ]

    def last_hand_button(self) -> tuple[FakeMessage, str]:
        for m in reversed(self.boards()):
            for c in m.custom_ids:
                if c.startswith("fx:legendary:hand:"):
                    return m, c
        raise LookupError("no board with My hand")

    async def panel(self) -> FakeMessage:
        msg, cid = self.last_hand_button()
        it = await self.click(msg, cid)
        reply = it.original
        assert reply is not None and reply.ephemeral and reply.visible_to == self.user.id
        self.hand_payloads += 1
        return reply

    async def observe(self) -> None:
        if not self.cid:
            return
        st = await self.state()
        if st.game is None:
            return
        pub = view(st.game, self.pack, None)
        mine = view(st.game, self.pack, 0)
        for c in mine.players[0].hand or ():
            self.held.add(c.name)
        refs = [*pub.played_this_turn, *pub.escape, *pub.ko, *pub.revealed]
        refs += [h for h in pub.hq if h is not None]
        refs += [s.villain for s in pub.city if s.villain is not None]
        for p in pub.players:
            refs += [*p.played, *p.discard, *p.victory]
        self.shown.update(c.name for c in refs)

    def assert_no_public_leak(self) -> None:
        secret = self.held - self.shown
        for m in self.fake.public_messages():
            for t in m.all_texts:
                assert "Your hand" not in t, f"public message {m.id} shows a hand"
                for name in secret:
                    assert name not in t, f"public message {m.id} reveals {name!r}"
            for c in m.custom_ids:
                assert not INST.search(c), f"public button {c} names a card"
        assert not self.fake.warnings, self.fake.warnings

    async def send(self, action: Action, use_button: bool) -> None:
        st = await self.state()
        if use_button:
            panel = await self.panel()
            want = bid_for(action, st.id, st.version).encode()
            assert want in panel.custom_ids, (want, panel.custom_ids)
            await self.click(panel, want)
            return
        a = action.model_dump()
        kind = a["type"]
        if kind == "play":
            await self.slash("play", {"card": a["card"]})
        elif kind == "recruit":
            await self.slash("recruit", {"card": a["card"]})
        elif kind == "fight":
            await self.slash("fight", {"target": a["target"]})
        elif kind == "choose":
            await self.slash("choose", {"option": a["option"]})
        elif kind == "heal":
            await self.slash("heal")
        elif kind == "end_turn":
            await self.slash("end")
        else:
            await self.click(*(await self._button_for(action)))

    async def _button_for(self, action: Action) -> tuple[FakeMessage, str]:
        st = await self.state()
        panel = await self.panel()
        return panel, bid_for(action, st.id, st.version).encode()


async def new_game(fake: FakeDiscord, bot: FixerBot) -> Lg:
    alice = fake.add_user("alice", guild=fake.guild)
    t = Lg(fake, bot, alice)
    it = await t.slash("new")
    assert it.original is not None and not it.original.ephemeral
    assert "Villain Deck for 1 player" in it.original.text
    t.cid = bot.runtime("legendary").table_of_channel[fake.channel.id]
    it = await t.slash("join", {"ai": True})
    assert it.original is not None and it.original.ephemeral
    await t.slash("start")
    return t


async def play_alice(t: Lg, *, max_steps: int = 900, until: Any = None) -> TableState:
    rng = random.Random(1)
    agent = make_agent("greedy", 3)
    for _ in range(max_steps):
        st = await t.state()
        assert st.game is not None
        if st.over or (until is not None and until(st)):
            return st
        seat = engine.decision_seat(st.game)
        assert seat == 0, "the AI seat should have moved by itself"
        v: GameView = view(st.game, t.pack, 0)
        legal = engine.legal_actions(st.game, t.pack, 0)
        action = agent.decide(v, legal, t.pack)
        await t.send(action, use_button=rng.random() < 0.5)
        after = await t.state()
        assert after.version > st.version, f"{action.type} did not apply"
    raise AssertionError("the game did not end")


async def test_a_whole_game_of_one_person_and_an_ai_seat(fake: FakeDiscord, db: Path) -> None:
    bot = await boot(fake, db)
    t = await new_game(fake, bot)
    st = await play_alice(t)
    assert st.over and st.game is not None
    ended = [
        m
        for m in t.boards()
        if any(x in m.text for x in ("The players win!", "Evil wins!", "draw."))
    ]
    assert ended, "the end was not announced"
    assert "VP" in ended[-1].text
    it = await t.slash("status")
    assert it.original is not None
    assert any(x in it.original.text for x in ("The players win!", "Evil wins!", "draw."))
    assert t.hand_payloads > 10
    t.assert_no_public_leak()
    # Both seats acted: the AI's moves are in the public events.
    ai_lines = [m for m in t.boards() if "AI 1 " in m.text]
    assert ai_lines
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
        if engine.decision_seat(st.game) == 0 and st.game.turn_no > before.game.turn_no + 1:  # type: ignore[union-attr]
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
