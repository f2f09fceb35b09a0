"""What a decision is made from: the Obstacles faced, the table as the view shows it, and
the prior for a crewmate's hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.legends.cards import (
    PlayerCard,
    Requirement,
    Role,
)
from rules.legends.evaluate import EvalCard
from rules.legends.view import CardView


@dataclass
class _Obstacle:
    name: str
    reqs: tuple[Requirement, ...]
    remaining: int
    damage: int
    # Damage it undoes at the end of a round (partial Damage is worth less).
    regen: int
    # What clearing it this round saves the crew, in Damage points.
    clear_bonus: float


@dataclass
class _Situation:
    """Everything a play decision needs, read from the view."""

    plan: list[tuple[str, PlayerCard]]
    obstacles: list[_Obstacle]
    # Seats that play the Plan's remaining slots after the current one, in order.
    after: list[int]
    mine: set[int]
    hands: dict[int, list[CardView]]
    other_roles: dict[int, Role]
    other_hand_counts: dict[int, int]
    health: int
    max_health: int
    plan_size: int


@dataclass
class _Pool:
    """The prior for a crewmate's hand: their role's decklist."""

    cards: list[tuple[str, PlayerCard]]
    evals: list[EvalCard]
    avg_damage: float
    flat: list[int] = field(default_factory=list)  # index per copy, for sampling
    weights: list[int] = field(default_factory=list)  # copies per card
