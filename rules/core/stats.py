"""Statistics every game's simulator reports with."""

from __future__ import annotations

import math


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, game: int) -> int:
    """The seed of game number `game` of a simulation run with base `seed`: distinct,
    stable across processes, and independent of how many games the run has."""
    return seed * 1_000_003 + game
