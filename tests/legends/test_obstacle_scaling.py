"""Obstacles may scale their Health with the crew (content field `health_per_runner`)."""

from __future__ import annotations

import io
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from pydantic import ValidationError

from cogs.legends.terminal.simulate import main as simulate_main
from cogs.legends.terminal.simulate import simulate_detailed
from content.legends.loader import load_default_pack
from rules.legends.cards import ScenarioCard, ScenarioKind
from rules.legends.sim import simulate
from tests.legends.dsl import Sim, obstacle, pair


@pytest.mark.parametrize("seats,expected", [(1, 5), (2, 8), (4, 14)])
def test_health_per_runner_adds_health_for_each_runner_beyond_the_first(
    seats: int, expected: int
) -> None:
    sim = Sim(
        hands={s: ["2C", "3M"] for s in range(seats)},
        scenario=[obstacle(1, "Wall", health=5, health_per_runner=3, to_hit=[pair()])],
    )
    sim.flip()
    assert sim.run.active[0].health == expected
    assert f"Health {expected}," in sim.events[0]


def test_scaled_health_is_what_clears_the_obstacle() -> None:
    sim = Sim(
        hands={0: ["7M+4", "2C"], 1: ["7T+4", "3S"]},
        scenario=[obstacle(1, "Wall", health=5, health_per_runner=4, to_hit=[pair()])],
    )
    sim.flip()
    assert sim.run.active[0].health == 9
    sim.play(0, "7M+4")
    sim.play(1, "7T+4")
    sim.play(0, "2C")
    sim.play(1, "3S")  # four cards; seat 0 has nothing left: the Plan executes
    assert sim.run.active and sim.run.active[0].damage == 8  # 8 < 9: still standing


# ---- health_by_crew: a table when a straight line does not fit ------------------------


@pytest.mark.parametrize("seats,expected", [(1, 6), (2, 9), (3, 14), (4, 13), (5, 15), (6, 17)])
def test_health_by_crew_sets_health_per_crew_size(seats: int, expected: int) -> None:
    # Sizes in the table take its value; above it, health_per_runner per extra seat.
    sim = Sim(
        hands={s: ["2C", "3M"] for s in range(seats)},
        scenario=[
            obstacle(
                1,
                "Wall",
                health=6,
                health_per_runner=2,
                health_by_crew={2: 9, 3: 14, 4: 13},
                to_hit=[pair()],
            )
        ],
    )
    sim.flip()
    assert sim.run.active[0].health == expected
    assert f"Health {expected}," in sim.events[0]


def test_mercs_count_as_seats_for_health_by_crew() -> None:
    sim = Sim(
        hands={0: ["2C", "3M"], 1: ["4S"]},
        merc=True,
        scenario=[obstacle(1, "Wall", health=6, health_by_crew={2: 11}, to_hit=[pair()])],
    )
    sim.flip()
    assert sim.run.active[0].health == 11


