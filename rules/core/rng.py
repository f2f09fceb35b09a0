"""Seeded, recorded randomness.

The state carries the seed and the number of draws made so far; each shuffle derives a
fresh generator from both, so replaying the same actions from the same state always gives
the same decks, and the state (seed included) round-trips through JSON. The seed is
hidden information: views never expose it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class Rng(BaseModel):
    model_config = ConfigDict(frozen=True)

    seed: int
    calls: int = 0

    def _gen(self) -> random.Random:
        # A string seed is hashed with SHA-512 by `random`: stable across processes
        # and Python runs (unlike hash()).
        return random.Random(f"{self.seed}:{self.calls}")

    def shuffle(self, items: Sequence[T]) -> tuple[Rng, list[T]]:
        out = list(items)
        self._gen().shuffle(out)
        return self.model_copy(update={"calls": self.calls + 1}), out

    def randint(self, lo: int, hi: int) -> tuple[Rng, int]:
        value = self._gen().randint(lo, hi)
        return self.model_copy(update={"calls": self.calls + 1}), value
