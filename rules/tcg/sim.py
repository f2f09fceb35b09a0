"""Duels between AI players, for the CLI's `simulate`, the benchmarks and the tests.

Pure: the same decks, seed and players always give the same record. Each player sees only
its own view (`rules.tcg.view`) and its legal actions; the driver alone holds the state.
"""

from __future__ import annotations

import random
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
