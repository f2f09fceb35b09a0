"""Replacements of events other than a defeat, and prevention of steals (§10, D3, D4):
"if you would draw …, instead …", "if a Gig would be stolen from you, instead …",
"prevent the next steal", "if it would return to hand / be trashed, instead …"; a
replacement applies at most once to an event and to whatever replaces it (D3)."""

from __future__ import annotations

from rules.tcg import actions as a
from rules.tcg.cards import Until, Would
from rules.tcg.codes import PromptKind, RefusalCode
from rules.tcg.scenario import Side, Table
from rules.tcg.state import Mod
from rules.tcg.view import view
from tests.tcg.pack import PACK


def gig_ids(t: Table, seat: int) -> list[str]:
    return sorted(d.id for d in t.seat(seat).gigs)


# ---- draws (D4) -------------------------------------------------------------------------------


def test_a_replaced_draw_draws_nothing_and_its_instead_comes_before_the_next_draw() -> None:
    # skimmer: once each turn, instead of drawing, sell the top card unseen. "Draw 2": the
    # first card (wall) is sold, the second draw takes the next card (grunt).
    t = Table(PACK, Side(hand=["draw2"], field=["skimmer"], deck=["wall", "grunt", "brute"]))
    t.act(0, a.Play, card="draw2")
    assert t.ids(t.seat(0).hand) == ["grunt"] and t.ids(t.seat(0).deck) == ["brute"]
    assert [(t.state.cards[e.inst], e.known) for e in t.seat(0).eddies] == [("wall", False)]


def test_a_once_each_turn_draw_replacement_replaces_only_the_first_draw() -> None:
    t = Table(PACK, Side(hand=["draw2", "draw2"], field=["skimmer"], deck=["wall"] * 5))
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.act(0, a.Play, card=t.seat(0).hand[0])
    assert len(t.seat(0).hand) == 3 and len(t.seat(0).eddies) == 1


def test_the_start_phase_draw_is_replaced_too_and_a_replaced_draw_cant_deck_you_out_D4() -> None:
    t = Table(
        PACK,
        Side(field=["always-skim"], deck=[], fixer=[]),
        Side(deck=["wall"], fixer=[]),
        active=1,
    )
    t.act(1, a.End)
    assert t.state.result is None and t.state.active == 0
    assert any("would draw a card; instead" in x for x in t.texts())
    # Without the replacement the same position is a loss.
    t2 = Table(
        PACK, Side(field=["grunt"], deck=[], fixer=[]), Side(deck=["wall"], fixer=[]), active=1
    )
    t2.act(1, a.End)
    assert t2.state.result is not None and t2.state.result.winner == 1


def test_a_draw_inside_its_own_instead_is_not_replaced_again_D3() -> None:
    # seer: "if you would draw, instead look at the top card, then draw a card". Without D3
    # the inner draw would be replaced forever; with it, each draw becomes look + draw.
    t = Table(PACK, Side(hand=["draw2"], field=["seer"], deck=["wall", "grunt", "brute"]))
    t.act(0, a.Play, card="draw2")
    assert t.ids(t.seat(0).hand) == ["wall", "grunt"] and t.state.frames == ()


# ---- steals -----------------------------------------------------------------------------------


def test_a_bodyguard_for_gigs_is_trashed_and_the_die_stays() -> None:
    t = Table(
        PACK,
        Side(field=["brute", "every-thief"], deck=["wall"]),
        Side(field=["decoy"], gigs=["d4:1"]),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Pass)
    assert gig_ids(t, 1) == ["1d4"] and gig_ids(t, 0) == []
    assert t.ids(t.seat(1).trash) == ["decoy"] and t.state.attack is None
    assert t.seat(0).hand == ()  # no Gig taken: no "when you steal" trigger


