"""§4 turn structure, §12 winning and losing: T3, T14, T15, T16, T22."""

from __future__ import annotations

from rules.tcg import actions as a
from rules.tcg.codes import Phase, RefusalCode
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK

GIGS7 = ["d4:1", "d6:1", "d8:1", "d10:1", "d12:1", "d20:1", "d6:2"]


def end_turn(t: Table, seat: int) -> None:
    t.act(seat, a.End)


def test_start_phase_win_check_comes_before_the_draw_T14() -> None:
    # bob has 7 Gigs and an empty deck: at his start phase he wins, never decks out.
    t = Table(PACK, Side(deck=["grunt"]), Side(gigs=GIGS7, fixer=[]), active=0)
    end_turn(t, 0)
    assert t.state.result is not None and t.state.result.winner == 1
    assert t.state.result.reason == "7 Gigs"


def test_gigs_won_in_your_turn_must_survive_the_rivals_turn() -> None:
    # alice has 7 Gigs in her own main phase: no win yet (outside Overtime).
    t = Table(PACK, Side(gigs=GIGS7, fixer=[]), Side(deck=["grunt"]))
    assert t.state.result is None
    end_turn(t, 0)
    assert t.state.result is None and t.state.active == 1


def test_drawing_from_an_empty_deck_loses() -> None:
    t = Table(PACK, Side(), Side(deck=[]))
    end_turn(t, 0)
    assert t.state.result is not None and t.state.result.winner == 0
    assert "decked out" in t.state.result.reason


def test_start_phase_readies_all_your_cards_then_draws_then_rolls() -> None:
    t = Table(
        PACK,
        Side(deck=["grunt"]),
        Side(
            deck=["brute", "wall"],
            field=["grunt spent"],
            legends=["solo-l spent", "plain-l up spent"],
            eddies=2,
            spent_eddies=2,
        ),
    )
    end_turn(t, 0)
    st = t.seat(1)
    assert not any(u.spent for u in st.field)
    assert not any(sl.spent for sl in st.legends)
    assert not any(e.spent for e in st.eddies)
    assert t.ids(st.hand) == ["brute"]
    assert t.state.phase is Phase.ROLL  # several dice: bob chooses
    legal = t.legal(1)
    assert {x.die for x in legal if isinstance(x, a.Roll)} == {4, 6, 8, 10, 12}
    assert t.refused(1, a.Roll, die=20) == RefusalCode.BAD_DIE  # the d20 only as the last die
    t.act(1, a.Roll, die=8)
    (die,) = t.seat(1).gigs
    assert die.size == 8 and 1 <= die.value <= 8
    assert 8 not in t.seat(1).fixer and t.state.phase is Phase.MAIN


def test_the_d20_is_rolled_when_it_is_the_last_die_T15() -> None:
    t = Table(PACK, Side(), Side(deck=["grunt"], fixer=[20]))
    end_turn(t, 0)
    assert [d.size for d in t.seat(1).gigs] == [20]
    assert t.state.phase is Phase.MAIN


def test_an_empty_fixer_area_skips_the_roll_in_T15() -> None:
    t = Table(PACK, Side(), Side(deck=["grunt"], fixer=[]))
    end_turn(t, 0)
    assert t.seat(1).gigs == () and t.state.phase is Phase.MAIN


def test_start_of_turn_triggers_resolve_before_the_ready_step() -> None:
    t = Table(PACK, Side(), Side(deck=["grunt", "brute"], field=["dawn spent"], fixer=[]))
    end_turn(t, 0)
    kinds = [e.kind for e in t.events]
    assert (
        kinds.index("trigger")
        < kinds.index("ready")
        < max(i for i, k in enumerate(kinds) if k == "draw")
    )
    assert sorted(t.ids(t.seat(1).hand)) == ["brute", "grunt"]


def test_end_of_turn_triggers_then_every_unit_loses_lag() -> None:
    t = Table(
        PACK, Side(deck=["grunt"], field=["dusk lag"]), Side(deck=["grunt"], field=["brute lag"])
    )
    end_turn(t, 0)
    assert t.ids(t.seat(0).hand) == ["grunt"]  # dusk's end-of-turn draw
    assert not any(u.lag for s in t.state.seats for u in s.field)


def test_once_per_turn_counters_reset_at_every_turn_start_T3() -> None:
    t = Table(PACK, Side(hand=["grunt"], sold=True, called=True), Side(deck=["grunt"]))
    end_turn(t, 0)
    assert not t.seat(0).sold and not t.seat(0).called


def test_overtime_starts_after_two_turns_beginning_with_empty_fixer_areas_T16() -> None:
    six = ["d4:1", "d6:1", "d8:1", "d10:1", "d12:1", "d20:1"]
    t = Table(
        PACK,
        Side(deck=["grunt"] * 3, gigs=six),
        Side(deck=["grunt"] * 3, gigs=six),
        began_empty=(False, True, True),
    )
    end_turn(t, 0)  # this turn began with both fixer areas empty, and so did the last
    assert t.state.overtime
    assert any(e.kind == "overtime" for e in t.events)


def test_overtime_needs_both_turns_to_begin_empty() -> None:
    t = Table(
        PACK, Side(deck=["grunt"] * 3), Side(deck=["grunt"] * 3), began_empty=(False, False, True)
    )
    end_turn(t, 0)
    assert not t.state.overtime


def test_overtime_checks_seven_gigs_the_moment_it_starts() -> None:
    t = Table(
        PACK,
        Side(deck=["grunt"], gigs=GIGS7, fixer=[]),
        Side(deck=["grunt"], fixer=[]),
        began_empty=(True, True),
    )
    end_turn(t, 0)
    assert t.state.result is not None and t.state.result.winner == 0
    assert "Overtime" in t.state.result.reason


def test_in_overtime_a_seventh_gig_wins_at_once() -> None:
    six = ["d4:1", "d6:1", "d8:1", "d10:1", "d12:1", "d20:1"]
    t = Table(
        PACK,
        Side(field=["grunt"], gigs=six, fixer=[]),
        Side(gigs=["d6:3"], fixer=[]),
        overtime=True,
    )
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Pass)
    assert t.state.result is not None and t.state.result.winner == 0


def test_concede_at_any_time() -> None:
    t = Table(PACK, Side(field=["grunt"]), Side(gigs=["d6:3"]))
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(0, a.Concede)  # even mid-attack, by the attacker
    assert t.state.result is not None and t.state.result.winner == 1
    assert t.state.phase is Phase.OVER
    assert t.refused(1, a.Pass) == RefusalCode.GAME_OVER


def test_each_player_drawing_from_empty_decks_at_once_is_a_draw() -> None:
    t = Table(PACK, Side(hand=["each-draw"], eddies=0), Side())
    t.act(0, a.Play, card="each-draw")
    assert t.state.result is not None and t.state.result.winner is None


def test_draw_two_with_one_card_left_draws_it_then_loses() -> None:
    t = Table(PACK, Side(hand=["draw2"], deck=["grunt"]), Side())
    t.act(0, a.Play, card="draw2")
    assert "grunt" in t.ids(t.seat(0).hand)
    assert t.state.result is not None and t.state.result.winner == 1


def test_no_hand_or_field_limit_T22() -> None:
    t = Table(PACK, Side(hand=["zero"] * 30, field=["zero"] * 30), Side(deck=["grunt"]))
    t.act(0, a.Play, card=t.seat(0).hand[0])
    assert len(t.seat(0).field) == 31
    end_turn(t, 0)
    assert len(t.seat(0).hand) == 29  # nothing discarded at the end of turn
    assert t.state.active == 1
