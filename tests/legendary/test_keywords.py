"""§2 classes and §7 the 2099 keywords: Cyber-Mod, Undercover, Fated Future, Uru-Enchanted
Weapons, Fight or Fail, Adapting Masterminds (with rulings L1–L9, L19, L20, L23, L26)."""

from __future__ import annotations

from rules.legendary.actions import MASTERMIND, Fight, Recruit
from rules.legendary.cards import HeroCard, Mastermind, Pack, TacticSide
from rules.legendary.effects import HeroClass
from rules.legendary.scenario import Table, scenario
from rules.legendary.state import Options, UruGate
from tests.legendary.packs import PACK, abilities, hero, make_pack, tactic, villain


def cyber(card_id: str, need: dict[str, int], amount: int = 3, **kw: object) -> HeroCard:
    return hero(card_id, classes=["covert"], abilities=[
        {"cyber_mod": need, "effects": [{"type": "attack", "amount": amount}]}], **kw)  # fmt: skip


# ---- §2 classes vs colours ------------------------------------------------------------


def test_classes_are_a_set_and_grey_is_derived() -> None:
    agent, prism = PACK.cards["agent"], PACK.cards["prism"]
    assert isinstance(agent, HeroCard) and isinstance(prism, HeroCard)
    assert agent.grey and agent.classes == frozenset()
    assert not prism.grey and prism.classes == {HeroClass.TECH, HeroClass.RANGED}


def test_tech_card_is_not_grey_and_agent_never_satisfies_tech() -> None:
    greyko = hero("greyko", classes=["tech"], abilities=[
        {"effects": [{"type": "ko", "zones": ["hand"], "match": {"grey": True}}]}])  # fmt: skip
    pack = make_pack(greyko, cyber("cm", {"tech": 1}))
    t = Table(pack, scenario(pack, hands={0: ["greyko", "wrench", "agent"]}))
    t.play(0, "greyko")
    assert t.ids("ko") == ["agent"]  # the only grey Hero; the Tech Wrench isn't grey
    t2 = Table(pack, scenario(pack, hands={0: ["cm"]}, victory={0: ["agent", "officer"]}))
    t2.play(0, "cm")
    assert t2.pools[1] == 0  # grey cards count for no class


# ---- Cyber-Mod ------------------------------------------------------------------------


CM_PACK = make_pack(
    cyber("cm-tech", {"tech": 1}),
    cyber("cm-3ranged", {"ranged": 3}),
    cyber("cm-4wounds", {"wound": 4}),
    cyber("cm-mixed", {"tech": 1, "ranged": 1}),
    hero("tiered", classes=["covert"], abilities=[
        {"cyber_mod": {"tech": 1}, "effects": [{"type": "attack", "amount": 1}],
         "instead": [{"cyber_mod": {"tech": 2}, "effects": [{"type": "attack", "amount": 4}]}]}]),
    hero("uc-then-cm", classes=["tech"], abilities=[
        {"effects": [{"type": "undercover", "zone": "played", "self_card": True}]},
        {"cyber_mod": {"tech": 1}, "effects": [{"type": "attack", "amount": 2}]}]),
    hero("per-tech", classes=["tech"], abilities=[
        {"effects": [{"type": "per_count", "pool": "attack",
                      "count": {"zone": "victory", "match": {"cls": ["tech"]}}}]}]),
)  # fmt: skip


def cm_pool(card: str, victory: list[str]) -> int:
    t = Table(CM_PACK, scenario(CM_PACK, hands={0: [card]}, victory={0: victory}))
    t.play(0, card)
    return t.pools[1]


def test_cyber_mod_counts_your_victory_pile() -> None:
    assert cm_pool("cm-tech", []) == 0
    assert cm_pool("cm-tech", ["wrench"]) == 3
    assert cm_pool("cm-tech", ["thug", "civilian", "agent"]) == 0  # no class on these


def test_cyber_mod_three_ranged_needs_three_ranged_cards() -> None:
    assert cm_pool("cm-3ranged", ["bolt", "bolt"]) == 0
    assert cm_pool("cm-3ranged", ["bolt", "bolt", "prism"]) == 3


def test_cyber_mod_wounds() -> None:
    assert cm_pool("cm-4wounds", ["wound"] * 3) == 0
    assert cm_pool("cm-4wounds", ["wound"] * 4) == 3


