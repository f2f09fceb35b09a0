"""Player card effects as a card enters the Plan (R6), and the named-effect host."""

from __future__ import annotations

from rules.legends import effects as fx
from rules.legends.cards import Suit
from rules.legends.codes import EventKind
from rules.legends.damage import matches
from rules.legends.engine import (
    hands,
    health,
    obstacles,
    plan,
    prompts,
)
from rules.legends.engine.context import Engine
from rules.legends.evaluate import count_symbols
from rules.legends.named import NAMED_EFFECTS
from rules.legends.state import (
    ChoosePlayerStep,
    DrawAndPutStep,
    Frame,
    Option,
    Prompt,
)


def card_effect(eng: Engine, eff: fx.CardEffect, frame: Frame) -> None:
    seat = frame.seat
    run = eng.run
    if isinstance(eff, fx.Draw):
        if eff.who == "self":
            hands.draw(eng, seat, eff.count)
        elif eff.who == "each":
            for s in run.seats:
                hands.draw(eng, s, eff.count)
        else:
            prompts.player_prompt(
                eng,
                seat,
                frame,
                f"draw {eff.count}",
                ChoosePlayerStep(then="draw", count=eff.count),
            )
    elif isinstance(eff, fx.ImmediateDamage):
        obstacles.immediate(eng, seat, frame.inst, eff.amount)
    elif isinstance(eff, fx.DiscardFromPlan):
        prompts.discard_from_plan_prompt(eng, seat, frame.inst, eff.max, eff, dealt=0)
    elif isinstance(eff, fx.DiscardFromHand):
        if eff.who == "self":
            prompts.discard_hand_prompt(eng, seat, frame.inst, eff)
        elif eff.who == "each":
            for s in run.seats:
                prompts.discard_hand_prompt(eng, s, frame.inst, eff)
        else:
            prompts.player_prompt(
                eng,
                seat,
                frame,
                f"discard {eff.count}",
                ChoosePlayerStep(
                    then="discard",
                    count=eff.count,
                    optional=eff.optional,
                    draw_after=eff.draw_after,
                ),
            )
    elif isinstance(eff, fx.PutFromHand):
        if eff.who == "self":
            prompts.put_prompt(eng, seat, frame.inst, eff.optional)
        else:
            prompts.player_prompt(
                eng,
                seat,
                frame,
                "put a card from hand into the Plan",
                ChoosePlayerStep(then="put", optional=eff.optional),
            )
    elif isinstance(eff, fx.DrawAndPut):
        inst = hands.take_top(eng, seat)
        if inst is None:
            eng.emit(EventKind.NO_CARD, f"{eng.name(seat)} has no card to draw.")
            return
        card = eng.card_of(inst)
        # The drawn card sits in hand while its fate is decided, so every card is
        # always in exactly one zone.
        eng.set_zones(seat, hand=eng.zones(seat).hand + (inst,))
        prompts.add_prompt(
            eng,
            Prompt(
                seat=seat,
                private=True,
                source=inst,
                text=f"{eng.name(seat)} drew a card: put it into the Plan or discard it.",
                options=(
                    Option(key="put", label=f"Put {card.name} into the Plan"),
                    Option(key="discard", label=f"Discard {card.name}"),
                ),
                step=DrawAndPutStep(drawn=inst, bonus=eff.plan_size),
            ),
        )
    elif isinstance(eff, fx.PutFromDeck):
        for _ in range(eff.count):
            inst = hands.take_top(eng, seat)
            if inst is None:
                break
            plan.enter_plan(eng, seat, inst, put=True)
    elif isinstance(eff, fx.Replace):
        prompts.replace_prompt(eng, seat, frame.inst, eff.optional)
    elif isinstance(eff, fx.Named):
        NAMED_EFFECTS[eff.name](Host(eng), seat, eff.params)


def matches_filter(eng: Engine, inst: str, flt: fx.CardFilter, source: str) -> bool:
    return matches(eng.card_of(inst), flt, inst == source)


class Host:
    """The narrow interface a named effect gets (`named.EffectHost`): never the raw state."""

    def __init__(self, eng: Engine) -> None:
        self._eng = eng

    def symbols_in_plan(self, suit: Suit) -> int:
        return count_symbols(self._eng.plan_cards(), suit)

    def draw(self, seat: int, count: int) -> int:
        return hands.draw(self._eng, seat, count)

    def heal_now(self, amount: int) -> None:
        health.heal(self._eng, amount)

    def cards_in_plan(self) -> int:
        return len(self._eng.run.plan)
