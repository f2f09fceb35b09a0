"""Every action a player (or the adapter, for timers) can take at a table.

`player` is the acting person's id as the adapter knows it (for Discord, "user id" as a
string). `merc` routes the action to the mercenary seat that person controls (R13).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.legends.cards import Role


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str = Field(min_length=1, max_length=40)


# ---- campaign management ------------------------------------------------------------


class Join(_Action):
    type: Literal["join"] = "join"
    name: str = Field(min_length=1, max_length=64)
    role: Role
    merc: Role | None = None


class Leave(_Action):
    type: Literal["leave"] = "leave"


class Start(_Action):
    # Set by the adapter when the caller may manage the channel (not only the owner).
    manager: bool = False
    type: Literal["start"] = "start"
    scenario: str | None = None


class SetOption(_Action):
    # Set by the adapter when the caller may manage the channel (not only the owner).
    manager: bool = False
    type: Literal["set_option"] = "set_option"
    name: str
    value: Any


class Buy(_Action):
    type: Literal["buy"] = "buy"
    card: str
    merc: bool = False


class Remove(_Action):
    type: Literal["remove"] = "remove"
    card: str
    merc: bool = False


class Solve(_Action):
    type: Literal["solve"] = "solve"
    answer: str = Field(max_length=200)


class Abandon(_Action):
    # Set by the adapter when the caller may manage the channel (not only the owner).
    manager: bool = False
    type: Literal["abandon"] = "abandon"


# ---- during a run -------------------------------------------------------------------


class Flip(_Action):
    type: Literal["flip"] = "flip"


class Play(_Action):
    """Play a card from hand into the Plan. `card` is a card instance id from the hand."""

    type: Literal["play"] = "play"
    card: str
    merc: bool = False


class Choose(_Action):
    """Answer the pending prompt on this player's seat, or vote on a scene choice."""

    type: Literal["choose"] = "choose"
    option: str
    merc: bool = False


class CloseVote(_Action):
    """The Leader confirms the vote early, or the adapter's timer closes it."""

    type: Literal["close_vote"] = "close_vote"


class Discard(_Action):
    """Clean-up: discard a card (instance id) from hand within the round's limit."""

    type: Literal["discard"] = "discard"
    card: str
    merc: bool = False


class Ready(_Action):
    """Clean-up: this seat is done discarding."""

    type: Literal["ready"] = "ready"
    merc: bool = False


Action = Annotated[
    Join
    | Leave
    | Start
    | SetOption
    | Buy
    | Remove
    | Solve
    | Abandon
    | Flip
    | Play
    | Choose
    | CloseVote
    | Discard
    | Ready,
    Field(discriminator="type"),
]

# The id the adapter uses when an action is taken by the system (a timer, a vote closing).
SYSTEM_PLAYER = "system"
