"""Card data for Cyberpunk Legends: ranks, suits, player cards, scenario cards.

These pydantic models *are* the content schema: content files (TOML) are validated
against them at load time, so a typo in a pack is reported with the file, the card and
the field instead of surfacing mid-game.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.core.text import FieldError, did_you_mean
from rules.legends.effects import CardEffect, SceneEffect
from rules.legends.translations import PackTranslation

# Ids of cards, scenarios, packs, campaigns, puzzles: lower case letters, digits, dashes.
ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


class Suit(StrEnum):
    CHARISMA = "charisma"
    MUSCLE = "muscle"
    STEALTH = "stealth"
    TECH = "tech"
    # A printed "any suit" symbol is wild: assigned at check time (R4).
    ANY = "any"


REAL_SUITS: tuple[Suit, ...] = (Suit.CHARISMA, Suit.MUSCLE, Suit.STEALTH, Suit.TECH)

# Old material calls Muscle "Might" (publisher note in the rulings).
SUIT_ALIASES: dict[str, Suit] = {"might": Suit.MUSCLE}

RANK_NAMES: dict[int, str] = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
RANK_FROM_NAME: dict[str, int] = {v: k for k, v in RANK_NAMES.items()}
FACE_RANKS: frozenset[int] = frozenset({11, 12, 13, 14})


def parse_rank(value: Any) -> int:
    """Accept 2..14 or the printed names ("J", "Q", "K", "A", "10")."""
    if isinstance(value, bool):
        raise ValueError(f"rank must be 2-10, J, Q, K or A, not {value!r}")
    if isinstance(value, int):
        if 2 <= value <= 14:
            return value
        raise ValueError(f"rank must be 2-10, J, Q, K or A, not {value!r}")
    if isinstance(value, str):
        key = value.strip().upper()
        if key in RANK_FROM_NAME:
            return RANK_FROM_NAME[key]
    raise ValueError(f"rank must be 2-10, J, Q, K or A, not {value!r}")


def parse_suit(value: Any) -> Suit:
    if isinstance(value, Suit):
        return value
    if isinstance(value, str):
        key = value.strip().lower()
        if key in SUIT_ALIASES:
            return SUIT_ALIASES[key]
        try:
            return Suit(key)
        except ValueError:
            pass
    names = ", ".join(s.value for s in Suit)
    hint = (
        did_you_mean(value.strip().lower(), [*Suit, *SUIT_ALIASES])
        if isinstance(value, str)
        else ""
    )
    raise ValueError(f"suit must be one of {names} (or 'might'), not {value!r}{hint}")


class Role(StrEnum):
    NETRUNNER = "netrunner"
    NOMAD = "nomad"
    ROCKER = "rocker"
    SOLO = "solo"


class PlayerCard(BaseModel):
    """One card definition (a deck holds several copies of some definitions)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=ID_PATTERN, max_length=60)
    name: str = Field(min_length=1, max_length=80)
    # Every rank printed on the card; a card counts as each of them (R3).
    ranks: tuple[int, ...] = Field(min_length=1)
    # Every suit symbol printed, with multiplicity; "any" is wild (R4).
    suits: tuple[Suit, ...] = ()
    text: str = ""
    flavor: str = ""
    effects: tuple[CardEffect, ...] = ()
    # Eddie value: its price in the Upgrade Pool and its worth as gear (R15).
    cost: int = Field(default=0, ge=0, le=99)
    role: Role | None = None

    @field_validator("ranks", mode="before")
    @classmethod
    def _ranks(cls, v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            # A card printed with the same rank twice is one card of that rank (R5).
            out: list[int] = []
            for r in v:
                pr = parse_rank(r)
                if pr not in out:
                    out.append(pr)
            return tuple(out)
        return v

    @field_validator("suits", mode="before")
    @classmethod
    def _suits(cls, v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return tuple(parse_suit(s) for s in v)
        return v

    @property
    def is_face(self) -> bool:
        return any(r in FACE_RANKS for r in self.ranks)

    def rank_label(self) -> str:
        return "/".join(RANK_NAMES[r] for r in self.ranks)


class HandType(StrEnum):
    """To Hit structures, weakest to strongest (R5). There is no straight flush."""

    PAIR = "pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"

    @property
    def strength(self) -> int:
        return HAND_ORDER.index(self)

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title().replace("Of A", "of a")


HAND_ORDER: tuple[HandType, ...] = (
    HandType.PAIR,
    HandType.TWO_PAIR,
    HandType.THREE_OF_A_KIND,
    HandType.STRAIGHT,
    HandType.FLUSH,
    HandType.FULL_HOUSE,
    HandType.FOUR_OF_A_KIND,
)


class Requirement(BaseModel):
    """One To Hit requirement: a hand symbol, attached suits, maybe a plus."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hand: HandType
    or_better: bool = False
    # Suits attached to the hand symbol, with multiplicity: each must be shown by the
    # cards that form the combination (R5).
    suits: tuple[Suit, ...] = ()
    # For a flush: which suit; None (or "any") means five of any single suit.
    flush_suit: Suit | None = None

    @field_validator("suits", mode="before")
    @classmethod
    def _suits(cls, v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return tuple(parse_suit(s) for s in v)
        return v

    @field_validator("flush_suit", mode="before")
    @classmethod
    def _flush_suit(cls, v: Any) -> Any:
        if v is None:
            return None
        s = parse_suit(v)
        return None if s is Suit.ANY else s

    @model_validator(mode="after")
    def _check(self) -> Requirement:
        if self.flush_suit is not None and self.hand is not HandType.FLUSH:
            raise ValueError("flush_suit only applies to a flush requirement")
        if Suit.ANY in self.suits:
            raise ValueError("an attached suit must be a real suit, not 'any'")
        return self

    def describe(self) -> str:
        if self.hand is HandType.FLUSH:
            head = f"{self.flush_suit.value.title()} flush" if self.flush_suit else "Flush"
        else:
            head = self.hand.label
        if self.suits:
            head += " with " + " and ".join(s.value.title() for s in self.suits)
        if self.or_better:
            head += " or better"
        return head


class ScenarioKind(StrEnum):
    OBSTACLE = "obstacle"
    SCENE = "scene"
    CLUE = "clue"
    MEMORY = "memory"


class Puzzle(BaseModel):
    """A puzzle on a Clue: a correct answer unlocks what the content says (R11)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=ID_PATTERN)
    question: str
    # Accepted answers, compared case-, space- and punctuation-insensitively.
    answers: tuple[str, ...] = Field(min_length=1)
    unlock_pack: str | None = None
    eddies: int = Field(default=0, ge=0)
    memory: str | None = None


class SceneChoice(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str = Field(pattern=r"^[A-Z]$")
    label: str = Field(min_length=1, max_length=80)
    effects: tuple[SceneEffect, ...] = ()


class ScenarioCard(BaseModel):
    """A card of a Scenario Deck. `order` fixes its place: decks are never shuffled."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    order: int = Field(ge=1)
    kind: ScenarioKind
    name: str = Field(min_length=1, max_length=80)
    text: str = ""
    flavor: str = ""
    # Instructions resolved when the card is flipped (before the next flip, R11).
    effects: tuple[SceneEffect, ...] = ()
    # A crew vote between options ("If you answered A…"), resolved after `effects`.
    choices: tuple[SceneChoice, ...] = ()
    # Obstacles only.
    health: int = Field(default=0, ge=0)
    # Obstacles: extra Health for each runner beyond the first (mercs count), so one
    # deck plays well at every crew size. Fixed when the Obstacle is flipped.
    health_per_runner: int = Field(default=0, ge=0, le=20)
    # Obstacles: Health by crew size (seats, mercs counted), for crews that a straight
    # line cannot fit: {2 = 12, 3 = 16, 4 = 17}. Sizes run without gaps from 1 or 2 up;
    # a size below the table has `health`, a size above it the table's last value plus
    # `health_per_runner` per extra seat. Fixed when the Obstacle is flipped.
    health_by_crew: dict[int, int] = Field(default_factory=dict)
    damage: int = Field(default=0, ge=0, le=20)
    to_hit: tuple[Requirement, ...] = ()
    end_of_round: tuple[SceneEffect, ...] = ()
    # While this Obstacle is active the Plan Size changes by this much.
    plan_size: int = 0
    # Memory cards: the key kept by the campaign (R11).
    memory_key: str | None = None
    puzzle: Puzzle | None = None

    @model_validator(mode="before")
    @classmethod
    def _health_from_table(cls, data: Any) -> Any:
        # `health_by_crew` with a lone runner's entry may stand in for `health`.
        if isinstance(data, dict) and "health" not in data:
            table = data.get("health_by_crew")
            if isinstance(table, dict):
                for key, value in table.items():
                    if str(key).strip() == "1" and isinstance(value, int):
                        return {**data, "health": value}
        return data

    @field_validator("health_by_crew", mode="before")
    @classmethod
    def _crew_table(cls, value: Any) -> Any:
        if not isinstance(value, dict):
            raise ValueError(
                "must be a table of crew size = Health, e.g. { 2 = 12, 3 = 16, 4 = 17 }"
            )
        out: dict[int, int] = {}
        for key, health in value.items():
            text = str(key).strip()
            if isinstance(key, bool) or not text.isdigit() or not 1 <= int(text) <= 20:
                raise ValueError(
                    f"{key!r} is not a crew size: use the number of seats "
                    "(mercs counted), 1 to 20, e.g. { 2 = 12, 3 = 16 }"
                )
            if isinstance(health, bool) or not isinstance(health, int) or not (1 <= health <= 200):
                raise ValueError(
                    f"the Health for a crew of {text} must be a whole "
                    f"number from 1 to 200, not {health!r}"
                )
            out[int(text)] = health
        sizes = sorted(out)
        if sizes and (sizes[0] > 2 or sizes != list(range(sizes[0], sizes[-1] + 1))):
            raise ValueError(
                f"crew sizes {sizes}: they must run without gaps from "
                "1 or 2 up (e.g. 2, 3, 4), since a lone runner has `health` and a crew "
                "above the table adds `health_per_runner` per seat"
            )
        return out

    def health_for(self, seats: int) -> int:
        """This Obstacle's Health against a crew of `seats` (runners and mercs)."""
        table = self.health_by_crew
        if seats in table:
            return table[seats]
        if table and seats > max(table):
            top = max(table)
            return table[top] + self.health_per_runner * (seats - top)
        return self.health + self.health_per_runner * (max(1, seats) - 1)

    @model_validator(mode="after")
    def _check(self) -> ScenarioCard:
        if self.kind is ScenarioKind.OBSTACLE:
            if 1 in self.health_by_crew and self.health_by_crew[1] != self.health:
                raise FieldError(
                    "health_by_crew",
                    f"a crew of 1 has Health {self.health_by_crew[1]} here but "
                    f"health is {self.health}: give the lone runner's Health once "
                    "(drop one of them)",
                )
            if self.health < 1:
                raise FieldError("health", "an obstacle needs health of at least 1")
            if not self.to_hit:
                raise FieldError("to_hit", "an obstacle needs at least one to_hit requirement")
        else:
            for name in (
                "to_hit",
                "health",
                "health_per_runner",
                "health_by_crew",
                "damage",
                "end_of_round",
            ):
                if getattr(self, name):
                    raise FieldError(
                        name,
                        "to_hit, health, health_per_runner, health_by_crew, damage and "
                        "end_of_round only "
                        f"apply to obstacles (this card is a {self.kind.value}; "
                        'remove it or write kind = "obstacle")',
                    )
        if self.kind is ScenarioKind.MEMORY and not self.memory_key:
            raise FieldError("memory_key", "a memory card needs a memory_key")
        if self.puzzle is not None and self.kind is not ScenarioKind.CLUE:
            raise FieldError(
                "puzzle", f"only a clue may carry a puzzle (this card is a {self.kind.value})"
            )
        keys = [c.key for c in self.choices]
        if len(set(keys)) != len(keys):
            dupes = sorted({k for k in keys if keys.count(k) > 1})
            raise FieldError("choices", f"choice keys must be distinct; repeated: {dupes}")
        if len(self.choices) == 1:
            raise FieldError("choices", "a choice needs at least two options")
        return self


class Rewards(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    eddies: int = Field(default=0, ge=0)
    # Card ids added to every runner's deck.
    cards: tuple[str, ...] = ()
    unlock_packs: tuple[str, ...] = ()


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=ID_PATTERN)
    name: str
    intro: str = ""
    cards: tuple[ScenarioCard, ...] = Field(min_length=1)
    rewards: Rewards = Rewards()
    # Trauma packs only: what the campaign does when the pack is done.
    after: Literal["retry", "next"] = "next"
    # Trauma packs only: permanent change to the crew's max Health.
    max_health_change: int = 0
    # Persistent Memory keys this scenario records, with the name players read for each
    # (a memory card's key is named by the card itself).
    memories: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _orders(self) -> Scenario:
        orders = [c.order for c in self.cards]
        if len(set(orders)) != len(orders):
            dupes = sorted({o for o in orders if orders.count(o) > 1})
            raise FieldError("cards", f"order numbers must be unique; repeated: {dupes}")
        return self

    def deck_in_order(self) -> list[ScenarioCard]:
        return sorted(self.cards, key=lambda c: c.order)


class RoleDeck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Role
    name: str
    blurb: str = ""
    # Card ids, one entry per copy.
    cards: tuple[str, ...] = Field(min_length=5)


# Deck building (R15): a deck holds at most `DECK_LIMIT` copies of one card, and removing
# cards never takes it below `MIN_DECK`. The content validator, the shop and the AI all
# use these two.
DECK_LIMIT = 3
MIN_DECK = 10


class UpgradePack(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=ID_PATTERN)
    name: str
    # Sealed packs appear in the pool only once unlocked (a puzzle or a reward).
    sealed: bool = False
    cards: tuple[str, ...] = Field(min_length=1)


class Campaign(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=ID_PATTERN)
    name: str
    scenarios: tuple[str, ...] = Field(min_length=1)
    trauma_packs: tuple[str, ...] = ()
    max_health: int = Field(default=20, ge=1)
    starting_eddies: int = Field(default=0, ge=0)


class PackKind(StrEnum):
    """The kinds of content pack in the rulebook's box."""

    # The box itself: role decks (starter Player Decks), player cards, campaigns.
    CORE = "core"
    # A numbered Scenario Deck ("open Scenario Deck 1"): a file of scenarios/.
    SCENARIO = "scenario"
    # A Trauma Pack, opened when the crew flatlines (R12): a file of trauma/.
    TRAUMA = "trauma"
    # A pack of the Upgrade Pool, bought with Eddies, maybe sealed (R15): upgrades.toml.
    UPGRADE = "upgrade"


class PackInfo(BaseModel):
    """The identity every content pack declares in its TOML."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Stable slug: saved campaigns refer to it, so it never changes once published.
    id: str = Field(pattern=ID_PATTERN, max_length=60)
    name: str = Field(min_length=1, max_length=80)
    # Which game of the house the pack is for (the content tools route a pack by the
    # `game` of its pack.toml); packs written before there were several games omit it.
    game: Literal["legends"] = "legends"
    kind: PackKind
    # "1", "1.2" or "1.2.3"; bump it when the pack's content changes.
    version: str = Field(pattern=r"^[0-9]+(\.[0-9]+){0,2}$")
    # Ids of other packs this one needs loaded (cards, packs or memories it uses).
    requires: tuple[str, ...] = ()

    @field_validator("version", mode="before")
    @classmethod
    def _version(cls, v: Any) -> Any:
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            raise ValueError(f'write the version as a string: version = "{v}"')
        return v


class ContentPack(BaseModel):
    """Everything a table needs, resolved and cross-checked by the loader."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: dict[str, PlayerCard]
    roles: dict[Role, RoleDeck]
    scenarios: dict[str, Scenario]
    upgrade_packs: dict[str, UpgradePack]
    campaigns: dict[str, Campaign]
    # The identity of every pack, by id: the core pack, each scenario, trauma pack and
    # upgrade pack. Empty for contents built in code rather than loaded from TOML.
    packs: dict[str, PackInfo] = Field(default_factory=dict)
    # The pack's translations of its player-facing text, by language (translations.py).
    translations: dict[str, PackTranslation] = Field(default_factory=dict)

    def card(self, card_id: str) -> PlayerCard:
        return self.cards[card_id]

    def packs_of(self, kind: PackKind) -> list[PackInfo]:
        """The packs of one kind, in load order."""
        return [p for p in self.packs.values() if p.kind is kind]

    def trauma_pack_ids(self) -> frozenset[str]:
        """Ids of the scenarios that are Trauma Packs (declared `kind = "trauma"`)."""
        return frozenset(p.id for p in self.packs_of(PackKind.TRAUMA))

    def is_trauma_pack(self, scenario_id: str) -> bool:
        info = self.packs.get(scenario_id)
        return info is not None and info.kind is PackKind.TRAUMA

    def memory_origin(self, key: str) -> tuple[str, int | None] | None:
        """Where a Persistent Memory key is named: (scenario id, None) for its scenario's
        `memories` entry, else (scenario id, order) of the memory card that records it;
        None when nothing names it."""
        for sid, scen in self.scenarios.items():
            if key in scen.memories:
                return sid, None
        for sid, scen in self.scenarios.items():
            for card in scen.cards:
                if card.memory_key == key:
                    return sid, card.order
        return None

    def memory_name(self, key: str) -> str:
        """The name players read for a Persistent Memory key: its scenario's `memories`
        entry, else the memory card that records it, else the key in words (a key is an
        internal id and is never shown as such)."""
        origin = self.memory_origin(key)
        if origin is None:
            return key.replace("-", " ").replace("_", " ").capitalize()
        sid, order = origin
        scen = self.scenarios[sid]
        if order is None:
            return scen.memories[key]
        return next(c.name for c in scen.cards if c.order == order)


AnyCard = Annotated[PlayerCard, Field()]
