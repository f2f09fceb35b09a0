"""Two AI levels: a greedy player and a turn-planning player.

Both decide from their own view only. The greedy player plays every card, fights the
best enemy it can afford, recruits the dearest Hero, and ends. The planner orders its
plays to fire the most Superpowers, chooses the set of fights that is worth most for its
Attack (Uru-Enchanted enemies with a safety margin), decides whether to Heal, and spends
its Recruit on the best combination of HQ Heroes and Officers.
"""

from __future__ import annotations

from itertools import combinations, permutations

from rules.legendary.actions import (
    MASTERMIND,
    OFFICER,
    Action,
    EndTurn,
    Fight,
    Heal,
    Play,
    Recruit,
)
from rules.legendary.ai.base import (
    answer_prompt,
    card_value,
    hand,
    has_fated,
    me,
    sends_self_undercover,
)
from rules.legendary.cards import HeroCard, Pack, VillainCard
from rules.legendary.effects import Attack, HeroClass
from rules.legendary.effects import Recruit as RecruitFx
from rules.legendary.view import CardRef, GameView

URU_MARGIN = 2  # assumed VP per revealed card when deciding an Uru fight (most are 0-3)
LATE = 10  # Villain Deck cards left when the game counts as late


def _late(view: GameView) -> bool:
    return view.villain_deck <= LATE


def _target_value(view: GameView, pack: Pack, target: str) -> tuple[float, int]:
    """(worth, expected Attack needed) of fighting a target."""
    if target == MASTERMIND:
        mm = view.mastermind
        need = mm.attack + URU_MARGIN * mm.uru
        # Tactics win the game: worth more the fewer are left.
        return 10.0 + 20.0 / max(1, mm.tactics_left) + len(mm.captured), need
    for i, s in enumerate(view.city):
        if s.villain is not None and s.villain.inst == target:
            c = pack.cards[s.villain.id]
            vp = c.vp if isinstance(c, VillainCard) else 0
            # A Villain near the Bridge escapes soon; Bystanders it holds score.
            urgency = (4 - i) * 0.0 + (2.5 if i == 0 else 1.0 if i == 1 else 0.0)
            worth = vp + 1.5 * len(s.captured) + urgency + 0.5
            return worth, (s.attack or 0) + URU_MARGIN * s.uru
    return 0.0, 10**6


def _wounds_in_hand(view: GameView, pack: Pack) -> int:
    return sum(1 for r in hand(view) if pack.cards[r.id].kind == "wound")


def _play(view: GameView, pack: Pack, a: Play, *, fated: bool) -> Play:
    c = pack.cards[next(r.id for r in hand(view) if r.inst == a.card)]
    if has_fated(c):
        return a.model_copy(update={"fated_future": fated and card_value(c) >= 3})
    return a


class GreedyAgent:
    name = "greedy"

    def decide(self, view: GameView, legal: list[Action], pack: Pack) -> Action:
        if view.prompt is not None:
            return answer_prompt(view, pack, legal, late=_late(view))
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            # Grey and Superpower-free cards first, so later Superpowers can fire.
            def order(a: Play) -> int:
                c = pack.cards[next(r.id for r in hand(view) if r.inst == a.card)]
                return (
                    sum(1 for ab in c.abilities if ab.superpower) if isinstance(c, HeroCard) else 0
                )

            return _play(view, pack, min(plays, key=order), fated=True)
        fights = [a for a in legal if isinstance(a, Fight)]
        good = []
        for f in fights:
            worth, need = _target_value(view, pack, f.target)
            if need <= view.attack:
                good.append((worth, f))
        if any(isinstance(a, Heal) for a in legal) and not good and view.recruit < 3:
            return Heal(seat=me(view))
        if good:
            return max(good, key=lambda wf: wf[0])[1]
        recruits = [a for a in legal if isinstance(a, Recruit)]
        if recruits:
            return max(recruits, key=lambda r: _recruit_value(view, pack, r, ()))
        return EndTurn(seat=me(view))


def _recruit_value(view: GameView, pack: Pack, r: Recruit, owned: tuple[HeroClass, ...]) -> float:
    """Worth of a recruit: its printed output and abilities, weighted toward Attack once
    the deck has enough Recruit (Attack is what beats the Mastermind)."""
    if r.card == OFFICER:
        return 1.5
    ref = next(h for h in view.hq if h is not None and h.inst == r.card)
    c = pack.cards[ref.id]
    if not isinstance(c, HeroCard):
        return 0.0
    mine = view.players[me(view)]
    rec = att = 0
    for x in (*mine.discard, *mine.played, *(mine.hand or ())):
        d = pack.cards[x.id]
        if isinstance(d, HeroCard):
            rec += d.recruit or 0
            att += d.attack or 0
    w_att = 1.6 if rec >= att else 1.1
    extra = 0.0
    for ab in c.abilities:
        for e in ab.effects:
            extra += (
                e.amount * (w_att if isinstance(e, Attack) else 1.0)
                if isinstance(e, Attack | RecruitFx)
                else 0.8
            )
    synergy = sum(0.4 for k in c.classes if k in owned)
    return (c.attack or 0) * w_att + (c.recruit or 0) + 0.7 * extra + synergy + 0.3 * c.cost


