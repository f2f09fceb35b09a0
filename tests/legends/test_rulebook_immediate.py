"""Immediate Damage (rulebook "Immediate Damage", glossary "Immediate Damage"; R7)."""

from __future__ import annotations

from tests.legends.dsl import Sim, obstacle, pair, req, scene


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


def test_malachias_ends_the_plan_before_healing() -> None:
    scenario = [
        obstacle(
            1,
            "Gatekeeper",
            health=4,
            damage=5,
            to_hit=[pair()],
            end_of_round=[{"type": "damage_crew", "amount": 5}],
        ),
        scene(2, "After"),
    ]
    sim = Sim(
        hands={0: ["trauma-patch", "QC", "2C"], 1: ["KS", "malachias", "4S"]},
        scenario=scenario,
        health=15,
    )
    sim.flip()
    for seat, code in [(0, "trauma-patch"), (1, "KS"), (0, "QC")]:
        sim.play(seat, code)
    sim.play(1, "malachias")
    prompt = sim.run.prompts[0]
    assert prompt.kind == "discard_from_plan"
    # Only face cards may go; Malachias (a 3) and Trauma Patch (a 2) are not offered.
    assert {sim.run.cards.get(o.key) for o in prompt.options} == {"p-ks", "p-qc", None}
    sim.choose(1, "KS")
    sim.choose(1, "QC")  # 2 discarded: 4 immediate Damage, Gatekeeper (health 4) clears
    ks = kinds(sim)
    assert "obstacle_cleared" in ks and "plan_cut_short" in ks
    assert "executed" not in ks  # the Plan never executes
    assert sim.health == 15  # no healing, no Obstacle Damage, no end-of-round effect
    # Clean-up for a cleared round: cards back to their owners, discard any number.
    assert sim.run.plan == ()
    assert sorted(sim.discard_pile(0)) == ["QC", "Trauma Patch"]
    assert sorted(sim.discard_pile(1)) == ["KS", "Malachias the Lost"]
    assert sim.run.phase == "cleanup" and sim.run.cleanup_cleared
    assert all(c.limit is None for c in sim.run.cleanup.values())
    sim.ready_all()
    assert sim.run.leader == 1 and sim.run.phase == "flip"  # Leader Token passed on


def test_immediate_damage_ignores_to_hit_requirements() -> None:
    sim = Sim(
        hands={0: ["frag-out", "2C"], 1: ["9S"]},
        scenario=[obstacle(1, "Tank", health=4, to_hit=[req("four_of_a_kind")])],
    )
    sim.flip()
    sim.play(0, "frag-out")
    assert 1 in sim.run.cleared
    assert sim.run.phase == "cleanup"


