"""Legendary packs described for content authors (`python -m content`): a summary line,
one row per pack, a card as players see it, and every card name (for "did you mean")."""

from __future__ import annotations

from content.common.translations import summary
from content.legendary.translations import translation_warnings
from rules.core.text import count
from rules.legendary.cards import (
    Card,
    HeroCard,
    Pack,
    TacticCard,
    VillainCard,
)


def summarize(pack: Pack, label: str) -> str:
    villains = sum(1 for g in pack.groups.values() if not g.henchman)
    hench = len(pack.groups) - villains
    counts = ", ".join(
        (
            count(len(pack.cards), "card"),
            count(len(pack.heroes), "Hero", "Heroes"),
            count(villains, "Villain Group"),
            count(hench, "Henchman Group"),
            count(len(pack.masterminds), "Mastermind"),
            count(len(pack.schemes), "Scheme"),
        )
    )
    return summary(f"OK {label}: {counts}", pack.translations, translation_warnings(pack))


def pack_rows(pack: Pack) -> list[tuple[str, str, str, str, str, str]]:
    """(id, kind, version, cards, name, requires): one row, the pack itself."""
    return [(pack.id, "core", "1", count(len(pack.cards), "card"), pack.name, "-")]


def _numbers(c: Card) -> str:
    if isinstance(c, HeroCard):
        classes = "/".join(sorted(k.value.title() for k in c.classes)) or "grey"
        out = [f"cost {c.cost}", classes]
        if c.recruit is not None:
            out.append(f"+{c.recruit} Recruit")
        if c.attack is not None:
            out.append(f"+{c.attack} Attack")
        if c.team:
            out.append(f"team {c.team}")
        if c.halves:
            out.append("divided: " + " / ".join(h.name for h in c.halves))
        return ", ".join(out)
    if isinstance(c, VillainCard):
        extra = f", Uru-Enchanted Weapons {c.uru}" if c.uru else ""
        return f"{'Henchman' if c.henchman else 'Villain'}, Attack {c.attack}, {c.vp} VP{extra}"
    if isinstance(c, TacticCard):
        attack = f", Attack {c.attack}" if c.attack else ""
        return f"Tactic of {c.mastermind}{attack}, {c.vp} VP"
    return c.kind.value.title()


def show_card(pack: Pack, query: str) -> list[str] | None:
    """A card by id or printed name (case-insensitive, unambiguous prefix)."""
    q = query.strip().lower()
    exact = [c for c in pack.cards.values() if q in (c.id, c.name.lower())]
    found = exact or [
        c for c in pack.cards.values() if c.id.startswith(q) or c.name.lower().startswith(q)
    ]
    if len(found) != 1:
        return None
    c = found[0]
    lines = [f"{c.name} ({_numbers(c)})"]
    if c.text:
        lines.append(f"  {c.text}")
    return lines


def card_names(pack: Pack) -> list[str]:
    return sorted({c.id for c in pack.cards.values()} | {c.name for c in pack.cards.values()})
