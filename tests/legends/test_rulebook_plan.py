"""The Plan and its turn order (rulebook "The Plan", "Nothing to Play?", R5, R6, R8, R9).

Each test is named for the rule it checks and fails if the engine breaks that rule.
"""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.legends.actions import Play
from rules.legends.legal import legal_actions
from rules.legends.options import TableOptions
from tests.legends.dsl import Sim, obstacle, pair, req


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


def bike_raiders(**kw: object) -> dict[str, object]:
    """The rulebook's example Obstacle: a pair with Muscle or a straight or better."""
    spec: dict[str, object] = dict(
        health=8, damage=2, to_hit=[pair("muscle"), req("straight", better=True)]
    )
    spec.update(kw)
    return obstacle(1, "Bike Raiders", **spec)  # type: ignore[arg-type]


def two_seats(
    h0: list[str], h1: list[str], *, scenario: list[dict[str, object]] | None = None, **kw: object
) -> Sim:
    sim = Sim(hands={0: h0, 1: h1}, scenario=scenario or [bike_raiders()], **kw)  # type: ignore[arg-type]
    sim.flip()
    return sim


# ---- turn order ---------------------------------------------------------------------


def test_leader_plays_first_then_each_player_clockwise() -> None:
    sim = Sim(
        hands={0: ["2C", "3C"], 1: ["4C", "5C"], 2: ["6C", "8C"]},
        scenario=[bike_raiders()],
        leader=2,
    )
    sim.flip()
    order = []
    for code_by_seat in ({2: "6C"}, {0: "2C"}, {1: "4C"}, {2: "8C"}):
        assert sim.run.turn is not None
        order.append(sim.run.turn)
        ((seat, code),) = code_by_seat.items()
        sim.play(seat, code)
    assert order == [2, 0, 1, 2]
    assert sim.run.turn == 0


def test_each_player_lays_down_one_card_per_turn() -> None:
    sim = two_seats(["2C", "3C", "4C"], ["5S", "6S", "8S"])
    sim.play(0, "2C")
    assert sim.run.turn == 1
    refused = sim.table
    with pytest.raises(IllegalAction) as exc:
        sim.play(0, "3C")
    assert exc.value.refusal.code == "not_your_turn"
    assert sim.table == refused


def test_plan_executes_when_it_reaches_the_default_plan_size_of_5() -> None:
    sim = two_seats(["2C", "3C", "4C"], ["5S", "6S", "8S"])
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan" and len(sim.run.plan) == 4
    sim.play(0, "4C")
    assert "executed" in kinds(sim)
    assert sim.run.phase == "cleanup" and sim.run.plan == ()


# ---- hitting --------------------------------------------------------------------------


def test_plan_hits_when_it_meets_at_least_one_to_hit_requirement() -> None:
    # No straight, but a numerical pair with a Muscle symbol in it: the second requirement.
    sim = two_seats(["7M", "2C", "JS+3"], ["7C", "9T"])
    for seat, code in [(0, "7M"), (1, "7C"), (0, "2C"), (1, "9T"), (0, "JS+3")]:
        sim.play(seat, code)
    assert sim.run.active[0].damage == 3


def test_plan_that_misses_every_requirement_deals_no_damage() -> None:
    sim = two_seats(["7S+5", "2C", "JS"], ["7C", "9T"], scenario=[bike_raiders(damage=2)])
    for seat, code in [(0, "7S+5"), (1, "7C"), (0, "2C"), (1, "9T"), (0, "JS")]:
        sim.play(seat, code)  # a pair of 7s, but no Muscle in it, and no straight
    hit_events = [e for e in sim.last.events if e.kind == "to_hit"]  # type: ignore[union-attr]
    assert [e.data["hit"] for e in hit_events] == [False]
    assert sim.run.active[0].damage == 0
    assert sim.health == 18  # the Obstacle still deals its Damage
    # The Plan was discarded: every card went to its player's discard pile.
    assert sorted(sim.discard_pile(0)) == sorted(["7S+5", "2C", "JS"])
    assert sorted(sim.discard_pile(1)) == sorted(["7C", "9T"])


def test_a_hit_adds_every_damage_in_the_plan_even_cards_outside_the_poker_hand() -> None:
    sim = two_seats(["7M", "2C+1", "JS+2"], ["7C", "9T+4"])
    for seat, code in [(0, "7M"), (1, "7C"), (0, "2C+1"), (1, "9T+4"), (0, "JS+2")]:
        sim.play(seat, code)
    assert sim.run.active[0].damage == 7


