"""The effect vocabulary of Cyberpunk Legends content.

Each effect is a small typed record, discriminated by `type`. Player-card effects
(`CardEffect`) resolve when the card enters the Plan, except Damage and healing, which are
computed when the Plan executes (R6). Scenario-card effects (`SceneEffect`) resolve when
the card is flipped, or at the end of a round for an Obstacle's `end_of_round`.

Cards that need behaviour outside this vocabulary use `{type = "named", name = "..."}`,
which calls a Python function registered in `rules.legends.named`.
`docs/content.md` documents every entry; keep it in step with this file.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


def _suit(v: Any) -> Any:
    from rules.legends.cards import parse_suit

    return None if v is None else parse_suit(v)


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFilter(BaseModel):
    """Which Plan cards an effect counts or may pick. Empty filter = any card."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    suit: str | None = None
    face: bool | None = None
    rank: int | None = None
    other: bool = False  # exclude the card carrying the effect

    @field_validator("suit", mode="before")
    @classmethod
    def _s(cls, v: Any) -> Any:
        s = _suit(v)
        return None if s is None else s.value

    @field_validator("rank", mode="before")
    @classmethod
    def _r(cls, v: Any) -> Any:
        from rules.legends.cards import parse_rank

        return None if v is None else parse_rank(v)


Who = Literal["self", "chosen", "each"]


# ---- player-card effects -------------------------------------------------------------


class Draw(_Effect):
    """`who` draws `count` cards at once ("chosen": the card's player picks a player)."""

    type: Literal["draw"] = "draw"
    count: int = Field(default=1, ge=1, le=10)
    who: Who = "self"


class Damage(_Effect):
    """+N Damage, counted when the Plan executes."""

    type: Literal["damage"] = "damage"
    amount: int = Field(ge=0, le=50)


class DamagePerSymbol(_Effect):
    """+N Damage per symbol of `suit` in the Plan at execution (its own included).
    Wild symbols do not count: they are assigned only for To Hit checks."""

    type: Literal["damage_per_symbol"] = "damage_per_symbol"
    suit: str
    amount: int = Field(default=1, ge=1, le=10)

    @field_validator("suit", mode="before")
    @classmethod
    def _s(cls, v: Any) -> Any:
        return _suit(v).value


class DamagePerPair(_Effect):
    """+N Damage per pair in the Plan at execution: distinct ranks on 2+ cards (R3)."""

    type: Literal["damage_per_pair"] = "damage_per_pair"
    amount: int = Field(default=1, ge=1, le=10)


class DamagePerCard(_Effect):
    """+N Damage per Plan card matching `filter` at execution."""

    type: Literal["damage_per_card"] = "damage_per_card"
    amount: int = Field(default=1, ge=1, le=10)
    filter: CardFilter = CardFilter()


class PlanSize(_Effect):
    """Plan Size +N (or -N) while this card is in the Plan."""

    type: Literal["plan_size"] = "plan_size"
    amount: int = Field(ge=-4, le=5)


class Heal(_Effect):
    """Heal the crew N when the Plan executes (hit or miss), capped at max Health."""

    type: Literal["heal"] = "heal"
    amount: int = Field(ge=1, le=20)


class ImmediateDamage(_Effect):
    """Deal N Damage at once, ignoring To Hit (R7); the player picks among Obstacles."""

    type: Literal["immediate_damage"] = "immediate_damage"
    amount: int = Field(ge=1, le=50)


class DiscardFromPlan(_Effect):
    """The player may discard up to `max` cards matching `filter` from the Plan (this card
    included: it can discard itself). Each discarded card deals `damage_each` immediate
    Damage."""

    type: Literal["discard_from_plan"] = "discard_from_plan"
    max: int = Field(default=1, ge=1, le=10)
    filter: CardFilter = CardFilter()
    damage_each: int = Field(default=0, ge=0, le=20)


class DiscardFromHand(_Effect):
    """`who` discards `count` cards from hand (their own choice of cards).
    `optional` makes it "may discard up to"."""

    type: Literal["discard_from_hand"] = "discard_from_hand"
    count: int = Field(default=1, ge=1, le=5)
    who: Who = "self"
    optional: bool = False
    draw_after: int = Field(default=0, ge=0, le=5)


class PutFromHand(_Effect):
    """`who` may put a card from their hand into the Plan (ignores play restrictions
    and the Plan Size)."""

    type: Literal["put_from_hand"] = "put_from_hand"
    who: Literal["self", "chosen"] = "chosen"
    optional: bool = True


