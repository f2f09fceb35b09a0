"""L15 visibility, refusals leaving the state unchanged, and AI players deciding from their
own view only."""

from __future__ import annotations

import pytest

from content.legendary.loader import load_default_pack
from rules.legendary.actions import MASTERMIND, Choose, EndTurn, Fight, Heal, Play, Recruit
from rules.legendary.ai import GreedyAgent, PlannerAgent
from rules.legendary.engine import apply, check, legal_actions
from rules.legendary.scenario import Table, scenario
from rules.legendary.setup import Setup
from rules.legendary.sim import play_game
from rules.legendary.state import Options
from rules.legendary.view import events_for, view
from tests.legendary.packs import PACK

# ---- L15 ------------------------------------------------------------------------------


def test_l15_hands_decks_and_face_down_tactics_are_hidden() -> None:
    g = scenario(PACK, players=2, hands={0: ["blade"], 1: ["bolt", "brick"]},
                 decks={0: ["pricey"]}, villain_deck=["boss"], hero_deck=["wrench"])  # fmt: skip
    v0, v1, spectator = view(g, PACK, 0), view(g, PACK, 1), view(g, PACK, None)
    assert v0.players[0].hand is not None and v0.players[1].hand is None
    assert v0.players[1].hand_count == 2 and v1.players[1].hand is not None
    assert spectator.players[0].hand is None and spectator.players[1].hand is None
    for v in (v0, v1, spectator):
        dumped = v.model_dump_json()
        assert '"pricey"' not in dumped and '"boss"' not in dumped
        assert '"wrench"' not in dumped
        assert '"t1"' not in dumped  # a classic Mastermind's Tactics are face down
        assert v.villain_deck == 1 and v.hero_deck == 1 and v.mastermind.tactics_left == 4
        assert '"seed"' not in dumped


def test_l15_open_hands_option_and_public_zones() -> None:
    g = scenario(PACK, players=2, hands={1: ["bolt"]}, discards={1: ["brick"]},
                 victory={1: ["thug"]}, escape=["boss"], ko=["wrench"],
                 options=Options(open_hands=True))  # fmt: skip
    v = view(g, PACK, 0)
    assert v.players[1].hand is not None and v.players[1].hand[0].id == "bolt"
    assert v.players[1].discard[0].id == "brick" and v.players[1].victory[0].id == "thug"
    assert v.escape[0].id == "boss" and v.ko[0].id == "wrench"


def test_l15_private_draw_events_and_prompts() -> None:
    g = scenario(PACK, players=2, hands={0: ["agent"]}, decks={0: ["pricey"] * 6},
                 villain_deck=["thug", "thug"])  # fmt: skip
    t = Table(PACK, g)
    events = t.end(0)
    public = events_for(events, None)
    assert all("Pricey" not in e.text for e in public)
    assert any("Pricey" in e.text for e in events_for(events, 0))
    assert all("Pricey" not in e.text for e in events_for(events, 1))


def test_a_prompts_options_are_shown_only_to_its_seat() -> None:
    city = {0: ("thug", ["civilian"]), 1: "brute", 2: "boss", 3: "grunt", 4: "grunt"}
    g = scenario(PACK, players=2, city=city, villain_deck=["brute"], hq=["pricey"],
                 hands={0: ["agent", "trooper"], 1: ["bolt", "brick"]})  # fmt: skip
    t = Table(PACK, g)
    t.start_turn()
    assert t.game.prompt is not None and t.game.prompt.seat == 0  # p0 discards first
    t.choose(0, "agent")
    assert view(t.game, PACK, 1).prompt.options is not None  # type: ignore[union-attr]
    assert view(t.game, PACK, 0).prompt.options is None  # type: ignore[union-attr]
    assert "bolt" not in view(t.game, PACK, 0).model_dump_json()


# ---- refusals -------------------------------------------------------------------------


REFUSALS = [
    ("not_your_turn", lambda g: EndTurn(seat=1)),
    ("bad_seat", lambda g: EndTurn(seat=4)),
    ("not_in_hand", lambda g: Play(seat=0, card="nope")),
    ("cant_play_wound", lambda g: Play(seat=0, card=_in(g, "p0.hand", "wound"))),
    ("not_in_hq", lambda g: Recruit(seat=0, card="nope")),
    ("cant_afford", lambda g: Recruit(seat=0, card=_in(g, "hq0", "pricey"))),
    ("no_such_target", lambda g: Fight(seat=0, target="nope")),
    ("not_enough_attack", lambda g: Fight(seat=0, target=MASTERMIND)),
    ("no_prompt", lambda g: Choose(seat=0, option="yes")),
]


def _in(g: object, zone: str, cid: str) -> str:
    from rules.legendary.state import Game

    assert isinstance(g, Game)
    return next(i for i in g.zones[zone] if g.instances[i] == cid)