def test_health_by_crew_health_is_what_clears_the_obstacle() -> None:
    sim = Sim(
        hands={0: ["7M+4", "2C"], 1: ["7T+4", "3S"]},
        scenario=[obstacle(1, "Wall", health=5, health_by_crew={2: 8}, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "7M+4")
    sim.play(1, "7T+4")
    sim.play(0, "2C")
    sim.play(1, "3S")
    assert not sim.run.active  # 8 Damage against 8 Health: cleared


def test_health_for_without_a_table_is_the_straight_line() -> None:
    card = ScenarioCard(
        order=1, kind="obstacle", name="Wall", health=7, health_per_runner=3, to_hit=[pair()]
    )
    assert [card.health_for(n) for n in (1, 2, 3, 4)] == [7, 10, 13, 16]


def test_a_crew_of_one_in_the_table_may_stand_in_for_health() -> None:
    card = ScenarioCard.model_validate(
        {
            "order": 1,
            "kind": "obstacle",
            "name": "Wall",
            "health_by_crew": {"1": 8, "2": 10},
            "to_hit": [pair()],
        }
    )
    assert card.health == 8 and card.health_for(2) == 10


@pytest.mark.parametrize(
    "table,message",
    [
        ({"3": 12}, "must run without gaps from 1 or 2 up"),
        ({"2": 10, "4": 12}, "must run without gaps from 1 or 2 up"),
        ({"two": 10}, "'two' is not a crew size"),
        ({"0": 10}, "'0' is not a crew size"),
        ({"21": 10}, "'21' is not a crew size"),
        ({"2": 0}, "must be a whole number from 1 to 200, not 0"),
        ({"2": "ten"}, "must be a whole number from 1 to 200, not 'ten'"),
        ({"1": 9, "2": 10}, "a crew of 1 has Health 9 here but health is 6"),
    ],
)
def test_bad_health_by_crew_tables_are_refused(table: dict[str, object], message: str) -> None:
    with pytest.raises(ValidationError) as info:
        ScenarioCard.model_validate(
            {
                "order": 1,
                "kind": "obstacle",
                "name": "Wall",
                "health": 6,
                "health_by_crew": table,
                "to_hit": [pair()],
            }
        )
    assert message in str(info.value)


def test_health_by_crew_only_on_obstacles() -> None:
    with pytest.raises(ValidationError, match="only apply to obstacles"):
        ScenarioCard.model_validate(
            {"order": 1, "kind": "scene", "name": "Rain", "health_by_crew": {"2": 4}}
        )


# ---- the core pack --------------------------------------------------------------------


def _core_obstacles() -> list[tuple[str, ScenarioCard]]:
    pack = load_default_pack()
    camp = pack.campaigns["night-market"]
    return [
        (sid, c)
        for sid in camp.scenarios
        for c in pack.scenarios[sid].cards
        if c.kind is ScenarioKind.OBSTACLE
    ]


def test_core_obstacles_have_sane_health_at_every_supported_crew_size() -> None:
    for sid, card in _core_obstacles():
        healths = [card.health_for(n) for n in (1, 2, 3, 4)]
        assert all(6 <= h <= 30 for h in healths), (sid, card.name, healths)
        # A bigger crew never faces less than a lone runner.
        assert min(healths[1:]) >= healths[0], (sid, card.name, healths)


def test_core_obstacles_separate_three_from_four_runners() -> None:
    # The balance pass (docs/playtesting.md): 3 runners won most easily with a straight
    # line, so each scenario's 3-runner table is tuned on its own.
    for sid in ("edge-of-the-market", "under-the-stalls", "the-lantern-man"):
        cards = [c for s, c in _core_obstacles() if s == sid]
        assert any(c.health_by_crew for c in cards), sid


# ---- the simulator says which Obstacle, in which round of its fight, flatlined crews ---

TINY = Path(__file__).resolve().parents[1] / "terminal" / "tinypack"


def test_simulator_reports_where_the_health_went_and_the_flatline_round(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "r.json"
    code = simulate_main(
        [
            "--pack",
            str(TINY),
            "--scenario",
            "deathtrap",
            "--games",
            "2",
            "--ai",
            "random",
            "--json",
            str(target),
        ],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    text = out.getvalue()
    assert "Where the Health went" in text
    # Wall of Guns: Health 99, Damage 20; the crew arrives with 20 and dies in round 1.
    assert "Wall of Guns" in text and "2 - r1: 2 (arrived with 20.0)" in text
    assert "the top cause ended 100.0% of them" in text
    (report,) = json.loads(target.read_text())["reports"]
    loss = report["losses"]
    (wall,) = loss["obstacles"]
    assert wall["health"] == 99 and wall["flatlines"] == 2
    assert wall["flatline_rounds"] == {"1": 2}
    assert wall["health_on_arrival"] == 20.0 and wall["health_lost"] == 20.0
    assert wall["share_of_damage"] == 1.0 and loss["top_loss_share"] == 1.0


def test_detailed_simulation_plays_the_same_games_as_simulate() -> None:
    pack = load_default_pack()
    plain = simulate(pack, scenario="under-the-stalls", runners=2, games=2, seed=3)
    report, loss = simulate_detailed(pack, scenario="under-the-stalls", runners=2, games=2, seed=3)
    assert asdict(report) == asdict(plain)
    assert [d.name for d in loss.obstacles] == [o.name for o in plain.obstacles]
    assert {d.name: d.flatlines for d in loss.obstacles if d.flatlines} == {
        o.name: o.flatlines for o in plain.obstacles if o.flatlines
    }
    card = next(c for c in pack.scenarios["under-the-stalls"].cards if c.name == "Static Choir")
    assert loss.obstacles[0].health == card.health_for(2)
