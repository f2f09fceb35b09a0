"""Plan evaluation: does a Plan meet a To Hit requirement, and what does it make?

The spec is the rulebook plus rulings R2-R5 (legends-rulings.md). In short:

* A *combination* is a set of at most five Plan cards in which every card contributes:
  it shows a group rank (pair, trips, quads; either rank of two pair / full house), a
  run rank (straight), or a symbol of the flush suit (flush).
* The count of a rank is the number of different cards showing it, and a multi-rank
  card serves all of its ranks at once (8/6 + 8 + 6 is two pair), unless the table
  plays `one_rank_per_card`, which makes each card count once per combination.
* A requirement is met by a combination of its own kind that *contains* its structure:
  a pair or trips requirement by one rank group of at least 2 or 3 cards (so trips and
  quads meet a pair), two pair by two rank groups (a full house meets it), quads never
  meet two pair. Attached suits of a pair must be on that one rank group: with 8(Tech) 8
  + 6(Charisma) 6, "pair with Tech and Charisma" misses, because neither pair shows
  both. "Or better" also accepts any stronger structure, judged as a whole.
* Attached suits must be shown by the cards of the combination; each wild symbol is one
  symbol of one suit. A flush requirement's suit is the flush's identity, not an
  attached suit.

`rules.legends.reference` is the brute-force, obviously-correct version of all this; the
tests compare the two. This module is the fast one the engine uses, and its speed comes
from three observations:

1. Validity is monotone: adding a Plan card that shows a group/run rank (or can provide
   the flush suit) to a valid combination never breaks it, as long as it stays within
   five cards. So "does a combination exist" only ever needs the candidate pool, and a
   search is needed only when the pool is larger than five.
2. Attached suits are few (one to three symbols), and a minimal set of cards that covers
   them has at most that many cards. So we enumerate the tiny covering sets first and
   then complete the structure with the fewest extra cards, which also gives the most
   natural (smallest) combination for the players to read.
3. Without wilds and in the default counting, what the Plan makes depends only on
   per-rank card counts and per-suit symbol totals, which are sums of per-card packed
   integers. A dictionary keyed by the packed rank counts answers the structure
   question in one lookup (that is how `classify` beats a poker evaluator).
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from operator import attrgetter, lshift

from rules.legends.cards import (
    HAND_ORDER,
    REAL_SUITS,
    HandType,
    PlayerCard,
    Requirement,
    Suit,
)

__all__ = [
    "EvalCard",
    "EvalOptions",
    "HitResult",
    "Match",
    "best_hand",
    "check_to_hit",
    "classify",
    "compile_card",
    "count_pairs",
    "count_symbols",
    "meets",
]

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
_RANK_SHORT: dict[int, str] = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}

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


# ---------------------------------------------------------------------------------------
# Results


def _suit_name(s: Suit) -> str:
    return s.value.title()


def _hand_words(hand: HandType) -> str:
    return hand.value.replace("_", " ")


def _req_phrase(req: Requirement) -> str:
    """A requirement in running text: "pair with Tech and Charisma or better"."""
    if req.hand is FLUSH:
        head = f"{_suit_name(req.flush_suit)} flush" if req.flush_suit else "flush"
    else:
        head = _hand_words(req.hand)
    if req.suits:
        head += " with " + " and ".join(_suit_name(s) for s in req.suits)
    if req.or_better:
        head += " or better"
    return head


@dataclass(frozen=True)
class Match:
    """One way a requirement was met: the combination and what it makes."""

    requirement: Requirement
    hand: HandType  # the structure actually made (may be better than required)
    cards: tuple[str, ...]  # keys of the cards forming the combination (<= 5)
    ranks: tuple[int, ...]  # group ranks (trips rank first in a full house) or the run
    suit: Suit | None  # the flush suit for a flush
    # The attached suits this combination was required to show (empty when none were,
    # or when `loose_or_better_suits` waived them for a better hand).
    attached: tuple[Suit, ...] = ()

    def describe(self) -> str:
        """Plain words for players, e.g. "Pair of 8s (Muscle + Tech) from 3 cards"."""
        r = self.ranks
        h = self.hand
        if h is PAIR:
            head = f"Pair of {_RANK_WORD[r[0]]}"
        elif h is TWO_PAIR:
            head = f"Two pair, {_RANK_WORD[r[0]]} and {_RANK_WORD[r[1]]}"
        elif h is TRIPS:
            head = f"Three of a kind, {_RANK_WORD[r[0]]}"
        elif h is STRAIGHT:
            head = "Straight " + "-".join(_RANK_SHORT[x] for x in r)
        elif h is FLUSH:
            head = f"{_suit_name(self.suit)} flush" if self.suit else "Flush"
        elif h is FULL_HOUSE:
            head = f"Full house, {_RANK_WORD[r[0]]} over {_RANK_WORD[r[1]]}"
        else:
            head = f"Four of a kind, {_RANK_WORD[r[0]]}"
        if self.attached:
            head += " (" + " + ".join(_suit_name(s) for s in self.attached) + ")"
        n = len(self.cards)
        return f"{head} from {n} card{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class HitResult:
    hit: bool
    matches: tuple[Match, ...]  # one per requirement met, in requirement order

    def explain(self, requirements: Sequence[Requirement]) -> str:
        """Why the Plan hit (what met what), or why it missed (what was missing)."""
        if self.hit:
            parts = [f"{m.describe()} meets {_req_phrase(m.requirement)}" for m in self.matches]
            return "Hit — " + "; ".join(parts)
        if not requirements:
            return "No To Hit requirement"
        missing = [_req_phrase(r) for r in requirements]
        return "No " + "; no ".join(missing)


# ---------------------------------------------------------------------------------------
# Rank-count shapes: what the default counting can build, keyed by packed rank counts

_B_S2, _B_S3, _B_S4, _B_D22, _B_D32, _B_ST, _B_WHEEL = 1, 2, 4, 8, 16, 32, 64


def _bits_from_counts(cnt: Sequence[int]) -> int:
    """Shape bits from per-rank card counts (`cnt[r]` for r in 2..14)."""
    n2 = n3 = n4 = 0
    for r in range(2, 15):
        c = cnt[r]
        if c >= 2:
            n2 += 1
            if c >= 3:
                n3 += 1
                if c >= 4:
                    n4 += 1
    bits = 0
    if n2:
        bits |= _B_S2
    if n3:
        bits |= _B_S3
    if n4:
        bits |= _B_S4
    if n2 >= 2:
        bits |= _B_D22
        if n3:
            bits |= _B_D32
    for run in _RUNS:
        if all(cnt[r] for r in run):
            bits |= _B_ST
            break
    if all(cnt[r] for r in _WHEEL_RUN):
        bits |= _B_WHEEL
    return bits


_NIB_ONES = sum(1 << 4 * i for i in range(13))
_NIB_WHEEL = sum(1 << 4 * (r - 2) for r in _WHEEL_RUN)
_RKEY_MASK = (1 << 52) - 1


def _bits_from_rkey(rk: int) -> int:
    """Shape bits from packed rank counts, a nibble per rank, with word-wide bit tricks
    (no loop over ranks): bit 4i of `rk >> j` is bit j of rank i's count."""
    a = rk >> 1
    b = rk >> 2
    c = rk >> 3
    ge2 = (a | b | c) & _NIB_ONES
    bits = 0
    if ge2:
        ge4 = (b | c) & _NIB_ONES
        ge3 = ge4 | (a & rk & _NIB_ONES)
        bits = _B_S2
        if ge3:
            bits |= _B_S3
            if ge4:
                bits |= _B_S4
        if ge2 & (ge2 - 1):
            bits |= _B_D22
            if ge3:
                bits |= _B_D32
    ge1 = (rk | a | b | c) & _NIB_ONES
    if ge1 & ge1 >> 4 & ge1 >> 8 & ge1 >> 12 & ge1 >> 16:
        bits |= _B_ST
    if ge1 & _NIB_WHEEL == _NIB_WHEEL:
        bits |= _B_WHEEL
    return bits


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


