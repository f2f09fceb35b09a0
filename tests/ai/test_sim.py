"""Playouts and the balance simulator: determinism, statistics, bookkeeping."""

from __future__ import annotations

from dataclasses import asdict

import pytest

from content.legends.loader import load_default_pack
from rules.legends.ai import CrewAI
from rules.legends.cards import ContentPack
from rules.legends.sim import (
    crew_table,
    next_actor,
    play_run,
    simulate,
    summarize,
    wilson,
)
from tests.legends.dsl import Sim, choice, scene


def _scenario(content: ContentPack, i: int) -> str:
    return next(iter(content.campaigns.values())).scenarios[i]


def test_simulate_is_deterministic_for_a_seed() -> None:
    content = load_default_pack()
    scen = _scenario(content, 0)
    a = simulate(content, scenario=scen, runners=2, games=3, seed=9)
    b = simulate(content, scenario=scen, runners=2, games=3, seed=9)
    assert asdict(a) == asdict(b)


def test_different_seeds_deal_different_games() -> None:
    content = load_default_pack()
    runs = [
        play_run(crew_table(content, runners=1, seed=s), content, {"ai0": CrewAI(seed=s)})
        for s in (1, 2)
    ]
    assert runs[0].cards_played != runs[1].cards_played


def test_a_playout_keeps_the_books() -> None:
    content = load_default_pack()
    res = play_run(
        crew_table(content, runners=2, seed=3),
        content,
        {"ai0": CrewAI(seed=1), "ai1": CrewAI(seed=2)},
    )
    assert res.outcome in ("complete", "flatlined")
    assert res.table is not None and res.table.run is None
    scen = content.scenarios[res.scenario]
    obstacles = {c.name for c in scen.cards if c.kind.value == "obstacle"}
    assert set(res.obstacle_rounds) <= obstacles
    assert set(res.cleared) <= set(res.obstacle_rounds)
    assert sum(res.obstacle_rounds.values()) >= res.rounds
    assert set(res.cards_played) <= set(content.cards)
    if res.outcome == "complete":
        assert res.flatlined_by is None and res.health > 0
    else:
        assert res.flatlined_by is not None and res.health == 0


def test_summary_counts_wins_flatlines_and_causes() -> None:
    content = load_default_pack()
    scen = _scenario(content, 1)
    res = [
        play_run(
            crew_table(content, runners=1, seed=s), content, {"ai0": CrewAI(seed=s)}, scenario=scen
        )
        for s in range(3)
    ]
    report = summarize(content, res, scenario=scen, runners=1, seed=0, ai="crew")
    assert report.games == 3
    assert report.wins + report.flatlines + report.timeouts == 3
    assert sum(report.flatlined_by.values()) == report.flatlines
    assert [o.name for o in report.obstacles] == [
        c.name for c in content.scenarios[scen].deck_in_order() if c.kind.value == "obstacle"
    ]
    assert report.obstacles[0].faced == 3
    assert report.most_played and report.most_played[0][2] > 0
    lo, hi = report.win_ci95
    assert lo <= report.win_rate <= hi


@pytest.mark.parametrize(
    "k, n, lo, hi",
    [
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (81, 100, 0.7222, 0.8749),
    ],
)
def test_wilson_interval(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=1e-4)
    assert got[1] == pytest.approx(hi, abs=1e-4)


def test_no_games_means_no_information() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_driver_waits_only_on_people_who_have_not_voted() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            scene(1, "Fork", choices=[choice("A", "Left"), choice("B", "Right")]),
            scene(2, "Payday"),
        ],
    )
    sim.flip()
    assert next_actor(sim.table, sim.content) == "p0"
    sim.vote(0, "A")
    assert next_actor(sim.table, sim.content) == "p1"
    sim.vote(1, "B")
    assert sim.table.run is None or sim.run.phase != "vote"
