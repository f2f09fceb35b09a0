"""Cyberpunk TCG packs described for content authors (`python -m content`): a summary
line, one row per pack, and a card as players see it."""

from __future__ import annotations

from content.common.translations import summary
from content.tcg.translations import translation_warnings
from rules.core.text import count
from rules.tcg.cards import Card, CardType, TcgContent
from rules.tcg.describe import card_text


def summarize(content: TcgContent, label: str) -> str:
    legends = sum(1 for c in content.cards.values() if c.type is CardType.LEGEND)
    head = (
        f"OK {label}: {count(len(content.cards), 'card')} "
        f"({count(legends, 'Legend')}), {count(len(content.decks), 'preconstructed deck')}"
    )
    return summary(head, content.translations, translation_warnings(content))


def pack_rows(content: TcgContent) -> list[tuple[str, str, str, str, str, str]]:
    cards = f"{count(len(content.cards), 'card')}, {count(len(content.decks), 'deck')}"
    return [(content.id, "core", content.version, cards, content.name, "-")]


def full_name(card: Card) -> str:
    return f"{card.name}: {card.subtitle}" if card.subtitle else card.name


def find_card(content: TcgContent, query: str) -> Card | None:
    """The card `query` names: its id, its name with subtitle, or a name that only one
    card has (any case)."""
    if query in content.cards:
        return content.cards[query]
    q = query.strip().lower()
    exact = [c for c in content.cards.values() if full_name(c).lower() == q]
    if len(exact) == 1:
        return exact[0]
    by_name = [c for c in content.cards.values() if c.name.lower() == q]
    return by_name[0] if len(by_name) == 1 else None


def show_card(content: TcgContent, query: str) -> list[str] | None:
    card = find_card(content, query)
    if card is None:
        return None
    cost = "–" if card.cost is None else f"{card.cost} €$"
    head = f"{full_name(card)} [{card.colour.value} {card.type.value}, cost {cost}"
    if card.type in (CardType.UNIT, CardType.LEGEND):
        head += f", power {card.power}"
    if card.ram:
        head += f", RAM {card.ram}"
    head += "]"
    lines = [head]
    text = card_text(card)
    if text:
        lines.extend(f"  {line}" for line in text.splitlines())
    if card.flavour:
        lines.append(f"  “{card.flavour}”")
    decks = [
        d.name
        for d in content.decks.values()
        if card.id in d.legends or any(cid == card.id for cid, _ in d.cards)
    ]
    lines.append(f"  In: {', '.join(decks) if decks else 'no preconstructed deck'}")
    lines.append(f"  id: {card.id}")
    return lines


def card_names(content: TcgContent) -> list[str]:
    return [*content.cards, *(full_name(c) for c in content.cards.values())]
