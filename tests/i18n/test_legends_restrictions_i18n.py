"""A card's play restriction, refused in the reader's language: the engine's refusal
(rules/legends/engine/plan.py: `play_refusal`) for every card of the bundled pack that
has one, said in Polish by the Legends phrasebook and in its English by default."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from cogs.legends.words import say
from content.legends.loader import load_default_pack
from rules.legends import effects as fx
from rules.legends.cards import PlayerCard, Suit
from rules.legends.engine.context import compiled
from rules.legends.engine.plan import play_refusal

PACK = load_default_pack()
RESTRICTED = sorted(
    (c for c in PACK.cards.values() if any(isinstance(e, fx.OnlyIf) for e in c.effects)),
    key=lambda c: c.id,
)


@dataclass
class _Plan:
    """What `play_refusal` asks of the engine: the card and the Plan's cards."""

    card: PlayerCard
    plan: list[PlayerCard] = field(default_factory=list)

    def card_of(self, inst: str) -> PlayerCard:
        return self.card

    def plan_cards(self) -> list[object]:
        return [compiled(f"p{i}", c) for i, c in enumerate(self.plan)]


def _breaking(card: PlayerCard) -> list[PlayerCard]:
    """A Plan that breaks `card`'s restriction."""
    (only,) = (e for e in card.effects if isinstance(e, fx.OnlyIf))
    others = [c for c in PACK.cards.values() if c.id != card.id]
    if only.no_other_suit:
        return [next(c for c in others if Suit(only.no_other_suit) in c.suits)]
    if only.plan_has_suit:
        return [next(c for c in others if Suit(only.plan_has_suit) not in c.suits)]
    if only.max_plan_cards is not None:
        return others[: only.max_plan_cards + 1]
    assert only.min_plan_cards is not None
    return others[: only.min_plan_cards - 1]


def test_the_pack_has_every_kind_of_restriction() -> None:
    kinds = {
        k
        for c in RESTRICTED
        for e in c.effects
        if isinstance(e, fx.OnlyIf)
        for k in ("no_other_suit", "plan_has_suit", "max_plan_cards", "min_plan_cards")
        if getattr(e, k) is not None
    }
    assert kinds == {"no_other_suit", "plan_has_suit", "max_plan_cards", "min_plan_cards"}


@pytest.mark.parametrize("card", RESTRICTED, ids=lambda c: c.id)
def test_a_cards_restriction_is_refused_in_polish(card: PlayerCard) -> None:
    english = play_refusal(_Plan(card, _breaking(card)), 0, "x")  # type: ignore[arg-type]
    assert english is not None and english.startswith(f"{card.name} can only be played ")
    polish = say("pl", english)
    assert polish.startswith(f"{card.name} można zagrać "), polish
    assert "can only" not in polish and "Plan has" not in polish and "symbol." not in polish
    for suit in ("Charisma", "Muscle", "Stealth", "Tech"):
        assert f" {suit} " not in polish and not polish.endswith(f" {suit}.")
    assert say("en", english) == english
