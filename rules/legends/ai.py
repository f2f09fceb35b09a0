"""AI crewmates.

An AI decides from a `PlayerView` only: the public board, its own hands and its own
prompts. It never receives the `Table`, so it cannot peek at another seat's hand or deck
(the table-talk rule binds it too), and it picks among `view.legal` so it cannot cheat.
Besides the view it reads the content pack, which is public knowledge: the printed text of
cards, the face-up Obstacles' To Hit requirements, the choices of the scene being voted
on, and the starter decklists of the roles (its prior for what the others may hold). It
never looks at Scenario Cards that are still face down.

`CrewAI` plays to make the Plan hit and to deal the Damage an Obstacle needs:

* For each legal card it considers which cards it will add later in the same Plan (it
  knows how many turns it gets before the Plan executes) and scores the whole set: does
  it meet a requirement by itself; if not, how likely the crewmates who play in between
  are to complete it (one-card "outs" counted from their roles' decklists, or short
  rollouts with sampled hands when more than one card is missing); how much Damage the
  Plan will deal against the Health the Obstacle has left; what the cards' effects are
  worth (immediate Damage, healing, draws, Plan Size). Playing a strong card into a Plan
  that will miss wastes it, so it dumps weak cards when it cannot help.
* Prompts (targets, discards from the Plan, replacements, puts) are answered by scoring
  the Plan each answer leaves behind with the same estimate.
* Votes follow the crew's plurality when someone has voted, else the choice whose
  printed effects are worth most. Clean-up cycles away the cards least useful against
  what is on the table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from rules.legends import effects as fx
from rules.legends.actions import (
    Action,
    Buy,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Play,
    Ready,
)
from rules.legends.cards import (
    DECK_LIMIT,
    REAL_SUITS,
    ContentPack,
    PlayerCard,
    Requirement,
    Role,
    Scenario,
    ScenarioCard,
    Suit,
)
from rules.legends.codes import PromptKind
from rules.legends.damage import plan_damage
from rules.legends.evaluate import EvalCard, classify, compile_card, meets
from rules.legends.view import CardView, PlayerView, PromptView

DONE = "done"

# Scoring weights, in "points of Damage" (the currency of both sides of the fight).
HIT = 3.0  # a Plan that hits at all (it chips in and shows the crew's cards work)
KEEP = 0.55  # how much of a card's worth is lost by playing it into a Plan that misses
HEAL = 0.8  # one point of healing, when the crew is hurt
DRAW = 1.1  # one card drawn
ROLLOUTS = 6  # sampled hands when more than one card is missing
MAX_SETS = 80  # own-card sets considered per decision
# Clean-up: discard a card worth keeping less than this (after a cleared Obstacle, any
# number of them; after a failed round, the worst one).
CLEAR_DISCARD = 1.4
FAIL_DISCARD = 0.9


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


class CrewAI:
    """Plays to meet To Hit requirements and deal the Damage an Obstacle needs."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._evals: dict[tuple[str, str], EvalCard] = {}
        self._pools: dict[tuple[Role, tuple[str, ...]], _Pool] = {}
        self._pending_out: str | None = None
        # Sampled crewmate hands, shared by every option of one decision.
        self._samples: dict[int, list[list[EvalCard]]] = {}

    # ---- the decision ------------------------------------------------------------------

    def choose(self, view: PlayerView, content: ContentPack) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError("no legal action")
        self._samples = {}
        for a in legal:
            if isinstance(a, Flip):
                return a
        chooses = [a for a in legal if isinstance(a, Choose)]
        if view.prompts and chooses:
            return self.answer(view, content, chooses)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return self.play(view, content, plays)
        if chooses and view.board.vote:
            return self.vote(view, content, chooses)
        discards = [a for a in legal if isinstance(a, Discard)]
        readies = [a for a in legal if isinstance(a, Ready)]
        if readies:
            return self.cleanup(view, content, discards, readies)
        closes = [a for a in legal if isinstance(a, CloseVote)]
        if closes:
            return closes[0]
        return legal[0]

    # ---- reading the view -----------------------------------------------------------

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

    # ---- estimating a Plan ----------------------------------------------------------

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

    # ---- playing a card -------------------------------------------------------------

    def play(self, view: PlayerView, content: ContentPack, plays: list[Play]) -> Action:
        sit = self._situation(view, content)
        seat = next((s.seat for s in view.board.seats if s.turn), view.seats[0])
        hand = {c.inst: content.cards[c.id] for c in sit.hands.get(seat, [])}
        legal = {a.card for a in plays}
        # My later turns in this Plan (by seat), and the crewmates' turns in between.
        later: dict[int, int] = {}
        others: list[int] = []
        for s in sit.after:
            if s in sit.mine:
                later[s] = later.get(s, 0) + 1
            else:
                others.append(s)
        pool_by_seat = {
            s: [(c.inst, content.cards[c.id]) for c in sit.hands.get(s, [])] for s in later
        }
        cache: dict[frozenset[str], float] = {}
        best: tuple[float, str] | None = None
        for inst in sorted(legal):
            card = hand[inst]
            # Immediate Damage that clears every Obstacle ends the Plan at once.
            score = self._play_now_bonus(sit, card)
            rest = [(i, c) for i, c in hand.items() if i != inst]
            pool_by_seat[seat] = [(i, c) for i, c in rest if _playable_later(c, sit)]
            later_sets = self._later_sets(pool_by_seat, later)
            set_best = -1e9
            for extra in later_sets:
                key = frozenset([inst, *(i for i, _ in extra)])
                val = cache.get(key)
                if val is None:
                    known = sit.plan + [(inst, card)] + list(extra)
                    val = self.estimate(sit, known, self._others_for(sit, others, known), content)
                    val += sum(self._effect_value(sit, c) for _, c in [(inst, card), *extra])
                    val -= KEEP * sum(worth(c) for _, c in [(inst, card), *extra])
                    cache[key] = val
                set_best = max(set_best, val)
            score += set_best + self._order_bonus(sit, card)
            score += self.rng.random() * 1e-6
            if best is None or score > best[0]:
                best = (score, inst)
        assert best is not None
        return next(a for a in plays if a.card == best[1])

    def _others_for(
        self, sit: _Situation, others: list[int], known: Sequence[tuple[str, PlayerCard]]
    ) -> list[int]:
        """Crewmates' turns left once Plan Size effects of `known` are counted."""
        delta = sum(e.amount for _, c in known for e in c.effects if isinstance(e, fx.PlanSize))
        delta -= sum(e.amount for _, c in sit.plan for e in c.effects if isinstance(e, fx.PlanSize))
        if delta < 0:
            return others[: max(0, len(others) + delta)]
        if delta > 0 and sit.other_roles:
            ring = list(sit.other_roles)
            return others + [ring[i % len(ring)] for i in range(delta)]
        return others

    def _later_sets(
        self, pools: dict[int, list[tuple[str, PlayerCard]]], later: dict[int, int]
    ) -> list[list[tuple[str, PlayerCard]]]:
        sets: list[list[tuple[str, PlayerCard]]] = [[]]
        for s, n in later.items():
            pool = pools.get(s, [])
            k = min(n, len(pool))
            combos = list(combinations(pool, k))
            if len(combos) * len(sets) > MAX_SETS:
                # Too many: keep the strongest cards and a spread of the rest.
                ranked = sorted(pool, key=lambda ic: -worth(ic[1]))
                combos = [tuple(ranked[:k])] + combos[:: max(1, len(combos) // MAX_SETS)]
            sets = [prev + list(c) for prev in sets for c in combos]
        return sets

    def _play_now_bonus(self, sit: _Situation, card: PlayerCard) -> float:
        imm = sum(e.amount for e in card.effects if isinstance(e, fx.ImmediateDamage))
        if imm and len(sit.obstacles) == 1 and imm >= sit.obstacles[0].remaining:
            ob = sit.obstacles[0]
            return 50.0 + ob.clear_bonus
        return 0.0

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

    def _order_bonus(self, sit: _Situation, card: PlayerCard) -> float:
        """Which card of the chosen set to play first."""
        v = 0.0
        for e in card.effects:
            if isinstance(e, fx.OnlyIf) and e.max_plan_cards is not None:
                v += 2.0  # only while the Plan is (nearly) empty: now or never
            elif isinstance(e, fx.Draw | fx.DrawAndPut | fx.PutFromDeck):
                v += 0.4  # more options for the rest of the Plan
            elif isinstance(e, fx.Replace | fx.DiscardFromPlan):
                v -= 0.4  # better with more of the Plan on the table
            elif isinstance(e, fx.PlanSize) and e.amount > 0:
                v += 0.2
        # Show the crew the part of the combination they can build on.
        wanted = {s for ob in sit.obstacles for r in ob.reqs for s in r.suits}
        v += 0.05 * sum(1 for s in card.suits if s in wanted)
        return v

    # ---- prompts --------------------------------------------------------------------

    def answer(self, view: PlayerView, content: ContentPack, chooses: list[Choose]) -> Action:
        prompt = view.prompts[0]
        keys = {a.option: a for a in chooses}
        kind = prompt.kind
        if kind == PromptKind.CHOOSE_PLAYER:
            return self._choose_player(view, prompt, chooses)
        if kind == PromptKind.CHOOSE_TARGET:
            return self._choose_target(view, content, chooses)
        if kind == PromptKind.DRAW_AND_PUT:
            return keys.get("put", chooses[0])
        if kind == PromptKind.DISCARD_FROM_PLAN:
            return self._discard_from_plan(view, content, prompt, keys)
        if kind == PromptKind.REPLACE_PLAN:
            return self._replace_plan(view, content, keys)
        if kind == PromptKind.REPLACE_HAND:
            return self._replace_hand(view, content, keys)
        if kind == PromptKind.PUT_FROM_HAND:
            return self._put_from_hand(view, content, keys)
        if kind in (PromptKind.DISCARD_FROM_HAND, PromptKind.SCENE_DISCARD):
            return self._discard_from_hand(view, content, prompt, keys)
        if kind == PromptKind.ASSIGN_DAMAGE:
            return self._assign(view, prompt, chooses)
        return chooses[0]

    def _choose_player(self, view: PlayerView, prompt: PromptView, chooses: list[Choose]) -> Action:
        b = view.board
        text = prompt.text.lower()
        counts = {f"seat:{s.seat}": s.hand_count for s in b.seats}
        if "discard" in text:
            # Make the runner with the most cards do it (never a short hand).
            return max(chooses, key=lambda a: counts.get(a.option, 0))
        order = [s.seat for s in b.seats]
        turn = next((s.seat for s in b.seats if s.turn), None)
        left = b.plan_size - len(b.plan)
        upcoming: list[str] = []
        if turn is not None and order and left > 0:
            i = order.index(turn)
            upcoming = [f"seat:{order[(i + k) % len(order)]}" for k in range(1, left + 1)]
        if "put" in text:
            mine = [a for a in chooses if a.option == f"seat:{prompt.seat}"]
            if mine:
                return mine[0]
        for key in upcoming:
            for a in chooses:
                if a.option == key:
                    return a
        return min(chooses, key=lambda a: counts.get(a.option, 99))

    def _choose_target(
        self, view: PlayerView, content: ContentPack, chooses: list[Choose]
    ) -> Action:
        obs = self._obstacles(view, content)
        by_key = {
            f"obstacle:{o.order}": ob for o, ob in zip(view.board.obstacles, obs, strict=False)
        }
        amount = _first_int(view.prompts[0].text) if view.prompts else 0
        plan = [self._eval(p.card.inst, content.cards[p.card.id]) for p in view.board.plan]

        def score(a: Choose) -> float:
            ob = by_key.get(a.option)
            if ob is None:
                return -1.0
            s = ob.clear_bonus + 10.0 if amount >= ob.remaining else 0.0
            # Immediate Damage matters most where the Plan is not going to hit.
            s += 0.0 if self._hits(plan, ob.reqs) else 2.0
            return s + ob.damage - 0.01 * ob.remaining

        return max(chooses, key=score)

    def _plan_value(
        self, view: PlayerView, content: ContentPack, plan: list[tuple[str, PlayerCard]]
    ) -> float:
        sit = self._situation(view, content)
        sit.plan = plan
        # The seats still to play after this prompt, the current turn included.
        left = max(0, sit.plan_size - len(plan))
        b = view.board
        order = [s.seat for s in b.seats]
        turn = next((s.seat for s in b.seats if s.turn), None)
        seq: list[int] = []
        if turn is not None and order:
            i = order.index(turn)
            seq = [order[(i + k) % len(order)] for k in range(1, left + 1)]
        others = [s for s in seq if s not in sit.mine]
        return self.estimate(sit, plan, others, content) + 1.2 * sum(
            1 for s in seq if s in sit.mine
        )

    def _plan_now(self, view: PlayerView, content: ContentPack) -> list[tuple[str, PlayerCard]]:
        return [(p.card.inst, content.cards[p.card.id]) for p in view.board.plan]

    def _discard_from_plan(
        self, view: PlayerView, content: ContentPack, prompt: PromptView, keys: dict[str, Choose]
    ) -> Action:
        plan = self._plan_now(view, content)
        each, source = self._discarder(view, content, prompt)
        keep = self._plan_value(view, content, plan)
        best_key, best_val = DONE, keep + 0.25
        for inst, card in plan:
            if inst not in keys:
                continue
            rest = [(i, c) for i, c in plan if i != inst]
            val = self._plan_value(view, content, rest) + each
            # Ties: take out the card that brings least, and rather our own card (a
            # card that discards itself is a pass: the next player gets the slot).
            val -= 0.05 * _flat_damage(card) - (0.02 if inst == source else 0.0)
            if val > best_val:
                best_key, best_val = inst, val
        return keys.get(best_key, keys.get(DONE, next(iter(keys.values()))))

    def _discarder(
        self, view: PlayerView, content: ContentPack, prompt: PromptView
    ) -> tuple[int, str | None]:
        """The card behind a discard-from-Plan prompt (the last such card of this seat
        in the Plan) and the immediate Damage it deals per discarded card."""
        for p in reversed(view.board.plan):
            if p.seat != prompt.seat:
                continue
            for e in content.cards[p.card.id].effects:
                if isinstance(e, fx.DiscardFromPlan):
                    return e.damage_each, p.card.inst
        return 0, None

    def _replace_plan(
        self, view: PlayerView, content: ContentPack, keys: dict[str, Choose]
    ) -> Action:
        plan = self._plan_now(view, content)
        seat = view.prompts[0].seat
        hand = [(c.inst, content.cards[c.id]) for c in view.hands.get(seat, ())]
        keep = self._plan_value(view, content, plan)
        best: tuple[float, str, str] | None = None
        for out, _ in plan:
            if out not in keys:
                continue
            rest = [(i, c) for i, c in plan if i != out]
            for inst, card in hand:
                if _restricted(card):
                    continue
                val = self._plan_value(view, content, rest + [(inst, card)])
                val -= KEEP * worth(card)
                if val > keep + 0.5 and (best is None or val > best[0]):
                    best = (val, out, inst)
        if best is None:
            self._pending_out = None
            return keys.get(DONE, next(iter(keys.values())))
        self._pending_out = best[2]
        return keys[best[1]]

    def _replace_hand(
        self, view: PlayerView, content: ContentPack, keys: dict[str, Choose]
    ) -> Action:
        wanted, self._pending_out = self._pending_out, None
        if wanted is not None and wanted in keys:
            return keys[wanted]
        plan = self._plan_now(view, content)
        hand = {c.inst: content.cards[c.id] for hs in view.hands.values() for c in hs}
        return max(
            keys.values(),
            key=lambda a: (
                self._plan_value(view, content, plan + [(a.option, hand[a.option])])
                if a.option in hand
                else -1e9
            ),
        )

    def _put_from_hand(
        self, view: PlayerView, content: ContentPack, keys: dict[str, Choose]
    ) -> Action:
        plan = self._plan_now(view, content)
        hand = {c.inst: content.cards[c.id] for hs in view.hands.values() for c in hs}
        sit = self._situation(view, content)
        best_key = DONE if DONE in keys else None
        best_val = self._plan_value(view, content, plan) if best_key else -1e9
        for key in keys:
            card = hand.get(key)
            if card is None:
                continue
            val = self._plan_value(view, content, plan + [(key, card)])
            val += self._effect_value(sit, card) - KEEP * worth(card)
            if val > best_val + 0.1:
                best_key, best_val = key, val
        if best_key is None:
            return next(iter(keys.values()))
        return keys[best_key]

    def _discard_from_hand(
        self, view: PlayerView, content: ContentPack, prompt: PromptView, keys: dict[str, Choose]
    ) -> Action:
        hand = {c.inst: content.cards[c.id] for c in view.hands.get(prompt.seat, ())}
        cards = [k for k in keys if k in hand]
        # Optional: worth it only when the effect draws back (Scrap Haul).
        if DONE in keys and (not cards or not self._draws_back(view, content, prompt)):
            return keys[DONE]
        if not cards:
            return next(iter(keys.values()))
        obstacles = self._obstacles(view, content)
        rest = [hand[k] for k in cards]
        return keys[min(cards, key=lambda k: self.keep_value(hand[k], rest, obstacles))]

    def _draws_back(self, view: PlayerView, content: ContentPack, prompt: PromptView) -> bool:
        mine = [content.cards[p.card.id] for p in view.board.plan if p.seat == prompt.seat]
        for card in reversed(mine):
            for e in card.effects:
                if isinstance(e, fx.DiscardFromHand):
                    return e.draw_after >= 1
        return False

    def _assign(self, view: PlayerView, prompt: PromptView, chooses: list[Choose]) -> Action:
        keys = {a.option: a for a in chooses}
        ob = next((o for o in view.board.obstacles if o.name in prompt.text), None)
        options = sorted(int(a.option) for a in chooses if a.option.isdigit())
        if ob is None or not options:
            return chooses[-1]
        need = ob.health - ob.damage_taken
        pick = min((n for n in options if n >= need), default=options[-1])
        return keys[str(pick)]

    # ---- votes, clean-up, shopping --------------------------------------------------

    def vote(self, view: PlayerView, content: ContentPack, chooses: list[Choose]) -> Action:
        keys = {a.option: a for a in chooses}
        tally: dict[str, int] = {}
        for v in view.board.votes.values():
            tally[v] = tally.get(v, 0) + 1
        if tally:
            # Crew cohesion: go with the crew (the first vote breaks ties).
            first = next(iter(view.board.votes.values()))
            top = max(tally.values())
            pick = first if tally[first] == top else max(tally, key=lambda k: tally[k])
            if pick in keys:
                return keys[pick]
        choices = self._vote_card_choices(view, content)
        if not choices:
            return chooses[0]
        return max(
            chooses,
            key=lambda a: (
                self._choice_value(view, choices.get(a.option, ()))
                - 0.001 * list(keys).index(a.option)
            ),
        )

    def _vote_card_choices(
        self, view: PlayerView, content: ContentPack
    ) -> dict[str, tuple[fx.SceneEffect, ...]]:
        """The effects of each answer of the scene being voted on (printed on it)."""
        want = {(o.key, o.label) for o in view.board.vote}
        for scen in content.scenarios.values():
            if view.board.scenario is not None and scen.name != view.board.scenario:
                continue
            for card in scen.cards:
                if card.choices and {(c.key, c.label) for c in card.choices} == want:
                    return {c.key: c.effects for c in card.choices}
        return {}

    def _choice_value(self, view: PlayerView, effects: Iterable[fx.SceneEffect]) -> float:
        b = view.board
        v = 0.0
        for e in effects:
            if isinstance(e, fx.GainEddies):
                v += 0.5 * e.amount
            elif isinstance(e, fx.HealCrew):
                v += min(e.amount, b.max_health - b.health)
            elif isinstance(e, fx.DamageCrew):
                v -= e.amount * (2.0 if b.health <= e.amount + 4 else 1.0)
            elif isinstance(e, fx.EachDraws):
                v += DRAW * e.count
            elif isinstance(e, fx.EachDiscards):
                v -= DRAW * e.count
            elif isinstance(e, fx.DrawNext):
                v -= 0.5  # more trouble at once
            elif isinstance(e, fx.DiscardNext):
                v -= 0.2  # whatever it was, it is gone unseen
            elif isinstance(e, fx.SetMemory):
                v += 0.3  # the city remembers; usually worth something later
            elif isinstance(e, fx.AddCards):
                v += 1.0 * len(e.cards)
            elif isinstance(e, fx.UnlockPack):
                v += 2.0
            elif isinstance(e, fx.IfMemory):
                v += 0.5 * self._choice_value(view, e.then)
        return v

    def cleanup(
        self, view: PlayerView, content: ContentPack, discards: list[Discard], readies: list[Ready]
    ) -> Action:
        """Cycle away what helps least: after a cleared round, every weak card; after a
        failed one, the one card least useful against the Obstacles still standing."""
        obstacles = self._obstacles(view, content)
        cleared = not view.board.obstacles
        by_seat = {a.merc: a for a in readies}
        for seat in view.seats:
            merc = any(s.seat == seat and s.is_merc for s in view.board.seats)
            hand = [(c.inst, content.cards[c.id]) for c in view.hands.get(seat, ())]
            mine = [d for d in discards if d.merc == merc]
            if merc not in by_seat:
                continue
            if mine and hand:
                cards = [c for _, c in hand]
                scored = sorted(((self.keep_value(c, cards, obstacles), i) for i, c in hand))
                value, inst = scored[0]
                threshold = CLEAR_DISCARD if cleared else FAIL_DISCARD
                if value < threshold:
                    for d in mine:
                        if d.card == inst:
                            return d
            return by_seat[merc]
        return readies[0]

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

    def shop(
        self,
        deck: Sequence[str],
        eddies: int,
        pool: Sequence[str],
        content: ContentPack,
        player: str,
        merc: bool = False,
    ) -> list[Buy]:
        """Between runs: buy the best cards the Eddies allow (3 copies at most)."""
        buys: list[Buy] = []
        counts = {c: deck.count(c) for c in set(deck)}
        left = eddies
        while True:
            options = [
                c
                for c in pool
                if c in content.cards
                and counts.get(c, 0) < DECK_LIMIT
                and 0 < content.cards[c].cost <= left
            ]
            if not options:
                return buys
            best = max(
                options,
                key=lambda c: (
                    worth(content.cards[c]) / content.cards[c].cost,
                    content.cards[c].cost,
                    c,
                ),
            )
            if worth(content.cards[best]) < 2.0:
                return buys
            buys.append(Buy(player=player, card=best, merc=merc))
            counts[best] = counts.get(best, 0) + 1
            left -= content.cards[best].cost


# ---- card arithmetic (public card text only) ------------------------------------------


def _flat_damage(card: PlayerCard) -> float:
    v = 0.0
    for e in card.effects:
        if isinstance(e, fx.Damage):
            v += e.amount
        elif isinstance(e, fx.DamagePerSymbol):
            v += 2.0 * e.amount
        elif isinstance(e, fx.DamagePerPair | fx.DamagePerCard):
            v += 1.5 * e.amount
    return v


def worth(card: PlayerCard) -> float:
    """A card's general value in a future Plan: its Damage and effects, and how many
    structures it can join (ranks, suits, wilds)."""
    v = _flat_damage(card)
    for e in card.effects:
        if isinstance(e, fx.ImmediateDamage):
            v += e.amount
        elif isinstance(e, fx.Heal):
            v += 0.7 * e.amount
        elif isinstance(e, fx.Draw):
            v += DRAW * e.count
        elif isinstance(e, fx.PlanSize):
            v += 1.2 * e.amount
        elif isinstance(e, fx.DrawAndPut | fx.PutFromDeck):
            v += 1.0
        elif isinstance(e, fx.PutFromHand | fx.Replace | fx.DiscardFromPlan):
            v += 0.6 + 0.5 * getattr(e, "damage_each", 0)
        elif isinstance(e, fx.DiscardFromHand):
            v += 0.5 * e.draw_after - (0.0 if e.optional else 0.6 * e.count)
        elif isinstance(e, fx.OnlyIf):
            v -= 0.6
        elif isinstance(e, fx.Named):
            v += 1.0
    v += 0.3 * (len(card.ranks) - 1) + 0.2 * len(card.suits)
    v += 0.3 * sum(1 for s in card.suits if s is Suit.ANY)
    return v


def _restricted(card: PlayerCard) -> bool:
    return any(isinstance(e, fx.OnlyIf) for e in card.effects)


def _playable_later(card: PlayerCard, sit: _Situation) -> bool:
    """Could this card still be *played* on a later turn of this Plan?"""
    n = len(sit.plan) + 1
    for e in card.effects:
        if isinstance(e, fx.OnlyIf) and e.max_plan_cards is not None and n > e.max_plan_cards:
            return False
    return True


# How a crewmate picks its card in a rollout: a cheap guess of which card moves the Plan
# furthest toward the requirements (ranks shared with the Plan, nearby ranks for runs,
# wanted suits, wilds).


def _near_of(plan: Sequence[EvalCard]) -> dict[int, float]:
    near: dict[int, float] = {}
    for c in plan:
        _add_near(near, c)
    return near


def _add_near(near: dict[int, float], card: EvalCard) -> None:
    for r in card.ranks:
        near[r] = near.get(r, 0.0) + 3.0
        for d in (-2, -1, 1, 2):
            near[r + d] = near.get(r + d, 0.0) + 0.5


def _wanted_suits(reqs: Sequence[Requirement]) -> tuple[float, float, float, float]:
    w = [0.0, 0.0, 0.0, 0.0]
    for req in reqs:
        for s in req.suits:
            w[_SUIT_INDEX[s]] = 1.0
        if req.flush_suit is not None:
            w[_SUIT_INDEX[req.flush_suit]] = 1.0
    return (w[0], w[1], w[2], w[3])


def _fit(
    card: EvalCard, near: dict[int, float], wanted: tuple[float, float, float, float]
) -> float:
    s0, s1, s2, s3 = card.suits
    w0, w1, w2, w3 = wanted
    score = 0.5 * card.wild + w0 * s0 + w1 * s1 + w2 * s2 + w3 * s3
    for r in card.ranks:
        score += near.get(r, 0.0)
    return score


_SUIT_INDEX: dict[Suit, int] = {s: i for i, s in enumerate(REAL_SUITS)}


def _first_int(text: str) -> int:
    for word in text.split():
        if word.isdigit():
            return int(word)
    return 0