def _bits_from_small(rk: int) -> int:
    """`_bits_from_rkey` for 3-bit rank counts (at most 7)."""
    a = rk >> 1
    b = rk >> 2
    ge2 = (a | b) & _SM_ONES
    bits = 0
    if ge2:
        ge4 = b & _SM_ONES
        ge3 = ge4 | (a & rk & _SM_ONES)
        bits = _B_S2
        if ge3:
            bits |= _B_S3
            if ge4:
                bits |= _B_S4
        if ge2 & (ge2 - 1):
            bits |= _B_D22
            if ge3:
                bits |= _B_D32
    ge1 = (rk | a | b) & _SM_ONES
    if ge1 & ge1 >> 3 & ge1 >> 6 & ge1 >> 9 & ge1 >> 12:
        bits |= _B_ST
    if ge1 & _SM_WHEEL == _SM_WHEEL:
        bits |= _B_WHEEL
    return bits


_SHAPES_SM: dict[int, int] = {}


def _shape_bits_small(rk: int) -> int:
    bits = _bits_from_small(rk)
    if len(_SHAPES_SM) < 1 << 17:  # bounded: past that, recomputing is cheap enough
        _SHAPES_SM[rk] = bits
    return bits


# Memo of `_bits_from_rkey`; the number of distinct rank-count keys a table ever sees is
# small, and a hit is cheaper than the arithmetic.
_SHAPES: dict[int, int] = {}


