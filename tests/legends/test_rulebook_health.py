"""Health, flatlining and Trauma Packs (rulebook "Just Don't Get Yourself Killed", "If You
Flatline", glossary "Heal"; R1, R12)."""

from __future__ import annotations

from typing import Any

from tests.legends.dsl import Crew, Sim, obstacle, pair, scene


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


def bomb(order: int, amount: int = 20) -> dict[str, Any]:
    return scene(order, "Bomb", effects=[{"type": "damage_crew", "amount": amount}])


TRAUMA = {
    "cards": [scene(1, "Trauma Team Arrives"), scene(2, "Back on Your Feet")],
    "after": "retry",
    "max_health_change": -2,
}


def test_health_starts_each_scenario_at_max() -> None:
    crew = Crew(
        scenarios={
            "one": [bomb(1, 5), scene(2, "Payday")],
            "two": [scene(1, "Again"), scene(2, "Payday")],
        },
        max_health=18,
    )
    crew.join("alice", "solo")
    crew.start()
    assert crew.health == 18 and crew.run.max_health == 18
    crew.flip()
    assert crew.health == 13
    crew.flip()
    crew.start()
    assert crew.health == 18  # reset for the new scenario


def test_healing_cannot_take_the_crew_over_max_health() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        health=19,
        scenario=[scene(1, "Stim", effects=[{"type": "heal_crew", "amount": 5}]), scene(2, "Last")],
    )
    sim.flip()
    assert sim.health == 20


def test_the_crew_flatlines_when_an_obstacle_brings_health_to_zero() -> None:
    sim = Sim(
        hands={0: ["2C", "3C", "4C"], 1: ["5S", "6S"]},
        health=3,
        scenario=[obstacle(1, "Cyberpsycho", health=30, damage=3, to_hit=[pair()])],
    )
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    assert sim.table.run is None
    assert sim.table.history[-1].outcome == "flatlined"
    assert sim.table.history[-1].health == 0
    assert "flatlined" in kinds(sim)


def test_one_health_left_is_still_alive() -> None:
    sim = Sim(
        hands={0: ["2C", "3C", "4C"], 1: ["5S", "6S"]},
        health=4,
        scenario=[obstacle(1, "Cyberpsycho", health=30, damage=3, to_hit=[pair()])],
    )
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    assert sim.table.run is not None and sim.health == 1


def test_the_crew_flatlines_from_scenario_damage() -> None:
    sim = Sim(hands={0: ["2C"], 1: ["3C"]}, health=4, scenario=[bomb(1, 4), scene(2, "Never Seen")])
    sim.flip()
    assert sim.table.run is None and sim.table.history[-1].outcome == "flatlined"
    assert all("Never Seen" not in t for t in sim.events)


def test_the_crew_flatlines_from_an_end_of_round_effect_at_once() -> None:
    scenario = [
        obstacle(
            1,
            "Netwatch",
            health=30,
            damage=0,
            to_hit=[pair()],
            effects=[{"type": "draw_next"}],
            end_of_round=[{"type": "damage_crew", "amount": 2}],
        ),
        obstacle(
            2,
            "Black ICE",
            health=30,
            damage=0,
            to_hit=[pair()],
            end_of_round=[{"type": "heal_crew", "amount": 5}],
        ),
    ]
    sim = Sim(hands={0: ["2C", "3C", "4C"], 1: ["5S", "6S"]}, health=2, scenario=scenario)
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    # Netwatch (order 1) strikes first: 0 Health ends the run before Black ICE's heal.
    assert sim.table.run is None and sim.table.history[-1].outcome == "flatlined"


def test_flatline_opens_the_campaigns_next_trauma_pack() -> None:
    crew = Crew(scenarios={"job": [bomb(1), scene(2, "Payday")]}, trauma={"trauma-1": TRAUMA})
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    assert crew.table.run is None
    assert crew.table.next_trauma == "trauma-1"
    assert "trauma" in kinds(crew)
    crew.start()
    assert crew.run.trauma and crew.run.scenario == "trauma-1"


def test_trauma_pack_with_retry_keeps_progress_and_changes_max_health() -> None:
    crew = Crew(
        scenarios={"job": [bomb(1), scene(2, "Payday")], "next-job": [scene(1, "Later")]},
        trauma={"trauma-1": TRAUMA},
    )
    crew.join("alice", "solo")
    crew.start()
    crew.flip()  # flatlined
    crew.start()  # the Trauma Pack
    crew.flip()
    crew.flip()
    assert crew.table.run is None
    assert crew.table.history[-1].outcome == "complete"
    assert crew.table.next_trauma is None
    assert crew.table.max_health == 18
    assert crew.table.progress == 0 and crew.table.completed == ()
    crew.start()
    assert crew.run.scenario == "job"  # the same job again
    assert crew.health == 18


def test_trauma_pack_with_next_moves_the_campaign_on() -> None:
    trauma = dict(TRAUMA, after="next", max_health_change=0)
    crew = Crew(
        scenarios={
            "job": [bomb(1), scene(2, "Payday")],
            "next-job": [scene(1, "Later"), scene(2, "Payday")],
        },
        trauma={"trauma-1": trauma},
    )
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    crew.start()
    crew.flip()
    crew.flip()
    assert crew.table.progress == 1 and crew.table.max_health == 20
    crew.start()
    assert crew.run.scenario == "next-job"


def test_each_flatline_opens_the_next_trauma_pack_in_turn() -> None:
    crew = Crew(
        scenarios={"job": [bomb(1), scene(2, "Payday")]},
        trauma={"trauma-1": TRAUMA, "trauma-2": dict(TRAUMA, max_health_change=0)},
    )
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    assert crew.table.next_trauma == "trauma-1"
    crew.start()
    crew.flip()
    crew.flip()
    crew.start()
    crew.flip()  # flatlined again
    assert crew.table.next_trauma == "trauma-2"


def test_flatline_without_trauma_packs_just_ends_the_run() -> None:
    crew = Crew(scenarios={"job": [bomb(1), scene(2, "Payday")]})
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    assert crew.table.run is None and crew.table.next_trauma is None
    crew.start()
    assert crew.run.scenario == "job"


def test_damage_past_zero_is_still_a_flatline() -> None:
    """R1: the crew flatlines once Health reaches 0 — overkill too; the record shows 0."""
    sim = Sim(
        hands={0: ["2C", "3C", "4C"], 1: ["5S", "6S"]},
        health=2,
        scenario=[obstacle(1, "Cyberpsycho", health=30, damage=7, to_hit=[pair()])],
    )
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    assert sim.table.run is None
    assert sim.table.history[-1].outcome == "flatlined" and sim.table.history[-1].health == 0


def test_max_health_is_20_by_default() -> None:
    """ "set your Health Die to your max health (Default 20...)"."""
    from rules.legends.cards import Campaign

    camp = Campaign(id="c", name="C", scenarios=("job",))
    assert camp.max_health == 20
    crew = Crew(scenarios={"job": [scene(1, "One"), scene(2, "Payday")]})
    crew.join("alice", "solo")
    crew.start()
    assert crew.health == 20 and crew.run.max_health == 20
