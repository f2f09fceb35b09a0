"""The newer effect kinds, read like the rulebook: name and tag filters (§1), watchers and
"the first time … each turn" (§10, D2), replacements and prevention (§8, §10), "choose
one" (§11, T25), and steal modifiers (§8, D1)."""

from __future__ import annotations

import random

import pytest

from rules.tcg import actions as a
from rules.tcg.ai.basic import GreedyPlayer, RandomPlayer
from rules.tcg.ai.search import SearchPlayer
from rules.tcg.board import Board
from rules.tcg.codes import EventKind, PromptKind, RefusalCode
from rules.tcg.scenario import Side, Table
from rules.tcg.view import view
from tests.tcg.pack import PACK


def power(t: Table, ref: str) -> int:
    return Board(t.state, PACK).power(t.inst(ref))


def prompt_keys(t: Table) -> list[str]:
    p = t.state.prompt
    assert p is not None
    return [o.key for o in p.options]


def gig_ids(t: Table, seat: int) -> list[str]:
    return sorted(d.id for d in t.seat(seat).gigs)


# ---- names and tags (§1) ----------------------------------------------------------------------


def test_a_tag_covers_every_card_that_has_it_and_only_those() -> None:
    t = Table(PACK, Side(hand=["net-boost"], eddies=1, field=["runner-a", "runner-b", "grunt"]))
    t.act(0, a.Play, card="net-boost")
    assert (power(t, "runner-a"), power(t, "runner-b"), power(t, "grunt")) == (4, 5, 3)


def test_a_host_does_not_get_its_gears_tags() -> None:
    tagged_gear = PACK.cards["blade"].model_copy(update={"tags": ("NETRUNNER",)})
    pack = PACK.model_copy(update={"cards": {**PACK.cards, "blade": tagged_gear}})
    t = Table(pack, Side(hand=["net-boost"], eddies=1, field=["grunt +blade"]))
    t.act(0, a.Play, card="net-boost")
    assert Board(t.state, pack).power(t.inst("grunt")) == 5  # 3 + blade 2, no +2


def test_a_name_matches_every_subtitle_of_that_name() -> None:
    t = Table(PACK, Side(hand=["vex-hunt"]), Side(field=["vex-one", "vex-two", "grunt"]))
    t.act(0, a.Play, card="vex-hunt")
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.TARGET
    assert sorted(t.state.cards[k] for k in prompt_keys(t)) == ["vex-one", "vex-two"]
    t.choose(0, t.inst("vex-two"))
    assert t.field_ids(1) == ["vex-one", "grunt"]


def test_with_one_matching_unit_the_filter_picks_it_without_asking() -> None:
    t = Table(PACK, Side(hand=["net-lift"], field=["grunt", "runner-a"]), Side(field=["brute"]))
    t.act(0, a.Play, card="net-lift")
    assert t.state.prompt is None and power(t, "runner-a") == 3 and power(t, "brute") == 5


def test_a_filter_with_no_matching_unit_does_nothing_T8() -> None:
    t = Table(PACK, Side(hand=["vex-hunt"]), Side(field=["grunt"]))
    t.act(0, a.Play, card="vex-hunt")
    assert t.state.prompt is None and t.field_ids(1) == ["grunt"]
    assert t.ids(t.seat(0).trash) == ["vex-hunt"]


# ---- watchers and "the first time … each turn" (§10, D2) --------------------------------------


def test_the_first_time_you_steal_each_turn_fires_once_then_again_next_turn() -> None:
    t = Table(
        PACK,
        Side(field=["first-thief", "grunt", "brute"], deck=["wall"] * 6, fixer=[]),
        Side(gigs=["d4:1", "d6:2", "d8:3"], deck=["wall"] * 6, fixer=[]),
    )
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d4")
    assert len(t.seat(0).hand) == 1  # the first steal this turn: draw
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d6")
    assert len(t.seat(0).hand) == 1  # the second: nothing
    t.act(0, a.End)
    t.act(1, a.End)
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Pass)  # one Gig left: no choice
    assert len(t.seat(0).hand) == 3  # the start-phase draw, and the first steal of this turn