@pytest.mark.parametrize(("code", "make"), REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusals_leave_the_state_unchanged(code: str, make) -> None:  # type: ignore[no-untyped-def]
    g = scenario(PACK, players=2, hands={0: ["wound", "agent"]}, hq=["pricey"], recruit=2,
                 attack=3, city={4: "thug"})  # fmt: skip
    before = g.model_dump_json()
    r = check(g, make(g), PACK)
    assert r is not None and r.code == code
    assert r.message.split("\n")[0]  # the first line says what is wrong
    assert g.model_dump_json() == before


def test_prompt_refusals() -> None:
    g = scenario(PACK, players=2, city={0: ("thug", ["civilian"]), 1: "brute", 2: "boss",
                 3: "grunt", 4: "grunt"}, villain_deck=["brute"], hq=["blade", "wrench"],
                 hands={0: ["agent"], 1: ["agent"]})  # fmt: skip
    t = Table(PACK, g)
    t.start_turn()
    assert t.refusal(EndTurn(seat=0)).code == "prompt_pending"
    assert t.refusal(Choose(seat=1, option="x")).code == "not_your_prompt"
    assert t.refusal(Choose(seat=0, option="x")).code == "bad_option"
    assert "is waiting for" in t.refusal(Heal(seat=0)).message


def test_a_pending_choice_is_answered_only_by_its_seat_the_others_are_told_to_wait() -> None:
    g = scenario(PACK, players=2, city={0: ("thug", ["civilian"]), 1: "brute", 2: "boss",
                 3: "grunt", 4: "grunt"}, villain_deck=["brute"], hq=["blade", "wrench"],
                 hands={0: ["agent"], 1: ["agent"]})  # fmt: skip
    t = Table(PACK, g)
    t.start_turn()
    assert t.game.prompt is not None and t.game.prompt.seat == 0
    mine = t.refusal(EndTurn(seat=0))
    assert mine.code == "prompt_pending" and "Answer it first" in mine.message
    # seat 1, out of turn, is not told to answer a choice that is not theirs
    other = t.refusal(EndTurn(seat=1))
    assert other.code == "not_your_turn"
    assert other.message.startswith("It is not your turn.") and "Answer" not in other.message


def test_game_over_refuses_everything() -> None:
    g = scenario(PACK, tactics=["t1"], attack=10)
    t = Table(PACK, g)
    t.fight(0, MASTERMIND)
    t.end(0)
    assert t.refusal(EndTurn(seat=0)).code == "game_over"
    assert legal_actions(t.game, PACK, 0) == []


def test_every_legal_action_is_accepted() -> None:
    g = scenario(PACK, hands={0: ["wound", "agent", "blade"]}, hq=["blade", "pricey"],
                 recruit=3, attack=3, city={4: "thug"})  # fmt: skip
    acts = legal_actions(g, PACK, 0)
    kinds = {a.type for a in acts}
    assert kinds == {"play", "recruit", "fight", "heal", "end_turn"}
    for a in acts:
        apply(g, a, PACK)
    assert legal_actions(g, PACK, 1) == [] if g.players > 1 else True


# ---- AI from its own view -------------------------------------------------------------

DEFAULT = load_default_pack()


@pytest.mark.parametrize("agent", [GreedyAgent(), PlannerAgent()], ids=["greedy", "planner"])
def test_ai_decides_from_its_own_view_only(agent: object) -> None:
    hq = ["skyline-updraft", "glitch-backdoor", "quill-forgery"]
    base = {
        "players": 2,
        "hq": hq,
        "city": {4: "street-drone"},
        "hands": {
            0: ["glitch-packet-sniff", "precinct-runner", "precinct-enforcer"],
            1: ["precinct-runner"] * 5,
        },
    }
    # Same view for seat 0; the other hand and the order and contents of every deck differ.
    a = scenario(DEFAULT, **base, decks={0: ["skyline-skyfall"], 1: ["wound"]},  # type: ignore[arg-type]
                 villain_deck=["master-strike", "street-drone"])  # fmt: skip
    b = scenario(DEFAULT, **{**base, "hands": {**base["hands"], 1: ["marrow-apex"] * 5}},  # type: ignore[dict-item, arg-type]
                 decks={0: ["wound"], 1: ["skyline-skyfall"]},
                 villain_deck=["scheme-twist", "scheme-twist"])  # fmt: skip
    assert view(a, DEFAULT, 0) == view(b, DEFAULT, 0)
    ga, gb = a, b
    for _ in range(12):
        la, lb = legal_actions(ga, DEFAULT, 0), legal_actions(gb, DEFAULT, 0)
        if not la:
            break
        da = agent.decide(view(ga, DEFAULT, 0), la, DEFAULT)  # type: ignore[attr-defined]
        db = agent.decide(view(gb, DEFAULT, 0), lb, DEFAULT)  # type: ignore[attr-defined]
        assert da == db
        if isinstance(da, EndTurn):
            break
        ga, gb = apply(ga, da, DEFAULT).state, apply(gb, db, DEFAULT).state


def test_ai_games_finish() -> None:
    setup = Setup(names=("a", "b"), scheme="countdown-to-zero", mastermind="helix-board")
    for agents in ([GreedyAgent(), GreedyAgent()], [PlannerAgent(), PlannerAgent()]):
        game, rep = play_game(DEFAULT, setup, 11, agents)
        assert game.over and rep.result is not None


def test_view_marks_keywords_and_counts_cyber_mod_piles() -> None:
    g = scenario(DEFAULT, hands={0: ["skyline-rooftop-shot"]}, city={4: "saint-of-knives"},
                 victory={0: ["static-overcharge", "wound"]},
                 escape=["glitch-backdoor"])  # fmt: skip
    v = view(g, DEFAULT, 0)
    assert "fated_future" in v.players[0].hand[0].keywords  # type: ignore[index]
    assert {"uru", "fight_or_fail"} <= set(v.city[4].villain.keywords)  # type: ignore[union-attr]
    assert v.players[0].cyber["tech"] == 1 and v.players[0].cyber["ranged"] == 1
    assert v.players[0].cyber["wound"] == 1 and v.escape_cyber["tech"] == 1


def test_setup_summary_in_numbers() -> None:
    from rules.legendary.setup import villain_deck_summary

    s = villain_deck_summary(
        Setup(names=("a", "b"), scheme="countdown-to-zero", mastermind="overseer-kael"), DEFAULT
    )
    assert s == {"villain_groups": 2, "henchman_groups": 1, "henchman_cards": -1,
                 "bystanders": 2, "master_strikes": 5, "scheme_twists": 6, "heroes": 5}  # fmt: skip