def test_l2_multiclass_counts_once_per_class_and_helps_several_abilities() -> None:
    # One Tech/Ranged card satisfies a Tech Cyber-Mod and counts as one Ranged card.
    assert cm_pool("cm-tech", ["prism"]) == 3
    assert cm_pool("cm-3ranged", ["prism", "bolt"]) == 0
    both = hero("both", classes=["covert"], abilities=[
        {"cyber_mod": {"tech": 1}, "effects": [{"type": "attack", "amount": 1}]},
        {"cyber_mod": {"ranged": 1}, "effects": [{"type": "attack", "amount": 1}]}])  # fmt: skip
    pack = make_pack(both)
    t = Table(pack, scenario(pack, hands={0: ["both"]}, victory={0: ["prism"]}))
    t.play(0, "both")
    assert t.pools[1] == 2


def test_l23_mixed_icons_each_class_on_its_own_one_multiclass_card_meets_it() -> None:
    assert cm_pool("cm-mixed", ["wrench"]) == 0
    assert cm_pool("cm-mixed", ["wrench", "bolt"]) == 3
    assert cm_pool("cm-mixed", ["prism"]) == 3


def test_instead_applies_only_the_highest_threshold_met() -> None:
    assert cm_pool("tiered", ["wrench"]) == 1
    assert cm_pool("tiered", ["wrench", "wrench"]) == 4


def test_l19_cyber_mod_checked_when_it_resolves_after_sending_itself_undercover() -> None:
    t = Table(CM_PACK, scenario(CM_PACK, hands={0: ["uc-then-cm"]}))
    t.play(0, "uc-then-cm")
    assert t.ids("p0.victory") == ["uc-then-cm"] and t.pools[1] == 2


def test_l19_per_card_amounts_are_fixed_when_resolved() -> None:
    assert cm_pool("per-tech", ["wrench", "prism", "bolt"]) == 2


def test_enemy_cyber_mod_is_live_on_the_escape_pile() -> None:
    v = villain("netrunner", 3, 2, attack_bonus=[{"cyber_mod": {"tech": 2}, "bonus": 3}])
    pack = make_pack(v)
    t = Table(pack, scenario(pack, city={4: "netrunner"}, escape=["wrench"], attack=4))
    t.fight(0, "netrunner")  # one Tech card in the Escape pile: no bonus, 3 Attack
    assert t.ids("p0.victory") == ["netrunner"]
    g2 = scenario(pack, city={4: "netrunner"}, escape=["wrench", "prism"], attack=4)
    t2 = Table(pack, g2)
    assert t2.refusal(Fight(seat=0, target=t2.city_inst("netrunner"))).code == ("not_enough_attack")


def test_enemy_cyber_mod_fight_effect_checked_when_it_resolves() -> None:
    v = villain("hacker", 1, 1, fight=[
        {"cyber_mod": {"covert": 1}, "effects": [{"type": "gain_wound"}]}])  # fmt: skip
    pack = make_pack(v)
    t = Table(pack, scenario(pack, city={4: "hacker"}, attack=1))
    t.fight(0, "hacker")
    assert t.ids("p0.discard") == []
    t2 = Table(pack, scenario(pack, city={4: "hacker"}, attack=1, escape=["shade"]))
    t2.fight(0, "hacker")
    assert t2.ids("p0.discard") == ["wound"]


# ---- Undercover -----------------------------------------------------------------------


UC_PACK = make_pack(
    hero("mole", classes=["covert"], attack=2, abilities=[
        {"effects": [{"type": "undercover", "zone": "played", "self_card": True}]}]),
    hero("recruiter", classes=["covert"], abilities=[
        {"effects": [{"type": "undercover", "zone": "hq", "match": {"max_cost": 4}}]}]),
    hero("after", classes=["instinct"], abilities=[
        {"superpower": ["covert"], "effects": [{"type": "attack", "amount": 5}]}]),
)  # fmt: skip


def test_undercover_card_keeps_what_it_produced_counts_as_played_not_your_hero() -> None:
    t = Table(UC_PACK, scenario(UC_PACK, hands={0: ["mole", "after"]}))
    t.play(0, "mole")
    assert t.ids("p0.victory") == ["mole"] and t.pools[1] == 2
    t.play(0, "after")  # the Undercover Covert card still powers the Superpower
    assert t.pools[1] == 7
    assert t.ids("p0.played") == ["after"]  # no longer one of "your Heroes"


