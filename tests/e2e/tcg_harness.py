"""Driving TCG duels through the fake Discord, like players would.

`Duelists` wraps one channel's duel: its two fake users, slash commands and clicks, and
the checks every TCG e2e test wants: no public payload ever names a card that was only
ever in a hand or a face-down slot, and every hand panel is ephemeral. Moves are chosen
from each player's own legal actions and sent as Discord interactions (panel buttons).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import FixerBot
from cogs.tcg.runtime import TcgRuntime
from rules.tcg import actions as act
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side, build
from rules.tcg.state import Duel, evolve
from tests.e2e.harness import finish, settle, start_fixer
from tests.fakediscord import FakeChannel, FakeDiscord, FakeInteraction, FakeMessage, FakeUser

BROUGHT = "**Your Legends** (any order): "  # the owner's unordered list (§14)
# ...and the same line, the hand panel's heading and the payment prompt's title in every
# language Fixer speaks (tests/e2e/test_tcg_i18n.py plays a duel in Polish).
BROUGHT_LINES = (BROUGHT, "**Twoje Legendy** (w dowolnej kolejności): ")
PRIVATE_TITLES = ("Your hand", "How do you pay", "Twoja ręka", "Czym płacisz")


def _components(msg: FakeMessage) -> list[dict[str, Any]]:
    return [c for row in msg.components for c in row.get("components", [])]


def tcg(bot: FixerBot) -> TcgRuntime:
    rt = bot.runtime("tcg")
    assert isinstance(rt, TcgRuntime)
    return rt


@dataclass
class Duelists:
    fake: FakeDiscord
    bot: FixerBot
    channel: FakeChannel
    users: list[FakeUser]
    cid: str = ""
    # Every card name that was ever only hidden (in a hand) and never public.
    hidden_names: set[str] = field(default_factory=set)
    # Every card name that was ever public (played, face-up, trashed, sold).
    public_names: set[str] = field(default_factory=set)
    # Every Legend ever seen face-down: hidden from its owner too (§14).
    facedown_names: set[str] = field(default_factory=set)

    @property
    def rt(self) -> TcgRuntime:
        return tcg(self.bot)

    async def state(self) -> Duel:
        state: Duel = await self.rt.service.get(self.cid)
        return state

    def user_of(self, player: str) -> FakeUser:
        return next(u for u in self.users if str(u.id) == player)

    async def slash(
        self, user: FakeUser, name: str, options: dict[str, Any] | None = None
    ) -> FakeInteraction:
        it = await self.fake.send_slash(user, f"tcg {name}", options or {}, channel=self.channel)
        await finish(it)
        await settle(self.fake, self.bot)
        return it

    async def click(self, user: FakeUser, msg: FakeMessage, custom_id: str) -> FakeInteraction:
        it = await self.fake.click_button(user, msg, custom_id)
        await finish(it)
        await settle(self.fake, self.bot)
        return it

    async def settle_it(self, it: FakeInteraction) -> FakeInteraction:
        """Wait for `it`'s answer and the bot's follow-ups."""
        await finish(it)
        await settle(self.fake, self.bot)
        return it

    def last_public(self) -> FakeMessage:
        for m in reversed(self.fake.channel_messages(self.channel)):
            if m.author is self.fake.bot_user and not m.ephemeral:
                return m
        raise LookupError("no public message")

    async def panel(self, user: FakeUser) -> FakeMessage:
        """`user`'s hand panel, through /tcg hand (ephemeral)."""
        it = await self.slash(user, "hand")
        msg = it.original or it.followups[-1]
        assert msg.ephemeral, "a hand panel must be ephemeral"
        return msg

    async def pick(self, user: FakeUser, msg: FakeMessage, arg: str) -> FakeInteraction:
        """Pick the option `arg` of the panel's overflow menu (after paging to it)."""
        for _ in range(20):
            menu = next(c for c in _components(msg) if c.get("type") == 3)
            values = [o["value"] for o in menu["options"]]
            value = arg if arg in values else values[-1]  # not here: the next page
            assert value == arg or value.startswith("p"), (arg, values)
            it = await self.settle_it(await self.fake.select(user, msg, menu["custom_id"], [value]))
            if value == arg:
                return it
            msg = it.original or it.followups[-1]
        raise AssertionError(f"option {arg} is on no page of the menu")

    async def do(self, action: act.Action, pay: random.Random | None = None) -> FakeInteraction:
        """Send `action` as its control on the acting player's fresh panel: its button,
        or its option in the overflow menu. If the answer asks how to pay (T27), pick a
        way (at random with `pay`, else the first, the Eddies-first one)."""
        state = await self.state()
        legal = legal_actions(state, self.rt.content, action.player)
        i = legal.index(action)
        user = self.user_of(action.player)
        panel = await self.panel(user)
        cid = f"fx:tcg:do:{self.cid}:{state.version}:{i}"
        if cid in panel.custom_ids:
            it = await self.click(user, panel, cid)
        else:
            assert f"fxs:tcg:do:{self.cid}:{state.version}" in panel.custom_ids, (action, cid)
            it = await self.pick(user, panel, str(i))
        return await self.pay_if_asked(user, it, pay)

    async def pay_if_asked(
        self, user: FakeUser, it: FakeInteraction, pay: random.Random | None = None
    ) -> FakeInteraction:
        """If `it` was answered with the payment prompt (T27), click one of its ways (at
        random with `pay`, else the first: Eddies first)."""
        answer = it.original or (it.followups[-1] if it.followups else None)
        ways = [c for c in (answer.custom_ids if answer else []) if ":pay:" in c]
        if not ways:
            return it
        assert answer is not None and answer.ephemeral and "How do you pay" in answer.text
        way = pay.choice(ways) if pay is not None else ways[0]
        return await self.click(user, answer, way)

    def note_hidden(self, state: Duel) -> None:
        content = self.rt.content
        for seat in state.seats:
            for inst in (*seat.hand, *seat.deck):  # a hand, and the deck (its order too)
                self.hidden_names.add(content.cards[state.cards[inst]].full_name)
            for sl in seat.legends:
                if sl.inst is not None and not sl.face_up:
                    name = content.cards[state.cards[sl.inst]].full_name
                    self.hidden_names.add(name)
                    self.facedown_names.add(name)
        self.note_public(state)

    def note_public(self, state: Duel) -> None:
        content = self.rt.content
        public = self.public_names
        for seat in state.seats:
            for u in seat.field:
                public.add(content.cards[state.cards[u.inst]].full_name)
                public.update(content.cards[state.cards[g]].full_name for g in u.gear)
            for sl in seat.legends:
                public.update(content.cards[state.cards[g]].full_name for g in sl.gear)
                if sl.inst is not None and sl.face_up:
                    public.add(content.cards[state.cards[sl.inst]].full_name)
            for x in (*seat.trash, *seat.removed):
                public.add(content.cards[state.cards[x]].full_name)
            for e in seat.eddies:
                if e.known:
                    public.add(content.cards[state.cards[e.inst]].full_name)
        # A Program resolving (a frame) or a card whose trigger waits in the pool was
        # played or is in play: public, though it sits in no zone yet.
        for src in (*(f.source for f in state.frames), *(p.source for p in state.pool)):
            public.add(content.cards[state.cards[src]].full_name)

    def check_public(self, state: Duel) -> None:
        """No public payload names a card that was never public: cards that only ever
        sat in a hand, a deck or a face-down slot."""
        self.note_public(state)
        never = self.hidden_names - self.public_names
        assert never, "the check must have something to look for"
        for m in self.fake.public_messages():
            for title in PRIVATE_TITLES:
                assert title not in m.text, f"a hand panel or payment prompt in public: {title}"
            ids = " ".join(m.custom_ids)
            assert ":do:" not in ids, "action buttons or their menu in public"
            assert ":pay:" not in ids, "a payment prompt's buttons in public"
            for t in m.all_texts:
                for name in never:
                    assert name not in t, f"{name!r} (hidden) in a public message: {t[:200]}"

    def check_private(self, state: Duel) -> None:
        """Private payloads (hand panels, their menus, payment prompts, DMs) keep a
        face-down Legend's identity from everyone, its owner included (§14): they name
        the slot only. The owner's panel may list the three Legends they brought, in no
        order (the line "Your Legends (any order)", left out of the scan). And every
        panel or prompt is ephemeral or a DM."""
        self.note_hidden(state)
        never = self.facedown_names - self.public_names
        dms = [m for u in self.users for m in self.fake.dms_to(u)]
        private = [*self.fake.ephemeral_messages(), *dms]
        assert private, "the check must have something to look at"
        for m in private:
            for text in m.all_texts:
                t = "\n".join(ln for ln in text.splitlines() if not ln.startswith(BROUGHT_LINES))
                for name in never:
                    assert name not in t, f"{name!r} (face-down) in a private message: {t[:300]}"
        for m in self.fake.public_messages():
            assert not any(x in " ".join(m.custom_ids) for x in (":do:", ":pay:"))


