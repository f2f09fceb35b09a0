"""What the events say, worded for players: counts that agree with their noun, lists of
card names that can be counted, Damage past an Obstacle's Health, where a put card goes,
Persistent Memory by name."""

from __future__ import annotations

from rules.legends.codes import EventKind
from tests.legends.dsl import Sim, choice, memory, obstacle, pair, scene


def texts(sim: Sim, kind: EventKind) -> list[str]:
    return [e.text for e in sim.last.events if e.kind == kind]


def test_a_drawn_name_with_a_comma_keeps_the_list_countable() -> None:
    sim = Sim(
        hands={0: ["before-the-night", "2C"], 1: ["5S"]},
        decks={0: ["guns-lots-of-guns", "QS"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    sim.play(0, "before-the-night")
    sim.choose(0, "seat:0")
    (drew,) = texts(sim, EventKind.DREW_PRIVATE)
    names = drew.removeprefix("You drew: ").removesuffix(".").split("; ")
    assert names == sim.names(sim.run.zones[0].hand[-2:])
    assert "Guns, Lots of Guns" in names and len(names) == 2


def test_immediate_damage_past_health_says_how_much_went_past() -> None:
    sim = Sim(
        hands={0: ["2C", "3C"], 1: ["flashbang", "4S"]},
        decks={1: ["KS"]},
        scenario=[obstacle(1, "Guard", health=2, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "2C")
    sim.play(1, "flashbang")
    (hit,) = texts(sim, EventKind.OBSTACLE_DAMAGED)
    assert hit == "Guard takes 3 immediate Damage (2/2, 1 past its Health)."


def test_damage_that_stays_within_health_keeps_its_tally() -> None:
    sim = Sim(
        hands={0: ["2C", "3C"], 1: ["flashbang", "4S"]},
        decks={1: ["KS"]},
        scenario=[obstacle(1, "Guard", health=9, to_hit=[pair()])],
    )
    sim.flip()
    sim.play(0, "2C")
    sim.play(1, "flashbang")
    (hit,) = texts(sim, EventKind.OBSTACLE_DAMAGED)
    assert hit == "Guard takes 3 immediate Damage (3/9)."


def test_a_put_card_says_it_goes_into_the_plan_and_a_played_one_does_not() -> None:
    sim = Sim(
        hands={0: ["rush-in", "2C", "3C"], 1: ["4C", "5C"]},
        decks={0: ["6S"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    sim.play(0, "rush-in")
    entered = texts(sim, EventKind.CARD_ENTERED)
    assert entered == ["P0 plays Rush In [4 Muscle].", "P0 puts 6S [6 Stealth] into the Plan."]


def test_persistent_memory_is_recorded_by_name_never_by_key() -> None:
    sim = Sim(
        hands={0: ["2C"]},
        scenario=[memory(1, "The Blue Lantern", "saw-the-lantern")],
    )
    sim.flip()
    (rec,) = texts(sim, EventKind.MEMORY)
    assert rec == "Persistent Memory recorded: The Blue Lantern."


def test_a_memory_a_vote_records_is_never_shown_as_its_key() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            scene(
                1,
                "Cornered",
                choices=[
                    choice("A", "Let her run", {"type": "set_memory", "key": "spared-courier"}),
                    choice("B", "Walk away"),
                ],
            ),
            obstacle(2, "Goon", health=30),
        ],
    )
    sim.flip()
    sim.vote(0, "A")
    sim.vote(1, "A")
    recorded = [e.text for e in sim.last.events if e.kind == EventKind.MEMORY]
    assert recorded == ["Persistent Memory recorded: Spared courier."]
    assert "spared-courier" not in " ".join(e.text for e in sim.last.events)


def test_one_card_discarded_unseen_is_worded_in_the_singular() -> None:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        scenario=[
            scene(1, "Tip-off", effects=[{"type": "discard_next", "count": 1}]),
            scene(2, "Gone"),
            obstacle(3, "Goon", health=30),
        ],
    )
    sim.flip()
    (gone,) = texts(sim, EventKind.DISCARDED_NEXT)
    assert gone == "The next 1 Scenario Card is discarded unseen."
