"""AI crewmates: they decide from a PlayerView only, and they decide well."""

from __future__ import annotations

import ast
import copy
import random
from pathlib import Path

from content.legends.loader import load_default_pack
from rules.core.rng import Rng
from rules.legends import ai as ai_module
from rules.legends.actions import Action, Choose, Discard, Play, Ready, Start
from rules.legends.ai import CrewAI, RandomAI
from rules.legends.cards import ContentPack
from rules.legends.engine import apply
from rules.legends.sim import crew_table, next_actor, simulate
from rules.legends.state import Table
from rules.legends.view import PlayerView, player_view
from tests.legends.dsl import Sim, choice, obstacle, pair, scene


def decide(sim: Sim, seat: int, brain: CrewAI | None = None) -> Action:
    view = player_view(sim.table, sim.player(seat), sim.content)
    return (brain or CrewAI(seed=0)).choose(view, sim.content)


def played(sim: Sim, action: Action) -> str:
    assert isinstance(action, Play), action
    return sim.content.cards[sim.run.cards[action.card]].name


# ---- playing cards well ----------------------------------------------------------------


def test_completes_the_requirement_rather_than_taking_more_damage() -> None:
    # Plan Size 2: seat 1 plays the last card. Only a 7 makes the pair with Muscle.
    sim = Sim(
        hands={0: ["7M", "2C"], 1: ["KM+2", "7T", "3C"]},
        scenario=[
            obstacle(1, "Bike Raiders", health=8, damage=2, to_hit=[pair("muscle")], plan_size=-3)
        ],
    )
    sim.flip()
    sim.play(0, "7M")
    assert played(sim, decide(sim, 1)) == "7T"


def test_dumps_its_weakest_card_into_a_plan_that_cannot_hit() -> None:
    sim = Sim(
        hands={0: ["2C", "4C"], 1: ["KM+4", "3S", "9T+1"]},
        scenario=[
            obstacle(1, "Bike Raiders", health=8, damage=2, to_hit=[pair("muscle")], plan_size=-3)
        ],
    )
    sim.flip()
    sim.play(0, "2C")
    assert played(sim, decide(sim, 1)) == "3S"


def test_brings_the_damage_the_obstacle_needs() -> None:
    sim = Sim(
        hands={0: ["7M", "7T", "5C"], 1: ["2C", "9T+3", "4S"]},
        scenario=[obstacle(1, "Thug", health=3, damage=2, to_hit=[pair()], plan_size=-1)],
    )
    sim.flip()
    sim.play(0, "7M")
    sim.play(1, "4S")
    sim.play(0, "7T")
    # The Plan already hits; +3 Damage clears the Thug, a 2 would leave it standing.
    assert played(sim, decide(sim, 1)) == "9T+3"


def test_plays_immediate_damage_that_clears_the_obstacle_at_once() -> None:
    sim = Sim(
        hands={0: ["7M", "frag-out", "7C"], 1: ["2S", "3S"]},
        scenario=[obstacle(1, "Drone", health=4, damage=2, to_hit=[pair()])],
    )
    sim.flip()
    assert played(sim, decide(sim, 0)) == "Frag Out"


def test_builds_the_pair_from_its_own_later_turns() -> None:
    # Seat 0 plays slots 1, 3 and 5 of 5: it can make the pair with Tech itself.
    sim = Sim(
        hands={0: ["9T", "KS+3", "9C", "QS+3", "2C"], 1: ["3M", "4M", "5M"]},
        scenario=[obstacle(1, "Ice", health=30, damage=2, to_hit=[pair("tech")])],
    )
    sim.flip()
    first = played(sim, decide(sim, 0))
    assert first in ("9T", "9C")


