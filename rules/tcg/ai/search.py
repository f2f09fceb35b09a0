"""The search player: determinized (information-set) Monte Carlo within a time budget.

For each decision it samples full duels consistent with its own view (determinize.py),
plays each candidate action in each sample, rolls the duel forward with a fast policy to
a short horizon (the end of the rival's next turn) and scores the result. The candidate
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
from rules.tcg.board import Board, steal_count
from rules.tcg.cards import CardType, DeckList, Keyword, TcgContent
from rules.tcg.codes import Phase, PromptKind
from rules.tcg.engine import apply
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.state import Duel
from rules.tcg.view import DuelView

def quick_score(b: Board, seat: int, a: act.Action) -> float:
    """`score_action` read straight off a (sampled) state, for every action but the
    answers to prompts: rollouts take too many steps to build a view for each. A test
    checks the two agree on real duels."""
    rv = 1 - seat
    if isinstance(a, act.Attack):
        p = b.power(a.unit)
        if a.target is None:
            if p <= 0:
                return -1.0
            blockers = sum(1 for u in b.seat(rv).field if not u.spent)
            return 7.0 + min(len(b.seat(rv).gigs), p // 10 + 1) * 2 - blockers * 1.5
        tp = b.power(a.target)
        return 6.0 + tp / 2 if p > tp else (-2.0 if p < tp else 1.0)
    if isinstance(a, act.Block):
        atk = b.s.attack
        ap = b.power(atk.attacker) if atk is not None and b.unit(atk.attacker) else 0
        bp = b.power(a.unit)
        if bp > ap:
            return 5.0
        return 3.0 if atk is not None and atk.target is None and ap >= 10 else -1.0
    if isinstance(a, act.Play):
        card = b.card(a.card)
        if a.card in b.seat(seat).hand:
            if card.type is CardType.UNIT:
                return 4.0 + card.power / 2
            if card.type is CardType.GEAR:
                host = a.target is not None and b.unit(a.target) is not None
                return 2.5 + card.power / 2 + (b.power(a.target) / 10 if host else 0)  # type: ignore[arg-type]
            return 2.0 + len(card.effects) * 0.5
        return 5.0 if a.solo else 1.0
    if isinstance(a, act.Sell):
        st = b.seat(seat)
        return 6.0 - len(st.eddies) - b.card(a.card).power / 5 if len(st.eddies) < 5 else -1.0
    if isinstance(a, act.Roll):
        return float(a.die)
    if isinstance(a, act.Choose):
        return _choice_score(b, seat, a.option)
    if isinstance(a, act.Mulligan):
        cheap = sum(1 for i in b.seat(seat).hand if (b.card(i).cost or 0) <= 2)
        return 2.0 if cheap <= 1 else 0.0
    return _FLAT.get(type(a), 0.0)


_FLAT: dict[type, float] = {
    act.Call: 3.0,
    act.Activate: 2.0,
    act.Pass: 0.0,
    act.End: 0.5,
    act.Keep: 1.0,
}


def _choice_score(b: Board, seat: int, option: str) -> float:
    """`basic._score_choice` on a sampled state."""
    p = b.s.prompt
    if p is None:
        return 0.0
    if p.kind is PromptKind.FIRST_OR_SECOND:
        return 1.0 if option == "first" else 0.0
    if p.kind is PromptKind.MAY:
        return 1.0 if option == "yes" else 0.0
    if p.kind in (PromptKind.STEAL, PromptKind.STEAL_GIG, PromptKind.SWAP_RIVAL):
        return _die_value(b, option)
    if p.kind is PromptKind.SWAP_OWN:
        return -_die_value(b, option)
    if p.kind is PromptKind.AMOUNT:
        return float(option)
    if p.kind is PromptKind.GIG:
        mine = {d.id: d for d in b.seat(seat).gigs}
        theirs = {d.id: d for d in b.seat(1 - seat).gigs}
        helps = "raise" in p.text or "max Gig" in p.text
        if option in mine:
            d = mine[option]
            return (d.size - d.value) if helps else -10.0 - d.value
        d2 = theirs.get(option)
        return -10.0 - (d2.size if d2 else 0) if helps else (d2.value if d2 else 0.0)
    if p.kind is PromptKind.TARGET:
        rival = {u.inst: b.power(u.inst) for u in b.seat(1 - seat).field}
        return rival.get(option, -1.0)
    return 0.0


def _die_value(b: Board, die_id: str) -> float:
    for st in b.s.seats:
        for d in st.gigs:
            if d.id == die_id:
                return d.value + d.size / 100
    return 0.0


def rollout_action(
    d: Duel,
    content: TcgContent,
    seat: int,
    legal: Sequence[act.Action],
    rng: random.Random,
    noise: float = 0.0,
) -> act.Action:
    """Fast rollout policy: the greedy player's move (with optional noise), scored on the
    sampled state itself."""
    if noise and rng.random() < noise:
        return rng.choice(list(legal))
    b = Board(d, content)
    scored = [(quick_score(b, seat, a), i) for i, a in enumerate(legal)]
    best = max(x for x, _ in scored)
    return legal[rng.choice([i for x, i in scored if x == best])]


def evaluate(d: Duel, content: TcgContent, me: int) -> float:
    if d.result is not None:
        if d.result.winner is None:
            return 0.0
        return 1000.0 if d.result.winner == me else -1000.0
    b = Board(d, content)
    score = 0.0
    for seat, sign in ((me, 1.0), (1 - me, -1.0)):
        st = d.seats[seat]
        gigs = len(st.gigs)
        score += sign * (12.0 * gigs + (25.0 if gigs >= 6 else 0.0))
        score += sign * 0.8 * sum(b.power(u.inst) for u in st.field)
        score += sign * 0.6 * len(st.hand)
        score += sign * 0.8 * len(st.eddies)
        score += sign * 0.3 * sum(x.value for x in st.gigs) / 4
        # Threat: what this seat's ready attackers could steal past the rival's ready
        # Blockers (evaluated at the start of a turn, so one side's Units are ready).
        rival = d.seats[1 - seat]
        blockers = sum(
            1 for u in rival.field if not u.spent and Keyword.BLOCKER in b.keywords(u.inst)
        )
        attackers = sorted(
            (
                steal_count(b.power(u.inst))
                for u in st.field
                if not u.spent and b.may_attack(u.inst)
            ),
            reverse=True,
        )
        threat = sum(attackers[blockers:])
        score += sign * 4.0 * min(threat, len(rival.gigs))
    return score


class SearchPlayer:
    def __init__(
        self,
        budget: float = 0.3,
        my_deck: DeckList | None = None,
        max_candidates: int = 5,
        max_steps: int = 60,
        samples: int | None = None,
        prior: float = 3.0,
        noise: float = 0.1,
    ) -> None:
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
            return -500.0  # the sample contradicts this move (it can't be played there)
        start_turn = world.turn
        for _ in range(self.max_steps):
            if d.result is not None or d.turn >= start_turn + 2:
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
