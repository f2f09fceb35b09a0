"""Duels between AI players, for the CLI's `simulate`, the benchmarks and the tests.

Pure: the same decks, seed and players always give the same record. Each player sees only
its own view (`rules.tcg.view`) and its legal actions; the driver alone holds the state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rules.tcg import actions as act
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.options import TcgOptions
from rules.tcg.state import Duel
from rules.tcg.view import DuelView, view


class Player(Protocol):
    """An AI: picks one of `legal` seeing only `seen` (its own view)."""

    def choose(
        self,
        seen: DuelView,
        legal: Sequence[act.Action],
        content: TcgContent,
        rng: random.Random,
    ) -> act.Action: ...


@dataclass(frozen=True)
class DuelRecord:
    winner: int | None  # seat; None: a draw or unfinished
    reason: str
    turns: int
    steps: int
    overtime: bool
    first: int
    finished: bool


@dataclass
class Stats:
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    unfinished: int = 0
    turns: int = 0
    overtime: int = 0
    deck_outs: int = 0

    def add(self, r: DuelRecord) -> None:
        self.games += 1
        self.turns += r.turns
        self.overtime += r.overtime
        self.deck_outs += "decked out" in r.reason
        if not r.finished:
            self.unfinished += 1
        elif r.winner is None:
            self.draws += 1
        else:
            self.wins[r.winner] += 1


def start(
    content: TcgContent,
    decks: tuple[DeckList, DeckList],
    seed: int,
    options: TcgOptions | None = None,
) -> Duel:
    return new_duel(
        duel_id=f"sim-{seed}",
        players=("p0", "p1"),
        names=("seat 1", "seat 2"),
        decks=decks,
        seed=seed,
        content=content,
        options=options,
    )


def play_duel(
    content: TcgContent,
    decks: tuple[DeckList, DeckList],
    players: tuple[Player, Player],
    seed: int,
    max_steps: int = 5000,
    on_step: Callable[[Duel], None] | None = None,
) -> DuelRecord:
    state = start(content, decks, seed)
    rng = random.Random(seed)
    steps = 0
    while state.result is None and steps < max_steps:
        seat = to_act(state)
        assert seat is not None
        player = f"p{seat}"
        legal = [a for a in legal_actions(state, content, player) if a.type != "concede"]
        action = players[seat].choose(view(state, content, seat), legal, content, rng)
        state = apply(state, action, content).state
        steps += 1
        if on_step is not None:
            on_step(state)
    res = state.result
    return DuelRecord(
        winner=None if res is None else res.winner,
        reason="unfinished" if res is None else res.reason,
        turns=state.turn,
        steps=steps,
        overtime=state.overtime,
        first=state.first,
        finished=res is not None,
    )


def simulate(
    content: TcgContent,
    decks: tuple[DeckList, DeckList],
    make_players: Callable[[], tuple[Player, Player]],
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> Stats:
    """`games` duels with seats mirrored: odd games swap decks and players, and the
    result is counted for the original (deck A, player A) side as seat 0."""
    stats = Stats()
    for g in range(games):
        a, b = make_players()
        if g % 2 == 0:
            r = play_duel(content, decks, (a, b), seed + g)
        else:
            r = play_duel(content, (decks[1], decks[0]), (b, a), seed + g)
            if r.winner is not None:
                r = DuelRecord(
                    1 - r.winner, r.reason, r.turns, r.steps, r.overtime, 1 - r.first, r.finished
                )
        stats.add(r)
        if progress is not None:
            progress(g + 1)
    return stats


# ---- a mirrored match and its report (the CLI's `simulate --game tcg`) -----------------


@dataclass(frozen=True)
class SideGame:
    """One duel of a match, seen from side A (deck A with AI A)."""

    a_seat: int  # the seat side A sat in
    record: DuelRecord

    @property
    def a_won(self) -> bool:
        return self.record.winner == self.a_seat

    @property
    def b_won(self) -> bool:
        return self.record.winner is not None and self.record.winner != self.a_seat


@dataclass(frozen=True)
class MatchReport:
    """What a mirrored match came to: side A's and side B's win rates with 95% Wilson
    intervals, average turns, Overtime and deck-out rates, draws."""

    games: int
    a_wins: int
    b_wins: int
    draws: int
    unfinished: int
    a_rate: float
    a_ci95: tuple[float, float]
    b_rate: float
    b_ci95: tuple[float, float]
    turns_mean: float
    overtime_rate: float
    deck_out_rate: float
    first_wins: int  # duels won by the player who went first
    a_wins_by_seat: tuple[int, int]
    reasons: dict[str, int]


def mirrored_seats(game: int) -> int:
    """The seat side A takes in game number `game`: even games seat 0, odd games seat 1,
    so every pairing is played from both seats (with the same seed)."""
    return game % 2


def summarize_match(games: Sequence[SideGame]) -> MatchReport:
    from rules.core.stats import wilson

    n = len(games)
    a = sum(g.a_won for g in games)
    b = sum(g.b_won for g in games)
    finished = [g for g in games if g.record.finished]
    draws = sum(1 for g in finished if g.record.winner is None)
    reasons: dict[str, int] = {}
    for g in finished:
        # "seat 2 decked out" and "seat 1 decked out" are one reason.
        why = re.sub(r"^seat \d+ ", "", g.record.reason)
        reasons[why] = reasons.get(why, 0) + 1
    return MatchReport(
        games=n,
        a_wins=a,
        b_wins=b,
        draws=draws,
        unfinished=n - len(finished),
        a_rate=a / n if n else 0.0,
        a_ci95=wilson(a, n),
        b_rate=b / n if n else 0.0,
        b_ci95=wilson(b, n),
        turns_mean=sum(g.record.turns for g in games) / n if n else 0.0,
        overtime_rate=sum(g.record.overtime for g in games) / n if n else 0.0,
        deck_out_rate=sum("decked out" in g.record.reason for g in games) / n if n else 0.0,
        first_wins=sum(1 for g in games if g.record.winner == g.record.first),
        a_wins_by_seat=(
            sum(1 for g in games if g.a_won and g.a_seat == 0),
            sum(1 for g in games if g.a_won and g.a_seat == 1),
        ),
        reasons=dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
    )