def test_the_first_time_looks_back_to_before_the_card_was_face_up() -> None:
    # alice steals, then Calls first-l (a "first time you steal" Legend): her next steal is
    # the turn's second, so it draws nothing.
    t = Table(
        PACK,
        Side(field=["grunt", "brute"], legends=["first-l"], eddies=1, deck=["wall"] * 3),
        Side(gigs=["d4:1", "d6:2", "d8:3"]),
    )
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d4")
    t.act(0, a.Call, slot=0)
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d6")
    assert len(t.seat(0).hand) == 0


def test_a_watcher_without_first_fires_for_each_die_of_a_multi_gig_steal() -> None:
    t = Table(
        PACK,
        Side(field=["every-thief", "big"], deck=["wall"] * 3),
        Side(gigs=["d4:1", "d6:2"]),
    )
    t.act(0, a.Attack, unit="big", target=None)  # 15 power: two Gigs, both there
    t.act(1, a.Pass)
    assert len(t.seat(0).hand) == 2


def test_an_effect_steal_is_a_steal_for_watchers() -> None:
    t = Table(
        PACK,
        Side(hand=["heist"], eddies=1, field=["every-thief"], deck=["wall"] * 3),
        Side(gigs=["d4:1"]),
    )
    t.act(0, a.Play, card="heist")
    assert len(t.seat(0).hand) == 1


def test_adjusting_by_zero_is_not_an_adjustment_for_watchers_S9() -> None:
    t = Table(
        PACK,
        Side(hand=["nudge", "nudge"], eddies=2, field=["tuner"], gigs=["d6:2"], deck=["wall"] * 3),
    )
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, "0")
    assert len(t.seat(0).hand) == 1  # the other nudge only: 0 fired nothing
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, "2")
    assert len(t.seat(0).hand) == 1  # the first real adjustment this turn: drew one


def test_friendly_defeated_with_a_tag_counts_only_those_units() -> None:
    t = Table(
        PACK,
        Side(hand=["snipe", "snipe"], eddies=2),
        Side(field=["mourner", "runner-a", "grunt"], deck=["wall"] * 3),
    )
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, t.inst("grunt"))
    assert len(t.seat(1).hand) == 0
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, t.inst("runner-a"))
    assert len(t.seat(1).hand) == 1


def test_you_play_watches_other_matching_cards_never_itself() -> None:
    tagged = PACK.cards["patron"].model_copy(update={"tags": ("NETRUNNER",)})
    pack = PACK.model_copy(update={"cards": {**PACK.cards, "patron": tagged}})
    t = Table(pack, Side(hand=["patron", "grunt", "runner-a"], eddies=3, deck=["wall"] * 3))
    t.act(0, a.Play, card="patron")  # a NETRUNNER card, but patron itself: no draw
    t.act(0, a.Play, card="grunt")  # not NETRUNNER: no draw
    assert t.ids(t.seat(0).hand) == ["runner-a"]
    t.act(0, a.Play, card="runner-a")
    assert t.ids(t.seat(0).hand) == ["wall"]


def test_watcher_triggers_wait_in_the_pending_pool_like_any_trigger_T12() -> None:
    # big steals two of three dice: after the first, its watcher trigger waits in the pool
    # while the second die is chosen; both draws come after the steal.
    t = Table(
        PACK,
        Side(field=["every-thief", "big"], deck=["wall"] * 3),
        Side(gigs=["d4:1", "d6:2", "d8:3"]),
    )
    t.act(0, a.Attack, unit="big", target=None)
    t.act(1, a.Pass)
    t.choose(0, "1d4")
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.STEAL
    assert [x.label for x in t.state.pool] == ["Every Thief: you steal"]
    assert t.seat(0).hand == ()
    t.choose(0, "1d6")
    assert len(t.seat(0).hand) == 2 and t.state.pool == ()


# ---- replacements and prevention (§8, §10) ----------------------------------------------------


def test_if_it_would_be_defeated_instead_it_returns_to_hand_and_defeated_does_not_fire() -> None:
    t = Table(PACK, Side(hand=["snipe"], eddies=1), Side(field=["dodger"]))
    out = t.act(0, a.Play, card="snipe")
    assert t.ids(t.seat(1).hand) == ["dodger"] and t.seat(1).trash == ()
    assert not any(e.kind == EventKind.DEFEAT for e in out.events)