def test_undercover_from_the_hq_refills_and_scores_one_vp() -> None:
    g = scenario(UC_PACK, hands={0: ["recruiter"]}, hq=["blade", "pricey"], hero_deck=["bolt"])
    t = Table(UC_PACK, g)
    t.play(0, "recruiter")
    assert t.ids("p0.victory") == ["blade"] and t.hq()[0] == "bolt"
    from rules.legendary.engine import scores

    assert scores(t.game, UC_PACK) == [1]


def test_l1_undercover_wounds_score_one_and_count_for_wound_cyber_mod() -> None:
    from rules.legendary.engine import scores

    g = scenario(CM_PACK, undercover={0: ["wound", "wound"]}, victory={0: ["thug"]})
    assert scores(g, CM_PACK) == [3]
    g0 = scenario(CM_PACK, undercover={0: ["wound"]}, options=Options(undercover_wound_vp=0))
    assert scores(g0, CM_PACK) == [0]
    t = Table(CM_PACK, scenario(CM_PACK, hands={0: ["cm-4wounds"]},
                                undercover={0: ["wound"] * 4}))  # fmt: skip
    t.play(0, "cm-4wounds")
    assert t.pools[1] == 3


# ---- Fated Future ---------------------------------------------------------------------


FF_PACK = make_pack(
    hero("seer", classes=["ranged"], attack=2, abilities=[{"effects": [{"type": "fated_future"}]}]),
    hero("ranged-fan", classes=["tech"], abilities=[
        {"superpower": ["ranged"], "effects": [{"type": "attack", "amount": 3}]}]),
    hero("revealer", classes=["tech"], abilities=[{"effects": [
        {"type": "reveal_or", "who": "you", "cls": ["ranged"],
         "otherwise": [{"type": "gain_wound"}]}]}]),
)  # fmt: skip


def test_fated_future_bottom_of_deck_keeps_everything_counts_as_played() -> None:
    g = scenario(FF_PACK, hands={0: ["seer", "ranged-fan"]}, decks={0: ["agent"]})
    t = Table(FF_PACK, g)
    t.play(0, "seer", fated_future=True)
    assert t.ids("p0.deck") == ["agent", "seer"] and t.pools[1] == 2
    t.play(0, "ranged-fan")
    assert t.pools[1] == 5  # still "played a Ranged card"


def test_fated_future_asks_when_not_answered_and_is_optional() -> None:
    t = Table(FF_PACK, scenario(FF_PACK, hands={0: ["seer"]}))
    t.play(0, "seer")
    assert t.game.prompt is not None and t.game.prompt.kind == "fated_future"
    t.choose(0, "no")
    assert t.ids("p0.played") == ["seer"]


def test_fated_card_is_not_your_hero_and_is_not_discarded_at_cleanup() -> None:
    g = scenario(FF_PACK, hands={0: ["seer", "revealer"]}, villain_deck=["thug", "thug"])
    t = Table(FF_PACK, g)
    t.play(0, "seer", fated_future=True)
    t.play(0, "revealer")  # the Fated card can't be revealed: the alternative happens
    assert t.ids("p0.discard") == ["wound"]
    t.end(0)
    # The deck was empty: the Fated card became the whole deck, and is drawn first.
    assert t.ids("p0.hand")[0] == "seer"


# ---- Uru-Enchanted Weapons and Fight or Fail ------------------------------------------


URU_PACK = make_pack(
    villain("hammer", 3, 2, uru=2, fight_or_fail=[{"effects": [{"type": "gain_wound"}]}]),
    villain("axe", 2, 1, uru=1, fight=[{"effects": [{"type": "draw"}]}]),
    villain("plain", 6, 2),
)


def uru(**kw: object) -> Table:
    return Table(URU_PACK, scenario(URU_PACK, city={4: "hammer"}, **kw))


def test_uru_gate_uses_attack_without_the_weapons_bonus() -> None:
    t = uru(attack=2, villain_deck=["civilian"])
    r = t.refusal(Fight(seat=0, target=t.city_inst("hammer")))
    assert r.code == "not_enough_attack"
    assert t.ids("p0.discard") == []  # the gate stopped it: no Fight or Fail


