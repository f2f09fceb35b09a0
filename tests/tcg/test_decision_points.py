"""`legal_actions` at every decision point: random playouts over the test pack (with its
newer kinds) and the bundled decks reach every prompt kind, the reaction window and every
phase a player decides in, and `playout(check_legal=True)` asserts at each step that the
waiting seat has legal actions, that every listed action (and every way to pay for it) is
accepted, and that the other seat may only concede. Without the reach check the property
tests could pass while never getting to, say, a "choose one" prompt."""

from __future__ import annotations

from content.tcg.loader import load_default_pack
from rules.tcg.codes import Phase, PromptKind
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.view import view
from tests.tcg.pack import DECK, NEW_DECK, NEWEST_DECK, PACK
from tests.tcg.test_properties import playout


def test_playouts_reach_every_decision_point_and_each_has_legal_answers() -> None:
    core = load_default_pack()
    decks = sorted(core.decks.values(), key=lambda d: d.id)
    runs = [(PACK, (d, d)) for d in (DECK, NEW_DECK, NEWEST_DECK)]
    runs += [(core, (decks[i], decks[(i + 1) % len(decks)])) for i in range(len(decks))]
    kinds: set[PromptKind] = set()
    phases: set[Phase] = set()
    windows = 0
    for content, pair in runs:
        for seed in range(5):
            for d in playout(seed, True, content, pair):
                phases.add(d.phase)
                if d.prompt is not None:
                    kinds.add(d.prompt.kind)
                    seat = to_act(d)
                    assert seat == d.prompt.seat
                    keys = {o.key for o in d.prompt.options}
                    listed = [
                        a for a in legal_actions(d, content, f"p{seat}") if a.type != "concede"
                    ]
                    # A prompt's answers are exactly its options, nothing else.
                    assert {getattr(a, "option", None) for a in listed} == keys
                elif d.attack is not None and d.attack.window:
                    windows += 1
                    defender = 1 - d.attack.seat
                    shown = view(d, content, defender).prompt
                    assert shown is not None and shown.kind is PromptKind.REACTION
                    assert any(a.type == "pass" for a in legal_actions(d, content, f"p{defender}"))
    # The window is not a stored prompt: the view shows it as REACTION (T10).
    assert kinds == set(PromptKind) - {PromptKind.REACTION}, set(PromptKind) - kinds
    assert windows > 0
    assert {Phase.CHOOSE_FIRST, Phase.MULLIGAN, Phase.START, Phase.ROLL, Phase.MAIN} <= phases
