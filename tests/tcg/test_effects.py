"""§9 dice and Street Cred, §10 triggers, §11 resolution: T2, T8, T9, T12, T24, T25, T26."""

from __future__ import annotations

import pytest

from rules.tcg import actions as a
from rules.tcg.board import Board, is_even, is_odd, value_pairs
from rules.tcg.cards import Card
from rules.tcg.codes import EventKind, PromptKind
from rules.tcg.scenario import Side, Table
from rules.tcg.view import view
from tests.tcg.pack import PACK


def power(t: Table, ref: str) -> int:
    return Board(t.state, PACK).power(t.inst(ref))


def raw(t: Table, ref: str) -> int:
    return Board(t.state, PACK).raw_power(t.inst(ref))


# ---- negative values (T2) -------------------------------------------------------------------


def test_negative_power_is_stored_raw_and_read_as_zero_T2() -> None:
    # 2 power, -3 → -1 (acts as 0); then +2 → 1, not 2.
    t = Table(PACK, Side(hand=["weaken", "boost"]), Side(field=["spark"]))
    t.act(0, a.Play, card="weaken")
    assert raw(t, "spark") == -1 and power(t, "spark") == 0
    assert view(t.state, PACK, None).seats[1].field[0].power == 0
    t.act(0, a.Play, card="boost")
    assert power(t, "spark") == 1


# ---- no legal target (T8), spending a spent card (T9) ------------------------------------------


def test_a_program_with_no_legal_target_may_be_played_and_fails_T8() -> None:
    t = Table(PACK, Side(hand=["zap"], eddies=1), Side(field=["brute"]))  # zap: power ≤ 3
    t.act(0, a.Play, card="zap")
    assert t.seat(0).eddies[0].spent and t.ids(t.seat(0).trash) == ["zap"]
    assert t.field_ids(1) == ["brute"]


def test_a_swap_needs_a_gig_on_each_side_T8() -> None:
    t = Table(PACK, Side(hand=["swap"], eddies=1, gigs=["d6:6"]), Side())
    t.act(0, a.Play, card="swap")
    assert [d.value for d in t.seat(0).gigs] == [6]


def test_spending_a_spent_unit_is_legal_and_the_rider_still_lands_T9() -> None:
    t = Table(
        PACK,
        Side(hand=["stun"], eddies=1, deck=["grunt"] * 2, fixer=[]),
        Side(field=["brute spent"], deck=["grunt"] * 2, fixer=[]),
    )
    t.act(0, a.Play, card="stun")
    assert t.unit("brute").spent
    t.act(0, a.End)  # bob's start phase: brute doesn't ready
    assert t.unit("brute").spent and not t.unit("brute").no_ready
    t.act(1, a.End)
    t.act(0, a.End)
    assert not t.unit("brute").spent  # the turn after, it readies


def test_a_cost_must_be_payable_a_spend_ability_needs_a_ready_card_T8() -> None:
    t = Table(PACK, Side(field=["spark spent"]), Side(field=["grunt"]))
    from rules.tcg.codes import RefusalCode

    assert t.refused(0, a.Activate, card="spark") == RefusalCode.CANT_ACTIVATE


# ---- dice (§9) ------------------------------------------------------------------------------


def test_swap_moves_one_die_each_way_values_unchanged_and_is_not_a_steal_T18() -> None:
    t = Table(
        PACK, Side(hand=["swap"], eddies=1, gigs=["d4:2", "d6:5"]), Side(gigs=["d20:19", "d8:1"])
    )
    t.act(0, a.Play, card="swap")
    assert t.state.prompt is not None and t.state.prompt.kind is PromptKind.SWAP_OWN
    t.choose(0, "0d4")
    t.choose(0, "1d20")
    assert sorted((d.size, d.value) for d in t.seat(0).gigs) == [(6, 5), (20, 19)]
    assert sorted((d.size, d.value) for d in t.seat(1).gigs) == [(4, 2), (8, 1)]


def test_adjust_up_to_x_stays_within_the_dies_range_and_may_target_rival_gigs() -> None:
    t = Table(PACK, Side(hand=["nudge"], eddies=1, gigs=["d6:5"]), Side(gigs=["d4:1"]))
    t.act(0, a.Play, card="nudge")
    t.choose(0, "1d4")  # a rival Gig: allowed unless the card says friendly
    p = t.state.prompt
    assert p is not None and [o.key for o in p.options] == ["0", "1", "2", "3"]
    t.choose(0, "3")
    assert t.seat(1).gigs[0].value == 4


def test_a_die_at_its_top_face_cant_be_raised() -> None:
    t = Table(PACK, Side(hand=["nudge"], eddies=1, gigs=["d6:6"]), Side(gigs=["d4:2"]))
    t.act(0, a.Play, card="nudge")
    p = t.state.prompt  # only the d4 can go up: it is chosen, the amount is asked
    assert (
        p is not None
        and p.kind is PromptKind.AMOUNT
        and [o.key for o in p.options] == ["0", "1", "2"]
    )


