"""§4 the turn: the Villain card, the city, playing cards, recruiting, fighting, healing,
cleanup."""

from __future__ import annotations

from rules.legendary.actions import MASTERMIND
from rules.legendary.cards import EvilWins, Scheme, TwistRule
from rules.legendary.effects import HeroDeckToEscape
from rules.legendary.scenario import Table, scenario
from tests.legendary.packs import PACK, eff, hero, make_pack, villain

# ---- step 1: the Villain card ---------------------------------------------------------


def test_villain_enters_the_sewers() -> None:
    t = Table(PACK, scenario(PACK, villain_deck=["thug"], start_turn=True))
    assert t.city() == [None, None, None, None, "thug"]


def test_push_only_as_far_as_room_is_needed() -> None:
    g = scenario(PACK, city={4: "thug", 3: "brute", 1: "boss"}, villain_deck=["grunt"],
                 start_turn=True)  # fmt: skip
    t = Table(PACK, g)
    # Sewers -> Bank -> Rooftops; the Bridge and Streets don't move.
    assert t.city() == [None, "boss", "brute", "thug", "grunt"]


def test_escape_off_the_bridge_kos_an_hq_hero_and_each_player_discards() -> None:
    city = {0: ("thug", ["civilian", "civilian"]), 1: "brute", 2: "boss", 3: "grunt", 4: "grunt"}
    g = scenario(
        PACK,
        players=2,
        city=city,
        villain_deck=["brute"],
        hq=["blade", "pricey", "wrench"],
        hero_deck=["bolt"],
        hands={0: ["agent", "trooper"], 1: ["agent", "trooper"]},
        start_turn=True,
    )
    t = Table(PACK, g)
    assert t.ids("escape") == ["thug", "civilian", "civilian"]
    # The current player chooses an HQ Hero costing 6 or less (pricey costs 7).
    p = t.game.prompt
    assert p is not None and p.seat == 0
    assert {t.game.instances[o.id] for o in p.options} == {"blade", "wrench"}
    t.choose(0, "wrench")
    assert "wrench" in t.ids("ko") and t.hq() == ["blade", "pricey", "bolt", None, None]
    # One discard each (two Bystanders, still one card), starting with the current player.
    assert t.game.prompt is not None and t.game.prompt.seat == 0
    t.choose(0, "agent")
    assert t.game.prompt is not None and t.game.prompt.seat == 1
    t.choose(1, "trooper")
    assert t.ids("p0.discard") == ["agent"] and t.ids("p1.discard") == ["trooper"]
    assert t.game.escaped_bystanders == 2


def test_no_hq_hero_costing_six_or_less_means_nothing_is_kod() -> None:
    city = {0: "thug", 1: "brute", 2: "boss", 3: "grunt", 4: "grunt"}
    g = scenario(PACK, city=city, villain_deck=["brute"], hq=["pricey"], start_turn=True)
    t = Table(PACK, g)
    assert t.game.prompt is None and t.ids("ko") == [] and t.hq()[0] == "pricey"


def test_all_escapes_resolve_before_ambush() -> None:
    ambusher = villain("ambusher", 3, ambush=[{"effects": [{"type": "capture_bystander"}]}])
    esc = villain("leaver", 1, escape=[{"effects": [{"type": "gain_wound", "who": "each"}]}])
    pack = make_pack(ambusher, esc)
    city = {0: "leaver", 1: "brute", 2: "boss", 3: "grunt", 4: "grunt"}
    t = Table(pack, scenario(pack, city=city, villain_deck=["ambusher"]))
    t.start_turn()
    kinds = [e.kind for e in t.events]
    assert kinds.index("escape") < kinds.index("wound") < kinds.index("capture")
    assert t.ids("city4.cap") == ["civilian"] and t.ids("p0.discard") == ["wound"]


