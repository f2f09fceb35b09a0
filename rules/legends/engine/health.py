"""The crew's Health: Damage to the crew (0 Health flatlines, R1) and healing."""

from __future__ import annotations

from rules.legends.codes import EventKind
from rules.legends.engine.context import Engine, Flatline


def damage_crew(eng: Engine, amount: int, source: str) -> None:
    run = eng.run
    health = run.health - amount
    eng.set_run(health=health)
    eng.emit(
        EventKind.CREW_DAMAGED,
        f"{source} deals {amount} Damage to the crew. Health {max(0, health)}/{run.max_health}.",
    )
    if health <= 0:
        raise Flatline()


def heal(eng: Engine, amount: int) -> None:
    run = eng.run
    health = min(run.max_health, run.health + amount)
    if health != run.health:
        eng.emit(
            EventKind.HEALED,
            f"The crew heals {health - run.health}. Health {health}/{run.max_health}.",
        )
    eng.set_run(health=health)
