"""The TCG pack's own words in the reader's language (`TcgContent.text_for`): a card as
`/tcg card` shows it. Names stay as printed unless the pack's translation gives one; an
untranslated text reads in English (docs/i18n.md)."""

from __future__ import annotations

from bot.i18n import SOURCE, language, t
from content.tcg.info import find_card, show_card
from rules.tcg.cards import CardType, TcgContent

_TYPES = {
    CardType.UNIT: "unit",
    CardType.LEGEND: "legend",
    CardType.GEAR: "gear",
    CardType.PROGRAM: "program",
}


def card_lines(content: TcgContent, query: str, loc: str = SOURCE) -> list[str] | None:
    """`/tcg card`'s answer for `query` in the language of `loc` (None: no such card)."""
    if language(loc) == SOURCE:
        return show_card(content, query)  # English exactly as the content tools print it
    from cogs.tcg.render import card_type

    card = find_card(content, query)
    if card is None:
        return None
    name = content.text_for(card.id, "name", loc)
    subtitle = content.text_for(card.id, "subtitle", loc) if card.subtitle else ""
    full = f"{name}: {subtitle}" if subtitle else name
    cost = "–" if card.cost is None else f"{card.cost} €$"
    kind = card_type(loc, _TYPES.get(card.type, card.type.value))
    head = t(
        loc,
        "{card} [{colour} {type}, cost {cost}",
        card=full,
        colour=card.colour.value,
        type=kind,
        cost=cost,
    )
    if card.type in (CardType.UNIT, CardType.LEGEND):
        head += t(loc, ", power {n}", n=card.power)
    if card.ram:
        head += f", RAM {card.ram}"
    lines = [head + "]"]
    text = content.text_for(card.id, "text", loc)
    if text:
        lines.extend(f"  {line}" for line in text.splitlines())
    if card.flavour:
        lines.append(f"  “{content.text_for(card.id, 'flavour', loc)}”")
    decks = [
        content.deck_text_for(d.id, "name", loc)
        for d in content.decks.values()
        if card.id in d.legends or any(cid == card.id for cid, _ in d.cards)
    ]
    where = ", ".join(decks) if decks else t(loc, "no preconstructed deck")
    lines.append(t(loc, "  In: {decks}", decks=where))
    lines.append(f"  id: {card.id}")
    return lines
