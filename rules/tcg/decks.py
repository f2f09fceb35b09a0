"""Deck legality (§1) and plain-text deck lists.

A deck list is one entry a line: `3 Name: Subtitle` (the count may be left out for 1;
`3x` also reads). Legends are marked with a `Legends` / `Deck` heading, or a `*` or
`(Legend)` on the line; a card that is a Legend counts as one wherever it is written.
Blank lines and `#` comments are ignored; `;` also separates entries. Every error names the
line its entry is written on.
"""

from __future__ import annotations

import re
from collections import Counter

from rules.tcg.cards import Card, CardType, Colour, DeckList, TcgContent

MAX_COPIES = 3
MIN_MAIN = 40
MAX_MAIN = 50
LEGENDS = 3


def ram_limits(legends: list[Card]) -> dict[Colour, int]:
    """§1: each colour starts at 0; each Legend adds its RAM to its own colour."""
    limits = dict.fromkeys(Colour, 0)
    for card in legends:
        limits[card.colour] += card.ram
    return limits


def deck_problems(deck: DeckList, content: TcgContent, demo: bool = False) -> list[str]:
    """Every legality problem, in words; empty when the deck is legal."""
    out: list[str] = []
    unknown = [
        c for c in list(deck.legends) + [cid for cid, _ in deck.cards] if c not in content.cards
    ]
    for cid in unknown:
        out.append(f"unknown card '{cid}'")
    if unknown:
        return out
    legends = [content.cards[c] for c in deck.legends]
    if len(legends) != LEGENDS:
        out.append(f"a deck has exactly 3 Legends, not {len(legends)}")
    for card in legends:
        if card.type is not CardType.LEGEND:
            out.append(f"{card.full_name} is not a Legend")
    names = Counter(c.name for c in legends)
    for name, n in names.items():
        if n > 1:
            out.append(f"the 3 Legends need different names ({name} appears {n} times)")
    main = deck.main_ids()
    if not (MIN_MAIN if not demo else 1) <= len(main) <= MAX_MAIN:
        out.append(f"the main deck has 40–50 cards, not {len(main)}")
    limits = ram_limits(legends)
    copies: Counter[str] = Counter()
    for cid in main:
        copies[content.cards[cid].full_name] += 1
    for name, n in sorted(copies.items()):
        if n > MAX_COPIES:
            out.append(f"at most 3 copies of {name}, not {n}")
    for cid in sorted(set(main)):
        card = content.cards[cid]
        if card.type is CardType.LEGEND:
            out.append(f"{card.full_name} is a Legend: it goes with the 3 Legends")
            continue
        limit = limits[card.colour]
        if limit == 0:
            out.append(f"{card.full_name}: {card.colour.value} is closed (no Legend of it)")
        elif card.ram > limit:
            out.append(
                f"{card.full_name}: RAM {card.ram} is above the {card.colour.value} limit {limit}"
            )
    return out


# ---- plain-text lists ------------------------------------------------------------------

_LINE = re.compile(r"^(?:(\d+)\s*[xX]?\s+)?(.+?)\s*$")
_LEGEND_MARK = re.compile(r"^\*\s*|\s*\((?:legend|l)\)\s*$", re.IGNORECASE)


class DeckTextError(ValueError):
    """A deck list that can't be read: `line` is the first bad line (1-based) and
    `message` what is wrong with it; `others` are the later bad lines, each read as
    "line N: …" after the first, joined by "; "."""

    def __init__(self, line: int, message: str, others: tuple[DeckTextError, ...] = ()) -> None:
        super().__init__("; ".join([f"line {line}: {message}", *(str(o) for o in others)]))
        self.line = line
        self.message = message
        self.others = others


def _lookup(content: TcgContent) -> dict[str, Card]:
    table: dict[str, Card] = {}
    for card in content.cards.values():
        table[card.full_name.casefold()] = card
        table[card.id] = card
    return table


def _entries(text: str) -> list[tuple[int, str]]:
    """(line number, entry) pairs: a `#` comment ends the line, and `;` separates entries on
    one line (a list pasted into a one-line field). Entries keep the number of the line they
    are written on, so an error after a `;` still names the right line, and a `;` inside a
    comment starts no entry."""
    return [
        (no, entry)
        for no, line in enumerate(text.splitlines(), start=1)
        for entry in line.split("#", 1)[0].split(";")
    ]


def parse_deck_text(
    text: str, content: TcgContent, deck_id: str = "imported", name: str = "Imported"
) -> DeckList:
    """Read a deck list; raises `DeckTextError` (all problems, first line first)."""
    table = _lookup(content)
    legends: list[str] = []
    main: dict[str, int] = {}
    section = "main"
    errors: list[DeckTextError] = []
    for no, raw in _entries(text):
        line = raw.strip()
        if not line:
            continue
        head = line.rstrip(":").casefold()
        if head in ("legends", "legend"):
            section = "legends"
            continue
        if head in ("deck", "main", "main deck"):
            section = "main"
            continue
        marked = bool(_LEGEND_MARK.search(line))
        line = _LEGEND_MARK.sub("", line).strip()
        m = _LINE.match(line)
        if m is None:
            errors.append(DeckTextError(no, f"can't read '{raw.strip()}'"))
            continue
        count = int(m.group(1) or 1)
        card = table.get(m.group(2).casefold())
        if card is None:
            errors.append(DeckTextError(no, f"no card named '{m.group(2)}'"))
            continue
        if count < 1:
            errors.append(DeckTextError(no, "the count must be at least 1"))
            continue
        if marked or section == "legends" or card.type is CardType.LEGEND:
            if card.type is not CardType.LEGEND:
                errors.append(DeckTextError(no, f"{card.full_name} is not a Legend"))
                continue
            legends.extend([card.id] * count)
        else:
            main[card.id] = main.get(card.id, 0) + count
    if errors:
        raise DeckTextError(errors[0].line, errors[0].message, tuple(errors[1:]))
    return DeckList(id=deck_id, name=name, legends=tuple(legends), cards=tuple(main.items()))


def deck_text(deck: DeckList, content: TcgContent) -> str:
    """The list as text, ready to import again (lossless)."""
    lines = ["Legends:"]
    lines += [f"1 {content.cards[c].full_name}" for c in deck.legends]
    lines.append("Deck:")
    lines += [f"{n} {content.cards[c].full_name}" for c, n in deck.cards]
    return "\n".join(lines) + "\n"