async def position(
    fake: FakeDiscord,
    db: Path,
    p0: Side,
    p1: Side,
    *,
    options: TcgOptions | None = None,
    names: tuple[str, str] = ("alice", "bob"),
    time_scale: float = 1.0,
    **build_kw: Any,
) -> Duelists:
    """A bot running a duel in `fake.channel` at the scenario position (p0, p1), the
    seats played by two fake users named `names`, its timers scaled by `time_scale`."""
    bot = await start_fixer(fake, db)
    tcg(bot).time_scale = time_scale
    users = [fake.add_user(n, guild=fake.guild) for n in names]
    d = Duelists(fake, bot, fake.channel, users)
    rt = tcg(bot)
    state: Duel = build(rt.content, p0, p1, options=options, **build_kw)
    seats = tuple(
        evolve(s, player=str(u.id), name=u.name) for s, u in zip(state.seats, users, strict=True)
    )
    state = evolve(state, seats=seats, id="dtest")
    await rt.service.create(
        campaign_id="dtest",
        name=f"{names[0]} vs {names[1]}",
        owner=str(users[0].id),
        state=state,
        guild_id=str(fake.guild.id),
        channel_id=str(fake.channel.id),
    )
    rt.bind("dtest", fake.channel.id)
    rt.schedule_timers("dtest", state)  # no commit yet: as a new duel's start does
    d.cid = "dtest"
    return d