def test_l4_uru_gate_printed_option() -> None:
    v = villain("buffed", 2, 1, uru=1, attack_bonus=[{"cyber_mod": {"tech": 1}, "bonus": 3}])
    pack = make_pack(v)
    base = {"city": {4: "buffed"}, "escape": ["wrench"], "attack": 3, "villain_deck": ["twist"]}
    t = Table(pack, scenario(pack, **base))
    assert t.refusal(Fight(seat=0, target=t.city_inst("buffed"))).code == "not_enough_attack"
    opts = Options(uru_gate=UruGate.PRINTED)
    t2 = Table(pack, scenario(pack, options=opts, **base))
    t2.fight(0, "buffed")  # the printed 2 is the gate; the fight (5 + 0) then fails
    assert t2.game.turn.uru_failed


def test_l5_uru_bonus_is_the_printed_vp_of_the_revealed_cards() -> None:
    # civilian 1 + boss 3 = +4: 7 needed.
    t = uru(attack=7, villain_deck=["civilian", "boss", "thug"])
    t.fight(0, "hammer")
    assert t.ids("p0.victory") == ["hammer"] and t.pools[1] == 0
    t2 = uru(attack=7, villain_deck=["twist", "strike"])  # Twists and Strikes are worth 0
    t2.fight(0, "hammer")
    assert t2.pools[1] == 4


def test_uru_success_does_fight_or_fail_and_returns_reveal_to_the_bottom() -> None:
    t = uru(attack=9, villain_deck=["civilian", "boss", "thug"])
    t.fight(0, "hammer")
    assert t.ids("p0.discard") == ["wound"]  # Fight or Fail on success
    assert t.ids("villain_deck")[0] == "thug"
    assert sorted(t.ids("villain_deck")[1:]) == ["boss", "civilian"]
    assert t.ids("revealed") == []


def test_uru_failure_loses_all_attack_no_more_fights_or_heal_but_recruiting() -> None:
    g = scenario(URU_PACK, city={4: "hammer", 3: "axe"}, attack=5, recruit=3,
                 villain_deck=["boss", "boss"], hq=["blade"],
                 hands={0: ["wound", "trooper"]})  # fmt: skip
    t = Table(URU_PACK, g)
    t.fight(0, "hammer")  # 3 + 6 = 9 > 5: failure
    assert t.pools == (3, 0) and t.city()[4] == "hammer"
    assert t.ids("p0.discard") == ["wound"]  # Fight or Fail on failure
    t.play(0, "trooper")
    assert t.refusal(Fight(seat=0, target=t.city_inst("axe"))).code == "uru_failed"
    from rules.legendary.actions import Heal

    assert t.refusal(Heal(seat=0)).code == "cant_heal"  # a failed attempt counts as fighting
    t.act(Recruit(seat=0, card=t.game.zones["hq0"][0]))
    assert t.ids("p0.discard")[-1] == "blade"


def test_uru_reveal_reshuffles_when_the_deck_runs_out_and_never_ends_the_game() -> None:
    t = uru(attack=20, villain_deck=["civilian"])
    t.fight(0, "hammer")
    # One card, revealed twice (reshuffled back): +2.
    assert t.pools[1] == 20 - 3 - 2
    assert not t.game.deck_ran_out and t.ids("villain_deck") == ["civilian"]


def test_uru_with_an_empty_villain_deck_gives_zero() -> None:
    t = uru(attack=3)
    t.fight(0, "hammer")
    assert t.ids("p0.victory") == ["hammer"] and not t.game.deck_ran_out


def test_l20_defeat_effect_skips_the_reveal_but_does_fight_or_fail() -> None:
    killer = hero("killer", classes=["strength"], abilities=[
        {"effects": [{"type": "defeat", "max_attack": 5}]}])  # fmt: skip
    pack = make_pack(killer, *[URU_PACK.cards[c] for c in ("hammer",)])
    g = scenario(pack, hands={0: ["killer"]}, city={4: "hammer"}, villain_deck=["boss"])
    t = Table(pack, g)
    t.play(0, "killer")
    assert t.ids("p0.victory") == ["hammer"] and t.ids("p0.discard") == ["wound"]
    assert t.ids("villain_deck") == ["boss"] and not any(e.kind == "uru_reveal" for e in t.events)


