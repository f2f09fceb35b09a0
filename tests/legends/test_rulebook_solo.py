"""Going it alone with a merc (rulebook "Going it Alone", glossary "Player"; R13)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.legends.actions import Choose, Play
from rules.legends.legal import legal_actions
from tests.legends.dsl import Crew, Sim, choice, obstacle, pair, scene


def kinds(sim: Sim) -> list[str]:
    assert sim.last is not None
    return [e.kind for e in sim.last.events]


def solo(decks1: list[str] | None = None, **kw: object) -> Sim:
    """Seat 0 is the human (p0), seat 1 is p0's merc."""
    sim = Sim(
        hands={0: ["2C+1", "3C", "4C", "8C", "9C"], 1: ["5S", "6S", "10S", "JS", "QS"]},
        decks={0: ["2T", "3T", "4T"], 1: decks1 or ["KM", "AM", "7M"]},
        scenario=kw.pop("scenario", None)  # type: ignore[arg-type]
        or [obstacle(1, "Gang", health=30, damage=1, to_hit=[pair()])],
        merc=True,
        **kw,
    )  # type: ignore[arg-type]
    return sim


def test_merc_is_a_distinct_player_controlled_by_the_same_person() -> None:
    sim = solo()
    assert sim.table.runners[1].is_merc and sim.player(1) == sim.player(0)
    assert sim.run.seats == (0, 1)


def test_merc_puts_its_top_card_into_the_plan_before_anyone_plays() -> None:
    sim = solo()
    sim.flip()
    assert sim.plan == ["KM"]
    entry = sim.run.plan[0]
    assert entry.seat == 1 and entry.put
    assert sim.run.turn == 0  # the Leader still plays first
    assert "merc_rush" in kinds(sim)


def test_merc_card_counts_toward_a_plan_size_that_stays_five() -> None:
    sim = solo()
    sim.flip()
    for seat, code in [(0, "2C+1"), (1, "5S"), (0, "3C")]:
        sim.play(seat, code)
    assert sim.run.phase == "plan" and len(sim.run.plan) == 4
    sim.play(1, "6S")
    assert sim.run.phase == "cleanup"  # 5 cards: the put one plus four plays


def test_merc_puts_again_at_the_start_of_every_round() -> None:
    sim = solo()
    sim.flip()
    for seat, code in [(0, "2C+1"), (1, "5S"), (0, "3C"), (1, "6S")]:
        sim.play(seat, code)
    sim.ready_all()
    assert sim.run.round == 2
    # Drawing back up emptied the merc's deck (AM, 7M): its discard is reshuffled and the
    # new top card rushes in now.
    assert len(sim.run.plan) == 1 and sim.run.plan[0].seat == 1 and sim.run.plan[0].put


def test_merc_put_card_effects_resolve_and_its_controller_answers() -> None:
    sim = solo(decks1=["before-the-night", "KM"])
    sim.flip()
    prompt = sim.run.prompts[0]
    assert prompt.kind == "choose_player" and prompt.seat == 1
    # Human and merc count as distinct players: either may be chosen.
    assert [o.key for o in prompt.options] == ["seat:0", "seat:1"]
    legal = legal_actions(sim.table, sim.player(0), sim.content)
    assert legal and all(isinstance(a, Choose) and a.merc for a in legal)
    sim.choose(1, "seat:0")
    assert sim.hand(0)[-2:] == ["2T", "3T"]


def test_the_human_plays_for_the_merc_on_the_mercs_turn() -> None:
    sim = solo()
    sim.flip()
    sim.play(0, "2C+1")
    legal = legal_actions(sim.table, sim.player(0), sim.content)
    assert legal and all(isinstance(a, Play) and a.merc for a in legal)
    with pytest.raises(IllegalAction) as exc:
        sim.act(Play(player=sim.player(0), card=sim.inst(0, "3C")))
    assert exc.value.refusal.code == "not_your_turn"


def test_leader_token_passes_between_human_and_merc() -> None:
    sim = solo(
        decks1=["2M", "AM", "7M"],
        scenario=[
            obstacle(1, "Goon", health=1, to_hit=[pair()]),
            obstacle(2, "Boss", health=30, to_hit=[pair()]),
            scene(3, "Last"),
        ],
    )
    sim.flip()
    for seat, code in [(0, "2C+1"), (1, "5S"), (0, "3C"), (1, "6S")]:
        sim.play(seat, code)
    assert sim.run.cleanup_cleared  # the merc's 2M pairs with 2C: Goon is down
    sim.ready_all()
    assert sim.run.leader == 1 and sim.run.phase == "flip"
    sim.flip()  # the merc's controller flips for it
    assert sim.active == [2]
    assert sim.run.turn == 1  # the merc leads this Obstacle


def test_merc_does_not_vote() -> None:
    sim = solo(
        scenario=[
            scene(1, "Deal", choices=[choice("A", "Yes"), choice("B", "No")]),
            scene(2, "Last"),
        ]
    )
    sim.flip()
    with pytest.raises(IllegalAction) as exc:
        sim.act(Choose(player=sim.player(0), option="A", merc=True))
    assert exc.value.refusal.code == "merc_vote"
    sim.vote(0, "B")  # the only voter: the vote closes
    assert sim.run.phase == "flip"


def test_joining_with_a_merc_deals_the_merc_its_own_hand() -> None:
    crew = Crew(scenarios={"job": [obstacle(1, "Gang", health=30)]})
    crew.join("alice", "solo", merc="nomad")
    assert [r.is_merc for r in crew.table.runners] == [False, True]
    assert crew.table.runners[1].role.value == "nomad"
    crew.start(player="p0")
    assert len(crew.run.zones[0].hand) == 5 and len(crew.run.zones[1].hand) == 5


def test_only_a_runner_playing_alone_may_hire_a_merc() -> None:
    crew = Crew(scenarios={"job": [scene(1, "x")]})
    crew.join("alice", "solo")
    with pytest.raises(IllegalAction) as exc:
        crew.join("bob", "nomad", merc="rocker")
    assert exc.value.refusal.code == "merc_not_alone"


def test_nobody_else_joins_a_crew_running_with_a_merc() -> None:
    crew = Crew(scenarios={"job": [scene(1, "x")]})
    crew.join("alice", "solo", merc="nomad")
    with pytest.raises(IllegalAction) as exc:
        crew.join("bob", "rocker")
    assert exc.value.refusal.code == "merc_table"
