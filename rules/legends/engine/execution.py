"""The Plan executes (R8): To Hit against each Obstacle, Damage (split by the crew with
`assign_damage`), healing, then surviving Obstacles strike.
"""

from __future__ import annotations

from rules.core.text import count
from rules.legends import damage
from rules.legends import effects as fx
from rules.legends.codes import EventKind
from rules.legends.engine import (
    cleanup,
    health,
    obstacles,
    prompts,
    scenes,
)
from rules.legends.engine.context import Engine
from rules.legends.evaluate import HitResult, check_to_hit
from rules.legends.state import (
    AssignDamageStep,
    Option,
    Prompt,
    SceneFrame,
)


def plan_damage(eng: Engine) -> int:
    return damage.plan_damage([eng.card_of(e.inst) for e in eng.run.plan], eng.plan_cards())


def plan_heal(eng: Engine) -> int:
    return damage.plan_heal([eng.card_of(e.inst) for e in eng.run.plan])


def hit_results(eng: Engine) -> dict[int, HitResult]:
    cards = eng.plan_cards()
    opts = eng.eval_opts()
    return {
        ob.order: check_to_hit(cards, eng.scard(ob.order).to_hit, opts) for ob in eng.run.active
    }


def execute(eng: Engine) -> None:
    run = eng.run
    eng.set_run(turn=None, frames=(), prompts=())
    results = hit_results(eng)
    damage = plan_damage(eng)
    hits: list[int] = []
    for ob in run.active:
        card = eng.scard(ob.order)
        res = results[ob.order]
        eng.emit(
            EventKind.TO_HIT,
            f"{card.name}: {res.explain(card.to_hit)}",
            order=ob.order,
            hit=res.hit,
        )
        if res.hit:
            hits.append(ob.order)
    eng.emit(
        EventKind.EXECUTED,
        f"The Plan executes with {count(len(run.plan), 'card')} and {damage} Damage.",
        damage=damage,
        hits=hits,
    )
    if eng.t.options.assign_damage and len(hits) > 1 and damage > 0:
        eng.set_run(pending_damage=damage, hit_orders=tuple(hits))
        assign_prompt(eng)
        return
    for order in hits:
        if damage:
            obstacles.damage_obstacle(eng, order, damage, immediate=False)
    after_damage(eng)


def assign_prompt(eng: Engine) -> None:
    run = eng.run
    order = run.hit_orders[0]
    options = tuple(Option(key=str(n), label=str(n)) for n in range(run.pending_damage + 1))
    prompts.add_prompt(
        eng,
        Prompt(
            seat=run.leader,
            options=options,
            text=f"{eng.name(run.leader)} assigns Damage: how much of the "
            f"{run.pending_damage} left goes to {eng.scard(order).name}?",
            step=AssignDamageStep(order=order),
        ),
    )
    eng.set_run(phase="assign")


def assign_step(eng: Engine, order: int, amount: int) -> None:
    run = eng.run
    rest = run.hit_orders[1:]
    left = run.pending_damage - amount
    if amount:
        obstacles.damage_obstacle(eng, order, amount, immediate=False)
    if len(rest) == 1:
        if left:
            obstacles.damage_obstacle(eng, rest[0], left, immediate=False)
        eng.set_run(pending_damage=0, hit_orders=())
        after_damage(eng)
        return
    eng.set_run(pending_damage=left, hit_orders=rest)
    if left == 0:
        eng.set_run(hit_orders=())
        after_damage(eng)
        return
    assign_prompt(eng)


def after_damage(eng: Engine) -> None:
    """R8 steps 3-5: healing, surviving Obstacles strike, end-of-round, clean-up."""
    healing = plan_heal(eng)
    if healing:
        health.heal(eng, healing)
    run = eng.run
    survivors = sorted(run.active, key=lambda o: o.order)
    # One Obstacle at a time, in order number: its Damage, then its end-of-round effects.
    frames: list[SceneFrame] = []
    for ob in survivors:
        card = eng.scard(ob.order)
        strike: tuple[fx.SceneEffect, ...] = (
            (fx.DamageCrew(amount=card.damage),) if card.damage else ()
        )
        queue = strike + tuple(card.end_of_round)
        if queue:
            frames.append(SceneFrame(order=ob.order, queue=queue, end_of_round=True))
    if frames:
        eng.set_run(scenes=tuple(reversed(frames)), after_scenes="cleanup", phase="scene")
        scenes.process_scenes(eng)
    else:
        cleanup.begin_cleanup(eng)