def test_a_saved_unit_still_lost_the_fight() -> None:
    # brute (5) attacks the spent dodger (3): dodger loses, is saved (to hand), nothing else.
    t = Table(PACK, Side(field=["brute"]), Side(field=["dodger spent"], gigs=["d4:1"]))
    t.act(0, a.Attack, unit="brute", target="dodger")
    t.act(1, a.Pass)
    assert t.ids(t.seat(1).hand) == ["dodger"] and t.field_ids(0) == ["brute"]
    assert len(t.seat(1).gigs) == 1 and t.state.attack is None


def test_a_bodyguard_is_trashed_in_place_of_another_friendly_unit_not_defeated() -> None:
    t = Table(
        PACK,
        Side(hand=["snipe", "snipe"], eddies=2),
        Side(field=["bodyguard", "martyr"], deck=["wall"]),
    )
    t.act(0, a.Play, card=t.seat(0).hand[0])
    t.choose(0, t.inst("martyr"))
    assert t.field_ids(1) == ["martyr"] and t.ids(t.seat(1).trash) == ["bodyguard"]
    t.act(0, a.Play, card=t.seat(0).hand[0])  # no bodyguard left: martyr is defeated
    assert t.field_ids(1) == [] and len(t.seat(1).hand) == 1  # its DEFEATED draw


def test_a_bodyguard_cant_save_itself() -> None:
    t = Table(PACK, Side(hand=["snipe"], eddies=1), Side(field=["bodyguard", "grunt"]))
    t.act(0, a.Play, card="snipe")
    t.choose(0, t.inst("bodyguard"))
    assert t.field_ids(1) == ["grunt"] and t.ids(t.seat(1).trash) == ["bodyguard"]


def test_gear_with_a_lower_replacement_is_trashed_and_the_host_stays() -> None:
    t = Table(PACK, Side(hand=["snipe"], eddies=1), Side(field=["martyr +armor"], deck=["wall"]))
    t.act(0, a.Play, card="snipe")
    assert t.field_ids(1) == ["martyr"] and t.unit("martyr").gear == ()
    assert t.ids(t.seat(1).trash) == ["armor"] and t.seat(1).hand == ()  # no DEFEATED


def test_a_once_each_turn_replacement_saves_once_then_the_unit_is_defeated() -> None:
    t = Table(PACK, Side(hand=["snipe", "snipe"], eddies=2), Side(field=["tough"]))
    t.act(0, a.Play, card=t.seat(0).hand[0])
    assert t.field_ids(1) == ["tough"] and power(t, "tough") == 2  # instead: -1 power
    t.act(0, a.Play, card=t.seat(0).hand[0])
    assert t.field_ids(1) == [] and t.ids(t.seat(1).trash) == ["tough"]


def test_instead_effects_resolve_at_once_inside_the_effect_that_defeated() -> None:
    t = Table(PACK, Side(hand=["snipe"], eddies=1), Side(field=["tough"]))
    out = t.act(0, a.Play, card="snipe")
    texts = [e.text for e in out.events]
    saved = next(i for i, x in enumerate(texts) if "would be defeated" in x)
    power_ev = next(i for i, e in enumerate(out.events) if e.kind == EventKind.POWER)
    assert saved < power_ev and t.ids(t.seat(0).trash) == ["snipe"]


def test_prevent_the_next_defeat_is_used_up() -> None:
    t = Table(
        PACK,
        Side(field=["brute"], gigs=["d4:1"]),
        Side(hand=["guard"], field=["martyr spent", "grunt spent"], deck=["wall"]),
        turn=3,
    )
    t.act(0, a.Attack, unit="brute", target="martyr")
    t.act(1, a.Play, card="guard")  # QUICK, in the window
    t.choose(1, t.inst("martyr", 1))
    t.act(1, a.Pass)
    assert "martyr" in t.field_ids(1) and t.seat(1).hand == ()  # prevented: no DEFEATED
    assert not any(m.shield for m in t.state.mods)  # used up


def test_a_prevention_shield_ends_with_the_turn() -> None:
    t = Table(
        PACK,
        Side(hand=["guard"], field=["grunt"], deck=["wall"] * 2),
        Side(deck=["wall"] * 2, fixer=[]),
    )
    t.act(0, a.Play, card="guard")
    assert any(m.shield for m in t.state.mods)
    for seat in (0, 1, None):  # a shield is public
        assert view(t.state, PACK, seat).seats[0].field[0].shield == 1
    t.act(0, a.End)
    assert not any(m.shield for m in t.state.mods)
    assert view(t.state, PACK, None).seats[0].field[0].shield == 0


