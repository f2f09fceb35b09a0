"""Cards compiled for evaluation: ranks as packed counts, suit symbols as packed
integers, so a Plan's totals are one integer sum (observation 3 of the package docs).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from operator import attrgetter

from rules.legends.cards import (
    RANK_NAMES,
    REAL_SUITS,
    HandType,
    PlayerCard,
    Suit,
)

PAIR = HandType.PAIR
TWO_PAIR = HandType.TWO_PAIR
TRIPS = HandType.THREE_OF_A_KIND
STRAIGHT = HandType.STRAIGHT
FLUSH = HandType.FLUSH
FULL_HOUSE = HandType.FULL_HOUSE
QUADS = HandType.FOUR_OF_A_KIND

# Suit symbols are packed into one int per card, 12 bits per real suit and the wild
# count above them, so the totals of any set of cards are a plain integer sum. Twelve
# bits leave room for the flush test of `classify` (add 2043, look at bit 11).
_FW = 12
_FM = (1 << _FW) - 1
_WSH = 4 * _FW
_SUIT_SH = (0, _FW, 2 * _FW, 3 * _FW)
_ONES = 1 | 1 << _FW | 1 << 2 * _FW | 1 << 3 * _FW
_FLUSH_ADD = ((1 << (_FW - 1)) - 5) * _ONES
_FLUSH_BITS = (1 << (_FW - 1)) * _ONES
_MAX_SYMBOLS = 15  # per suit per card; keeps any realistic Plan far from field overflow
_MAX_PLAN = 100

# Per-rank card counts are packed one nibble per rank (rank 2 in the lowest), so the
# key is exact for Plans of up to 15 cards.
_NIB_MAX_CARDS = 15
# A card's rank nibbles and its packed symbols side by side in one int, so the whole
# Plan's counts come from a single C-level sum.
_SIG_SH = 52

_SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(REAL_SUITS)}

_RANK_WORD: dict[int, str] = {
    2: "2s",
    3: "3s",
    4: "4s",
    5: "5s",
    6: "6s",
    7: "7s",
    8: "8s",
    9: "9s",
    10: "10s",
    11: "Jacks",
    12: "Queens",
    13: "Kings",
    14: "Aces",
}
# Short rank names for Plan descriptions ("Straight 10-J-Q-K-A"): the printed ones.
_RANK_SHORT: dict[int, str] = RANK_NAMES

# Straights, strongest first; the wheel (A-2-3-4-5) exists only with `ace_low`.
_RUNS: tuple[tuple[int, ...], ...] = tuple(tuple(range(lo, lo + 5)) for lo in range(10, 1, -1))
_WHEEL_RUN: tuple[int, ...] = (14, 2, 3, 4, 5)


def _bit_indices(m: int) -> tuple[int, ...]:
    out: list[int] = []
    i = 0
    while m:
        if m & 1:
            out.append(i)
        m >>= 1
        i += 1
    return tuple(out)


# Plans rarely exceed 12 cards, so card-index lists of every mask are precomputed.
_IDX: tuple[tuple[int, ...], ...] = tuple(_bit_indices(m) for m in range(1 << 12))


def _idx(m: int) -> tuple[int, ...]:
    return _IDX[m] if m < 4096 else _bit_indices(m)


# ---------------------------------------------------------------------------------------
# Cards and options


_SPREAD_W = 16
_BIG_ENDIAN = sys.byteorder == "big"
_SHIFTS = range(_SPREAD_W)


def _spread(c: EvalCard, w: int) -> int:
    """Bit 0 of each `w`-bit field the card belongs to: its ranks (field = rank), its
    suits with a fixed symbol (fields 15-18) and wilds (field 19). See `_Plan._fields`."""
    out = 0
    for r in c.ranks:
        out |= 1 << w * r
    for t, n in enumerate(c.suits):
        if n:
            out |= 1 << w * (15 + t)
    if c.wild:
        out |= 1 << w * 19
    return out


@dataclass(frozen=True, slots=True)
class EvalCard:
    """A Plan card compiled for evaluation."""

    key: str  # the card instance id, echoed back in results
    ranks: frozenset[int]  # 2..14 (14 = Ace)
    suits: tuple[int, int, int, int]  # symbol counts in REAL_SUITS order
    wild: int  # number of "any suit" symbols
    # Derived once per card so evaluation only adds integers.
    _rinc: int = field(init=False, repr=False, compare=False)
    _pack: int = field(init=False, repr=False, compare=False)
    _sig: int = field(init=False, repr=False, compare=False)  # _rinc | _pack << 52
    _spread: int = field(init=False, repr=False, compare=False)  # see _Plan
    _small: int = field(init=False, repr=False, compare=False)  # see classify

    def __post_init__(self) -> None:
        if not self.ranks:
            raise ValueError(f"card {self.key!r} has no rank")
        for r in self.ranks:
            if not isinstance(r, int) or isinstance(r, bool) or not 2 <= r <= 14:
                raise ValueError(f"card {self.key!r}: rank {r!r} is not 2..14")
        if len(self.suits) != 4:
            raise ValueError(f"card {self.key!r}: suits must give 4 counts")
        for n in (*self.suits, self.wild):
            if not 0 <= n <= _MAX_SYMBOLS:
                raise ValueError(f"card {self.key!r}: symbol count {n} is out of range")
        object.__setattr__(self, "_rinc", sum(1 << 4 * (r - 2) for r in self.ranks))
        pack = self.wild << _WSH
        for i, n in enumerate(self.suits):
            pack |= n << _SUIT_SH[i]
        object.__setattr__(self, "_pack", pack)
        object.__setattr__(self, "_sig", self._rinc | pack << _SIG_SH)
        object.__setattr__(self, "_spread", _spread(self, _SPREAD_W))
        small = sum(1 << 3 * (r - 2) for r in self.ranks)
        for i, n in enumerate(self.suits):
            small |= min(n, 1) << _SM_SUIT + 4 * i
        if self.wild or max(self.suits) > 1:
            small |= 1 << _SM_BAD
        object.__setattr__(self, "_small", small)


def compile_card(key: str, card: PlayerCard) -> EvalCard:
    counts = [0, 0, 0, 0]
    wild = 0
    for s in card.suits:
        if s is Suit.ANY:
            wild += 1
        else:
            counts[_SUIT_INDEX[s]] += 1
    return EvalCard(
        key=key,
        ranks=frozenset(card.ranks),
        suits=(counts[0], counts[1], counts[2], counts[3]),
        wild=wild,
    )


@dataclass(frozen=True)
class EvalOptions:
    """The table options that change evaluation (see options.TableOptions)."""

    ace_low: bool = False
    one_rank_per_card: bool = False
    loose_or_better_suits: bool = False


_DEFAULT_OPTS = EvalOptions()


# The small key of `classify`: 3 bits of card count per rank (Plans of at most 7 cards),
# a 4-bit count per suit for cards with at most one symbol of each suit, and a marker
# for cards outside that (wilds, repeated symbols) that sends them to the general path.
_SM_MAX_CARDS = 7
_SM_SUIT = 40
_SM_BAD = 56
_SM_RMASK = (1 << 39) - 1
_SM_ONES = sum(1 << 3 * i for i in range(13))
_SM_WHEEL = sum(1 << 3 * (r - 2) for r in _WHEEL_RUN)
_SM_FLUSH_ADD = sum(3 << _SM_SUIT + 4 * i for i in range(4))
_SM_FLUSH_BITS = sum(8 << _SM_SUIT + 4 * i for i in range(4))


_GET_SIG = attrgetter("_sig")
_GET_SMALL = attrgetter("_small")
_GET_SPREAD = attrgetter("_spread")
_GET_PACK = attrgetter("_pack")
_GET_RINC = attrgetter("_rinc")
_SIG_WILD = _SIG_SH + _WSH
_SIG_FLUSH_ADD = _FLUSH_ADD << _SIG_SH
_SIG_FLUSH_BITS = _FLUSH_BITS << _SIG_SH
