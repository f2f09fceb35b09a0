"""Legends cards and To Hit requirements in words: suit marks, a card's face, line and
button label, and "To Hit" in plain language (split from render.py, which re-exports
these names for the Legends modules)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from bot.i18n import N_, t
from bot.i18n import name_list as lname_list
from cogs.common.text import clip
from rules.legends.cards import PlayerCard
from rules.legends.view import CardView

# ---- symbols and cards ---------------------------------------------------------------------

# One emoji per suit symbol, old enough to render on every phone (no Emoji 12+ glyphs).
SUIT_EMOJI = {"charisma": "💬", "muscle": "💪", "stealth": "👤", "tech": "💾", "any": "🌈"}
SUIT_LEGEND = "💬 Charisma · 💪 Muscle · 👤 Stealth · 💾 Tech · 🌈 Any"
_SUIT_NAMES = {
    "charisma": N_("Charisma"),
    "muscle": N_("Muscle"),
    "stealth": N_("Stealth"),
    "tech": N_("Tech"),
    "any": N_("Any"),
}


def suit_name(loc: str, suit: str) -> str:
    """A suit symbol's name in the language ("Muscle" / "Siła")."""
    key = suit.strip().lower()
    return t(loc, _SUIT_NAMES[key]) if key in _SUIT_NAMES else suit.title()


def card_label(card: PlayerCard, *, loc: str = "en", name: str | None = None) -> str:
    """A pack card with its rank and suit names, "Heavy Pistol [10 Muscle]" (the deck, the
    shop); `name`: the card's name in the reader's language, if the pack gives one."""
    suits = " ".join(suit_name(loc, s.value) for s in card.suits)
    return f"{name or card.name} [{card.rank_label()}{' ' + suits if suits else ''}]"


def suit_legend(loc: str = "en") -> str:
    return " · ".join(f"{SUIT_EMOJI[k]} {suit_name(loc, k)}" for k in _SUIT_NAMES)


def suit_marks(suits: Iterable[str]) -> str:
    """Suit symbols as emoji, one per symbol (a card with two Muscle symbols: 💪💪)."""
    return "".join(SUIT_EMOJI.get(s.lower(), s.title()) for s in suits)


def card_face(c: CardView) -> str:
    """Rank and symbols: `J/3` 💪🌈 (the same on boards, hands and results)."""
    marks = suit_marks(c.suits)
    return f"`{c.ranks}`" + (f" {marks}" if marks else "")


def card_line(c: CardView, text_max: int = 160) -> str:
    """One card on one line: `J/3` 💪🌈 **Reflex Booster** — +1 Damage."""
    return f"{card_face(c)} **{c.name}**" + (
        f" — {clip(c.text.replace(chr(10), ' '), text_max)}" if c.text else ""
    )


def card_button(c: CardView, limit: int = 34) -> str:
    """A short button label for a card: name, rank, symbols (mobile wraps long labels)."""
    tail = f" · {c.ranks}" + (f" {suit_marks(c.suits)}" if c.suits else "")
    return clip(c.name, max(8, limit - len(tail))) + tail


# ---- To Hit in plain words ------------------------------------------------------------------

_REQ = re.compile(r"^(?P<head>.+?)(?: with (?P<suits>.+?))?(?P<better> or better)?$")
_ARTICLE = {
    "pair": N_("a Pair"),
    "two pair": N_("Two Pair"),
    "three of a kind": N_("Three of a Kind"),
    "straight": N_("a Straight"),
    "flush": N_("a Flush"),
    "full house": N_("a Full House"),
    "four of a kind": N_("Four of a Kind"),
}


def _suit_words(loc: str, names: str) -> str:
    parts = [n.strip() for n in names.split(" and ") if n.strip()]
    words = [f"{SUIT_EMOJI.get(n.lower(), '')} {suit_name(loc, n)}".strip() for n in parts]
    return words[0] if len(words) == 1 else lname_list(loc, words)


def to_hit_text(req: str, *, loc: str = "en") -> str:
    """A To Hit requirement as players say it: "Pair with Charisma or better" →
    "a Pair with a 💬 Charisma in it, or better"."""
    m = _REQ.match(req.strip())
    if m is None:
        return req
    head, suits, better = m.group("head"), m.group("suits"), bool(m.group("better"))
    low = head.lower()
    if low.endswith(" flush") and low != "flush":
        suit = head[: -len(" flush")]
        out = t(
            loc,
            "a {suit} Flush (5 {name} symbols)",
            suit=_suit_words(loc, suit),
            name=suit_name(loc, suit),
        )
    elif low == "flush":
        out = t(loc, "a Flush (5 of one suit)")
    else:
        out = t(loc, _ARTICLE[low]) if low in _ARTICLE else head
    if suits:
        one = " and " not in suits
        out += (
            t(loc, " with a {suits} in it", suits=_suit_words(loc, suits))
            if one
            else t(loc, " with {suits} in it", suits=_suit_words(loc, suits))
        )
    if better:
        out += t(loc, ", or better") if suits else t(loc, " or better")
    return out


def to_hit_line(reqs: Sequence[str], *, loc: str = "en") -> str:
    if not reqs:
        return t(loc, "nothing: any Plan hits")
    return t(loc, " **or** ").join(to_hit_text(r, loc=loc) for r in reqs)
