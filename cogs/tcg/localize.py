"""The TCG pack's own words in the reader's language (`TcgContent.text_for`): a card as
`/tcg card` shows it, and the names on the board, the panels and the event lines
(`localize_view`, `line`). Names stay as printed unless the pack's translation gives one;
an untranslated text reads in English (docs/i18n.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import BaseModel

from bot.i18n import SOURCE, language, t
from cogs.tcg.words import say
from content.tcg.info import find_card, show_card
from rules.tcg.cards import CardType, ChooseOne, TcgContent
from rules.tcg.effects import mode_label
from rules.tcg.view import CardView, DuelView, SeatView, SlotView, UnitView

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
    from cogs.tcg.deck_words import colour_word
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
        colour=colour_word(loc, card.colour.value),
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


# ---- the pack's words on the board, the panels and the event lines ------------------------


def _choose_ones(node: Any) -> list[ChooseOne]:
    """Every ChooseOne effect of a card, in the order its text reads them."""
    if isinstance(node, ChooseOne):
        return [node]
    found: list[ChooseOne] = []
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            found += _choose_ones(getattr(node, name))
    elif isinstance(node, tuple | list):
        for x in node:
            found += _choose_ones(x)
    return found


@dataclass(frozen=True)
class Words:
    """One language's pack words: printed full names → translated ones (only where the
    translation gives a name or subtitle), and a ChooseOne mode's English wording (the
    engine's option label, "chooses: …") → the mode as the card's translated text reads
    it (its "•" items)."""

    names: dict[str, str]
    modes: dict[str, str]

    @cached_property
    def table(self) -> dict[str, str]:
        return {**self.modes, **self.names}

    @cached_property
    def pattern(self) -> re.Pattern[str] | None:
        if not self.table:
            return None
        # Longest first: a name inside a longer one is not replaced in it.
        keys = sorted(self.table, key=len, reverse=True)
        return re.compile("|".join(re.escape(k) for k in keys))

    def replace(self, text: str) -> str:
        if self.pattern is None:
            return text
        table = self.table
        return self.pattern.sub(lambda m: table[m.group(0)], text)


_WORDS: dict[tuple[int, str], tuple[TcgContent, Words]] = {}


def words(content: TcgContent, loc: str) -> Words:
    """The pack words of `content` for readers of `loc` (computed once per language)."""
    lang = language(loc)
    key = (id(content), lang)
    hit = _WORDS.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    names: dict[str, str] = {}
    modes: dict[str, str] = {}
    if lang != SOURCE:
        for cid, card in content.cards.items():
            name = content.text_for(cid, "name", lang)
            sub = content.text_for(cid, "subtitle", lang) if card.subtitle else ""
            full = f"{name}: {sub}" if sub else name
            if full != card.full_name:
                names[card.full_name] = full
            text = content.text_for(cid, "text", lang)
            found = _choose_ones(card)
            items = [x.strip() for x in text.split("•")[1:]]
            if len(found) == 1 and len(items) == len(found[0].modes):
                for mode, item in zip(found[0].modes, items, strict=True):
                    english = mode_label(mode)
                    if item and item != english:
                        modes[english] = item
    made = Words(names, modes)
    _WORDS[key] = (content, made)
    return made


def line(content: TcgContent, loc: str, text: str) -> str:
    """An engine text (an event, a prompt, an option) in the reader's language, with the
    pack's translated names and modes in it."""
    return words(content, loc).replace(say(loc, text))


def localize_view(v: DuelView, content: TcgContent, loc: str) -> DuelView:
    """The view with the pack's names (and the prompt's, pending effects' and options'
    words) in the language of `loc`; the same view when the pack translates none."""
    w = words(content, loc)
    if w.pattern is None:
        return v

    def card(c: CardView) -> CardView:
        name = w.names.get(c.name)
        return c if name is None else c.model_copy(update={"name": name})

    def cards(cs: tuple[CardView, ...]) -> tuple[CardView, ...]:
        return tuple(card(c) for c in cs)

    def unit(u: UnitView) -> UnitView:
        return u.model_copy(update={"card": card(u.card), "gear": cards(u.gear)})

    def slot(sl: SlotView) -> SlotView:
        got = None if sl.card is None else card(sl.card)
        return sl.model_copy(update={"card": got, "gear": cards(sl.gear)})

    def seat(s: SeatView) -> SeatView:
        brought = s.legends_brought
        return s.model_copy(
            update={
                "hand": None if s.hand is None else cards(s.hand),
                "field": tuple(unit(u) for u in s.field),
                "legends": tuple(slot(sl) for sl in s.legends),
                "legends_brought": None
                if brought is None
                else tuple(w.names.get(n, n) for n in brought),
                "eddies_known": tuple(w.names.get(n, n) for n in s.eddies_known),
                "trash": cards(s.trash),
                "removed": cards(s.removed),
            }
        )

    prompt = v.prompt
    words_only = {"pending": tuple(line(content, loc, p) for p in v.pending)}
    if prompt is not None:
        options = prompt.options
        if options is not None:
            options = tuple(
                o.model_copy(update={"label": line(content, loc, o.label)}) for o in options
            )
        prompt = prompt.model_copy(
            update={"text": line(content, loc, prompt.text), "options": options}
        )
    if not w.names:  # (the pack names no card in this language: the seats stay as they are)
        return v.model_copy(update={**words_only, "prompt": prompt})
    return v.model_copy(
        update={
            **words_only,
            "seats": (seat(v.seats[0]), seat(v.seats[1])),
            "prompt": prompt,
            "peeked": cards(v.peeked),
        }
    )
