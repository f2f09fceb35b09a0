"""Brute-force reference for Plan evaluation: rulings R2-R5 enumerated literally.

Only tests and the benchmark use this. It is meant to be obviously correct, not fast:
every subset of at most five Plan cards is tried, every reading of it as a structure
(every group rank or rank pair, every run, every flush suit), every assignment of a card
to one of its ranks when `one_rank_per_card` is on, and every assignment of each wild
symbol to one suit. Keep the number of wild symbols per Plan small (4^wilds readings).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from rules.legends.cards import REAL_SUITS, HandType, Requirement
from rules.legends.evaluate import EvalCard, EvalOptions, Match

PAIR = HandType.PAIR
TWO_PAIR = HandType.TWO_PAIR
TRIPS = HandType.THREE_OF_A_KIND
STRAIGHT = HandType.STRAIGHT
FLUSH = HandType.FLUSH
FULL_HOUSE = HandType.FULL_HOUSE
QUADS = HandType.FOUR_OF_A_KIND


@dataclass(frozen=True)
class Reading:
    """One way a set of cards forms a structure, every card contributing."""

    made: HandType  # the strongest structure of this reading
    contains: frozenset[HandType]  # every structure this reading contains
    ranks: tuple[int, ...]  # group ranks (trips first in a full house) or the run
    suit: int  # flush suit index (REAL_SUITS order), -1 if not a flush


def runs(ace_low: bool) -> list[tuple[int, ...]]:
    out = [tuple(range(lo, lo + 5)) for lo in range(2, 11)]
    if ace_low:
        out.append((14, 2, 3, 4, 5))
    return out


def _group_contains(counts: Sequence[int]) -> set[HandType]:
    """Structures contained by groups of these sizes (one or two different ranks)."""
    out: set[HandType] = set()
    if len(counts) == 1:
        c = counts[0]
        if c >= 2:
            out.add(PAIR)
        if c >= 3:
            out.add(TRIPS)
        if c >= 4:
            out.add(QUADS)
        return out
    # Two groups form two pair or a full house; a lone pair or trips requirement is
    # judged on one group (its sub-combination), so they are not listed here.
    c1, c2 = counts
    if c1 >= 2 and c2 >= 2:
        out.add(TWO_PAIR)
        if c1 >= 3 or c2 >= 3:
            out.add(FULL_HOUSE)
    return out


def readings(cards: Sequence[EvalCard], opts: EvalOptions) -> list[Reading]:
    """Every structure reading of exactly this set of cards (flushes: every suit whose
    symbols every card could provide; whether the symbols suffice is decided together
    with the wild assignment in `suits_ok`)."""
    out: list[Reading] = []
    shown = sorted(set().union(*(c.ranks for c in cards)))
    orpc = opts.one_rank_per_card
    # One rank group: every card shows the rank.
    for r in shown:
        if all(r in c.ranks for c in cards):
            con = _group_contains([len(cards)])
            if con:
                out.append(Reading(max(con, key=_strength), frozenset(con), (r,), -1))
    # Two rank groups: every card shows one of the two ranks.
    for r1, r2 in combinations(shown, 2):
        g = {r1, r2}
        if not all(c.ranks & g for c in cards):
            continue
        count_options: list[tuple[int, int]] = []
        if orpc:
            for assign in product(*(sorted(c.ranks & g) for c in cards)):
                count_options.append((assign.count(r1), assign.count(r2)))
        else:
            count_options.append(
                (sum(r1 in c.ranks for c in cards), sum(r2 in c.ranks for c in cards))
            )
        for c1, c2 in count_options:
            con = _group_contains([c1, c2])
            if not con:
                continue
            if FULL_HOUSE in con:
                if c1 >= 3 and c2 >= 2:
                    out.append(Reading(FULL_HOUSE, frozenset(con), (r1, r2), -1))
                if c2 >= 3 and c1 >= 2:
                    out.append(Reading(FULL_HOUSE, frozenset(con), (r2, r1), -1))
            else:
                out.append(Reading(TWO_PAIR, frozenset(con), (max(g), min(g)), -1))
    # Straights: every card shows a run rank, and the run is covered.
    for run in runs(opts.ace_low):
        rs = set(run)
        if not all(c.ranks & rs for c in cards):
            continue
        if orpc:
            ok = any(
                set(assign) == rs for assign in product(*(sorted(c.ranks & rs) for c in cards))
            )
        else:
            ok = set().union(*(c.ranks & rs for c in cards)) == rs
        if ok:
            out.append(Reading(STRAIGHT, frozenset({STRAIGHT}), run, -1))
    # Flush candidates.
    for s in range(4):
        if all(c.suits[s] or c.wild for c in cards):
            out.append(Reading(FLUSH, frozenset({FLUSH}), (), s))
    # Duplicates (e.g. the same full house from several assignments) are harmless.
    return out


def _strength(h: HandType) -> int:
    return h.strength


def wild_assignments(cards: Sequence[EvalCard]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to give each wild symbol one suit: per-card symbol counts."""
    per_card: list[list[tuple[int, ...]]] = []
    for c in cards:
        options: list[tuple[int, ...]] = []
        for choice in product(range(4), repeat=c.wild):
            counts = list(c.suits)
            for s in choice:
                counts[s] += 1
            options.append(tuple(counts))
        per_card.append(options)
    for combo in product(*per_card):
        yield list(combo)


