"""§5 Eddies, Sell and paying costs: T3 (Sell), T6, T19, T27."""

from __future__ import annotations

from rules.tcg import actions as a
from rules.tcg.codes import RefusalCode
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK


def test_sell_puts_a_sell_tagged_card_face_down_and_ready_in_the_eddies_area() -> None:
    t = Table(PACK, Side(hand=["grunt", "grunt"]), Side())
    out = t.act(0, a.Sell, card=t.seat(0).hand[0])
    (e,) = t.seat(0).eddies
    assert not e.spent and e.known
    assert any("sells Grunt" in ev.text and ev.public for ev in out.events)  # revealed


def test_sell_only_once_per_turn_T3() -> None:
    t = Table(PACK, Side(hand=["grunt", "grunt"]), Side())
    t.act(0, a.Sell, card=t.seat(0).hand[0])
    assert t.refused(0, a.Sell, card=t.seat(0).hand[0]) == RefusalCode.ALREADY_SOLD


def test_only_a_sell_tagged_card_can_be_sold() -> None:
    t = Table(PACK, Side(hand=["brute"]), Side())
    assert t.refused(0, a.Sell, card="brute") == RefusalCode.NO_SELL_TAG


def test_an_effect_sell_uses_up_the_sell_action() -> None:
    t = Table(PACK, Side(hand=["bootleg", "grunt"], deck=["brute", "wall"], eddies=1), Side())
    t.act(0, a.Play, card="bootleg")
    assert t.seat(0).sold
    assert t.refused(0, a.Sell, card="grunt") == RefusalCode.ALREADY_SOLD


def test_an_eddie_pays_one_per_turn_whatever_the_cards_cost() -> None:
    t = Table(PACK, Side(hand=["brute"], eddies=1), Side())
    t.act(0, a.Play, card="brute")
    assert all(e.spent for e in t.seat(0).eddies)
    t2 = Table(PACK, Side(hand=["pricey"], eddies=2), Side())
    assert t2.refused(0, a.Play, card="pricey") == RefusalCode.CANT_PAY


def test_face_down_legends_always_pay_face_up_only_with_a_sell_tag() -> None:
    legends = ["solo-l", "nosell-l up", "plain-l up"]
    t = Table(PACK, Side(hand=["pricey"], legends=legends, deck=["grunt"]), Side())
    # nosell-l is face-up without a Sell tag: only two sources for a 3 €$ card.
    assert t.refused(0, a.Play, card="pricey") == RefusalCode.CANT_PAY
    t = Table(PACK, Side(hand=["pricey"], legends=legends, eddies=1, deck=["grunt"]), Side())
    t.act(0, a.Play, card="pricey")
    assert [sl.spent for sl in t.seat(0).legends] == [True, False, True]


def test_a_face_up_legend_without_sell_tag_is_not_a_payment_source() -> None:
    t = Table(PACK, Side(hand=["zap"], legends=["nosell-l up"]), Side(field=["grunt"]))
    assert t.refused(0, a.Play, card="zap") == RefusalCode.CANT_PAY
    assert t.refused(0, a.Play, card="zap", pay=["nosell-l"]) == RefusalCode.CANT_PAY


def test_a_legend_spent_to_pay_is_spent_and_is_not_an_eddie() -> None:
    t = Table(PACK, Side(hand=["zap"], legends=["solo-l"]), Side(field=["grunt"]))
    t.act(0, a.Play, card="zap")
    assert t.seat(0).legends[0].spent and t.seat(0).eddies == ()
    assert t.field_ids(1) == []


def test_legends_on_the_field_are_not_money_T6() -> None:
    t = Table(PACK, Side(hand=["zap"], field=["solo-l solo"]), Side(field=["grunt"]))
    assert t.refused(0, a.Play, card="zap") == RefusalCode.CANT_PAY


def test_the_payer_picks_the_sources_T27() -> None:
    t = Table(PACK, Side(hand=["zap"], eddies=1, legends=["plain-l up"]), Side(field=["grunt"]))
    t.act(0, a.Play, card="zap", pay=["plain-l"])
    assert t.seat(0).legends[0].spent
    assert not t.seat(0).eddies[0].spent


def test_by_default_eddies_pay_first_T27() -> None:
    t = Table(PACK, Side(hand=["zap"], eddies=1, legends=["plain-l up"]), Side(field=["grunt"]))
    t.act(0, a.Play, card="zap")
    assert t.seat(0).eddies[0].spent and not t.seat(0).legends[0].spent


def test_a_payment_must_be_exact_and_from_ready_sources() -> None:
    t = Table(PACK, Side(hand=["zap"], eddies=2, spent_eddies=1), Side(field=["grunt"]))
    spent, ready = t.seat(0).eddies[0].inst, t.seat(0).eddies[1].inst
    assert t.refused(0, a.Play, card="zap", pay=[spent]) == RefusalCode.BAD_PAYMENT
    assert t.refused(0, a.Play, card="zap", pay=[ready, ready]) == RefusalCode.BAD_PAYMENT
    t.act(0, a.Play, card="zap", pay=[ready])


def test_reductions_never_go_below_one_T19() -> None:
    t = Table(
        PACK,
        Side(hand=["pricey", "zap"], field=["fixer-friend"], eddies=2, deck=["grunt"]),
        Side(field=["grunt"]),
    )
    t.act(0, a.Play, card="pricey")  # 3 - 2 = 1
    assert sum(e.spent for e in t.seat(0).eddies) == 1
    t.act(0, a.Play, card="zap")  # 1 - 2 stops at 1
    assert sum(e.spent for e in t.seat(0).eddies) == 2


def test_a_zero_payment_stays_zero() -> None:
    t = Table(PACK, Side(hand=["draw2"], deck=["grunt"] * 3, field=["fixer-friend"]), Side())
    t.act(0, a.Play, card="draw2")
    assert len(t.seat(0).hand) == 2


def test_a_card_flag_allows_a_reduction_to_zero_T19() -> None:
    # free-l's ability (2 €$) is reduced by 5: its flag lets it reach 0 (still spent).
    t = Table(PACK, Side(legends=["free-l up"], field=["ab-discount"], deck=["grunt"]), Side())
    t.act(0, a.Activate, card="free-l")
    assert t.ids(t.seat(0).hand) == ["grunt"] and t.seat(0).legends[0].spent
    # Without the flag the floor is 1: pumper's 1 €$ ability can't be paid with nothing.
    t2 = Table(PACK, Side(field=["pumper", "ab-discount"]), Side())
    assert t2.refused(0, a.Activate, card="pumper") == RefusalCode.CANT_PAY


def test_every_distinct_payment_is_offered_and_accepted_T27() -> None:
    from rules.tcg.legal import payment_variants

    t = Table(
        PACK,
        Side(hand=["pricey"], eddies=2, legends=["solo-l", "plain-l up"], deck=["grunt"]),
        Side(),
    )
    base = t.action(0, a.Play, card="pricey")
    variants = payment_variants(t.state, PACK, base)
    legend_sets = set()
    for v in variants:
        assert isinstance(v, a.Play) and v.pay is not None and len(v.pay) == 3
        legend_sets.add(frozenset(p for p in v.pay if "-L" in p))
        from rules.tcg.engine import apply

        apply(t.state, v, PACK)  # accepted
    # 3 €$ from 2 Eddies + 2 Legends: one Legend (either) or both.
    assert len(legend_sets) == 3 and frozenset() not in legend_sets
