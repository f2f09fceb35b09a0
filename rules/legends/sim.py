"""Whole-run playouts with AI crews: used by benchmarks, balance work and the simulator.

Pure: the caller gives the content, a seed and the AIs; nothing here reads files or
clocks. Every AI decision goes through `player_view`, like a real player's would.
The same driver (`next_actor`) tells the terminal table whose move it is.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

from rules.core.stats import game_seed, wilson
from rules.legends.actions import Action, CloseVote, Join, Start
from rules.legends.ai import CrewAI, RandomAI
from rules.legends.cards import ContentPack, Role, ScenarioKind
from rules.legends.codes import EventKind
from rules.legends.engine import apply, new_table
from rules.legends.legal import legal_actions
from rules.legends.options import TableOptions
from rules.legends.state import Table
from rules.legends.view import PlayerView, player_view


class Brain(Protocol):
    def choose(self, view: PlayerView, content: ContentPack) -> Action: ...


AiKind = Literal["crew", "random"]


def make_brain(kind: AiKind, seed: int) -> CrewAI | RandomAI:
    return CrewAI(seed=seed) if kind == "crew" else RandomAI(seed=seed)


ROLES = (Role.SOLO, Role.NETRUNNER, Role.ROCKER, Role.NOMAD)


def seat_roles(content: ContentPack, runners: int, merc: bool = False) -> list[Role]:
    """Roles for a crew of `runners` (and a merc): every role of the pack once, in the
    usual order, then again if the table allows extra role decks."""
    roles = [r for r in ROLES if r in content.roles] + [r for r in content.roles if r not in ROLES]
    want = runners + (1 if merc else 0)
    return [roles[i % len(roles)] for i in range(want)] if roles else []


def extra_decks_for(content: ContentPack, runners: int, merc: bool = False) -> int:
    n = max(1, len(content.roles))
    return max(0, math.ceil((runners + (1 if merc else 0)) / n) - 1)


def crew_table(
    content: ContentPack,
    *,
    runners: int,
    seed: int,
    campaign: str | None = None,
    merc: bool = False,
    names: Sequence[str] | None = None,
) -> Table:
    """A new campaign table with `runners` AI seats (players "ai0", "ai1", ...)."""
    camp = campaign or next(iter(content.campaigns))
    options = TableOptions(extra_role_decks=extra_decks_for(content, runners, merc))
    t = new_table(
        table_id=f"sim-{seed}",
        name="Sim",
        owner="ai0",
        campaign=camp,
        seed=seed,
        content=content,
        options=options,
    )
    roles = seat_roles(content, runners, merc)
    for i in range(runners):
        merc_role = roles[runners] if merc and runners == 1 else None
        name = names[i] if names and i < len(names) else f"AI {i}"
        t = apply(t, Join(player=f"ai{i}", name=name, role=roles[i], merc=merc_role), content).table
    return t


def next_actor(table: Table, content: ContentPack) -> str | None:
    """The person the table waits on now (first in seat order), or None.

    During a scene vote everyone may still change their vote, so only people who have
    not voted yet are waited on; when everyone has, the engine has already closed it.
    """
    run = table.run
    if run is None:
        return None
    voted = {table.runners[s].player for s in run.votes}
    seen: set[str] = set()
    for r in table.runners:
        if r.player in seen:
            continue
        seen.add(r.player)
        if run.phase == "vote" and r.player in voted and not run.prompts:
            continue
        legal = legal_actions(table, r.player, content)
        if run.phase == "vote" and all(isinstance(a, CloseVote) for a in legal):
            continue
        if legal:
            return r.player
    return None


@dataclass
class PlayoutResult:
    scenario: str
    outcome: str
    health: int
    rounds: int
    actions: int
    # Obstacle name -> rounds the crew faced it in this run.
    obstacle_rounds: dict[str, int] = field(default_factory=dict)
    cleared: list[str] = field(default_factory=list)
    flatlined_by: str | None = None
    cards_played: Counter[str] = field(default_factory=Counter)
    plans: int = 0  # Plans executed
    hits: int = 0  # ... that hit at least one Obstacle
    table: Table | None = None


def play_run(
    table: Table,
    content: ContentPack,
    brains: dict[str, Brain],
    *,
    scenario: str | None = None,
    max_actions: int = 5000,
) -> PlayoutResult:
    """Start a run on `table` and let the AI crew play it to the end."""
    t = apply(table, Start(player=table.owner, scenario=scenario), content).table
    assert t.run is not None
    scen_id = t.run.scenario
    result = PlayoutResult(scenario=scen_id, outcome="timeout", health=0, rounds=0, actions=0)
    scen = content.scenarios[scen_id]
    names = {c.order: c.name for c in scen.cards}
    obstacles = {c.order for c in scen.cards if c.kind is ScenarioKind.OBSTACLE}
    for _ in range(max_actions):
        run = t.run
        if run is None:
            break
        who = next_actor(t, content)
        if who is None:
            if run.phase == "vote":
                t = apply(t, CloseVote(player="system"), content).table
                continue
            raise RuntimeError(f"nobody can act in phase {run.phase}")
        action = brains[who].choose(player_view(t, who, content), content)
        outcome = apply(t, action, content)
        before, t = run, outcome.table
        result.actions += 1
        faced = [o.order for o in before.active]
        for e in outcome.events:
            if e.kind == EventKind.CARD_ENTERED:
                result.cards_played[str(e.data.get("card"))] += 1
            elif e.kind == EventKind.FLIPPED and e.data.get("order") in obstacles:
                faced.append(int(e.data["order"]))
            elif e.kind == EventKind.ROUND:
                for order in faced:
                    name = names[order]
                    result.obstacle_rounds[name] = result.obstacle_rounds.get(name, 0) + 1
            elif e.kind == EventKind.EXECUTED:
                result.plans += 1
                result.hits += bool(e.data.get("hits"))
            elif e.kind == EventKind.OBSTACLE_CLEARED:
                result.cleared.append(e.text.removesuffix(" is cleared!"))
            elif e.kind == EventKind.CREW_DAMAGED and t.run is None:
                result.flatlined_by = e.text.split(" deals ")[0]
        if t.run is None:
            last = t.history[-1]
            result.outcome = last.outcome
            result.health = last.health
            result.rounds = last.rounds
            break
    if result.outcome != "flatlined":
        result.flatlined_by = None
    result.table = t
    return result


# ---- many games: the balance simulator ---------------------------------------------


@dataclass
class ObstacleStats:
    name: str
    faced: int  # games in which the crew reached it
    cleared: int
    rounds_mean: float  # rounds spent on it per game that reached it
    flatlines: int  # games it ended


@dataclass
class SimReport:
    scenario: str
    scenario_name: str
    runners: int
    merc: bool
    ai: str
    games: int
    seed: int
    wins: int
    win_rate: float
    win_ci95: tuple[float, float]
    flatlines: int
    timeouts: int
    health_left_mean: float  # over all games (a flatline leaves 0)
    health_left_wins: float  # over the games won
    rounds_mean: float
    actions_mean: float
    plan_hit_rate: float  # executed Plans that hit at least one Obstacle
    obstacles: list[ObstacleStats]
    flatlined_by: dict[str, int]
    most_played: list[tuple[str, str, float]]  # (card id, name, plays per game)


def simulate(
    content: ContentPack,
    *,
    scenario: str,
    runners: int,
    games: int,
    seed: int,
    ai: AiKind = "crew",
    merc: bool = False,
    top_cards: int = 10,
    progress: Callable[[int, int], None] | None = None,
) -> SimReport:
    """Play `games` runs of `scenario` with fresh AI crews; deterministic for a seed."""
    results: list[PlayoutResult] = []
    for g in range(games):
        s = game_seed(seed, g)
        table = crew_table(content, runners=runners, seed=s, merc=merc)
        brains: dict[str, Brain] = {f"ai{i}": make_brain(ai, s * 10 + i) for i in range(runners)}
        res = play_run(table, content, brains, scenario=scenario)
        res.table = None
        results.append(res)
        if progress is not None:
            progress(g + 1, games)
    return summarize(
        content,
        results,
        scenario=scenario,
        runners=runners,
        seed=seed,
        ai=ai,
        merc=merc,
        top_cards=top_cards,
    )


def summarize(
    content: ContentPack,
    results: Sequence[PlayoutResult],
    *,
    scenario: str,
    runners: int,
    seed: int,
    ai: str,
    merc: bool = False,
    top_cards: int = 10,
) -> SimReport:
    n = len(results)
    wins = sum(1 for r in results if r.outcome == "complete")
    flat = sum(1 for r in results if r.outcome == "flatlined")
    scen = content.scenarios[scenario]
    order = [c.name for c in scen.deck_in_order() if c.kind is ScenarioKind.OBSTACLE]
    obstacles: list[ObstacleStats] = []
    for name in dict.fromkeys(order):
        reached = [r for r in results if name in r.obstacle_rounds]
        obstacles.append(
            ObstacleStats(
                name=name,
                faced=len(reached),
                cleared=sum(1 for r in reached if name in r.cleared),
                rounds_mean=(
                    sum(r.obstacle_rounds[name] for r in reached) / len(reached) if reached else 0.0
                ),
                flatlines=sum(1 for r in results if r.flatlined_by == name),
            )
        )
    causes = Counter(r.flatlined_by for r in results if r.flatlined_by)
    played: Counter[str] = Counter()
    for r in results:
        played.update(r.cards_played)
    most = [
        (cid, content.cards[cid].name if cid in content.cards else cid, k / max(1, n))
        for cid, k in sorted(played.items(), key=lambda kv: (-kv[1], kv[0]))[:top_cards]
    ]
    won = [r.health for r in results if r.outcome == "complete"]
    return SimReport(
        scenario=scenario,
        scenario_name=scen.name,
        runners=runners,
        merc=merc,
        ai=ai,
        games=n,
        seed=seed,
        wins=wins,
        win_rate=wins / n if n else 0.0,
        win_ci95=wilson(wins, n),
        flatlines=flat,
        timeouts=n - wins - flat,
        health_left_mean=sum(r.health for r in results) / n if n else 0.0,
        health_left_wins=sum(won) / len(won) if won else 0.0,
        rounds_mean=sum(r.rounds for r in results) / n if n else 0.0,
        actions_mean=sum(r.actions for r in results) / n if n else 0.0,
        plan_hit_rate=(sum(r.hits for r in results) / plans)
        if (plans := sum(r.plans for r in results))
        else 0.0,
        obstacles=obstacles,
        flatlined_by=dict(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
        most_played=most,
    )
