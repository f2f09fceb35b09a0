"""The table-talk rule (R14): a player may not say what is on the cards in their hand.

`check_message(text, hand, face_up)` returns the violations in one chat message: card
names, ranks (digits, spelled-out numbers, face-card words), suit names and rules text of
the author's own hand, also through the obvious disguises (case, spacing, punctuation,
repeated letters, digit-for-letter swaps). Bending the rule ("feeling regal today") is
fine, and so is anything already face up (the Plan, Obstacles, Clues).

Everyday words must pass: the article "a" is not the Ace, "to"/"too" are not "two",
"for" is not "four", "won" is not a rank at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.legends.cards import PlayerCard, Suit

SPELLED: dict[int, tuple[str, ...]] = {
    2: ("two",),
    3: ("three",),
    4: ("four",),
    5: ("five",),
    6: ("six",),
    7: ("seven",),
    8: ("eight",),
    9: ("nine",),
    10: ("ten",),
    11: ("jack",),
    12: ("queen",),
    13: ("king",),
    14: ("ace",),
}
# Single capital letters that name a face rank. "A" is left out on purpose: it is far
# more often the article than the Ace.
LETTERS: dict[int, str] = {11: "J", 12: "Q", 13: "K"}
SUIT_WORDS: dict[Suit, tuple[str, ...]] = {
    Suit.CHARISMA: ("charisma",),
    Suit.MUSCLE: ("muscle", "might"),
    Suit.STEALTH: ("stealth",),
    Suit.TECH: ("tech",),
}
LEET = str.maketrans(
    {
        "0": "o",
        "1": "i",
        "3": "e",
        "4": "a",
        "5": "s",
        "7": "t",
        "8": "b",
        "@": "a",
        "$": "s",
        "!": "i",
        "|": "l",
        "+": "t",
    }
)
WORDS_OF_TEXT = 4  # this many consecutive words of a card's rules text count as quoting it


@dataclass(frozen=True)
class Violation:
    card: str  # card name (for the author's private notice only)
    kind: str  # "name", "rank", "suit" or "text"
    term: str  # the forbidden term that was found


def _squeeze(word: str) -> str:
    """Collapse repeated letters: 'queeeen' and 'queen' both become 'quen'."""
    return re.sub(r"(.)\1+", r"\1", word)


def _tokens(text: str) -> list[str]:
    return [t for t in re.split(r"\s+", text) if t]


def _candidates(text: str) -> tuple[set[str], set[str], str]:
    """Word forms to test (squeezed), raw digit tokens, and the message as one letter run."""
    raw = _tokens(text)
    words: list[str] = []
    digits: set[str] = set()
    for tok in raw:
        # Punctuation around a word is punctuation; inside it, it may be a disguise.
        core = re.sub(r"[^0-9a-zA-Z@$!|+]", "", re.sub(r"^[^0-9a-zA-Z]+|[^0-9a-zA-Z]+$", "", tok))
        plain = re.sub(r"[^0-9a-zA-Z]", "", tok)
        number = re.fullmatch(r"(\d+)(?:s|'s)?", plain)
        if number:
            digits.add(str(int(number.group(1))))
            words.append(plain)
            continue
        # Digits mixed into letters are a disguise ("s3v3n", "t3ch"): decode them.
        if re.search(r"[a-zA-Z]", core) and re.search(r"[0-9@$!|+]", core):
            words.append(core.lower().translate(LEET))
        else:
            words.append(plain.lower())
    found: set[str] = set()
    for w in words:
        if w:
            found.add(_squeeze(w))
            if w.endswith("s") and len(w) > 3:
                found.add(_squeeze(w[:-1]))
    # Spaced-out or split words: "s e v e n", "sev en".
    i = 0
    while i < len(words):
        j = i
        while j < len(words) and len(words[j]) == 1 and words[j].isalpha():
            j += 1
        if j - i >= 2:
            found.add(_squeeze("".join(words[i:j])))
            i = j
        else:
            i += 1
    for a, b in zip(words, words[1:], strict=False):
        if a.isalpha() and b.isalpha():
            found.add(_squeeze(a + b))
    run = _squeeze(re.sub(r"[^a-z]", "", text.lower().translate(LEET)))
    return found, digits, run


def _norm_words(text: str) -> list[str]:
    return [w for w in re.sub(r"[^a-z0-9+ ]", " ", text.lower()).split() if w]


def card_terms(card: PlayerCard) -> list[tuple[str, str]]:
    """(kind, term) pairs a player holding this card may not say."""
    terms: list[tuple[str, str]] = [("name", card.name)]
    for r in card.ranks:
        terms.append(("rank", str(r) if r <= 10 else LETTERS.get(r, SPELLED[r][0])))
        terms.extend(("rank", w) for w in SPELLED[r])
    for s in card.suits:
        if s in SUIT_WORDS:
            terms.extend(("suit", w) for w in SUIT_WORDS[s])
    return terms


def face_up_terms(cards: Iterable[PlayerCard], extra_text: Iterable[str] = ()) -> set[str]:
    """Terms that are on face-up cards (the Plan, Obstacles, Clues): free to discuss."""
    out: set[str] = set()
    for card in cards:
        for _, term in card_terms(card):
            out.add(term.lower())
    for text in extra_text:
        low = text.lower()
        for s_words in SUIT_WORDS.values():
            out.update(w for w in s_words if w in low)
        for r, words in SPELLED.items():
            out.update(w for w in words if re.search(rf"\b{w}s?\b", low))
            if r <= 10 and re.search(rf"\b{r}s?\b", low):
                out.add(str(r))
    return out


def check_message(
    text: str, hand: Sequence[PlayerCard], face_up: set[str] | None = None
) -> list[Violation]:
    free = face_up or set()
    words, digits, run = _candidates(text)
    raw_tokens = {re.sub(r"[^0-9A-Za-z]", "", t) for t in _tokens(text)}
    msg_words = _norm_words(text)
    out: list[Violation] = []
    seen: set[tuple[str, str]] = set()

    def add(card: PlayerCard, kind: str, term: str) -> None:
        if (card.name, term) not in seen:
            seen.add((card.name, term))
            out.append(Violation(card=card.name, kind=kind, term=term))

    for card in hand:
        for kind, term in card_terms(card):
            low = term.lower()
            if low in free:
                continue
            if kind == "name":
                letters = _squeeze(re.sub(r"[^a-z]", "", low.translate(LEET)))
                # Short names would hide inside ordinary words; they must stand alone.
                if len(letters) >= 6 and letters in run or letters in words:
                    add(card, kind, term)
            elif term.isdigit():
                if term in digits:
                    add(card, kind, term)
            elif len(term) == 1:
                if term in raw_tokens:  # case-sensitive: "J", "Q", "K" only as capitals
                    add(card, kind, term)
            elif _squeeze(low) in words:
                add(card, kind, term)
        if card.text:
            text_words = _norm_words(card.text)
            for k in range(len(text_words) - WORDS_OF_TEXT + 1):
                gram = text_words[k : k + WORDS_OF_TEXT]
                if any(
                    gram == msg_words[m : m + WORDS_OF_TEXT]
                    for m in range(len(msg_words) - WORDS_OF_TEXT + 1)
                ):
                    add(card, "text", " ".join(gram))
                    break
    return out