def test_immediate_damage_lands_at_once_and_is_not_counted_again_at_execution() -> None:
    sim = Sim(
        hands={0: ["frag-out", "7M+2", "3C"], 1: ["7C", "9S"]},
        scenario=[obstacle(1, "Tank", health=20, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "frag-out")
    assert sim.damage_on(1) == 4 and sim.run.phase == "plan"
    for seat, code in [(1, "7C"), (0, "7M+2"), (1, "9S"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 6  # 4 immediate + 2 at execution, not 4 + 4 + 2


def _two_obstacles() -> Sim:
    scenario = [
        obstacle(1, "Guard", health=4, damage=1, to_hit=[pair()], effects=[{"type": "draw_next"}]),
        obstacle(2, "Turret", health=20, damage=2, to_hit=[pair()]),
    ]
    sim = Sim(hands={0: ["2C", "3C", "4C"], 1: ["frag-out", "5S", "6S"]}, scenario=scenario)
    sim.flip()
    sim.play(0, "2C")
    sim.play(1, "frag-out")
    return sim


def test_with_several_obstacles_the_player_dealing_immediate_damage_picks_the_target() -> None:
    sim = _two_obstacles()
    prompt = sim.run.prompts[0]
    assert prompt.kind == "choose_target" and prompt.seat == 1
    assert [o.key for o in prompt.options] == ["obstacle:1", "obstacle:2"]
    sim.choose(1, "obstacle:2")
    assert sim.damage_on(2) == 4 and sim.damage_on(1) == 0


def test_clearing_one_of_several_obstacles_does_not_end_the_plan() -> None:
    sim = _two_obstacles()
    sim.choose(1, "obstacle:1")
    assert sim.active == [2] and 1 in sim.run.cleared
    assert sim.run.phase == "plan" and sim.run.turn == 0
    for seat, code in [(0, "3C"), (1, "5S"), (0, "4C")]:
        sim.play(seat, code)
    assert sim.run.phase == "cleanup" and not sim.run.cleanup_cleared
    sim.ready_all()
    assert sim.run.leader == 0  # Turret still stands: the Leader Token stays


def test_malachias_deals_two_damage_for_each_face_card_it_discards() -> None:
    sim = Sim(
        hands={0: ["JC", "QC", "AS"], 1: ["KS", "malachias", "4S"]},
        scenario=[obstacle(1, "Wall", health=30, to_hit=[pair()])],
    )
    sim.flip()
    for seat, code in [(0, "JC"), (1, "KS"), (0, "QC"), (1, "malachias")]:
        sim.play(seat, code)
    sim.choose(1, "JC")
    sim.choose(1, "KS")
    sim.choose(1, "done")
    assert sim.damage_on(1) == 4
    assert sim.plan == ["QC", "Malachias the Lost"]
    assert sim.run.turn == 0  # the Plan shrank to 2; play goes on


def test_malachias_may_discard_nothing() -> None:
    sim = Sim(
        hands={0: ["JC", "QC"], 1: ["malachias", "4S"]},
        scenario=[obstacle(1, "Wall", health=30, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "JC")
    sim.play(1, "malachias")
    sim.choose(1, "done")
    assert sim.damage_on(1) == 0 and sim.plan == ["JC", "Malachias the Lost"]


# ---- audit additions ------------------------------------------------------------------------


def test_when_immediate_damage_ends_the_plan_nothing_else_resolves() -> None:
    """R7: "If no Obstacle remains, the Plan ends early: nothing else resolves" — not even
    the rest of the card that dealt it (Flashbang: 3 immediate Damage, then draw a card)."""
    sim = Sim(
        hands={0: ["2C", "3C"], 1: ["flashbang", "4S"]},
        decks={1: ["KS"]},
        scenario=[obstacle(1, "Guard", health=3, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "2C")
    sim.play(1, "flashbang")
    assert 1 in sim.run.cleared and sim.run.phase == "cleanup"
    assert sim.hand(1) == ["4S"]  # the draw never happened
    assert "drew" not in kinds(sim)


def test_immediate_damage_that_does_not_clear_lets_the_card_finish() -> None:
    sim = Sim(
        hands={0: ["2C", "3C"], 1: ["flashbang", "4S"]},
        decks={1: ["KS"]},
        scenario=[obstacle(1, "Guard", health=10, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "2C")
    sim.play(1, "flashbang")
    assert sim.damage_on(1) == 3
    assert sim.hand(1) == ["4S", "KS"]


def test_aces_are_face_cards_and_tens_are_not() -> None:
    """R2: "J, Q, K and A are face cards" (Malachias: "face cards (J,Q,K,A)")."""
    sim = Sim(
        hands={0: ["AS", "10C"], 1: ["JC", "malachias"]},
        scenario=[obstacle(1, "Wall", health=30, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "AS")
    sim.play(1, "JC")
    sim.play(0, "10C")
    sim.play(1, "malachias")
    offered = {sim.run.cards.get(o.key) for o in sim.run.prompts[0].options}
    assert offered == {"p-as", "p-jc", None}  # None: "Done"
    sim.choose(1, "AS")
    sim.choose(1, "done")
    assert sim.damage_on(1) == 2


def test_an_obstacle_cleared_by_immediate_damage_does_not_strike_at_the_end_of_round() -> None:
    sim = _two_obstacles()
    sim.choose(1, "obstacle:1")  # Guard (Damage 1) is cleared mid-Plan
    for seat, code in [(0, "3C"), (1, "5S"), (0, "4C")]:
        sim.play(seat, code)
    assert sim.health == 18  # only Turret's 2
