"""Rank-count shapes: what the default counting can build, keyed by packed rank counts;
`classify` answers what a Plan makes from one table lookup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.legends.cards import HandType
from rules.legends.evaluate.compiled import (
    _RUNS,
    _SM_ONES,
    _SM_WHEEL,
    _WHEEL_RUN,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
)

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
