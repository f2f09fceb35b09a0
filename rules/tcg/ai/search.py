"""The search player: determinized (information-set) Monte Carlo within a time budget.

For each decision it samples full duels consistent with its own view (determinize.py),
plays each candidate action in each sample, rolls the duel forward with the greedy policy
(rollout.py) to a short horizon (the start of the player's next turn, after the rival's
turn) and scores the result with a fitted log-odds of winning (evaluate.py). The candidate
with the best mean wins. Prompts raised mid-effect are answered greedily: the effect
being resolved is not part of the view, so it can't be rebuilt.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from rules.core.errors import IllegalAction
from rules.tcg import actions as act
from rules.tcg.ai.basic import GreedyPlayer, score_action
from rules.tcg.ai.determinize import Sampler, determinize
from rules.tcg.ai.evaluate import evaluate
from rules.tcg.ai.rollout import rollout_action
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.codes import Phase, PromptKind
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.state import Duel
from rules.tcg.view import DuelView


class SearchPlayer:
    """Determinized Monte Carlo over the greedy player's best few moves.

    `budget` seconds per decision (at least one sampled world), or exactly `samples`
    worlds (reproducible: the CLI and tests). `my_deck` is the list this player brought,
    the only thing it knows beyond its view. Rollouts run `horizon` turn changes (2: to
    the start of the player's next turn) and at most `max_steps` actions; `prior` is the
    edge, in log-odds, another move needs over the greedy choice; `noise` the share of
    random moves in rollouts.
    """

    def __init__(
        self,
        budget: float = 0.3,
        my_deck: DeckList | None = None,
        max_candidates: int = 5,
        max_steps: int = 60,
        samples: int | None = None,
        prior: float = 0.06,
        noise: float = 0.0,
        horizon: int = 2,
    ) -> None:
        self.horizon = horizon
        self.prior = prior
        self.noise = noise
        self.last_samples = 0
        self.budget = budget
        self.my_deck = my_deck
        self.max_candidates = max_candidates
        self.max_steps = max_steps
        self.samples = samples  # a fixed count instead of the time budget (tests)
        self.greedy = GreedyPlayer()

    def choose(
        self,
        seen: DuelView,
        legal: Sequence[act.Action],
        content: TcgContent,
        rng: random.Random,
    ) -> act.Action:
        if len(legal) == 1:
            return legal[0]
        mid_effect = seen.prompt is not None and seen.prompt.kind is not PromptKind.REACTION
        if mid_effect or seen.pending or seen.phase in (Phase.CHOOSE_FIRST, Phase.MULLIGAN):
            return self.greedy.choose(seen, legal, content, rng)
        assert seen.viewer is not None
        me = seen.viewer
        ranked = sorted(legal, key=lambda a: -score_action(seen, a, content))
        cands = ranked[: self.max_candidates]
        # Stopping is always weighed: Units left ready are next turn's Blockers.
        stop = [a for a in ranked if isinstance(a, act.End | act.Pass)]
        if stop and stop[0] not in cands:
            cands[-1] = stop[0]
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        sampler = Sampler(seen, content, self.my_deck)
        deadline = time.perf_counter() + self.budget
        n = 0
        while True:
            if self.samples is not None and n >= self.samples:
                break
            if self.samples is None and n and time.perf_counter() > deadline:
                break
            n += 1
            world = determinize(seen, content, sampler, rng)
            # Common random numbers: every candidate meets the same sampled future.
            seed = rng.randrange(1 << 30)
            for i, a in enumerate(cands):
                totals[i] += self._rollout(world, a, content, me, random.Random(seed))
                counts[i] += 1
                if self.samples is None and time.perf_counter() > deadline and n > 1:
                    break
        # The greedy choice is a prior: another candidate must beat it by more than
        # `prior` (sampling noise) to replace it.
        self.last_samples = n
        means = [
            (t / c if c else float("-inf")) + (self.prior if i == 0 else 0.0)
            for i, (t, c) in enumerate(zip(totals, counts, strict=True))
        ]
        best = max(range(len(cands)), key=lambda i: (means[i], -i))
        return cands[best]

    def _rollout(
        self,
        world: Duel,
        first: act.Action,
        content: TcgContent,
        me: int,
        rng: random.Random,
    ) -> float:
        try:
            d = apply(world, first, content).state
        except IllegalAction:
            return -20.0  # the sample contradicts this move (it can't be played there)
        start_turn = world.turn
        for _ in range(self.max_steps):
            if d.result is not None or d.turn >= start_turn + self.horizon:
                break
            seat = to_act(d)
            if seat is None:
                break
            legal = [a for a in legal_actions(d, content, f"p{seat}") if a.type != "concede"]
            if not legal:
                break
            try:
                move = rollout_action(d, content, seat, legal, rng, self.noise)
                d = apply(d, move, content).state
            except IllegalAction:
                break
        return evaluate(d, content, me)
