"""What `CrewAI` reads from a view: the Obstacles, the Plan, its crewmates' likely hands
(their roles' decklists), and its estimate of how likely a Plan is to hit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.legends import effects as fx
from rules.legends.ai.situation import (
    _Obstacle,
    _Pool,
    _Situation,
)
from rules.legends.ai.worth import (
    DRAW,
    HEAL,
    HIT,
    ROLLOUTS,
    _add_near,
    _fit,
    _flat_damage,
    _near_of,
    _wanted_suits,
    worth,
)
from rules.legends.cards import (
    ContentPack,
    PlayerCard,
    Requirement,
    Role,
    Scenario,
    ScenarioCard,
    Suit,
)
from rules.legends.damage import plan_damage
from rules.legends.evaluate import EvalCard, classify, compile_card, meets
from rules.legends.view import PlayerView


class _Reader:
    """The view-reading and estimating half of `CrewAI`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._evals: dict[tuple[str, str], EvalCard] = {}
        self._pools: dict[tuple[Role, tuple[str, ...]], _Pool] = {}
        self._pending_out: str | None = None
        # Sampled crewmate hands, shared by every option of one decision.
        self._samples: dict[int, list[list[EvalCard]]] = {}

    def _eval(self, key: str, card: PlayerCard) -> EvalCard:
        got = self._evals.get((key, card.id))
        if got is None:
            got = compile_card(key, card)
            self._evals[(key, card.id)] = got
        return got

    def _scenario(self, view: PlayerView, content: ContentPack) -> Scenario | None:
        name = view.board.scenario
        if name is None:
            return None
        orders = {(o.order, o.name) for o in view.board.obstacles}
        for scen in content.scenarios.values():
            if scen.name != name:
                continue
            cards = {(c.order, c.name) for c in scen.cards}
            if orders <= cards:
                return scen
        return None

    def _obstacle_cards(self, view: PlayerView, content: ContentPack) -> list[ScenarioCard]:
        scen = self._scenario(view, content)
        if scen is None:
            return []
        by_order = {c.order: c for c in scen.cards}
        return [by_order[o.order] for o in view.board.obstacles if o.order in by_order]

    def _obstacles(self, view: PlayerView, content: ContentPack) -> list[_Obstacle]:
        out: list[_Obstacle] = []
        for ob, card in zip(
            view.board.obstacles, self._obstacle_cards(view, content), strict=False
        ):
            regen = sum(e.amount for e in card.end_of_round if isinstance(e, fx.HealObstacle))
            extra: float = sum(e.amount for e in card.end_of_round if isinstance(e, fx.DamageCrew))
            extra += sum(1.5 * e.count for e in card.end_of_round if isinstance(e, fx.EachDiscards))
            per_round = card.damage + extra
            out.append(
                _Obstacle(
                    name=card.name,
                    reqs=card.to_hit,
                    remaining=max(1, ob.health - ob.damage_taken),
                    damage=card.damage,
                    regen=regen,
                    clear_bonus=1.0 + 2.0 * per_round,
                )
            )
        return out

    def _pool(self, content: ContentPack, role: Role) -> _Pool:
        deck = content.roles[role].cards if role in content.roles else ()
        key = (role, deck)
        got = self._pools.get(key)
        if got is not None:
            return got
        ids = sorted(set(deck))
        cards = [(f"u:{cid}", content.cards[cid]) for cid in ids]
        flat = [i for i, cid in enumerate(ids) for _ in range(deck.count(cid))]
        evals = [self._eval(k, c) for k, c in cards]
        dmg = [_flat_damage(c) for _, c in cards]
        avg = sum(dmg[i] for i in flat) / len(flat) if flat else 1.0
        got = _Pool(
            cards=cards,
            evals=evals,
            avg_damage=avg,
            flat=flat,
            weights=[deck.count(cid) for cid in ids],
        )
        self._pools[key] = got
        return got

    def _situation(self, view: PlayerView, content: ContentPack) -> _Situation:
        b = view.board
        order = [s.seat for s in b.seats]
        turn = next((s.seat for s in b.seats if s.turn), order[0] if order else 0)
        left = max(0, b.plan_size - len(b.plan) - 1)
        after: list[int] = []
        if order:
            i = order.index(turn) if turn in order else 0
            for k in range(1, left + 1):
                after.append(order[(i + k) % len(order)])
        mine = set(view.seats)
        return _Situation(
            plan=[(p.card.inst, content.cards[p.card.id]) for p in b.plan],
            obstacles=self._obstacles(view, content),
            after=after,
            mine=mine,
            hands={s: list(h) for s, h in view.hands.items()},
            other_roles={s.seat: Role(s.role) for s in b.seats if s.seat not in mine},
            other_hand_counts={s.seat: s.hand_count for s in b.seats if s.seat not in mine},
            health=b.health,
            max_health=b.max_health,
            plan_size=b.plan_size,
        )

    def _hits(self, evals: Sequence[EvalCard], reqs: Sequence[Requirement]) -> bool:
        if any(c.wild for c in evals):
            return any(meets(evals, r) is not None for r in reqs)
        # Without wilds `classify` is a table lookup, and meeting a requirement needs a
        # structure at least as strong as its hand.
        made = classify(evals)
        if made is None:
            return False
        strength = made.strength
        return any(r.hand.strength <= strength and meets(evals, r) is not None for r in reqs)

    def estimate(
        self,
        sit: _Situation,
        known: Sequence[tuple[str, PlayerCard]],
        others: Sequence[int],
        content: ContentPack,
    ) -> float:
        """Worth of a Plan that ends with `known` plus one card from each seat in
        `others` (crewmates whose hands the AI cannot see)."""
        if not sit.obstacles:
            return 0.0
        evals = [self._eval(k, c) for k, c in known]
        cards = [c for _, c in known]
        probs = self._hit_chances(sit, evals, others, content)
        dmg: float = plan_damage(cards, evals)
        dmg += sum(
            self._pool(content, sit.other_roles[s]).avg_damage
            for s in others
            if s in sit.other_roles
        )
        value = 0.0
        for ob, p in zip(sit.obstacles, probs, strict=True):
            if p <= 0:
                continue
            if dmg >= ob.remaining:
                gain = ob.remaining + ob.clear_bonus
            else:
                gain = max(0.0, dmg - ob.regen) * (0.5 + 0.5 * dmg / ob.remaining)
            value += p * (HIT + gain)
        return value

    def _hit_chances(
        self, sit: _Situation, evals: list[EvalCard], others: Sequence[int], content: ContentPack
    ) -> list[float]:
        probs: list[float | None] = []
        for ob in sit.obstacles:
            probs.append(1.0 if self._hits(evals, ob.reqs) else None)
        if all(p is not None for p in probs):
            return [p or 0.0 for p in probs]
        seats = [s for s in others if s in sit.other_roles]
        if not seats:
            return [p or 0.0 for p in probs]
        if len(seats) == 1:
            s = seats[0]
            pool = self._pool(content, sit.other_roles[s])
            h = max(1, sit.other_hand_counts.get(s, 5))
            out: list[float] = []
            for ob, p in zip(sit.obstacles, probs, strict=True):
                if p is not None:
                    out.append(p)
                    continue
                good = sum(
                    w
                    for i, w in enumerate(pool.weights)
                    if w and self._hits(evals + [pool.evals[i]], ob.reqs)
                )
                f = good / len(pool.flat) if pool.flat else 0.0
                out.append(1.0 - (1.0 - f) ** h)
            return out
        return self._rollouts(sit, evals, seats, probs, content)

    def _rollouts(
        self,
        sit: _Situation,
        evals: list[EvalCard],
        seats: Sequence[int],
        known: list[float | None],
        content: ContentPack,
    ) -> list[float]:
        """Sample the crewmates' hands from their roles' decklists (the same samples for
        every option of one decision) and let each play the card that moves the Plan
        closest to a requirement; count how often the Plan then hits."""
        open_reqs = [
            r for ob, p in zip(sit.obstacles, known, strict=True) if p is None for r in ob.reqs
        ]
        wanted = _wanted_suits(open_reqs)
        base = _near_of(evals)
        wins = [0] * len(sit.obstacles)
        for k in range(ROLLOUTS):
            plan = list(evals)
            near = dict(base)
            left: dict[int, list[EvalCard]] = {}
            for s in seats:
                if s not in left:
                    hands = self._sampled_hands(sit, s, content)
                    left[s] = list(hands[k]) if hands else []
                hand = left[s]
                if hand:
                    pick = max(hand, key=lambda c: _fit(c, near, wanted))
                    hand.remove(pick)
                    plan.append(pick)
                    _add_near(near, pick)
            for i, (ob, p) in enumerate(zip(sit.obstacles, known, strict=True)):
                if p is None and self._hits(plan, ob.reqs):
                    wins[i] += 1
        return [p if p is not None else wins[i] / ROLLOUTS for i, p in enumerate(known)]

    def _sampled_hands(
        self, sit: _Situation, seat: int, content: ContentPack
    ) -> list[list[EvalCard]]:
        got = self._samples.get(seat)
        if got is None:
            pool = self._pool(content, sit.other_roles[seat])
            got = []
            if pool.flat:
                h = min(len(pool.flat), max(1, sit.other_hand_counts.get(seat, 5)))
                got = [
                    [pool.evals[i] for i in self.rng.sample(pool.flat, h)] for _ in range(ROLLOUTS)
                ]
            self._samples[seat] = got
        return got

    def _effect_value(self, sit: _Situation, card: PlayerCard) -> float:
        """What a card's non-Damage effects bring to this Plan, hit or miss."""
        v = 0.0
        missing = sit.max_health - sit.health
        danger = 1.0 + max(0, 8 - sit.health) / 4
        for e in card.effects:
            if isinstance(e, fx.ImmediateDamage) and sit.obstacles:
                target = min(sit.obstacles, key=lambda o: o.remaining)
                v += min(e.amount, target.remaining)
            elif isinstance(e, fx.Heal):
                v += HEAL * danger * min(e.amount, missing)
            elif isinstance(e, fx.Draw):
                v += DRAW * e.count * (len(sit.other_roles) + 1 if e.who == "each" else 1)
            elif isinstance(e, fx.DrawAndPut | fx.PutFromDeck):
                v += 1.2
            elif isinstance(e, fx.PutFromHand | fx.Replace):
                v += 0.8
            elif isinstance(e, fx.DiscardFromPlan):
                v += 0.6 + 0.5 * e.damage_each * e.max
            elif isinstance(e, fx.DiscardFromHand):
                v += 0.6 * e.draw_after - (0.0 if e.optional else 0.8 * e.count)
            elif isinstance(e, fx.PlanSize) and e.amount > 0:
                v += 0.4 * e.amount
        return v

    def keep_value(
        self, card: PlayerCard, hand: Sequence[PlayerCard], obstacles: Sequence[_Obstacle]
    ) -> float:
        """How much a card in hand is worth keeping: its general worth, plus how it fits
        the requirements on the table and the rest of the hand."""
        v = worth(card)
        wanted: dict[Suit, int] = {}
        for ob in obstacles:
            for r in ob.reqs:
                for s in r.suits:
                    wanted[s] = wanted.get(s, 0) + 1
                if r.flush_suit is not None:
                    wanted[r.flush_suit] = wanted.get(r.flush_suit, 0) + 2
        v += 0.3 * sum(min(2, wanted.get(s, 0)) for s in card.suits)
        v += 0.3 * sum(1 for s in card.suits if s is Suit.ANY) * bool(wanted)
        others = [c for c in hand if c is not card]
        v += 0.6 * sum(1 for r in card.ranks for c in others if r in c.ranks)
        return v
