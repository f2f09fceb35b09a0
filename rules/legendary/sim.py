"""The simulator: whole games played by AI seats, pure (no I/O, no clock).

`play_game` plays one game and reports how it ended; `simulate` plays many and sums them
up (win, Evil Wins and draw rates, turns, what beat the players). The CLI calls
`simulate` with a `progress` callback for its progress bar.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from pydantic import BaseModel, ConfigDict

from rules.legendary.ai import Agent, make_agent
from rules.legendary.cards import Pack
from rules.legendary.engine import apply, decision_seat, legal_actions, scores
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Game, Result
from rules.legendary.view import view

MAX_ACTIONS = 20_000


class GameReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    seed: int
    result: Result | None  # None: stopped at MAX_ACTIONS
    turns: int
    actions: int
    scores: tuple[int, ...]
    # What beat the players: the Evil Wins condition, or "draw: a deck ran out".
    beaten_by: str | None


class SimReport(BaseModel):
    model_config = ConfigDict(frozen=True)

    games: int
    players: int
    scheme: str
    mastermind: str
    agent: str
    wins: int
    evil: int
    draws: int
    unfinished: int
    win_rate: float
    evil_rate: float
    draw_rate: float
    mean_turns: float
    beaten_by: dict[str, int]


def _beaten_by(game: Game, pack: Pack) -> str | None:
    if game.result is Result.EVIL:
        sch = pack.schemes[game.scheme]
        w = next(
            (c for c in sch.evil_wins if _count(game, pack, c.on) >= c.threshold(game.players)),
            None,
        )
        return f"evil: {w.on.value}" if w else "evil"
    if game.result is Result.DRAW:
        return "draw: a deck ran out"
    return None


def _count(game: Game, pack: Pack, on: str) -> int:
    from rules.legendary.work import Work

    return Work(game, pack).evil_count(on)


def play_game(
    pack: Pack, setup: Setup, seed: int, agents: Sequence[Agent], max_actions: int = MAX_ACTIONS
) -> tuple[Game, GameReport]:
    game = new_game(pack, setup, seed).state
    n = 0
    while not game.over and n < max_actions:
        seat = decision_seat(game)
        assert seat is not None
        legal = legal_actions(game, pack, seat)
        action = agents[seat].decide(view(game, pack, seat), legal, pack)
        game = apply(game, action, pack).state
        n += 1
    report = GameReport(
        seed=seed,
        result=game.result if game.over else None,
        turns=game.turn_no,
        actions=n,
        scores=tuple(scores(game, pack)),
        beaten_by=_beaten_by(game, pack) if game.over else "unfinished",
    )
    return game, report


def simulate(
    pack: Pack,
    *,
    players: int,
    scheme: str,
    mastermind: str,
    games: int,
    agent: str = "planner",
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> SimReport:
    names = tuple(f"ai{i + 1}" for i in range(players))
    setup = Setup(names=names, scheme=scheme, mastermind=mastermind)
    reports: list[GameReport] = []
    for k in range(games):
        agents = [make_agent(agent, seed * 1000 + k * 10 + s) for s in range(players)]
        _, rep = play_game(pack, setup, seed * 100_003 + k, agents)
        reports.append(rep)
        if progress is not None:
            progress(k + 1, games)
    res = Counter(r.result for r in reports)
    beaten = Counter(r.beaten_by for r in reports if r.beaten_by is not None)
    total = max(1, games)
    return SimReport(
        games=games,
        players=players,
        scheme=scheme,
        mastermind=mastermind,
        agent=agent,
        wins=res[Result.GOOD],
        evil=res[Result.EVIL],
        draws=res[Result.DRAW],
        unfinished=res[None],
        win_rate=res[Result.GOOD] / total,
        evil_rate=res[Result.EVIL] / total,
        draw_rate=res[Result.DRAW] / total,
        mean_turns=sum(r.turns for r in reports) / total,
        beaten_by=dict(beaten),
    )
