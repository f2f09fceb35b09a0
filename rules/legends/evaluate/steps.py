"""Search steps and rank profiles: a requirement turned into the structures that meet it
(R5: a pair's attached suits on that one rank group), and per-Plan rank counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.legends.cards import (
    HAND_ORDER,
    HandType,
    Suit,
)
from rules.legends.evaluate.compiled import (
    _FM,
    _RUNS,
    _SUIT_INDEX,
    _SUIT_SH,
    _WSH,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
)
from rules.legends.evaluate.shapes import (
    _NIB_ONES,
    _bits_from_counts,
    _shape_bits,
)

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
