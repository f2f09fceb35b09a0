"""Read-only questions about a table, for the modules outside the engine (legal actions,
views, front ends). They answer with the engine's own rules, so nothing outside the
package re-implements one."""

from __future__ import annotations

from rules.legends.cards import ContentPack, PlayerCard, ScenarioCard
from rules.legends.engine import execution, plan, shop, status
from rules.legends.engine.context import Engine, seat_label
from rules.legends.evaluate import EvalCard, EvalOptions
from rules.legends.state import Table


def shop_cards(table: Table, content: ContentPack) -> list[str]:
    """The Upgrade Pool now: card ids, in pack order (R15)."""
    return shop.shop_cards(Engine(table, content))


def legal_plays(table: Table, content: ContentPack, seat: int) -> list[str]:
    """Hand cards (instance ids) this seat may play now, restrictions applied (R6)."""
    return plan.legal_plays(Engine(table, content), seat)


def seat_name(table: Table, seat: int) -> str:
    return seat_label(table, seat)


def card_of(table: Table, content: ContentPack, inst: str) -> PlayerCard:
    """The card behind an instance id of the current run."""
    return Engine(table, content).card_of(inst)


def scenario_card(table: Table, content: ContentPack, order: int) -> ScenarioCard:
    """A card of the current run's scenario, by its order number."""
    return Engine(table, content).scard(order)


def plan_size(table: Table, content: ContentPack) -> int:
    return plan.plan_size(Engine(table, content))


def plan_damage(table: Table, content: ContentPack) -> int:
    """The Damage the Plan would deal if it executed now."""
    return execution.plan_damage(Engine(table, content))


def plan_eval_cards(table: Table, content: ContentPack) -> list[EvalCard]:
    return Engine(table, content).plan_cards()


def eval_options(table: Table, content: ContentPack) -> EvalOptions:
    return Engine(table, content).eval_opts()


def waiting_on(table: Table, content: ContentPack) -> str:
    """What the table waits on, in words ("it is Ana's turn to play")."""
    return status.waiting_on(Engine(table, content))