# ---- "choose one" (§11, T25) -----------------------------------------------------------------


def test_choose_one_is_a_prompt_offering_every_mode_and_no_way_to_skip_T25() -> None:
    t = Table(PACK, Side(hand=["pick"], deck=["wall"] * 4), Side())
    t.act(0, a.Play, card="pick")
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.MODE and p.seat == 0 and not p.private
    assert prompt_keys(t) == ["0", "1", "2"]
    assert p.options[0].label == "Draw two"
    assert p.options[1].label == "A rival Unit gets -3 power this turn."
    legal = t.legal(0)
    assert {x.option for x in legal if isinstance(x, a.Choose)} == {"0", "1", "2"}
    t.choose(0, "0")
    assert len(t.seat(0).hand) == 3  # the mode's 2, then the card's next line: 1


def test_a_mode_that_will_do_nothing_may_still_be_chosen_S11() -> None:
    t = Table(PACK, Side(hand=["pick"], deck=["wall"] * 4), Side())  # no rival Units at all
    t.act(0, a.Play, card="pick")
    t.choose(0, "1")
    assert len(t.seat(0).hand) == 1 and t.ids(t.seat(0).trash) == ["pick"]


def test_a_mode_with_a_target_asks_for_it_next() -> None:
    t = Table(PACK, Side(hand=["pick"], deck=["wall"] * 4), Side(field=["grunt", "brute"]))
    t.act(0, a.Play, card="pick")
    t.choose(0, "1")
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.TARGET
    t.choose(0, t.inst("brute"))
    assert power(t, "brute") == 2 and len(t.seat(0).hand) == 1


def test_a_bad_mode_is_refused_and_the_duel_is_unchanged() -> None:
    t = Table(PACK, Side(hand=["pick"], deck=["wall"] * 4), Side())
    t.act(0, a.Play, card="pick")
    assert t.refused(0, a.Choose, option="3") is RefusalCode.BAD_OPTION


# ---- steal modifiers (§8, D1) ------------------------------------------------------------------


def test_a_steal_bonus_adds_to_the_number_stolen() -> None:
    t = Table(PACK, Side(field=["looter"]), Side(gigs=["d4:1", "d6:2", "d8:3"]))
    t.act(0, a.Attack, unit="looter", target=None)  # 5 power: 1, +1
    t.act(1, a.Pass)
    t.choose(0, "1d8")
    t.choose(0, "1d4")
    assert gig_ids(t, 0) == ["1d4", "1d8"]


def test_a_steal_bonus_effect_lasts_this_turn() -> None:
    t = Table(
        PACK,
        Side(hand=["greed"], field=["grunt"], deck=["wall"] * 2),
        Side(gigs=["d4:1", "d6:2", "d8:3", "d10:4"], deck=["wall"] * 2, fixer=[]),
    )
    t.act(0, a.Play, card="greed")
    assert Board(t.state, PACK).steal_amount(t.inst("grunt")) == 3
    t.act(0, a.End)
    assert Board(t.state, PACK).steal_amount(t.inst("grunt")) == 1


def test_a_steal_penalty_never_goes_below_zero_and_zero_power_steals_nothing_D1() -> None:
    t = Table(PACK, Side(field=["clumsy"]), Side(gigs=["d4:1"]))
    t.act(0, a.Attack, unit="clumsy", target=None)  # 1 - 1 = 0
    t.act(1, a.Pass)
    assert gig_ids(t, 1) == ["1d4"]
    b = Board(t.state, PACK)
    assert b.steal_amount(t.inst("clumsy")) == 0
    t2 = Table(PACK, Side(hand=["greed"], field=["zero"]), Side(gigs=["d4:1"]))
    t2.act(0, a.Play, card="greed")
    assert Board(t2.state, PACK).steal_amount(t2.inst("zero")) == 0  # power 0: T1 first


def test_protected_gigs_cant_be_stolen_by_an_attack_or_an_effect() -> None:
    t = Table(
        PACK, Side(field=["brute"], hand=["heist"], eddies=1), Side(field=["vault"], gigs=["d4:1"])
    )
    t.act(0, a.Attack, unit="brute", target=None)  # still a legal target (T17)
    t.act(1, a.Pass)
    assert gig_ids(t, 1) == ["1d4"] and "The attack steals nothing." in t.texts()
    t.act(0, a.Play, card="heist")
    assert gig_ids(t, 1) == ["1d4"]


