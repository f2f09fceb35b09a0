"""The state of one Cyberpunk Legends table: a campaign and, while one is on, its run.

Immutable pydantic models. The reducer never mutates a state: it builds a new one with
`model_copy(update=...)`, and every accepted action bumps `Table.version`. The whole
state round-trips through JSON losslessly; that JSON is what the database stores.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.core.rng import Rng
from rules.legends.cards import Role
from rules.legends.codes import PromptKind
from rules.legends.effects import CardFilter, SceneEffect
from rules.legends.options import TableOptions

FROZEN = ConfigDict(frozen=True, extra="forbid")


class Runner(BaseModel):
    """A seat at the campaign: a person's runner, or the merc that person controls."""

    model_config = FROZEN

    player: str  # who acts for this seat (a merc's controller)
    name: str
    role: Role
    is_merc: bool = False
    # Left mid-run: removed from the roster when the run ends.
    leaving: bool = False
    deck: tuple[str, ...]  # decklist: card ids, one per copy
    eddies: int = 0
    eddies_spent: int = 0


class Option(BaseModel):
    """One legal answer to a prompt. `label` may name a hidden card: prompts that offer
    hand cards are shown only to their seat (see `view`)."""

    model_config = FROZEN

    key: str
    label: str


# ---- what a prompt continues with, once answered (one model per prompt kind) --------


class ChoosePlayerStep(BaseModel):
    """A player is chosen; that player then draws, discards or puts a card."""

    model_config = FROZEN

    kind: Literal[PromptKind.CHOOSE_PLAYER] = PromptKind.CHOOSE_PLAYER
    then: Literal["draw", "discard", "put"]
    count: int = 0
    optional: bool = False
    draw_after: int = 0


class ChooseTargetStep(BaseModel):
    """An Obstacle is chosen to take `amount` immediate Damage (R7)."""

    model_config = FROZEN

    kind: Literal[PromptKind.CHOOSE_TARGET] = PromptKind.CHOOSE_TARGET
    amount: int


class DiscardFromPlanStep(BaseModel):
    """Cards matching `filter` leave the Plan one pick at a time: `dealt` so far, each worth
    `damage_each` immediate Damage once the picking ends."""

    model_config = FROZEN

    kind: Literal[PromptKind.DISCARD_FROM_PLAN] = PromptKind.DISCARD_FROM_PLAN
    dealt: int = 0
    damage_each: int = 0
    filter: CardFilter = CardFilter()

    @field_validator("filter", mode="before")
    @classmethod
    def _stored_as_json(cls, value: Any) -> Any:
        # States saved before the typed prompts kept the filter as a JSON string.
        return json.loads(value) if isinstance(value, str) else value


class DiscardFromHandStep(BaseModel):
    """A card effect's discard from hand, then `draw_after` cards."""

    model_config = FROZEN

    kind: Literal[PromptKind.DISCARD_FROM_HAND] = PromptKind.DISCARD_FROM_HAND
    draw_after: int = 0


class SceneDiscardStep(BaseModel):
    """A Scenario Card makes each runner discard."""

    model_config = FROZEN

    kind: Literal[PromptKind.SCENE_DISCARD] = PromptKind.SCENE_DISCARD
    draw_after: int = 0


class PutFromHandStep(BaseModel):
    model_config = FROZEN

    kind: Literal[PromptKind.PUT_FROM_HAND] = PromptKind.PUT_FROM_HAND


class DrawAndPutStep(BaseModel):
    """The `drawn` card is put into the Plan (with a Plan Size `bonus`) or discarded."""

    model_config = FROZEN

    kind: Literal[PromptKind.DRAW_AND_PUT] = PromptKind.DRAW_AND_PUT
    drawn: str
    bonus: int = 0


class ReplacePlanStep(BaseModel):
    """First half of a replace: which Plan card goes out."""

    model_config = FROZEN

    kind: Literal[PromptKind.REPLACE_PLAN] = PromptKind.REPLACE_PLAN


class ReplaceHandStep(BaseModel):
    """Second half of a replace: the hand card that takes the place of `out`."""

    model_config = FROZEN

    kind: Literal[PromptKind.REPLACE_HAND] = PromptKind.REPLACE_HAND
    out: str


class AssignDamageStep(BaseModel):
    """The Leader says how much of the pending Damage goes to the Obstacle `order`."""

    model_config = FROZEN

    kind: Literal[PromptKind.ASSIGN_DAMAGE] = PromptKind.ASSIGN_DAMAGE
    order: int


PromptStep = Annotated[
    ChoosePlayerStep
    | ChooseTargetStep
    | DiscardFromPlanStep
    | DiscardFromHandStep
    | SceneDiscardStep
    | PutFromHandStep
    | DrawAndPutStep
    | ReplacePlanStep
    | ReplaceHandStep
    | AssignDamageStep,
    Field(discriminator="kind"),
]


