"""The search over one Plan (`_Plan`): the smallest combination that meets a
requirement, covering attached suits first (observations 1 and 2 of the package docs).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import lshift

from rules.legends.cards import (
    REAL_SUITS,
    HandType,
    Requirement,
    Suit,
)
from rules.legends.evaluate.compiled import (
    _BIG_ENDIAN,
    _FM,
    _GET_PACK,
    _GET_RINC,
    _GET_SPREAD,
    _MAX_PLAN,
    _NIB_MAX_CARDS,
    _SHIFTS,
    _SPREAD_W,
    _SUIT_INDEX,
    _SUIT_SH,
    _WHEEL_RUN,
    _WSH,
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
    EvalCard,
    EvalOptions,
    _idx,
    _spread,
)
from rules.legends.evaluate.results import Match
from rules.legends.evaluate.shapes import (
    _B_D22,
    _B_D32,
    _B_ST,
    _B_WHEEL,
)
from rules.legends.evaluate.steps import (
    _covers,
    _Found,
    _Need,
    _need_of,
    _pick,
    _profile_of_masks,
    _profile_of_rkey,
    _Step,
    _steps_for,
)


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
