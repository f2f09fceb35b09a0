"""Every illegal action gets a typed refusal with a clear message and leaves the table as it
was (engine contract; the rules each refusal enforces are named in the case ids)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.legends.actions import (
    SYSTEM_PLAYER,
    Abandon,
    Action,
    Buy,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Join,
    Leave,
    Play,
    Ready,
    Remove,
    SetOption,
    Solve,
    Start,
)
from rules.legends.cards import ContentPack, Role
from rules.legends.engine import apply, check, new_table
from rules.legends.state import Table
from tests.legends.dsl import Crew, Sim, card_id, choice, clue, obstacle, pair, scene

Case = tuple[Table, ContentPack, Action]


# ---- tables in various states -----------------------------------------------------------


def at_flip(**kw: Any) -> Sim:
    return Sim(
        hands={0: ["2C", "3C", "4C", "9T"], 1: ["5S", "6S", "8S", "crimson-flags"]},
        scenario=[obstacle(1, "Goon", health=30, to_hit=[pair()]), scene(2, "Last")],
        **kw,
    )


def in_plan() -> Sim:
    sim = at_flip()
    sim.flip()
    return sim


def with_prompt() -> Sim:
    sim = Sim(
        hands={0: ["before-the-night", "2C"], 1: ["5S", "6S"]},
        scenario=[obstacle(1, "Goon", health=30)],
    )
    sim.flip()
    sim.play(0, "before-the-night")
    return sim


def in_cleanup() -> Sim:
    sim = in_plan()
    for seat, code in [(0, "2C"), (1, "5S"), (0, "3C"), (1, "6S"), (0, "4C")]:
        sim.play(seat, code)
    assert sim.run.phase == "cleanup"
    return sim


def in_vote() -> Sim:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        merc=False,
        scenario=[
            scene(1, "Deal", choices=[choice("A", "Yes"), choice("B", "No")]),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    return sim


def solo_vote() -> Sim:
    sim = Sim(
        hands={0: ["2C"], 1: ["3C"]},
        merc=True,
        scenario=[
            scene(1, "Deal", choices=[choice("A", "Yes"), choice("B", "No")]),
            scene(2, "Last"),
        ],
    )
    sim.flip()
    return sim


def lobby(**kw: Any) -> Crew:
    spec: dict[str, Any] = dict(
        scenarios={"job": [scene(1, "Briefing"), scene(2, "Payday")]},
        upgrades={"street": ["9T+2"], "vault": ["AS+5"]},
        sealed=["vault"],
        costs={"9T+2": 5, "AS+5": 1},
        starting_eddies=7,
    )
    spec.update(kw)
    c = Crew(**spec)
    c.join("alice", "solo")
    return c


def running(**kw: Any) -> Crew:
    c = lobby(**kw)
    c.start()
    return c


def case(sim: Sim, action: Action) -> Case:
    return sim.table, sim.content, action


def p(sim: Sim, seat: int) -> str:
    return sim.player(seat)


CASES: list[tuple[str, str, Callable[[], Case]]] = [
    # -- flipping
    ("flip_outside_flip_phase", "not_flip", lambda: (s := in_plan(), Flip(player=p(s, 0)))),
    ("flip_by_non_leader", "not_leader", lambda: (s := at_flip(), Flip(player=p(s, 1)))),
    ("flip_without_a_run", "no_run", lambda: (lobby(), Flip(player="alice"))),
    # -- playing
    (
        "play_outside_a_plan",
        "not_plan",
        lambda: (s := at_flip(), Play(player=p(s, 0), card=s.inst(0, "2C"))),
    ),
    (
        "play_while_a_choice_is_open",
        "prompt_open",
        lambda: (s := with_prompt(), Play(player=p(s, 0), card=s.inst(0, "2C"))),
    ),
    (
        "play_out_of_turn",
        "not_your_turn",
        lambda: (s := in_plan(), Play(player=p(s, 1), card=s.inst(1, "5S"))),
    ),
    (
        "play_a_card_not_in_hand",
        "not_in_hand",
        lambda: (s := in_plan(), Play(player=p(s, 0), card=s.inst(1, "5S"))),
    ),
    (
        "play_an_unknown_card",
        "not_in_hand",
        lambda: (s := in_plan(), Play(player=p(s, 0), card="nope")),
    ),
    (
        "play_a_restricted_card",
        "restricted",
        lambda: (
            s := in_plan(),
            s.play(0, "9T"),
            Play(player=p(s, 1), card=s.inst(1, "crimson-flags")),
        )[::2],
    ),
    # -- prompts
    (
        "choose_with_nothing_to_choose",
        "no_prompt",
        lambda: (s := in_plan(), Choose(player=p(s, 0), option="seat:1")),
    ),
    (
        "choose_an_option_not_offered",
        "bad_option",
        lambda: (s := with_prompt(), Choose(player=p(s, 0), option="seat:9")),
    ),
    (
        "choose_for_another_seats_prompt",
        "no_prompt",
        lambda: (s := with_prompt(), Choose(player=p(s, 1), option="seat:1")),
    ),
    # -- clean-up
    (
        "discard_outside_clean_up",
        "not_cleanup",
        lambda: (s := in_plan(), Discard(player=p(s, 0), card=s.inst(0, "2C"))),
    ),
    (
        "discard_a_card_not_in_hand",
        "not_in_hand",
        lambda: (s := in_cleanup(), Discard(player=p(s, 0), card=s.inst(1, "8S"))),
    ),
    (
        "discard_more_than_one_after_a_failed_round",
        "discard_limit",
        lambda: (
            s := in_cleanup(),
            s.discard(1, "8S"),
            Discard(player=p(s, 1), card=s.inst(1, "crimson-flags")),
        )[::2],
    ),
    (
        "discard_after_ready",
        "already_ready",
        lambda: (
            s := in_cleanup(),
            s.ready(0),
            Discard(player=p(s, 0), card=s.run.zones[0].hand[0]),
        )[::2],
    ),
    ("ready_outside_clean_up", "not_cleanup", lambda: (s := in_plan(), Ready(player=p(s, 0)))),
    (
        "ready_twice",
        "already_ready",
        lambda: (s := in_cleanup(), s.ready(0), Ready(player=p(s, 0)))[::2],
    ),
    # -- votes
    (
        "close_a_vote_that_is_not_open",
        "no_vote",
        lambda: (s := in_plan(), CloseVote(player=p(s, 0))),
    ),
    (
        "close_the_vote_when_not_leader",
        "not_leader",
        lambda: (s := in_vote(), CloseVote(player=p(s, 1))),
    ),
    (
        "vote_for_a_choice_not_on_the_card",
        "bad_choice",
        lambda: (s := in_vote(), Choose(player=p(s, 0), option="Z")),
    ),
    (
        "merc_votes",
        "merc_vote",
        lambda: (s := solo_vote(), Choose(player=p(s, 0), option="A", merc=True)),
    ),
    # -- who is acting
    (
        "stranger_plays",
        "not_seated",
        lambda: (s := in_plan(), Play(player="mallory", card=s.inst(0, "2C"))),
    ),
    (
        "merc_action_without_a_merc",
        "no_merc",
        lambda: (s := in_plan(), Play(player=p(s, 0), card=s.inst(0, "2C"), merc=True)),
    ),
    (
        "runner_not_dealt_into_this_run",
        "not_in_run",
        lambda: (c := running(), c.join("bob", "nomad"), Ready(player="bob"))[::2],
    ),
    # -- joining and leaving
    (
        "join_twice",
        "already_seated",
        lambda: (lobby(), Join(player="alice", name="A", role=Role.NOMAD)),
    ),
    (
        "join_a_taken_role",
        "role_taken",
        lambda: (lobby(), Join(player="bob", name="B", role=Role.SOLO)),
    ),
    (
        "join_as_the_system",
        "bad_player",
        lambda: (lobby(), Join(player=SYSTEM_PLAYER, name="S", role=Role.NOMAD)),
    ),
    (
        "hire_a_merc_in_a_crew",
        "merc_not_alone",
        lambda: (lobby(), Join(player="bob", name="B", role=Role.NOMAD, merc=Role.ROCKER)),
    ),
    (
        "join_a_merc_crew",
        "merc_table",
        lambda: (
            c := Crew(scenarios={"job": [scene(1, "x")]}),
            c.join("alice", "solo", merc="nomad"),
            Join(player="bob", name="B", role=Role.ROCKER),
        )[::2],
    ),
    ("leave_without_a_seat", "not_seated", lambda: (lobby(), Leave(player="bob"))),
    ("last_runner_leaves_a_run", "last_runner", lambda: (running(), Leave(player="alice"))),
    (
        "leave_mid_plan",
        "leave_mid_plan",
        lambda: (
            c := running(scenarios={"job": [obstacle(1, "Goon", health=30)]}),
            c.join("bob", "nomad"),
            c.abandon(),
            c.start(),
            c.flip(),
            Leave(player="bob"),
        )[::5],
    ),
    # -- managing the table
    ("start_by_a_player", "not_owner", lambda: (lobby(), Start(player="alice"))),
    ("start_during_a_run", "run_active", lambda: (running(), Start(player="p0"))),
    (
        "start_with_nobody_seated",
        "no_runners",
        lambda: (Crew(scenarios={"job": [scene(1, "x")]}), Start(player="p0")),
    ),
    (
        "start_an_unknown_scenario",
        "unknown_scenario",
        lambda: (lobby(), Start(player="p0", scenario="nope")),
    ),
    (
        "start_a_trauma_pack_by_name",
        "unknown_scenario",
        lambda: (
            lobby(trauma={"trauma-1": {"cards": [scene(1, "x")]}}),
            Start(player="p0", scenario="trauma-1"),
        ),
    ),
    (
        "start_a_finished_campaign",
        "campaign_done",
        lambda: (c := running(), c.flip(), c.flip(), Start(player="p0"))[::3],
    ),
    (
        "set_option_by_a_player",
        "not_owner",
        lambda: (lobby(), SetOption(player="alice", name="ace_low", value=True)),
    ),
    (
        "set_an_unknown_option",
        "unknown_option",
        lambda: (lobby(), SetOption(player="p0", name="wild_aces", value=True)),
    ),
    (
        "set_a_rules_option_mid_run",
        "option_mid_run",
        lambda: (running(), SetOption(player="p0", name="ace_low", value=True)),
    ),
    (
        "set_an_option_to_a_bad_value",
        "bad_option_value",
        lambda: (lobby(), SetOption(player="p0", name="turn_timer", value=-5)),
    ),
    ("abandon_by_a_player", "not_owner", lambda: (running(), Abandon(player="alice"))),
    ("abandon_without_a_run", "no_run", lambda: (lobby(), Abandon(player="p0"))),
    # -- the Upgrade Pool
    ("buy_mid_run", "shop_mid_run", lambda: (running(), Buy(player="alice", card=card_id("9T+2")))),
    ("buy_an_unknown_card", "unknown_card", lambda: (lobby(), Buy(player="alice", card="x"))),
    (
        "buy_a_sealed_card",
        "not_in_pool",
        lambda: (lobby(), Buy(player="alice", card=card_id("AS+5"))),
    ),
    (
        "buy_a_starter_card_not_in_the_pool",
        "not_in_pool",
        lambda: (lobby(), Buy(player="alice", card=card_id("2C"))),
    ),
    (
        "buy_without_enough_eddies",
        "no_eddies",
        lambda: (c := lobby(), c.buy("alice", "9T+2"), Buy(player="alice", card=card_id("9T+2")))[
            ::2
        ],
    ),
    (
        "buy_a_fourth_copy",
        "deck_limit",
        lambda: (
            c := lobby(costs={"9T+2": 0, "AS+5": 1}),
            c.buy("alice", "9T+2"),
            c.buy("alice", "9T+2"),
            c.buy("alice", "9T+2"),
            Buy(player="alice", card=card_id("9T+2")),
        )[::4],
    ),
    (
        "buy_for_a_merc_you_do_not_have",
        "no_merc",
        lambda: (lobby(), Buy(player="alice", card=card_id("9T+2"), merc=True)),
    ),
    (
        "remove_mid_run",
        "remove_mid_run",
        lambda: (running(), Remove(player="alice", card=card_id("2C"))),
    ),
    (
        "remove_a_card_not_in_the_deck",
        "not_in_deck",
        lambda: (lobby(), Remove(player="alice", card=card_id("9T+2"))),
    ),
    (
        "remove_below_the_minimum_deck",
        "deck_too_small",
        lambda: (lobby(), Remove(player="alice", card=card_id("2C"))),
    ),
    # -- puzzles
    ("solve_by_a_stranger", "not_seated", lambda: (lobby(), Solve(player="bob", answer="x"))),
    (
        "solve_with_an_empty_answer",
        "empty_answer",
        lambda: (lobby(), Solve(player="alice", answer="?!")),
    ),
    (
        "solve_with_a_wrong_answer",
        "wrong_answer",
        lambda: (
            c := running(
                scenarios={
                    "job": [
                        clue(1, "Shard", puzzle=dict(id="p1", question="?", answers=["yes"])),
                        scene(2, "Payday"),
                    ]
                }
            ),
            c.flip(),
            Solve(player="alice", answer="no"),
        )[::2],
    ),
]


def _build(builder: Callable[[], Any]) -> Case:
    sim, action = builder()
    return sim.table, sim.content, action


@pytest.mark.parametrize(
    "code,builder", [(c, b) for _, c, b in CASES], ids=[name for name, _, _ in CASES]
)
def test_illegal_action_is_refused_with_a_typed_reason_and_no_change(
    code: str, builder: Callable[[], Any]
) -> None:
    table, content, action = _build(builder)
    before = table.model_dump()
    with pytest.raises(IllegalAction) as exc:
        apply(table, action, content)
    refusal = exc.value.refusal
    assert refusal.code == code
    assert len(refusal.message.split()) >= 3  # a sentence a player can act on
    assert refusal.message.rstrip()[-1] in ".!?)"
    assert table.model_dump() == before
    again = check(table, action, content)
    assert again == refusal


def test_case_names_are_unique() -> None:
    names = [n for n, _, _ in CASES]
    assert len(names) == len(set(names))


# Codes the engine can raise that need content this suite's packs never lack.
UNREACHABLE_HERE = {"unknown_role"}


def test_every_refusal_the_engine_can_give_is_exercised_here() -> None:
    import importlib
    import inspect
    import pkgutil

    from rules.legends import engine
    from rules.legends.codes import Code

    # The engine is a package: read every module of it.
    source = "".join(
        inspect.getsource(importlib.import_module(f"rules.legends.engine.{m.name}"))
        for m in pkgutil.iter_modules(engine.__path__)
    )
    raised = {Code[name].value for name in re.findall(r"refuse\(\s*Code\.([A-Z_]+)", source)}
    assert "not_seated" in raised
    covered = {code for _, code, _ in CASES} | {"unknown_campaign"}
    missing = raised - covered - UNREACHABLE_HERE
    assert not missing, f"add a refusal case for: {sorted(missing)}"


def test_unknown_campaign_is_refused_when_creating_a_table() -> None:
    content = Crew(scenarios={"job": [scene(1, "x")]}).content
    with pytest.raises(IllegalAction) as exc:
        new_table(table_id="t", name="T", owner="o", campaign="nope", seed=1, content=content)
    assert exc.value.refusal.code == "unknown_campaign"


def test_a_legal_action_is_not_refused() -> None:
    s = in_plan()
    assert check(s.table, Play(player=p(s, 0), card=s.inst(0, "2C")), s.content) is None
