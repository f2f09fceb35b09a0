"""Every action a seat can take. `seat` is the acting seat (the adapter maps people to
seats); card fields are instance ids from the seat's view."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

OFFICER = "officer"
MASTERMIND = "mastermind"


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int = Field(ge=0, le=4)


class Play(_Action):
    """Play a card from hand. `fated_future`: the answer to its Fated Future, if it has
    one (None: ask when it resolves). `half`: which half of a divided card to play (0 or
    1; None: ask, L2)."""

    type: Literal["play"] = "play"
    card: str
    fated_future: bool | None = None
    half: int | None = Field(default=None, ge=0, le=1)


class Recruit(_Action):
    """Recruit an HQ Hero (its instance id) or an Officer (`"officer"`)."""

    type: Literal["recruit"] = "recruit"
    card: str


class Fight(_Action):
    """Fight a city Villain (its instance id) or the Mastermind (`"mastermind"`)."""

    type: Literal["fight"] = "fight"
    target: str


class Heal(_Action):
    type: Literal["heal"] = "heal"


class Special(_Action):
    """Take a special action of the Scheme or Mastermind (by its id)."""

    type: Literal["special"] = "special"
    action: str


class Choose(_Action):
    """Answer the pending prompt addressed to this seat."""

    type: Literal["choose"] = "choose"
    option: str


class EndTurn(_Action):
    type: Literal["end_turn"] = "end_turn"


Action = Annotated[
    Play | Recruit | Fight | Heal | Special | Choose | EndTurn, Field(discriminator="type")
]
