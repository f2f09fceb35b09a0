"""Random playouts: every step picks a random person the table waits on and a random legal
action of theirs, then checks the engine's invariants.

- every card instance is in exactly one zone (its owner's hand, deck or discard, or the Plan);
- while a run lasts, 0 < Health <= max, and every active Obstacle has Damage < Health;
- every accepted action bumps the version by exactly 1;
- the Table round-trips through JSON to an equal object;
- every action `legal_actions` offers is accepted by `apply`;
- someone can always act while a run is on (no dead ends);
- no public event names a card that was never face up, nor the RNG seed;
- replaying the same actions from the same table gives the same final JSON.
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalAction
from rules.legends.actions import Action, Start
from rules.legends.cards import ContentPack
from rules.legends.engine import apply
from rules.legends.legal import legal_actions, players_to_act
from rules.legends.options import TableOptions
from rules.legends.state import Table
from tests.legends.dsl import Crew, choice, clue, memory, obstacle, pair, req, scene

SEED_BASE = 7_000_000_000
STARTER_DECK = (
    "trap-and-trace",
    "second-story-work",
    "crimson-flags",
    "malachias",
    "guns-lots-of-guns",
    "before-the-night",
    "disarming-smile",
    "overclocked-deck",
    "trauma-patch",
    "frag-out",
    "pair-bonus",
    "swap-in",
    "open-door",
    "dumpster-dive",
    "quick-hands",
    "rush-in",
    "backup",
    "tech-needed",
    "opener",
    "crowd-pleaser",
    "7M",
    "7C",
    "8/6M",
    "KCCC",
    "9T+2",
    "AS",
    "2*",
    "QT+1",
)

JOB_1 = [
    scene(
        1,
        "Briefing",
        choices=[
            choice("A", "Go in hot", {"type": "draw_next"}),
            choice("B", "Sneak", {"type": "discard_next"}),
        ],
    ),
    obstacle(
        2,
        "Lookout",
        health=6,
        damage=1,
        to_hit=[pair()],
        effects=[{"type": "draw_next"}],
        end_of_round=[{"type": "heal_obstacle", "amount": 1}],
    ),
    obstacle(
        3, "Bouncer", health=10, damage=2, to_hit=[pair("muscle"), req("straight", better=True)]
    ),
    clue(4, "Datashard", puzzle=dict(id="shard", question="?", answers=["rogue"], eddies=1)),
    scene(5, "Shakedown", effects=[{"type": "each_discards", "count": 1}]),
    memory(6, "A Favour", key="favour"),
    obstacle(
        7,
        "Boss",
        health=14,
        damage=3,
        plan_size=1,
        to_hit=[req("two_pair", better=True), req("flush", flush_suit="charisma")],
        end_of_round=[{"type": "damage_crew", "amount": 1}],
    ),
    scene(
        8,
        "Payday",
        effects=[
            {"type": "each_draws", "count": 1},
            {"type": "if_memory", "key": "favour", "then": [{"type": "gain_eddies", "amount": 2}]},
        ],
    ),
]
JOB_2 = [
    obstacle(
        1,
        "Drones",
        health=8,
        damage=4,
        to_hit=[pair("tech"), req("flush")],
        effects=[{"type": "draw_next"}],
    ),
    obstacle(2, "Turret", health=5, damage=2, to_hit=[req("three_of_a_kind")]),
    scene(3, "Out"),
]
TRAUMA = {
    "cards": [scene(1, "Trauma Team"), obstacle(2, "Orderly", health=3, damage=1)],
    "after": "retry",
    "max_health_change": -2,
}

_WORD: dict[str, re.Pattern[str]] = {}


def word(name: str) -> re.Pattern[str]:
    if name not in _WORD:
        _WORD[name] = re.compile(rf"(?<![\w/+\-]){re.escape(name)}(?![\w/+\-])")
    return _WORD[name]


def make_crew(n_players: int, merc: bool, seed: int, options: TableOptions) -> Crew:
    crew = Crew(
        scenarios={"job-1": JOB_1, "job-2": JOB_2},
        trauma={"trauma-1": TRAUMA},
        starter=STARTER_DECK,
        seed=seed,
        options=options,
        max_health=20,
    )
    roles = ["solo", "nomad", "rocker", "netrunner"]
    if merc:
        crew.join("p0", "solo", merc="nomad")
    else:
        for i in range(n_players):
            crew.join(f"p{i}", roles[i])
    return crew


# ---- invariants -------------------------------------------------------------------------


def check_zones(table: Table) -> None:
    run = table.run
    if run is None:
        return
    where: dict[str, list[str]] = {}
    for seat, z in run.zones.items():
        for zone in ("hand", "deck", "discard"):
            for inst in getattr(z, zone):
                where.setdefault(inst, []).append(f"{seat}:{zone}")
                assert inst.startswith(f"s{seat}c"), f"{inst} is in seat {seat}'s {zone}"
    for e in run.plan:
        where.setdefault(e.inst, []).append("plan")
        assert e.inst.startswith(f"s{e.seat}c"), f"{e.inst} is in the Plan as seat {e.seat}'s"
    assert set(where) == set(run.cards), "a card instance is missing from every zone"
    doubles = {i: z for i, z in where.items() if len(z) != 1}
    assert not doubles, f"cards in several zones: {doubles}"


def check_health(table: Table, content: ContentPack) -> None:
    run = table.run
    if run is None:
        return
    assert 0 < run.health <= run.max_health
    scen = content.scenarios[run.scenario]
    for ob in run.active:
        card = next(c for c in scen.cards if c.order == ob.order)
        assert 0 <= ob.damage < card.health


def check_round_trip(table: Table) -> None:
    assert Table.model_validate_json(table.model_dump_json()) == table


def check_legal_accepted(table: Table, content: ContentPack) -> list[str]:
    people = players_to_act(table, content)
    for person in people:
        for action in legal_actions(table, person, content):
            try:
                apply(table, action, content)
            except IllegalAction as exc:  # pragma: no cover - a failure
                raise AssertionError(f"legal action refused: {action!r}: {exc}") from exc
    return people


class Secrets:
    """Cards never shown face up (their names and ids must stay out of public events)."""

    def __init__(self) -> None:
        self.revealed: set[str] = set()

    def check(
        self, before: Table, after: Table, events: Any, content: ContentPack, seed: int
    ) -> None:
        for e in events:
            if e.kind == "card_entered":
                self.revealed.add(str(e.data["inst"]))
        run = after.run if after.run is not None else before.run
        if run is None:
            return
        secret = [i for i in run.cards if i not in self.revealed]
        shown = {content.cards[run.cards[i]].name for i in run.cards if i in self.revealed}
        names = {content.cards[run.cards[i]].name for i in secret} - shown
        for e in events:
            if e.seats is not None:
                continue
            blob = e.model_dump_json()
            assert str(seed) not in blob
            for inst in secret:
                assert f'"{inst}"' not in blob, f"public event leaks {inst}: {blob}"
            for name in names:
                assert not word(name).search(blob), f"public event leaks {name!r}: {blob}"


# ---- the playout ----------------------------------------------------------------------


def playout(data: st.DataObject, crew: Crew, seed: int, max_steps: int) -> list[Action]:
    table, content = crew.table, crew.content
    actions: list[Action] = []
    secrets = Secrets()
    runs = 0
    for _ in range(max_steps):
        if table.run is None:
            if runs >= 2:
                break
            action: Action = Start(player=crew.owner)
            runs += 1
            secrets = Secrets()
        else:
            people = check_legal_accepted(table, content)
            assert people, "nobody can act, but the run is on"
            person = data.draw(st.sampled_from(people), label="person")
            options = legal_actions(table, person, content)
            action = data.draw(st.sampled_from(options), label="action")
        try:
            out = apply(table, action, content)
        except IllegalAction:
            assert isinstance(action, Start)  # e.g. the campaign is over
            break
        assert out.table.version == table.version + 1
        check_zones(out.table)
        check_health(out.table, content)
        check_round_trip(out.table)
        secrets.check(table, out.table, out.events, content, seed)
        actions.append(action)
        table = out.table
    crew.table = table
    return actions


def replay(crew_factory: Any, actions: list[Action]) -> Table:
    crew = crew_factory()
    table = crew.table
    for a in actions:
        table = apply(table, a, crew.content).table
    return table


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    data=st.data(),
    n_players=st.integers(1, 3),
    merc=st.booleans(),
    seed_offset=st.integers(0, 10_000),
    ace_low=st.booleans(),
    one_rank=st.booleans(),
    assign=st.booleans(),
)
def test_random_playouts_keep_every_invariant(
    data: st.DataObject,
    n_players: int,
    merc: bool,
    seed_offset: int,
    ace_low: bool,
    one_rank: bool,
    assign: bool,
) -> None:
    seed = SEED_BASE + seed_offset
    options = TableOptions(ace_low=ace_low, one_rank_per_card=one_rank, assign_damage=assign)

    def factory() -> Crew:
        return make_crew(n_players, merc, seed, options)

    crew = factory()
    start = crew.table
    actions = playout(data, crew, seed, max_steps=100)
    final = crew.table
    assert final.version == start.version + len(actions)
    # Determinism: the same actions from the same table give the same JSON.
    assert replay(factory, actions).model_dump_json() == final.model_dump_json()
