"""§6 Legends, Call a Legend, GO SOLO; §2 Legend and Gear zones: T4, T5, T7, T21, T28."""

from __future__ import annotations

from rules.tcg import actions as a
from rules.tcg.codes import RefusalCode
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK


def test_call_pays_one_turns_the_slot_face_up_keeping_orientation_and_fires_call() -> None:
    t = Table(PACK, Side(legends=["plain-l", "solo-l spent"], eddies=1, deck=["grunt"]), Side())
    out = t.act(0, a.Call, slot=1)
    sl = t.seat(0).legends[1]
    assert sl.face_up and sl.spent  # a spent one stays spent
    assert t.seat(0).eddies[0].spent
    assert any(e.public and "slot 2: Solo L" in e.text for e in out.events)
    assert t.ids(t.seat(0).hand) == ["grunt"]  # its CALL trigger drew a card


def test_call_once_per_turn_including_free_calls_T3() -> None:
    t = Table(PACK, Side(legends=["plain-l", "solo-l"], eddies=2, deck=["grunt"] * 2), Side())
    t.act(0, a.Call, slot=0)
    assert t.refused(0, a.Call, slot=1) == RefusalCode.ALREADY_CALLED
    t2 = Table(
        PACK, Side(hand=["callit"], legends=["plain-l", "solo-l"], eddies=1, deck=["grunt"]), Side()
    )
    t2.act(0, a.Play, card="callit")  # a free Call from an effect…
    t2.choose(0, "1")
    assert t2.seat(0).legends[1].face_up and t2.seat(0).eddies[0].spent is False
    assert t2.refused(0, a.Call, slot=0) == RefusalCode.ALREADY_CALLED  # …shares the counter


def test_call_needs_a_face_down_slot() -> None:
    t = Table(PACK, Side(legends=["plain-l up", "empty"], eddies=1), Side())
    assert t.refused(0, a.Call, slot=0) == RefusalCode.BAD_SLOT
    assert t.refused(0, a.Call, slot=1) == RefusalCode.BAD_SLOT


def test_face_down_legend_text_is_inactive() -> None:
    t = Table(PACK, Side(legends=["null-l"], deck=["grunt"]), Side())
    assert t.refused(0, a.Activate, card="null-l") == RefusalCode.NO_SUCH_CARD


def test_a_face_up_legend_uses_its_spend_ability_from_the_legends_area_at_once() -> None:
    t = Table(PACK, Side(legends=["null-l"], eddies=1, deck=["grunt"]), Side())
    t.act(0, a.Call, slot=0)
    t.act(0, a.Activate, card="null-l")
    assert t.seat(0).legends[0].spent and t.ids(t.seat(0).hand) == ["grunt"]


def test_face_down_legends_cant_go_solo_T4() -> None:
    t = Table(PACK, Side(legends=["solo-l"], eddies=3), Side())
    assert t.refused(0, a.Play, card="solo-l") == RefusalCode.BAD_SLOT


def test_a_legend_may_go_solo_the_turn_it_is_called_and_pay_with_itself() -> None:
    t = Table(
        PACK, Side(legends=["solo-l", "plain-l"], eddies=2, deck=["grunt"] * 3), Side(gigs=["d6:2"])
    )
    t.act(0, a.Call, slot=0)  # spends one Eddie; CALL draws
    # 3 €$: one Eddie, plain-l face-down, and solo-l itself (face-up with a Sell tag).
    t.act(0, a.Play, card="solo-l", pay=[t.seat(0).eddies[1].inst, "plain-l", "solo-l"])
    u = t.unit("solo-l")
    assert not u.spent and u.lag and u.solo  # T5: it enters ready, with Lag
    assert t.seat(0).legends[0].inst is None  # its slot stays empty
    assert len(t.seat(0).hand) == 2  # CALL and PLAY triggers (going solo is a play)
    t.act(0, a.Attack, unit="solo-l", target=None)  # …and may attack this turn


def test_go_solo_from_a_spent_legend_enters_ready_T5() -> None:
    t = Table(PACK, Side(legends=["solo-l up spent"], eddies=3, deck=["grunt"]), Side())
    t.act(0, a.Play, card="solo-l")
    assert not t.unit("solo-l").spent


def test_a_plain_legend_play_keeps_its_orientation_and_has_lag_T5() -> None:
    t = Table(PACK, Side(legends=["plain-l up spent"], eddies=2), Side(gigs=["d6:2"]))
    t.act(0, a.Play, card="plain-l")
    u = t.unit("plain-l")
    assert u.spent and u.lag and not u.solo
    t2 = Table(PACK, Side(legends=["solo-l up"], eddies=3, deck=["grunt"]), Side(gigs=["d6:2"]))
    t2.act(0, a.Play, card="solo-l", solo=False)  # choosing not to use GO SOLO
    assert t2.refused(0, a.Attack, unit="solo-l", target=None) == RefusalCode.CANT_ATTACK