def suits_ok(cards: Sequence[EvalCard], reading: Reading, need: Sequence[int]) -> bool:
    """Some wild assignment makes the reading (for a flush) and shows `need` (4 counts)."""
    for assign in wild_assignments(cards):
        s = reading.suit
        if s >= 0:
            if any(a[s] == 0 for a in assign):
                continue
            if sum(a[s] for a in assign) < 5:
                continue
        totals = [sum(a[t] for a in assign) for t in range(4)]
        if all(totals[t] >= need[t] for t in range(4)):
            return True
    return False


def need_of(req: Requirement) -> list[int]:
    need = [0, 0, 0, 0]
    for s in req.suits:
        need[REAL_SUITS.index(s)] += 1
    return need


def acceptance(reading: Reading, req: Requirement, opts: EvalOptions) -> tuple[bool, bool]:
    """(acceptable, attached suits apply) for a reading against a requirement."""
    exact = req.hand in reading.contains
    if req.hand is FLUSH and req.flush_suit is not None:
        exact = reading.suit == REAL_SUITS.index(req.flush_suit)
    better = req.or_better and reading.made.strength > req.hand.strength
    if not (exact or better):
        return False, False
    return True, not (better and opts.loose_or_better_suits)


def subsets(cards: Sequence[EvalCard]) -> Iterator[tuple[EvalCard, ...]]:
    for size in range(1, min(5, len(cards)) + 1):
        yield from combinations(cards, size)


class RefPlan:
    """All subsets of a Plan with their readings, computed once, for several questions."""

    def __init__(self, cards: Sequence[EvalCard], opts: EvalOptions) -> None:
        self.opts = opts
        self.table = [(sub, readings(sub, opts)) for sub in subsets(cards)]

    def meets(self, req: Requirement) -> bool:
        zero = [0, 0, 0, 0]
        need = need_of(req)
        for sub, rds in self.table:
            for rd in rds:
                ok, with_suits = acceptance(rd, req, self.opts)
                if ok and suits_ok(sub, rd, need if with_suits else zero):
                    return True
        return False

    def best(self) -> HandType | None:
        zero = [0, 0, 0, 0]
        best: HandType | None = None
        for sub, rds in self.table:
            for rd in rds:
                if best is not None and rd.made.strength <= best.strength:
                    continue
                if suits_ok(sub, rd, zero):
                    best = rd.made
        return best


def ref_meets(cards: Sequence[EvalCard], req: Requirement, opts: EvalOptions) -> bool:
    return RefPlan(cards, opts).meets(req)


def ref_best(cards: Sequence[EvalCard], opts: EvalOptions) -> HandType | None:
    return RefPlan(cards, opts).best()


def ref_count_pairs(cards: Sequence[EvalCard]) -> int:
    return sum(1 for r in range(2, 15) if sum(r in c.ranks for c in cards) >= 2)


def check_match(
    cards: Sequence[EvalCard], req: Requirement, opts: EvalOptions, match: Match
) -> str | None:
    """None if `match` is a valid way to meet `req` in this Plan, else the reason."""
    if match.requirement != req:
        return "match names another requirement"
    keys = list(match.cards)
    if len(set(keys)) != len(keys):
        return "a card is used twice"
    if not 1 <= len(keys) <= 5:
        return f"{len(keys)} cards is not a combination"
    by_key = {c.key: c for c in cards}
    if any(k not in by_key for k in keys):
        return "a card is not in the Plan"
    sub = [by_key[k] for k in keys]
    suit_index = -1 if match.suit is None else REAL_SUITS.index(match.suit)
    zero = [0, 0, 0, 0]
    need = need_of(req)
    for rd in readings(sub, opts):
        if rd.made is not match.hand or rd.ranks != match.ranks or rd.suit != suit_index:
            continue
        ok, with_suits = acceptance(rd, req, opts)
        if not ok:
            continue
        # A match may name attached suits that a loose "or better" waived, as long as
        # the combination does show them.
        if match.attached not in ((req.suits,) if with_suits else ((), req.suits)):
            continue
        if suits_ok(sub, rd, need if match.attached else zero):
            return None
    return (
        f"no reading of {keys} as {match.hand.value} {match.ranks} {match.suit} "
        f"meets {req.describe()}"
    )
