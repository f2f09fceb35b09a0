"""The planner: it decides from its own view only (a hidden-information change never
changes a decision), and it uses the Schemes' special actions and divided cards."""

from __future__ import annotations

from typing import Any

import pytest

from content.legendary.loader import load_default_pack
from rules.legendary.actions import MASTERMIND, Action, EndTurn, Fight, Play, Recruit, Special
from rules.legendary.ai import PlannerAgent
from rules.legendary.ai.lookahead import (
    FAIL_COST,
    WOUND_COST,
    best_order,
    fail_cost,
    order_value,
    reveal_distribution,
    success_chance,
)
from rules.legendary.cards import HeroCard
from rules.legendary.engine import apply, legal_actions
from rules.legendary.scenario import scenario
from rules.legendary.state import Game, Z
from rules.legendary.view import view

PACK = load_default_pack()
HQ = ["skyline-updraft", "glitch-backdoor", "quill-forgery", "marrow-apex", "vexa-dead-drop"]


def _turn(game: Game, agent: PlannerAgent, limit: int = 30) -> list[Action]:
    """Seat 0's decisions until it ends its turn (answering its own prompts)."""
    out: list[Action] = []
    for _ in range(limit):
        if game.over or (game.prompt is None and game.current != 0):
            break
        seat = game.prompt.seat if game.prompt is not None else game.current
        if seat != 0:
            break
        legal = legal_actions(game, PACK, 0)
        a = agent.decide(view(game, PACK, 0), legal, PACK)
        assert a in legal or isinstance(a, Play)  # a Play may name its half or Fated Future
        out.append(a)
        if isinstance(a, EndTurn):
            break
        game = apply(game, a, PACK).state
    return out


