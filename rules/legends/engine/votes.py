"""Scene choices: the crew votes, the Leader breaks ties and may close the vote early."""

from __future__ import annotations

from rules.legends.actions import (
    SYSTEM_PLAYER,
    CloseVote,
)
from rules.legends.codes import Code, EventKind
from rules.legends.engine import scenes
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles


def vote(eng: Engine, seat: int, key: str) -> None:
    run = eng.run
    frame = run.scenes[-1]
    card = eng.scard(frame.order)
    keys = [c.key for c in card.choices]
    if key.upper() not in keys:
        raise refuse(Code.BAD_CHOICE, f"Choose one of: {', '.join(keys)}.")
    votes = dict(run.votes)
    votes[seat] = key.upper()
    eng.set_run(votes=votes)
    eng.emit(EventKind.VOTED, f"{eng.name(seat)} votes {key.upper()}.")
    if all(s in votes for s in voters(eng)):
        close_vote(eng)


def voters(eng: Engine) -> list[int]:
    return [s for s in eng.run.seats if not eng.t.runners[s].is_merc]


@handles(CloseVote)
def on_close_vote(eng: Engine, a: CloseVote) -> None:
    run = eng.run
    if run.phase != "vote":
        raise refuse(Code.NO_VOTE, "There is no vote open.")
    if a.player != SYSTEM_PLAYER and eng.t.runners[run.leader].player != a.player:
        raise refuse(Code.NOT_LEADER, "Only the Leader can close the vote early.")
    close_vote(eng)


def close_vote(eng: Engine) -> None:
    run = eng.run
    frame = run.scenes[-1]
    card = eng.scard(frame.order)
    keys = [c.key for c in card.choices]
    tally = {k: 0 for k in keys}
    for v in run.votes.values():
        tally[v] += 1
    best = max(tally.values())
    tied = [k for k in keys if tally[k] == best]
    leader_vote = run.votes.get(run.leader)
    if leader_vote is None:
        # A merc Leader's vote is its controller's.
        controller = eng.t.runners[run.leader].player
        for s, v in run.votes.items():
            if eng.t.runners[s].player == controller:
                leader_vote = v
    winner = leader_vote if len(tied) > 1 and leader_vote in tied else tied[0]
    choice = next(c for c in card.choices if c.key == winner)
    eng.emit(EventKind.VOTE_RESULT, f"The crew chose {winner}: {choice.label}.")
    scenes.set_top_scene(eng, frame.model_copy(update={"voted": True, "queue": choice.effects}))
    eng.set_run(phase="scene", votes={})
    scenes.process_scenes(eng)
