"""L12 (a vote-counting Scheme) and L13 (tokens under the HQ and their flush), on small
Schemes written here with the same vocabulary as the bundled ones."""

from __future__ import annotations

from rules.legendary.actions import Heal, Recruit, Special
from rules.legendary.cards import EvilWins, Scheme, SpecialAction, TokenCard, Tokens
from rules.legendary.effects import FlushHq, Match, StackHero, StackTwist, TokenUnderHq, Undercover
from rules.legendary.effects import Zone as FxZone
from rules.legendary.engine import legal_actions
from rules.legendary.scenario import Table, scenario
from rules.legendary.state import Result, Z
from rules.legendary.view import view
from tests.legendary.packs import hero, make_pack, villain

CAMPAIGN = SpecialAction(
    id="campaign",
    name="Campaign",
    effects=(
        StackHero(
            zone=FxZone.HEROES,
            then=(Undercover(zone=FxZone.HEROES, match=Match(grey=True), may=True),),
        ),
    ),
)
VOTES = Scheme(id="votes", name="Votes", twists=8, special_actions=(CAMPAIGN,),
               twist=({"effects": [StackTwist()]},),  # type: ignore[arg-type]
               evil_wins=(EvilWins(on="vote_lead", at_least=4),))  # fmt: skip
FLUSH = SpecialAction(id="flush", name="Flush", once_per_turn=False, needs_hq_token=True,
                      effects=(FlushHq(),))  # fmt: skip
SLUDGE = Scheme(id="sludge-plot", name="Sludge Plot", twists=8, special_actions=(FLUSH,),
                tokens=Tokens(card="sludge", count=8, blocks_recruit=True),
                twist=({"effects": [TokenUnderHq()]},),  # type: ignore[arg-type]
                evil_wins=(EvilWins(on="tokens_out", at_least=6),))  # fmt: skip
PACK = make_pack(
    TokenCard(id="sludge", name="Sludge"),
    hero("ace", classes=["covert"], attack=2, cost=3),
    hero("ace-two", classes=["covert"], recruit=2, cost=3),
    hero("rival", hero="rival-hero", classes=["tech"], attack=1, cost=2),
    hero("rival-two", hero="rival-hero", classes=["tech"], attack=1, cost=2),
    hero("sidekick", hero="sidekick-hero", classes=["ranged"], attack=1, cost=2),
    hero("follow", classes=["covert"], abilities=[{"superpower": ["covert"],
                                                   "effects": [{"type": "attack", "amount": 3}]}]),
    villain("sandman", 4, 3, recruit_or_fight_lock=True),
    schemes=(VOTES, SLUDGE),
)  # fmt: skip


def _campaign(t: Table) -> None:
    t.act(Special(seat=0, action="campaign"))


# ---- L12: votes -----------------------------------------------------------------------


def test_l12_a_stacked_hero_votes_for_its_hero_name_and_cards_of_a_hero_pool() -> None:
    g = scenario(PACK, scheme="votes", hands={0: ["ace"]}, played={0: ["ace-two"]},
                 scheme_stack=["rival"])  # fmt: skip
    t = Table(PACK, g)
    _campaign(t)
    t.choose(0, "ace")  # hand and played cards are both "your Heroes"
    v = view(t.game, PACK, 0)
    assert v.hero_votes == {"test-hero": 1, "rival-hero": 1}
    assert t.game.turn.specials == ("campaign",)
    t2 = Table(PACK, scenario(PACK, scheme="votes", hands={0: ["ace", "ace-two"]},
                              scheme_stack=["ace-two"]))  # fmt: skip
    _campaign(t2)
    t2.choose(0, "ace")
    assert view(t2.game, PACK, 0).hero_votes == {"test-hero": 2}  # one Hero Name, pooled


def test_l12_only_once_per_turn() -> None:
    t = Table(PACK, scenario(PACK, scheme="votes", hands={0: ["ace", "ace-two"]}))
    _campaign(t)
    t.choose(0, "ace")
    assert t.refusal(Special(seat=0, action="campaign")).code == "already_used"
    assert Special(seat=0, action="campaign") not in legal_actions(t.game, PACK, 0)


def test_l12_grey_heroes_never_vote_and_no_undercover_without_stacking() -> None:
    t = Table(PACK, scenario(PACK, scheme="votes", hands={0: ["agent", "trooper"]}))
    _campaign(t)
    # Nothing could be stacked, so the grey Undercover never comes up either.
    assert t.game.prompt is None
    assert t.ids("p0.hand") == ["agent", "trooper"] and t.ids(Z.SCHEME_STACK) == []
    # A grey card on the stack (put there some other way) counts for no one.
    g = scenario(PACK, scheme="votes", scheme_stack=["agent", "twist"])
    assert view(g, PACK, 0).hero_votes == {} and view(g, PACK, 0).mastermind_votes == 1