class DrawAndPut(_Effect):
    """Draw a card; discard it or put it into the Plan. While the put card stays in the
    Plan, Plan Size +`plan_size` (Second Story Work)."""

    type: Literal["draw_and_put"] = "draw_and_put"
    plan_size: int = Field(default=1, ge=0, le=3)


class PutFromDeck(_Effect):
    """Put the top `count` cards of the player's deck into the Plan."""

    type: Literal["put_from_deck"] = "put_from_deck"
    count: int = Field(default=1, ge=1, le=3)


class Replace(_Effect):
    """The player may replace a Plan card (not this one) with a card from their hand: the
    replaced card is discarded, the new one is *played* (normal play rules)."""

    type: Literal["replace"] = "replace"
    optional: bool = True


class OnlyIf(_Effect):
    """A play restriction, checked only when the card is *played* (R6). All given
    conditions must hold."""

    type: Literal["only_if"] = "only_if"
    no_other_suit: str | None = None  # no other symbols of this suit in the Plan
    plan_has_suit: str | None = None  # the Plan already shows this suit
    max_plan_cards: int | None = Field(default=None, ge=0)
    min_plan_cards: int | None = Field(default=None, ge=0)

    @field_validator("no_other_suit", "plan_has_suit", mode="before")
    @classmethod
    def _s(cls, v: Any) -> Any:
        s = _suit(v)
        return None if s is None else s.value


class Named(_Effect):
    """Escape hatch: a Python effect registered under `name` in rules.legends.named."""

    type: Literal["named"] = "named"
    name: str
    params: dict[str, int | str | bool] = {}


CardEffect = Annotated[
    Draw
    | Damage
    | DamagePerSymbol
    | DamagePerPair
    | DamagePerCard
    | PlanSize
    | Heal
    | ImmediateDamage
    | DiscardFromPlan
    | DiscardFromHand
    | PutFromHand
    | DrawAndPut
    | PutFromDeck
    | Replace
    | OnlyIf
    | Named,
    Field(discriminator="type"),
]


# ---- scenario-card effects -----------------------------------------------------------


class DrawNext(_Effect):
    """Flip the next Scenario Card now (an Obstacle that says this stays active, so
    several Obstacles can be faced at once)."""

    type: Literal["draw_next"] = "draw_next"


class DiscardNext(_Effect):
    """Discard the next `count` Scenario Cards without looking at them."""

    type: Literal["discard_next"] = "discard_next"
    count: int = Field(default=1, ge=1, le=5)


class DamageCrew(_Effect):
    type: Literal["damage_crew"] = "damage_crew"
    amount: int = Field(ge=1, le=20)


class HealCrew(_Effect):
    type: Literal["heal_crew"] = "heal_crew"
    amount: int = Field(ge=1, le=20)


class EachDraws(_Effect):
    type: Literal["each_draws"] = "each_draws"
    count: int = Field(default=1, ge=1, le=5)


class EachDiscards(_Effect):
    """Each player discards `count` cards of their choice from hand."""

    type: Literal["each_discards"] = "each_discards"
    count: int = Field(default=1, ge=1, le=5)


class GainEddies(_Effect):
    """Every runner gains N Eddies."""

    type: Literal["gain_eddies"] = "gain_eddies"
    amount: int = Field(ge=1, le=50)


class SetMemory(_Effect):
    """Record a Persistent Memory key in the campaign."""

    type: Literal["set_memory"] = "set_memory"
    key: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")


class IfMemory(_Effect):
    """Branch on a Persistent Memory key."""

    type: Literal["if_memory"] = "if_memory"
    key: str
    then: tuple[SceneEffect, ...] = ()
    otherwise: tuple[SceneEffect, ...] = Field(default=(), alias="else")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class AddCards(_Effect):
    """Add these card ids to every runner's deck (a reward)."""

    type: Literal["add_cards"] = "add_cards"
    cards: tuple[str, ...] = Field(min_length=1)


class UnlockPack(_Effect):
    type: Literal["unlock_pack"] = "unlock_pack"
    pack: str


class HealObstacle(_Effect):
    """End of round: this Obstacle removes N of its Damage."""

    type: Literal["heal_obstacle"] = "heal_obstacle"
    amount: int = Field(ge=1, le=20)


class NamedScene(_Effect):
    type: Literal["named"] = "named"
    name: str
    params: dict[str, int | str | bool] = {}


SceneEffect = Annotated[
    DrawNext
    | DiscardNext
    | DamageCrew
    | HealCrew
    | EachDraws
    | EachDiscards
    | GainEddies
    | SetMemory
    | IfMemory
    | AddCards
    | UnlockPack
    | HealObstacle
    | NamedScene,
    Field(discriminator="type"),
]

IfMemory.model_rebuild()
