"""The campaign around the runs: joining and leaving, the Upgrade Pool, rewards, Eddies,
the 3-copy deck limit, runners joining later, table options, abandoning a run and solving
Clue puzzles (rulebook "Setup", "Adding Runners Later On", "Starting a New Scenario",
"Clues"; R11, R15, the rulings' table options)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.legends.actions import SetOption, Start
from rules.legends.options import TableOptions
from tests.legends.dsl import STARTER, Crew, card_id, clue, obstacle, scene

PAYDAY = [scene(1, "Briefing"), scene(2, "Payday")]


def crew(**kw: Any) -> Crew:
    spec: dict[str, Any] = dict(
        scenarios={"job-1": PAYDAY, "job-2": PAYDAY},
        upgrades={"street": ["9T+2", "KM+3"], "black-market": ["AS+5"]},
        sealed=["black-market"],
        costs={"9T+2": 2, "KM+3": 4, "AS+5": 1},
    )
    spec.update(kw)
    return Crew(**spec)


def refused(c: Crew, fn: Any, *args: Any, **kw: Any) -> str:
    before = c.table
    with pytest.raises(IllegalAction) as exc:
        fn(*args, **kw)
    assert c.table == before
    assert exc.value.refusal.message
    return exc.value.refusal.code


def finish(c: Crew) -> None:
    """Flip through a run made only of scenes."""
    while c.table.run is not None:
        c.flip()


# ---- setup: join, start ---------------------------------------------------------------


def test_a_runner_joins_with_their_roles_starter_deck() -> None:
    c = crew()
    c.join("alice", "netrunner")
    r = c.runner("alice")
    assert r.role.value == "netrunner" and r.deck == tuple(card_id(x) for x in STARTER)


def test_each_role_deck_is_taken_once_unless_extra_role_decks_allow_more() -> None:
    c = crew()
    c.join("alice", "solo")
    assert refused(c, c.join, "bob", "solo") == "role_taken"
    c2 = crew(options=TableOptions(extra_role_decks=1))
    c2.join("alice", "solo")
    c2.join("bob", "solo")
    assert len(c2.table.runners) == 2


def test_a_person_has_one_seat() -> None:
    c = crew()
    c.join("alice", "solo")
    assert refused(c, c.join, "alice", "nomad") == "already_seated"


def test_start_shuffles_each_deck_and_deals_five_with_the_first_seat_as_leader() -> None:
    c = crew()
    c.join("alice", "solo")
    c.join("bob", "nomad")
    c.start()
    for seat in (0, 1):
        z = c.run.zones[seat]
        assert len(z.hand) == 5
        dealt = Counter(c.run.cards[i] for i in z.hand + z.deck)
        assert dealt == Counter(c.table.runners[seat].deck)
    assert c.run.leader == 0 and c.run.phase == "flip"
    assert c.run.health == c.table.max_health == 20


def test_only_the_owner_or_a_channel_manager_starts_a_run() -> None:
    c = crew()
    c.join("alice", "solo")
    assert refused(c, c.start, player="alice") == "not_owner"
    c.act(Start(player="alice", manager=True))
    assert c.table.run is not None


def test_a_runner_joining_mid_run_is_dealt_in_from_the_next_run() -> None:
    c = crew()
    c.join("alice", "solo")
    c.start()
    c.join("bob", "nomad")
    assert c.run.seats == (0,)
    finish(c)
    c.start()
    assert c.run.seats == (0, 1)


# ---- leaving ----------------------------------------------------------------------------


def test_leaving_between_runs_removes_the_runner() -> None:
    c = crew()
    c.join("alice", "solo")
    c.join("bob", "nomad")
    c.leave("bob")
    assert [r.player for r in c.table.runners] == ["alice"]


def test_leaving_mid_run_between_obstacles_hands_on_the_leader_token() -> None:
    c = crew()
    c.join("alice", "solo")
    c.join("bob", "nomad")
    c.join("carol", "rocker")
    c.start()
    c.leave("alice")  # the Leader
    assert c.run.seats == (1, 2) and c.run.leader == 1
    assert c.table.runners[0].leaving
    finish(c)
    assert [r.player for r in c.table.runners] == ["bob", "carol"]


def test_leaving_mid_plan_is_refused() -> None:
    c = crew(scenarios={"job-1": [obstacle(1, "Goon", health=30)]})
    c.join("alice", "solo")
    c.join("bob", "nomad")
    c.start()
    c.flip()
    assert refused(c, c.leave, "bob") == "leave_mid_plan"


def test_the_last_runner_cannot_leave_a_run() -> None:
    c = crew()
    c.join("alice", "solo")
    c.start()
    assert refused(c, c.leave, "alice") == "last_runner"


# ---- the Upgrade Pool -------------------------------------------------------------------


def rich(**kw: Any) -> Crew:
    return crew(starting_eddies=20, **kw)


def test_buying_spends_eddies_and_adds_the_card_to_the_deck() -> None:
    c = rich()
    c.join("alice", "solo")
    c.buy("alice", "KM+3")
    r = c.runner("alice")
    assert r.eddies == 16 and r.eddies_spent == 4
    assert r.deck.count(card_id("KM+3")) == 1 and len(r.deck) == 11


def test_buying_needs_enough_eddies() -> None:
    c = crew(starting_eddies=3)
    c.join("alice", "solo")
    assert refused(c, c.buy, "alice", "KM+3") == "no_eddies"


def test_a_deck_holds_at_most_three_copies_of_a_card() -> None:
    c = rich()
    c.join("alice", "solo")
    for _ in range(3):
        c.buy("alice", "9T+2")
    assert refused(c, c.buy, "alice", "9T+2") == "deck_limit"
    assert c.runner("alice").deck.count(card_id("9T+2")) == 3


def test_the_upgrade_pool_opens_only_between_runs() -> None:
    c = rich()
    c.join("alice", "solo")
    c.start()
    assert refused(c, c.buy, "alice", "9T+2") == "shop_mid_run"


def test_sealed_packs_are_not_in_the_pool_until_unlocked() -> None:
    c = rich(rewards={"job-1": {"unlock_packs": ["black-market"]}})
    c.join("alice", "solo")
    assert refused(c, c.buy, "alice", "AS+5") == "not_in_pool"
    c.start()
    finish(c)
    assert "black-market" in c.table.unlocked
    c.buy("alice", "AS+5")
    assert card_id("AS+5") in c.runner("alice").deck


def test_a_card_that_does_not_exist_cannot_be_bought() -> None:
    c = rich()
    c.join("alice", "solo")
    assert refused(c, c.buy, "alice", "QQ") == "unknown_card"


def test_removing_a_card_from_a_deck_between_runs() -> None:
    c = rich()
    c.join("alice", "solo")
    c.buy("alice", "9T+2")
    c.remove("alice", "2C")
    assert card_id("2C") not in c.runner("alice").deck and len(c.runner("alice").deck) == 10
    assert refused(c, c.remove, "alice", "3M") == "deck_too_small"
    assert refused(c, c.remove, "alice", "2C") == "not_in_deck"
    c.start()
    assert refused(c, c.remove, "alice", "9T+2") == "remove_mid_run"


def test_a_merc_has_its_own_deck_and_eddies() -> None:
    c = rich()
    c.join("alice", "solo", merc="nomad")
    c.buy("alice", "KM+3", merc=True)
    assert c.runner("alice", merc=True).eddies == 16
    assert c.runner("alice").eddies == 20


# ---- rewards and Eddies (R15) -----------------------------------------------------------


def test_completing_a_scenario_pays_eddies_adds_reward_cards_and_advances_the_campaign() -> None:
    c = crew(rewards={"job-1": {"eddies": 5, "cards": ["QC+2"]}})
    c.join("alice", "solo")
    c.join("bob", "nomad")
    c.start()
    finish(c)
    for p in ("alice", "bob"):
        assert c.runner(p).eddies == 5
        assert card_id("QC+2") in c.runner(p).deck
    assert c.table.progress == 1 and c.table.completed == ("job-1",)
    c.start()
    assert c.run.scenario == "job-2"


def test_reward_cards_respect_the_three_copy_limit() -> None:
    c = crew(rewards={"job-1": {"cards": ["2C"]}}, starter=["2C"] * 3 + list(STARTER[1:]))
    c.join("alice", "solo")
    c.start()
    finish(c)
    assert c.runner("alice").deck.count(card_id("2C")) == 3


def test_scenario_instructions_can_pay_eddies_and_add_cards_mid_run() -> None:
    c = crew(
        scenarios={
            "job-1": [
                scene(
                    1,
                    "Fence",
                    effects=[
                        {"type": "gain_eddies", "amount": 3},
                        {"type": "add_cards", "cards": [card_id("KM+3")]},
                    ],
                ),
                scene(2, "Payday"),
            ]
        }
    )
    c.join("alice", "solo")
    c.start()
    c.flip()
    assert c.runner("alice").eddies == 3
    assert card_id("KM+3") in c.runner("alice").deck


def test_campaign_done_then_scenarios_can_be_replayed_by_name() -> None:
    c = crew(scenarios={"job-1": PAYDAY})
    c.join("alice", "solo")
    c.start()
    finish(c)
    assert refused(c, c.start) == "campaign_done"
    c.start("job-1")
    assert c.run.scenario == "job-1"


def test_a_runner_joining_later_shops_with_the_average_the_others_have_spent() -> None:
    c = crew(rewards={"job-1": {"eddies": 10}})
    c.join("alice", "solo")
    c.join("bob", "nomad")
    c.start()
    finish(c)
    c.buy("alice", "KM+3")
    c.buy("alice", "9T+2")  # alice spent 6
    c.buy("bob", "9T+2")  # bob spent 2
    c.join("carol", "rocker")
    carol = c.runner("carol")
    assert carol.eddies == 4
    assert carol.deck == tuple(card_id(x) for x in STARTER)


# ---- options ----------------------------------------------------------------------------


def test_the_owner_sets_table_options_between_runs() -> None:
    c = crew()
    c.set_option("ace_low", True)
    assert c.table.options.ace_low is True
    assert refused(c, c.set_option, "ace_low", False, player="mallory") == "not_owner"
    c.act(SetOption(player="mallory", manager=True, name="assign_damage", value=True))
    assert c.table.options.assign_damage


def test_rules_options_cannot_change_mid_run_but_timers_can() -> None:
    c = crew()
    c.join("alice", "solo")
    c.start()
    assert refused(c, c.set_option, "one_rank_per_card", True) == "option_mid_run"
    c.set_option("turn_timer", 60)
    assert c.table.options.turn_timer == 60


def test_unknown_options_and_bad_values_are_refused() -> None:
    c = crew()
    assert refused(c, c.set_option, "five_of_a_kind", True) == "unknown_option"
    assert refused(c, c.set_option, "vote_seconds", 1) == "bad_option_value"


# ---- abandoning a run -------------------------------------------------------------------


def test_the_owner_may_abandon_a_run_and_the_campaign_stays() -> None:
    c = crew()
    c.join("alice", "solo")
    c.start()
    c.flip()
    assert refused(c, c.abandon, player="alice") == "not_owner"
    c.abandon()
    assert c.table.run is None and c.table.history[-1].outcome == "abandoned"
    assert c.table.progress == 0
    c.start()
    assert c.run.scenario == "job-1"


# ---- Clue puzzles (R11) ---------------------------------------------------------------


def puzzle_crew(**kw: Any) -> Crew:
    riddle = clue(
        1,
        "Cracked Datashard",
        text="Who runs the Afterlife?",
        puzzle=dict(
            id="afterlife",
            question="Who runs the Afterlife?",
            answers=["Rogue Amendiares"],
            unlock_pack="black-market",
            eddies=2,
            memory="met-rogue",
        ),
    )
    return rich(scenarios={"job-1": [riddle, scene(2, "Payday")], "job-2": PAYDAY}, **kw)


def test_a_correct_answer_unlocks_what_the_clue_promises() -> None:
    c = puzzle_crew()
    c.join("alice", "solo")
    c.start()
    c.flip()
    c.solve("alice", "  rogue AMENDIARES! ")
    assert c.table.solved == ("afterlife",)
    assert "black-market" in c.table.unlocked and "met-rogue" in c.table.memory
    assert c.runner("alice").eddies == 22


def test_puzzles_can_be_answered_any_time_after_the_clue_is_seen() -> None:
    c = puzzle_crew()
    c.join("alice", "solo")
    assert refused(c, c.solve, "alice", "Rogue Amendiares") == "wrong_answer"  # not seen yet
    c.start()
    finish(c)  # never solved: the run still completes
    assert c.table.history[-1].outcome == "complete"
    c.solve("alice", "Rogue Amendiares")
    c.buy("alice", "AS+5")


def test_a_wrong_answer_costs_nothing() -> None:
    c = puzzle_crew()
    c.join("alice", "solo")
    c.start()
    c.flip()
    assert refused(c, c.solve, "alice", "Johnny Silverhand") == "wrong_answer"
    assert refused(c, c.solve, "alice", "   ") == "empty_answer"


def test_a_solved_puzzle_pays_out_once() -> None:
    c = puzzle_crew()
    c.join("alice", "solo")
    c.start()
    c.flip()
    c.solve("alice", "Rogue Amendiares")
    assert refused(c, c.solve, "alice", "Rogue Amendiares") == "wrong_answer"
    assert c.runner("alice").eddies == 22


def test_only_the_crew_can_answer() -> None:
    c = puzzle_crew()
    c.join("alice", "solo")
    c.start()
    c.flip()
    assert refused(c, c.solve, "mallory", "Rogue Amendiares") == "not_seated"


# ---- publisher facts (rulings preamble) ------------------------------------------------


def test_the_four_base_roles_and_the_netrunner_changes_plan_size_most() -> None:
    """ "The four base roles are Netrunner, Nomad, Rocker and Solo; the Netrunner is the role
    that is good at changing Plan Size" — checked on the core pack's starter decks."""
    from content.legends.loader import load_default_pack
    from rules.legends import effects as fx
    from rules.legends.cards import Role

    assert {r.value for r in Role} == {"netrunner", "nomad", "rocker", "solo"}
    pack = load_default_pack()

    def size_cards(role: Role) -> int:
        return sum(
            1
            for cid in pack.roles[role].cards
            for e in pack.card(cid).effects
            if (isinstance(e, fx.PlanSize) and e.amount != 0)
            or (isinstance(e, fx.DrawAndPut) and e.plan_size != 0)
        )

    counts = {r: size_cards(r) for r in Role}
    assert counts[Role.NETRUNNER] > 0
    assert all(counts[Role.NETRUNNER] > n for r, n in counts.items() if r is not Role.NETRUNNER)
