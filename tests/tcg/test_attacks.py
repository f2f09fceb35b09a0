"""§7 attacks and the reaction window, §8 fights and steals: T1, T10, T11, T17, T18."""

from __future__ import annotations

import pytest

from rules.tcg import actions as a
from rules.tcg.board import Board, steal_count
from rules.tcg.codes import EventKind, RefusalCode
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK


def power(t: Table, ref: str) -> int:
    return Board(t.state, PACK).power(t.inst(ref))


# ---- targets and declaration ------------------------------------------------------------


def test_legal_targets_are_spent_rival_units_and_a_gig_area_holding_a_gig_T17() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(field=["grunt", "wall spent"]))
    targets = {x.target for x in t.legal(0) if isinstance(x, a.Attack)}
    assert targets == {t.inst("wall")}  # no Gigs: the Gig area is not a target
    assert t.refused(0, a.Attack, unit="brute", target="grunt") == RefusalCode.BAD_TARGET
    assert t.refused(0, a.Attack, unit="brute", target=None) == RefusalCode.BAD_TARGET


def test_declaring_spends_the_attacker_and_a_spent_unit_cant_attack() -> None:
    t = Table(PACK, Side(field=["brute", "grunt spent"]), Side(gigs=["d6:3"]))
    t.act(0, a.Attack, unit="brute", target=None)
    assert t.unit("brute").spent
    t.act(1, a.Pass)
    assert t.refused(0, a.Attack, unit="grunt", target=None) == RefusalCode.CANT_ATTACK


def test_lag_stops_attacks_but_not_blocks() -> None:
    t = Table(PACK, Side(field=["brute lag", "grunt"]), Side(gigs=["d6:3"], field=["wall lag"]))
    assert t.refused(0, a.Attack, unit="brute", target=None) == RefusalCode.CANT_ATTACK
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Block, unit="wall")
    assert t.state.attack is not None and t.state.attack.redirected


def test_a_unit_with_lag_cant_use_its_spend_abilities() -> None:
    t = Table(PACK, Side(field=["spark lag"]), Side(field=["grunt"]))
    assert t.refused(0, a.Activate, card="spark") == RefusalCode.CANT_ACTIVATE


def test_a_played_unit_enters_with_lag() -> None:
    t = Table(PACK, Side(hand=["brute"], eddies=1), Side(gigs=["d6:3"]))
    t.act(0, a.Play, card="brute")
    assert t.unit("brute").lag
    assert t.refused(0, a.Attack, unit="brute", target=None) == RefusalCode.CANT_ATTACK


def test_adrenaline_attacks_the_turn_it_is_played() -> None:
    t = Table(PACK, Side(hand=["rusher"], eddies=1), Side(gigs=["d6:3"]))
    t.act(0, a.Play, card="rusher")
    t.act(0, a.Attack, unit="rusher", target=None)


def test_adrenaline_does_not_unlock_spend_abilities_nor_beat_prohibitions() -> None:
    t = Table(PACK, Side(hand=["rusher"], eddies=1), Side(gigs=["d6:3"], field=["maxtac"]))
    t.act(0, a.Play, card="rusher")
    # Prohibition beats permission: MaxTac forbids fresh rival Units to attack.
    assert t.refused(0, a.Attack, unit="rusher", target=None) == RefusalCode.CANT_ATTACK


def test_maxtac_also_stops_a_fresh_solo_legend() -> None:
    t = Table(
        PACK,
        Side(legends=["solo-l up"], eddies=3, deck=["grunt"]),
        Side(gigs=["d6:3"], field=["maxtac"]),
    )
    t.act(0, a.Play, card="solo-l")
    assert t.refused(0, a.Attack, unit="solo-l", target=None) == RefusalCode.CANT_ATTACK


def test_a_cant_attack_effect_is_a_prohibition_until_the_makers_next_turn() -> None:
    t = Table(
        PACK,
        Side(hand=["freeze"], eddies=1, deck=["grunt"], gigs=["d4:1"]),
        Side(field=["brute"], deck=["grunt"], fixer=[]),
        active=0,
    )
    t.act(0, a.Play, card="freeze")
    t.act(0, a.End)
    assert t.refused(1, a.Attack, unit="brute", target=None) == RefusalCode.CANT_ATTACK