class Prompt(BaseModel):
    """A decision an effect is waiting on."""

    model_config = FROZEN

    seat: int
    # Public-safe text ("Choose a player to draw 2 cards").
    text: str
    options: tuple[Option, ...]
    # Whether the options reveal the seat's hand (then only that seat sees them).
    private: bool = False
    # Effect bookkeeping.
    source: str | None = None  # card instance that raised it
    picks_left: int = 1
    # What the answer continues with; its model names the prompt's kind.
    step: PromptStep

    @property
    def kind(self) -> PromptKind:
        return self.step.kind

    @model_validator(mode="before")
    @classmethod
    def _old_shape(cls, value: Any) -> Any:
        """States saved before the typed prompts held `kind` and a `data` dict."""
        if isinstance(value, dict) and "step" not in value and "kind" in value:
            value = dict(value)
            value["step"] = {"kind": value.pop("kind"), **(value.pop("data", None) or {})}
        return value


class Frame(BaseModel):
    """A card whose effects are resolving: `index` is the next effect to run."""

    model_config = FROZEN

    inst: str
    seat: int
    index: int = 0


class SceneFrame(BaseModel):
    """A Scenario Card resolving its instructions (or an Obstacle's end-of-round)."""

    model_config = FROZEN

    order: int
    queue: tuple[SceneEffect, ...] = ()
    voted: bool = False
    end_of_round: bool = False


class PlanEntry(BaseModel):
    model_config = FROZEN

    inst: str
    seat: int  # owner: the card returns to this seat's discard pile (R8)
    put: bool = False
    # Plan Size bonus that lasts while this card is in the Plan (Second Story Work).
    size_bonus: int = 0


class ActiveObstacle(BaseModel):
    model_config = FROZEN

    order: int
    damage: int = 0
    health: int  # the card's Health for this crew's size, fixed when flipped


class SeatZones(BaseModel):
    model_config = FROZEN

    deck: tuple[str, ...] = ()  # top of the deck is index 0
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()


class CleanupSeat(BaseModel):
    model_config = FROZEN

    limit: int | None  # None: any number (after all Obstacles were cleared)
    discarded: int = 0
    ready: bool = False


RunPhase = Literal["flip", "scene", "vote", "plan", "assign", "cleanup"]


class Run(BaseModel):
    """One scenario being played."""

    model_config = FROZEN

    scenario: str
    trauma: bool = False
    phase: RunPhase = "flip"
    # Scenario Deck: order numbers, top first. Never shuffled (R10).
    deck: tuple[int, ...]
    scenario_discard: tuple[int, ...] = ()
    # Scenario Cards whose instructions are resolving, innermost last.
    scenes: tuple[SceneFrame, ...] = ()
    # What follows once `scenes` is empty: the next flip / round, or clean-up.
    after_scenes: Literal["continue", "cleanup"] = "continue"
    votes: dict[int, str] = {}
    seats: tuple[int, ...]  # runner indexes taking part, clockwise
    active: tuple[ActiveObstacle, ...] = ()
    cleared: tuple[int, ...] = ()
    leader: int = 0
    round: int = 0
    turn: int | None = None
    # The seat on turn has played its card; the turn passes once effects resolve.
    turn_taken: bool = False
    # Seats that already played in this round (for the turn order display).
    plan: tuple[PlanEntry, ...] = ()
    frames: tuple[Frame, ...] = ()
    prompts: tuple[Prompt, ...] = ()
    # Damage computed at execution, kept while the crew assigns it (assign_damage).
    pending_damage: int = 0
    hit_orders: tuple[int, ...] = ()
    cleanup: dict[int, CleanupSeat] = {}
    cleanup_cleared: bool = False
    zones: dict[int, SeatZones]
    cards: dict[str, str]  # card instance id -> card id
    health: int
    max_health: int
    hand_size: int = 5
    base_plan_size: int = 5


class RunResult(BaseModel):
    model_config = FROZEN

    scenario: str
    outcome: Literal["complete", "flatlined", "abandoned"]
    health: int
    rounds: int


class Table(BaseModel):
    """A campaign bound to one channel, with its current run."""

    model_config = FROZEN

    version: int = 0
    id: str
    name: str
    owner: str
    pack: str = "core"
    campaign: str
    options: TableOptions = TableOptions()
    runners: tuple[Runner, ...] = ()
    progress: int = 0  # index of the next scenario of the campaign
    completed: tuple[str, ...] = ()
    clues: tuple[str, ...] = ()  # "scenario:order" of the Clue cards set aside
    memory: tuple[str, ...] = ()  # Persistent Memory keys
    solved: tuple[str, ...] = ()  # puzzle ids
    unlocked: tuple[str, ...] = ()  # sealed Upgrade Pool packs opened
    max_health: int = 20
    trauma_opened: int = 0
    next_trauma: str | None = None  # a Trauma Pack waiting to be played
    run: Run | None = None
    history: tuple[RunResult, ...] = ()
    rng: Rng = Field(default_factory=lambda: Rng(seed=0))
