"""The Scenario Deck: the Cardinal Rule, order numbers, choices, Clues and Persistent Memory
(rulebook "The Run", "Clues", "Persistent Memory", glossary "Draw"; R10, R11)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.legends.actions import SYSTEM_PLAYER, CloseVote, Flip
from tests.legends.dsl import Crew, Sim, choice, clue, memory, obstacle, pair, scene


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


def flipped(sim: Sim) -> list[int]:
    assert sim.last is not None
    return [e.data["order"] for e in sim.last.events if e.kind == "flipped"]


# ---- never shuffled -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_scenario_deck_is_never_shuffled_order_numbers_fix_its_order(seed: int) -> None:
    crew = Crew(
        scenarios={"job": [scene(3, "Three"), scene(1, "One"), scene(4, "Four"), scene(2, "Two")]},
        seed=seed,
    )
    crew.join("alice", "solo")
    crew.start()
    assert crew.run.deck == (1, 2, 3, 4)
    seen = []
    for _ in range(3):
        crew.flip()
        seen += flipped(crew)
    assert seen == [1, 2, 3]


# ---- the Cardinal Rule ----------------------------------------------------------------


def test_leader_flips_the_top_card_and_everyone_sees_it() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[scene(1, "Intro", text="Welcome to Night City."), scene(2, "Next")],
    )
    sim.flip()
    event = next(e for e in sim.last.events if e.kind == "flipped")  # type: ignore[union-attr]
    assert event.seats is None  # public
    assert "Intro" in event.text and "Welcome to Night City." in event.text


def test_only_the_leader_flips() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]}, scenario=[scene(1, "Intro"), scene(2, "Next")], leader=1
    )
    before = sim.table
    with pytest.raises(IllegalAction) as exc:
        sim.act(Flip(player=sim.player(0)))
    assert exc.value.refusal.code == "not_leader"
    assert sim.table == before


def test_a_finished_scene_goes_to_the_discard_and_the_same_leader_flips_the_next() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            scene(1, "Intro", effects=[{"type": "heal_crew", "amount": 2}]),
            scene(2, "Next"),
            scene(3, "Last"),
        ],
        health=10,
    )
    sim.flip()
    assert sim.health == 12  # instructions completed
    assert sim.run.scenario_discard == (1,)
    assert sim.run.phase == "flip" and sim.run.leader == 0
    sim.flip()
    assert flipped(sim) == [2]


def test_after_an_obstacle_is_overcome_the_leader_token_passes_clockwise() -> None:
    sim = Sim(
        hands={0: ["7M+9", "2C", "3C"], 1: ["7C", "4S", "5S"], 2: ["8T", "9T"]},
        scenario=[obstacle(1, "Goon", health=5), scene(2, "Next"), scene(3, "Last")],
        leader=2,
    )
    sim.flip()
    for seat, code in [(2, "8T"), (0, "7M+9"), (1, "7C"), (2, "9T"), (0, "2C")]:
        sim.play(seat, code)
    sim.ready_all()
    assert sim.run.leader == 0  # to the left of seat 2: wraps to seat 0
    sim.flip()
    assert flipped(sim) == [2]


def test_the_run_is_complete_at_the_last_card() -> None:
    crew = Crew(scenarios={"job": [scene(1, "One"), scene(2, "Payday")]})
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    assert crew.table.run is not None
    crew.flip()
    assert crew.table.run is None
    assert crew.table.history[-1].outcome == "complete"
    assert "complete" in kinds(crew)


def test_the_run_is_complete_after_clearing_a_last_obstacle() -> None:
    sim = Sim(
        hands={0: ["7M+9", "2C", "3C"], 1: ["7C", "4S", "5S"]},
        scenario=[obstacle(1, "Boss", health=5)],
    )
    sim.flip()
    for seat, code in [(0, "7M+9"), (1, "7C"), (0, "2C"), (1, "4S"), (0, "3C")]:
        sim.play(seat, code)
    sim.ready_all()
    assert sim.table.run is None
    assert sim.table.history[-1].outcome == "complete"


# ---- instructions on the card resolve before the next flip ------------------------------


def first_contact() -> list[dict[str, object]]:
    return [
        scene(
            1,
            "First Contact",
            text="If you answered A: draw the next card. If you "
            "answered B: discard the next card without looking at it.",
            choices=[
                choice("A", "Take the meeting", {"type": "draw_next"}),
                choice("B", "Walk away", {"type": "discard_next"}),
            ],
        ),
        obstacle(2, "Ambush at the Docks", health=10),
        scene(3, "The Following Card"),
        scene(4, "Last"),
    ]


def test_first_contact_b_discards_the_next_card_unseen_then_the_leader_flips_on() -> None:
    sim = Sim(hands={0: ["2C"], 1: ["3C"]}, scenario=first_contact())  # type: ignore[arg-type]
    sim.flip()
    assert sim.run.phase == "vote"
    sim.vote(0, "B")
    sim.vote(1, "B")  # everyone voted: the vote closes
    assert 2 in sim.run.scenario_discard
    assert sim.active == []
    assert all("Ambush" not in text for text in sim.events)  # never looked at
    assert sim.run.phase == "flip" and sim.run.deck == (3, 4)
    sim.flip()
    assert flipped(sim) == [3]


def test_first_contact_a_draws_the_next_card_at_once() -> None:
    sim = Sim(hands={0: ["2C"], 1: ["3C"]}, scenario=first_contact())  # type: ignore[arg-type]
    sim.flip()
    sim.vote(0, "A")
    sim.vote(1, "A")
    assert flipped(sim) == [2]
    assert sim.active == [2] and sim.run.phase == "plan"


def test_scene_instructions_resolve_before_its_choice() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            scene(
                1,
                "Toll",
                effects=[{"type": "damage_crew", "amount": 3}],
                choices=[choice("A", "Pay"), choice("B", "Run")],
            ),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    assert sim.health == 17 and sim.run.phase == "vote"


# ---- choices: a vote, the Leader breaks ties and may close early ------------------------


def crossroads() -> list[dict[str, object]]:
    """A: heal 1; B: 1 Damage to the crew."""
    return [
        scene(
            1,
            "Crossroads",
            choices=[
                choice("A", "Left", {"type": "heal_crew", "amount": 1}),
                choice("B", "Right", {"type": "damage_crew", "amount": 1}),
            ],
        ),
        scene(2, "Last"),
    ]


def vote_table() -> Sim:
    return Sim(hands={0: ["2C"], 1: ["3C"], 2: ["4C"]}, scenario=crossroads(), health=10, leader=1)


def test_vote_majority_wins() -> None:
    sim = vote_table()
    sim.flip()
    sim.vote(0, "B")
    sim.vote(1, "A")
    sim.vote(2, "B")
    assert sim.health == 9


def test_vote_tie_is_broken_by_the_leader() -> None:
    # The Leader votes for the *second* option, so "first tied option" would pick wrongly.
    sim = vote_table()
    sim.flip()
    sim.vote(0, "A")
    sim.vote(1, "B")  # the Leader
    sim.close_vote()
    assert sim.health == 9


def test_a_tie_the_leader_did_not_vote_in_goes_to_the_first_tied_option() -> None:
    """Engine decision (docs/rules/legends.md#decision-votes)."""
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"], 2: ["4C"], 3: ["5C"]},
        scenario=crossroads(),
        health=10,
        leader=1,
    )
    sim.flip()
    sim.vote(0, "B")
    sim.vote(2, "A")
    sim.close_vote()
    assert sim.health == 11