def test_a_swap_is_not_a_steal_so_protected_gigs_still_swap_S8() -> None:
    t = Table(
        PACK, Side(hand=["swap"], eddies=1, gigs=["d4:1"]), Side(field=["vault"], gigs=["d20:19"])
    )
    t.act(0, a.Play, card="swap")
    assert gig_ids(t, 0) == ["1d20"]


def test_protecting_one_die_size_leaves_the_rest_stealable() -> None:
    t = Table(PACK, Side(field=["big"]), Side(field=["vault20"], gigs=["d20:19", "d4:1", "d6:5"]))
    t.act(0, a.Attack, unit="big", target=None)  # two to steal, two stealable: no choice
    t.act(1, a.Pass)
    assert gig_ids(t, 0) == ["1d4", "1d6"] and gig_ids(t, 1) == ["1d20"]


def test_the_victim_chooses_the_stolen_dice_with_a_card_saying_so_D1() -> None:
    t = Table(PACK, Side(field=["brute"]), Side(field=["cagey"], gigs=["d20:19", "d4:1"]))
    t.act(0, a.Attack, unit="brute", target=None)
    t.act(1, a.Pass)
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.GIVE_GIG and p.seat == 1
    assert [x for x in t.legal(0) if isinstance(x, a.Choose)] == []
    assert {x.option for x in t.legal(1) if isinstance(x, a.Choose)} == {"1d20", "1d4"}
    t.choose(1, "1d4")
    assert gig_ids(t, 0) == ["1d4"] and gig_ids(t, 1) == ["1d20"]


def test_the_victim_also_chooses_for_an_effect_steal() -> None:
    t = Table(
        PACK, Side(hand=["heist"], eddies=1), Side(field=["cagey"], gigs=["d4:1", "d6:2", "d8:3"])
    )
    t.act(0, a.Play, card="heist")
    p = t.state.prompt
    assert p is not None and p.kind is PromptKind.GIVE_GIG and p.seat == 1
    t.choose(1, "1d4")
    t.choose(1, "1d6")
    assert gig_ids(t, 0) == ["1d4", "1d6"]


# ---- every AI level answers the new prompts from legal_actions -------------------------------


def _new_prompt_tables() -> list[tuple[Table, int]]:
    mode = Table(PACK, Side(hand=["pick"], deck=["wall"] * 4), Side(field=["grunt"]))
    mode.act(0, a.Play, card="pick")
    give = Table(PACK, Side(field=["brute"]), Side(field=["cagey"], gigs=["d20:19", "d4:1"]))
    give.act(0, a.Attack, unit="brute", target=None)
    give.act(1, a.Pass)
    return [(mode, 0), (give, 1)]


@pytest.mark.parametrize(
    "make", [RandomPlayer, GreedyPlayer, lambda: SearchPlayer(samples=2, max_steps=20)]
)
def test_every_ai_level_answers_the_new_prompts_with_a_legal_choice(make: object) -> None:
    for t, seat in _new_prompt_tables():
        legal = [x for x in t.legal(seat) if not isinstance(x, a.Concede)]
        player = make()  # type: ignore[operator]
        choice = player.choose(view(t.state, PACK, seat), legal, PACK, random.Random(3))
        assert choice in legal
        t.act(seat, type(choice), **choice.model_dump(exclude={"type", "player"}))


@pytest.mark.parametrize(
    "make", [RandomPlayer, GreedyPlayer, lambda: SearchPlayer(samples=1, max_steps=20)]
)
def test_every_ai_level_finishes_duels_with_the_newer_bundled_cards(make: object) -> None:
    from content.tcg.loader import load_default_pack
    from rules.tcg.sim import Player, play_duel
    from tests.tcg.pack import with_newer_cards

    core = load_default_pack()
    decks = [with_newer_cards(d, core) for d in sorted(core.decks.values(), key=lambda d: d.id)]
    players: tuple[Player, Player] = (make(), GreedyPlayer())  # type: ignore[operator]
    for seed, (x, y) in enumerate([(0, 3), (1, 2)]):
        r = play_duel(core, (decks[x], decks[y]), players, seed=seed)
        assert r.finished and r.reason
