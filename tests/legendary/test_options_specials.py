"""L10 (recruit-or-fight lock), L11 and L21 (special actions are not fights), and the
L17 variant options."""

from __future__ import annotations

from rules.legendary.actions import Fight, Heal, Recruit, Special
from rules.legendary.cards import EvilWins, Mastermind, Scheme, SpecialAction
from rules.legendary.effects import Draw, GainWound
from rules.legendary.engine import legal_actions
from rules.legendary.scenario import Table, scenario
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Options, Z
from tests.legendary.packs import PACK, make_pack, villain
from tests.legendary.test_setup_end import BIG, deck_contents

LOCKER = villain("sandman", 4, 3, recruit_or_fight_lock=True)
EXPOSE = SpecialAction(id="expose", name="Expose", attack=2, effects=(Draw(n=1),))
SCH = Scheme(id="exposing", name="Exposing", twists=8, twist=(), special_actions=(EXPOSE,),
             evil_wins=(EvilWins(on="twists", at_least=99),))  # fmt: skip
SP = make_pack(LOCKER, villain("hammer", 3, 2, uru=1), schemes=(SCH,))


def test_l10_fighting_first_locks_out_recruiting() -> None:
    g = scenario(SP, city={4: "sandman", 3: "thug"}, attack=2, recruit=3, hq=["blade"])
    t = Table(SP, g)
    t.fight(0, "thug")
    assert t.refusal(Recruit(seat=0, card=t.game.zones["hq0"][0])).code == "locked"
    assert not any(isinstance(a, Recruit) for a in legal_actions(t.game, SP, 0))


def test_l10_recruiting_first_locks_out_fighting_gaining_is_not_recruiting() -> None:
    g = scenario(SP, city={4: "sandman", 3: "thug"}, attack=2, recruit=3, hq=["blade"])
    t = Table(SP, g)
    t.recruit(0, "blade")
    assert t.refusal(Fight(seat=0, target=t.city_inst("thug"))).code == "locked"
    # Without the locking Villain in the city, both are fine.
    t2 = Table(SP, scenario(SP, city={3: "thug"}, attack=2, recruit=3, hq=["blade"]))
    t2.recruit(0, "blade")
    t2.fight(0, "thug")


def test_l10_a_failed_uru_attempt_counts_as_fighting() -> None:
    g = scenario(SP, city={4: "sandman", 3: "hammer"}, attack=3, recruit=3, hq=["blade"],
                 villain_deck=["boss"])  # fmt: skip
    t = Table(SP, g)
    t.fight(0, "hammer")
    assert t.game.turn.uru_failed
    assert t.refusal(Recruit(seat=0, card=t.game.zones["hq0"][0])).code == "locked"


def test_l11_l21_a_special_action_is_not_a_fight() -> None:
    g = scenario(SP, scheme="exposing", hands={0: ["wound"]}, attack=2, decks={0: ["agent"]},
                 city={4: ("thug", ["civilian"])})  # fmt: skip
    t = Table(SP, g)
    t.act(Special(seat=0, action="expose"))
    assert t.pools[1] == 0 and t.ids("p0.hand") == ["wound", "agent"]
    assert t.ids("city4.cap") == ["civilian"]  # nothing rescued
    t.heal(0)  # Healing is still allowed after paying Attack for it (L21)
    assert t.refusal(Special(seat=0, action="expose")).code == "already_used"


def test_l11_special_action_allowed_after_an_uru_failure_with_fresh_attack() -> None:
    g = scenario(SP, scheme="exposing", city={4: "hammer"}, attack=3,
                 villain_deck=["boss"], hands={0: ["trooper", "trooper"]})  # fmt: skip
    t = Table(SP, g)
    t.fight(0, "hammer")
    assert t.game.turn.uru_failed and t.pools[1] == 0
    assert t.refusal(Special(seat=0, action="expose")).code == "cant_afford"
    t.play(0, "trooper")
    t.play(0, "trooper")
    t.act(Special(seat=0, action="expose"))
    assert t.game.turn.specials == ("expose",)