def test_a_vote_closed_with_no_votes_picks_the_first_option() -> None:
    sim = vote_table()
    sim.flip()
    sim.close_vote()
    assert sim.health == 11


def test_leader_may_close_the_vote_early() -> None:
    sim = vote_table()
    sim.flip()
    sim.vote(2, "B")
    assert sim.run.phase == "vote"
    sim.close_vote()
    assert sim.health == 9 and sim.run.phase == "flip"


def test_only_the_leader_may_close_the_vote_but_the_timer_may_too() -> None:
    sim = vote_table()
    sim.flip()
    sim.vote(0, "A")
    with pytest.raises(IllegalAction) as exc:
        sim.act(CloseVote(player=sim.player(0)))
    assert exc.value.refusal.code == "not_leader"
    sim.act(CloseVote(player=SYSTEM_PLAYER))
    assert sim.health == 11


def test_a_player_may_change_their_vote_before_it_closes() -> None:
    sim = vote_table()
    sim.flip()
    sim.vote(0, "A")
    sim.vote(0, "B")
    sim.vote(2, "B")
    sim.vote(1, "A")
    assert sim.health == 9


# ---- Clues ------------------------------------------------------------------------------


def test_clue_cards_are_set_aside_not_discarded() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[clue(1, "Torn Photo", text="A face you know."), scene(2, "Last")],
    )
    sim.flip()
    assert sim.table.clues == ("test:1",)
    assert 1 not in sim.run.scenario_discard


