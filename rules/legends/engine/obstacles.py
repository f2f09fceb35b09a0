"""Damage to Obstacles and its timing: immediate Damage (R7) and healing an Obstacle."""

from __future__ import annotations

from rules.legends.codes import EventKind
from rules.legends.damage import tally
from rules.legends.engine import (
    cleanup,
    prompts,
)
from rules.legends.engine.context import Engine
from rules.legends.state import (
    ActiveObstacle,
    ChooseTargetStep,
    Option,
    Prompt,
)


def heal_obstacle(eng: Engine, order: int, amount: int) -> None:
    active = []
    for ob in eng.run.active:
        if ob.order == order:
            healed = min(amount, ob.damage)
            ob = ob.model_copy(update={"damage": ob.damage - healed})
            if healed:
                eng.emit(EventKind.OBSTACLE_HEALED, f"{eng.scard(order).name} recovers {healed}.")
        active.append(ob)
    eng.set_run(active=tuple(active))


def immediate(eng: Engine, seat: int, source: str, amount: int) -> None:
    active = eng.run.active
    if not active:
        return
    if len(active) == 1:
        deal_immediate(eng, active[0].order, amount)
        return
    options = tuple(
        Option(key=f"obstacle:{o.order}", label=eng.scard(o.order).name) for o in active
    )
    prompts.add_prompt(
        eng,
        Prompt(
            seat=seat,
            source=source,
            options=options,
            text=f"{eng.name(seat)} picks the Obstacle that takes {amount} immediate Damage.",
            step=ChooseTargetStep(amount=amount),
        ),
    )


def deal_immediate(eng: Engine, order: int, amount: int) -> None:
    """Immediate Damage (R7): lands at once; an Obstacle at its Health clears at once,
    and with no Obstacle left the Plan ends early."""
    damage_obstacle(eng, order, amount, immediate=True)
    if not eng.run.active:
        eng.emit(EventKind.PLAN_CUT_SHORT, "Every Obstacle is down: the Plan ends early.")
        eng.set_run(frames=(), prompts=())
        cleanup.finish_round(eng, cleared_all=True)


def damage_obstacle(eng: Engine, order: int, amount: int, *, immediate: bool) -> None:
    card = eng.scard(order)
    active: list[ActiveObstacle] = []
    cleared: list[int] = []
    for ob in eng.run.active:
        if ob.order == order:
            ob = ob.model_copy(update={"damage": ob.damage + amount})
            kind = "immediate Damage" if immediate else "Damage"
            eng.emit(
                EventKind.OBSTACLE_DAMAGED,
                f"{card.name} takes {amount} {kind} ({tally(ob.damage, ob.health)}).",
            )
            if ob.damage >= ob.health:
                cleared.append(order)
                eng.emit(EventKind.OBSTACLE_CLEARED, f"{card.name} is cleared!")
                continue
        active.append(ob)
    eng.set_run(
        active=tuple(active),
        cleared=eng.run.cleared + tuple(cleared),
        scenario_discard=eng.run.scenario_discard + tuple(cleared),
    )
