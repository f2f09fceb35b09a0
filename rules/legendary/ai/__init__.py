"""AI players for Legendary: `make_agent(level, seed)` with level random, greedy or planner."""

from __future__ import annotations

from rules.legendary.ai.base import Agent, RandomAgent
from rules.legendary.ai.planner import PlannerAgent
from rules.legendary.ai.players import GreedyAgent

LEVELS = ("random", "greedy", "planner")


def make_agent(level: str, seed: int = 0) -> Agent:
    if level == "random":
        return RandomAgent(seed)
    if level == "greedy":
        return GreedyAgent()
    if level == "planner":
        return PlannerAgent()
    raise ValueError(f"unknown AI level '{level}': one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Agent", "GreedyAgent", "PlannerAgent", "RandomAgent", "make_agent"]