def _shape_bits(rkey: int) -> int:
    bits = _bits_from_rkey(rkey)
    if len(_SHAPES) < 1 << 16:
        _SHAPES[rkey] = bits
    return bits


def _class_of(bits: int, flush: bool, ace_low: bool) -> HandType | None:
    if bits & _B_S4:
        return QUADS
    if bits & _B_D32:
        return FULL_HOUSE
    if flush:
        return FLUSH
    if bits & _B_ST or (ace_low and bits & _B_WHEEL):
        return STRAIGHT
    if bits & _B_S3:
        return TRIPS
    if bits & _B_D22:
        return TWO_PAIR
    if bits & _B_S2:
        return PAIR
    return None


# Index: shape bits | flush << 7 | ace_low << 8.
_CLASS: tuple[HandType | None, ...] = tuple(
    _class_of(i & 127, bool(i >> 7 & 1), bool(i >> 8 & 1)) for i in range(512)
)


_GET_SIG = attrgetter("_sig")
_GET_SMALL = attrgetter("_small")
_GET_SPREAD = attrgetter("_spread")
_GET_PACK = attrgetter("_pack")
_GET_RINC = attrgetter("_rinc")
_SIG_WILD = _SIG_SH + _WSH
_SIG_FLUSH_ADD = _FLUSH_ADD << _SIG_SH
_SIG_FLUSH_BITS = _FLUSH_BITS << _SIG_SH


def classify(cards: Sequence[EvalCard], opts: EvalOptions = _DEFAULT_OPTS) -> HandType | None:
    """The strongest structure the Plan makes (None: nothing, "high card").

    Exact and table-fast for wild-free Plans in the default counting, which covers every
    plain card; anything else goes through the full search of `best_hand`.
    """
    if len(cards) <= _SM_MAX_CARDS:
        # Poker-sized Plans of cards with at most one symbol per suit: the whole key fits
        # in one machine word, so `sum` adds it in C without allocating.
        k = sum(map(_GET_SMALL, cards))
        if not k >> _SM_BAD and not (
            opts.one_rank_per_card and any(len(c.ranks) > 1 for c in cards)
        ):
            rk = k & _SM_RMASK
            bits = _SHAPES_SM.get(rk)
            if bits is None:
                bits = _shape_bits_small(rk)
            fl = 128 if (k + _SM_FLUSH_ADD) & _SM_FLUSH_BITS else 0
            return _CLASS[bits | fl | (256 if opts.ace_low else 0)]
    k = sum(map(_GET_SIG, cards))
    if (
        k >> _SIG_WILD
        or len(cards) > _NIB_MAX_CARDS
        or (opts.one_rank_per_card and any(len(c.ranks) > 1 for c in cards))
    ):
        m = best_hand(cards, opts)
        return None if m is None else m.hand
    rk = k & _RKEY_MASK
    bits = _SHAPES.get(rk)
    if bits is None:
        bits = _shape_bits(rk)
    # Without wilds a flush of suit s exists iff the Plan shows 5+ s symbols: the (up
    # to) five cards with the most s symbols then reach five.
    fl = 128 if (k + _SIG_FLUSH_ADD) & _SIG_FLUSH_BITS else 0
    return _CLASS[bits | fl | (256 if opts.ace_low else 0)]


# ---------------------------------------------------------------------------------------
# Search over one Plan

# A search step: (kind, a, b, flush suit index or -1 for any suit, attached suits apply).
# kind "g": one rank group of >= a cards (pair/trips/quads)
# kind "d": two rank groups of >= a and >= b cards (two pair, full house)
# kind "s": straight; kind "f": flush
_Step = tuple[str, int, int, int, bool]

_MIN_STEPS: dict[HandType, tuple[tuple[str, int, int], ...]] = {
    # A pair (trips) requirement is judged on one rank group: R5 asks the *paired* cards
    # to show the attached suits, so another group's symbols don't help (unless "or
    # better" accepts the two-group structure as a whole).
    PAIR: (("g", 2, 0),),
    TWO_PAIR: (("d", 2, 2),),
    TRIPS: (("g", 3, 0),),
    STRAIGHT: (("s", 0, 0),),
    FLUSH: (("f", 0, 0),),
    FULL_HOUSE: (("d", 3, 2),),
    QUADS: (("g", 4, 0),),
}


def _subsumes(f: _Step, e: _Step) -> bool:
    """Every combination step `e` can find, step `f` finds too."""
    if f[0] != e[0] or (f[4] and not e[4]):
        return False
    kind = f[0]
    if kind == "g" or kind == "d":
        return f[1] <= e[1] and f[2] <= e[2]
    if kind == "f":
        return f[3] == -1 or f[3] == e[3]
    return True


_STEPS_CACHE: dict[tuple[HandType, bool, bool, int], tuple[_Step, ...]] = {}


