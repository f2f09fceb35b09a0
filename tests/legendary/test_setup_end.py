"""§3 setup, §5 conventions, §6 the end and scoring; rulings L14, L16–L18, L22, L24, L25."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.legendary.actions import MASTERMIND, Heal
from rules.legendary.cards import EvilWins, GroupDef, Mastermind, Scheme, TwistRule
from rules.legendary.effects import HqHero
from rules.legendary.engine import scores, winners
from rules.legendary.scenario import Table, scenario
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Z
from tests.legendary.packs import PACK, hero, make_pack, villain

# A pack with enough groups and heroes for five players.
BIG = make_pack(
    *[villain(f"v{g}-{k}", 3, 1, group=f"vg{g}") for g in range(5) for k in range(4)],
    *[villain(f"h{g}", 2, 1, group=f"hg{g}", henchman=True, copies=10) for g in range(3)],
    *[hero(f"hero{h}-{k}", hero=f"hero{h}", classes=["tech"], cost=2, attack=1)
      for h in range(7) for k in range(4)],
    groups=tuple(
        [GroupDef(id=f"vg{g}", name=f"VG{g}", cards=tuple(f"v{g}-{k}" for k in range(4)))
         for g in range(5)]
        + [GroupDef(id=f"hg{g}", name=f"HG{g}", henchman=True, cards=(f"h{g}",))
           for g in range(3)]
    ),
    masterminds=(Mastermind(id="lead-mm", name="Leader", attack=9, always_leads="vg3",
                            tactics=("t1", "t2", "t3", "t4")),),
)  # fmt: skip


def _big_pack_heroes() -> None:
    from rules.legendary.cards import HeroDef

    heroes = {
        f"hero{h}": HeroDef(id=f"hero{h}", name=f"Hero {h}",
                            cards=tuple(f"hero{h}-{k}" for k in range(4)))
        for h in range(7)
    }  # fmt: skip
    global BIG
    BIG = BIG.model_copy(update={"heroes": heroes})


_big_pack_heroes()


def deck_contents(n: int, **kw: object) -> dict[str, int]:
    names = tuple(f"p{i}" for i in range(n))
    out = new_game(BIG, Setup(names=names, scheme="plot", mastermind="lead-mm", **kw), seed=3)  # type: ignore[arg-type]
    g = out.state
    counts: dict[str, int] = {}
    # Count the whole Villain Deck, including the card played on the first turn.
    every = (
        list(g.zones[Z.VILLAIN_DECK])
        + [i for z in ("ko", "mm.cap") for i in g.zones[z]]
        + [i for s in range(5) for i in g.zones[Z.city(s)] + g.zones[Z.cap(s)]]
    )
    for i in every:
        c = BIG.cards[g.instances[i]]
        key = c.kind.value if c.kind.value not in ("villain",) else (
            "henchman" if getattr(c, "henchman", False) else "villain")  # fmt: skip
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("n", "groups", "hench", "bys", "strikes"),
    [(1, 1, 3, 1, 1), (2, 2, 10, 2, 5), (3, 3, 10, 8, 5), (4, 3, 20, 8, 5), (5, 4, 20, 12, 5)],
)
def test_villain_deck_by_player_count(n: int, groups: int, hench: int, bys: int,
                                      strikes: int) -> None:  # fmt: skip
    chosen = ("vg3", "vg0", "vg1", "vg2")[:groups] if n > 1 else ("vg0",)
    c = deck_contents(n, villains=chosen, henchmen=("hg0", "hg1")[: 1 if n < 4 else 2])
    assert c.get("villain", 0) == 4 * groups
    assert c.get("henchman", 0) == hench
    assert c.get("bystander", 0) == bys
    assert c.get("strike", 0) == strikes
    assert c.get("twist", 0) == 8


@pytest.mark.parametrize(("n", "heroes"), [(1, 3), (2, 5), (3, 5), (4, 5), (5, 6)])
def test_heroes_by_player_count_and_hq_of_five(n: int, heroes: int) -> None:
    g = new_game(BIG, Setup(names=tuple(f"p{i}" for i in range(n)), scheme="plot",
                            mastermind="lead-mm"), seed=1).state  # fmt: skip
    hero_cards = [i for z in [Z.HERO_DECK] + [Z.hq(k) for k in range(5)] for i in g.zones[z]]
    assert len(hero_cards) == 4 * heroes  # 4 cards per test Hero
    assert all(g.zones[Z.hq(k)] for k in range(5))
    for p in range(n):
        assert len(g.zones[Z.hand(p)]) == 6 and len(g.zones[Z.deck(p)]) == 6


def test_always_leads_is_included_except_solo() -> None:
    for seed in range(5):
        g = new_game(BIG, Setup(names=("a", "b"), scheme="plot", mastermind="lead-mm"), seed).state
        groups = {BIG.cards[g.instances[i]].group for i in g.zones[Z.VILLAIN_DECK]  # type: ignore[union-attr]
                  if BIG.cards[g.instances[i]].kind == "villain"}  # fmt: skip
        assert "vg3" in groups
    with pytest.raises(IllegalAction) as e:
        new_game(BIG, Setup(names=("a", "b"), scheme="plot", mastermind="lead-mm",
                            villains=("vg0", "vg1")), 1)  # fmt: skip
    assert e.value.refusal.code == "bad_setup"
    new_game(BIG, Setup(names=("a",), scheme="plot", mastermind="lead-mm", villains=("vg0",)), 1)


def test_extra_twists_option() -> None:
    from rules.legendary.state import Options

    assert deck_contents(2, options=Options(extra_twists=2))["twist"] == 10


def test_adapting_epic_scheme_shuffling_tactics_is_refused() -> None:
    mm = Mastermind(id="ad", name="Ad", adapting=True, always_leads="vg0",
                    tactics=("t1", "t2", "t3", "t4"))  # fmt: skip
    sch = Scheme(id="mix", name="Mix", twists=5, twist=(), shuffles_tactics=True,
                 evil_wins=(EvilWins(on="twists", at_least=5),))  # fmt: skip
    pack = BIG.model_copy(update={"masterminds": BIG.masterminds | {"ad": mm},
                                  "schemes": BIG.schemes | {"mix": sch}})  # fmt: skip
    with pytest.raises(IllegalAction):
        new_game(pack, Setup(names=("a", "b"), scheme="mix", mastermind="ad", epic=True), 1)


def test_setup_is_deterministic_by_seed() -> None:
    s = Setup(names=("a", "b", "c"))
    assert new_game(BIG, s, 7).state == new_game(BIG, s, 7).state
    assert new_game(BIG, s, 7).state != new_game(BIG, s, 8).state


# ---- conventions ----------------------------------------------------------------------


def test_each_other_player_skips_the_current_player_and_goes_clockwise() -> None:
    hitter = hero("hitter", classes=["tech"], abilities=[
        {"effects": [{"type": "gain_wound", "who": "each_other"}]}])  # fmt: skip
    pack = make_pack(hitter)
    t = Table(pack, scenario(pack, players=3, current=1, hands={1: ["hitter"]}, wounds=1))
    t.play(1, "hitter")
    assert t.ids("p2.discard") == ["wound"] and t.ids("p0.discard") == []


def test_reveal_or_take_the_alternative_and_may_decline() -> None:
    mm = Mastermind(id="revmm", name="Rev", attack=8, always_leads="test-villains",
                    tactics=("t1", "t2", "t3", "t4"),
                    strike=({"effects": [{"type": "reveal_or", "cls": ["tech"],
                                          "otherwise": [{"type": "gain_wound"}]}]},))  # type: ignore[arg-type]  # fmt: skip
    pack = make_pack(masterminds=(mm,))
    g = scenario(pack, players=2, mastermind="revmm", villain_deck=["strike"],
                 hands={0: ["wrench"], 1: ["agent"]})  # fmt: skip
    t = Table(pack, g)
    t.start_turn()
    assert t.game.prompt is not None and t.game.prompt.kind == "reveal"
    t.choose(0, "wrench")
    assert t.ids("p0.discard") == [] and t.ids("p1.discard") == ["wound"]  # p1 has no Tech
    t2 = Table(pack, g)
    t2.start_turn()
    t2.choose(0, "decline")
    assert t2.ids("p0.discard") == ["wound"]


def test_enemy_attack_never_below_zero() -> None:
    v = villain("neg", 0, 1)
    pack = make_pack(v)
    from rules.legendary.state import Options
    from rules.legendary.view import view

    g = scenario(pack, options=Options(mastermind_attack_mod=-1),
                 mastermind="boss-mm", city={4: "neg"})  # fmt: skip
    assert view(g, pack, 0).city[4].attack == 0
    assert view(g, pack, 0).mastermind.attack == 7


# ---- the end --------------------------------------------------------------------------


def test_players_win_when_the_last_tactic_is_taken_and_may_finish_the_turn() -> None:
    g = scenario(PACK, tactics=["t1"], attack=10, city={4: "thug"})
    t = Table(PACK, g)
    t.fight(0, MASTERMIND)
    assert t.game.result == "good" and not t.game.over
    t.fight(0, "thug")  # scoring more VP
    t.end(0)
    assert t.game.over and scores(t.game, PACK) == [5 + 1 - 0]


def test_l25_evil_wins_the_moment_even_mid_escape() -> None:
    sch = Scheme(id="flee", name="Flee", twists=8, twist=(),
                 evil_wins=(EvilWins(on="escaped_villains", at_least=1),))  # fmt: skip
    esc = villain("leaver", 1, escape=[{"effects": [{"type": "gain_wound"}]}])
    pack = make_pack(esc, schemes=(sch,))
    city = {0: "leaver", 1: "thug", 2: "thug", 3: "thug", 4: "thug"}
    t = Table(pack, scenario(pack, scheme="flee", city=city, villain_deck=["thug"],
                             hq=["blade"]))  # fmt: skip
    t.start_turn()
    assert t.game.result == "evil" and t.game.over
    # Nothing more resolved: no HQ KO, no Escape effect.
    assert t.ids("ko") == [] and t.ids("p0.discard") == [] and t.game.prompt is None


def test_evil_wins_checked_after_a_twist() -> None:
    sch = Scheme(id="count", name="Count", twists=3, twist=(),
                 evil_wins=(EvilWins(on="twists", at_least=3),))  # fmt: skip
    pack = make_pack(schemes=(sch,))
    t = Table(pack, scenario(pack, scheme="count", twists=2, villain_deck=["twist"]))
    t.start_turn()
    assert t.game.result == "evil"


def test_draw_when_the_villain_deck_runs_out_after_the_turn() -> None:
    t = Table(PACK, scenario(PACK, players=2, villain_deck=["thug"], current=1))
    t.end(1)  # p0's turn plays the last Villain card
    assert t.game.deck_ran_out and not t.game.over
    t.end(0)
    assert t.game.over and t.game.result == "draw"


def test_draw_when_the_hero_deck_runs_out() -> None:
    g = scenario(PACK, hq=["blade"], hero_deck=["bolt"], recruit=3, villain_deck=["thug"] * 3)
    t = Table(PACK, g)
    t.recruit(0, "blade")
    assert t.game.deck_ran_out
    t.end(0)
    assert t.game.result == "draw"


def test_evil_wins_at_once_when_its_condition_is_the_deck_running_out() -> None:
    sch = Scheme(id="out", name="Out", twists=1, twist=(),
                 evil_wins=(EvilWins(on="villain_deck_empty"),))  # fmt: skip
    pack = make_pack(schemes=(sch,))
    t = Table(pack, scenario(pack, scheme="out", villain_deck=["thug"]))
    t.start_turn()
    assert t.game.result == "evil" and t.game.over


def test_scoring_villains_bystanders_tactics_undercover() -> None:
    g = scenario(PACK, players=2, victory={0: ["boss", "civilian", "t1"], 1: ["thug"]},
                 undercover={1: ["blade"]})  # fmt: skip
    assert scores(g, PACK) == [3 + 1 + 5, 1 + 1]


def test_solo_scoring_subtracts_escapes_and_twists() -> None:
    g = scenario(PACK, victory={0: ["boss", "t1"]}, escape=["thug"], twists=1)
    g = g.model_copy(update={"escaped_bystanders": 1})
    assert scores(g, PACK) == [8 - 4 - 3 - 1]


def test_l16_tied_players_share_the_individual_win() -> None:
    g = scenario(PACK, players=3, victory={0: ["boss"], 1: ["boss"], 2: ["thug"]})
    g = g.model_copy(update={"result": "good"})
    assert winners(g, PACK) == [0, 1]
    assert winners(g.model_copy(update={"result": "evil"}), PACK) == []


def test_l17_solo_kos_an_hq_hero_after_each_twist() -> None:
    t = Table(PACK, scenario(PACK, villain_deck=["twist"], hq=["blade", "pricey"]))
    t.start_turn()
    assert t.ids("ko") == ["twist", "blade"]


def test_l17_solo_setup_has_no_always_leads() -> None:
    g = new_game(BIG, Setup(names=("solo",), scheme="plot", mastermind="lead-mm",
                            villains=("vg1",)), 2).state  # fmt: skip
    assert g.players == 1


# ---- rulings --------------------------------------------------------------------------


def test_l14_cards_put_into_the_escape_pile_by_effects_dont_escape() -> None:
    sch = Scheme(id="snatch", name="Snatch", twists=8,
                 twist=(TwistRule(effects=(HqHero(to="escape", max_cost=9),)),),
                 evil_wins=(EvilWins(on="escape_heroes", at_least=5),))  # fmt: skip
    pack = make_pack(schemes=(sch,))
    g = scenario(pack, players=2, scheme="snatch", villain_deck=["twist"], hq=["blade"],
                 hero_deck=["bolt", "brick"], hands={0: ["agent"], 1: ["agent"]})  # fmt: skip
    t = Table(pack, g)
    t.start_turn()
    assert t.ids("escape") == ["blade"]
    assert t.ids("p0.discard") == [] and t.ids("p1.discard") == []  # no discard
    assert t.ids("ko") == ["twist"]  # no HQ KO (the HQ refilled from the Hero Deck)


def test_l14_captured_heroes_cause_no_discard() -> None:
    city = {0: ("thug", ["blade"]), 1: "thug", 2: "thug", 3: "thug", 4: "thug"}
    g = scenario(PACK, players=2, city=city, villain_deck=["thug"],
                 hands={0: ["agent"], 1: ["agent"]})  # fmt: skip
    t = Table(PACK, g)
    t.start_turn()
    assert "blade" in t.ids("escape") and t.ids("p1.discard") == []


def test_captured_hero_is_gained_by_whoever_defeats_the_captor() -> None:
    grabber = villain("grabber", 2, 2, ambush=[{"effects": [{"type": "capture_hero"}]}])
    pack = make_pack(grabber)
    t = Table(pack, scenario(pack, villain_deck=["grabber"], hq=["blade"], attack=2))
    t.start_turn()
    assert t.ids("city4.cap") == ["blade"]
    t.fight(0, "grabber")
    assert t.ids("p0.discard") == ["blade"]


def test_l18_moving_a_villain_swaps_and_skips_push_ambush_escape() -> None:
    mover = hero("mover", classes=["ranged"], abilities=[{"effects": [
        {"type": "named", "name": "swap_spaces", "params": {"from": 4, "to": 0}}]}])  # fmt: skip
    pack = make_pack(mover)
    g = scenario(pack, hands={0: ["mover"]}, city={4: ("thug", ["civilian"]), 0: "boss"})
    t = Table(pack, g)
    t.play(0, "mover")
    assert t.city() == ["thug", None, None, None, "boss"]
    assert t.ids("city0.cap") == ["civilian"] and t.ids("escape") == []


def test_l22_healing_with_no_wound_is_refused_and_locks_nothing() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["agent"]}, attack=2, city={4: "thug"}))
    assert t.refusal(Heal(seat=0)).code == "no_wounds"
    t.fight(0, "thug")


def test_l24_a_villain_entering_by_effect_pushes_escapes_and_ambushes() -> None:
    back = hero("caller", classes=["covert"], abilities=[{"effects": [{"type": "re_enter"}]}])
    amb = villain("amb", 2, 1, ambush=[{"effects": [{"type": "capture_bystander"}]}])
    pack = make_pack(back, amb)
    city = {0: "thug", 1: "thug", 2: "thug", 3: "thug", 4: "thug"}
    g = scenario(pack, hands={0: ["caller"]}, escape=["amb"], city=city, hq=["blade"])
    t = Table(pack, g)
    t.play(0, "caller")
    assert t.city()[4] == "amb" and t.ids("city4.cap") == ["civilian"]
    assert t.ids("escape") == ["thug"] and "blade" in t.ids("ko")


def test_twists_by_player_count() -> None:
    sch = Scheme(id="tbp", name="Tbp", twists=8, twists_by_players={1: 5}, twist=(),
                 evil_wins=(EvilWins(on="twists", at_least=99),))  # fmt: skip
    pack = BIG.model_copy(update={"schemes": BIG.schemes | {"tbp": sch}})
    for n, want in ((1, 5), (2, 8)):
        g = new_game(pack, Setup(names=tuple(f"p{i}" for i in range(n)), scheme="tbp",
                                 mastermind="lead-mm", villains=("vg3", "vg0")[:n],
                                 henchmen=("hg0",)), 1).state  # fmt: skip
        every = [i for z, v in g.zones.items() if not z.startswith("p") for i in v]
        assert sum(1 for i in every if pack.cards[g.instances[i]].kind == "twist") == want


def test_naming_too_few_heroes_says_how_many_heroes_are_needed() -> None:
    with pytest.raises(IllegalAction) as e:
        new_game(BIG, Setup(names=("a", "b"), scheme="plot", mastermind="lead-mm",
                            heroes=(sorted(BIG.heroes)[0],)), 1)  # fmt: skip
    message = e.value.refusal.message
    assert e.value.refusal.code == "bad_setup"
    assert "different Heroes;" in message and "Heros" not in message and "1 given" in message
