"""Driving the real Fixer bot through the fake Discord, like players would.

`Table` wraps one campaign channel: its players (fake users), slash commands and
button clicks, and the checks every e2e test wants (no hand in a public message, every
hand payload ephemeral). Moves are chosen by the engine's `legal_actions` / the AI from
each player's own `player_view`, then sent as Discord interactions.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sys
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import FixerBot
from bot.config import Settings
from content.legends.loader import load_default_pack
from rules.legends.actions import (
    Action,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Play,
    Ready,
)
from rules.legends.ai import CrewAI
from rules.legends.cards import ContentPack
from rules.legends.legal import legal_actions
from rules.legends.sim import next_actor
from rules.legends.state import Table as TableState
from rules.legends.view import player_view
from tests.fakediscord import FakeChannel, FakeDiscord, FakeInteraction, FakeMessage, FakeUser

ROOT = Path(__file__).resolve().parents[2]
_CONTENT: ContentPack | None = None
INST = re.compile(r"\bs\d+c\d{2}\b")


def content() -> ContentPack:
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = load_default_pack()
    return _CONTENT


_LEGENDARY: Any = None


def legendary_content() -> Any:
    """The Legendary pack, loaded once for every bot the tests start (about a second)."""
    global _LEGENDARY
    if _LEGENDARY is None:
        from content.legendary.loader import load_default_pack as load_legendary

        _LEGENDARY = load_legendary()
    return _LEGENDARY


async def start_fixer(fake: FakeDiscord, db: Path, **kwargs: Any) -> FixerBot:
    bot = FixerBot(
        Settings(token=fake.token, database=db),
        contents={"legends": content(), "legendary": legendary_content()},
        guild_ready_timeout=0.05,
        synchronous="NORMAL",
        **kwargs,
    )
    await fake.start_bot(bot)
    fake.install_commands(bot.tree)
    seeds = random.Random(db.parent.name)  # the test's name: the same every run
    bot.runtime("legends").new_seed = lambda: seeds.randrange(2**48)  # reproducible shuffles
    await bot.house.idle()
    return bot


@contextlib.asynccontextmanager
async def child_fixer(fake: FakeDiscord, db: Path) -> AsyncIterator[asyncio.subprocess.Process]:
    """Fixer in a process of its own (tests/e2e/bot_child.py) on `db`, connected to
    `fake`, for the tests that SIGKILL it: a kill leaves this process's bot alone. The
    commands are as Discord knows them (synced once, long ago). On the way out the child
    is SIGKILLed unless it has ended already; the test asserts how it ended."""
    schema = FixerBot(Settings(token=fake.token, database=db), sync_only=True)
    await schema.setup_hook()
    fake.install_commands(schema.tree)
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.e2e.bot_child",
        fake.api_base,
        fake.gateway_url,
        fake.token,
        str(db),
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.wait_for(lambda: fake.live_sessions, timeout=60, what="the child bot")
        await fake.idle(0.2)
        yield child
    finally:
        if child.returncode is None:
            child.send_signal(signal.SIGKILL)
            await child.wait()


async def finish(it: FakeInteraction) -> None:
    """The interaction's answer: its callback and, after a "thinking" defer, the reply."""
    cb = await it.response(timeout=5)
    if cb.type == 5:
        await it.wait_followups(1)


async def settle(fake: FakeDiscord, bot: FixerBot) -> None:
    """Wait until the bot has posted everything about what happened so far."""
    await asyncio.sleep(0)
    await bot.house.idle()
    await fake.idle(quiet=0.01)
    await bot.house.idle()