def test_bystander_is_captured_by_the_villain_closest_to_the_deck() -> None:
    g = scenario(PACK, city={1: "thug", 3: "brute"}, villain_deck=["civilian"], start_turn=True)
    t = Table(PACK, g)
    assert t.ids("city3.cap") == ["civilian"] and t.city()[4] is None  # no push


def test_bystander_with_an_empty_city_goes_to_the_mastermind() -> None:
    t = Table(PACK, scenario(PACK, villain_deck=["civilian"], start_turn=True))
    assert t.ids("mm.cap") == ["civilian"]


def test_twist_counts_does_its_effect_and_is_kod() -> None:
    sch = Scheme(
        id="leak",
        name="Leak",
        twists=5,
        twist=(
            TwistRule(first=1, last=2, effects=(HeroDeckToEscape(n=1),)),
            TwistRule(first=3, effects=(HeroDeckToEscape(n=2),)),
        ),
        evil_wins=(EvilWins(on="escape_heroes", at_least=99),),
    )
    pack = make_pack(schemes=(sch,))
    g = scenario(pack, players=2, scheme="leak", villain_deck=["twist"],
                 hero_deck=["blade", "bolt", "brick"], twists=2, start_turn=True)  # fmt: skip
    t = Table(pack, g)
    assert t.game.twists == 3
    assert t.ids("escape") == ["blade", "bolt"] and t.ids("ko") == ["twist"]


def test_master_strike_does_its_effect_and_is_kod() -> None:
    g = scenario(PACK, players=2, villain_deck=["strike"], start_turn=True)
    t = Table(PACK, g)
    assert t.ids("p0.discard") == ["wound"] and t.ids("p1.discard") == ["wound"]
    assert t.ids("ko") == ["strike"]


# ---- step 2: playing cards ------------------------------------------------------------


def test_playing_adds_printed_recruit_and_attack() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["agent", "trooper", "shade"]}))
    for c in ("agent", "trooper", "shade"):
        t.play(0, c)
    assert t.pools == (2, 2)
    assert t.ids("p0.played") == ["agent", "trooper", "shade"]


SUPER = hero(
    "zapper",
    classes=["tech"],
    attack=1,
    abilities=[{"superpower": ["tech"], "effects": [{"type": "attack", "amount": 2}]}],
)
DOUBLE = hero(
    "double",
    classes=["ranged"],
    attack=0,
    abilities=[{"superpower": ["tech", "ranged"], "effects": [{"type": "attack", "amount": 3}]}],
)
TEAMY = hero(
    "teamy",
    classes=["covert"],
    attack=0,
    team="neon",
    abilities=[{"superpower": ["neon"], "effects": [{"type": "recruit", "amount": 2}]}],
)
SP_PACK = make_pack(SUPER, DOUBLE, TEAMY)


def test_superpower_needs_an_earlier_card_of_that_class() -> None:
    t = Table(SP_PACK, scenario(SP_PACK, hands={0: ["zapper", "wrench"]}))
    t.play(0, "zapper")  # nothing Tech played before it
    assert t.pools == (0, 1)
    t2 = Table(SP_PACK, scenario(SP_PACK, hands={0: ["zapper", "wrench"]}))
    t2.play(0, "wrench")
    t2.play(0, "zapper")
    assert t2.pools == (2, 3)


def test_superpower_does_not_count_the_card_itself() -> None:
    # A Tech card's own Tech icon doesn't power its own Superpower.
    t = Table(SP_PACK, scenario(SP_PACK, hands={0: ["zapper", "zapper"]}))
    t.play(0, "zapper")
    t.play(0, "zapper")
    assert t.pools == (0, 1 + 1 + 2)


def test_two_icon_superpower_needs_both() -> None:
    t = Table(SP_PACK, scenario(SP_PACK, hands={0: ["wrench", "double"]}))
    t.play(0, "wrench")
    t.play(0, "double")
    assert t.pools[1] == 0  # Tech but no earlier Ranged
    t2 = Table(SP_PACK, scenario(SP_PACK, hands={0: ["prism", "double"]}))
    t2.play(0, "prism")  # one Tech/Ranged card shows both icons
    t2.play(0, "double")
    assert t2.pools[1] == 1 + 3