def test_mastermind_special_actions_are_offered() -> None:
    mm = Mastermind(id="sp-mm", name="Sp", attack=8, always_leads="test-villains",
                    tactics=("t1", "t2", "t3", "t4"),
                    special_actions=(SpecialAction(id="bribe", name="Bribe", recruit=1,
                                                   effects=(GainWound(),)),))  # fmt: skip
    pack = make_pack(masterminds=(mm,))
    g = scenario(pack, mastermind="sp-mm", recruit=1)
    assert Special(seat=0, action="bribe") in legal_actions(g, pack, 0)
    assert Special(seat=0, action="bribe") not in legal_actions(
        scenario(pack, mastermind="sp-mm"), pack, 0
    )


# ---- L17 options ----------------------------------------------------------------------


def test_l17_advanced_solo_five_strikes_each_followed_by_a_villain_card() -> None:
    assert deck_contents(1, options=Options(advanced_solo=True))["strike"] == 5
    g = scenario(PACK, villain_deck=["strike", "thug"], options=Options(advanced_solo=True))
    t = Table(PACK, g)
    t.start_turn()
    assert t.city()[4] == "thug" and t.ids("p0.discard") == ["wound"]


def test_l17_advanced_solo_twist_sends_the_hq_hero_to_the_hero_deck_bottom() -> None:
    g = scenario(PACK, villain_deck=["twist"], hq=["blade"], hero_deck=["bolt"],
                 options=Options(advanced_solo=True))  # fmt: skip
    t = Table(PACK, g)
    t.start_turn()
    assert t.ids("hero_deck") == ["blade"] and t.hq()[0] == "bolt"


def test_l17_advanced_solo_each_other_player_hits_you() -> None:
    mm = Mastermind(id="other-mm", name="O", attack=8, always_leads="test-villains",
                    tactics=("t1", "t2", "t3", "t4"),
                    strike=({"effects": [{"type": "gain_wound", "who": "each_other"}]},))  # type: ignore[arg-type]  # fmt: skip
    pack = make_pack(masterminds=(mm,))
    for adv, got in ((False, []), (True, ["wound"])):
        g = scenario(pack, mastermind="other-mm", villain_deck=["strike"],
                     options=Options(advanced_solo=adv))  # fmt: skip
        t = Table(pack, g)
        t.start_turn()
        assert t.ids("p0.discard") == got


def test_l17_whatif_setup_counts() -> None:
    four = ("vg0", "vg1", "vg2", "vg3")
    opts = Options(whatif_setup=True)
    assert deck_contents(4, options=opts, villains=four)["villain"] == 4 * 4
    five = deck_contents(5, options=opts, villains=(*four, "vg4"))
    assert five["villain"] == 5 * 4 and five["bystander"] == 16


def test_l17_warmup_round_skips_the_first_villain_cards_at_four_players() -> None:
    g = scenario(PACK, players=4, villain_deck=["thug"] * 6,
                 options=Options(warmup_round=True))  # fmt: skip
    t = Table(PACK, g)
    t.start_turn()
    for seat in range(3):
        t.end(seat)
    assert t.city() == [None] * 5  # turns 1-4: no Villain card
    t.end(3)
    assert t.city()[4] == "thug"


def test_l17_hq_mulligan_redraws_a_dear_starting_hq() -> None:
    def dear(opts: Options, seed: int) -> int:
        g = new_game(BIG_DEAR, Setup(names=("a", "b"), scheme="plot", mastermind="lead-mm",
                                     options=opts), seed).state  # fmt: skip
        return sum(1 for k in range(5) for i in g.zones[Z.hq(k)]
                   if BIG_DEAR.cards[g.instances[i]].cost >= 7)  # type: ignore[union-attr]  # fmt: skip

    without = [dear(Options(), s) for s in range(30)]
    with_m = [dear(Options(hq_mulligan=True), s) for s in range(30)]
    assert any(x >= 2 for x in without)
    assert sum(x >= 2 for x in with_m) < sum(x >= 2 for x in without)


