"""The Legendary game state: frozen, JSON round-trippable, versioned.

Every physical card is an instance id ("c17") mapping to a card definition of the pack
(`instances`). All card locations are `zones`: a name -> ordered tuple of instance ids,
so conservation across zones is one concatenation. Zone names (see `Z`):

    villain_deck hero_deck officers wounds bystanders escape ko revealed
    city0..city4 (0 = Bridge ... 4 = Sewers; at most one card) and city0.cap..city4.cap
    hq0..hq4 (at most one card, each under the city space of the same index)
    mm.tactics (top first) mm.cap
    scheme.stack (a Scheme's public stack: votes, L12) scheme.tokens (its token supply,
    e.g. Sludge, L13) and hq0.under..hq4.under (tokens under an HQ space, L13)
    p{seat}.deck (top first) p{seat}.hand p{seat}.played p{seat}.discard p{seat}.victory

Work still to resolve is the `pending` queue of `Op`s; a choice stops it with a `Prompt`
that holds the op to resume with the answer.
"""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.rng import Rng
from rules.legendary.effects import Ability, Effect

CITY = 5
HQ = 5
CITY_NAMES = ("Bridge", "Streets", "Rooftops", "Bank", "Sewers")
SEWERS = CITY - 1
BRIDGE = 0
HAND_SIZE = 6


class Z:
    """Zone names (see the module docstring)."""

    VILLAIN_DECK = "villain_deck"
    HERO_DECK = "hero_deck"
    OFFICERS = "officers"
    WOUNDS = "wounds"
    BYSTANDERS = "bystanders"
    ESCAPE = "escape"
    KO = "ko"
    REVEALED = "revealed"
    TACTICS = "mm.tactics"
    MM_CAP = "mm.cap"
    SCHEME_STACK = "scheme.stack"
    TOKENS = "scheme.tokens"

    # The names are worked out once (the engine, views and legal actions ask for them
    # in every loop: a new string is hashed again at each lookup, a kept one is not).

    @staticmethod
    def city(i: int) -> str:
        return _CITY[i] if 0 <= i < len(_CITY) else f"city{i}"

    @staticmethod
    def cap(i: int) -> str:
        return _CAP[i] if 0 <= i < len(_CAP) else f"city{i}.cap"

    @staticmethod
    def hq(i: int) -> str:
        return _HQ[i] if 0 <= i < len(_HQ) else f"hq{i}"

    @staticmethod
    def under(i: int) -> str:
        return _UNDER[i] if 0 <= i < len(_UNDER) else f"hq{i}.under"

    @staticmethod
    def deck(p: int) -> str:
        return _SEAT[p][0] if 0 <= p < len(_SEAT) else f"p{p}.deck"

    @staticmethod
    def hand(p: int) -> str:
        return _SEAT[p][1] if 0 <= p < len(_SEAT) else f"p{p}.hand"

    @staticmethod
    def played(p: int) -> str:
        return _SEAT[p][2] if 0 <= p < len(_SEAT) else f"p{p}.played"

    @staticmethod
    def discard(p: int) -> str:
        return _SEAT[p][3] if 0 <= p < len(_SEAT) else f"p{p}.discard"

    @staticmethod
    def victory(p: int) -> str:
        return _SEAT[p][4] if 0 <= p < len(_SEAT) else f"p{p}.victory"


_CITY = tuple(f"city{i}" for i in range(CITY))
_CAP = tuple(f"city{i}.cap" for i in range(CITY))
_HQ = tuple(f"hq{i}" for i in range(HQ))
_UNDER = tuple(f"hq{i}.under" for i in range(HQ))
_SEAT = tuple(
    tuple(f"p{p}.{zone}" for zone in ("deck", "hand", "played", "discard", "victory"))
    for p in range(8)
)


@functools.cache
def all_zone_names(players: int) -> tuple[str, ...]:
    """Every zone of a game of `players` (the same for every game of that size: worked
    out once; a game's engine state is copied from it for every action, view and
    legal-action list)."""
    names = [
        Z.VILLAIN_DECK,
        Z.HERO_DECK,
        Z.OFFICERS,
        Z.WOUNDS,
        Z.BYSTANDERS,
        Z.ESCAPE,
        Z.KO,
        Z.REVEALED,
        Z.TACTICS,
        Z.MM_CAP,
        Z.SCHEME_STACK,
        Z.TOKENS,
    ]
    for i in range(CITY):
        names += [Z.city(i), Z.cap(i)]
    names += [Z.hq(i) for i in range(HQ)]
    names += [Z.under(i) for i in range(HQ)]
    for p in range(players):
        names += [Z.deck(p), Z.hand(p), Z.played(p), Z.discard(p), Z.victory(p)]
    return tuple(names)


