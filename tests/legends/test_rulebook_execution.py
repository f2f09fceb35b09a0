"""Execution and clean-up (rulebook "The Plan", "Executes", "Hand Size", turn order quick
reference; R8, R10)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.legends.actions import Flip
from rules.legends.options import TableOptions
from tests.legends.dsl import Sim, obstacle, pair, scene


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


FIVE = [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]  # no pair: a miss


def run_round(sim: Sim, plays: list[tuple[int, str]]) -> None:
    for seat, code in plays:
        sim.play(seat, code)


def test_healing_resolves_even_when_the_plan_misses() -> None:
    sim = Sim(
        hands={0: ["trauma-patch", "3C", "4C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Wall", health=30, damage=0, to_hit=[pair("muscle")])],
        health=10,
    )
    sim.flip()
    run_round(sim, [(0, "trauma-patch"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")])
    assert sim.damage_on(1) == 0
    assert sim.health == 13


def test_healing_cannot_go_over_max_health() -> None:
    sim = Sim(
        hands={0: ["big-heal", "3C", "4C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Wall", health=30, damage=0)],
        health=15,
    )
    sim.flip()
    run_round(sim, [(0, "big-heal"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")])
    assert sim.health == 20


def test_healing_resolves_before_surviving_obstacles_strike() -> None:
    sim = Sim(
        hands={0: ["trauma-patch", "3C", "4C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Wall", health=30, damage=4)],
        health=2,
    )
    sim.flip()
    run_round(sim, [(0, "trauma-patch"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")])
    assert sim.table.run is not None  # healed to 5 first, then took 4
    assert sim.health == 1


def test_execution_steps_happen_in_rulebook_order() -> None:
    """To Hit, Damage to the Obstacle, healing, the Obstacle strikes, end of round, clean-up."""
    sim = Sim(
        hands={0: ["7M+1", "trauma-patch", "4C"], 1: ["7C", "6S"]},
        scenario=[
            obstacle(
                1,
                "Wall",
                health=30,
                damage=2,
                to_hit=[pair()],
                end_of_round=[{"type": "heal_obstacle", "amount": 1}],
            )
        ],
        health=10,
    )
    sim.flip()
    run_round(sim, [(0, "7M+1"), (1, "7C"), (0, "trauma-patch"), (1, "6S"), (0, "4C")])
    ks = [
        k
        for k in kinds(sim)
        if k
        in ("to_hit", "obstacle_damaged", "healed", "crew_damaged", "obstacle_healed", "cleanup")
    ]
    assert ks == [
        "to_hit",
        "obstacle_damaged",
        "healed",
        "crew_damaged",
        "obstacle_healed",
        "cleanup",
    ]


def test_every_plan_card_goes_to_its_owners_discard_pile() -> None:
    sim = Sim(
        hands={0: ["2C", "open-door", "4C"], 1: ["5S", "6S", "KS"]},
        scenario=[obstacle(1, "Wall", health=30)],
    )
    sim.flip()
    run_round(sim, [(0, "2C"), (1, "5S"), (0, "open-door")])
    sim.choose(0, "seat:1")
    sim.choose(1, "KS")  # seat 0's card put seat 1's card: it is still seat 1's
    sim.play(1, "6S")
    assert sim.run.phase == "cleanup"
    assert sorted(sim.discard_pile(0)) == ["2C", "Open Door"]
    assert sorted(sim.discard_pile(1)) == ["5S", "6S", "KS"]


# ---- clean-up after all Obstacles are cleared -------------------------------------------


def _cleared() -> Sim:
    sim = Sim(
        hands={0: ["7M+9", "2C", "3C", "8C", "9C"], 1: ["7C", "5S", "6S", "10S"]},
        decks={0: ["JS", "QS", "KS", "AS"], 1: ["JT", "QT", "KT", "AT"]},
        scenario=[obstacle(1, "Goon", health=5, damage=3), scene(2, "Next"), scene(3, "Last")],
    )
    sim.flip()
    run_round(sim, [(0, "7M+9"), (1, "7C"), (0, "2C"), (1, "5S"), (0, "3C")])
    assert sim.run.phase == "cleanup" and sim.run.cleanup_cleared
    return sim


def test_after_clearing_each_player_may_discard_any_number_of_cards() -> None:
    sim = _cleared()
    sim.discard(0, "8C")
    sim.discard(0, "9C")
    sim.discard(1, "6S")
    sim.discard(1, "10S")
    assert sorted(sim.discard_pile(0))[-2:] == ["8C", "9C"]
    assert sim.hand(0) == [] and sim.hand(1) == []


def test_after_clearing_all_draw_up_the_token_passes_left_and_the_new_leader_flips() -> None:
    sim = _cleared()
    sim.discard(0, "8C")
    sim.ready(0)
    assert sim.run.phase == "cleanup"  # waits for everyone
    sim.ready(1)
    assert len(sim.hand(0)) == 5 and len(sim.hand(1)) == 5
    assert sim.run.leader == 1 and sim.run.phase == "flip"
    with pytest.raises(IllegalAction) as exc:
        sim.act(Flip(player=sim.player(0)))
    assert exc.value.refusal.code == "not_leader"
    sim.flip()  # the new Leader flips
    assert 2 in sim.run.scenario_discard


# ---- clean-up after a round the Obstacles survive -------------------------------------


def _survived() -> Sim:
    sim = Sim(
        hands={0: ["2C", "3C", "4C", "8C", "9C"], 1: ["5S", "6S", "10S", "JS"]},
        decks={0: ["QS", "KS", "AS"], 1: ["QT", "KT", "AT"]},
        scenario=[obstacle(1, "Goon", health=30, damage=3)],
        leader=0,
    )
    sim.flip()
    run_round(sim, FIVE)
    assert sim.run.phase == "cleanup" and not sim.run.cleanup_cleared
    return sim


def test_after_a_failed_round_each_player_may_discard_at_most_one_card() -> None:
    sim = _survived()
    sim.discard(0, "8C")
    before = sim.table
    with pytest.raises(IllegalAction) as exc:
        sim.discard(0, "9C")
    assert exc.value.refusal.code == "discard_limit"
    assert sim.table == before


def test_after_a_failed_round_the_same_leader_starts_a_new_round() -> None:
    sim = _survived()
    sim.ready_all()
    assert sim.run.phase == "plan" and sim.run.round == 2
    assert sim.run.leader == 0 and sim.run.turn == 0
    assert sim.run.plan == ()
    assert len(sim.hand(0)) == 5 and len(sim.hand(1)) == 5


def test_a_player_may_discard_nothing_and_just_draw_up() -> None:
    sim = _survived()
    sim.ready_all()
    assert sim.hand(0) == ["8C", "9C", "QS", "KS", "AS"]


# ---- hand size and decks (R10) ----------------------------------------------------------


def test_a_player_at_hand_size_draws_nothing() -> None:
    sim = Sim(
        hands={0: ["before-the-night", "2C", "3C", "4C", "8C", "9C"], 1: ["5S", "6S", "10S"]},
        decks={0: ["QS", "KS", "AS", "JS"], 1: ["QT"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    sim.play(0, "before-the-night")
    sim.choose(0, "seat:0")  # seat 0: 5 + 2 = 7 cards in hand
    run_round(sim, [(1, "5S"), (0, "2C"), (1, "6S"), (0, "3C")])
    assert len(sim.hand(0)) == 5
    sim.ready_all()
    assert sim.run.phase == "plan"
    assert len(sim.hand(0)) == 5  # 5 after the round: nothing to draw, nothing discarded


def test_over_hand_size_keeps_every_card() -> None:
    sim = Sim(
        hands={
            0: ["before-the-night", "2C", "3C", "4C", "8C", "9C", "10C"],
            1: ["5S", "6S", "10S"],
        },
        decks={0: ["QS", "KS", "AS", "JS"], 1: ["QT"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    sim.play(0, "before-the-night")
    sim.choose(0, "seat:0")
    run_round(sim, [(1, "5S"), (0, "2C"), (1, "6S"), (0, "3C")])
    assert len(sim.hand(0)) == 6
    sim.ready_all()
    assert len(sim.hand(0)) == 6
    assert len(sim.run.zones[0].deck) == 2  # nothing drawn beyond Before the Night's two


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile() -> None:
    sim = Sim(
        hands={0: ["2C", "3C", "4C", "8C", "9C"], 1: ["5S", "6S", "10S", "JS", "QS"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    run_round(sim, FIVE)
    sim.ready_all()
    assert "reshuffled" in kinds(sim)
    assert len(sim.hand(0)) == 5
    assert sorted(sim.hand(0)) == ["2C", "3C", "4C", "8C", "9C"]
    assert sim.run.zones[0].discard == ()


def test_nothing_is_drawn_when_deck_and_discard_are_both_empty() -> None:
    sim = Sim(
        hands={0: ["quick-hands", "2C"], 1: ["5S", "6S"]}, scenario=[obstacle(1, "Goon", health=30)]
    )
    sim.flip()
    sim.play(0, "quick-hands")
    assert sim.hand(0) == ["2C"]
    assert "drew" not in kinds(sim)


def test_assign_damage_option_lets_the_leader_split_the_damage() -> None:
    scenario = [
        obstacle(1, "Left", health=5, to_hit=[pair()], effects=[{"type": "draw_next"}]),
        obstacle(2, "Right", health=20, to_hit=[pair()]),
    ]
    sim = Sim(
        hands={0: ["7M+4", "2C", "3C"], 1: ["7C+2", "5S"]},
        scenario=scenario,
        options=TableOptions(assign_damage=True),
    )
    sim.flip()
    run_round(sim, [(0, "7M+4"), (1, "7C+2"), (0, "2C"), (1, "5S"), (0, "3C")])
    assert sim.run.phase == "assign"
    prompt = sim.run.prompts[0]
    assert prompt.kind == "assign_damage" and prompt.seat == 0
    assert [o.key for o in prompt.options] == [str(n) for n in range(7)]
    sim.choose(0, "5")
    assert 1 in sim.run.cleared
    assert sim.damage_on(2) == 1  # the rest goes to the other Obstacle
    assert sim.run.phase == "cleanup"


def test_without_assign_damage_each_hit_obstacle_takes_the_full_damage() -> None:
    scenario = [
        obstacle(1, "Left", health=30, to_hit=[pair()], effects=[{"type": "draw_next"}]),
        obstacle(2, "Right", health=30, to_hit=[pair()]),
    ]
    sim = Sim(hands={0: ["7M+4", "2C", "3C"], 1: ["7C+2", "5S"]}, scenario=scenario)
    sim.flip()
    run_round(sim, [(0, "7M+4"), (1, "7C+2"), (0, "2C"), (1, "5S"), (0, "3C")])
    assert sim.damage_on(1) == 6 and sim.damage_on(2) == 6


def test_only_obstacles_that_are_hit_take_damage() -> None:
    scenario = [
        obstacle(1, "Left", health=30, to_hit=[pair("muscle")], effects=[{"type": "draw_next"}]),
        obstacle(2, "Right", health=30, to_hit=[pair("tech")]),
    ]
    sim = Sim(hands={0: ["7M+4", "2C", "3C"], 1: ["7C+2", "5S"]}, scenario=scenario)
    sim.flip()
    run_round(sim, [(0, "7M+4"), (1, "7C+2"), (0, "2C"), (1, "5S"), (0, "3C")])
    assert sim.damage_on(1) == 6 and sim.damage_on(2) == 0


# ---- audit additions ------------------------------------------------------------------------


def test_healing_resolves_when_the_plan_clears_the_obstacle_at_execution() -> None:
    """R8.3: healing resolves at execution whether or not the Plan hit — and also when the
    hit clears the Obstacle (only immediate Damage ending the Plan early skips it)."""
    sim = Sim(
        hands={0: ["7M+9", "trauma-patch", "4C"], 1: ["7C", "6S"]},
        scenario=[obstacle(1, "Goon", health=5, damage=3), scene(2, "Next")],
        health=10,
    )
    sim.flip()
    run_round(sim, [(0, "7M+9"), (1, "7C"), (0, "trauma-patch"), (1, "6S"), (0, "4C")])
    assert 1 in sim.run.cleared
    assert sim.health == 13


def test_a_cleared_obstacle_neither_strikes_nor_resolves_its_end_of_round_effects() -> None:
    """ "If the Obstacle is not cleared however, it deals its Damage … and you resolve any
    end of round effects": a cleared one does neither."""
    scenario = [
        obstacle(
            1,
            "Booby Trap",
            health=5,
            damage=4,
            to_hit=[pair()],
            end_of_round=[{"type": "damage_crew", "amount": 3}],
        ),
        scene(2, "Next"),
    ]
    sim = Sim(hands={0: ["7M+9", "2C", "4C"], 1: ["7C", "6S"]}, scenario=scenario)
    sim.flip()
    run_round(sim, [(0, "7M+9"), (1, "7C"), (0, "2C"), (1, "6S"), (0, "4C")])
    assert 1 in sim.run.cleared and sim.run.cleanup_cleared
    assert sim.health == 20
    assert "crew_damaged" not in kinds(sim)