def _steps_for(hand: HandType, or_better: bool, loose: bool, fsuit: int) -> tuple[_Step, ...]:
    key = (hand, or_better, loose, fsuit)
    got = _STEPS_CACHE.get(key)
    if got is not None:
        return got
    steps: list[_Step] = [
        (k, a, b, fsuit if k == "f" else -1, True) for k, a, b in _MIN_STEPS[hand]
    ]
    if or_better:
        for t in HAND_ORDER[hand.strength + 1 :]:
            # A stronger flush may be of any suit; `loose` waives attached suits for it.
            steps += [(k, a, b, -1, not loose) for k, a, b in _MIN_STEPS[t]]
    kept: list[_Step] = []
    for i, e in enumerate(steps):
        if any(_subsumes(f, e) and (f != e or j < i) for j, f in enumerate(steps) if j != i):
            continue
        kept.append(e)
    out = tuple(kept)
    _STEPS_CACHE[key] = out
    return out


# Attached suits as (field shift, count) pairs, cached per requirement suit tuple.
_Need = tuple[tuple[int, int], ...]
_NEED_CACHE: dict[tuple[Suit, ...], tuple[_Need, int, tuple[int, ...]]] = {}


def _need_of(suits: tuple[Suit, ...]) -> tuple[_Need, int, tuple[int, ...]]:
    got = _NEED_CACHE.get(suits)
    if got is None:
        counts = [0, 0, 0, 0]
        for s in suits:
            counts[_SUIT_INDEX[s]] += 1
        need = tuple((_SUIT_SH[i], n) for i, n in enumerate(counts) if n)
        got = (need, len(suits), tuple(i for i, n in enumerate(counts) if n))
        _NEED_CACHE[suits] = got
    return got


def _covers(tot: int, need: _Need) -> bool:
    """The symbols in `tot` (packed totals) can show every attached suit."""
    d = 0
    for sh, a in need:
        x = a - ((tot >> sh) & _FM)
        if x > 0:
            d += x
    return d <= tot >> _WSH


def _pick(m: int, n: int) -> int:
    """The `n` lowest cards of mask `m`."""
    out = 0
    while n > 0:
        low = m & -m
        out |= low
        m ^= low
        n -= 1
    return out


# A found combination: (card mask, hand made, ranks, flush suit index or -1).
_Found = tuple[int, HandType, tuple[int, ...], int]

# What the default counting of a Plan's ranks offers: (shape bits, ranks shown by 2+,
# 3+ and 4+ cards, runs shown in full; all strongest first; the wheel is in the bits).
_Profile = tuple[
    int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]
]

_NIB_RANKS: dict[int, tuple[int, ...]] = {}


def _nib_ranks(mask: int) -> tuple[int, ...]:
    """Ranks whose nibble has its low bit set in `mask`, highest first."""
    got = _NIB_RANKS.get(mask)
    if got is None:
        got = tuple(r for r in range(14, 1, -1) if mask >> 4 * (r - 2) & 1)
        _NIB_RANKS[mask] = got
    return got


_PROFILES: dict[int, _Profile] = {}


def _profile_of_rkey(rk: int) -> _Profile:
    got = _PROFILES.get(rk)
    if got is not None:
        return got
    a = rk >> 1
    b = rk >> 2
    c = rk >> 3
    ge1 = (rk | a | b | c) & _NIB_ONES
    ge2 = (a | b | c) & _NIB_ONES
    ge4 = (b | c) & _NIB_ONES
    ge3 = ge4 | (a & rk & _NIB_ONES)
    starts = ge1 & ge1 >> 4 & ge1 >> 8 & ge1 >> 12 & ge1 >> 16
    prof: _Profile = (
        _shape_bits(rk),
        _nib_ranks(ge2),
        _nib_ranks(ge3),
        _nib_ranks(ge4),
        tuple(_RUN_FROM[lo] for lo in _nib_ranks(starts)),
    )
    if len(_PROFILES) < 1 << 15:
        _PROFILES[rk] = prof
    return prof


def _profile_of_masks(rm: Sequence[int]) -> _Profile:
    """The same from per-rank card masks (Plans too big for nibble counts)."""
    cnt = [m.bit_count() for m in rm]
    return (
        _bits_from_counts(cnt),
        tuple(r for r in range(14, 1, -1) if cnt[r] >= 2),
        tuple(r for r in range(14, 1, -1) if cnt[r] >= 3),
        tuple(r for r in range(14, 1, -1) if cnt[r] >= 4),
        tuple(run for run in _RUNS if all(cnt[r] for r in run)),
    )


_RUN_FROM: dict[int, tuple[int, ...]] = {run[0]: run for run in _RUNS}