def test_team_superpower() -> None:
    t = Table(SP_PACK, scenario(SP_PACK, hands={0: ["prism", "teamy"]}))
    t.play(0, "prism")
    t.play(0, "teamy")
    assert t.pools[0] == 2


def test_may_ability_asks_and_can_be_declined() -> None:
    optional = hero("opt", classes=["tech"], abilities=[
        {"may": True, "effects": [{"type": "gain_wound"}]}])  # fmt: skip
    pack = make_pack(optional)
    t = Table(pack, scenario(pack, hands={0: ["opt"]}))
    t.play(0, "opt")
    assert t.game.prompt is not None and t.game.prompt.kind == "may"
    # The question names the card whose ability it is.
    assert t.game.prompt.text == "Use Opt's ability?"
    t.choose(0, "no")
    assert t.ids("p0.discard") == []


def test_a_may_ability_with_its_own_text_is_asked_with_it() -> None:
    optional = hero("opt", classes=["tech"], abilities=[
        {"may": True, "text": "Gain a Wound.", "effects": [{"type": "gain_wound"}]}])  # fmt: skip
    pack = make_pack(optional)
    t = Table(pack, scenario(pack, hands={0: ["opt"]}))
    t.play(0, "opt")
    assert t.game.prompt is not None and t.game.prompt.text == "Use Opt's ability? Gain a Wound."


# ---- recruiting -----------------------------------------------------------------------


def test_recruit_pays_goes_to_discard_and_refills_hq() -> None:
    g = scenario(PACK, hq=["blade", "bolt"], hero_deck=["brick"], recruit=4)
    t = Table(PACK, g)
    t.recruit(0, "blade")
    assert t.pools[0] == 1 and t.ids("p0.discard") == ["blade"]
    assert t.hq()[:2] == ["brick", "bolt"]


def test_hq_space_stays_empty_when_the_hero_deck_is_empty() -> None:
    t = Table(PACK, scenario(PACK, hq=["blade"], recruit=3))
    t.recruit(0, "blade")
    assert t.hq()[0] is None


def test_officers_are_always_available() -> None:
    t = Table(PACK, scenario(PACK, recruit=6, officers=2))
    t.recruit(0, "officer")
    t.recruit(0, "officer")
    assert t.ids("p0.discard") == ["officer", "officer"] and t.ids("officers") == []


# ---- fighting -------------------------------------------------------------------------


def test_fight_villain_with_captured_bystanders_and_fight_effect() -> None:
    fighter = villain("drainer", 3, 2, fight=[{"effects": [{"type": "draw", "n": 1}]}])
    pack = make_pack(fighter)
    g = scenario(pack, city={2: ("drainer", ["civilian"])}, attack=5, decks={0: ["agent"]})
    t = Table(pack, g)
    t.fight(0, "drainer")
    assert t.pools[1] == 2
    assert t.ids("p0.victory") == ["drainer", "civilian"] and t.ids("p0.hand") == ["agent"]


def test_a_zero_attack_villain_is_fought_for_zero() -> None:
    pack = make_pack(villain("weakling", 0, 1))
    t = Table(pack, scenario(pack, city={4: "weakling"}))
    t.fight(0, "weakling")
    assert t.ids("p0.victory") == ["weakling"]


def test_fight_mastermind_takes_a_random_tactic_and_rescues_its_bystanders() -> None:
    g = scenario(PACK, attack=16, mm_captured=["civilian", "civilian"])
    t = Table(PACK, g)
    t.fight(0, MASTERMIND)
    vic = t.ids("p0.victory")
    assert vic.count("civilian") == 2 and len(t.ids("mm.tactics")) == 3
    t.fight(0, MASTERMIND)  # several fights a turn
    assert len(t.ids("mm.tactics")) == 2 and t.pools[1] == 0