def test_a_replaced_steal_uses_up_one_die_of_the_count_and_instead_comes_first() -> None:
    # big steals 2; alarm replaces the first die (its owner draws instead); the second die
    # is then asked for and taken.
    t = Table(
        PACK,
        Side(field=["big"]),
        Side(field=["alarm"], gigs=["d4:1", "d6:2", "d8:3"], deck=["wall"] * 2),
    )
    t.act(0, a.Attack, unit="big", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d4")
    assert gig_ids(t, 1) == ["1d4", "1d6", "1d8"] and len(t.seat(1).hand) == 1
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.STEAL
    t.choose(0, "1d8")
    assert gig_ids(t, 0) == ["1d8"] and t.state.attack is None
    assert len(t.seat(1).hand) == 1  # once each turn


def test_prevent_the_next_steal_stops_one_die_of_an_attack_and_is_used_up() -> None:
    t = Table(
        PACK,
        Side(field=["brute", "grunt"]),
        Side(hand=["panic-room"], gigs=["d4:1", "d6:2"]),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Play, card="panic-room")  # QUICK, in the window
    t.act(1, a.Pass)
    t.choose(0, "1d4")
    assert gig_ids(t, 1) == ["1d4", "1d6"] and not any(m.shield for m in t.state.mods)
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d6")
    assert gig_ids(t, 0) == ["1d6"]


def test_a_steal_prevention_covers_effect_steals_one_die_at_a_time() -> None:
    t = Table(PACK, Side(hand=["heist"], eddies=1), Side(gigs=["d4:1", "d6:2"]))
    shield = Mod(inst="", seat=1, shield=1, prevents=Would.BE_STOLEN, until=Until.YOUR_NEXT_TURN)
    t.state = t.state.model_copy(update={"mods": (shield,)})
    t.act(0, a.Play, card="heist")  # up to 2: the first die is prevented, then a pick
    assert gig_ids(t, 1) == ["1d4", "1d6"] and t.state.mods == ()
    t.choose(0, "1d4")
    assert gig_ids(t, 0) == ["1d4"] and gig_ids(t, 1) == ["1d6"]


def test_a_steal_prevention_lasts_until_it_ends() -> None:
    t = Table(
        PACK,
        Side(hand=["panic-room"], field=["grunt"], deck=["wall"] * 2),
        Side(deck=["wall"] * 2, fixer=[]),
    )
    t.act(0, a.Play, card="panic-room")  # this turn only
    assert any(m.shield and m.prevents is Would.BE_STOLEN for m in t.state.mods)
    for seat in (0, 1, None):  # a steal shield is public
        assert view(t.state, PACK, seat).seats[0].steal_shield == 1
    t.act(0, a.End)
    assert t.state.mods == ()
    assert view(t.state, PACK, None).seats[0].steal_shield == 0


def test_a_swap_is_not_a_steal_for_replacements_S8() -> None:
    t = Table(
        PACK, Side(hand=["swap"], eddies=1, gigs=["d4:1"]), Side(field=["decoy"], gigs=["d20:19"])
    )
    t.act(0, a.Play, card="swap")
    assert gig_ids(t, 0) == ["1d20"] and t.field_ids(1) == ["decoy"]


# ---- returning to hand, being trashed ---------------------------------------------------------


def test_a_return_to_hand_replaced_in_place_leaves_the_unit_and_resolves_instead() -> None:
    t = Table(PACK, Side(hand=["recall"], eddies=1), Side(field=["anchored"]))
    t.act(0, a.Play, card="recall")
    assert t.field_ids(1) == ["anchored"] and t.unit("anchored").spent
    assert t.seat(1).hand == ()


def test_a_return_to_hand_may_be_moved_elsewhere_instead() -> None:
    t = Table(PACK, Side(hand=["recall"], eddies=1), Side(field=["to-hand-trash"]))
    t.act(0, a.Play, card="recall")
    assert t.field_ids(1) == [] and t.ids(t.seat(1).trash) == ["to-hand-trash"]
    assert t.seat(1).hand == ()


def test_a_gear_that_would_be_trashed_with_its_host_returns_to_hand_instead() -> None:
    t = Table(
        PACK, Side(hand=["snipe"], eddies=1), Side(field=["martyr +homing-chip"], deck=["wall"])
    )
    t.act(0, a.Play, card="snipe")
    assert t.field_ids(1) == [] and t.ids(t.seat(1).trash) == ["martyr"]
    assert sorted(t.ids(t.seat(1).hand)) == ["homing-chip", "wall"]  # + the DEFEATED draw


def test_a_gear_follows_its_host_to_the_hand_without_a_replacement() -> None:
    t = Table(PACK, Side(hand=["recall"], eddies=1), Side(field=["grunt +homing-chip"]))
    t.act(0, a.Play, card="recall")
    assert sorted(t.ids(t.seat(1).hand)) == ["grunt", "homing-chip"]


def test_a_sacrificed_unit_that_would_be_trashed_goes_to_hand_instead() -> None:
    t = Table(
        PACK,
        Side(hand=["snipe"], eddies=1),
        Side(field=["hand-saver", "bodyguard", "martyr"], deck=["wall"]),
    )
    t.act(0, a.Play, card="snipe")
    t.choose(0, t.inst("martyr"))
    assert t.field_ids(1) == ["hand-saver", "martyr"] and t.ids(t.seat(1).hand) == ["bodyguard"]
    assert t.seat(1).trash == ()


def test_a_defeat_moved_to_the_hand_fires_no_defeated() -> None:
    t = Table(PACK, Side(hand=["snipe"], eddies=1), Side(field=["phoenix"]))
    t.act(0, a.Play, card="snipe")
    assert t.ids(t.seat(1).hand) == ["phoenix"] and t.seat(1).trash == ()


def test_each_replacement_applies_once_to_a_chain_of_replaced_events_D3() -> None:
    # phoenix would be defeated -> instead to hand (a return to hand) -> bouncer: instead the
    # trash (being trashed) -> hand-saver: instead the hand (a return to hand again) ->
    # bouncer already applied to this event: phoenix reaches the hand. Without D3 it loops.
    t = Table(
        PACK, Side(hand=["snipe"], eddies=1), Side(field=["phoenix", "bouncer", "hand-saver"])
    )
    t.act(0, a.Play, card="snipe")
    t.choose(0, t.inst("phoenix"))
    assert t.ids(t.seat(1).hand) == ["phoenix"] and t.seat(1).trash == ()
    assert sum("; instead," in x for x in t.texts()) == 3


def test_a_filtered_replacement_scope_is_checked_against_the_subject() -> None:
    # bouncer covers other friendly Units only: returning bouncer itself is not replaced.
    t = Table(PACK, Side(hand=["recall"], eddies=1), Side(field=["bouncer"]))
    t.act(0, a.Play, card="recall")
    assert t.ids(t.seat(1).hand) == ["bouncer"]


def test_refused_moves_leave_the_state_unchanged() -> None:
    t = Table(PACK, Side(field=["grunt"]), Side(field=["decoy"], gigs=["d4:1"]))
    assert t.refused(1, a.Pass) is RefusalCode.NOT_IN_WINDOW