def test_damage_beyond_an_obstacles_health_still_clears_it() -> None:
    """ "equals or exceeds its health total, the Obstacle is cleared"."""
    sim = Sim(
        hands={0: ["7M+20", "2C", "4C"], 1: ["7C", "6S"]},
        scenario=[obstacle(1, "Goon", health=5, damage=3), scene(2, "Next")],
    )
    sim.flip()
    run_round(sim, [(0, "7M+20"), (1, "7C"), (0, "2C"), (1, "6S"), (0, "4C")])
    assert 1 in sim.run.cleared and sim.health == 20


def test_a_deck_that_runs_out_mid_draw_is_topped_up_from_the_shuffled_discard() -> None:
    """R10: draw what the deck holds, then shuffle the discard pile into a new deck."""
    sim = Sim(
        hands={0: ["2C", "3C", "4C", "8C", "9C"], 1: ["5S", "6S", "10S", "JS", "QS"]},
        decks={0: ["AS"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    run_round(sim, FIVE)  # seat 0 played 2C, 3C, 4C: hand 8C 9C, deck AS
    sim.ready_all()
    assert sim.hand(0)[:3] == ["8C", "9C", "AS"]  # the deck's card first
    rest = sim.hand(0)[3:] + sim.names(sim.run.zones[0].deck)
    assert sorted(rest) == ["2C", "3C", "4C"] and sim.discard_pile(0) == []
    assert len(sim.hand(0)) == 5


def test_the_rulings_are_the_default_table_options() -> None:
    """Rulings preamble: each table option's default is the ruling (all off)."""
    o = TableOptions()
    assert (o.ace_low, o.one_rank_per_card, o.assign_damage, o.loose_or_better_suits) == (
        False,
        False,
        False,
        False,
    )


def test_hand_size_and_plan_size_default_to_five() -> None:
    """R10 / glossary: Hand Size 5 and Plan Size 5 by default."""
    sim = Sim(hands={0: ["2C"], 1: ["3C"]}, scenario=[obstacle(1, "Goon", health=30)])
    assert sim.run.hand_size == 5 and sim.run.base_plan_size == 5