def test_answers_a_discard_from_hand_with_its_weakest_card() -> None:
    sim = Sim(
        hands={0: ["dumpster-dive", "2C", "AT+5"], 1: ["3S", "4S"]},
        decks={0: ["8M"]},
        scenario=[obstacle(1, "Wall", health=30, damage=1, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "dumpster-dive")
    action = decide(sim, 0)
    assert isinstance(action, Choose)
    assert sim.content.cards[sim.run.cards[action.option]].name == "2C"


# ---- votes and clean-up -----------------------------------------------------------------


def _vote_sim(health: int = 14) -> Sim:
    return Sim(
        hands={0: ["2C"], 1: ["3C"]},
        health=health,
        scenario=[
            scene(
                1,
                "Fork",
                choices=[
                    choice("A", "Walk into the fire", {"type": "damage_crew", "amount": 3}),
                    choice("B", "Find a medic", {"type": "heal_crew", "amount": 3}),
                ],
            ),
            scene(2, "Payday"),
        ],
    )


def test_votes_for_the_choice_whose_printed_effects_help_most() -> None:
    sim = _vote_sim()
    sim.flip()
    action = decide(sim, 0)
    assert isinstance(action, Choose) and action.option == "B"


def test_goes_along_with_the_crew_vote() -> None:
    sim = _vote_sim()
    sim.flip()
    sim.vote(0, "A")
    action = decide(sim, 1)
    assert isinstance(action, Choose) and action.option == "A"


def test_cleanup_cycles_a_useless_card_and_keeps_good_ones() -> None:
    sim = Sim(
        hands={0: ["7M", "2C", "9T", "KM+4", "JM+2"], 1: ["3S", "4S", "5S"]},
        decks={0: ["8M", "8C"], 1: ["6S", "6C"]},
        scenario=[obstacle(1, "Wall", health=30, damage=1, to_hit=[pair("muscle")], plan_size=-3)],
    )
    sim.flip()
    sim.play(0, "9T")
    sim.play(1, "3S")
    assert sim.run.phase == "cleanup"
    action = decide(sim, 0)
    assert isinstance(action, Discard)
    assert sim.content.cards[sim.run.cards[action.card]].name == "2C"
    sim.act(action)
    assert isinstance(decide(sim, 0), Ready)


# ---- hidden information -----------------------------------------------------------------


def _scramble(table: Table, keep: str, rng: random.Random) -> Table:
    """Another table that looks the same to `keep`: every other seat's hand and deck are
    dealt anew from the same cards, and the shuffle seed changes."""
    run = table.run
    assert run is not None
    zones = dict(run.zones)
    for s in run.seats:
        if table.runners[s].player == keep:
            continue
        z = zones[s]
        pool = list(z.hand) + list(z.deck)
        rng.shuffle(pool)
        zones[s] = z.model_copy(
            update={"hand": tuple(pool[: len(z.hand)]), "deck": tuple(pool[len(z.hand) :])}
        )
    return table.model_copy(
        update={
            "run": run.model_copy(update={"zones": zones}),
            "rng": Rng(seed=rng.randrange(10**9)),
        }
    )


def test_ai_decisions_do_not_depend_on_other_seats_hidden_cards() -> None:
    content = load_default_pack()
    t = crew_table(content, runners=3, seed=21)
    brains = {f"ai{i}": CrewAI(seed=i) for i in range(3)}
    t = apply(t, Start(player=t.owner), content).table
    rng = random.Random(5)
    checked = 0
    while t.run is not None and checked < 60:
        who = next_actor(t, content)
        assert who is not None
        view = player_view(t, who, content)
        other = _scramble(t, who, rng)
        assert other.run != t.run  # the hidden state really changed ...
        twin = player_view(other, who, content)
        assert twin == view  # ... and the view layer hides all of it,
        a = copy.deepcopy(brains[who]).choose(view, content)
        b = copy.deepcopy(brains[who]).choose(twin, content)
        assert a == b  # so the AI's decision is the same.
        t = apply(t, brains[who].choose(view, content), content).table
        checked += 1
    assert checked >= 30


class _Spy:
    def __init__(self, inner: CrewAI) -> None:
        self.inner = inner
        self.seen: list[type] = []

    def choose(self, view: PlayerView, content: ContentPack) -> Action:
        self.seen.append(type(view))
        return self.inner.choose(view, content)


def test_the_ai_is_only_ever_handed_a_player_view() -> None:
    from rules.legends.sim import play_run

    content = load_default_pack()
    t = crew_table(content, runners=2, seed=4)
    spies = {f"ai{i}": _Spy(CrewAI(seed=i)) for i in range(2)}
    res = play_run(t, content, dict(spies), max_actions=150)
    seen = {cls for spy in spies.values() for cls in spy.seen}
    assert seen == {PlayerView}
    assert res.actions > 0


def test_the_ai_module_cannot_reach_the_table() -> None:
    """The AI package imports the view layer, never the state, the reducer or legal moves."""
    imported: set[str] = set()
    # Every module of the package (rules/legends/ai/), not only its __init__.
    for path in Path(ai_module.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported |= {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        imported |= {
            a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names
        }
    imported = {m for m in imported if not m.startswith("rules.legends.ai")}
    forbidden = {
        "rules.legends.state",
        "rules.legends.engine",
        *(m for m in imported if m.startswith("rules.legends.engine.")),
        "rules.legends.legal",
        "rules.legends.table",
    }
    assert not imported & forbidden
    assert "rules.legends.view" in imported


# ---- strength ---------------------------------------------------------------------------


def test_the_crew_ai_beats_the_random_baseline() -> None:
    # Measured on what planning controls (how often a Plan meets a requirement) rather
    # than on win rates, which move whenever the content is rebalanced.
    content = load_default_pack()
    scen = next(iter(content.campaigns.values())).scenarios[-1]
    crew = simulate(content, scenario=scen, runners=2, games=3, seed=3, ai="crew")
    rand = simulate(content, scenario=scen, runners=2, games=3, seed=3, ai="random")
    assert crew.plan_hit_rate > rand.plan_hit_rate + 0.2
    assert crew.health_left_mean >= rand.health_left_mean


def test_random_ai_only_picks_legal_actions() -> None:
    sim = Sim(
        hands={0: ["7M", "2C"], 1: ["3S"]},
        scenario=[obstacle(1, "Wall", health=30, damage=1, to_hit=[pair()])],
    )
    sim.flip()
    view = player_view(sim.table, "p0", sim.content)
    for seed in range(10):
        assert RandomAI(seed=seed).choose(view, sim.content) in view.legal


# ---- card effects -----------------------------------------------------------------------


def test_puts_the_card_second_story_work_draws() -> None:
    sim = Sim(
        hands={0: ["second-story-work", "2C"], 1: ["3S", "4S"]},
        decks={0: ["8M"]},
        scenario=[obstacle(1, "Wall", health=30, damage=1, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "second-story-work")
    action = decide(sim, 0)
    assert isinstance(action, Choose) and action.option == "put"


def test_malachias_trades_face_cards_for_immediate_damage_when_the_plan_cannot_hit() -> None:
    sim = Sim(
        hands={0: ["KC", "4S"], 1: ["QC", "malachias", "5S"]},
        scenario=[obstacle(1, "Guard", health=20, damage=2, to_hit=[pair("muscle")])],
    )
    sim.flip()
    sim.play(0, "KC")
    sim.play(1, "QC")
    sim.play(0, "4S")
    sim.play(1, "malachias")
    picks = []
    while sim.run.prompts:
        action = decide(sim, 1)
        assert isinstance(action, Choose)
        picks.append(action.option)
        sim.act(action)
    assert picks[:2] and all(p != "done" for p in picks[:2])
    assert sim.damage_on(1) == 4  # both face cards went, 2 immediate Damage each


def test_trap_and_trace_passes_when_its_own_card_does_nothing_for_the_plan() -> None:
    # The Plan (size 2) needs a pair with Muscle. Seat 1's Trap and Trace cannot help, so
    # it discards itself: the Plan is not full any more and seat 0 plays again.
    sim = Sim(
        hands={0: ["3M", "3C", "2C"], 1: ["trap-and-trace", "4S"]},
        scenario=[obstacle(1, "Ice", health=20, damage=2, to_hit=[pair("muscle")], plan_size=-3)],
    )
    sim.flip()
    sim.play(0, "3M")
    sim.play(1, "trap-and-trace")
    action = decide(sim, 1)
    assert isinstance(action, Choose)
    assert action.option == sim.plan_inst("trap-and-trace")
    sim.act(action)
    assert sim.run.turn == 0
    sim.play(0, "3C")
    assert sim.last is not None
    assert any(e.kind == "to_hit" and e.data.get("hit") for e in sim.last.events)