def test_l12_whoever_stacks_may_send_one_grey_hero_undercover() -> None:
    t = Table(PACK, scenario(PACK, scheme="votes", hands={0: ["ace", "agent", "agent"]}))
    _campaign(t)
    p = t.game.prompt
    assert p is not None and {o.label for o in p.options} == {"Agent (hand)", "Don't"}
    t.choose(0, "agent")
    assert t.ids("p0.victory") == ["agent"] and t.ids("p0.hand") == ["agent"]
    assert view(t.game, PACK, 0).players[0].vp == 1  # Undercover: 1 VP
    # It is a may: declining keeps the card.
    t2 = Table(PACK, scenario(PACK, scheme="votes", hands={0: ["ace", "agent"]}))
    _campaign(t2)
    t2.choose(0, "skip")
    assert t2.ids("p0.hand") == ["agent"] and t2.ids("p0.victory") == []


def test_l12_a_stacked_played_card_keeps_what_it_produced_but_is_out_of_play() -> None:
    g = scenario(PACK, scheme="votes", hands={0: ["ace", "follow"]})
    t = Table(PACK, g)
    t.play(0, "ace")
    _campaign(t)
    t.choose(0, "ace")  # a played card is still one of your Heroes
    assert t.ids(Z.SCHEME_STACK) == ["ace"] and t.pools[1] == 2
    t.play(0, "follow")  # the stacked Ace still counts as played: the Superpower fires
    assert t.pools[1] == 5
    pv = view(t.game, PACK, 0).players[0]
    assert pv.vp == 0 and pv.cyber["covert"] == 0  # no VP, no Cyber-Mod count
    t.end(0)
    assert "ace" not in t.ids("p0.discard") + t.ids("p0.hand") + t.ids("p0.deck")


def test_l12_a_twist_is_stacked_as_a_vote_for_the_mastermind() -> None:
    t = Table(PACK, scenario(PACK, scheme="votes", villain_deck=["twist"]))
    t.start_turn()
    assert t.ids(Z.SCHEME_STACK) == ["twist"] and "twist" not in t.ids("ko")
    assert view(t.game, PACK, None).mastermind_votes == 1


def test_l12_evil_wins_when_the_mastermind_leads_the_top_hero_name_by_40_million() -> None:
    def after_twist(stack: list[str]) -> Result | None:
        t = Table(PACK, scenario(PACK, scheme="votes", villain_deck=["twist", "thug"],
                                 scheme_stack=stack))  # fmt: skip
        t.start_turn()
        return t.game.result

    assert after_twist(["twist"] * 2) is None  # 3 votes, no Hero: lead 3
    assert after_twist(["twist"] * 3) is Result.EVIL  # 4 votes, no Hero (0): lead 4
    # The top Hero Name counts, not the sum or the lowest: 6 against 2 and 1 is a lead of 4.
    assert after_twist(["twist"] * 5 + ["ace", "ace-two", "sidekick"]) is Result.EVIL
    # 6 against 3 (one Hero Name's cards pooled) and 1: a lead of 3.
    assert after_twist(["twist"] * 5 + ["rival", "rival-two", "ace", "sidekick",
                                       "ace-two", "ace"]) is None  # fmt: skip


# ---- L13: tokens under the HQ and the flush -------------------------------------------


def _sludge(**kw: object) -> Table:
    base: dict[str, object] = {"scheme": "sludge-plot", "hq": ["ace", "rival", "sidekick",
                                                               "ace-two", "rival-two"]}  # fmt: skip
    return Table(PACK, scenario(PACK, **(base | kw)))  # type: ignore[arg-type]


def test_l13_a_twist_puts_sludge_under_a_space_with_the_fewest() -> None:
    t = _sludge(players=2, villain_deck=["twist"], tokens=2,
                under={0: ["sludge"], 1: ["sludge"], 2: ["sludge"], 3: ["sludge"]})  # fmt: skip
    t.start_turn()  # one space has none: no choice
    assert t.ids(Z.under(4)) == ["sludge"] and t.ids(Z.TOKENS) == ["sludge"]
    t2 = _sludge(players=2, villain_deck=["twist"],
                 under={0: ["sludge"], 1: ["sludge"], 2: ["sludge"]})  # fmt: skip
    t2.start_turn()  # a tie: the current player chooses
    p = t2.game.prompt
    assert p is not None and [o.label for o in p.options] == ["HQ space 4: Ace Two",
                                                              "HQ space 5: Rival Two"]  # fmt: skip
    t2.choose(0, "rival-two")
    assert t2.ids(Z.under(4)) == ["sludge"] and t2.ids(Z.under(3)) == []


