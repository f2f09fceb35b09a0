"""Driving Legendary 2099 through the fake Discord with one or more people (and AI seats).

`Lg` wraps one Legendary channel: its people (fake users), slash commands and clicks,
and what was ever public, for the checks every test wants (no hand in a public message,
every hand payload ephemeral or a DM to its owner). `arranged` starts a game from a
position a test arranged (a Master Strike on top of the Villain Deck, an Uru Villain in
the city), created through the service like `/legendary new` does.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.app import FixerBot
from cogs.legendary.components import bid_for
from cogs.legendary.table import Join, Start, new_table
from cogs.legendary.table import Table as TableState
from cogs.legendary.table import apply as table_apply
from rules.legendary import engine
from rules.legendary.actions import Action, Play
from rules.legendary.ai import make_agent
from rules.legendary.state import Game
from rules.legendary.view import CardRef, GameView, view
from tests.e2e.harness import finish, legendary_content, settle, start_fixer
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage, FakeUser

INST = re.compile(r":c\d+\b")
ENDINGS = ("The players win!", "Evil wins!", "The game ends in a draw.")
HAND_TITLES = ("Your hand", "Twoja ręka")  # a hand panel's title, in each language


async def boot(fake: FakeDiscord, db: Path, seed: int = 4242) -> FixerBot:
    bot = await start_fixer(fake, db)
    rt: Any = bot.runtime("legendary")
    rt.ai_delay = 0.0
    rt.new_seed = lambda: seed
    return bot


class Lg:
    """One Legendary channel: slash commands and clicks, and what was ever public."""

    def __init__(self, fake: FakeDiscord, bot: FixerBot, users: list[FakeUser]) -> None:
        self.fake, self.bot, self.users = fake, bot, users
        self.cid = ""
        self.held: set[str] = set()
        self.shown: set[str] = set()
        self.hand_payloads = 0

    @property
    def user(self) -> FakeUser:
        return self.users[0]

    @property
    def pack(self) -> Any:
        return legendary_content()

    @property
    def rt(self) -> Any:
        return self.bot.runtime("legendary")

    async def state(self) -> TableState:
        s: TableState = await self.rt.service.get(self.cid)
        return s

    def seat_user(self, state: TableState, seat: int) -> FakeUser | None:
        person = state.seats[seat].person
        return next((u for u in self.users if str(u.id) == person), None)

    async def slash(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        user: FakeUser | None = None,
        locale: str = "en-US",
    ) -> FakeInteraction:
        it = await self.fake.send_slash(
            user or self.user, f"legendary {name}", options or {}, locale=locale
        )
        await finish(it)
        await settle(self.fake, self.bot)
        await self.observe()
        return it

    async def click(
        self, msg: FakeMessage, custom_id: str, *, user: FakeUser | None = None, **kw: Any
    ) -> FakeInteraction:
        it = await self.fake.click_button(user or self.user, msg, custom_id, **kw)
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

    def texts(self) -> str:
        return "\n".join(t for m in self.boards() for t in m.all_texts)

    def last_hand_button(self) -> tuple[FakeMessage, str]:
        for m in reversed(self.boards()):
            for c in m.custom_ids:
                if c.startswith("fx:legendary:hand:"):
                    return m, c
        raise LookupError("no board with My hand")

    async def panel(self, user: FakeUser | None = None, locale: str = "en-US") -> FakeMessage:
        who = user or self.user
        msg, cid = self.last_hand_button()
        it = await self.click(msg, cid, user=who, locale=locale)
        reply = it.original
        assert reply is not None and reply.ephemeral and reply.visible_to == who.id
        self.hand_payloads += 1
        return reply

    async def observe(self) -> None:
        if not self.cid:
            return
        st = await self.state()
        if st.game is None:
            return
        pub = view(st.game, self.pack, None)
        for seat, s in enumerate(st.seats):
            if s.person is not None:
                for c in view(st.game, self.pack, seat).players[seat].hand or ():
                    self.held.add(c.name)
        refs = [*pub.played_this_turn, *pub.escape, *pub.ko, *pub.revealed, *pub.scheme_stack]
        refs += [h for h in pub.hq if h is not None]
        refs += [s.villain for s in pub.city if s.villain is not None]
        for p in pub.players:
            refs += [*p.played, *p.discard, *p.victory]
        self.shown.update(c.name for c in refs)

    def assert_no_public_leak(self, after_id: int = 0) -> None:
        """No hand in public. `after_id`: names are checked only in messages after it
        (those before were posted by a process whose moves this one never observed)."""
        secret = self.held - self.shown
        for m in self.fake.public_messages():
            if m.id <= after_id:
                assert not any(h in t for h in HAND_TITLES for t in m.all_texts), m
                assert not any(INST.search(c) for c in m.custom_ids), m
                continue
            for t in m.all_texts:
                assert not any(h in t for h in HAND_TITLES), f"public message {m.id} shows a hand"
                for name in secret:
                    assert name not in t, f"public message {m.id} reveals {name!r}"
            for c in m.custom_ids:
                assert not INST.search(c), f"public button {c} names a card"
        # Every hand went to its owner only: an ephemeral reply or a DM.
        for m in self.fake.messages.values():
            if m.author is self.fake.bot_user and any(
                h in x for h in HAND_TITLES for x in m.all_texts
            ):
                assert m.ephemeral or m.channel.guild is None, m
        assert not self.fake.warnings, self.fake.warnings

    def hand_of(self, st: TableState, seat: int) -> tuple[CardRef, ...]:
        assert st.game is not None
        return view(st.game, self.pack, seat).players[seat].hand or ()

    async def send(self, action: Action, use_button: bool, user: FakeUser | None = None) -> None:
        who = user or self.user
        st = await self.state()
        if use_button and isinstance(action, Play) and action.half is None:
            # A divided card has a button per half, none for "ask me": use the slash.
            c = next((c for c in self.hand_of(st, action.seat) if c.inst == action.card), None)
            use_button = c is None or not c.halves
        if use_button:
            panel = await self.panel(who)
            want = bid_for(action, st.id, st.version).encode()
            assert want in panel.custom_ids, (want, panel.custom_ids)
            await self.click(panel, want, user=who)
            return
        a = action.model_dump()
        kind = a["type"]
        simple = {"heal": "heal", "end_turn": "end"}
        fields = {"play": "card", "recruit": "card", "fight": "target", "choose": "option"}
        if kind in fields:
            await self.slash(kind, {fields[kind]: a[fields[kind]]}, user=who)
        elif kind in simple:
            await self.slash(simple[kind], user=who)
        else:
            panel = await self.panel(who)
            await self.click(panel, bid_for(action, st.id, st.version).encode(), user=who)

    async def play_out(
        self,
        *,
        max_steps: int = 2000,
        until: Callable[[TableState], bool] | None = None,
        seed: int = 1,
        before_move: Callable[[TableState, int], Any] | None = None,
    ) -> TableState:
        """Every person plays the greedy AI's choice from their own view (half by
        button, half by slash command); AI seats move by themselves."""
        rng = random.Random(seed)
        agents = {i: make_agent("greedy", seed + i) for i in range(5)}
        for _ in range(max_steps):
            st = await self.state()
            assert st.game is not None
            if st.over or (until is not None and until(st)):
                return st
            seat = engine.decision_seat(st.game)
            assert seat is not None
            user = self.seat_user(st, seat)
            if user is None:  # an AI seat: it moves by itself
                await settle(self.fake, self.bot)
                after = await self.state()
                assert after.version > st.version, "the AI seat did not move"
                continue
            if before_move is not None:
                await before_move(st, seat)
            v: GameView = view(st.game, self.pack, seat)
            legal = engine.legal_actions(st.game, self.pack, seat)
            action = agents[seat].decide(v, legal, self.pack)
            await self.send(action, use_button=rng.random() < 0.5, user=user)
            after = await self.state()
            assert after.version > st.version, f"{action.type} did not apply"
        raise AssertionError("the game did not end")


async def new_game(
    fake: FakeDiscord,
    bot: FixerBot,
    names: tuple[str, ...] = ("alice",),
    *,
    ai: int = 1,
    options: dict[str, Any] | None = None,
    start: bool = True,
    setup: dict[str, Any] | None = None,
) -> Lg:
    users = [fake.add_user(n, guild=fake.guild) for n in names]
    t = Lg(fake, bot, users)
    it = await t.slash("new", setup or {})
    assert it.original is not None and not it.original.ephemeral, it.original.text
    t.cid = bot.runtime("legendary").table_of_channel[fake.channel.id]
    for u in users[1:]:
        await t.slash("join", user=u)
    for _ in range(ai):
        it = await t.slash("join", {"ai": True})
        assert it.original is not None and it.original.ephemeral
    if options:
        await t.slash("options", options)
    if start:
        await t.slash("start")
    return t


async def arranged(
    fake: FakeDiscord,
    bot: FixerBot,
    names: tuple[str, ...],
    arrange: Callable[[Game], Game],
    *,
    mastermind: str | None = None,
    villains: tuple[str, ...] | None = None,
    scheme: str | None = None,
    heroes: tuple[str, ...] | None = None,
    ai: int = 0,
    seed: int = 5,
    turn_timer: int = 0,
) -> Lg:
    """A started game whose position `arrange` set, made through the service like
    `/legendary new` + `start` (the same stored table, bound to the channel)."""
    from cogs.legendary.table import Choice

    rt: Any = bot.runtime("legendary")
    users = [fake.add_user(n, guild=fake.guild) for n in names]
    pack = legendary_content()
    owner = str(users[0].id)
    table = new_table(
        "lg-arranged",
        owner,
        names[0],
        Choice(scheme=scheme, mastermind=mastermind, villains=villains, heroes=heroes),
    )
    for u, n in zip(users[1:], names[1:], strict=True):
        table, _ = table_apply(table, Join(person=str(u.id), name=n), pack)
    for _ in range(ai):
        table, _ = table_apply(table, Join(person=owner, name="", ai=True), pack)
    table = table.model_copy(
        update={"options": table.options.model_copy(update={"turn_timer": turn_timer})}
    )
    table, _ = table_apply(table, Start(person=owner, seed=seed), pack)
    assert table.game is not None
    table = table.model_copy(update={"game": arrange(table.game)})
    await rt.service.create(
        campaign_id=table.id,
        name="Legendary 2099",
        owner=owner,
        state=table,
        guild_id=str(fake.guild.id),
        channel_id=str(fake.channel.id),
    )
    rt.bind(table.id, fake.channel.id)
    await rt.post_board(table.id, table)
    t = Lg(fake, bot, users)
    t.cid = table.id
    await settle(fake, bot)
    await t.observe()
    return t


def move_to_top(game: Game, zone: str, card_id: str) -> Game:
    """`game` with the first instance of `card_id` in `zone` moved to its top."""
    cards = list(game.zones[zone])
    inst = next(i for i in cards if game.instances[i] == card_id)
    cards.remove(inst)
    return game.model_copy(update={"zones": {**game.zones, zone: (inst, *cards)}})


def to_hand(game: Game, seat: int, card_id: str, n: int = 1) -> Game:
    """`game` with `n` instances of the Hero `card_id` moved from the Hero Deck into the
    hand of `seat` (a test's way to hold a given card)."""
    from rules.legendary.state import Z

    deck = list(game.zones[Z.HERO_DECK])
    moved = [i for i in deck if game.instances[i] == card_id][:n]
    assert len(moved) == n, f"only {len(moved)} {card_id} in the Hero Deck"
    hand = (*game.zones[Z.hand(seat)], *moved)
    rest = tuple(i for i in deck if i not in moved)
    zones = {**game.zones, Z.HERO_DECK: rest, Z.hand(seat): hand}
    return game.model_copy(update={"zones": zones})


def ended(t: Lg) -> list[FakeMessage]:
    return [m for m in t.boards() if any(x in m.text for x in ENDINGS)]
