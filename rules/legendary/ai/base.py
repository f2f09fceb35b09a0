"""What every AI player shares: the interface, the answers to prompts, card lookups.

An agent sees only its own `GameView` (rules.legendary.view, the visibility choke
point), the legal actions for its seat, and the public content pack; it never receives
the `Game`.
"""

from __future__ import annotations

import random
from typing import Protocol

from rules.legendary.actions import Action, Choose
from rules.legendary.cards import Card, HeroCard, Pack, VillainCard
from rules.legendary.effects import FatedFuture, Undercover
from rules.legendary.state import PromptKind
from rules.legendary.view import CardRef, GameView


class Agent(Protocol):
    name: str

    def decide(self, view: GameView, legal: list[Action], pack: Pack) -> Action: ...


def visible_cards(view: GameView) -> dict[str, CardRef]:
    """Every card instance this viewer can see, by instance id."""
    out: dict[str, CardRef] = {}
    refs: list[CardRef] = [*view.escape, *view.ko, *view.revealed, *view.played_this_turn]
    refs += [r for r in view.hq if r is not None]
    refs += [*view.scheme_stack, *(t for under in view.hq_under for t in under)]
    for s in view.city:
        if s.villain is not None:
            refs.append(s.villain)
        refs += s.captured
    for p in view.players:
        refs += [*p.played, *p.discard, *p.victory, *(p.hand or ())]
    refs += [*view.mastermind.captured, *view.mastermind.remaining]
    for r in refs:
        out[r.inst] = r
    return out


def me(view: GameView) -> int:
    assert view.viewer is not None
    return view.viewer


def hand(view: GameView) -> tuple[CardRef, ...]:
    return view.players[me(view)].hand or ()


def card_value(c: Card) -> float:
    """A rough worth of owning a card: its cost, Wounds and grey starters lowest."""
    if isinstance(c, HeroCard):
        if c.grey:
            return 0.5 if c.cost == 0 else 2.0
        return float(c.cost)
    if c.kind == "wound":
        return -2.0
    return 0.0


def has_fated(c: Card) -> bool:
    return isinstance(c, HeroCard) and any(
        isinstance(e, FatedFuture) for ab in c.abilities for e in ab.effects
    )


def sends_self_undercover(c: Card) -> bool:
    return isinstance(c, HeroCard) and any(
        isinstance(e, Undercover) and e.self_card for ab in c.abilities for e in ab.effects
    )


def answer_prompt(
    view: GameView, pack: Pack, legal: list[Action], *, late: bool, bold: bool = False
) -> Action:
    """A sensible answer to any prompt, from the viewer's own information."""
    p = view.prompt
    assert p is not None and p.options is not None
    seen = visible_cards(view)
    ids = [o.id for o in p.options]

    def card(i: str) -> Card | None:
        r = seen.get(i)
        return pack.cards[r.id] if r is not None else None

    def pick(option: str) -> Action:
        return Choose(seat=me(view), option=option)

    cards = [(i, card(i)) for i in ids]
    real = [(i, c) for i, c in cards if c is not None]
    if p.kind in (PromptKind.MAY, PromptKind.FATED_FUTURE):
        if p.kind is PromptKind.FATED_FUTURE:
            return pick("yes")
        if "Undercover" in p.text:
            # Sending a strong card away for 1 VP pays off late, or to power Cyber-Mods.
            return pick("yes" if late or bold else "no")
        return pick("no" if "Wound" in p.text else "yes")
    if p.kind is PromptKind.REVEAL:
        return pick(next((i for i in ids if i != "decline"), "decline"))
    if p.kind is PromptKind.DISCARD:
        return pick(min(real, key=lambda ic: card_value(ic[1]))[0] if real else ids[0])
    if p.kind is PromptKind.HQ_HERO:
        return pick(min(real, key=lambda ic: card_value(ic[1]))[0] if real else ids[0])
    text = p.text.lower()
    if "ko" in text:
        bad = [(i, c) for i, c in real if card_value(c) <= 0.5]
        if bad:
            return pick(min(bad, key=lambda ic: card_value(ic[1]))[0])
        return (
            pick("skip") if "skip" in ids else pick(min(real, key=lambda ic: card_value(ic[1]))[0])
        )
    if "undercover" in text:
        grey = [(i, c) for i, c in real if isinstance(c, HeroCard) and c.grey]
        if grey:
            return pick(grey[0][0])
        if real and ("skip" not in ids or late):
            return pick(max(real, key=lambda ic: card_value(ic[1]))[0])
        return pick("skip") if "skip" in ids else pick(ids[0])
    if "defeat" in text:
        best = max(
            real, key=lambda ic: ic[1].vp if isinstance(ic[1], VillainCard) else 0, default=None
        )
        return pick(best[0] if best else ids[0])
    # Gaining and anything else: the most valuable card.
    if real:
        return pick(max(real, key=lambda ic: card_value(ic[1]))[0])
    return pick(ids[0])


class RandomAgent:
    """Uniformly random among the legal actions (for property tests and benchmarks)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def decide(self, view: GameView, legal: list[Action], pack: Pack) -> Action:
        return self._rng.choice(legal)
