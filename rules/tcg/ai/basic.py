"""The two simple AI levels: random-legal and a greedy heuristic.

Both see only their own view (`DuelView`) and the legal actions; neither can read hidden
state (a test feeds them views and checks they never touch a `Duel`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.tcg import actions as act
from rules.tcg.ai.modes import best_mode_from_view
from rules.tcg.ai.rollout import greedy_policy
from rules.tcg.cards import CardType, TcgContent
from rules.tcg.codes import PromptKind
from rules.tcg.view import DuelView


class RandomPlayer:
    """Uniform over the legal actions (ending the turn a little less often, so random
    duels finish)."""

    def choose(
        self,
        seen: DuelView,
        legal: Sequence[act.Action],
        content: TcgContent,
        rng: random.Random,
    ) -> act.Action:
        others = [a for a in legal if not isinstance(a, act.End)]
        if others and len(others) < len(legal) and rng.random() < 0.7:
            return rng.choice(others)
        return rng.choice(list(legal))


def _my(seen: DuelView) -> int:
    assert seen.viewer is not None
    return seen.viewer


def score_action(seen: DuelView, a: act.Action, content: TcgContent) -> float:
    """A one-step value of an action, from what the player sees."""
    me = _my(seen)
    mine, theirs = seen.seats[me], seen.seats[1 - me]
    hand = {c.inst: c for c in mine.hand or ()}
    units = {u.card.inst: u for u in mine.field}
    rival_units = {u.card.inst: u for u in theirs.field}
    if isinstance(a, act.Keep):
        return 1.0
    if isinstance(a, act.Mulligan):
        cheap = sum(1 for c in hand.values() if (c.cost or 0) <= 2)
        return 2.0 if cheap <= 1 else 0.0
    if isinstance(a, act.Roll):
        return a.die  # big dice first: more Street Cred
    if isinstance(a, act.Sell):
        # Sell while Eddies are short; keep strong cards.
        eddies = mine.eddies_ready + mine.eddies_spent
        return 6.0 - eddies - hand[a.card].power / 5 if eddies < 5 else -1.0
    if isinstance(a, act.Call):
        return 3.0
    if isinstance(a, act.Play):
        if a.card in hand:
            card = content.cards[hand[a.card].id]
            if card.type is CardType.UNIT:
                return 4.0 + card.power / 2
            if card.type is CardType.GEAR:
                host = units.get(a.target or "")
                return 2.5 + card.power / 2 + (host.power / 10 if host else 0)
            return 2.0 + len(card.effects) * 0.5
        return 5.0 if a.solo else 1.0  # a Legend to the field
    if isinstance(a, act.Activate):
        return 2.0
    if isinstance(a, act.Attack):
        u = units.get(a.unit)
        p = u.power if u else 0
        if a.target is None:
            if p <= 0:
                return -1.0
            blockers = sum(1 for x in theirs.field if not x.spent)
            return 7.0 + min(len(theirs.gigs), p // 10 + 1) * 2 - blockers * 1.5
        t = rival_units.get(a.target)
        tp = t.power if t else 0
        return 6.0 + tp / 2 if p > tp else (-2.0 if p < tp else 1.0)
    if isinstance(a, act.Block):
        b = units.get(a.unit)
        atk = seen.attack
        ap = 0
        if atk is not None:
            au = rival_units.get(atk.attacker)
            ap = au.power if au else 0
        bp = b.power if b else 0
        gig_attack = atk is not None and atk.target is None
        if bp > ap:
            return 5.0
        return 3.0 if gig_attack and ap >= 10 else -1.0
    if isinstance(a, act.Pass):
        return 0.0
    if isinstance(a, act.End):
        return 0.5
    if isinstance(a, act.Choose):
        return _score_choice(seen, a)
    return 0.0


def _score_choice(seen: DuelView, a: act.Choose) -> float:
    me = _my(seen)
    p = seen.prompt
    if p is None:
        return 0.0
    if p.kind is PromptKind.FIRST_OR_SECOND:
        return 1.0 if a.option == "first" else 0.0
    if p.kind is PromptKind.MAY:
        return 1.0 if a.option == "yes" else 0.0
    if p.kind in (PromptKind.STEAL, PromptKind.STEAL_GIG, PromptKind.SWAP_RIVAL):
        return _die_value(seen, a.option)
    if p.kind in (PromptKind.SWAP_OWN, PromptKind.GIVE_GIG):
        return -_die_value(seen, a.option)  # away goes the lowest die
    if p.kind is PromptKind.AMOUNT:
        return float(a.option)
    if p.kind is PromptKind.GIG:
        # Raise or max your own dice; lower or min the rival's (the prompt says which).
        mine = {d.id: d for d in seen.seats[me].gigs}
        theirs = {d.id: d for d in seen.seats[1 - me].gigs}
        helps = "raise" in p.text or "max Gig" in p.text
        if a.option in mine:
            d = mine[a.option]
            return (d.size - d.value) if helps else -10.0 - d.value
        d2 = theirs.get(a.option)
        return -10.0 - (d2.size if d2 else 0) if helps else (d2.value if d2 else 0.0)
    if p.kind is PromptKind.TARGET:
        rival = {u.card.inst: u.power for u in seen.seats[1 - me].field}
        return rival.get(a.option, -1.0)
    return 0.0


def _die_value(seen: DuelView, die_id: str) -> float:
    for s in seen.seats:
        for d in s.gigs:
            if d.id == die_id:
                return d.value + d.size / 100
    return 0.0


class GreedyPlayer:
    """Takes the best-scoring action by `score_action`; ties broken at random."""

    def choose(
        self,
        seen: DuelView,
        legal: Sequence[act.Action],
        content: TcgContent,
        rng: random.Random,
    ) -> act.Action:
        p = seen.prompt
        if p is not None and p.kind is PromptKind.MODE and p.seat == seen.viewer:
            # A mode's worth depends on the board: look one effect ahead (modes.py).
            picked = best_mode_from_view(seen, content, legal, greedy_policy(content), rng)
            if picked is not None:
                return picked
        best = max(score_action(seen, a, content) for a in legal)
        top = [a for a in legal if score_action(seen, a, content) == best]
        return rng.choice(top)