def test_l26_reveal_is_set_aside_and_draws_during_the_fight_see_the_rest() -> None:
    v = villain("caller", 1, 1, uru=1, fight_or_fail=[
        {"effects": [{"type": "play_villain_card"}]}])  # fmt: skip
    pack = make_pack(v)
    g = scenario(pack, city={2: "caller"}, attack=10, villain_deck=["boss", "thug"])
    t = Table(pack, g)
    t.fight(0, "caller")
    # boss revealed (set aside), thug played by Fight or Fail, then boss returns.
    assert t.city()[4] == "thug" and t.ids("villain_deck") == ["boss"]


# ---- Adapting Masterminds -------------------------------------------------------------


def adapting_pack(n: int) -> tuple[Pack, Mastermind]:
    tacs = [
        tactic(f"a{i}", vp=6 + (i == n - 1), attack=5 + i,
               strike=[{"effects": [{"type": "gain_wound"}]}],
               fight=[{"effects": [{"type": "draw"}]}],
               epic=TacticSide(attack=10 + i))
        for i in range(n)
    ]  # fmt: skip
    mm = Mastermind(
        id=f"adapt{n}", name=f"Adapt {n}", adapting=True, always_leads="test-villains",
        tactics=tuple(t.id for t in tacs))  # fmt: skip
    return make_pack(*tacs, masterminds=(mm,)), mm


def test_adapting_top_tactic_is_the_mastermind_and_adapts_after_every_fight() -> None:
    pack, mm = adapting_pack(4)
    g = scenario(pack, mastermind="adapt4", tactics=["a2", "a0", "a1", "a3"], attack=30,
                 mm_captured=["civilian"], decks={0: ["agent"] * 5})  # fmt: skip
    t = Table(pack, g)
    from rules.legendary.view import view

    assert view(t.game, pack, 0).mastermind.attack == 7  # a2's Attack
    t.fight(0, MASTERMIND)
    assert t.ids("p0.victory") == ["a2", "civilian"]  # always the top Tactic
    assert any(e.kind == "adapt" for e in t.events)
    assert len(t.ids("mm.tactics")) == 3


def test_l8_captured_bystanders_stay_through_adapts() -> None:
    pack, _ = adapting_pack(4)
    g = scenario(pack, mastermind="adapt4", villain_deck=["strike"], mm_captured=["civilian"])
    t = Table(pack, g)
    t.start_turn()
    assert any(e.kind == "adapt" for e in t.events) and t.ids("mm.cap") == ["civilian"]
    assert t.ids("p0.discard") == ["wound"]  # the top Tactic's Strike, then Adapt


def test_l6_l7_six_tactics_need_six_fights_and_the_last_fight_resolves() -> None:
    pack, _ = adapting_pack(6)
    g = scenario(pack, mastermind="adapt6", attack=200, decks={0: ["agent"] * 10})
    t = Table(pack, g)
    for _ in range(6):
        assert t.game.result is None
        t.fight(0, MASTERMIND)
    assert t.game.result == "good" and len(t.ids("p0.hand")) == 6  # six Fight draws
    assert t.ids("mm.tactics") == [] and not t.game.over  # the turn may be finished
    t.end(0)
    assert t.game.over


def test_epic_sides_fixed_at_setup() -> None:
    pack, _ = adapting_pack(4)
    g = scenario(pack, mastermind="adapt4", tactics=["a1", "a0", "a2", "a3"], epic=True)
    from rules.legendary.view import view

    assert view(g, pack, 0).mastermind.attack == 11


def test_l9_attack_read_from_the_current_top_when_a_fight_starts() -> None:
    pack, _ = adapting_pack(4)
    g = scenario(pack, mastermind="adapt4", tactics=["a0", "a3"], attack=13)
    t = Table(pack, g)
    t.fight(0, MASTERMIND)  # a0 costs 5; the next top is a3 (8)
    assert t.pools[1] == 8
    t.fight(0, MASTERMIND)
    assert t.game.result == "good"


def test_classic_mastermind_epic_side() -> None:
    mm = Mastermind(id="epicmm", name="Epic", attack=8, always_leads="test-villains",
                    tactics=("t1", "t2", "t3", "t4"), epic=TacticSide(attack=10))  # fmt: skip
    pack = make_pack(masterminds=(mm,))
    from rules.legendary.view import view

    assert view(scenario(pack, mastermind="epicmm", epic=True), pack, 0).mastermind.attack == 10
    assert view(scenario(pack, mastermind="epicmm"), pack, 0).mastermind.attack == 8