def test_clues_stay_viewable_for_the_rest_of_the_campaign() -> None:
    crew = Crew(
        scenarios={
            "one": [clue(1, "Torn Photo"), scene(2, "Payday")],
            "two": [scene(1, "Again"), scene(2, "Payday")],
        }
    )
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    crew.flip()
    assert crew.table.run is None
    crew.start()
    assert crew.table.run is not None and crew.run.scenario == "two"
    assert crew.table.clues == ("one:1",)


# ---- Persistent Memory ------------------------------------------------------------------


def test_memory_card_is_kept_by_the_campaign() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[memory(1, "You Owe Rogue", key="owe-rogue"), scene(2, "Last")],
    )
    sim.flip()
    assert sim.table.memory == ("owe-rogue",)


def test_persistent_memory_is_checked_by_a_later_scenario() -> None:
    check = scene(
        1,
        "Rogue Remembers",
        effects=[
            {
                "type": "if_memory",
                "key": "owe-rogue",
                "then": [{"type": "damage_crew", "amount": 5}],
                "else": [{"type": "heal_crew", "amount": 1}],
            }
        ],
    )
    crew = Crew(
        scenarios={
            "one": [memory(1, "A Favour", key="owe-rogue"), scene(2, "Payday")],
            "two": [check, scene(2, "Payday")],
        }
    )
    crew.join("alice", "solo")
    crew.start()
    crew.flip()
    crew.flip()
    assert crew.table.memory == ("owe-rogue",)
    crew.start()
    crew.flip()
    assert crew.health == 15  # the "then" branch


def test_if_memory_takes_the_else_branch_when_the_memory_is_missing() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        health=10,
        scenario=[
            scene(
                1,
                "Rogue Remembers",
                effects=[
                    {
                        "type": "if_memory",
                        "key": "owe-rogue",
                        "then": [{"type": "damage_crew", "amount": 5}],
                        "else": [{"type": "heal_crew", "amount": 1}],
                    }
                ],
            ),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    assert sim.health == 11


def test_set_memory_instruction_then_if_memory_in_the_same_run() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        health=10,
        scenario=[
            scene(1, "Deal", effects=[{"type": "set_memory", "key": "deal"}]),
            scene(
                2,
                "Check",
                effects=[
                    {
                        "type": "if_memory",
                        "key": "deal",
                        "then": [{"type": "heal_crew", "amount": 4}],
                    }
                ],
            ),
            scene(3, "Last"),
        ],
    )
    sim.flip()
    sim.flip()
    assert sim.health == 14


# ---- other scenario instructions --------------------------------------------------------


def test_each_player_draws_means_from_their_own_player_decks() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        decks={0: ["JS"], 1: ["QS"]},
        scenario=[
            scene(1, "Supply Drop", effects=[{"type": "each_draws", "count": 1}]),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    assert sim.hand(0) == ["2C", "JS"] and sim.hand(1) == ["3C", "QS"]


def test_each_player_discards_prompts_every_player_privately() -> None:
    sim = Sim(
        hands={0: ["2C", "4C"], 1: ["3C"]},
        scenario=[
            scene(1, "Shakedown", effects=[{"type": "each_discards", "count": 1}]),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    assert sorted(p.seat for p in sim.run.prompts) == [0, 1]
    assert all(p.private for p in sim.run.prompts)
    sim.choose(0, "4C")
    assert sim.run.phase == "scene"  # still waiting on seat 1
    sim.choose(1, "3C")
    assert sim.run.phase == "flip"
    assert sim.hand(0) == ["2C"] and sim.hand(1) == []


def test_scenario_damage_to_the_crew_lands_at_once() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            scene(1, "Explosion", effects=[{"type": "damage_crew", "amount": 4}]),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    assert sim.health == 16


def test_an_obstacle_with_no_draw_next_is_faced_alone() -> None:
    sim = Sim(
        hands={0: ["2C", "3C"], 1: ["4C"]},
        scenario=[
            obstacle(1, "Solo Goon", health=5, to_hit=[pair()]),
            obstacle(2, "Later", health=5),
        ],
    )
    sim.flip()
    assert sim.active == [1] and sim.run.deck == (2,)
