"""The search player's rollout policy: the greedy player's move, scored on a sampled
state rather than a view (rollouts take too many steps to build a view for each).

`quick_score` must give the same number as `basic.score_action` would on the acting
seat's view; tests/tcg/test_ai_search.py checks that over real duels.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.tcg import actions as act
from rules.tcg.ai.modes import Policy, best_mode, is_mode_prompt
from rules.tcg.board import Board
from rules.tcg.cards import CardType, TcgContent
from rules.tcg.codes import PromptKind
from rules.tcg.state import Duel


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
    if p.kind in (PromptKind.SWAP_OWN, PromptKind.GIVE_GIG):
        return -_die_value(b, option)  # away goes the lowest die
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
    if is_mode_prompt(d, seat):
        return best_mode(d, content, seat, legal, greedy_policy(content), rng)
    return greedy_action(d, content, seat, legal, rng)


def greedy_policy(content: TcgContent) -> Policy:
    """The plain greedy move, for finishing a mode's effect (no nested look-ahead)."""
    return lambda d, seat, legal, rng: greedy_action(d, content, seat, legal, rng)


def greedy_action(
    d: Duel, content: TcgContent, seat: int, legal: Sequence[act.Action], rng: random.Random
) -> act.Action:
    """The best move by `quick_score`; ties broken at random."""
    b = Board(d, content)
    scored = [(quick_score(b, seat, a), i) for i, a in enumerate(legal)]
    best = max(x for x, _ in scored)
    return legal[rng.choice([i for x, i in scored if x == best])]