CASES: dict[str, dict[str, Any]] = {
    "votes": {"scheme": "seize-the-council", "scheme_stack": ["scheme-twist", "scheme-twist"]},
    "sludge": {
        "scheme": "flood-the-undercity",
        "under": {0: ["sludge"], 1: ["sludge"], 2: ["sludge"]},
    },  # fmt: skip
    "plain": {"scheme": "blackout-protocol"},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_planner_decides_from_its_own_view_only(case: str) -> None:
    base: dict[str, Any] = {
        "players": 2,
        "hq": HQ,
        "city": {4: "street-drone", 0: "saint-of-knives"},
        "hands": {0: ["vexa-ghost-protocol", "glitch-packet-sniff", "precinct-runner",
                      "precinct-enforcer", "skyline-snipers-patience"],
                  1: ["precinct-runner"] * 5},
        **CASES[case],
    }  # fmt: skip
    # Same view for seat 0; the other hand and the order and contents of every deck differ.
    a = scenario(PACK, **base, decks={0: ["skyline-skyfall", "wound"], 1: ["wound"]},
                 villain_deck=["master-strike", "street-drone"],
                 hero_deck=["glitch-zero-day"] * 3)  # fmt: skip
    b = scenario(PACK, **{**base, "hands": {**base["hands"], 1: ["marrow-apex"] * 5}},
                 decks={0: ["wound", "marrow-apex"], 1: ["skyline-skyfall"]},
                 villain_deck=["scheme-twist", "scheme-twist"],
                 hero_deck=["quill-forgery"] * 3)  # fmt: skip
    assert view(a, PACK, 0) == view(b, PACK, 0)
    # Both draws come from the deck, so compare decisions only up to the first draw.
    da, db = _turn(a, PlannerAgent(), 4), _turn(b, PlannerAgent(), 4)
    assert da == db and len(da) == 4


def test_planner_campaigns_for_the_hero_name_already_ahead() -> None:
    g = scenario(PACK, scheme="seize-the-council", hq=HQ,
                 scheme_stack=["scheme-twist"] * 4 + ["glitch-backdoor"],
                 hands={0: ["glitch-packet-sniff", "skyline-rooftop-shot"]})  # fmt: skip
    acts = _turn(g, PlannerAgent())
    assert Special(seat=0, action="campaign") in acts
    game = g
    for a in acts:
        if isinstance(a, EndTurn):
            break
        game = apply(game, a, PACK).state
    stacked = [game.instances[i] for i in game.zones[Z.SCHEME_STACK]]
    assert "glitch-packet-sniff" in stacked  # Glitchwitch already had a vote


def test_planner_campaigns_only_near_the_evil_wins_lead() -> None:
    """Solo, Evil Wins at a 50 million lead: a lead of 30 million (two votes short)
    makes the planner campaign, a lead of 20 million does not (a stacked Hero leaves
    the deck for good)."""
    hands = {0: ["glitch-packet-sniff", "skyline-rooftop-shot"]}
    for twists, campaigns in ((4, True), (3, False)):
        g = scenario(PACK, scheme="seize-the-council", hq=HQ, hands=hands,
                     scheme_stack=["scheme-twist"] * twists + ["glitch-backdoor"])  # fmt: skip
        assert (Special(seat=0, action="campaign") in _turn(g, PlannerAgent())) is campaigns


def test_planner_flushes_a_mostly_buried_hq() -> None:
    g = scenario(PACK, scheme="flood-the-undercity", hq=HQ, recruit=6,
                 under={0: ["sludge"], 1: ["sludge"], 3: ["sludge"]})  # fmt: skip
    assert _turn(g, PlannerAgent())[0] == Special(seat=0, action="flush")
    g2 = scenario(PACK, scheme="flood-the-undercity", hq=HQ, recruit=6, under={0: ["sludge"]})
    assert Special(seat=0, action="flush") not in _turn(g2, PlannerAgent())


def test_planner_names_the_half_of_a_divided_card() -> None:
    g = scenario(PACK, hands={0: ["vexa-ghost-protocol"]}, hq=HQ)
    a = _turn(g, PlannerAgent(), 1)[0]
    assert isinstance(a, Play) and a.half in (0, 1)


# ---- the lookahead over its own turn ---------------------------------------------------


def _uru_case(villain_deck: list[str], hand1: list[str], escape: tuple[str, ...] = ()) -> Game:
    return scenario(PACK, players=2, hq=HQ, attack=6, recruit=0,
                    city={4: "street-drone", 0: "saint-of-knives"}, escape=escape,
                    hands={0: [], 1: hand1}, villain_deck=villain_deck,
                    decks={0: ["wound"], 1: ["wound"]})  # fmt: skip


def test_lookahead_uru_decision_uses_only_the_view() -> None:
    """The Uru fight's chance comes from public cards: two games that differ only in the
    Villain Deck (what Uru would reveal) and the other hand plan the same fights."""
    a = _uru_case(["master-strike", "archbishop-of-rust"], ["precinct-runner"])
    b = _uru_case(["scheme-twist", "scheme-twist"], ["marrow-apex"])
    assert view(a, PACK, 0) == view(b, PACK, 0)
    saint = view(a, PACK, 0).city[0].villain
    assert saint is not None
    uru = Fight(seat=0, target=saint.inst)
    da, db = _turn(a, PlannerAgent()), _turn(b, PlannerAgent())
    # The reveal shows different cards, so compare up to and including the Uru fight.
    assert uru in da and uru in db
    assert da[: da.index(uru) + 1] == db[: db.index(uru) + 1]


def test_lookahead_orders_uru_fights_by_the_chance_of_losing_everything() -> None:
    """A failed Uru fight loses all the Attack left (§7). With 6 Attack against a 3-Attack
    Uru Villain and a 3-Attack sure one: when the seen Villain Deck cards are cheap, the
    Uru fight first is near-sure and the sure fight follows if the reveal was 0; once
    the Escape pile shows many 5-VP Villains, the sure fight goes first."""
    for escape, first in (((), 0), (("archbishop-of-rust",) * 6, 4)):
        g = _uru_case(["scheme-twist"], [], escape)
        target = view(g, PACK, 0).city[first].villain
        assert target is not None
        fights = [a for a in _turn(g, PlannerAgent()) if isinstance(a, Fight)]
        assert fights[0].target == target.inst, escape


def test_uru_success_chance_is_exact_and_reads_public_piles() -> None:
    assert success_chance({0: 0.5, 2: 0.5}, 2, 2) == pytest.approx(0.75)
    assert success_chance({0: 0.5, 2: 0.5}, 1, -1) == 0.0
    plain = reveal_distribution(view(_uru_case(["scheme-twist"], []), PACK, 0), PACK)
    heavy = scenario(PACK, players=2, hq=HQ, attack=7, city={0: "saint-of-knives"},
                     escape=["archbishop-of-rust"] * 6)  # fmt: skip
    dist = reveal_distribution(view(heavy, PACK, 0), PACK)
    assert sum(dist.values()) == pytest.approx(1.0)
    assert success_chance(dist, 1, 1) < success_chance(plain, 1, 1)


def test_lookahead_draws_before_the_superpower_cards() -> None:
    """Drawing first lets the unknown drawn cards feed later Superpowers; the value does
    not depend on what is drawn."""
    backdoor, updraft = PACK.cards["glitch-backdoor"], PACK.cards["skyline-updraft"]
    assert isinstance(backdoor, HeroCard) and isinstance(updraft, HeroCard)
    assert order_value([backdoor, updraft], []) > order_value([updraft, backdoor], [])
    assert best_order({"u": updraft, "b": backdoor}, []) == ["b", "u"]


def test_lookahead_recruits_instead_under_a_lock_when_worth_more() -> None:
    """Under a recruit-or-fight lock (L10) a rich recruit beats a one-VP fight; without
    the lock it does both (fight first)."""
    base: dict[str, Any] = {"players": 2, "hq": HQ, "attack": 3, "recruit": 8}
    locked = scenario(PACK, **base, city={0: "street-drone", 2: "pale-conductor"})
    free = scenario(PACK, **base, city={0: "street-drone"})
    assert isinstance(_turn(locked, PlannerAgent())[0], Recruit)
    assert isinstance(_turn(free, PlannerAgent())[0], Fight)


def test_uru_failure_costs_the_wounds_its_fight_or_fail_deals() -> None:
    """Saint of Knives' Fight or Fail wounds you; Hammer Deacon's wounds each other
    player, so it costs more at a bigger table."""
    g = scenario(PACK, players=3, hq=HQ, city={0: "saint-of-knives", 1: "hammer-deacon"})
    v = view(g, PACK, 0)
    saint, deacon = v.city[0].villain, v.city[1].villain
    assert saint is not None and deacon is not None
    assert fail_cost(v, PACK, saint.inst) == FAIL_COST + WOUND_COST
    assert fail_cost(v, PACK, deacon.inst) == FAIL_COST + 2 * WOUND_COST
    assert fail_cost(v, PACK, MASTERMIND) == FAIL_COST  # the classic Mastermind has none


# ---- Undercover ---------------------------------------------------------------------------


def test_planner_sends_an_escaped_hero_undercover_early() -> None:
    """Ledger of Lies early in the game: the greedy answer skips (a Hero of its own would
    be lost), but a Hero in the Escape pile is nobody's, and under Rig the Uplink each one
    counts toward Evil Wins, so the planner takes it out of the pile."""
    g = scenario(PACK, players=2, scheme="rig-the-uplink", hq=HQ,
                 hands={0: ["quill-ledger-of-lies"]}, escape=["glitch-zero-day"],
                 villain_deck=["street-drone"] * 30)  # fmt: skip
    escaped = view(g, PACK, 0).escape[0].inst
    from rules.legendary.actions import Choose

    acts = _turn(g, PlannerAgent(), 3)
    assert Choose(seat=0, option=escaped) in acts


def test_planner_sends_a_wound_undercover_before_a_card_of_its_own() -> None:
    """Protocol (a Covert Superpower): "you may send a card from your hand Undercover".
    A Wound leaves the deck for good; a real Hero of its own stays unless the game is
    late (few Villain Deck cards left)."""
    from rules.legendary.actions import Choose

    def hand_of(cards: list[str], deck: int) -> tuple[Any, list[str]]:
        g = scenario(PACK, players=2, hq=HQ, hands={0: cards},
                     villain_deck=["street-drone"] * deck)  # fmt: skip
        v = view(g, PACK, 0)
        return v, [r.inst for r in v.players[0].hand or ()]

    v, ids = hand_of(["skyline-rooftop-shot", "wound"], 30)
    assert PlannerAgent._undercover(v, PACK, [*ids, "skip"]) == Choose(seat=0, option=ids[1])
    v, ids = hand_of(["skyline-rooftop-shot"], 30)
    assert PlannerAgent._undercover(v, PACK, [*ids, "skip"]) == Choose(seat=0, option="skip")
    v, ids = hand_of(["skyline-rooftop-shot"], 4)
    assert PlannerAgent._undercover(v, PACK, [*ids, "skip"]) == Choose(seat=0, option=ids[0])


# ---- Healing ------------------------------------------------------------------------------


def test_planner_heals_when_the_wounds_outweigh_the_turn() -> None:
    """Healing gives up this turn's fights and recruits for a deck without those Wounds:
    three Wounds outweigh a 5-Recruit turn (the old rule healed only below 5 Recruit), but
    one Wound does not outweigh a Mastermind fight."""
    from rules.legendary.actions import Heal

    weak = scenario(PACK, players=2, hq=HQ, recruit=5, hands={0: ["wound"] * 3},
                    villain_deck=["street-drone"] * 30)  # fmt: skip
    assert _turn(weak, PlannerAgent())[0] == Heal(seat=0)
    strong = scenario(PACK, players=2, hq=HQ, attack=12, hands={0: ["wound"]},
                      villain_deck=["street-drone"] * 30)  # fmt: skip
    first = _turn(strong, PlannerAgent())[0]
    assert first == Fight(seat=0, target=MASTERMIND)
