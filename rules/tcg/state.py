"""The state of one Cyberpunk TCG duel: immutable pydantic models, JSON round trip.

The reducer (rules/tcg/engine.py) never mutates a state; every accepted action returns a new
one with `version + 1`. The state holds everything, hidden information included (hands, deck
order, which Legend lies in which face-down slot, the RNG seed): adapters show only what
`rules.tcg.view` returns.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rules.core.rng import Rng
from rules.tcg.cards import Effect, Trigger, Until, Would
from rules.tcg.codes import Phase, PromptKind
from rules.tcg.options import TcgOptions

FROZEN = ConfigDict(frozen=True, extra="forbid")

M = TypeVar("M", bound=BaseModel)


def evolve(model: M, **update: Any) -> M:
    """`model.model_copy(update=...)` without its overhead: the reducer makes tens of
    thousands of these per second. Like model_copy, it does not validate `update`."""
    new = model.__class__.__new__(model.__class__)
    fields = model.__dict__.copy()
    fields.update(update)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(
        new, "__pydantic_fields_set__", model.__pydantic_fields_set__ | update.keys()
    )
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


DICE = (4, 6, 8, 10, 12, 20)  # the fixer area, bottom to top (§3)
WIN_GIGS = 7


class Die(BaseModel):
    """One of the twelve dice. `id` ("0d8") names its original owner and size; the owner
    never matters to the rules (T18), the id only keeps dice apart."""

    model_config = FROZEN

    id: str
    size: int
    value: int


class Unit(BaseModel):
    """A card on the field: a Unit, or a Legend played as one."""

    model_config = FROZEN

    inst: str
    spent: bool = False
    lag: bool = True
    gear: tuple[str, ...] = ()
    solo: bool = False  # went solo: removed from the game when it leaves the field
    arrived: int = 0  # the turn number it entered (⊡, ADRENALINE, MaxTac)
    may_attack_now: bool = False  # ADRENALINE or GO SOLO on its arrival turn
    no_ready: bool = False  # a "doesn't ready next turn" rider (T9)


class Slot(BaseModel):
    """One of the three Legends-area slots. `inst` None: emptied (played or removed)."""

    model_config = FROZEN

    inst: str | None
    face_up: bool = False
    spent: bool = False
    gear: tuple[str, ...] = ()  # T28: Gear may equip a face-up Legend here
    no_ready: bool = False
    # §3.4: the first player's two leftmost Legends don't ready in the first start phase.
    skip_first_ready: bool = False


class Eddie(BaseModel):
    model_config = FROZEN

    inst: str
    spent: bool = False
    known: bool = True  # sold from hand (revealed) vs placed unseen (§14)


class Seat(BaseModel):
    model_config = FROZEN

    player: str
    name: str
    deck_id: str = ""
    deck: tuple[str, ...] = ()  # top first
    hand: tuple[str, ...] = ()
    field: tuple[Unit, ...] = ()
    legends: tuple[Slot, ...] = ()
    # The three Legends brought, for the owner's unordered list (§14).
    legend_list: tuple[str, ...] = ()
    eddies: tuple[Eddie, ...] = ()
    trash: tuple[str, ...] = ()  # top last
    removed: tuple[str, ...] = ()
    fixer: tuple[int, ...] = DICE  # sizes left, bottom first
    gigs: tuple[Die, ...] = ()
    sold: bool = False  # the Sell action this turn (T3)
    called: bool = False  # Call a Legend this turn (T3)
    mulligan: bool | None = None  # None: not decided yet
    turns: int = 0


class Mod(BaseModel):
    """A lasting effect on one card: power, or a prohibition."""

    model_config = FROZEN

    inst: str
    seat: int  # who made it: "until your next turn" counts from this seat's turns
    power: int = 0
    cant_attack: bool = False
    # Events still to prevent ("prevent the next …"): the card's defeats, or (inst "") the
    # Gigs of `seat` that would be stolen.
    shield: int = 0
    prevents: Would = Would.BE_DEFEATED
    steal: int = 0  # Gigs more (or fewer) its attacks steal (§8)
    until: Until = Until.END_OF_TURN


class Happening(BaseModel):
    """One thing that happened this turn, for "the first time … each turn" (§10): the
    look-back covers the whole turn, before the card with the trigger was live too."""

    model_config = FROZEN

    seat: int  # whose happening (the card's owner, or the player who stole, played …)
    when: Trigger
    inst: str = ""  # the card it happened to, when there is one


class Pending(BaseModel):
    """A triggered effect waiting in the pending pool (§11)."""

    model_config = FROZEN

    id: int
    seat: int
    source: str  # card instance
    label: str  # public text ("Night Courier: ATTACK")
    effects: tuple[Effect, ...]
    may: bool = False


class Frame(BaseModel):
    """An effect list resolving: `index` is the next effect; `chosen` the picks so far."""

    model_config = FROZEN

    seat: int
    source: str
    effects: tuple[Effect, ...]
    index: int = 0
    step: int = 0  # sub-step inside one effect (a steal: how many picks are applied)
    chosen: tuple[str, ...] = ()
    left: int = 0  # unused; kept so saved duels still load
    # The replacements whose `instead` this is (and its parents'): they can't apply again
    # to anything it does (D3).
    replaced_by: tuple[str, ...] = ()
    # A Program resolving here goes to the trash when its frame ends.
    program: bool = False


class Option(BaseModel):
    model_config = FROZEN

    key: str
    label: str


class Prompt(BaseModel):
    model_config = FROZEN

    seat: int
    kind: PromptKind
    text: str  # public-safe
    options: tuple[Option, ...]
    private: bool = True  # options may name hidden cards: only the seat sees them
    ref: str = ""  # bookkeeping: the pending effect a "may" prompt is about


class Attack(BaseModel):
    model_config = FROZEN

    seat: int
    attacker: str
    target: str | None  # a Unit instance; None: the rival's Gig area
    redirected: bool = False
    window: bool = False  # the reaction window is open
    unblockable: bool = False  # fixed at declaration (§7)
    steals_left: int = 0  # during the steal: dice still to take


class Result(BaseModel):
    model_config = FROZEN

    winner: int | None  # None: a draw
    reason: str


class Duel(BaseModel):
    model_config = FROZEN

    version: int = 0
    id: str
    pack: str = "core"
    pack_version: str = "1"  # T26: the card-data version this duel plays with
    rules_version: str = "tcg-1"
    options: TcgOptions = TcgOptions()
    rng: Rng = Field(default_factory=lambda: Rng(seed=0))
    seats: tuple[Seat, Seat]
    cards: dict[str, str]  # card instance -> card id
    phase: Phase = Phase.CHOOSE_FIRST
    chooser: int = 0
    first: int = 0
    active: int = 0
    turn: int = 0  # turns begun, both players together
    step: int = 0  # progress inside the start or end phase (the pool may interrupt it)
    # Per turn begun: whether it began with both fixer areas empty (T16).
    began_empty: tuple[bool, ...] = ()
    overtime: bool = False
    mods: tuple[Mod, ...] = ()
    history: tuple[Happening, ...] = ()  # this turn's happenings (§10), reset each turn
    used_once: tuple[str, ...] = ()  # "once each turn" replacements used this turn
    pool: tuple[Pending, ...] = ()
    next_pending: int = 0
    resolver: int | None = None  # who is resolving their pending effects (T12)
    frames: tuple[Frame, ...] = ()  # innermost last
    prompt: Prompt | None = None
    attack: Attack | None = None
    # Cards a seat has privately looked at this turn, for its own view (§14).
    peeked: tuple[tuple[int, str], ...] = ()
    result: Result | None = None
