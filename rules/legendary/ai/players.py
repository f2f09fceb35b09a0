"""The greedy AI player, and the card valuations the planner (`ai.planner`) shares.

It decides from its own view only: plays every card, fights the best enemy it can
afford, recruits the best Hero, and ends.
"""

from __future__ import annotations

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
)
from rules.legendary.cards import Half, HeroCard, Pack, VillainCard
from rules.legendary.effects import Attack, HeroClass
from rules.legendary.effects import Recruit as RecruitFx
from rules.legendary.view import GameView

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
    return (
        max(_side_worth(side, w_att) for side in (c.halves or (c,)))
        + sum(0.4 for k in c.classes if k in owned)
        + 0.3 * c.cost
    )


def _side_worth(side: HeroCard | Half, w_att: float) -> float:
    """Printed output and abilities of a card, or of one half of a divided card."""
    extra = 0.0
    for ab in side.abilities:
        for e in ab.effects:
            extra += (
                e.amount * (w_att if isinstance(e, Attack) else 1.0)
                if isinstance(e, Attack | RecruitFx)
                else 0.8
            )
    return (side.attack or 0) * w_att + (side.recruit or 0) + 0.7 * extra


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
        side = c.halves[0] if c.halves else c  # a divided card: the planner picks later
        for ab in side.abilities:
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