class _Plan:
    """Per-Plan tables shared by all the requirement checks of one evaluation.

    Card sets are bitmasks over Plan positions. `_fields` holds one mask per rank
    (cards showing it), then per real suit (cards with a fixed symbol of it), then wilds;
    it is one C-level sum of shifted per-card spreads, which is much cheaper in CPython
    than filling per-rank masks card by card.
    """

    __slots__ = (
        "cards",
        "n",
        "w",
        "cm",
        "pk",
        "tot",
        "orpc",
        "ace_low",
        "prof",
        "_f",
        "_sm",
        "_wm",
    )

    def __init__(self, cards: Sequence[EvalCard], opts: EvalOptions) -> None:
        n = len(cards)
        if n > _MAX_PLAN:
            raise ValueError(f"a Plan of {n} cards is beyond evaluation")
        pk = list(map(_GET_PACK, cards))
        self.cards = cards
        self.n = n
        self.w = _SPREAD_W if n <= _SPREAD_W else n
        self.cm = (1 << n) - 1
        self.pk = pk
        self.tot = sum(pk)
        self.orpc = opts.one_rank_per_card
        self.ace_low = opts.ace_low
        # Card masks, built on first use: many checks end on the rank profile alone.
        self._f: Sequence[int] | None = None
        self._sm: Sequence[int] | None = None
        self._wm = 0
        if n <= _NIB_MAX_CARDS:
            self.prof = _profile_of_rkey(sum(map(_GET_RINC, cards)))
        else:
            self.prof = _profile_of_masks(self.rm())

    # -- lazily built tables ------------------------------------------------------------

    def _fields(self) -> Sequence[int]:
        """The 20 masks of `M` (15 rank slots, 4 suits, wilds), built on first use."""
        f = self._f
        if f is None:
            w = self.w
            cards = self.cards
            if w == _SPREAD_W:
                # One C-level sum, then one C-level split into 16-bit masks.
                big = sum(map(lshift, map(_GET_SPREAD, cards), _SHIFTS))
                arr = array("H", big.to_bytes(40, "little"))
                if _BIG_ENDIAN:
                    arr.byteswap()
                f = arr
            else:
                big = 0
                for i, c in enumerate(cards):
                    big |= _spread(c, w) << i
                cm = self.cm
                f = [(big >> w * j) & cm for j in range(20)]
            self._f = f
        return f

    def rm(self) -> Sequence[int]:
        """Per-rank masks of the cards showing each rank (index = rank)."""
        return self._fields()

    def _suit_masks(self) -> Sequence[int]:
        sm = self._sm
        if sm is None:
            f = self._fields()
            sm = self._sm = f[15:19]
            self._wm = f[19]
        return sm

    def useful(self, need_suits: tuple[int, ...]) -> int:
        """Cards that can show at least one attached suit (a fixed symbol or a wild)."""
        sm = self._suit_masks()
        m = self._wm
        for i in need_suits:
            m |= sm[i]
        return m

    def total(self, m: int) -> int:
        pk = self.pk
        t = 0
        for i in _idx(m):
            t += pk[i]
        return t

    def pool_covers(self, pool: int, need: _Need, n_need: int, ns: tuple[int, ...]) -> bool:
        """Whether the whole pool can show the attached suits (a necessary condition)."""
        if n_need == 1:
            return bool(pool & self.useful(ns))
        return _covers(self.total(pool), need)

    def covering(
        self, pool: int, need: _Need, n_need: int, need_suits: tuple[int, ...]
    ) -> Iterator[int]:
        """Minimal-first subsets of `pool` that show the attached suits, as masks.

        A minimal covering set has at most one card per required symbol, and any valid
        combination contains one, so sizes up to `n_need` suffice.
        """
        ids = _idx(pool & self.useful(need_suits))
        pk = self.pk
        for size in range(1, min(n_need, 5, len(ids)) + 1):
            for comb in combinations(ids, size):
                t = 0
                m = 0
                for i in comb:
                    t += pk[i]
                    m |= 1 << i
                if _covers(t, need):
                    yield m

    # -- rank groups --------------------------------------------------------------------

    def group(self, k: int, need: _Need, n_need: int, ns: tuple[int, ...]) -> _Found | None:
        prof = self.prof
        ranks = prof[1] if k == 2 else prof[2] if k == 3 else prof[3]
        if not ranks:
            return None
        rm = self.rm()
        if not need:
            r = ranks[0]
            return _pick(rm[r], k), PAIR if k == 2 else TRIPS if k == 3 else QUADS, (r,), -1
        for r in ranks:
            m = rm[r]
            if not self.pool_covers(m, need, n_need, ns):
                continue
            for t in self.covering(m, need, n_need, ns):
                size = t.bit_count()
                if size < k:
                    t |= _pick(m & ~t, k - size)
                    size = k
                return t, PAIR if size == 2 else TRIPS if size == 3 else QUADS, (r,), -1
        return None

    def _complete_double(
        self, tm: int, m1: int, m2: int, k1: int, k2: int, room: int
    ) -> int | None:
        """Fewest extra cards making groups of k1 (rank 1) and k2 (rank 2) with `tm`."""
        both = m1 & m2
        b_av = both & ~tm
        o1_av = m1 & ~m2 & ~tm
        o2_av = m2 & ~m1 & ~tm
        nb, n1, n2 = b_av.bit_count(), o1_av.bit_count(), o2_av.bit_count()
        a = (tm & m1 & ~m2).bit_count()
        b = (tm & m2 & ~m1).bit_count()
        c = (tm & both).bit_count()
        orpc = self.orpc
        best: tuple[int, int, int, int, int] | None = None
        for x in range(min(nb, room) + 1):
            y = k1 - a - c - x
            y = y if y > 0 else 0
            z = k2 - b - c - x
            z = z if z > 0 else 0
            if y > n1 or z > n2:
                continue
            e = 0
            if orpc:
                # Each card joins one group: the groups need k1 + k2 cards in all.
                e = k1 + k2 - (a + b + c + x + y + z)
                e = e if e > 0 else 0
                if e > n1 - y + n2 - z:
                    continue
            cost = x + y + z + e
            if cost <= room and (best is None or cost < best[0]):
                best = (cost, x, y, z, e)
        if best is None:
            return None
        _, x, y, z, e = best
        out = _pick(b_av, x)
        p1 = _pick(o1_av, y)
        p2 = _pick(o2_av, z)
        out |= p1 | p2
        if e:
            rest = (o1_av & ~p1) | (o2_av & ~p2)
            out |= _pick(rest, e)
        return out

    def _double_made(
        self, s: int, m1: int, m2: int, r1: int, r2: int
    ) -> tuple[HandType, tuple[int, int]]:
        if self.orpc:
            a = (s & m1 & ~m2).bit_count()
            b = (s & m2 & ~m1).bit_count()
            c = (s & m1 & m2).bit_count()
            fh1 = a + c >= 3 and b + c >= 2 and a + b + c >= 5
            fh2 = b + c >= 3 and a + c >= 2 and a + b + c >= 5
        else:
            c1, c2 = (s & m1).bit_count(), (s & m2).bit_count()
            fh1 = c1 >= 3 and c2 >= 2
            fh2 = c2 >= 3 and c1 >= 2
        hi, lo = (r1, r2) if r1 > r2 else (r2, r1)
        if fh1 and fh2:
            return FULL_HOUSE, (hi, lo)
        if fh1:
            return FULL_HOUSE, (r1, r2)
        if fh2:
            return FULL_HOUSE, (r2, r1)
        return TWO_PAIR, (hi, lo)

    def double(
        self, k1: int, k2: int, need: _Need, n_need: int, ns: tuple[int, ...]
    ) -> _Found | None:
        prof = self.prof
        firsts = prof[1] if k1 == 2 else prof[2]
        seconds = prof[1]
        rm = self.rm()
        orpc = self.orpc
        same = k1 == k2
        umask = self.useful(ns) if need else 0
        for r1 in firsts:
            m1 = rm[r1]
            for r2 in seconds:
                if r2 == r1 or (same and r2 > r1):
                    continue
                m2 = rm[r2]
                pool = m1 | m2
                if orpc and pool.bit_count() < k1 + k2:
                    continue
                if not need:
                    comp = self._complete_double(0, m1, m2, k1, k2, 5)
                    if comp is not None:
                        hand, ranks = self._double_made(comp, m1, m2, r1, r2)
                        return comp, hand, ranks, -1
                    continue
                if not pool & umask or not self.pool_covers(pool, need, n_need, ns):
                    continue
                for t in self.covering(pool, need, n_need, ns):
                    comp = self._complete_double(t, m1, m2, k1, k2, 5 - t.bit_count())
                    if comp is not None:
                        s = t | comp
                        hand, ranks = self._double_made(s, m1, m2, r1, r2)
                        return s, hand, ranks, -1
        return None

    # -- straights ----------------------------------------------------------------------

    def _cover_run(self, ms: list[int], chosen: int, room: int) -> int | None:
        """Extra cards (at most `room`) so every run rank is shown; one card may show
        several run ranks, so this is a tiny set cover."""
        best = -1
        bc = 99
        for m in ms:
            if not m & chosen:
                c = m.bit_count()
                if c < bc:
                    bc = c
                    best = m
        if best < 0:
            return 0
        if room == 0:
            return None
        for i in _idx(best):
            b = 1 << i
            sub = self._cover_run(ms, chosen | b, room - 1)
            if sub is not None:
                return sub | b
        return None

    def _sdr(self, ms: list[int], pos: int, used: int, need: _Need) -> int | None:
        """One card per run rank, all different (one_rank_per_card)."""
        if pos == 5:
            if need and not _covers(self.total(used), need):
                return None
            return used
        for i in _idx(ms[pos] & ~used):
            got = self._sdr(ms, pos + 1, used | 1 << i, need)
            if got is not None:
                return got
        return None

    def straight(self, need: _Need, n_need: int, ns: tuple[int, ...]) -> _Found | None:
        runs = self.prof[4]
        if self.ace_low and self.prof[0] & _B_WHEEL:
            runs = (*runs, _WHEEL_RUN)
        rm = self.rm()
        orpc = self.orpc
        for run in runs:
            ms = [rm[r] for r in run]
            pool = ms[0] | ms[1] | ms[2] | ms[3] | ms[4]
            if need and not self.pool_covers(pool, need, n_need, ns):
                continue
            if orpc:
                if pool.bit_count() < 5:
                    continue
                # Scarce ranks first keeps the matching search shallow.
                ms.sort(key=int.bit_count)
                found = self._sdr(ms, 0, 0, need)
                if found is not None:
                    return found, STRAIGHT, run, -1
                continue
            if not need:
                for room in range(1, 6):
                    got = self._cover_run(ms, 0, room)
                    if got is not None:
                        return got, STRAIGHT, run, -1
                continue
            for t in self.covering(pool, need, n_need, ns):
                got = self._cover_run(ms, t, 5 - t.bit_count())
                if got is not None:
                    return t | got, STRAIGHT, run, -1
        return None

    # -- flushes ------------------------------------------------------------------------

    def flush(self, fsuit: int, need: _Need) -> _Found | None:
        tot = self.tot
        w = tot >> _WSH
        if fsuit >= 0:
            suits: Sequence[int] = (fsuit,)
        else:
            suits = sorted(range(4), key=lambda i: -((tot >> _SUIT_SH[i]) & _FM))
        for s in suits:
            # Cheap necessary test before the per-card work: enough symbols at all.
            if ((tot >> _SUIT_SH[s]) & _FM) + w < 5:
                continue
            sm = self._suit_masks()
            got = self._flush_of(s, sm[s], self._wm, need)
            if got is not None:
                return got, FLUSH, (), s
        return None

    def _flush_of(self, s: int, sm_s: int, wm: int, need: _Need) -> int | None:
        sh = _SUIT_SH[s]
        need_s = 5
        others: list[tuple[int, int]] = []
        for nsh, a in need:
            if nsh == sh:
                need_s = a if a > 5 else 5
            else:
                others.append((nsh, a))
        pool = sm_s | wm
        if not pool:
            return None
        pk = self.pk

        def ok(m: int) -> bool:
            # Each card without a fixed flush-suit symbol spends one wild on the suit;
            # after that the wilds are free for the rest of the flush and other suits.
            t = 0
            for i in _idx(m):
                t += pk[i]
            x = need_s - ((t >> sh) & _FM)
            k = (m & ~sm_s).bit_count()
            if x < k:
                x = k
            for osh, a in others:
                y = a - ((t >> osh) & _FM)
                if y > 0:
                    x += y
            return x <= t >> _WSH

        if not ok(pool):
            return None
        ids = _idx(pool)

        def worth(i: int) -> int:
            p: int = pk[i]
            return ((p >> sh) & _FM) + (p >> _WSH)

        order = sorted(ids, key=worth, reverse=True)
        chosen = -1
        if len(ids) <= 5:
            chosen = pool
        elif not need:
            # Each card gives its flush symbols plus all its wilds; take the richest.
            m = 0
            got = 0
            for i in order:
                m |= 1 << i
                got += worth(i)
                if got >= 5:
                    break
            chosen = m
        else:
            for comb in combinations(order, 5):
                m = 0
                for i in comb:
                    m |= 1 << i
                if ok(m):
                    chosen = m
                    break
            if chosen < 0:
                return None
        # Drop cards the flush does not need, poorest first, for the smallest reading.
        for i in reversed(order):
            b = 1 << i
            if chosen & b and ok(chosen & ~b):
                chosen &= ~b
        return chosen

    # -- dispatch -----------------------------------------------------------------------

    def run_step(self, step: _Step, need: _Need, n_need: int, ns: tuple[int, ...]) -> _Found | None:
        kind, a, b, fsuit, with_need = step
        if not with_need:
            need, n_need, ns = (), 0, ()
        if kind == "g":
            return self.group(a, need, n_need, ns)
        if kind == "d":
            bits = self.prof[0]
            if not bits & (_B_D22 if a == 2 else _B_D32):
                return None
            return self.double(a, b, need, n_need, ns)
        if kind == "s":
            bits = self.prof[0]
            if not (bits & _B_ST or (self.ace_low and bits & _B_WHEEL)):
                return None
            return self.straight(need, n_need, ns)
        return self.flush(fsuit, need)

    def match(self, req: Requirement, loose: bool) -> Match | None:
        if self.n == 0:
            return None
        suits = req.suits
        if suits:
            need, n_need, ns = _need_of(suits)
            if not (req.or_better and loose) and not _covers(self.tot, need):
                return None
        else:
            need, n_need, ns = (), 0, ()
        fs = req.flush_suit
        for step in _steps_for(
            req.hand, req.or_better, loose, -1 if fs is None else _SUIT_INDEX[fs]
        ):
            found = self.run_step(step, need, n_need, ns)
            if found is not None:
                return self._to_match(req, found, suits if step[4] else ())
        return None

    def _to_match(self, req: Requirement, found: _Found, attached: tuple[Suit, ...]) -> Match:
        mask, hand, ranks, s = found
        cards = self.cards
        # A frozen dataclass's __init__ goes through object.__setattr__ per field, which
        # costs more than the whole search on small Plans; fill the instance directly.
        m = object.__new__(Match)
        m.__dict__.update(
            requirement=req,
            hand=hand,
            cards=tuple([cards[i].key for i in _idx(mask)]),
            ranks=ranks,
            suit=REAL_SUITS[s] if s >= 0 else None,
            attached=attached,
        )
        return m