def test_obstacle_is_cleared_when_damage_equals_its_health() -> None:
    sim = two_seats(["7M+4", "2C", "JS"], ["7C+4", "9T"], scenario=[bike_raiders(health=8)])
    for seat, code in [(0, "7M+4"), (1, "7C+4"), (0, "2C"), (1, "9T"), (0, "JS")]:
        sim.play(seat, code)
    assert "obstacle_cleared" in kinds(sim)
    assert sim.active == [] and 1 in sim.run.cleared
    assert 1 in sim.run.scenario_discard
    assert sim.health == 20  # a cleared Obstacle deals no Damage


def test_damage_stays_on_an_obstacle_across_rounds() -> None:
    sim = two_seats(
        ["7M+2", "2C", "JS", "7T", "3C", "QS"],
        ["7C+1", "9T", "7S", "10T"],
        scenario=[bike_raiders(health=10)],
    )
    for seat, code in [(0, "7M+2"), (1, "7C+1"), (0, "2C"), (1, "9T"), (0, "JS")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 3
    sim.ready_all()
    assert sim.run.phase == "plan" and sim.run.round == 2
    assert sim.damage_on(1) == 3


# ---- counting ranks and suits (engine level; the evaluator has its own tests) ----------


def test_4_4_4_counts_as_one_pair_for_damage_per_pair() -> None:
    """Glossary "Pair": 4,4,4 is one pair of fours, never several."""
    sim = two_seats(
        ["4C", "pair-bonus", "4S"],
        ["4T", "9S"],
        scenario=[obstacle(1, "Wall", health=30, to_hit=[pair()])],
    )
    for seat, code in [(0, "4C"), (1, "4T"), (0, "pair-bonus"), (1, "9S"), (0, "4S")]:
        sim.play(seat, code)
    # Harmony: +2 Damage per pair; only the fours are a pair (its own 7 is alone).
    assert sim.damage_on(1) == 2


def test_two_cards_can_make_a_flush_with_multiple_symbols() -> None:
    """A card with three Charisma symbols plus one with two meets a Charisma flush."""
    sim = two_seats(
        ["KCCC+1", "2S", "9M"],
        ["5CC", "3T"],
        scenario=[obstacle(1, "Crowd", health=30, to_hit=[req("flush", flush_suit="charisma")])],
    )
    for seat, code in [(0, "KCCC+1"), (1, "5CC"), (0, "2S"), (1, "3T"), (0, "9M")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 1


def test_four_charisma_symbols_are_not_a_flush() -> None:
    sim = two_seats(
        ["KCC+1", "2S", "9M"],
        ["5CC", "3T"],
        scenario=[obstacle(1, "Crowd", health=30, to_hit=[req("flush", flush_suit="charisma")])],
    )
    for seat, code in [(0, "KCC+1"), (1, "5CC"), (0, "2S"), (1, "3T"), (0, "9M")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 0


def test_a_card_counts_as_every_rank_on_it_for_a_straight() -> None:
    """Publisher's example: 8/6 + 7 covers 6, 7 and 8 of a straight."""
    sim = two_seats(
        ["8/6M+1", "5S", "2C"],
        ["7C", "4T"],
        scenario=[obstacle(1, "Gate", health=30, to_hit=[req("straight")])],
    )
    for seat, code in [(0, "8/6M+1"), (1, "7C"), (0, "5S"), (1, "4T"), (0, "2C")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 1


def _wheel(options: TableOptions) -> Sim:
    sim = two_seats(
        ["AC+1", "3S", "5M"],
        ["2T", "4C"],
        scenario=[obstacle(1, "Gate", health=30, to_hit=[req("straight")])],
        options=options,
    )
    for seat, code in [(0, "AC+1"), (1, "2T"), (0, "3S"), (1, "4C"), (0, "5M")]:
        sim.play(seat, code)
    return sim


def test_ace_is_high_only_by_default() -> None:
    assert _wheel(TableOptions()).damage_on(1) == 0


def test_ace_low_option_makes_a_2_3_4_5_a_straight() -> None:
    assert _wheel(TableOptions(ace_low=True)).damage_on(1) == 1


def _eights_and_sixes(options: TableOptions) -> Sim:
    sim = two_seats(
        ["8/6M+1", "2S", "JC"],
        ["8C", "6T"],
        scenario=[obstacle(1, "Twins", health=30, to_hit=[req("two_pair")])],
        options=options,
    )
    for seat, code in [(0, "8/6M+1"), (1, "8C"), (0, "2S"), (1, "6T"), (0, "JC")]:
        sim.play(seat, code)
    return sim


def test_one_card_serves_several_ranks_so_8_6_plus_8_plus_6_is_two_pair() -> None:
    assert _eights_and_sixes(TableOptions()).damage_on(1) == 1


def test_one_rank_per_card_option_stops_8_6_from_making_two_pair() -> None:
    assert _eights_and_sixes(TableOptions(one_rank_per_card=True)).damage_on(1) == 0


def test_attached_suits_must_be_on_the_cards_forming_the_hand() -> None:
    """A pair "with Tech" is not met by a Tech kicker beside a non-Tech pair."""
    sim = two_seats(
        ["7M+1", "2C", "JS"],
        ["7C", "9T"],
        scenario=[obstacle(1, "ICE", health=30, to_hit=[pair("tech")])],
    )
    for seat, code in [(0, "7M+1"), (1, "7C"), (0, "2C"), (1, "9T"), (0, "JS")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 0


def test_or_better_accepts_a_stronger_hand() -> None:
    """Three of a kind or better is met by a full house."""
    sim = two_seats(
        ["9M+1", "9C", "3S"],
        ["9T", "3C"],
        scenario=[obstacle(1, "Boss", health=30, to_hit=[req("three_of_a_kind", better=True)])],
    )
    for seat, code in [(0, "9M+1"), (1, "9T"), (0, "9C"), (1, "3C"), (0, "3S")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 1


def test_without_or_better_a_weaker_hand_misses() -> None:
    sim = two_seats(
        ["9M+1", "2C", "3S"],
        ["9T", "5C"],
        scenario=[obstacle(1, "Boss", health=30, to_hit=[req("three_of_a_kind")])],
    )
    for seat, code in [(0, "9M+1"), (1, "9T"), (0, "2C"), (1, "5C"), (0, "3S")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 0


# ---- must play / nothing to play ----------------------------------------------------


def test_a_player_holding_a_legal_card_must_play_there_is_no_pass() -> None:
    sim = two_seats(["9T", "2C"], ["crimson-flags", "5S"])
    sim.play(0, "9T")
    acts = legal_actions(sim.table, sim.player(1), sim.content)
    assert acts and all(isinstance(a, Play) for a in acts)
    # Crimson Flags is restricted (a Tech symbol is in the Plan), so it is not offered.
    assert [a.card for a in acts if isinstance(a, Play)] == [sim.inst(1, "5S")]


def test_restricted_card_is_refused_when_played() -> None:
    sim = two_seats(["9T", "2C"], ["crimson-flags", "5S"])
    sim.play(0, "9T")
    before = sim.table
    with pytest.raises(IllegalAction) as exc:
        sim.play(1, "crimson-flags")
    assert exc.value.refusal.code == "restricted"
    assert "Tech" in exc.value.refusal.message
    assert sim.table == before


def test_nothing_to_play_executes_the_plan_at_once_and_no_one_else_plays() -> None:
    sim = Sim(
        hands={0: ["7T+2", "2C"], 1: ["crimson-flags"], 2: ["7M", "3S"]},
        scenario=[obstacle(1, "Drone", health=30, damage=1, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "7T+2")
    assert "nothing_to_play" in kinds(sim) and "executed" in kinds(sim)
    executed = next(e for e in sim.last.events if e.kind == "executed")  # type: ignore[union-attr]
    assert "with 1 card and" in executed.text
    assert sim.run.phase == "cleanup"
    assert sim.hand(2) == ["7M", "3S"]  # seat 2 never got to play this round
    assert sim.damage_on(1) == 0  # a single 7 is no pair: checked as normal, missed


def test_nothing_to_play_still_checks_to_hit_and_deals_damage() -> None:
    sim = Sim(
        hands={0: ["7T+2", "2C"], 1: ["7C+1"], 2: ["opener"]},
        scenario=[obstacle(1, "Drone", health=30, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "7T+2")
    sim.play(1, "7C+1")  # seat 2's only card needs an empty Plan
    assert "nothing_to_play" in kinds(sim)
    assert sim.damage_on(1) == 3


def test_an_empty_hand_is_nothing_to_play() -> None:
    sim = Sim(hands={0: ["7T+2"], 1: []}, scenario=[obstacle(1, "Drone", health=30)])
    sim.flip()
    sim.play(0, "7T+2")
    assert "nothing_to_play" in kinds(sim)
    assert sim.run.phase == "cleanup"


def test_the_leader_with_nothing_to_play_executes_an_empty_plan() -> None:
    sim = Sim(hands={0: [], 1: ["9S"]}, scenario=[obstacle(1, "Drone", health=30, damage=3)])
    sim.flip()
    assert "nothing_to_play" in kinds(sim)
    assert sim.hand(1) == ["9S"]  # nobody else plays this round
    assert sim.health == 17


# ---- several Obstacles at once (R9) --------------------------------------------------


def _double(**kw: object) -> Sim:
    scenario = [
        obstacle(
            1, "Lookout", health=4, damage=1, to_hit=[pair()], effects=[{"type": "draw_next"}]
        ),
        obstacle(2, "Heavy", health=12, damage=2, to_hit=[pair()]),
    ]
    sim = Sim(
        hands={0: ["7M+2", "2C", "JS", "3S", "4S", "6S"], 1: ["7C+2", "9T", "5T", "8T", "10T"]},
        scenario=scenario,
        **kw,
    )  # type: ignore[arg-type]
    sim.flip()
    return sim


def test_an_obstacle_that_says_draw_the_next_card_is_faced_together_with_it() -> None:
    sim = _double()
    assert sim.active == [1, 2]
    assert sim.run.phase == "plan" and sim.run.round == 1


def test_the_same_plan_faces_every_active_obstacle_and_each_takes_the_full_damage() -> None:
    sim = _double()
    for seat, code in [(0, "7M+2"), (1, "7C+2"), (0, "2C"), (1, "9T"), (0, "JS")]:
        sim.play(seat, code)
    assert 1 in sim.run.cleared  # Lookout took 4 and is cleared
    assert sim.damage_on(2) == 4  # Heavy took the full 4 as well


def test_leader_token_moves_only_when_all_obstacles_are_cleared() -> None:
    sim = _double()
    for seat, code in [(0, "7M+2"), (1, "7C+2"), (0, "2C"), (1, "9T"), (0, "JS")]:
        sim.play(seat, code)
    assert sim.run.cleanup_cleared is False
    assert all(c.limit == 1 for c in sim.run.cleanup.values())
    sim.ready_all()
    assert sim.run.leader == 0 and sim.run.turn == 0 and sim.run.round == 2
    assert sim.active == [2]
    assert sim.health == 18  # only Heavy struck; the cleared Lookout did not


def test_end_of_round_effects_resolve_in_order_number() -> None:
    scenario = [
        obstacle(
            1,
            "Sniper",
            health=30,
            damage=0,
            to_hit=[pair()],
            effects=[{"type": "draw_next"}],
            end_of_round=[{"type": "damage_crew", "amount": 1}],
        ),
        obstacle(
            2,
            "Spotter",
            health=30,
            damage=0,
            to_hit=[pair()],
            end_of_round=[{"type": "damage_crew", "amount": 2}],
        ),
    ]
    sim = Sim(hands={0: ["2C", "3C", "4C"], 1: ["5S", "6S"]}, scenario=scenario)
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    strikes = [e.text for e in sim.last.events if e.kind == "crew_damaged"]  # type: ignore[union-attr]
    assert len(strikes) == 2
    assert strikes[0].startswith("Sniper") and strikes[1].startswith("Spotter")
    assert sim.health == 17


def test_surviving_obstacles_deal_damage_before_end_of_round_effects() -> None:
    scenario = [
        obstacle(
            1,
            "Medic Drone",
            health=30,
            damage=2,
            to_hit=[pair()],
            end_of_round=[{"type": "heal_obstacle", "amount": 5}],
        )
    ]
    sim = Sim(hands={0: ["7M+3", "2C", "4C"], 1: ["7S", "6S"]}, scenario=scenario)
    sim.flip()
    for seat, code in [(0, "7M+3"), (1, "7S"), (0, "2C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    ks = kinds(sim)
    assert ks.index("crew_damaged") < ks.index("obstacle_healed")
    assert sim.damage_on(1) == 0  # took 3, then recovered up to 5


def test_obstacle_plan_size_text_beats_the_default_plan_size() -> None:
    """ "Above all else": card text wins over the rulebook's default Plan Size."""
    sim = two_seats(
        ["2C", "3C", "4C"],
        ["5S", "6S", "8S"],
        scenario=[obstacle(1, "Tight Corner", health=30, plan_size=-2)],
    )
    sim.play(0, "2C")
    sim.play(1, "5S")
    assert sim.run.phase == "plan"
    sim.play(0, "3C")
    assert sim.run.phase == "cleanup"


def test_an_any_suit_symbol_is_wild_for_attached_suits() -> None:
    sim = two_seats(
        ["7*+1", "2C", "JS"],
        ["7C", "9S"],
        scenario=[obstacle(1, "ICE", health=30, to_hit=[pair("tech")])],
    )
    for seat, code in [(0, "7*+1"), (1, "7C"), (0, "2C"), (1, "9S"), (0, "JS")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 1  # the wild symbol serves as the Tech


def test_might_is_read_as_muscle() -> None:
    from rules.legends.cards import PlayerCard, Suit

    card = PlayerCard(id="old-iron", name="Old Iron", ranks=[7], suits=["might"])
    assert card.suits == (Suit.MUSCLE,)


def test_each_surviving_obstacle_strikes_then_resolves_its_end_of_round_before_the_next() -> None:
    """R8.4: one Obstacle at a time in order number: its Damage, then its end-of-round."""
    scenario = [
        obstacle(
            1,
            "Medic",
            health=30,
            damage=0,
            to_hit=[pair()],
            effects=[{"type": "draw_next"}],
            end_of_round=[{"type": "heal_crew", "amount": 5}],
        ),
        obstacle(2, "Brute", health=30, damage=3, to_hit=[pair()]),
    ]
    sim = Sim(
        hands={0: ["2C", "3C", "4C", "8C"], 1: ["5S", "6S", "9S"]}, scenario=scenario, health=2
    )
    sim.flip()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    # Medic's end-of-round heal (to 7) comes before Brute's strike (to 4).
    assert sim.table.run is not None and sim.health == 4


# ---- audit additions ------------------------------------------------------------------------


def test_disarming_smile_provides_charisma_muscle_and_tech() -> None:
    """ "in the case of Disarming Smile it provides Charisma, Muscle and Tech": with one
    more Queen it is a pair with all three attached."""
    sim = two_seats(
        ["disarming-smile", "2C", "4S"],
        ["QS+1", "9S"],
        scenario=[obstacle(1, "Board", health=30, to_hit=[pair("charisma", "muscle", "tech")])],
    )
    for seat, code in [(0, "disarming-smile"), (1, "QS+1"), (0, "2C"), (1, "9S"), (0, "4S")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 1


def test_each_attached_suit_must_be_shown_a_muscle_pair_misses_pair_with_muscle_and_tech() -> None:
    """ "Each suit attached to a hand means you need one of that symbol in the required hand"."""
    sim = two_seats(
        ["QM+1", "2T", "4S"],
        ["QS", "9S"],
        scenario=[obstacle(1, "Board", health=30, to_hit=[pair("muscle", "tech")])],
    )
    for seat, code in [(0, "QM+1"), (1, "QS"), (0, "2T"), (1, "9S"), (0, "4S")]:
        sim.play(seat, code)
    assert sim.damage_on(1) == 0


def _loose(options: TableOptions) -> Sim:
    sim = two_seats(
        ["6M+1", "6C", "2S"],
        ["6S", "9C"],
        scenario=[obstacle(1, "ICE", health=30, to_hit=[pair("tech", better=True)])],
        options=options,
    )
    for seat, code in [(0, "6M+1"), (1, "6S"), (0, "6C"), (1, "9C"), (0, "2S")]:
        sim.play(seat, code)
    return sim


def test_with_or_better_the_attached_suits_still_apply_to_the_better_hand() -> None:
    """R5: three 6s without a Tech miss "pair with Tech or better" (default)."""
    assert _loose(TableOptions()).damage_on(1) == 0


def test_loose_or_better_suits_option_lets_the_better_hand_drop_the_suits() -> None:
    assert _loose(TableOptions(loose_or_better_suits=True)).damage_on(1) == 1


def test_a_plan_larger_than_five_is_searched_whole() -> None:
    """R5: "The whole Plan is searched, including Plans larger than five cards": the pair
    is the first and the sixth card."""
    sim = two_seats(
        ["overclocked-deck", "3C", "4S"],
        ["9S", "2C", "6M+1"],
        scenario=[obstacle(1, "Wall", health=30, to_hit=[pair("tech")])],
    )
    for seat, code in [(0, "overclocked-deck"), (1, "9S"), (0, "3C"), (1, "2C"), (0, "4S")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan"  # Plan Size 6
    sim.play(1, "6M+1")
    assert sim.damage_on(1) == 1