def _dear_pack():  # type: ignore[no-untyped-def]
    cards = dict(BIG.cards)
    for cid, c in BIG.cards.items():
        if cid.startswith("hero") and cid.endswith(("-0", "-1")):
            cards[cid] = c.model_copy(update={"cost": 8})
    return BIG.model_copy(update={"cards": cards})


BIG_DEAR = _dear_pack()
_ = Heal


# ---- "do A or B", an escape by effect, after the new hand -------------------------------


def test_choose_one_offers_only_what_can_be_done() -> None:
    either = __import__("tests.legendary.packs", fromlist=["hero"]).hero(
        "either", classes=["tech"], abilities=[{"effects": [{"type": "choose_one", "options": [
            {"label": "KO a Wound", "effects": [{"type": "ko", "zones": ["hand"],
                                                  "match": {"kind": "wound"}}]},
            {"label": "Draw", "effects": [{"type": "draw"}]}]}]}])  # fmt: skip
    pack = make_pack(either)
    t = Table(pack, scenario(pack, hands={0: ["either", "wound"]}, decks={0: ["agent"]}))
    t.play(0, "either")
    p = t.game.prompt
    assert p is not None and p.kind == "choose_one" and len(p.options) == 2
    t.choose(0, "0")
    assert t.ids("ko") == ["wound"]
    # No Wound in hand: the KO option can't be done, so the draw happens without asking.
    t2 = Table(pack, scenario(pack, hands={0: ["either"]}, decks={0: ["agent"]}))
    t2.play(0, "either")
    assert t2.game.prompt is None and t2.ids("p0.hand") == ["agent"]


def test_l14_an_effect_that_says_a_villain_escapes_runs_the_full_procedure() -> None:
    mm = Mastermind(id="vult", name="Vult", attack=8, always_leads="test-villains",
                    tactics=("t1", "t2", "t3", "t4"),
                    strike=({"effects": [{"type": "villain_escapes", "space": 2}]},))  # type: ignore[arg-type]  # fmt: skip
    pack = make_pack(masterminds=(mm,))
    g = scenario(pack, players=2, mastermind="vult", villain_deck=["strike"],
                 city={2: ("thug", ["civilian"]), 4: "boss"}, hq=["blade"],
                 hands={0: ["agent"], 1: ["trooper"]})  # fmt: skip
    t = Table(pack, g)
    t.start_turn()
    assert t.ids("escape") == ["thug", "civilian"] and t.city() == [None, None, None, None, "boss"]
    assert "blade" in t.ids("ko")  # the HQ KO
    assert t.ids("p0.discard") == ["agent"] and t.ids("p1.discard") == ["trooper"]


def test_l11_penalty_comes_after_the_new_hand() -> None:
    sa = SpecialAction(id="expose2", name="Expose", attack=1, after_new_hand=(GainWound(),))
    sch = Scheme(id="pen", name="Pen", twists=8, twist=(), special_actions=(sa,),
                 evil_wins=(EvilWins(on="twists", at_least=99),))  # fmt: skip
    pack = make_pack(schemes=(sch,))
    g = scenario(pack, players=2, scheme="pen", attack=1, decks={0: ["agent"] * 5},
                 villain_deck=["thug", "thug"])  # fmt: skip
    t = Table(pack, g)
    t.act(Special(seat=0, action="expose2"))
    assert t.ids("p0.discard") == []
    t.end(0)
    # The Wound arrives after the new hand was drawn (had it come first, the draw would
    # have reshuffled it into the hand): it waits in the discard pile.
    assert t.ids("p0.hand") == ["agent"] * 5 and t.ids("p0.discard") == ["wound"]
    assert t.game.current == 1