# ---------------------------------------------------------------------------------------
# Public entry points


def meets(
    cards: Sequence[EvalCard], req: Requirement, opts: EvalOptions = _DEFAULT_OPTS
) -> Match | None:
    """One combination of the Plan that meets `req`, or None."""
    return _Plan(cards, opts).match(req, opts.loose_or_better_suits)


def check_to_hit(
    cards: Sequence[EvalCard],
    requirements: Sequence[Requirement],
    opts: EvalOptions = _DEFAULT_OPTS,
) -> HitResult:
    """The Plan hits if it meets at least one requirement (R5)."""
    plan = _Plan(cards, opts)
    loose = opts.loose_or_better_suits
    found: list[Match] = []
    for req in requirements:
        m = plan.match(req, loose)
        if m is not None:
            found.append(m)
    return HitResult(hit=bool(found), matches=tuple(found))


_BARE: dict[tuple[HandType, int], Requirement] = {}


def _bare(hand: HandType, s: int) -> Requirement:
    got = _BARE.get((hand, s))
    if got is None:
        got = Requirement(hand=hand, flush_suit=REAL_SUITS[s] if s >= 0 else None)
        _BARE[(hand, s)] = got
    return got


_BEST_STEPS: tuple[tuple[HandType, _Step], ...] = (
    (QUADS, ("g", 4, 0, -1, False)),
    (FULL_HOUSE, ("d", 3, 2, -1, False)),
    (FLUSH, ("f", 0, 0, -1, False)),
    (STRAIGHT, ("s", 0, 0, -1, False)),
    (TRIPS, ("g", 3, 0, -1, False)),
    (TWO_PAIR, ("d", 2, 2, -1, False)),
    (PAIR, ("g", 2, 0, -1, False)),
)


