"""A few-lines way to set up a Plan or a Scenario Deck in tests.

Cards are named either by a library id below (the rulebook's examples) or by a short
plain-card code: ranks separated by "/", then suit letters (C, M, S, T, * for any), then
optional "+N" for "+N Damage". Examples: "7M", "8/6M", "KCC" (two Charisma symbols),
"5*", "9T+2".

    sim = Sim(hands={0: ["7M", "7T"], 1: ["trap-and-trace"]},
              scenario=[obstacle(1, "Bike Raiders", health=8, damage=2, to_hit=[pair("muscle")])])
    sim.flip()
    sim.play(0, "7M")
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from rules.core.rng import Rng
from rules.legends.actions import (
    Abandon,
    Action,
    Buy,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Join,
    Leave,
    Play,
    Ready,
    Remove,
    SetOption,
    Solve,
    Start,
)
from rules.legends.cards import (
    Campaign,
    ContentPack,
    PlayerCard,
    Requirement,
    Rewards,
    Role,
    RoleDeck,
    Scenario,
    ScenarioCard,
    UpgradePack,
)
from rules.legends.engine import Outcome, apply, new_table
from rules.legends.options import TableOptions
from rules.legends.state import Run, Runner, SeatZones, Table

LIBRARY: dict[str, dict[str, Any]] = {
    "trap-and-trace": dict(
        name="Trap and Trace",
        ranks=[5],
        suits=["stealth"],
        effects=[{"type": "discard_from_plan", "max": 1}],
    ),
    "second-story-work": dict(
        name="Second Story Work",
        ranks=[9],
        suits=["stealth"],
        effects=[{"type": "draw_and_put", "plan_size": 1}],
    ),
    "crimson-flags": dict(
        name="Crimson Flags",
        ranks=[10],
        suits=["tech"],
        effects=[{"type": "only_if", "no_other_suit": "tech"}, {"type": "damage", "amount": 3}],
    ),
    "malachias": dict(
        name="Malachias the Lost",
        ranks=[3],
        suits=["charisma"],
        effects=[
            {"type": "discard_from_plan", "max": 10, "filter": {"face": True}, "damage_each": 2}
        ],
    ),
    "guns-lots-of-guns": dict(
        name="Guns, Lots of Guns",
        ranks=[8],
        suits=["muscle"],
        effects=[{"type": "damage_per_symbol", "suit": "muscle", "amount": 1}],
    ),
    "before-the-night": dict(
        name="Before the Night",
        ranks=[4],
        suits=["charisma"],
        effects=[{"type": "draw", "count": 2, "who": "chosen"}],
    ),
    "disarming-smile": dict(
        name="Disarming Smile", ranks=[12], suits=["charisma", "muscle", "tech"]
    ),
    "overclocked-deck": dict(
        name="Overclocked Deck",
        ranks=[6],
        suits=["tech"],
        effects=[{"type": "plan_size", "amount": 1}],
    ),
    "trauma-patch": dict(
        name="Trauma Patch", ranks=[2], suits=["charisma"], effects=[{"type": "heal", "amount": 3}]
    ),
    "frag-out": dict(
        name="Frag Out",
        ranks=[11],
        suits=["muscle"],
        effects=[{"type": "immediate_damage", "amount": 4}],
    ),
    "pair-bonus": dict(
        name="Harmony",
        ranks=[7],
        suits=["charisma"],
        effects=[{"type": "damage_per_pair", "amount": 2}],
    ),
    "swap-in": dict(name="Swap In", ranks=[13], suits=["tech"], effects=[{"type": "replace"}]),
    "open-door": dict(
        name="Open Door",
        ranks=[2],
        suits=["stealth"],
        effects=[{"type": "put_from_hand", "who": "chosen"}],
    ),
    # More cards for the rulebook tests (names are made up; behaviour is the vocabulary's).
    "dumpster-dive": dict(
        name="Dumpster Dive",
        ranks=[6],
        suits=["stealth"],
        effects=[{"type": "discard_from_hand", "count": 1, "draw_after": 1}],
    ),
    "quick-hands": dict(
        name="Quick Hands", ranks=[9], suits=["tech"], effects=[{"type": "draw", "count": 1}]
    ),
    "rush-in": dict(
        name="Rush In", ranks=[4], suits=["muscle"], effects=[{"type": "put_from_deck", "count": 1}]
    ),
    "backup": dict(
        name="Backup",
        ranks=[10],
        suits=["muscle"],
        effects=[{"type": "plan_size", "amount": 1}, {"type": "damage", "amount": 1}],
    ),
    "tech-needed": dict(
        name="Patch Job",
        ranks=[5],
        suits=["charisma"],
        effects=[{"type": "only_if", "plan_has_suit": "tech"}, {"type": "damage", "amount": 2}],
    ),
    "opener": dict(
        name="Opener",
        ranks=[8],
        suits=["stealth"],
        effects=[{"type": "only_if", "max_plan_cards": 0}, {"type": "damage", "amount": 1}],
    ),
    "crowd-pleaser": dict(
        name="Crowd Pleaser",
        ranks=[12],
        suits=["charisma"],
        effects=[{"type": "damage_per_card", "amount": 1, "filter": {"suit": "charisma"}}],
    ),
    "flashbang": dict(
        name="Flashbang",
        ranks=[11],
        suits=["stealth"],
        effects=[{"type": "immediate_damage", "amount": 3}, {"type": "draw", "count": 1}],
    ),
    "big-heal": dict(
        name="Ripperdoc on Call",
        ranks=[3],
        suits=["tech"],
        effects=[{"type": "heal", "amount": 10}],
    ),
}

_SUIT = {"C": "charisma", "M": "muscle", "S": "stealth", "T": "tech", "*": "any"}
_CODE = re.compile(r"^((?:10|[2-9JQKA])(?:/(?:10|[2-9JQKA]))*)([CMST*]*)(?:\+(\d+))?$")


def card_id(code: str) -> str:
    if code in LIBRARY:
        return code
    return "p-" + code.lower().replace("/", "-").replace("*", "x").replace("+", "d")


def make_card(code: str) -> PlayerCard:
    if code in LIBRARY:
        return PlayerCard(id=code, **LIBRARY[code])
    m = _CODE.match(code)
    if not m:
        raise ValueError(f"bad card code {code!r}")
    ranks = m.group(1).split("/")
    suits = [_SUIT[ch] for ch in m.group(2)]
    effects = [{"type": "damage", "amount": int(m.group(3))}] if m.group(3) else []
    return PlayerCard(id=card_id(code), name=code, ranks=ranks, suits=suits, effects=effects)


def pair(*suits: str, better: bool = False) -> Requirement:
    return Requirement(hand="pair", suits=suits, or_better=better)


def req(hand: str, *suits: str, better: bool = False, flush_suit: str | None = None) -> Requirement:
    return Requirement(hand=hand, suits=suits, or_better=better, flush_suit=flush_suit)


def obstacle(
    order: int,
    name: str,
    *,
    health: int,
    damage: int = 0,
    to_hit: Sequence[Requirement] = (),
    **kw: Any,
) -> dict[str, Any]:
    return dict(
        order=order,
        kind="obstacle",
        name=name,
        health=health,
        damage=damage,
        to_hit=list(to_hit) or [pair()],
        **kw,
    )


def scene(order: int, name: str, **kw: Any) -> dict[str, Any]:
    return dict(order=order, kind="scene", name=name, **kw)


def clue(order: int, name: str, **kw: Any) -> dict[str, Any]:
    return dict(order=order, kind="clue", name=name, **kw)


def memory(order: int, name: str, key: str, **kw: Any) -> dict[str, Any]:
    return dict(order=order, kind="memory", name=name, memory_key=key, **kw)


def choice(key: str, label: str, *effects: dict[str, Any]) -> dict[str, Any]:
    """One answer of a scene vote: `choice("B", "Walk away", {"type": "discard_next"})`."""
    return dict(key=key, label=label, effects=list(effects))


class Sim:
    """A table mid-run, built directly from hands, decks and a Scenario Deck."""

    def __init__(
        self,
        *,
        hands: dict[int, Sequence[str]],
        decks: dict[int, Sequence[str]] | None = None,
        scenario: Sequence[dict[str, Any]] = (),
        health: int = 20,
        max_health: int = 20,
        options: TableOptions | None = None,
        merc: bool = False,
        leader: int = 0,
        trauma: Sequence[dict[str, Any]] = (),
        seed: int = 7,
    ) -> None:
        decks = decks or {}
        seats = sorted(set(hands) | set(decks))
        codes: set[str] = set()
        for group in list(hands.values()) + list(decks.values()):
            codes.update(group)
        codes.update(["2C", "3M", "4S", "5T", "6C"])
        cards = {card_id(c): make_card(c) for c in sorted(codes)}
        filler = tuple(card_id(c) for c in ["2C", "3M", "4S", "5T", "6C"] * 2)
        roles = {r: RoleDeck(role=r, name=r.value, cards=filler) for r in Role}
        scen = Scenario(
            id="test",
            name="Test Run",
            cards=[ScenarioCard(**c) for c in scenario]
            or [ScenarioCard(order=1, kind="scene", name="Payday")],
        )
        scenarios = {"test": scen}
        trauma_ids: tuple[str, ...] = ()
        if trauma:
            scenarios["trauma"] = Scenario(
                id="trauma",
                name="Trauma Pack 1",
                after="retry",
                max_health_change=-2,
                cards=[ScenarioCard(**c) for c in trauma],
            )
            trauma_ids = ("trauma",)
        self.content = ContentPack(
            cards=cards,
            roles=roles,
            scenarios=scenarios,
            upgrade_packs={},
            campaigns={
                "test": Campaign(
                    id="test",
                    name="Test",
                    scenarios=("test",),
                    trauma_packs=trauma_ids,
                    max_health=max_health,
                )
            },
        )
        role_list = list(Role)
        runners = []
        for s in seats:
            is_merc = merc and s == seats[-1] and len(seats) > 1
            runners.append(
                Runner(
                    player="p0" if is_merc else f"p{s}",
                    name=f"P{s}",
                    role=role_list[s % 4],
                    is_merc=is_merc,
                    deck=filler,
                )
            )
        zones: dict[int, SeatZones] = {}
        inst_map: dict[str, str] = {}
        for s in seats:
            h, d = [], []
            for n, code in enumerate(hands.get(s, ())):
                inst = f"s{s}h{n}"
                inst_map[inst] = card_id(code)
                h.append(inst)
            for n, code in enumerate(decks.get(s, ())):
                inst = f"s{s}d{n}"
                inst_map[inst] = card_id(code)
                d.append(inst)
            zones[s] = SeatZones(hand=tuple(h), deck=tuple(d))
        run = Run(
            scenario="test",
            deck=tuple(c.order for c in scen.deck_in_order()),
            zones=zones,
            cards=inst_map,
            seats=tuple(seats),
            leader=leader,
            health=health,
            max_health=max_health,
        )
        self.table = Table(
            id="t",
            name="Test",
            owner="p0",
            campaign="test",
            options=options or TableOptions(),
            runners=tuple(runners),
            max_health=max_health,
            run=run,
            rng=Rng(seed=seed),
        )
        self.events: list[str] = []
        self.last: Outcome | None = None

    # ---- acting ---------------------------------------------------------------------

    def player(self, seat: int) -> str:
        return self.table.runners[seat].player

    def merc(self, seat: int) -> bool:
        return self.table.runners[seat].is_merc

    def act(self, action: Action) -> Outcome:
        self.last = apply(self.table, action, self.content)
        self.table = self.last.table
        self.events.extend(e.text for e in self.last.events)
        return self.last

    def inst(self, seat: int, code: str, zone: str = "hand") -> str:
        cid = card_id(code)
        for i in getattr(self.run.zones[seat], zone):
            if self.run.cards[i] == cid:
                return i
        raise AssertionError(f"{code} not in seat {seat}'s {zone}")

    def plan_inst(self, code: str) -> str:
        cid = card_id(code)
        for e in self.run.plan:
            if self.run.cards[e.inst] == cid:
                return e.inst
        raise AssertionError(f"{code} not in the Plan")

    def flip(self) -> Outcome:
        return self.act(Flip(player=self.player(self.run.leader)))

    def play(self, seat: int, code: str) -> Outcome:
        return self.act(
            Play(player=self.player(seat), card=self.inst(seat, code), merc=self.merc(seat))
        )

    def choose(self, seat: int, option: str) -> Outcome:
        """Answer a prompt; a card code is turned into its instance (hand or Plan)."""
        prompt = next(p for p in self.run.prompts if p.seat == seat) if self.run.prompts else None
        key = option
        if prompt is not None and option not in {o.key for o in prompt.options}:
            cid = card_id(option)
            for o in prompt.options:
                if self.run.cards.get(o.key) == cid:
                    key = o.key
                    break
        return self.act(Choose(player=self.player(seat), option=key, merc=self.merc(seat)))

    def vote(self, seat: int, key: str) -> Outcome:
        return self.act(Choose(player=self.player(seat), option=key))

    def close_vote(self) -> Outcome:
        return self.act(CloseVote(player=self.player(self.run.leader)))

    def discard(self, seat: int, code: str) -> Outcome:
        return self.act(
            Discard(player=self.player(seat), card=self.inst(seat, code), merc=self.merc(seat))
        )

    def ready(self, seat: int) -> Outcome:
        return self.act(Ready(player=self.player(seat), merc=self.merc(seat)))

    def ready_all(self) -> None:
        for s in self.run.seats:
            if not self.run.cleanup[s].ready:
                self.ready(s)

    # ---- looking --------------------------------------------------------------------

    @property
    def run(self) -> Run:
        assert self.table.run is not None, "the run has ended"
        return self.table.run

    def names(self, insts: Iterable[str]) -> list[str]:
        return [self.content.cards[self.run.cards[i]].name for i in insts]

    @property
    def plan(self) -> list[str]:
        return [self.content.cards[self.run.cards[e.inst]].name for e in self.run.plan]

    def hand(self, seat: int) -> list[str]:
        return self.names(self.run.zones[seat].hand)

    def discard_pile(self, seat: int) -> list[str]:
        return self.names(self.run.zones[seat].discard)

    @property
    def health(self) -> int:
        return self.run.health

    def damage_on(self, order: int) -> int:
        return next(o.damage for o in self.run.active if o.order == order)

    @property
    def active(self) -> list[int]:
        return [o.order for o in self.run.active]


STARTER = ("2C", "3M", "4S", "5T", "6C", "7M", "8S", "9T", "10C", "JM")


class Crew(Sim):
    """A whole campaign driven only through the campaign actions (join, start, buy, ...).

    Scenario Decks are given by id; every role gets the same starter deck (`starter`);
    `upgrades` are Upgrade Pool packs (`sealed` ones are locked until unlocked); `costs`
    are Eddie values by card code; `trauma` maps a Trauma Pack id to
    `dict(cards=[...], after="retry", max_health_change=-2)`.

        crew = Crew(scenarios={"job": [scene(1, "Payday")]}, upgrades={"pool": ["9T+2"]},
                    costs={"9T+2": 3})
        crew.join("alice", "solo")
        crew.start()
    """

    def __init__(
        self,
        *,
        scenarios: dict[str, Sequence[dict[str, Any]]],
        campaign: Sequence[str] | None = None,
        trauma: dict[str, dict[str, Any]] | None = None,
        upgrades: dict[str, Sequence[str]] | None = None,
        sealed: Sequence[str] = (),
        costs: dict[str, int] | None = None,
        rewards: dict[str, dict[str, Any]] | None = None,
        cards: Sequence[str] = (),
        starter: Sequence[str] = STARTER,
        starting_eddies: int = 0,
        max_health: int = 20,
        seed: int = 7,
        options: TableOptions | None = None,
        owner: str = "p0",
    ) -> None:
        upgrades = upgrades or {}
        costs = costs or {}
        rewards = rewards or {}
        trauma = trauma or {}
        codes: set[str] = set(starter) | set(cards) | set(costs)
        for group in upgrades.values():
            codes.update(group)
        for rw in rewards.values():
            codes.update(rw.get("cards", ()))
        card_defs: dict[str, PlayerCard] = {}
        for code in sorted(codes):
            card = make_card(code)
            if code in costs:
                card = card.model_copy(update={"cost": costs[code]})
            card_defs[card.id] = card
        roles = {
            r: RoleDeck(role=r, name=r.value.title(), cards=tuple(card_id(c) for c in starter))
            for r in Role
        }
        scen: dict[str, Scenario] = {}
        for sid, deck in scenarios.items():
            rw = rewards.get(sid, {})
            scen[sid] = Scenario(
                id=sid,
                name=sid.replace("-", " ").title(),
                cards=[ScenarioCard(**c) for c in deck],
                rewards=Rewards(
                    eddies=rw.get("eddies", 0),
                    cards=tuple(card_id(c) for c in rw.get("cards", ())),
                    unlock_packs=tuple(rw.get("unlock_packs", ())),
                ),
            )
        for tid, spec in trauma.items():
            scen[tid] = Scenario(
                id=tid,
                name=spec.get("name", tid.replace("-", " ").title()),
                cards=[ScenarioCard(**c) for c in spec["cards"]],
                after=spec.get("after", "retry"),
                max_health_change=spec.get("max_health_change", 0),
            )
        packs = {
            pid: UpgradePack(
                id=pid,
                name=pid.replace("-", " ").title(),
                sealed=pid in sealed,
                cards=tuple(card_id(c) for c in group),
            )
            for pid, group in upgrades.items()
        }
        camp = Campaign(
            id="test",
            name="Test Campaign",
            scenarios=tuple(campaign or scenarios),
            trauma_packs=tuple(trauma),
            max_health=max_health,
            starting_eddies=starting_eddies,
        )
        self.content = ContentPack(
            cards=card_defs,
            roles=roles,
            scenarios=scen,
            upgrade_packs=packs,
            campaigns={"test": camp},
        )
        self.table = new_table(
            table_id="t",
            name="Test",
            owner=owner,
            campaign="test",
            seed=seed,
            content=self.content,
            options=options,
        )
        self.owner = owner
        self.events = []
        self.last = None

    # ---- campaign actions, by person -------------------------------------------------

    def join(
        self, player: str, role: str, *, merc: str | None = None, name: str | None = None
    ) -> Outcome:
        return self.act(
            Join(
                player=player,
                name=name or player.title(),
                role=Role(role),
                merc=Role(merc) if merc else None,
            )
        )

    def leave(self, player: str) -> Outcome:
        return self.act(Leave(player=player))

    def start(self, scenario: str | None = None, *, player: str | None = None) -> Outcome:
        return self.act(Start(player=player or self.owner, scenario=scenario))

    def buy(self, player: str, code: str, *, merc: bool = False) -> Outcome:
        return self.act(Buy(player=player, card=card_id(code), merc=merc))

    def remove(self, player: str, code: str, *, merc: bool = False) -> Outcome:
        return self.act(Remove(player=player, card=card_id(code), merc=merc))

    def solve(self, player: str, answer: str) -> Outcome:
        return self.act(Solve(player=player, answer=answer))

    def set_option(self, name: str, value: Any, *, player: str | None = None) -> Outcome:
        return self.act(SetOption(player=player or self.owner, name=name, value=value))

    def abandon(self, *, player: str | None = None) -> Outcome:
        return self.act(Abandon(player=player or self.owner))

    def runner(self, player: str, *, merc: bool = False) -> Runner:
        return next(r for r in self.table.runners if r.player == player and r.is_merc == merc)

    def deck_of(self, player: str, *, merc: bool = False) -> list[str]:
        """The decklist by card code-ish id (see `card_id`)."""
        return list(self.runner(player, merc=merc).deck)
