"""Views share the refs of cards that did not change (`view.card_ref`), and a ref is never
taken for another card, instance, undercover mark or half."""

from __future__ import annotations

from rules.legendary.scenario import scenario
from rules.legendary.view import card_ref, view
from tests.legendary.packs import PACK, hero, make_pack


def test_views_of_one_game_share_the_refs_of_unchanged_cards() -> None:
    g = scenario(PACK, players=2, hands={0: ["blade", "bolt"]}, discards={1: ["brick"]})
    a, b = view(g, PACK, 0), view(g, PACK, None)
    assert a.players[1].discard[0] is b.players[1].discard[0]
    again = view(g, PACK, 0)
    assert again == a and again.players[0].hand == a.players[0].hand


def test_a_ref_is_made_again_when_what_it_shows_differs() -> None:
    card = PACK.cards["blade"]
    plain = card_ref(card, "h1", False, None)
    assert card_ref(card, "h1", False, None) is plain
    assert card_ref(card, "h1", True, None).undercover is True
    assert card_ref(card, "h2", False, None).inst == "h2"
    assert card_ref(card, "h1", False, 1).half == 1
    # Another pack's card of the same id (custom content, a test's pack): its own name.
    other = make_pack(hero("blade", name="Other Blade")).cards["blade"]
    assert other is not card
    assert card_ref(other, "h1", False, None).name == "Other Blade"
    assert card_ref(card, "h1", False, None).name == plain.name != "Other Blade"
