"""Every action a duellist can take: one discriminated union, `type` the tag.

`player` is the acting person's id as the adapter knows it. Card arguments are card instance
ids (`Duel.cards`), Legends-area slots are 0–2, dice are die ids ("0d8").
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    player: str = Field(min_length=1, max_length=40)


class Choose(_Action):
    """Answer the prompt waiting on this player (first/second, a target, an order …)."""

    type: Literal["choose"] = "choose"
    option: str


class Mulligan(_Action):
    type: Literal["mulligan"] = "mulligan"


class Keep(_Action):
    type: Literal["keep"] = "keep"


class Roll(_Action):
    """Start phase: roll in a Gig from the fixer area (die size: 4, 6, … 20)."""

    type: Literal["roll"] = "roll"
    die: int


class Sell(_Action):
    type: Literal["sell"] = "sell"
    card: str


class Call(_Action):
    """Call a Legend: pay 1 €$ and turn the face-down Legend in `slot` face-up."""

    type: Literal["call"] = "call"
    slot: int = Field(ge=0, le=2)
    pay: tuple[str, ...] | None = None


class Play(_Action):
    """Play a card from hand, or a Legend from the Legends area (`card` is its instance).

    `target`: a Gear's host. `pay`: the sources (Eddie or Legend instances) to spend;
    None lets the engine pick (Eddies first, T27). `solo`: use GO SOLO (default yes when
    the Legend has it)."""

    type: Literal["play"] = "play"
    card: str
    target: str | None = None
    pay: tuple[str, ...] | None = None
    solo: bool = True


class Activate(_Action):
    type: Literal["activate"] = "activate"
    card: str
    ability: int = 0
    pay: tuple[str, ...] | None = None


class Attack(_Action):
    """Attack with `unit`: `target` a spent rival Unit, or None for the rival's Gig area."""

    type: Literal["attack"] = "attack"
    unit: str
    target: str | None = None


class Block(_Action):
    type: Literal["block"] = "block"
    unit: str


class Pass(_Action):
    """Close the reaction window."""

    type: Literal["pass"] = "pass"


class End(_Action):
    type: Literal["end"] = "end"


class Concede(_Action):
    type: Literal["concede"] = "concede"


Action = Annotated[
    Choose
    | Mulligan
    | Keep
    | Roll
    | Sell
    | Call
    | Play
    | Activate
    | Attack
    | Block
    | Pass
    | End
    | Concede,
    Field(discriminator="type"),
]
