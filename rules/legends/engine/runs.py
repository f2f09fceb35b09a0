"""Starting a run and ending it: completion (rewards, campaign progress), a flatline
(R1: the next Trauma Pack waits), or abandonment.
"""

from __future__ import annotations

from typing import Literal

from rules.legends.actions import Start
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine import (
    campaign,
    hands,
    rewards,
)
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.state import (
    Run,
    RunResult,
    SeatZones,
)


@handles(Start)
def on_start(eng: Engine, a: Start) -> None:
    if not campaign.is_manager(eng, a):
        raise refuse(
            Code.NOT_OWNER, "Only the campaign's owner or a channel manager can start a run."
        )
    if eng.t.run is not None:
        raise refuse(Code.RUN_ACTIVE, "A run is already in progress.", Hint.FINISH_OR_ABANDON)
    seats = tuple(i for i, r in enumerate(eng.t.runners) if not r.leaving)
    if not seats:
        raise refuse(Code.NO_RUNNERS, "Nobody is seated yet.", Hint.PLAYERS_JOIN)
    camp = eng.c.campaigns[eng.t.campaign]
    trauma = False
    if a.scenario is not None:
        if a.scenario not in eng.c.scenarios or a.scenario in camp.trauma_packs:
            raise refuse(Code.UNKNOWN_SCENARIO, f"There is no scenario '{a.scenario}'.")
        scen_id = a.scenario
    elif eng.t.next_trauma is not None:
        scen_id, trauma = eng.t.next_trauma, True
    elif eng.t.progress < len(camp.scenarios):
        scen_id = camp.scenarios[eng.t.progress]
    else:
        raise refuse(
            Code.CAMPAIGN_DONE,
            "The campaign is complete. Name a scenario to replay it.",
        )
    scen = eng.c.scenarios[scen_id]
    rng = eng.t.rng
    zones: dict[int, SeatZones] = {}
    cards: dict[str, str] = {}
    for seat in seats:
        rng, deck = rng.shuffle(eng.t.runners[seat].deck)
        # Instance ids are assigned after the shuffle so an id says nothing of its card.
        insts = []
        for n, card_id in enumerate(deck):
            inst = f"s{seat}c{n:02d}"
            cards[inst] = card_id
            insts.append(inst)
        zones[seat] = SeatZones(deck=tuple(insts))
    health = eng.t.max_health
    run = Run(
        scenario=scen_id,
        trauma=trauma,
        deck=tuple(c.order for c in scen.deck_in_order()),
        zones=zones,
        cards=cards,
        seats=seats,
        leader=seats[0],
        health=health,
        max_health=health,
    )
    eng.set_table(run=run, rng=rng)
    label = "Trauma Pack" if trauma else "Scenario"
    eng.emit(EventKind.RUN_STARTED, f"{label}: {scen.name}. {scen.intro}".strip())
    for seat in seats:
        hands.draw(eng, seat, eng.run.hand_size)
    eng.emit(
        EventKind.LEADER, f"{eng.name(eng.run.leader)} holds the Leader Token and flips first."
    )


def end_run(eng: Engine, outcome: Literal["complete", "flatlined", "abandoned"], run: Run) -> None:
    result = RunResult(
        scenario=run.scenario, outcome=outcome, health=max(0, run.health), rounds=run.round
    )
    runners = tuple(r for r in eng.t.runners if not r.leaving)
    eng.set_table(run=None, history=eng.t.history + (result,), runners=runners)


def complete(eng: Engine) -> None:
    run = eng.run
    scen = eng.scenario()
    camp = eng.c.campaigns[eng.t.campaign]
    end_run(eng, "complete", run)
    if run.trauma:
        eng.set_table(
            next_trauma=None,
            max_health=max(1, eng.t.max_health + scen.max_health_change),
        )
        if scen.max_health_change:
            eng.emit(EventKind.MAX_HEALTH, f"The crew's max Health is now {eng.t.max_health}.")
        if scen.after == "next":
            eng.set_table(progress=eng.t.progress + 1)
        eng.emit(EventKind.TRAUMA_DONE, f"{scen.name} is over. The crew is back on its feet.")
        return
    eng.emit(
        EventKind.COMPLETE,
        f"Run complete: {scen.name}. The crew made it out with {run.health} Health.",
    )
    rw = scen.rewards
    if rw.eddies:
        rewards.gain_eddies(eng, rw.eddies)
    if rw.cards:
        rewards.add_cards(eng, rw.cards)
    for pack in rw.unlock_packs:
        rewards.unlock(eng, pack)
    progress = eng.t.progress
    if progress < len(camp.scenarios) and camp.scenarios[progress] == run.scenario:
        progress += 1
    eng.set_table(completed=eng.t.completed + (run.scenario,), progress=progress)
    if progress >= len(camp.scenarios):
        eng.emit(EventKind.CAMPAIGN_DONE, f"Campaign {camp.name} complete. Legends, all of you.")


def flatline(eng: Engine) -> None:
    run = eng.run
    camp = eng.c.campaigns[eng.t.campaign]
    end_run(eng, "flatlined", run)
    eng.emit(EventKind.FLATLINED, "The crew's Health hit 0. Flatlined.")
    if camp.trauma_packs:
        pack = camp.trauma_packs[min(eng.t.trauma_opened, len(camp.trauma_packs) - 1)]
        eng.set_table(next_trauma=pack, trauma_opened=eng.t.trauma_opened + 1)
        eng.emit(
            EventKind.TRAUMA,
            f"Trauma Team is on the way: {eng.c.scenarios[pack].name} is next.",
            hint=Hint.START_TRAUMA,
        )
