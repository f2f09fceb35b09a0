"""The search player's evaluation: the log-odds of winning, read at the start of a turn.

A linear score over a few features of the position, each "mine minus the rival's"; the
weights are a logistic fit of who won greedy duels on the positions at each turn's start
(`python -m bench.fit_tcg_eval`), so the score means something: 0 is an even duel, +1 is
odds of e to 1.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.tcg.board import Board, steal_count
from rules.tcg.cards import Keyword, TcgContent
from rules.tcg.state import Duel, Seat

#: What `features` measures, in order (each is "mine minus the rival's" unless named).
FEATURES = (
    "gigs",
    "fixer dice",
    "field power",
    "units",
    "hand",
    "eddies",
    "face-down Legends",
    "my threat",
    "rival threat",
    "my 6 Gigs",
    "rival 6 Gigs",
    "overtime gigs",
)


def _threat(b: Board, seat: int, ready_only: bool) -> int:
    """Gigs this seat's attackers could steal past the rival's ready Blockers. At the
    start of `seat`'s turn its Units are ready; the rival's spent ones ready only at the
    rival's own turn, so `ready_only` False counts every rival Unit as an attacker."""
    rival = b.s.seats[1 - seat]
    blockers = sum(1 for u in rival.field if not u.spent and Keyword.BLOCKER in b.keywords(u.inst))
    mine = b.s.seats[seat].field
    attackers = sorted(
        (
            steal_count(b.power(u.inst))
            for u in mine
            if (b.may_attack(u.inst) if ready_only else True)
        ),
        reverse=True,
    )
    return min(sum(attackers[blockers:]), len(rival.gigs))


def features(d: Duel, content: TcgContent, me: int) -> list[float]:
    """The position from `me`'s side, read at the start of a turn (the rollout horizon)."""
    b = Board(d, content)
    mine, theirs = d.seats[me], d.seats[1 - me]

    def diff(f: Callable[[Seat], float]) -> float:
        return f(mine) - f(theirs)

    def power(st: Seat) -> float:
        return float(sum(b.power(u.inst) for u in st.field))

    active = d.active == me
    gd = diff(lambda st: len(st.gigs))
    return [
        gd,
        diff(lambda st: len(st.fixer)),
        power(mine) - power(theirs),
        diff(lambda st: len(st.field)),
        diff(lambda st: len(st.hand)),
        diff(lambda st: len(st.eddies)),
        diff(lambda st: sum(1 for sl in st.legends if sl.inst is not None and not sl.face_up)),
        float(_threat(b, me, ready_only=active)),
        float(_threat(b, 1 - me, ready_only=not active)),
        float(len(mine.gigs) >= 6),
        float(len(theirs.gigs) >= 6),
        gd if d.overtime else 0.0,
    ]


#: Weights of `features`: a logistic fit of who won greedy duels on the positions at each
#: turn's start (bench/fit_tcg_eval.py, on the decks of commit 084512a); the score is the
#: log-odds of winning.
WEIGHTS = (0.251, 0.365, 0.066, 0.226, 0.242, 0.535, 0.289, 0.398, -0.398, -0.111, 0.027, 0.0)


def evaluate(d: Duel, content: TcgContent, me: int) -> float:
    """The log-odds that `me` wins from here (terminal results are ±20)."""
    if d.result is not None:
        if d.result.winner is None:
            return 0.0
        return 20.0 if d.result.winner == me else -20.0
    return sum(w * x for w, x in zip(WEIGHTS, features(d, content, me), strict=True))