def test_null_cost_legends_are_never_played_to_the_field() -> None:
    t = Table(PACK, Side(legends=["null-l up"], eddies=5), Side())
    assert t.refused(0, a.Play, card="null-l") == RefusalCode.NULL_COST


def test_a_legend_on_the_field_cant_use_spend_abilities_on_its_arrival_turn() -> None:
    t = Table(PACK, Side(legends=["plain-l up"], eddies=3, hand=["rig"]), Side())
    t.act(0, a.Play, card="rig", target="plain-l")
    t.act(0, a.Play, card="plain-l")
    assert t.refused(0, a.Activate, card="plain-l") == RefusalCode.CANT_ACTIVATE


def test_a_legend_sent_to_the_trash_is_removed_and_its_gear_goes_to_the_trash_T21() -> None:
    t = Table(
        PACK, Side(field=["brute"]), Side(field=["doomed-l solo spent +blade"], deck=["grunt"])
    )
    t.act(0, a.Attack, unit="brute", target="doomed-l")
    t.act(1, a.Pass)  # 5 against 3 + 2 = 5: a tie, both defeated
    assert t.ids(t.seat(1).removed) == ["doomed-l"]
    assert t.ids(t.seat(1).trash) == ["blade"]
    assert t.ids(t.seat(1).hand) == ["grunt"]  # its DEFEATED trigger still resolved


def test_a_legend_sent_to_hand_is_removed_and_its_gear_goes_to_the_hand_T21() -> None:
    t = Table(PACK, Side(hand=["recall"], eddies=1), Side(field=["plain-l +blade", "grunt"]))
    t.act(0, a.Play, card="recall")
    t.choose(0, t.inst("plain-l"))
    assert t.ids(t.seat(1).removed) == ["plain-l"] and t.ids(t.seat(1).hand) == ["blade"]


def test_a_legend_sent_to_the_deck_is_removed_and_its_gear_goes_to_the_deck_T21() -> None:
    t = Table(PACK, Side(hand=["bury"], eddies=1), Side(field=["plain-l +blade"], deck=["zero"]))
    t.act(0, a.Play, card="bury")
    assert t.ids(t.seat(1).removed) == ["plain-l"]
    assert t.ids(t.seat(1).deck) == ["zero", "blade"]


def test_a_unit_sent_to_hand_takes_its_gear_along_unequipped() -> None:
    t = Table(PACK, Side(hand=["recall"], eddies=1), Side(field=["grunt +blade"]))
    t.act(0, a.Play, card="recall")
    assert sorted(t.ids(t.seat(1).hand)) == ["blade", "grunt"]


def test_gear_equips_only_your_own_unit_or_face_up_legend_T28() -> None:
    t = Table(
        PACK,
        Side(hand=["blade"], eddies=2, legends=["plain-l", "solo-l up"], field=["grunt"]),
        Side(field=["brute"]),
    )
    assert t.refused(0, a.Play, card="blade") == RefusalCode.NEEDS_HOST
    assert t.refused(0, a.Play, card="blade", target="brute") == RefusalCode.BAD_HOST
    assert t.refused(0, a.Play, card="blade", target="plain-l") == RefusalCode.BAD_HOST
    t.act(0, a.Play, card="blade", target="solo-l")  # a face-up Legend in the area
    assert t.seat(0).legends[1].gear == (t.inst("blade"),)


def test_gear_gives_its_lower_keywords_to_the_host() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(field=["grunt +shield", "zero spent"]))
    t.act(0, a.Attack, unit="brute", target="zero")
    t.act(1, a.Block, unit="grunt")  # BLOCKER from the shield's lower text
    assert t.state.attack is not None and t.state.attack.target == t.inst("grunt")


def test_gear_stays_equipped_when_its_legend_goes_solo() -> None:
    t = Table(PACK, Side(legends=["solo-l up +blade"], eddies=3, deck=["grunt"]), Side())
    t.act(0, a.Play, card="solo-l")
    u = t.unit("solo-l")
    assert t.ids(u.gear) == ["blade"]
    from rules.tcg.board import Board

    assert Board(t.state, PACK).power(u.inst) == 8


def test_a_spend_ability_in_gears_lower_text_spends_the_host_T7() -> None:
    t = Table(PACK, Side(field=["grunt +rig"], deck=["brute"]), Side())
    t.act(0, a.Activate, card="grunt")
    assert t.unit("grunt").spent and t.ids(t.seat(0).hand) == ["brute"]


def test_gears_upper_text_resolves_when_played() -> None:
    t = Table(PACK, Side(hand=["scope"], field=["grunt"], deck=["brute"]), Side())
    t.act(0, a.Play, card="scope", target="grunt")
    assert t.ids(t.seat(0).hand) == ["brute"]
