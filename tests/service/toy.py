"""A tiny deck game with the same shape as the Legends contract, for testing the service.

State: a frozen pydantic model with `id` and `version`, a seeded `Rng`, a shuffled deck,
hands (hidden information), a discard pile, whose turn it is, a counter anyone may bump,
a one-off token to claim, and runs. Actions: a pydantic discriminated union, each with
`player`. Illegal moves raise `IllegalAction`. Invariants: every card is in exactly one
place, and the version counts the applied actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.plugin import GamePlugin
from bot.storage.base import RunInfo
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.rng import Rng

FROZEN = ConfigDict(frozen=True, extra="forbid")
N_CARDS = 24
HAND_LIMIT = 5


class ToyRun(BaseModel):
    model_config = FROZEN

    number: int
    scenario: str
    outcome: Literal["active", "complete", "abandoned"] = "active"


class ToyState(BaseModel):
    model_config = FROZEN

    version: int = 0
    id: str
    owner: str
    rng: Rng
    players: tuple[str, ...] = ()
    deck: tuple[int, ...]
    hands: dict[str, tuple[int, ...]] = {}
    discard: tuple[int, ...] = ()
    turn: int = 0
    score: dict[str, int] = {}
    counter: int = 0
    claimed_by: str | None = None
    run: ToyRun | None = None
    runs_played: int = 0
    finished: bool = False
    # A big blob to make rows a realistic size in benchmarks (a Legends table is a few KB).
    padding: str = ""


class _A(BaseModel):
    model_config = FROZEN

    player: str = Field(min_length=1, max_length=40)


class Join(_A):
    type: Literal["join"] = "join"


class Draw(_A):
    type: Literal["draw"] = "draw"


class Play(_A):
    type: Literal["play"] = "play"
    card: int


class Shuffle(_A):
    type: Literal["shuffle"] = "shuffle"


class Bump(_A):
    type: Literal["bump"] = "bump"


class Claim(_A):
    type: Literal["claim"] = "claim"


class StartRun(_A):
    type: Literal["start_run"] = "start_run"
    scenario: str = "heist"


class EndRun(_A):
    type: Literal["end_run"] = "end_run"
    outcome: Literal["complete", "abandoned"] = "complete"


class Finish(_A):
    type: Literal["finish"] = "finish"


ToyAction = Annotated[
    Join | Draw | Play | Shuffle | Bump | Claim | StartRun | EndRun | Finish,
    Field(discriminator="type"),
]
ACTION: TypeAdapter[ToyAction] = TypeAdapter(ToyAction)


def new_toy(table_id: str, *, seed: int, owner: str = "owner", padding: int = 0) -> ToyState:
    rng, deck = Rng(seed=seed).shuffle(range(N_CARDS))
    return ToyState(id=table_id, owner=owner, rng=rng, deck=tuple(deck), padding="x" * padding)


def _no(code: str, message: str) -> IllegalAction:
    return IllegalAction.of(code, message)


def _seated(state: ToyState, player: str) -> None:
    if player not in state.players:
        raise _no("not_seated", "You are not seated at this table.")


def _turn(state: ToyState, player: str) -> None:
    _seated(state, player)
    if state.players[state.turn] != player:
        raise _no("not_your_turn", "It is not your turn.")


def apply(state: ToyState, action: ToyAction) -> tuple[ToyState, list[Event]]:
    """The reducer: a new state at version + 1 and its events, or IllegalAction."""
    p = action.player
    up: dict[str, object] = {}
    events: list[Event] = []
    if state.finished:
        raise _no("finished", "The campaign is over.")
    if isinstance(action, Join):
        if p in state.players:
            raise _no("already_seated", "You are already seated.")
        if len(state.players) >= 4:
            raise _no("table_full", "The table is full.")
        up = {
            "players": (*state.players, p),
            "hands": {**state.hands, p: ()},
            "score": {**state.score, p: 0},
        }
        events.append(Event(kind="joined", text=f"{p} sat down."))
    elif isinstance(action, Draw):
        _turn(state, p)
        if not state.deck:
            raise _no("deck_empty", "The deck is empty: shuffle the discard pile in.")
        if len(state.hands[p]) >= HAND_LIMIT:
            raise _no("hand_full", "Your hand is full.")
        card = state.deck[0]
        seat = state.players.index(p)
        up = {"deck": state.deck[1:], "hands": {**state.hands, p: (*state.hands[p], card)}}
        events.append(Event(kind="drew", text=f"{p} drew a card."))
        events.append(Event(kind="drew_card", text=f"You drew {card}.", seats=(seat,)))
    elif isinstance(action, Play):
        _turn(state, p)
        if action.card not in state.hands[p]:
            raise _no("not_in_hand", "That card is not in your hand.")
        hand = list(state.hands[p])
        hand.remove(action.card)
        up = {
            "hands": {**state.hands, p: tuple(hand)},
            "discard": (*state.discard, action.card),
            "score": {**state.score, p: state.score[p] + action.card},
            "turn": (state.turn + 1) % len(state.players),
        }
        events.append(Event(kind="played", text=f"{p} played {action.card}."))
    elif isinstance(action, Shuffle):
        _seated(state, p)
        if not state.discard:
            raise _no("nothing_to_shuffle", "The discard pile is empty.")
        rng, deck = state.rng.shuffle((*state.deck, *state.discard))
        up = {"rng": rng, "deck": tuple(deck), "discard": ()}
        events.append(Event(kind="shuffled", text="The deck was shuffled."))
    elif isinstance(action, Bump):
        _seated(state, p)
        up = {"counter": state.counter + 1}
        events.append(Event(kind="bumped", text=f"{p} bumped the counter."))
    elif isinstance(action, Claim):
        _seated(state, p)
        if state.claimed_by is not None:
            raise _no("claimed", "Someone already claimed it.")
        up = {"claimed_by": p}
        events.append(Event(kind="claimed", text=f"{p} claimed the token."))
    elif isinstance(action, StartRun):
        if p != state.owner:
            raise _no("not_owner", "Only the owner starts a run.")
        if state.run is not None and state.run.outcome == "active":
            raise _no("run_on", "A run is already being played.")
        up = {
            "run": ToyRun(number=state.runs_played + 1, scenario=action.scenario),
            "runs_played": state.runs_played + 1,
        }
        events.append(Event(kind="run_started", text=f"Run {state.runs_played + 1} begins."))
    elif isinstance(action, EndRun):
        if p != state.owner:
            raise _no("not_owner", "Only the owner ends a run.")
        if state.run is None or state.run.outcome != "active":
            raise _no("no_run", "No run is being played.")
        up = {"run": state.run.model_copy(update={"outcome": action.outcome})}
        events.append(Event(kind="run_ended", text="The run is over."))
    elif isinstance(action, Finish):
        if p != state.owner:
            raise _no("not_owner", "Only the owner ends the campaign.")
        up = {"finished": True}
        events.append(Event(kind="finished", text="The campaign is over."))
    up["version"] = state.version + 1
    return state.model_copy(update=up), events


def invariants(state: ToyState) -> None:
    """Raise AssertionError if the state is not a possible one."""
    cards = list(state.deck) + list(state.discard)
    for hand in state.hands.values():
        cards.extend(hand)
    assert sorted(cards) == list(range(N_CARDS)), "a card was lost or duplicated"
    assert set(state.hands) == set(state.players)
    assert all(len(h) <= HAND_LIMIT for h in state.hands.values())
    assert 0 <= state.turn < max(1, len(state.players))
    assert sum(state.score.values()) == sum(state.discard) or state.rng.calls > 1
    assert state.version >= state.counter


class ToyAdapter:
    """The `GameAdapter` for the toy game (what LegendsAdapter is for Legends)."""

    game = "toy"

    def state_to_json(self, state: ToyState) -> str:
        return state.model_dump_json()

    def state_from_json(self, data: str) -> ToyState:
        return ToyState.model_validate_json(data)

    def action_to_json(self, action: ToyAction) -> str:
        return action.model_dump_json()

    def action_from_json(self, data: str) -> ToyAction:
        return ACTION.validate_json(data)

    def apply(self, state: ToyState, action: ToyAction) -> tuple[ToyState, Sequence[Event]]:
        return apply(state, action)

    def version(self, state: ToyState) -> int:
        return state.version

    def player(self, action: ToyAction) -> str:
        return action.player

    def kind(self, action: ToyAction) -> str:
        return action.type

    def finished(self, state: ToyState) -> bool:
        return state.finished

    def last_run(self, state: ToyState) -> RunInfo | None:
        if state.run is None:
            return None
        run = state.run
        return RunInfo(number=run.number, label=run.scenario, status=run.outcome)


class ToyPlugin(GamePlugin):
    """The toy game as a plug-in (tests put it in the registry: `bot.games.GAMES`)."""

    name = "toy"
    title = "Toy"

    def load_content(self, paths: Sequence[Path] | None = None) -> None:
        return None

    def adapter(self, content: object | None = None) -> ToyAdapter:
        return ToyAdapter()


PLUGIN = ToyPlugin()


def scripted_action(state: ToyState, rnd: object) -> ToyAction:
    """A plausible next action for a random driver (legal most of the time)."""
    import random

    assert isinstance(rnd, random.Random)
    if len(state.players) < 2:
        return Join(player=f"p{len(state.players)}")
    roll = rnd.random()
    current = state.players[state.turn]
    hand = state.hands[current]
    if roll < 0.05:
        return Join(player=rnd.choice(["p0", "p1", "p2", "p3", "p4"]))
    if roll < 0.10:
        return Shuffle(player=rnd.choice(state.players))
    if roll < 0.20:
        return Bump(player=rnd.choice(state.players))
    if roll < 0.25:
        return Play(player=rnd.choice(state.players), card=rnd.randrange(N_CARDS))
    if roll < 0.28:
        return StartRun(player=state.owner if rnd.random() < 0.8 else "p1")
    if roll < 0.31:
        return EndRun(player=state.owner)
    if hand and (len(hand) >= HAND_LIMIT or not state.deck or roll < 0.6):
        return Play(player=current, card=rnd.choice(hand))
    if not state.deck:
        return Shuffle(player=current)
    return Draw(player=current)
