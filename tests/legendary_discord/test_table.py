"""The front end's table reducer: seats, host rights, moves only for your own seat."""

from __future__ import annotations

import pytest

from cogs.legendary.table import (
    AI,
    TIMER,
    Abandon,
    Choice,
    Join,
    Leave,
    Move,
    SetOptions,
    Start,
    Table,
    TableOptions,
    apply,
    new_table,
)
from content.legendary.loader import load_default_pack
from rules.core.errors import IllegalAction
from rules.legendary.actions import EndTurn
from rules.legendary.state import Options

PACK = load_default_pack()


def table() -> Table:
    return new_table("t", "1", "alice", Choice())


def test_join_leave_and_ai_seats_bump_the_version() -> None:
    t, ev = apply(table(), Join(person="2", name="bob"), PACK)
    assert [s.name for s in t.seats] == ["alice", "bob"] and t.version == 1 and ev
    t, _ = apply(t, Join(person="1", name="alice", ai=True), PACK)
    assert t.seats[-1].person is None and t.seats[-1].name == "AI 1"
    t, _ = apply(t, Leave(person="2"), PACK)
    assert [s.name for s in t.seats] == ["alice", "AI 1"] and t.version == 3


def test_only_the_host_seats_ai_starts_and_abandons() -> None:
    t, _ = apply(table(), Join(person="2", name="bob"), PACK)
    for action in (
        Join(person="2", name="bob", ai=True),
        Start(person="2", seed=1),
        Abandon(person="2"),
    ):
        with pytest.raises(IllegalAction) as exc:
            apply(t, action, PACK)
        assert exc.value.refusal.code == "not_host"
    t2, _ = apply(t, Start(person="2", seed=1, manager=True), PACK)  # Manage Channels
    assert t2.game is not None


def test_a_move_for_someone_elses_seat_is_refused() -> None:
    t, _ = apply(table(), Join(person="1", name="alice", ai=True), PACK)
    t, _ = apply(t, Start(person="1", seed=5), PACK)
    # A seed whose opening waits on no choice (seed 3 opens on a Twist since Countdown to
    # Zero plays 6 Twists at 2 players), so ending the turn is the only legal move here.
    assert t.game is not None and t.game.prompt is None
    seat = t.game.current
    other = 1 - seat
    who = "1" if seat == 0 else AI
    with pytest.raises(IllegalAction) as exc:
        apply(t, Move(person="9", action=EndTurn(seat=seat)), PACK)
    assert exc.value.refusal.message.startswith("It is not your turn")
    with pytest.raises(IllegalAction):  # your own seat, but not your turn
        apply(t, Move(person="1" if other == 0 else AI, action=EndTurn(seat=other)), PACK)
    t2, _ = apply(t, Move(person=who, action=EndTurn(seat=seat)), PACK)
    assert t2.version == t.version + 1


def test_bad_setup_is_refused_and_the_table_is_unchanged() -> None:
    t = table()
    from cogs.legendary.table import ChangeSetup

    with pytest.raises(IllegalAction) as exc:
        apply(t, ChangeSetup(person="1", choice=Choice(scheme="no-such")), PACK)
    assert exc.value.refusal.code == "bad_setup"
    with pytest.raises(IllegalAction):  # the last seat can't be given up
        apply(t, Leave(person="1"), PACK)


def test_options_are_the_hosts_before_the_start_and_reach_the_game() -> None:
    t, _ = apply(table(), Join(person="2", name="bob"), PACK)
    opts = TableOptions(rules=Options(extra_twists=2), turn_timer=60, ai_pace=0.0)
    with pytest.raises(IllegalAction) as exc:
        apply(t, SetOptions(person="2", options=opts), PACK)
    assert exc.value.refusal.code == "not_host"
    t2, ev = apply(t, SetOptions(person="2", options=opts, manager=True), PACK)
    assert t2.options == opts and t2.version == t.version + 1 and ev
    t3, _ = apply(t2, Start(person="1", seed=3), PACK)
    assert t3.game is not None and t3.game.options.extra_twists == 2
    with pytest.raises(IllegalAction) as exc:
        apply(t3, SetOptions(person="1", options=TableOptions()), PACK)
    assert exc.value.refusal.code == "started"


def test_the_timer_moves_only_for_the_seat_the_game_waits_on() -> None:
    t, _ = apply(table(), Join(person="2", name="bob"), PACK)
    t, _ = apply(t, Start(person="1", seed=5), PACK)
    assert t.game is not None and t.game.prompt is None  # the opening waits on no choice
    cur = t.game.current
    with pytest.raises(IllegalAction) as exc:
        apply(t, Move(person=TIMER, action=EndTurn(seat=1 - cur)), PACK)
    assert exc.value.refusal.code == "not_waited_on"
    t2, ev = apply(t, Move(person=TIMER, action=EndTurn(seat=cur)), PACK)
    assert ev[0].kind == "timed_out" and t.seats[cur].name in ev[0].text
    assert t2.game is not None and t2.game.current != cur