def test_tactic_choice_is_random_but_recorded() -> None:
    taken = set()
    for seed in range(12):
        t = Table(PACK, scenario(PACK, attack=8, seed=seed))
        t.fight(0, MASTERMIND)
        taken.add(t.ids("p0.victory")[0])
        # Same state, same action: same Tactic.
        t2 = Table(PACK, scenario(PACK, attack=8, seed=seed))
        t2.fight(0, MASTERMIND)
        assert t2.ids("p0.victory") == t.ids("p0.victory")
    assert len(taken) > 1


# ---- other effects --------------------------------------------------------------------


def test_rescue_takes_from_the_bystander_stack_not_a_captured_one() -> None:
    saver = hero("saver", classes=["covert"], abilities=[{"effects": [{"type": "rescue"}]}])
    pack = make_pack(saver)
    g = scenario(pack, hands={0: ["saver"]}, city={4: ("thug", ["civilian"])}, bystanders=3)
    t = Table(pack, g)
    t.play(0, "saver")
    assert t.ids("p0.victory") == ["civilian"] and t.ids("city4.cap") == ["civilian"]
    assert len(t.ids("bystanders")) == 2


def test_a_kod_played_card_keeps_what_it_produced() -> None:
    selfko = hero("burner", classes=["strength"], attack=3, abilities=[
        {"effects": [{"type": "ko", "zones": ["played"], "match": {"kind": "hero"}}]}])  # fmt: skip
    pack = make_pack(selfko)
    t = Table(pack, scenario(pack, hands={0: ["burner"]}))
    t.play(0, "burner")
    assert t.ids("ko") == ["burner"] and t.pools[1] == 3


def test_gain_wound_from_an_empty_stack_gains_nothing() -> None:
    t = Table(PACK, scenario(PACK, players=2, villain_deck=["strike"], wounds=1, start_turn=True))
    assert t.ids("p0.discard") == ["wound"] and t.ids("p1.discard") == []


def test_ko_one_of_your_heroes_cant_choose_a_wound() -> None:
    koer = hero("koer", classes=["tech"], abilities=[
        {"effects": [{"type": "ko", "zones": ["hand"], "match": {"kind": "hero"}}]}])  # fmt: skip
    anyko = hero("anyko", classes=["tech"], abilities=[
        {"effects": [{"type": "ko", "zones": ["hand"]}]}])  # fmt: skip
    pack = make_pack(koer, anyko)
    t = Table(pack, scenario(pack, hands={0: ["koer", "wound", "agent"]}))
    t.play(0, "koer")
    assert t.ids("ko") == ["agent"]  # the only Hero: chosen without asking
    t2 = Table(pack, scenario(pack, hands={0: ["anyko", "wound", "agent"]}))
    t2.play(0, "anyko")
    assert t2.game.prompt is not None
    t2.choose(0, "wound")
    assert t2.ids("ko") == ["wound"]


# ---- healing --------------------------------------------------------------------------


def test_heal_kos_all_wounds_in_hand_then_no_recruit_or_fight() -> None:
    g = scenario(PACK, hands={0: ["wound", "wound", "agent"]}, recruit=3, attack=3,
                 city={4: "thug"}, hq=["blade"])  # fmt: skip
    t = Table(PACK, g)
    t.heal(0)
    assert t.ids("ko") == ["wound", "wound"] and t.ids("p0.hand") == ["agent"]
    assert t.refusal(t_fight(t, "thug")).code == "healed"
    assert t.refusal(t_recruit(t, "blade")).code == "healed"
    t.play(0, "agent")  # playing cards is still allowed


def test_no_heal_after_recruiting_or_fighting() -> None:
    t = Table(PACK, scenario(PACK, hands={0: ["wound"]}, recruit=3, hq=["blade"]))
    t.recruit(0, "blade")
    assert t.refusal(heal(0)).code == "cant_heal"
    t2 = Table(PACK, scenario(PACK, hands={0: ["wound"]}, attack=3, city={4: "thug"}))
    t2.fight(0, "thug")
    assert t2.refusal(heal(0)).code == "cant_heal"