class _M(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class UruGate(StrEnum):
    CURRENT = "current"
    PRINTED = "printed"


class Options(_M):
    """Table options of the rules reference (defaults as there)."""

    extra_twists: int = Field(default=0, ge=0, le=3)
    mastermind_attack_mod: int = Field(default=0, ge=-1, le=5)
    undercover_wound_vp: int = Field(default=1, ge=0, le=1)  # L1
    uru_gate: UruGate = UruGate.CURRENT  # L4
    open_hands: bool = False  # L15
    # L17 variants (all off by default).
    advanced_solo: bool = False
    whatif_setup: bool = False
    warmup_round: bool = False
    hq_mulligan: bool = False


# ---- pending work ---------------------------------------------------------------------


class OpAbilities(_M):
    """Resolve `abilities` in printed order for `seat`. `before`: how many cards had been
    played this turn before the source (Superpowers look only at those); `pile`: which
    pile Cyber-Mods count ("victory" of `seat` for Heroes, "escape" for enemies)."""

    type: Literal["abilities"] = "abilities"
    seat: int
    source: str | None = None
    abilities: tuple[Ability, ...]
    pile: Literal["victory", "escape"] = "victory"
    before: int = 0
    fated: bool | None = None  # the Play action's Fated Future answer, if given


class OpEffect(_M):
    type: Literal["effect"] = "effect"
    seat: int
    source: str | None = None
    effect: Effect
    fated: bool | None = None
    done: int = 0  # how many of the effect's `n` are done (multi-step choices)
    enemy: bool = False  # from an enemy or the Scheme (advanced solo, L17)


class OpVillainCard(_M):
    """Play the top card of the Villain Deck."""

    type: Literal["villain_card"] = "villain_card"


class OpEnter(_M):
    """A Villain enters the Sewers (drawn or by effect, L24): push, escapes, Ambush."""

    type: Literal["enter"] = "enter"
    card: str


class OpEscape(_M):
    """One escape, in its three parts (§4): HQ KO, the Bystander discard, Escape effect."""

    type: Literal["escape"] = "escape"
    card: str
    bystanders: bool
    part: int = 0


class OpAdapt(_M):
    type: Literal["adapt"] = "adapt"


class OpReturnRevealed(_M):
    """Uru: the revealed cards go to the bottom of the Villain Deck in random order."""

    type: Literal["return_revealed"] = "return_revealed"


class OpOrder(_M):
    """A Fight effect and "when rescued" effects: the fighter picks the order (§4)."""

    type: Literal["order"] = "order"
    seat: int
    fight: tuple[OpAbilities, ...]
    rescue: tuple[OpEffect, ...]


class OpHalf(_M):
    """A divided card was played without saying which half: ask, then play it (L2)."""

    type: Literal["half"] = "half"
    seat: int
    card: str
    before: int
    fated: bool | None = None


class OpNextTurn(_M):
    """After cleanup (and any "after you draw your new hand" effects): the next turn, or
    the end of the game after a won or run-out turn (§6)."""

    type: Literal["next_turn"] = "next_turn"


Op = Annotated[
    OpAbilities
    | OpEffect
    | OpVillainCard
    | OpEnter
    | OpEscape
    | OpAdapt
    | OpReturnRevealed
    | OpOrder
    | OpHalf
    | OpNextTurn,
    Field(discriminator="type"),
]


class PromptKind(StrEnum):
    CHOOSE_CARD = "choose_card"  # pick one of the listed cards (KO, Undercover, gain...)
    DISCARD = "discard"
    HQ_HERO = "hq_hero"  # the current player picks an HQ Hero (escape KO, Twist...)
    MAY = "may"  # yes / no for an optional ability
    FATED_FUTURE = "fated_future"
    REVEAL = "reveal"  # reveal a card or take the alternative
    CHOOSE_ONE = "choose_one"  # "do A or B"
    ORDER = "order"  # which effects first: the Fight effect or the rescue effects


class Option(_M):
    id: str
    label: str


class Prompt(_M):
    kind: PromptKind
    seat: int
    text: str
    options: tuple[Option, ...]
    op: Op


# ---- the turn and the game ------------------------------------------------------------


class Turn(_M):
    recruit: int = 0
    attack: int = 0
    # Every card played this turn, in order, even if it has moved since (§5).
    played: tuple[str, ...] = ()
    recruited: bool = False
    fought: bool = False  # includes a failed Uru attempt (§4 Healing)
    healed: bool = False
    uru_failed: bool = False
    specials: tuple[str, ...] = ()  # special actions taken this turn
    # Effects waiting for "after you draw your new hand" (seat, effect) (§4, L11).
    after_draw: tuple[OpEffect, ...] = ()
    # Copies played this turn (L3): id -> card id. In no zone; they vanish at cleanup.
    copies: dict[str, str] = {}
    # Divided cards played this turn (L2): instance id -> the half played (0 or 1).
    halves: dict[str, int] = {}


class Result(StrEnum):
    GOOD = "good"
    EVIL = "evil"
    DRAW = "draw"


class Game(_M):
    version: int = 0
    rng: Rng
    options: Options = Options()
    names: tuple[str, ...]
    current: int = 0
    turn_no: int = 1
    turn: Turn = Turn()
    zones: dict[str, tuple[str, ...]]
    instances: dict[str, str]  # instance id -> card id
    undercover: tuple[str, ...] = ()  # instance ids sent Undercover (worth 1 VP)
    mastermind: str
    scheme: str
    epic: bool = False
    twists: int = 0  # Twists played so far
    escaped_bystanders: int = 0  # carried off by escaping Villains (solo scoring)
    deck_ran_out: bool = False  # the Hero or Villain Deck reached 0 (§6 draw)
    result: Result | None = None
    over: bool = False
    pending: tuple[Op, ...] = ()
    prompt: Prompt | None = None

    @property
    def players(self) -> int:
        return len(self.names)
