"""`CrewAI`: plays to meet To Hit requirements and deal the Damage an Obstacle needs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
from rules.legends.ai.answers import _Answers
from rules.legends.ai.situation import _Situation
from rules.legends.ai.worth import (
    CLEAR_DISCARD,
    DRAW,
    FAIL_DISCARD,
    KEEP,
    MAX_SETS,
    _playable_later,
    worth,
)
from rules.legends.cards import (
    DECK_LIMIT,
    ContentPack,
    PlayerCard,
)
from rules.legends.view import PlayerView


class CrewAI(_Answers):
    """Plays to meet To Hit requirements and deal the Damage an Obstacle needs."""

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
