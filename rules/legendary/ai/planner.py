"""The planning AI: plans its turn from its own view, aware of what the Scheme threatens.

On top of the greedy player's habits it looks ahead over the rest of its own turn
(`ai.lookahead`): the play order that fires the most Superpowers and draws before them,
and an expectimax over its fights (Uru-Enchanted Weapons reveals as a chance node, from
public cards only), each target worth what this Scheme makes it worth (how soon a
Villain would escape and what an escape costs; the Mastermind more the fewer Tactics are
left). It picks the half of a divided card it needs, decides whether to Heal, weighs
recruiting against fighting under a recruit-or-fight lock (L10), spends its Recruit
on the best combination of HQ Heroes and Officers (Tech Heroes when the Scheme or
Mastermind punishes hands without one), and takes the Scheme's special actions: it
campaigns for one Hero Name under a vote Scheme (L12) and flushes buried HQ spaces (L13).
Everything it reads is in its `GameView`; it never sees a `Game`.
"""

from __future__ import annotations

from itertools import combinations

from rules.legendary.actions import (
    MASTERMIND,
    OFFICER,
    Action,
    Choose,
    EndTurn,
    Fight,
    Heal,
    Play,
    Recruit,
    Special,
)
from rules.legendary.ai.base import answer_prompt, card_value, hand, me, visible_cards
from rules.legendary.ai.lookahead import best_order, fight_plan, played_icons
from rules.legendary.ai.players import (
    _late,
    _play,
    _recruit_value,
    _wounds_in_hand,
)
from rules.legendary.cards import EvilWinsOn, Half, HeroCard, Pack, VillainCard
from rules.legendary.effects import Attack, Draw, FlushHq, HeroClass, RevealOr, StackHero
from rules.legendary.effects import Recruit as RecruitFx
from rules.legendary.state import CITY, PromptKind
from rules.legendary.view import CardRef, GameView


def _evil_on(view: GameView, pack: Pack) -> set[EvilWinsOn]:
    return {c.on for c in pack.schemes[view.scheme].evil_wins}


def _threatens_tech(view: GameView, pack: Pack) -> bool:
    """Do the Scheme's Twists or the Mastermind's Strikes ask for a Tech Hero?"""
    sch = pack.schemes[view.scheme]
    mm = pack.masterminds[view.mastermind.id]
    effects = [e for r in sch.twist for e in r.effects]
    effects += [e for ab in mm.strike for e in ab.effects]
    return any(isinstance(e, RevealOr) and HeroClass.TECH in e.cls for e in effects)


def _escape_cost(view: GameView, pack: Pack) -> float:
    """What one escape costs under this Scheme (beyond the HQ KO and discards)."""
    on = _evil_on(view, pack)
    if EvilWinsOn.ESCAPED_VILLAINS in on:
        return 6.0
    if EvilWinsOn.ESCAPE_HEROES in on:
        return 3.0
    return 1.5


def _escape_risk(view: GameView, space: int) -> float:
    """How likely the Villain in `space` escapes on the next Villain card: only a full
    city pushes one off the Bridge, and only the Bridge's (§4)."""
    filled = sum(1 for s in view.city if s.villain is not None)
    if space != 0:
        return 0.0
    return 1.0 if filled == CITY else 0.5 if filled == CITY - 1 else 0.1


def target_value(view: GameView, pack: Pack, target: str) -> float:
    """The worth of defeating a target, Scheme-aware (its cost and Uru risk are the
    lookahead's, `ai.lookahead.fight_plan`)."""
    if target == MASTERMIND:
        mm = view.mastermind
        race = 4.0 if EvilWinsOn.TWISTS in _evil_on(view, pack) else 0.0
        return 12.0 + race + 24.0 / max(1, mm.tactics_left) + len(mm.captured)
    for i, s in enumerate(view.city):
        if s.villain is not None and s.villain.inst == target:
            c = pack.cards[s.villain.id]
            vp = c.vp if isinstance(c, VillainCard) else 0
            held = len(s.captured)
            risk = _escape_risk(view, i)
            worth = vp + 1.5 * held + risk * (_escape_cost(view, pack) + 2.0 + held) + 0.5
            return worth
    return 0.0


def _side_value(side: HeroCard | Half, want_attack: float) -> float:
    total = (side.attack or 0) * want_attack + (side.recruit or 0)
    for ab in side.abilities:
        for e in ab.effects:
            if isinstance(e, Attack):
                total += 0.6 * e.amount * want_attack
            elif isinstance(e, RecruitFx):
                total += 0.6 * e.amount
            elif isinstance(e, Draw):
                total += 0.8 * e.n
    return total


def best_half(c: HeroCard, view: GameView) -> int:
    """The half of a divided card worth more now: Attack when a fight is in reach."""
    assert c.halves is not None
    want = 1.4 if view.attack >= view.recruit else 1.0
    values = [_side_value(h, want) for h in c.halves]
    return 0 if values[0] >= values[1] else 1