# ---- the reaction window (T10) -----------------------------------------------------------


def test_the_window_opens_for_every_attack_even_with_nothing_to_react_with_T10() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"]))
    out = t.act(0, a.Attack, unit="brute", target=None)
    assert t.state.attack is not None and t.state.attack.window
    assert [e.text for e in out.events if e.kind == EventKind.WINDOW] == ["bob, react."]
    # The defender closes it; nothing is offered to the attacker.
    assert [type(x).__name__ for x in t.legal(0)] == ["Concede"]
    assert t.refused(0, a.Pass) == RefusalCode.NOT_IN_WINDOW
    assert {type(x).__name__ for x in t.legal(1)} == {"Pass", "Concede"}


def test_the_window_text_is_the_same_whatever_the_defender_holds_T10() -> None:
    def window_text(side: Side) -> list[str]:
        t = Table(PACK, Side(field=["brute"]), side)
        out = t.act(0, a.Attack, unit="brute", target=None)
        return [e.text for e in out.events if e.public]

    empty = window_text(Side(gigs=["d6:3"]))
    loaded = window_text(Side(gigs=["d6:3"], hand=["smoke"], eddies=2, legends=["plain-l"]))
    assert empty == loaded


def test_an_attack_ended_by_its_own_attack_trigger_opens_no_window() -> None:
    t = Table(PACK, Side(field=["kamikaze"]), Side(gigs=["d6:3"]))
    out = t.act(0, a.Attack, unit="kamikaze", target=None)
    assert t.state.attack is None
    kinds = [e.kind for e in out.events]
    assert EventKind.ATTACK_ENDS in kinds and EventKind.WINDOW not in kinds
    assert len(t.seat(1).gigs) == 1


def test_attack_triggers_resolve_before_the_window() -> None:
    t = Table(PACK, Side(field=["scout"], deck=["grunt"]), Side(gigs=["d6:3"]))
    out = t.act(0, a.Attack, unit="scout", target=None)
    kinds = [e.kind for e in out.events]
    assert kinds.index(EventKind.DRAW) < kinds.index(EventKind.WINDOW)


def test_a_trigger_condition_is_checked_at_declaration() -> None:
    t = Table(PACK, Side(field=["heavy-scout"], deck=["grunt"]), Side(gigs=["d6:3"]))
    t.act(0, a.Attack, unit="heavy-scout", target=None)
    assert t.seat(0).hand == ()  # power 2 < 5: the ATTACK trigger did not happen


def test_the_defender_may_call_in_the_window_and_quick_programs_and_abilities() -> None:
    t = Table(
        PACK,
        Side(field=["brute"]),
        Side(gigs=["d6:3"], hand=["smoke", "slow-smoke"], eddies=2, legends=["quick-l", "plain-l"]),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    assert t.refused(1, a.Play, card="slow-smoke") == RefusalCode.NOT_QUICK
    t.act(1, a.Play, card="smoke")  # -3: brute 5 → 2
    assert power(t, "brute") == 2
    t.act(1, a.Call, slot=0)
    t.act(1, a.Activate, card="quick-l")  # QUICK ⊡ from the Legends area: -5
    assert power(t, "brute") == 0
    t.act(1, a.Pass)
    assert len(t.seat(1).gigs) == 1  # a 0-power attacker steals nothing (T1)


def test_a_quick_program_in_your_own_turn_is_played_normally() -> None:
    t = Table(PACK, Side(hand=["smoke"], eddies=1), Side(field=["grunt"]))
    t.act(0, a.Play, card="smoke")
    assert power(t, "grunt") == 0


def test_quick_does_not_unlock_spend_on_the_arrival_turn() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], field=["spark lag"]))
    t.act(0, a.Attack, unit="brute", target=None)
    assert t.refused(1, a.Activate, card="spark") == RefusalCode.NOT_QUICK


def test_only_the_defender_acts_in_the_window() -> None:
    t = Table(
        PACK,
        Side(field=["brute"], hand=["smoke"], eddies=1),
        Side(gigs=["d6:3"], field=["grunt spent"]),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    assert t.refused(0, a.Play, card="smoke") == RefusalCode.ATTACK_IN_PROGRESS


def test_the_attack_ends_when_the_target_is_readied() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(field=["grunt spent"], hand=["rally"], eddies=1))
    t.act(0, a.Attack, unit="brute", target="grunt")
    t.act(1, a.Play, card="rally")  # QUICK: ready a friendly Unit, the target
    assert t.state.attack is None
    assert t.field_ids(1) == ["grunt"] and any(e.kind == EventKind.ATTACK_ENDS for e in t.events)


