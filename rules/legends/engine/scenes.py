"""The Scenario Deck: the Leader flips, and Scenario Card instructions resolve (R9, R10)."""

from __future__ import annotations

from rules.core.text import count, plural
from rules.legends import effects as fx
from rules.legends.actions import Flip
from rules.legends.cards import ScenarioCard, ScenarioKind
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine import (
    card_effects,
    cleanup,
    hands,
    health,
    obstacles,
    plan,
    prompts,
    rewards,
    runs,
    status,
)
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.named import NAMED_SCENE_EFFECTS
from rules.legends.state import (
    ActiveObstacle,
    SceneDiscardStep,
    SceneFrame,
)


@handles(Flip)
def on_flip(eng: Engine, a: Flip) -> None:
    run = eng.run
    if run.phase != "flip":
        raise refuse(Code.NOT_FLIP, "It is not time to flip: " + status.waiting_on(eng) + ".")
    leader = run.leader
    if eng.t.runners[leader].player != a.player:
        raise refuse(Code.NOT_LEADER, f"Only the Leader ({eng.name(leader)}) flips the next card.")
    flip_next(eng)
    process_scenes(eng)


def flip_next(eng: Engine) -> None:
    run = eng.run
    if not run.deck:
        return
    order, rest = run.deck[0], run.deck[1:]
    card = eng.scard(order)
    eng.set_run(deck=rest)
    eng.emit(EventKind.FLIPPED, describe_scenario_card(eng, card), order=order)
    if card.kind is ScenarioKind.OBSTACLE:
        eng.set_run(
            active=eng.run.active
            + (ActiveObstacle(order=order, health=obstacle_health(eng, card)),)
        )
    elif card.kind is ScenarioKind.CLUE:
        eng.set_table(clues=eng.t.clues + (f"{run.scenario}:{order}",))
        eng.emit(EventKind.CLUE, f"Clue set aside: {card.name}.", hint=Hint.CLUES)
    elif card.kind is ScenarioKind.MEMORY and card.memory_key:
        rewards.set_memory(eng, card.memory_key)
    eng.set_run(
        scenes=eng.run.scenes + (SceneFrame(order=order, queue=card.effects),), phase="scene"
    )


def obstacle_health(eng: Engine, card: ScenarioCard) -> int:
    return card.health_for(len(eng.run.seats))


def describe_scenario_card(eng: Engine, card: ScenarioCard) -> str:
    head = f"**{card.name}** ({card.kind.value} #{card.order})"
    parts = [head]
    if card.text:
        parts.append(card.text)
    if card.kind is ScenarioKind.OBSTACLE:
        hits = " or ".join(r.describe() for r in card.to_hit)
        parts.append(f"Health {obstacle_health(eng, card)}, Damage {card.damage}. To Hit: {hits}.")
    return "\n".join(parts)


def process_scenes(eng: Engine) -> None:
    """Resolve Scenario Card instructions until one waits on the crew, then move on."""
    while True:
        run = eng.t.run
        if run is None or run.prompts:
            return
        if not run.scenes:
            break
        frame = run.scenes[-1]
        if frame.queue:
            eff, rest = frame.queue[0], frame.queue[1:]
            set_top_scene(eng, frame.model_copy(update={"queue": rest}))
            scene_effect(eng, eff, frame)
            continue
        card = eng.scard(frame.order)
        if card.choices and not frame.voted and not frame.end_of_round:
            options = "; ".join(f"{c.key}: {c.label}" for c in card.choices)
            eng.set_run(phase="vote", votes={})
            eng.emit(
                EventKind.VOTE,
                f"The crew must choose. {options}.",
                hint=Hint.VOTE,
                order=frame.order,
            )
            return
        eng.set_run(scenes=run.scenes[:-1])
        if not frame.end_of_round and card.kind in (ScenarioKind.SCENE, ScenarioKind.MEMORY):
            eng.set_run(scenario_discard=eng.run.scenario_discard + (frame.order,))
    after_scenes(eng)


def set_top_scene(eng: Engine, frame: SceneFrame) -> None:
    eng.set_run(scenes=eng.run.scenes[:-1] + (frame,))


def after_scenes(eng: Engine) -> None:
    run = eng.run
    if run.after_scenes == "cleanup":
        eng.set_run(after_scenes="continue")
        cleanup.begin_cleanup(eng)
    elif run.active:
        plan.start_round(eng)
    elif not run.deck:
        runs.complete(eng)
    else:
        eng.set_run(phase="flip")
        eng.emit(EventKind.AWAIT_FLIP, f"{eng.name(run.leader)} (Leader) flips the next card.")


def scene_effect(eng: Engine, eff: fx.SceneEffect, frame: SceneFrame) -> None:
    run = eng.run
    if isinstance(eff, fx.DrawNext):
        if run.deck:
            flip_next(eng)
        else:
            eng.emit(EventKind.DECK_EMPTY, "There is no next card.")
    elif isinstance(eff, fx.DiscardNext):
        n = min(eff.count, len(run.deck))
        eng.set_run(deck=run.deck[n:], scenario_discard=run.scenario_discard + run.deck[:n])
        eng.emit(
            EventKind.DISCARDED_NEXT,
            f"The next {count(n, 'Scenario Card')} {plural(n, 'is', 'are')} discarded unseen.",
        )
    elif isinstance(eff, fx.DamageCrew):
        health.damage_crew(eng, eff.amount, eng.scard(frame.order).name)
    elif isinstance(eff, fx.HealCrew):
        health.heal(eng, eff.amount)
    elif isinstance(eff, fx.EachDraws):
        for s in run.seats:
            hands.draw(eng, s, eff.count)
    elif isinstance(eff, fx.EachDiscards):
        pending = []
        for s in run.seats:
            hand = eng.zones(s).hand
            if hand:
                pending.append(
                    prompts.hand_prompt(
                        eng,
                        s,
                        SceneDiscardStep(),
                        f"{eng.name(s)} must discard {count(min(eff.count, len(hand)), 'card')}.",
                        hand,
                        picks=min(eff.count, len(hand)),
                        optional=False,
                        source=None,
                    )
                )
        eng.set_run(prompts=eng.run.prompts + tuple(pending))
    elif isinstance(eff, fx.GainEddies):
        rewards.gain_eddies(eng, eff.amount)
    elif isinstance(eff, fx.SetMemory):
        rewards.set_memory(eng, eff.key)
    elif isinstance(eff, fx.IfMemory):
        branch = eff.then if eff.key in eng.t.memory else eff.otherwise
        top = eng.run.scenes[-1]
        set_top_scene(eng, top.model_copy(update={"queue": tuple(branch) + top.queue}))
    elif isinstance(eff, fx.AddCards):
        rewards.add_cards(eng, eff.cards)
    elif isinstance(eff, fx.UnlockPack):
        rewards.unlock(eng, eff.pack)
    elif isinstance(eff, fx.HealObstacle):
        obstacles.heal_obstacle(eng, frame.order, eff.amount)
    elif isinstance(eff, fx.NamedScene):
        NAMED_SCENE_EFFECTS[eff.name](card_effects.Host(eng), eff.params)
