"""The planner's lookahead over the rest of its own turn, from its own view only.

Two places where the order of a turn changes what it yields:

- **Plays.** A Superpower fires only if the icons it needs were played earlier, and a
  card that draws adds cards whose icons can feed the Superpowers played after it. The
  drawn cards are unknown (the deck's order is hidden from the viewer), so a draw is
  valued by expectation only: each card drawn before a Superpower card is worth a share
  of a firing (`DRAW_FEEDS`), whatever the deck holds. No decision depends on which card
  would be drawn.
- **Fights.** A failed Uru-Enchanted Weapons fight loses all the Attack left and every
  further fight (§7), and what it reveals is the unknown Villain Deck. So sure fights go
  first and at most one Uru fight ends the plan, valued by its chance of success. The
  chance comes from the printed VP of the Villain Deck cards the viewer has seen (city,
  Escape pile, Victory Piles, revealed and KO piles) plus a prior for the cards that score
  nothing (Twists, Strikes): a public estimate, never the deck itself.

The plan with the highest end-of-turn worth is chosen; its first step is played, and the
next decision plans again from the new view.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from rules.legendary.actions import MASTERMIND, Fight
from rules.legendary.ai.players import _icons, _sequence_value
from rules.legendary.cards import BystanderCard, Card, HeroCard, Pack, TacticCard, VillainCard
from rules.legendary.effects import Draw, GainWound, Who
from rules.legendary.view import CardRef, GameView

DRAW_FEEDS = 0.6  # worth of one card drawn before each later Superpower card
ZERO_PRIOR = 4.0  # pseudo-count of 0-VP Villain Deck cards (Twists, Strikes) in the estimate
FAIL_COST = 4.0  # any failed Uru fight, beyond the fights it loses (tuned on seeds 7 and 3)
WOUND_COST = 1.0  # each Wound its Fight or Fail deals the table
MAX_PERM = 6  # hands larger than this are ordered greedily


def _draws(c: HeroCard) -> int:
    """Cards this card draws for sure (a Superpower's draw is counted
    by `_sequence_value` when it fires; a Cyber-Mod one is counted as if it fires)."""
    side = c.halves[0] if c.halves else c
    return sum(
        e.n for ab in side.abilities if not ab.superpower for e in ab.effects if isinstance(e, Draw)
    )


def _has_superpower(c: HeroCard) -> bool:
    return any(ab.superpower for side in (c.halves or (c,)) for ab in side.abilities)


def order_value(cards: list[HeroCard], played_icons: list[set[str]]) -> float:
    """Pool from Superpowers firing in this order, plus the expected worth of drawing
    before the Superpower cards that follow (the drawn cards themselves are unknown)."""
    total = _sequence_value(cards, played_icons)
    for i, c in enumerate(cards):
        n = _draws(c)
        if n:
            later = sum(1 for d in cards[i + 1 :] if _has_superpower(d))
            total += DRAW_FEEDS * n * (later + 0.5)
    return total


def best_order(heroes: dict[str, HeroCard], played: list[set[str]]) -> list[str]:
    """The play order (instance ids) with the highest `order_value`; ties keep hand order."""
    order = list(heroes)
    if len(order) <= 1:
        return order
    if len(order) > MAX_PERM:
        # Too many to search: draws first, then cards without Superpowers, then the rest.
        return sorted(order, key=lambda i: (-_draws(heroes[i]), _has_superpower(heroes[i])))
    best_v, best = float("-inf"), order
    for perm in permutations(order):
        v = order_value([heroes[i] for i in perm], played)
        if v > best_v + 1e-9:
            best_v, best = v, list(perm)
    return best


def played_icons(view: GameView, pack: Pack) -> list[set[str]]:
    return [_icons(c) for r in view.played_this_turn if isinstance(c := pack.cards[r.id], HeroCard)]


# ---- Uru-Enchanted Weapons ----------------------------------------------------------------


def _seen_villain_deck_cards(view: GameView) -> list[CardRef]:
    refs: list[CardRef] = [*view.escape, *view.ko, *view.revealed]
    for s in view.city:
        if s.villain is not None:
            refs.append(s.villain)
        refs += s.captured
    for p in view.players:
        refs += p.victory
    return refs


def reveal_distribution(view: GameView, pack: Pack) -> dict[int, float]:
    """Probability of each printed VP on one revealed Villain Deck card, estimated from
    the cards this viewer has seen come out of it."""
    counts: Counter[int] = Counter()
    for r in _seen_villain_deck_cards(view):
        c = pack.cards[r.id]
        if isinstance(c, VillainCard | BystanderCard):
            counts[c.vp] += 1
    counts[0] += 0  # make sure 0 is a key
    total = sum(counts.values()) + ZERO_PRIOR
    dist = {vp: k / total for vp, k in counts.items()}
    dist[0] = dist.get(0, 0.0) + ZERO_PRIOR / total
    return dist


def success_chance(dist: dict[int, float], cards: int, spare: int) -> float:
    """Chance that `cards` revealed cards add at most `spare` VP."""
    return sum(p for b, p in bonus_distribution(dist, cards).items() if b <= spare)


def _base_attack(view: GameView, target: str) -> tuple[int, int]:
    """(Attack before Weapons, Weapons count) of a target, as the view shows them."""
    if target == MASTERMIND:
        return view.mastermind.attack, view.mastermind.uru
    for s in view.city:
        if s.villain is not None and s.villain.inst == target:
            return s.attack or 0, s.uru
    return 10**6, 0


def bonus_distribution(dist: dict[int, float], cards: int) -> dict[int, float]:
    """Distribution of the VP total of `cards` revealed cards."""
    sums = {0: 1.0}
    for _ in range(cards):
        nxt: dict[int, float] = {}
        for s, p in sums.items():
            for vp, q in dist.items():
                nxt[s + vp] = nxt.get(s + vp, 0.0) + p * q
        sums = nxt
    return sums


def fail_cost(view: GameView, pack: Pack, target: str) -> float:
    """What failing a fight against `target` costs: a base, plus the Wounds its Fight or
    Fail deals (to you, each other player, or each player), all printed and public."""
    c: Card | None = None
    if target == MASTERMIND:
        top = view.mastermind.top
        c = pack.cards[top.id] if top is not None else None
    else:
        ref = next((s.villain for s in view.city if s.villain and s.villain.inst == target), None)
        c = pack.cards[ref.id] if ref is not None else None
    if not isinstance(c, VillainCard | TacticCard):
        return FAIL_COST
    others = len(view.players) - 1
    wounds = 0
    for ab in c.fight_or_fail:
        for e in ab.effects:
            if isinstance(e, GainWound):
                per = {Who.YOU: 1, Who.EACH_OTHER: others, Who.EACH: others + 1}[e.who]
                wounds += e.n * per
    return FAIL_COST + WOUND_COST * wounds


def fight_plan(
    view: GameView, pack: Pack, fights: list[Fight], worth: dict[str, float]
) -> tuple[float, list[Fight]]:
    """The best (expected worth, fights in order) for the Attack in the pool.

    An expectimax over the rest of the turn: each step fights one target or stops; a
    sure fight costs its Attack, an Uru fight branches on the revealed VP total (from
    `reveal_distribution`): success spends Attack plus the bonus and planning goes on,
    failure loses the Attack left and ends the fighting. The plan returned follows the
    most likely branch; only its first fight is played before planning again.
    """
    info = {f.target: (_base_attack(view, f.target), f) for f in fights}
    fail = {t: fail_cost(view, pack, t) for t, ((_, n), _) in info.items() if n}
    dist = reveal_distribution(view, pack) if any(n for (_, n), _ in info.values()) else {}
    bonus: dict[int, dict[int, float]] = {}
    memo: dict[tuple[int, frozenset[str]], tuple[float, list[Fight]]] = {}

    def best(attack: int, left: frozenset[str]) -> tuple[float, list[Fight]]:
        key = (attack, left)
        if key in memo:
            return memo[key]
        out: tuple[float, list[Fight]] = (0.0, [])
        # Sorted: a frozenset iterates in string-hash order, which differs between
        # processes (PYTHONHASHSEED), and ties go to the first target tried.
        for t in sorted(left):
            (base, n), f = info[t]
            if base > attack:
                continue
            rest = left - {t}
            if n == 0:
                v, plan = best(attack - base, rest)
                v += worth[t]
            else:
                outcomes = bonus.setdefault(n, bonus_distribution(dist, n))
                v, top, plan = 0.0, -1.0, []
                for b, p in outcomes.items():
                    if base + b <= attack:
                        after, follow = best(attack - base - b, rest)
                        v += p * (worth[t] + after)
                        if p > top:
                            top, plan = p, follow
                    else:
                        v -= p * fail[t]
            if v > out[0] + 1e-9:
                out = (v, [f, *plan])
        memo[key] = out
        return out

    return best(view.attack, frozenset(info))