def _locked(view: GameView, pack: Pack) -> bool:
    """Is a recruit-or-fight lock in the city (L10)?"""
    return any(
        s.villain is not None
        and isinstance(c := pack.cards[s.villain.id], VillainCard)
        and c.recruit_or_fight_lock
        for s in view.city
    )


CAMPAIGN_MARGIN = 2  # votes short of the Evil Wins lead at which the planner campaigns


class PlannerAgent:
    """Plans its turn from its view: play order, specials, heal, fights, recruits."""

    name = "planner"
    # Measured on seeds 43-45 at 4 and 5 players (four plain Schemes, paired with the
    # previous planner: 35/48 against 23/48 at 4 players, seed 43; 33/36 against 28/36
    # at 5, seed 44): see docs/legendary-balance.md, "Fourth pass".
    heal_w = 3.0  # a Wound healed is worth this much of this turn's fights and recruits
    dilute = 3.0  # each card recruited thins every later hand by about this much
    officer_worth = 4.0  # an Officer (2 Recruit), on the same scale as a Hero's worth
    smart_undercover = True  # False: the greedy player's Undercover answers

    def decide(self, view: GameView, legal: list[Action], pack: Pack) -> Action:
        if view.prompt is not None:
            return self._answer(view, pack, legal)
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return self._next_play(view, pack, plays)
        special = self._special(view, pack, legal)
        if special is not None:
            return special
        heal = any(isinstance(a, Heal) for a in legal)
        fights = [a for a in legal if isinstance(a, Fight)]
        worth = {f.target: target_value(view, pack, f.target) for f in fights}
        fight_worth, plan = fight_plan(view, pack, fights, worth)
        recruits = [a for a in legal if isinstance(a, Recruit)]
        buy_worth, buy = self._recruit_plan(view, pack, recruits) if recruits else (0.0, None)
        # Healing gives up this turn's fights and recruits (§5) for a deck without these
        # Wounds in every later hand.
        if heal and self.heal_w * _wounds_in_hand(view, pack) > fight_worth + buy_worth:
            return Heal(seat=me(view))
        # Under a recruit-or-fight lock (L10) only one of the two happens this turn: the
        # end-of-turn position worth more decides which.
        if plan and not (_locked(view, pack) and buy is not None and buy_worth > fight_worth):
            return plan[0]
        if buy is not None:
            return buy
        return EndTurn(seat=me(view))

    # ---- prompts ------------------------------------------------------------------------

    def _answer(self, view: GameView, pack: Pack, legal: list[Action]) -> Action:
        p = view.prompt
        assert p is not None and p.options is not None
        if p.kind is PromptKind.CHOOSE_CARD and "as a vote" in p.text:
            return self._vote_for(view, pack, [o.id for o in p.options])
        if self.smart_undercover and p.kind is PromptKind.CHOOSE_CARD and "Undercover" in p.text:
            return self._undercover(view, pack, [o.id for o in p.options])
        if p.kind is PromptKind.CHOOSE_ONE and p.text.startswith("Which half"):
            c = next((pack.cards[r.id] for r in view.played_this_turn[-1:]), None)
            if isinstance(c, HeroCard) and c.halves is not None:
                return Choose(seat=me(view), option=str(best_half(c, view)))
        return answer_prompt(view, pack, legal, late=_late(view))

    @staticmethod
    def _undercover(view: GameView, pack: Pack, ids: list[str]) -> Action:
        """Undercover thins the deck and feeds Cyber-Mods: a Wound or grey card from the
        hand always goes; a Hero from the Escape pile always goes (it leaves the pile an
        Evil Wins may count); an HQ Hero goes (the cheapest to lose); a Hero of your own
        only late, when the deck will not come round again."""
        seat = me(view)
        mine = {r.inst for r in hand(view)} | {r.inst for r in view.players[seat].played}
        seen = visible_cards(view)
        escape = {r.inst for r in view.escape}
        real = [(i, pack.cards[seen[i].id]) for i in ids if i in seen]

        def pick(i: str) -> Action:
            return Choose(seat=seat, option=i)

        for i, c in real:
            if i in mine and c.kind == "wound":
                return pick(i)
        grey = [(i, c) for i, c in real if isinstance(c, HeroCard) and c.grey]
        if grey:
            return pick(min(grey, key=lambda ic: card_value(ic[1]))[0])
        away = [(i, c) for i, c in real if i in escape]
        if away:
            return pick(max(away, key=lambda ic: card_value(ic[1]))[0])
        hq = {r.inst for r in view.hq if r is not None}
        market = [(i, c) for i, c in real if i in hq]
        if market:
            return pick(min(market, key=lambda ic: card_value(ic[1]))[0])
        if real and ("skip" not in ids or _late(view)):
            return pick(min(real, key=lambda ic: card_value(ic[1]))[0])
        return pick("skip" if "skip" in ids else ids[0])

    def _vote_for(self, view: GameView, pack: Pack, ids: list[str]) -> Action:
        """Stack for the Hero Name already furthest ahead (votes pool per Hero Name),
        preferring a card already played (it keeps what it produced) and a cheap one."""
        seen = visible_cards(view)
        played = {r.inst for r in view.played_this_turn}

        def key(i: str) -> tuple[int, int, float]:
            r = seen.get(i)
            c = pack.cards[r.id] if r is not None else None
            if not isinstance(c, HeroCard):
                return (-1, 0, 0.0)
            return (view.hero_votes.get(c.hero, 0), int(i in played), -card_value(c))

        return Choose(seat=me(view), option=max(ids, key=key))

    # ---- special actions ------------------------------------------------------------------

    def _special(self, view: GameView, pack: Pack, legal: list[Action]) -> Action | None:
        specials = {a.action: a for a in legal if isinstance(a, Special)}
        if not specials:
            return None
        sch = pack.schemes[view.scheme]
        for sa in sch.special_actions:
            a = specials.get(sa.id)
            if a is None:
                continue
            kinds = {type(e) for e in sa.effects}
            if StackHero in kinds and self._should_campaign(view, pack):
                return a
            if FlushHq in kinds and self._should_flush(view):
                return a
        return None

    @staticmethod
    def _should_campaign(view: GameView, pack: Pack) -> bool:
        """Campaign once the Mastermind's lead is within CAMPAIGN_MARGIN votes of its
        Evil Wins threshold: each stacked Hero leaves the deck for good, so campaigning
        earlier (as this planner once did, to stay two votes ahead) weakens every later
        hand; solo that lost more games to a run-out deck than to the votes."""
        need = next(
            (
                c.threshold(len(view.players))
                for c in pack.schemes[view.scheme].evil_wins
                if c.on is EvilWinsOn.VOTE_LEAD
            ),
            None,
        )
        if need is None:
            return False
        top = max(view.hero_votes.values(), default=0)
        mine = view.players[me(view)]
        has_hero = any(r.classes for r in (*mine.played, *(mine.hand or ())))
        return has_hero and view.mastermind_votes - top >= need - CAMPAIGN_MARGIN

    @staticmethod
    def _should_flush(view: GameView) -> bool:
        """Flush once most of the HQ is buried, while the Wound stack can take it."""
        buried = sum(1 for under in view.hq_under if under)
        return buried >= 3 and view.wounds >= 2 * len(view.players)

    # ---- plays ------------------------------------------------------------------------

    def _next_play(self, view: GameView, pack: Pack, plays: list[Play]) -> Play:
        by_inst = {r.inst: r for r in hand(view)}
        cards = {a.card: pack.cards[by_inst[a.card].id] for a in plays}
        heroes = {i: c for i, c in cards.items() if isinstance(c, HeroCard)}
        order = best_order(heroes, played_icons(view, pack))
        first = order[0]
        a = _play(view, pack, next(p for p in plays if p.card == first), fated=True)
        c = heroes[first]
        if c.halves is not None:
            return a.model_copy(update={"half": best_half(c, view)})
        return a

    # ---- fights, healing, recruits ------------------------------------------------------

    def _recruit_plan(
        self, view: GameView, pack: Pack, recruits: list[Recruit]
    ) -> tuple[float, Action | None]:
        """(worth, first recruit) of the best combination the Recruit pool buys."""
        mine = view.players[me(view)]
        owned = tuple(
            k
            for r in (*mine.discard, *mine.played, *(mine.hand or ()))
            if isinstance(c := pack.cards[r.id], HeroCard)
            for k in c.classes
        )
        tech = _threatens_tech(view, pack) and HeroClass.TECH not in owned

        def value(r: Recruit) -> float:
            # The dearest Hero first (measured stronger than printed output alone).
            ref = self._ref(view, r)
            v = 0.5 * _recruit_value(view, pack, r, owned) + (ref.cost or 0 if ref else 0)
            if ref is not None and tech and "tech" in ref.classes:
                v += 2.0
            return v

        heroes = [r for r in recruits if r.card != OFFICER]
        officer = next((r for r in recruits if r.card == OFFICER), None)
        best: tuple[float, Action | None] = (0.0, None)
        for k in range(0, min(len(heroes), 4) + 1):
            for combo in combinations(heroes, k):
                cost = sum(self._cost(view, r) for r in combo)
                if cost > view.recruit:
                    continue
                left = view.recruit - cost
                # A card worth less than the dilution it brings is better left in the HQ.
                worth = sum(value(r) - self.dilute for r in combo)
                officers = left // max(1, view.officer_cost) if officer is not None else 0
                if self.officer_worth <= self.dilute:
                    officers = 0
                worth += (self.officer_worth - self.dilute) * min(officers, view.officers)
                if worth > best[0]:
                    first: Action | None = (
                        max(combo, key=lambda r: self._cost(view, r)) if combo else officer
                    )
                    best = (worth, first)
        return best

    @staticmethod
    def _ref(view: GameView, r: Recruit) -> CardRef | None:
        return next((h for h in view.hq if h is not None and h.inst == r.card), None)

    def _cost(self, view: GameView, r: Recruit) -> int:
        ref = self._ref(view, r)
        return ref.cost or 0 if ref is not None else 0