def test_the_attack_ends_when_the_attacker_leaves_the_field() -> None:
    t = Table(PACK, Side(field=["grunt"]), Side(gigs=["d6:3"], hand=["smoke"], eddies=1))
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Play, card="smoke")  # grunt at 0 power, still on the field
    assert t.state.attack is not None
    t.act(1, a.Pass)
    assert len(t.seat(1).gigs) == 1


# ---- BLOCKER (T11) -------------------------------------------------------------------------


def test_a_blocker_redirects_an_attack_on_the_gig_area_into_a_fight_that_never_steals() -> None:
    t = Table(PACK, Side(field=["big"]), Side(gigs=["d6:3", "d8:2"], field=["wall"]))
    t.act(0, a.Attack, unit="big", target=None)
    t.act(1, a.Block, unit="wall")
    assert t.state.attack is not None and t.state.attack.window  # the window stays open
    t.act(1, a.Pass)
    assert t.field_ids(1) == [] and len(t.seat(1).gigs) == 2 and len(t.seat(0).gigs) == 0


def test_blocks_chain_and_the_current_target_cant_block_for_itself() -> None:
    t = Table(PACK, Side(field=["big"]), Side(field=["wall spent", "wall2", "wall"]))
    t.act(0, a.Attack, unit="big", target=t.seat(1).field[0].inst)
    assert t.refused(1, a.Block, unit=t.seat(1).field[0].inst) == RefusalCode.CANT_BLOCK
    t.act(1, a.Block, unit="wall2")
    t.act(1, a.Block, unit=t.seat(1).field[2].inst)
    assert t.state.attack is not None and t.state.attack.target == t.seat(1).field[2].inst
    t.act(1, a.Pass)
    assert len(t.seat(1).field) == 2


def test_when_this_blocks_triggers_resolve_before_the_fight() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], field=["wall2"]))
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Block, unit="wall2")  # raise a friendly Gig by up to 2: one die, so amount asked
    t.choose(1, "2")
    assert t.seat(1).gigs[0].value == 5
    t.act(1, a.Pass)
    assert t.field_ids(0) == []  # 5 against 6


def test_a_legend_blocks_only_from_the_field() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], legends=["blocker-l up"]))
    t.act(0, a.Attack, unit="brute", target=None)
    assert t.refused(1, a.Block, unit="blocker-l") == RefusalCode.CANT_BLOCK


def test_cant_be_blocked_is_fixed_at_declaration() -> None:
    t = Table(PACK, Side(field=["ghost"]), Side(gigs=["d6:3"], field=["wall"]))
    t.act(0, a.Attack, unit="ghost", target=None)
    assert t.refused(1, a.Block, unit="wall") == RefusalCode.CANT_BLOCK


def test_a_spent_unit_cant_block() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], field=["wall spent"]))
    t.act(0, a.Attack, unit="brute", target=None)
    assert t.refused(1, a.Block, unit="wall") == RefusalCode.CANT_BLOCK


# ---- fights ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attacker", "defender", "survivors0", "survivors1"),
    [
        ("brute", "grunt", ["brute"], []),  # higher defeats lower
        ("grunt", "brute", [], ["brute"]),
        ("wall", "wall", [], []),  # a tie defeats both
        ("zero", "zero", ["zero"], ["zero"]),  # 0 against 0: neither is defeated
        ("zero", "grunt", [], ["grunt"]),
        ("grunt", "zero", ["grunt"], []),
    ],
)
def test_fights(attacker: str, defender: str, survivors0: list[str], survivors1: list[str]) -> None:
    t = Table(PACK, Side(field=[attacker]), Side(field=[f"{defender} spent"]))
    t.act(0, a.Attack, unit=attacker, target=defender)
    t.act(1, a.Pass)
    assert t.field_ids(0) == survivors0 and t.field_ids(1) == survivors1


