"""Cyberpunk TCG cards as data: the card model and its effect vocabulary.

A card's behaviour is a handful of frozen pydantic models: keywords, triggered effects,
activated abilities, static abilities and (for Programs) the effects it resolves. The
vocabulary is small and documented in docs/tcg-content.md; anything it cannot say is a
`Named` effect, a registered Python function (rules/tcg/named.py) the loader checks by name.

Rulings (T1…T28, the reference's) and design decisions (D1…, Fixer's own) are those of
docs/rules/tcg.md.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

FROZEN = ConfigDict(frozen=True, extra="forbid")


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    YELLOW = "yellow"


class CardType(StrEnum):
    LEGEND = "legend"
    UNIT = "unit"
    PROGRAM = "program"
    GEAR = "gear"


class Keyword(StrEnum):
    BLOCKER = "blocker"
    QUICK = "quick"  # on a Program: playable in a rival attack's reaction window
    ADRENALINE = "adrenaline"
    GO_SOLO = "go_solo"


class Trigger(StrEnum):
    PLAY = "play"
    CALL = "call"
    ATTACK = "attack"
    DEFEATED = "defeated"
    SPENT = "spent"  # "when this card is spent", for any reason
    BLOCKS = "blocks"
    STEALS = "steals"  # once per die taken
    START_OF_TURN = "start_of_turn"  # the owner's turn
    END_OF_TURN = "end_of_turn"  # the owner's turn
    # "Watchers": the controller's own happenings, seen by every live card of theirs.
    YOU_STEAL = "you_steal"  # you take a rival Gig (attack or effect), once per die
    YOU_ADJUST = "you_adjust"  # you raise or lower a Gig by 1 or more (§9: 0 isn't one)
    FRIENDLY_DEFEATED = "friendly_defeated"  # another Unit of yours is defeated
    YOU_PLAY = "you_play"  # you play another card (a Legend going solo included)


# Triggers about a player rather than the card itself; `named` / `tag` filter their subject.
WATCHERS = frozenset(
    {Trigger.YOU_STEAL, Trigger.YOU_ADJUST, Trigger.FRIENDLY_DEFEATED, Trigger.YOU_PLAY}
)
SUBJECT_WATCHERS = frozenset({Trigger.FRIENDLY_DEFEATED, Trigger.YOU_PLAY})


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


class Triggered(Match):
    when: Trigger
    effects: tuple[Effect, ...]
    may: bool = False  # "may" text: the controller is asked (T25)
    # Condition checked when the trigger happens, not when it resolves (§7).
    min_power: int | None = None
    # "The first time … each turn": only the turn's first such happening (§10, D2).
    first_each_turn: bool = False
    # `named` / `tag` (friendly_defeated, you_play only): which cards count.

    @model_validator(mode="after")
    def _check(self) -> Triggered:
        if self.filtered() and self.when not in SUBJECT_WATCHERS:
            whens = ", ".join(sorted(w.value for w in SUBJECT_WATCHERS))
            raise ValueError(f"a named / tag filter on a trigger needs when = {whens}")
        return self


def _mode_effects(e: ChooseOne) -> list[_PlainEffect]:
    return [x for m in e.modes for x in m.effects]


class Subject(StrEnum):
    """Whose defeat a replacement replaces."""

    THIS = "this"  # the card the text is on (a Gear's lower box: the host)
    FRIENDLY_UNIT = "friendly_unit"  # any Unit of yours, this one included
    OTHER_FRIENDLY_UNIT = "other_friendly_unit"


class Replacement(Match):
    """ "If <subject> would be defeated, instead …": the defeat doesn't happen (no move, no
    DEFEATED trigger, §10); `sacrifice` trashes the card this text is printed on (a Gear's
    lower box: the Gear), and `instead` resolves at once, `this` meaning the saved card."""

    would: Literal["be_defeated"] = "be_defeated"
    subject: Subject = Subject.THIS
    instead: tuple[Effect, ...] = ()
    sacrifice: bool = False
    once_each_turn: bool = False

    @model_validator(mode="after")
    def _check(self) -> Replacement:
        if not self.instead and not self.sacrifice:
            raise ValueError(
                "a replacement says what happens instead: give `instead` effects or sacrifice"
            )
        plain = [
            e for x in self.instead for e in (_mode_effects(x) if isinstance(x, ChooseOne) else [x])
        ]
        if any(isinstance(e, Defeat) and e.target is Target.THIS for e in plain):
            raise ValueError("defeating the saved card instead would replace itself forever")
        if self.filtered() and self.subject is Subject.THIS:
            raise ValueError(
                "a named / tag filter needs subject = friendly_unit or other_friendly_unit"
            )
        return self


class Ability(BaseModel):
    """An activated ability: pay `cost` €$ and, with `spend`, spend the card (⊡)."""

    model_config = FROZEN

    cost: int = Field(default=0, ge=0, le=20)
    spend: bool = True
    quick: bool = False
    effects: tuple[Effect, ...]
    text: str = ""
    # T19: this ability's payment may be reduced to 0 (the single published exception).
    free_floor: bool = False


class StaticKind(StrEnum):
    CANT_BE_BLOCKED = "cant_be_blocked"
    CANT_ATTACK = "cant_attack"
    MUST_ATTACK = "must_attack"
    # While you control this: rival Units can't attack on the turn they are played (§7).
    RIVALS_FRESH_CANT_ATTACK = "rivals_fresh_cant_attack"
    # Your cards of `card_type` (or, with card_type unset, your abilities) cost less.
    COST_REDUCTION = "cost_reduction"
    # +amount power while the condition holds (continuous, "while …").
    POWER = "power"
    # This Unit's attacks steal `amount` more (negative: fewer) Gigs (§8).
    STEAL_BONUS = "steal_bonus"
    # While you control this, rivals can't steal your Gigs (or only your d`die_size`);
    # a swap is not a steal (§8), so swaps still take them.
    PROTECT_GIGS = "protect_gigs"
    # While you control this, you (not the thief) choose which of your Gigs are stolen.
    YOU_CHOOSE_STOLEN = "you_choose_stolen"


class Static(BaseModel):
    model_config = FROZEN

    kind: StaticKind
    amount: int = 0
    card_type: CardType | None = None
    # POWER only: the condition ("always", "cred_even", "cred_odd").
    condition: Literal["always", "cred_even", "cred_odd"] = "always"
    # PROTECT_GIGS only: just this die size ("your d20 can't be stolen"); None: every Gig.
    die_size: Literal[4, 6, 8, 10, 12, 20] | None = None

    @model_validator(mode="after")
    def _check(self) -> Static:
        if self.kind is StaticKind.STEAL_BONUS and self.amount == 0:
            raise ValueError("a steal_bonus static needs a non-zero amount")
        if self.die_size is not None and self.kind is not StaticKind.PROTECT_GIGS:
            raise ValueError("die_size belongs to kind = protect_gigs")
        return self


class Text(BaseModel):
    """Rules text: what a card (or a Gear's lower box, on its host) can do."""

    model_config = FROZEN

    keywords: tuple[Keyword, ...] = ()
    triggers: tuple[Triggered, ...] = ()
    abilities: tuple[Ability, ...] = ()
    statics: tuple[Static, ...] = ()
    replacements: tuple[Replacement, ...] = ()


class Card(BaseModel):
    model_config = FROZEN

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=60)
    subtitle: str = Field(default="", max_length=60)
    type: CardType
    colour: Colour
    ram: int = Field(default=0, ge=0, le=9)
    # None is the null cost "–": Legends only; never played to the field (§1).
    cost: int | None = Field(default=0, ge=0, le=20)
    power: int = Field(default=0, ge=0, le=99)
    sell: bool = False
    tags: tuple[str, ...] = ()
    text: Text = Text()
    # Programs: what resolves. Gear: the upper box (resolves when played).
    effects: tuple[Effect, ...] = ()
    # T20: the older ruling's reading of `effects`, used with `legacy_choice_on_play`.
    legacy_effects: tuple[Effect, ...] = ()
    # Gear: the lower box, read as if printed on the host (T7).
    lower: Text | None = None
    rules_text: str = ""  # our own wording, for display
    flavour: str = ""

    @field_validator("cost", mode="before")
    @classmethod
    def _null_cost(cls, v: Any) -> Any:
        # TOML has no null: the printed "–" (or "-") is the null cost.
        return None if v in ("-", "–") else v

    @property
    def full_name(self) -> str:
        return f"{self.name}: {self.subtitle}" if self.subtitle else self.name

    @property
    def is_unit_like(self) -> bool:
        return self.type in (CardType.UNIT, CardType.LEGEND)

    @model_validator(mode="after")
    def _check(self) -> Card:
        if self.cost is None and self.type is not CardType.LEGEND:
            raise ValueError("only a Legend may have the null cost")
        if self.lower is not None and self.type is not CardType.GEAR:
            raise ValueError("only Gear has a lower text box")
        if self.effects and self.type in (CardType.UNIT, CardType.LEGEND):
            raise ValueError("Units and Legends act through triggers and abilities, not effects")
        if Keyword.GO_SOLO in self.text.keywords and self.cost is None:
            raise ValueError("a null-cost Legend can't GO SOLO")
        if Keyword.GO_SOLO in self.text.keywords and self.type is not CardType.LEGEND:
            raise ValueError("only a Legend can GO SOLO")
        for tag in self.tags:
            if tag != tag.upper():
                raise ValueError(f"tags are capitalised: '{tag}'")
        if any(r.sacrifice and r.subject is Subject.THIS for r in self.text.replacements):
            raise ValueError(
                "a card can't sacrifice itself to save itself (sacrifice with subject = this "
                "belongs in a Gear's lower box)"
            )
        return self


class DeckList(BaseModel):
    """A deck: exactly three Legends and the main deck, card ids with copies."""

    model_config = FROZEN

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    blurb: str = ""
    legends: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]

    def main_ids(self) -> list[str]:
        return [cid for cid, n in self.cards for _ in range(n)]


class TcgContent(BaseModel):
    """A loaded TCG pack: cards by id and the preconstructed decks."""

    model_config = FROZEN

    id: str = "core"
    name: str = "Core"
    version: str = "1"
    cards: dict[str, Card]
    decks: dict[str, DeckList] = {}

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]
