"""The baseline AI: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.legends.actions import (
    Action,
    Buy,
)
from rules.legends.cards import ContentPack
from rules.legends.view import PlayerView


class RandomAI:
    """Baseline: a uniformly random legal action (it votes only once per vote)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, content: ContentPack) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError("no legal action")
        return self.rng.choice(legal)

    def shop(
        self,
        deck: Sequence[str],
        eddies: int,
        pool: Sequence[str],
        content: ContentPack,
        player: str,
        merc: bool = False,
    ) -> list[Buy]:
        return []