def test_choosing_zero_is_legal_and_changes_nothing() -> None:
    t = Table(PACK, Side(hand=["nudge"], eddies=1, gigs=["d6:2"]), Side())
    t.act(0, a.Play, card="nudge")
    out = t.choose(0, "0")
    assert t.seat(0).gigs[0].value == 2 and not any(e.kind == EventKind.GIG for e in out.events)


def test_setting_a_die_to_the_value_it_shows_fails() -> None:
    t = Table(PACK, Side(hand=["floor"], eddies=1, gigs=["d6:1"]), Side(gigs=["d8:1"]))
    t.act(0, a.Play, card="floor")  # both are already min Gigs: nothing to set
    assert t.state.prompt is None and [d.value for d in t.seat(1).gigs] == [1]


def test_min_and_max_gigs() -> None:
    t = Table(PACK, Side(hand=["ceiling"], eddies=1, gigs=["d12:3"]), Side(gigs=["d8:1"]))
    t.act(0, a.Play, card="ceiling")  # friendly only: the d12
    assert t.seat(0).gigs[0].value == 12


def test_street_cred_is_the_sum_of_gig_values_and_null_without_gigs_T24() -> None:
    t = Table(PACK, Side(gigs=["d6:3", "d8:5"]), Side())
    b = Board(t.state, PACK)
    assert b.street_cred(0) == 8 and b.street_cred(1) is None
    assert view(t.state, PACK, None).seats[1].street_cred is None


@pytest.mark.parametrize(
    ("v", "even", "odd"),
    [(None, False, False), (0, False, False), (1, False, True), (2, True, False)],
)
def test_null_and_zero_are_neither_even_nor_odd_T24(v: int | None, even: bool, odd: bool) -> None:
    assert is_even(v) is even and is_odd(v) is odd


def test_a_while_condition_on_street_cred_is_checked_continuously() -> None:
    t = Table(PACK, Side(field=["even-boost"], gigs=["d6:3"], hand=["nudge"], eddies=1), Side())
    assert power(t, "even-boost") == 2  # 3 is odd
    t.act(0, a.Play, card="nudge")
    t.choose(0, "1")  # 4: even
    assert power(t, "even-boost") == 5


@pytest.mark.parametrize(
    ("values", "pairs"),
    [([], 0), ([3, 3], 1), ([3, 3, 3], 1), ([3, 3, 3, 3], 2), ([1, 2, 1, 2, 5], 2)],
)
def test_value_pairs_each_die_in_at_most_one_pair(values: list[int], pairs: int) -> None:
    assert value_pairs(values) == pairs


def test_named_effect_reads_value_pairs() -> None:
    t = Table(
        PACK, Side(hand=["surge"], field=["grunt"], gigs=["d6:2", "d8:2", "d4:3", "d10:3"]), Side()
    )
    t.act(0, a.Play, card="surge")
    assert power(t, "grunt") == 5


def test_named_effect_even_odds_null_is_not_even() -> None:
    t = Table(PACK, Side(hand=["odds", "odds"], deck=["grunt"] * 4), Side())
    t.act(0, a.Play, card=t.seat(0).hand[0])
    assert len(t.seat(0).hand) == 2  # null cred: one card (the other odds + 1)


# ---- triggers and the pool (§10, §11, T12, T25) ---------------------------------------------


def test_may_triggers_ask_and_forced_ones_dont_T25() -> None:
    t = Table(PACK, Side(hand=["greeter", "herald"], eddies=2, deck=["grunt"] * 3), Side())
    t.act(0, a.Play, card="greeter")
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.MAY
    t.choose(0, "no")
    assert len(t.seat(0).hand) == 1
    t.act(0, a.Play, card="herald")
    assert t.state.prompt is None and len(t.seat(0).hand) == 1  # drew: herald left, grunt in


def test_active_players_pending_effects_first_in_the_order_they_choose_T12() -> None:
    # A tie kills martyr (alice's, active) and martyr (bob's): both DEFEATED triggers wait.
    # alice resolves hers first, then bob.
    t = Table(
        PACK,
        Side(field=["martyr", "dusk"], deck=["grunt"]),
        Side(field=["martyr spent"], deck=["brute"]),
    )
    t.act(0, a.Attack, unit="martyr", target="martyr")
    t.act(1, a.Pass)
    draws = [e.text for e in t.events if e.kind == EventKind.DRAW and e.public]
    assert draws == ["alice draws a card.", "bob draws a card."]


def test_a_player_with_several_pending_effects_orders_them_T12() -> None:
    spender = Card.model_validate(
        dict(
            id="double",
            name="Double",
            type="unit",
            colour="red",
            power=2,
            text={
                "triggers": [
                    {"when": "attack", "effects": [{"type": "draw"}]},
                    {
                        "when": "attack",
                        "effects": [{"type": "power", "target": "this", "amount": 1}],
                    },
                ]
            },
        )
    )
    pack = PACK.model_copy(update={"cards": {**PACK.cards, "double": spender}})
    t = Table(pack, Side(field=["double"], deck=["grunt"]), Side(gigs=["d4:1"]))
    t.act(0, a.Attack, unit="double", target=None)
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.ORDER_PENDING and p.seat == 0
    t.choose(0, p.options[1].key)
    kinds = [e.kind for e in t.events]
    assert kinds.index(EventKind.POWER) < kinds.index(EventKind.DRAW)


