"""Obstacles may scale their Health with the crew (content field `health_per_runner`)."""

from __future__ import annotations

import pytest

from tests.legends.dsl import Sim, obstacle, pair


@pytest.mark.parametrize("seats,expected", [(1, 5), (2, 8), (4, 14)])
def test_health_per_runner_adds_health_for_each_runner_beyond_the_first(
    seats: int, expected: int
) -> None:
    sim = Sim(hands={s: ["2C", "3M"] for s in range(seats)},
              scenario=[obstacle(1, "Wall", health=5, health_per_runner=3, to_hit=[pair()])])
    sim.flip()
    assert sim.run.active[0].health == expected
    assert f"Health {expected}," in sim.events[0]


def test_scaled_health_is_what_clears_the_obstacle() -> None:
    sim = Sim(hands={0: ["7M+4", "2C"], 1: ["7T+4", "3S"]},
              scenario=[obstacle(1, "Wall", health=5, health_per_runner=4, to_hit=[pair()])])
    sim.flip()
    assert sim.run.active[0].health == 9
    sim.play(0, "7M+4")
    sim.play(1, "7T+4")
    sim.play(0, "2C")
    sim.play(1, "3S")  # four cards; seat 0 has nothing left: the Plan executes
    assert sim.run.active and sim.run.active[0].damage == 8  # 8 < 9: still standing