def test_l13_a_hero_above_sludge_cant_be_recruited() -> None:
    t = _sludge(under={1: ["sludge"]}, recruit=5)
    assert t.refusal(Recruit(seat=0, card=t.game.zones["hq1"][0])).code == "buried"
    legal = legal_actions(t.game, PACK, 0)
    recruitable = {
        t.game.instances[a.card] for a in legal if isinstance(a, Recruit) and a.card != "officer"
    }
    assert "rival" not in recruitable and "ace" in recruitable


def test_l13_flush_is_offered_only_while_sludge_is_under_the_hq() -> None:
    t = _sludge()
    assert t.refusal(Special(seat=0, action="flush")).code == "not_available"
    assert Special(seat=0, action="flush") not in legal_actions(t.game, PACK, 0)
    t2 = _sludge(under={2: ["sludge"]})
    assert Special(seat=0, action="flush") in legal_actions(t2.game, PACK, 0)


def test_l13_flush_kos_every_sludge_and_the_hero_above_and_one_wound_each() -> None:
    t = _sludge(players=2, under={0: ["sludge", "sludge"], 3: ["sludge"]},
                hero_deck=["follow", "bolt"])  # fmt: skip
    t.act(Special(seat=0, action="flush"))
    assert sorted(t.ids("ko")) == ["ace", "ace-two", "sludge", "sludge", "sludge"]
    assert t.hq() == ["follow", "rival", "sidekick", "bolt", "rival-two"]  # refilled
    assert t.ids(Z.under(0)) == [] and t.ids(Z.under(3)) == []
    # Exactly one Wound each, however many Sludge there were.
    assert t.ids("p0.discard") == ["wound"] and t.ids("p1.discard") == ["wound"]


def test_l13_flushing_is_neither_recruiting_nor_fighting() -> None:
    t = _sludge(under={0: ["sludge"]}, hands={0: ["wound"]}, city={4: "sandman", 3: "thug"},
                attack=2, recruit=3)  # fmt: skip
    t.act(Special(seat=0, action="flush"))
    assert not t.game.turn.recruited and not t.game.turn.fought
    assert Heal(seat=0) in legal_actions(t.game, PACK, 0)
    t.fight(0, "thug")  # the recruit-or-fight lock was not set off by the flush
    assert t.ids("p0.victory") == ["thug"]


def test_l13_kod_sludge_still_counts_toward_evil_wins() -> None:
    t = _sludge(players=2, under={0: ["sludge"], 1: ["sludge"]}, ko=["sludge"] * 3,
                villain_deck=["twist"])  # fmt: skip
    t.act(Special(seat=0, action="flush"))
    assert t.game.result is None and t.ids(Z.under(0)) == []
    t.end(0)  # the next turn's Twist puts out the sixth Sludge (all spaces tie: choose)
    assert t.game.result is None
    t.choose(1, "hq0")  # the flushed space stayed empty (no Hero Deck)
    assert t.game.result is Result.EVIL


def test_a_game_saved_before_the_scheme_zones_existed_still_plays() -> None:
    g = scenario(PACK, hands={0: ["blade"]})
    new = {Z.SCHEME_STACK, Z.TOKENS, *(Z.under(i) for i in range(5))}
    old = g.model_copy(update={"zones": {k: v for k, v in g.zones.items() if k not in new}})
    old = type(g).model_validate_json(old.model_dump_json())  # as loaded from storage
    t = Table(PACK, old)
    t.play(0, "blade")
    assert t.pools == (0, 2) and view(t.game, PACK, 0).hq_under == ((),) * 5


def test_a_scheme_sets_the_wound_stack_by_player_count() -> None:
    from rules.legendary.setup import Setup, new_game
    from tests.legendary.test_setup_end import BIG

    sch = VOTES.model_copy(update={"id": "small-wounds", "wounds_by_players": {1: 12}})
    pack = BIG.model_copy(update={"schemes": {**BIG.schemes, sch.id: sch}})
    for names, want in ((("a",), 12), (("a", "b"), pack.wounds)):
        g = new_game(pack, Setup(names=names, scheme="small-wounds", mastermind="lead-mm"), 3)
        assert len(g.state.zones[Z.WOUNDS]) == want
