"""The effect vocabulary as data: targets, name / tag filters and every kind of effect a
card's text resolves (rules/tcg/effects.py resolves them; docs/tcg-content.md lists them).

Split from rules/tcg/cards.py (which re-exports every name here) to keep modules small.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

if TYPE_CHECKING:
    from rules.tcg.cards import Card

FROZEN = ConfigDict(frozen=True, extra="forbid")


class Who(StrEnum):
    SELF = "self"
    RIVAL = "rival"
    EACH = "each"  # the active player acts first (T12)


class Target(StrEnum):
    """Who an effect acts on. The chosen ones are asked with a prompt."""

    THIS = "this"  # the card the text is on (the host, for a Gear's lower text)
    FRIENDLY_UNIT = "friendly_unit"
    RIVAL_UNIT = "rival_unit"
    ANY_UNIT = "any_unit"
    ALL_FRIENDLY_UNITS = "all_friendly_units"
    ALL_RIVAL_UNITS = "all_rival_units"


class Until(StrEnum):
    END_OF_TURN = "end_of_turn"
    YOUR_NEXT_TURN = "your_next_turn"  # until the start of the controller's next turn
    PERMANENT = "permanent"  # while the card stays where it is


class _Effect(BaseModel):
    model_config = FROZEN


def _check_tag(tag: str | None) -> str | None:
    if tag is not None and tag != tag.upper():
        raise ValueError(f"tags are capitalised: '{tag}'")
    return tag


class Match(BaseModel):
    """A filter by card name ("a Unit named X": every subtitle, §1) and by tag ("each
    NETRUNNER Unit": the card's own tags; a host doesn't get its Gear's tags)."""

    model_config = FROZEN

    named: str | None = Field(default=None, min_length=1, max_length=60)
    tag: str | None = Field(default=None, min_length=1, max_length=30)

    @field_validator("tag")
    @classmethod
    def _capitalised(cls, v: str | None) -> str | None:
        return _check_tag(v)

    def filtered(self) -> bool:
        return self.named is not None or self.tag is not None

    def matches(self, card: Card) -> bool:
        if self.named is not None and card.name != self.named:
            return False
        return self.tag is None or self.tag in card.tags


class _Targeted(_Effect, Match):
    """An effect on one or more Units, optionally only those a `named` / `tag` filter picks."""

    target: Target

    @model_validator(mode="after")
    def _filter_needs_a_choice(self) -> _Targeted:
        if self.filtered() and self.target is Target.THIS:
            raise ValueError("a named / tag filter needs a chosen target, not 'this'")
        return self


class Draw(_Effect):
    type: Literal["draw"] = "draw"
    count: int = Field(default=1, ge=1, le=10)
    who: Who = Who.SELF


class Power(_Targeted):
    """Add `amount` (may be negative) power to the target(s)."""

    type: Literal["power"] = "power"
    amount: int = Field(ge=-50, le=50)
    until: Until = Until.END_OF_TURN
    max_power: int | None = None  # only targets with at most this power


class Defeat(_Targeted):
    type: Literal["defeat"] = "defeat"
    max_power: int | None = None
    spent_only: bool = False


class Ready(_Targeted):
    type: Literal["ready"] = "ready"


class Spend(_Targeted):
    """Spend the target. Spending a spent card is legal (T9); the rider still lands."""

    type: Literal["spend"] = "spend"
    no_ready_next: bool = False  # "it doesn't ready during its controller's next turn"


class CantAttack(_Targeted):
    type: Literal["cant_attack"] = "cant_attack"
    until: Until = Until.YOUR_NEXT_TURN


class ToHand(_Targeted):
    """Return the target to its owner's hand (a Legend is removed instead, T21)."""

    type: Literal["to_hand"] = "to_hand"
    max_power: int | None = None


class ToDeckBottom(_Targeted):
    type: Literal["to_deck_bottom"] = "to_deck_bottom"
    max_power: int | None = None


class StealGig(_Effect):
    """Take up to `count` Gigs from the rival's Gig area (the controller picks)."""

    type: Literal["steal_gig"] = "steal_gig"
    count: int = Field(default=1, ge=1, le=6)


class SwapGig(_Effect):
    """Swap one of your Gigs with one of the rival's; needs a Gig on each side (T8)."""

    type: Literal["swap_gig"] = "swap_gig"


class AdjustGig(_Effect):
    """Raise or lower a Gig by 0…amount (the controller picks), within the die's range."""

    type: Literal["adjust_gig"] = "adjust_gig"
    direction: Literal["up", "down"]
    amount: int = Field(ge=1, le=19)
    friendly: bool = False  # only your own Gigs; otherwise either side


class SetGig(_Effect):
    type: Literal["set_gig"] = "set_gig"
    to: Literal["min", "max"]
    friendly: bool = False


class ReadyEddies(_Effect):
    type: Literal["ready_eddies"] = "ready_eddies"
    count: int = Field(ge=1, le=10)


class SellTop(_Effect):
    """Put the top card(s) of your deck into the Eddies area unseen (no Sell tag needed)."""

    type: Literal["sell_top"] = "sell_top"
    count: int = Field(default=1, ge=1, le=5)


class CallLegend(_Effect):
    """A free Call: it shares the once-per-turn counter (T3)."""

    type: Literal["call_legend"] = "call_legend"


class Peek(_Effect):
    """Look at the top `count` cards of your deck (seen by you only); they stay there."""

    type: Literal["peek"] = "peek"
    count: int = Field(default=1, ge=1, le=10)


class WinIf(_Effect):
    """A card-made win condition: win at once if your Street Cred is at least `cred`."""

    type: Literal["win_if"] = "win_if"
    street_cred_at_least: int = Field(ge=1)


class PreventDefeat(_Targeted):
    """ "Prevent the next `count` times the target would be defeated" (a shield on the card,
    gone when it leaves play or `until` ends). A prevented defeat fires no DEFEATED (§10)."""

    type: Literal["prevent_defeat"] = "prevent_defeat"
    count: int = Field(default=1, ge=1, le=5)
    until: Until = Until.END_OF_TURN


class PreventSteal(_Effect):
    """ "Prevent the next `count` Gigs that would be stolen from you": a shield on your Gig
    area, used up one die at a time, gone when `until` ends. A swap is not a steal (§8)."""

    type: Literal["prevent_steal"] = "prevent_steal"
    count: int = Field(default=1, ge=1, le=6)
    until: Until = Until.END_OF_TURN


class StealBonus(_Targeted):
    """The target steals `amount` more (or, negative, fewer) Gigs when its attack steals (§8:
    modifiers apply to the number; a Unit at power 0 or less still steals none, D1)."""

    type: Literal["steal_bonus"] = "steal_bonus"
    amount: int = Field(ge=-5, le=5)
    until: Until = Until.END_OF_TURN

    @field_validator("amount")
    @classmethod
    def _nonzero(cls, v: int) -> int:
        if v == 0:
            raise ValueError("a steal bonus of 0 does nothing")
        return v


class Named(_Effect):
    type: Literal["named"] = "named"
    name: str
    params: dict[str, int | str | bool] = {}


_PlainEffect = Annotated[
    Draw
    | Power
    | Defeat
    | Ready
    | Spend
    | CantAttack
    | ToHand
    | ToDeckBottom
    | StealGig
    | SwapGig
    | AdjustGig
    | SetGig
    | ReadyEddies
    | SellTop
    | CallLegend
    | Peek
    | WinIf
    | PreventDefeat
    | PreventSteal
    | StealBonus
    | Named,
    Field(discriminator="type"),
]


class Mode(BaseModel):
    """One mode of a "choose one —" effect: its prompt label and what it does."""

    model_config = FROZEN

    label: str = Field(default="", max_length=80)  # by default written from the effects
    effects: tuple[_PlainEffect, ...]

    @model_validator(mode="after")
    def _check(self) -> Mode:
        # Checked after the items, so a bad effect isn't also reported as a missing one.
        if not self.effects:
            raise ValueError("a mode needs at least 1 effect")
        return self


class ChooseOne(_Effect):
    """ "Choose one —": the controller must pick a mode (T25), even one that will do nothing
    (§11); the chosen mode's effects resolve in this effect's place. Modes don't nest."""

    type: Literal["choose_one"] = "choose_one"
    modes: tuple[Mode, ...]

    @model_validator(mode="after")
    def _check(self) -> ChooseOne:
        if not 2 <= len(self.modes) <= 4:
            raise ValueError(f"choose one needs 2 to 4 modes, not {len(self.modes)}")
        return self


Effect = Annotated[
    _PlainEffect | ChooseOne,
    Field(discriminator="type"),
]


def _mode_effects(e: ChooseOne) -> list[_PlainEffect]:
    return [x for m in e.modes for x in m.effects]
