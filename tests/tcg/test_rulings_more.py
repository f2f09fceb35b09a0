"""More rulings and rules: T12 (each player acts), T20, QUICK answers, must attack, new
objects, reductions to a Legend's cost."""

from __future__ import annotations

from rules.tcg import actions as a
from rules.tcg.board import Board
from rules.tcg.codes import EventKind, RefusalCode
from rules.tcg.options import TcgOptions
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK


def power(t: Table, ref: str) -> int:
    return Board(t.state, PACK).power(t.inst(ref))


def test_when_each_player_draws_the_active_player_draws_first_T12() -> None:
    t = Table(PACK, Side(hand=["each-draw"], deck=["grunt"]), Side(deck=["brute"]), active=0)
    out = t.act(0, a.Play, card="each-draw")
    draws = [e.text for e in out.events if e.kind == EventKind.DRAW and e.public]
    assert draws == ["alice draws a card.", "bob draws a card."]


def test_current_text_by_default_old_ruling_with_the_option_T20() -> None:
    t = Table(PACK, Side(hand=["old-new"], field=["grunt"]), Side())
    t.act(0, a.Play, card="old-new")
    assert power(t, "grunt") == 5
    t = Table(
        PACK,
        Side(hand=["old-new"], field=["grunt"]),
        Side(),
        options=TcgOptions(legacy_choice_on_play=True),
    )
    t.act(0, a.Play, card="old-new")
    assert power(t, "grunt") == 8


def test_gear_whose_host_died_still_resolves_its_lower_defeated_text_T20() -> None:
    t = Table(
        PACK,
        Side(field=["brute"]),
        Side(field=["grunt spent +dying-night"], eddies=2, spent_eddies=2),
    )
    t.act(0, a.Attack, unit="brute", target="grunt")
    t.act(1, a.Pass)
    assert [e.spent for e in t.seat(1).eddies] == [False, False]
    assert sorted(t.ids(t.seat(1).trash)) == ["dying-night", "grunt"]


def test_a_quick_cant_be_answered_the_attacker_gets_no_response() -> None:
    t = Table(
        PACK,
        Side(field=["brute"], hand=["smoke"], eddies=1),
        Side(gigs=["d6:3"], hand=["smoke"], eddies=1),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Play, card="smoke")
    assert [type(x).__name__ for x in t.legal(0)] == ["Concede"]
    assert t.refused(0, a.Play, card="smoke") == RefusalCode.ATTACK_IN_PROGRESS


def test_the_attack_ends_when_a_quick_effect_defeats_the_attacker() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], hand=["snipe"], eddies=1))
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Play, card="snipe")
    assert t.state.attack is None and len(t.seat(1).gigs) == 1
    assert any(e.kind == EventKind.ATTACK_ENDS for e in t.events)


def test_a_unit_that_must_attack_keeps_the_turn_from_ending_while_it_can() -> None:
    t = Table(
        PACK,
        Side(field=["berserker"], deck=["grunt"]),
        Side(gigs=["d4:2"], deck=["grunt"]),
    )
    assert t.refused(0, a.End) == RefusalCode.MUST_ATTACK
    t.act(0, a.Attack, unit="berserker", target=None)
    t.act(1, a.Pass)
    t.act(0, a.End)  # spent now: it can't attack any more


def test_a_card_leaving_play_comes_back_as_a_new_object() -> None:
    t = Table(PACK, Side(hand=["weaken", "recall"], eddies=2, field=["brute"]), Side())
    t.act(0, a.Play, card="weaken")
    assert power(t, "brute") == 2
    t.act(0, a.Play, card="recall")
    assert "brute" in t.ids(t.seat(0).hand)
    assert all(m.inst != t.inst("brute") for m in t.state.mods)


def test_a_reduction_to_a_legends_cost_also_reduces_its_go_solo_payment() -> None:
    t = Table(PACK, Side(legends=["solo-l up"], field=["lifter"], eddies=2, deck=["grunt"]), Side())
    t.act(0, a.Play, card="solo-l")  # 3 - 1 = 2
    assert t.unit("solo-l").solo and all(e.spent for e in t.seat(0).eddies)


def test_cost_payment_triggers_resolve_after_the_card_paid_for() -> None:
    # plain-l (face-up, Sell tag) wears the jacket: "when spent, draw". Spending it to pay
    # for zap fires the trigger, which waits until zap has resolved (§10).
    t = Table(
        PACK,
        Side(hand=["zap"], legends=["plain-l up +jacket"], deck=["brute"]),
        Side(field=["grunt"]),
    )
    out = t.act(0, a.Play, card="zap", pay=["plain-l"])
    kinds = [e.kind for e in out.events]
    assert kinds.index(EventKind.DEFEAT) < kinds.index(EventKind.DRAW)
    assert t.ids(t.seat(0).hand) == ["brute"]