_ = abilities


# ---- L3 copies ------------------------------------------------------------------------


def test_l3_a_copy_is_a_played_card_that_vanishes_at_cleanup() -> None:
    copier = hero("copier", classes=["covert"], abilities=[
        {"effects": [{"type": "play_copy"}]}])  # fmt: skip
    fan = hero("tech-fan", classes=["covert"], abilities=[
        {"superpower": ["tech", "tech"],
         "effects": [{"type": "attack", "amount": 5}]}])  # fmt: skip
    selfko = hero("selfko", classes=["ranged"], abilities=[
        {"effects": [{"type": "ko", "zones": ["played"], "match": {"kind": "hero"}}]}])  # fmt: skip
    pack = make_pack(copier, fan, selfko)
    g = scenario(pack, hands={0: ["pricey", "copier", "tech-fan"]},
                 villain_deck=["thug", "thug"])  # fmt: skip
    t = Table(pack, g)
    t.play(0, "pricey")  # Tech, +4 Attack
    t.play(0, "copier")  # a copy of Pricey: +4 more, and a second Tech card played
    assert t.pools[1] == 8 and len(t.game.turn.played) == 3
    t.play(0, "tech-fan")  # two earlier Tech cards (the original and the copy)
    assert t.pools[1] == 13
    zones = [i for z in t.game.zones.values() for i in z]
    assert all(not i.startswith("copy") for i in zones)  # in no zone: can't be moved
    t.end(0)
    assert t.game.turn.copies == {} and t.game.turn.played == ()
    assert sorted(t.ids("p0.hand")) == ["copier", "pricey", "tech-fan"]
    # A KO among played cards never offers the copy.
    t2 = Table(pack, scenario(pack, hands={0: ["pricey", "copier", "selfko"]}))
    for c in ("pricey", "copier", "selfko"):
        t2.play(0, c)
    p = t2.game.prompt
    assert p is not None and all(not o.id.startswith("copy") for o in p.options)


def test_l3_a_copys_own_superpower_looks_at_earlier_plays() -> None:
    copier = hero("copier2", classes=["ranged"], abilities=[{"effects": [{"type": "play_copy"}]}])
    pack = make_pack(copier, SUPER_ZAP)
    t = Table(pack, scenario(pack, hands={0: ["zap2", "copier2"]}))
    t.play(0, "zap2")  # no earlier Tech: +1 only
    t.play(0, "copier2")  # the copy's Superpower sees the Tech original: +1 and +2
    assert t.pools[1] == 1 + 1 + 2


SUPER_ZAP = hero("zap2", classes=["tech"], attack=1, abilities=[
    {"superpower": ["tech"], "effects": [{"type": "attack", "amount": 2}]}])  # fmt: skip


def test_l5_effects_using_the_reveal_resolve_before_it_returns() -> None:
    trick = villain("trickster", 1, 2, uru=2, fight_or_fail=[{"effects": [
        {"type": "named", "name": "play_revealed_strikes"}]}])  # fmt: skip
    herald = villain("herald", 1, 2, uru=2, fight_or_fail=[{"effects": [
        {"type": "named", "name": "revealed_villain_enters"}]}])  # fmt: skip
    pack = make_pack(trick, herald)
    t = Table(pack, scenario(pack, city={2: "trickster"}, attack=10,
                             villain_deck=["strike", "twist", "boss"]))  # fmt: skip
    t.fight(0, "trickster")
    # The revealed Strike was played (each player gains a Wound) and KO'd; only the Twist
    # went back to the bottom.
    assert t.ids("p0.discard") == ["wound"] and t.ids("ko") == ["strike"]
    assert t.ids("villain_deck") == ["boss", "twist"]
    t2 = Table(pack, scenario(pack, city={2: "herald"}, attack=10,
                              villain_deck=["boss", "twist", "thug"]))  # fmt: skip
    t2.fight(0, "herald")  # revealed: boss (+3), twist: 1 + 3 = 4 needed
    assert t2.city()[4] == "boss" and t2.ids("villain_deck") == ["thug", "twist"]