def test_when_spent_triggers_fire_for_any_reason_and_cost_triggers_resolve_after() -> None:
    t = Table(PACK, Side(field=["grunt +jacket"], deck=["brute", "wall"]), Side(gigs=["d4:1"]))
    t.act(0, a.Attack, unit="grunt", target=None)  # spent by attacking
    assert t.ids(t.seat(0).hand) == ["brute"]


def test_a_resolving_effect_is_not_interrupted_triggers_wait_in_the_pool() -> None:
    # zap defeats martyr; martyr's DEFEATED draw waits until zap has finished (it goes to
    # the trash only when its resolution ends).
    t = Table(PACK, Side(hand=["zap"], eddies=1), Side(field=["martyr"], deck=["grunt"]))
    out = t.act(0, a.Play, card="zap")
    kinds = [e.kind for e in out.events]
    assert (
        kinds.index(EventKind.DEFEAT) < kinds.index(EventKind.TRIGGER) < kinds.index(EventKind.DRAW)
    )


# ---- other effects ------------------------------------------------------------------------------


def test_effect_steal_takes_up_to_count_chosen_by_the_player() -> None:
    t = Table(PACK, Side(hand=["heist"], eddies=1), Side(gigs=["d4:1", "d6:2", "d8:3"]))
    t.act(0, a.Play, card="heist")
    t.choose(0, "1d8")
    t.choose(0, "1d4")
    assert sorted(d.id for d in t.seat(0).gigs) == ["1d4", "1d8"]


def test_sell_top_puts_an_unseen_card_in_the_eddies_area() -> None:
    t = Table(PACK, Side(hand=["bootleg"], eddies=1, deck=["big", "grunt"]), Side())
    out = t.act(0, a.Play, card="bootleg")
    st = t.seat(0)
    assert len(st.eddies) == 2 and not st.eddies[1].known and not st.eddies[1].spent
    for seat in (0, 1, None):
        v = view(t.state, PACK, seat).seats[0]
        assert "Big" not in v.eddies_known and v.eddies_unseen == 2
    assert all("Big" not in e.text for e in out.events)


def test_ready_eddies() -> None:
    t = Table(PACK, Side(hand=["flashback"], eddies=3, spent_eddies=3), Side())
    t.act(0, a.Play, card="flashback")
    assert [e.spent for e in t.seat(0).eddies] == [False, False, True]


def test_peek_shows_the_top_cards_to_the_looker_only_and_they_stay() -> None:
    t = Table(PACK, Side(hand=["peek2"], deck=["big", "wall", "grunt"]), Side())
    out = t.act(0, a.Play, card="peek2")
    private = [e for e in out.events if e.kind == EventKind.PEEK and not e.public]
    assert private and private[0].seats == (0,) and "Big" in private[0].text
    assert all("Big" not in e.text for e in out.events if e.public)
    assert [c.name for c in view(t.state, PACK, 0).peeked] == ["Big", "Wall"]
    assert view(t.state, PACK, 1).peeked == ()
    assert t.ids(t.seat(0).deck) == ["big", "wall", "grunt"]


def test_a_card_made_win_condition_applies_at_once() -> None:
    t = Table(PACK, Side(hand=["jackpot", "jackpot"], gigs=["d20:19", "d4:1"]), Side())
    t.act(0, a.Play, card=t.seat(0).hand[0])
    assert t.state.result is not None and t.state.result.winner == 0


def test_a_card_made_win_condition_that_is_not_met_does_nothing() -> None:
    t = Table(PACK, Side(hand=["jackpot"], gigs=["d20:18", "d4:1"]), Side())
    t.act(0, a.Play, card="jackpot")
    assert t.state.result is None


def test_modifiers_end_at_the_end_of_turn_and_on_leaving_play() -> None:
    t = Table(
        PACK,
        Side(hand=["slow-smoke"], eddies=1, deck=["grunt"]),
        Side(field=["brute"], deck=["grunt"], fixer=[]),
    )
    t.act(0, a.Play, card="slow-smoke")
    assert power(t, "brute") == 2
    t.act(0, a.End)
    assert power(t, "brute") == 5


def test_the_duel_records_its_rules_and_card_data_versions_T26() -> None:
    from rules.tcg.engine import new_duel
    from tests.tcg.pack import DECK

    d = new_duel(
        duel_id="x",
        players=("p0", "p1"),
        names=("a", "b"),
        decks=(DECK, DECK),
        seed=3,
        content=PACK.model_copy(update={"version": "2026.1"}),
    )
    assert d.pack == "test" and d.pack_version == "2026.1" and d.rules_version == "tcg-1"