async def start_challenge(
    d: Duelists, decks: tuple[str, str] = ("chrome-rush", "convoy-wall")
) -> None:
    """alice challenges bob, bob accepts by the buttons and picks his deck."""
    alice, bob = d.users
    it = await d.slash(alice, "challenge", {"opponent": bob, "deck": decks[0]})
    msg = it.original
    assert msg is not None and not msg.ephemeral
    accept = next(c for c in msg.custom_ids if ":accept:" in c)
    click = await d.click(bob, msg, accept)
    picker = click.original or click.followups[-1]
    assert picker.ephemeral
    deck_button = next(c for c in picker.custom_ids if c.endswith(":" + decks[1]))
    await d.click(bob, picker, deck_button)
    d.cid = d.rt.table_of_channel[d.channel.id]


async def play_out(d: Duelists, rng: random.Random, max_steps: int = 600) -> Duel:
    """Both players act through their panels' buttons until the duel ends (never
    conceding), checking the public channel as they go."""
    for step in range(max_steps):
        state = await d.state()
        d.note_hidden(state)
        seat = to_act(state)
        if seat is None:
            return state
        player = state.seats[seat].player
        legal = [a for a in legal_actions(state, d.rt.content, player) if a.type != "concede"]
        # Prefer moves that end the duel sooner: attacks and rolls over passing time.
        weights = [5.0 if isinstance(a, act.Attack | act.Play) else 1.0 for a in legal]
        action = rng.choices(legal, weights)[0]
        await d.do(action, pay=rng)
        if step % 25 == 0:
            d.check_public(await d.state())
            d.check_private(await d.state())
    raise AssertionError("the duel did not finish")