def test_defeated_cards_go_to_the_trash_with_their_gear_then_defeated_triggers() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(field=["martyr spent +jacket"], deck=["grunt"]))
    t.act(0, a.Attack, unit="brute", target="martyr")
    t.act(1, a.Pass)
    assert sorted(t.ids(t.seat(1).trash)) == ["jacket", "martyr"]
    assert t.ids(t.seat(1).hand) == ["grunt"]


# ---- steals (T1, T18) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("p", "n"),
    [(-3, 0), (0, 0), (1, 1), (9, 1), (10, 2), (15, 2), (19, 2), (20, 3), (29, 3), (30, 4)],
)
def test_steal_count_is_floor_power_over_ten_plus_one_and_none_at_zero_T1(p: int, n: int) -> None:
    assert steal_count(p) == n


@pytest.mark.parametrize(
    ("unit", "stolen"), [("zero", 0), ("nine", 1), ("ten", 2), ("big", 2), ("huge", 3)]
)
def test_an_unblocked_attack_on_the_gig_area_steals(unit: str, stolen: int) -> None:
    t = Table(PACK, Side(field=[unit]), Side(gigs=["d4:4", "d6:4", "d8:4"]))
    t.act(0, a.Attack, unit=unit, target=None)
    t.act(1, a.Pass)
    while t.state.prompt is not None:  # the attacker picks each die
        t.choose(0, t.state.prompt.options[0].key)
    assert len(t.seat(0).gigs) == stolen and len(t.seat(1).gigs) == 3 - stolen


def test_the_attacker_picks_the_dice_and_they_keep_their_values_T18() -> None:
    t = Table(PACK, Side(field=["ten"]), Side(gigs=["d4:1", "d12:11", "d20:17"]))
    t.act(0, a.Attack, unit="ten", target=None)
    t.act(1, a.Pass)
    p = t.state.prompt
    assert p is not None and p.seat == 0 and len(p.options) == 3
    t.choose(0, "1d20")
    t.choose(0, "1d12")
    assert sorted((d.size, d.value) for d in t.seat(0).gigs) == [(12, 11), (20, 17)]
    assert [(d.size, d.value) for d in t.seat(1).gigs] == [(4, 1)]


def test_with_fewer_dice_than_the_steal_all_are_taken() -> None:
    t = Table(PACK, Side(field=["huge"]), Side(gigs=["d4:1", "d12:11"]))
    t.act(0, a.Attack, unit="huge", target=None)
    t.act(1, a.Pass)
    assert len(t.seat(0).gigs) == 2 and t.state.prompt is None


def test_steal_triggers_fire_once_per_die() -> None:
    from rules.tcg.cards import Card

    thief = Card.model_validate(
        dict(
            id="thief",
            name="Thief",
            type="unit",
            colour="red",
            power=12,
            text={"triggers": [{"when": "steals", "effects": [{"type": "draw"}]}]},
        )
    )
    pack = PACK.model_copy(update={"cards": {**PACK.cards, "thief": thief}})
    t = Table(pack, Side(field=["thief"], deck=["grunt"] * 3), Side(gigs=["d4:1", "d6:2"]))
    t.act(0, a.Attack, unit="thief", target=None)
    t.act(1, a.Pass)
    assert len(t.seat(0).hand) == 2


def test_a_gig_area_that_empties_after_declaration_yields_nothing_T17() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], hand=["swap"], eddies=1))
    t.act(0, a.Attack, unit="brute", target=None)
    t.state = t.state.model_copy(
        update={"seats": (t.seat(0), t.seat(1).model_copy(update={"gigs": ()}))}
    )
    t.act(1, a.Pass)
    assert t.state.attack is None and t.seat(0).gigs == ()
    assert any("steals nothing" in e.text for e in t.events)


def test_a_readied_blocker_that_is_the_current_target_cant_block_for_itself() -> None:
    t = Table(
        PACK,
        Side(field=["brute"]),
        Side(gigs=["d6:3"], field=["wall2", "grunt"], hand=["rally"], eddies=1),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Block, unit="wall2")
    t.choose(1, "0")  # wall2's BLOCKS trigger: raise the d6 by 0
    t.act(1, a.Play, card="rally")
    t.choose(1, t.inst("wall2"))  # ready the Blocker, still the target (T11: window open)
    assert not t.unit("wall2").spent and t.state.attack is not None
    assert t.refused(1, a.Block, unit="wall2") == RefusalCode.CANT_BLOCK