def _icons(c: HeroCard) -> set[str]:
    out = {k.value for k in c.classes}
    if c.team:
        out.add(c.team)
    return out


def _sequence_value(cards: list[HeroCard], played_icons: list[set[str]]) -> float:
    """Pool gained by Superpowers firing when played in this order (rough)."""
    earlier = list(played_icons)
    total = 0.0
    for c in cards:
        for ab in c.abilities:
            if not ab.superpower:
                continue
            need: dict[str, int] = {}
            for icon in ab.superpower:
                need[icon] = need.get(icon, 0) + 1
            if all(sum(1 for e in earlier if icon in e) >= n for icon, n in need.items()):
                gain = 0.0
                for e in ab.effects:
                    gain += e.amount if isinstance(e, Attack | RecruitFx) else 1.0
                total += gain
        earlier.append(_icons(c))
    return total


class PlannerAgent:
    """Plans its turn from its view: play order, heal, fights, recruits."""

    name = "planner"

    def decide(self, view: GameView, legal: list[Action], pack: Pack) -> Action:
        if view.prompt is not None:
            return answer_prompt(view, pack, legal, late=_late(view))
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return self._next_play(view, pack, plays)
        heal = any(isinstance(a, Heal) for a in legal)
        fights = [a for a in legal if isinstance(a, Fight)]
        plan = self._fight_plan(view, pack, fights)
        if heal and self._should_heal(view, pack, plan):
            return Heal(seat=me(view))
        if plan:
            return plan[0]
        recruits = [a for a in legal if isinstance(a, Recruit)]
        if recruits:
            best = self._recruit_plan(view, pack, recruits)
            if best is not None:
                return best
        return EndTurn(seat=me(view))

    def _next_play(self, view: GameView, pack: Pack, plays: list[Play]) -> Play:
        by_inst = {r.inst: r for r in hand(view)}
        cards = {a.card: pack.cards[by_inst[a.card].id] for a in plays}
        heroes = {i: c for i, c in cards.items() if isinstance(c, HeroCard)}
        played_icons = [
            _icons(c) for r in view.played_this_turn if isinstance(c := pack.cards[r.id], HeroCard)
        ]
        order = list(heroes)
        if 1 < len(order) <= 6:
            best_v, best = -1.0, order
            for perm in permutations(order):
                v = _sequence_value([heroes[i] for i in perm], played_icons)
                if v > best_v:
                    best_v, best = v, list(perm)
            order = best
        first = order[0]
        a = next(p for p in plays if p.card == first)
        c = heroes[first]
        if sends_self_undercover(c):
            pass  # answered at the prompt
        return _play(view, pack, a, fated=True)

    def _fight_plan(self, view: GameView, pack: Pack, fights: list[Fight]) -> list[Fight]:
        """The set of fights worth most for the Attack in hand, best first."""
        options = []
        for f in fights:
            worth, need = _target_value(view, pack, f.target)
            options.append((worth, need, f))
        best: tuple[float, list[Fight]] = (0.0, [])
        for k in range(1, min(len(options), 6) + 1):
            for combo in combinations(options, k):
                need = sum(c[1] for c in combo)
                if need > view.attack:
                    continue
                # Only one Mastermind fight can be planned from this view.
                worth = sum(c[0] for c in combo)
                if worth > best[0]:
                    ordered = sorted(combo, key=lambda c: -c[0])
                    best = (worth, [c[2] for c in ordered])
        return best[1]

    def _should_heal(self, view: GameView, pack: Pack, plan: list[Fight]) -> bool:
        """Heal only when it costs little: nothing worth fighting and little to recruit
        (Healing forbids both for the rest of the turn)."""
        wounds = _wounds_in_hand(view, pack)
        if wounds == 0 or plan:
            return False
        return view.recruit < 3 or wounds >= 2 and view.recruit < 5

    def _recruit_plan(self, view: GameView, pack: Pack, recruits: list[Recruit]) -> Action | None:
        owned = tuple(
            k
            for p in (view.players[me(view)],)
            for r in (*p.discard, *p.played, *(p.hand or ()))
            if isinstance(c := pack.cards[r.id], HeroCard)
            for k in c.classes
        )
        heroes = [r for r in recruits if r.card != OFFICER]
        officer = next((r for r in recruits if r.card == OFFICER), None)
        best: tuple[float, Action | None] = (0.0, None)
        for k in range(0, min(len(heroes), 4) + 1):
            for combo in combinations(heroes, k):
                cost = sum(self._cost(view, pack, r) for r in combo)
                if cost > view.recruit:
                    continue
                left = view.recruit - cost
                worth = sum(_recruit_value(view, pack, r, owned) for r in combo)
                officers = left // max(1, view.officer_cost) if officer is not None else 0
                worth += 1.0 * min(officers, view.officers)
                if worth > best[0]:
                    first: Action | None = (
                        max(combo, key=lambda r: self._cost(view, pack, r)) if combo else officer
                    )
                    best = (worth, first)
        return best[1]

    @staticmethod
    def _cost(view: GameView, pack: Pack, r: Recruit) -> int:
        ref: CardRef | None = next((h for h in view.hq if h is not None and h.inst == r.card), None)
        return ref.cost or 0 if ref is not None else 0