# ---- cleanup --------------------------------------------------------------------------


def test_cleanup_discards_and_draws_six_reshuffling_only_when_needed() -> None:
    g = scenario(PACK, hands={0: ["agent"]}, played={0: ["trooper"]},
                 decks={0: ["blade", "bolt"]}, discards={0: ["wrench"]},
                 villain_deck=["thug", "thug"])  # fmt: skip
    t = Table(PACK, g)
    t.end(0)
    hand = t.ids("p0.hand")
    # The two deck cards first, then the reshuffled discard pile (3 cards): 5 in all.
    assert hand[:2] == ["blade", "bolt"] and sorted(hand[2:]) == ["agent", "trooper", "wrench"]
    assert t.ids("p0.deck") == [] and t.ids("p0.discard") == []


def test_cleanup_without_reshuffle_when_deck_suffices() -> None:
    g = scenario(PACK, hands={0: ["agent"]}, decks={0: ["blade"] * 7},
                 villain_deck=["thug", "thug"])  # fmt: skip
    t = Table(PACK, g)
    t.end(0)
    assert t.ids("p0.hand") == ["blade"] * 6 and t.ids("p0.discard") == ["agent"]


def test_next_player_then_plays_a_villain_card() -> None:
    g = scenario(PACK, players=3, villain_deck=["thug", "brute"])
    t = Table(PACK, g)
    t.end(0)
    assert t.game.current == 1 and t.city()[4] == "thug"


# helpers


def t_fight(t: Table, cid: str):  # type: ignore[no-untyped-def]
    from rules.legendary.actions import Fight

    return Fight(seat=0, target=t.city_inst(cid))


def t_recruit(t: Table, cid: str):  # type: ignore[no-untyped-def]
    from rules.legendary.actions import Recruit

    return Recruit(seat=0, card=t.game.zones[f"hq{t.hq().index(cid)}"][0])


def heal(seat: int):  # type: ignore[no-untyped-def]
    from rules.legendary.actions import Heal

    return Heal(seat=seat)


_ = eff


def test_fight_and_rescue_effects_in_the_order_the_fighter_picks() -> None:
    from rules.legendary.cards import BystanderCard
    from tests.legendary.packs import abilities

    wounder = villain("wounder", 2, 1, fight=[{"effects": [{"type": "gain_wound"}]}])
    cleaner = BystanderCard(id="cleaner", name="Cleaner",
                            on_rescue=abilities({"effects": [
                                {"type": "ko", "zones": ["discard"]}]})[0].effects)  # fmt: skip
    pack = make_pack(wounder, cleaner)
    for order, left in (("fight", []), ("rescue", ["wound"])):
        g = scenario(pack, city={3: ("wounder", ["cleaner"])}, attack=2)
        t = Table(pack, g)
        t.fight(0, "wounder")
        assert t.game.prompt is not None and t.game.prompt.kind == "order"
        t.choose(0, order)
        # Fight first: the Wound is gained, then the Cleaner KOs it; rescue first: the
        # Cleaner finds an empty discard pile, then the Wound arrives.
        assert t.ids("p0.discard") == left


def test_the_same_card_in_two_zones_is_two_choices() -> None:
    koer = hero("koer2", classes=["tech"], abilities=[
        {"effects": [{"type": "ko", "zones": ["hand", "discard"]}]}])  # fmt: skip
    pack = make_pack(koer)
    g = scenario(pack, hands={0: ["koer2", "wound", "wound"]}, discards={0: ["wound"]})
    t = Table(pack, g)
    t.play(0, "koer2")
    p = t.game.prompt
    assert p is not None and [o.label for o in p.options] == [
        "Wound (hand)",
        "Wound (discard pile)",
    ]
    t.choose(0, p.options[1].id)
    assert t.ids("p0.discard") == [] and t.ids("p0.hand") == ["wound", "wound"]