@dataclass
class Table:
    fake: FakeDiscord
    bot: FixerBot
    channel: FakeChannel
    users: list[FakeUser]
    cid: str = ""
    # Every card name ever held in a hand, and every one ever face up (played/put).
    held: set[str] = field(default_factory=set)
    shown: set[str] = field(default_factory=set)
    insts: set[str] = field(default_factory=set)
    _checked: int = 0

    # ---- plumbing -------------------------------------------------------------------

    @property
    def content(self) -> ContentPack:
        return content()

    async def state(self) -> TableState:
        state: TableState = await self.bot.runtime("legends").service.get(self.cid)
        return state

    async def slash(
        self,
        user: FakeUser,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        channel: FakeChannel | None = None,
    ) -> FakeInteraction:
        it = await self.fake.send_slash(
            user, f"legends {name}", options or {}, channel=channel or self.channel
        )
        await finish(it)
        await settle(self.fake, self.bot)
        await self.observe()
        return it

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        stale: bool = False,
    ) -> FakeInteraction:
        it = await self.fake.click_button(user, message, custom_id, label=label, stale=stale)
        await finish(it)
        await settle(self.fake, self.bot)
        await self.observe()
        return it

    def user(self, player: str) -> FakeUser:
        return next(u for u in self.users if str(u.id) == player)

    def boards(self) -> list[FakeMessage]:
        """Public bot messages in the campaign channel, oldest first."""
        return [
            m
            for m in self.fake.channel_messages(self.channel)
            if m.author is self.fake.bot_user and not m.ephemeral
        ]

    def last_with(self, prefix: str) -> tuple[FakeMessage, str]:
        for m in reversed(self.boards()):
            for cid in m.custom_ids:
                if cid.startswith(prefix):
                    return m, cid
        raise LookupError(f"no public message with a {prefix} button")

    def listen(self) -> None:
        """Record every card that entered the Plan (public), as the service commits."""

        def on_commit(applied: Any) -> None:
            for e in applied.events:
                if e.seats is None and e.kind == "card_entered":
                    self.shown.add(self.content.cards[e.data["card"]].name)

        self.bot.runtime("legends").service.subscribe(on_commit)

    async def observe(self) -> None:
        """Record what is in hands now, and check the public messages posted since the
        last look against the cards hidden now."""
        if not self.cid:
            return
        state = await self.state()
        run = state.run
        hidden: set[str] = set()
        if run is not None:
            for zones in run.zones.values():
                for inst in zones.hand:
                    name = self.content.cards[run.cards[inst]].name
                    self.held.add(name)
                    hidden.add(name)
                    self.insts.add(inst)
        public = self.fake.public_messages()
        for m in public[self._checked :]:
            for text in m.all_texts:
                for name in hidden - self.shown:
                    assert name not in text, f"public message {m.id} reveals {name!r}"
        self._checked = len(public)

    # ---- checks ---------------------------------------------------------------------

    def assert_no_public_leak(self) -> None:
        """No public message (text, embeds, buttons, any version) names a card that was
        only ever hidden, or carries a card instance id."""
        secret = self.held - self.shown
        for m in self.fake.public_messages():
            texts = m.all_texts
            for t in texts:
                for name in secret:
                    assert name not in t, f"public message {m.id} reveals {name!r}: {t!r}"
                assert not INST.search(t), f"public message {m.id} shows an instance id"
            for cid in m.custom_ids:
                assert not INST.search(cid), f"public button {cid} carries a card"
        assert not self.fake.warnings, self.fake.warnings

    # ---- moves ------------------------------------------------------------------------

    async def send_action(
        self, player: str, action: Action, *, use_buttons: bool, rng: random.Random
    ) -> FakeInteraction:
        user = self.user(player)
        if isinstance(action, Flip):
            if use_buttons:
                msg, cid = self.last_with("fx:legends:flip:")
                return await self.click(user, msg, cid)
            return await self.slash(user, "flip")
        if isinstance(action, Play):
            if use_buttons:
                panel = await self.panel(user)
                want = f":{action.card}" + (":m" if action.merc else "")
                cid = next(
                    c
                    for c in panel.custom_ids
                    if c.startswith("fx:legends:play:") and c.endswith(want)
                )
                return await self.click(user, panel, cid)
            opts: dict[str, Any] = {"card": action.card}
            if action.merc or rng.random() < 0.3:
                opts["merc"] = action.merc
            return await self.slash(user, "play", opts)
        if isinstance(action, CloseVote):
            return await self.slash(user, "choose", {"option": "close-vote"})
        if isinstance(action, Choose):
            state = await self.state()
            run = state.run
            if run is not None and run.phase == "vote" and use_buttons:
                msg, _ = self.last_with("fx:legends:vote:")
                cid = next(
                    c
                    for c in msg.custom_ids
                    if c.startswith("fx:legends:vote:") and c.endswith(":" + action.option)
                )
                return await self.click(user, msg, cid)
            value = ("merc|" if action.merc else "") + action.option
            return await self.slash(user, "choose", {"option": value})
        if isinstance(action, Discard):
            if use_buttons:
                panel = await self.panel(user)
                want = f":{action.card}" + (":m" if action.merc else "")
                cid = next(
                    c
                    for c in panel.custom_ids
                    if c.startswith("fx:legends:dis:") and c.endswith(want)
                )
                return await self.click(user, panel, cid)
            return await self.slash(user, "discard", {"card": action.card, "merc": action.merc})
        if isinstance(action, Ready):
            if use_buttons:
                panel = await self.panel(user)
                want = ":m" if action.merc else ""
                cid = next(
                    c
                    for c in panel.custom_ids
                    if c.startswith("fx:legends:rdy:") and (c.endswith(":m") == bool(want))
                )
                return await self.click(user, panel, cid)
            return await self.slash(user, "ready", {"merc": action.merc})
        raise AssertionError(f"unexpected action {action.type}")

    async def panel(self, user: FakeUser) -> FakeMessage:
        """Click "My hand" on the newest board: a fresh ephemeral panel."""
        msg, cid = self.last_with("fx:legends:hand:")
        it = await self.click(user, msg, cid)
        reply = it.original
        assert reply is not None and reply.ephemeral and reply.visible_to == user.id
        return reply

    async def play_out(
        self, *, max_steps: int = 600, seed: int = 0, use_buttons: float = 0.5, until: Any = None
    ) -> TableState:
        """Let each player's AI pick from their own view, through Discord, until the run
        ends (or `until(state)` is true)."""
        rng = random.Random(seed)
        brains = {str(u.id): CrewAI(seed=seed + i) for i, u in enumerate(self.users)}
        for _ in range(max_steps):
            state = await self.state()
            if state.run is None or (until is not None and until(state)):
                return state
            who = next_actor(state, self.content)
            if who is None:
                if state.run.phase == "vote":
                    leader = state.runners[state.run.leader].player
                    await self.send_action(
                        leader, CloseVote(player=leader), use_buttons=False, rng=rng
                    )
                    continue
                raise AssertionError(f"nobody can act in phase {state.run.phase}")
            view = player_view(state, who, self.content)
            action = brains[who].choose(view, self.content)
            assert action in legal_actions(state, who, self.content)
            before = state.version
            await self.send_action(who, action, use_buttons=rng.random() < use_buttons, rng=rng)
            after = await self.state()
            assert after.version > before, f"{action.type} by {who} did not apply"
        raise AssertionError("the run did not end")


async def new_table(
    fake: FakeDiscord,
    bot: FixerBot,
    users: Iterable[FakeUser],
    *,
    roles: Iterable[str],
    merc: str | None = None,
    channel: FakeChannel | None = None,
    start: bool = True,
) -> Table:
    users = list(users)
    t = Table(fake=fake, bot=bot, channel=channel or fake.channel, users=users)
    it = await t.slash(users[0], "new", {"name": "Night Crew"})
    assert it.callback is not None and it.callback.ephemeral
    t.cid = bot.runtime("legends").table_of_channel[t.channel.id]
    t.listen()
    for user, role in zip(users, roles, strict=True):
        opts = {"role": role}
        if merc is not None:
            opts["merc"] = merc
        await t.slash(user, "join", opts)
    if start:
        await t.slash(users[0], "start")
    return t