def best_hand(cards: Sequence[EvalCard], opts: EvalOptions = _DEFAULT_OPTS) -> Match | None:
    """The strongest structure the Plan contains ("what the Plan makes now")."""
    if not cards:
        return None
    plan = _Plan(cards, opts)
    target: HandType | None = None
    if (
        not plan.tot >> _WSH
        and plan.n <= _NIB_MAX_CARDS
        and not (plan.orpc and any(len(c.ranks) > 1 for c in cards))
    ):
        # `classify` answers from its tables here (it never falls back to us), so only
        # the cards of the known hand type need a search.
        target = classify(cards, opts)
        if target is None:
            return None
    for hand, step in _BEST_STEPS:
        if target is not None and hand is not target:
            continue
        found = plan.run_step(step, (), 0, ())
        if found is not None:
            return plan._to_match(_bare(found[1], found[3]), found, ())
    return None


def count_pairs(cards: Sequence[EvalCard]) -> int:
    """Distinct ranks shown by two or more different cards (R3), whatever the options."""
    if len(cards) <= _NIB_MAX_CARDS:
        return len(_profile_of_rkey(sum(map(_GET_RINC, cards)))[1])
    return sum(1 for r in range(2, 15) if sum(1 for c in cards if r in c.ranks) >= 2)


def count_symbols(cards: Sequence[EvalCard], suit: Suit) -> int:
    """Printed symbols of `suit` in the Plan; wilds are not counted as any real suit.

    `Suit.ANY` counts the wild symbols themselves.
    """
    if suit is Suit.ANY:
        return sum(c.wild for c in cards)
    i = _SUIT_INDEX[suit]
    return sum(c.suits[i] for c in cards)
