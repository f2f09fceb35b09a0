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
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

# The effect vocabulary lives in rules/tcg/vocab.py; its names are re-exported here, so
# `cards.X` reaches every card model.
from rules.core.translations import Translation, text_for
from rules.tcg.vocab import FROZEN as FROZEN
from rules.tcg.vocab import AdjustGig as AdjustGig
from rules.tcg.vocab import CallLegend as CallLegend
from rules.tcg.vocab import CantAttack as CantAttack
from rules.tcg.vocab import ChooseOne as ChooseOne
from rules.tcg.vocab import Defeat as Defeat
from rules.tcg.vocab import Draw as Draw
from rules.tcg.vocab import Effect as Effect
from rules.tcg.vocab import Match as Match
from rules.tcg.vocab import Mode as Mode
from rules.tcg.vocab import Named as Named
from rules.tcg.vocab import Peek as Peek
from rules.tcg.vocab import Power as Power
from rules.tcg.vocab import PreventDefeat as PreventDefeat
from rules.tcg.vocab import PreventSteal as PreventSteal
from rules.tcg.vocab import Ready as Ready
from rules.tcg.vocab import ReadyEddies as ReadyEddies
from rules.tcg.vocab import SellTop as SellTop
from rules.tcg.vocab import SetGig as SetGig
from rules.tcg.vocab import Spend as Spend
from rules.tcg.vocab import StealBonus as StealBonus
from rules.tcg.vocab import StealGig as StealGig
from rules.tcg.vocab import SwapGig as SwapGig
from rules.tcg.vocab import Target as Target
from rules.tcg.vocab import ToDeckBottom as ToDeckBottom
from rules.tcg.vocab import ToHand as ToHand
from rules.tcg.vocab import Until as Until
from rules.tcg.vocab import Who as Who
from rules.tcg.vocab import WinIf as WinIf
from rules.tcg.vocab import _mode_effects
from rules.tcg.vocab import _PlainEffect as _PlainEffect


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


class Would(StrEnum):
    """The events a replacement ("if … would …, instead …") or a prevention replaces (D3, D4).
    Each card drawn and each Gig taken is an event of its own."""

    BE_DEFEATED = "be_defeated"  # a Unit on the field would be defeated (a fight, an effect)
    RETURN_TO_HAND = "return_to_hand"  # a card in play would be returned to its owner's hand
    # A card in play would go to the trash without being defeated: sacrificed, or Gear
    # whose host leaves for the trash.
    BE_TRASHED = "be_trashed"
    DRAW = "draw"  # you would draw a card
    BE_STOLEN = "be_stolen"  # a Gig of yours would be stolen (an attack or an effect; not a swap)


# Events about a card (the rest are about a player).
CARD_EVENTS = frozenset({Would.BE_DEFEATED, Would.RETURN_TO_HAND, Would.BE_TRASHED})


class Subject(StrEnum):
    """Whose event a replacement replaces."""

    THIS = "this"  # the card the text is on (a Gear's lower box: the host)
    FRIENDLY_UNIT = "friendly_unit"  # any Unit of yours, this one included
    OTHER_FRIENDLY_UNIT = "other_friendly_unit"
    YOU = "you"  # the controller: their draws, their Gigs


# Where `move_to` puts the card instead ("instead put it into your hand").
MoveTo = Literal["hand", "deck_bottom", "trash"]
_USUAL = {Would.BE_DEFEATED: "trash", Would.RETURN_TO_HAND: "hand", Would.BE_TRASHED: "trash"}


class Replacement(Match):
    """ "If <subject> would <event>, instead …": the event doesn't happen (a saved Unit doesn't
    move and fires no DEFEATED, §10; a replaced draw draws nothing; a replaced steal leaves
    the die). `sacrifice` trashes the card this text is printed on (a Gear's lower box: the
    Gear); `move_to` puts the subject card there instead; `instead` resolves at once, `this`
    meaning the subject card (card events) or this card (player events). A replacement
    applies at most once to an event and to whatever replaces it (D3): it never loops."""

    would: Would = Would.BE_DEFEATED
    subject: Subject = Subject.THIS  # default: `this` for card events, `you` for the rest
    instead: tuple[Effect, ...] = ()
    move_to: MoveTo | None = None
    sacrifice: bool = False
    once_each_turn: bool = False

    @model_validator(mode="before")
    @classmethod
    def _default_subject(cls, data: Any) -> Any:
        if isinstance(data, dict) and "subject" not in data:
            would = data.get("would", Would.BE_DEFEATED)
            if would in (Would.DRAW, Would.BE_STOLEN, "draw", "be_stolen"):
                data = {**data, "subject": Subject.YOU}
        return data

    @property
    def card_event(self) -> bool:
        return self.would in CARD_EVENTS

    @model_validator(mode="after")
    def _check(self) -> Replacement:
        if not self.instead and not self.sacrifice and self.move_to is None:
            raise ValueError(
                "a replacement says what happens instead: give `instead` effects, `move_to` "
                "or sacrifice"
            )
        if not self.card_event:
            if self.subject is not Subject.YOU:
                raise ValueError(f"would = {self.would.value} is about a player: subject = you")
            if self.filtered() or self.move_to is not None:
                raise ValueError(
                    f"would = {self.would.value} has no card to filter or move: drop named, "
                    "tag and move_to"
                )
            return self
        if self.subject is Subject.YOU:
            raise ValueError(
                f"would = {self.would.value} is about a card: subject = you is for draw, be_stolen"
            )
        if self.move_to is not None and self.move_to == _USUAL[self.would]:
            raise ValueError(
                f"move_to = {self.move_to} is where {self.would.value} sends it anyway"
            )
        if self.would is Would.BE_TRASHED and self.move_to is None:
            raise ValueError(
                "a card that would be trashed is leaving play anyway: say where it goes "
                "instead (move_to = hand or deck_bottom)"
            )
        plain = [
            e for x in self.instead for e in (_mode_effects(x) if isinstance(x, ChooseOne) else [x])
        ]
        if self.would is Would.BE_DEFEATED and any(
            isinstance(e, Defeat) and e.target is Target.THIS for e in plain
        ):
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


class Affects(StrEnum):
    """Which Units a Unit static covers: the card itself, or every Unit on the field in a
    group (filtered by `named` / `tag`), recomputed whenever it is read."""

    THIS = "this"  # the card the text is on (a Gear's lower box: the host)
    FRIENDLY_UNITS = "friendly_units"  # "your MERC Units get +1 power"
    OTHER_FRIENDLY_UNITS = "other_friendly_units"  # "your other Units …"
    RIVAL_UNITS = "rival_units"
    ALL_UNITS = "all_units"  # "Units named X can't be blocked"


# The statics about a Unit (the rest are about a player and can't cover a group).
UNIT_STATICS = frozenset(
    {
        StaticKind.CANT_BE_BLOCKED,
        StaticKind.CANT_ATTACK,
        StaticKind.MUST_ATTACK,
        StaticKind.POWER,
        StaticKind.STEAL_BONUS,
    }
)


class Static(Match):
    kind: StaticKind
    amount: int = 0
    card_type: CardType | None = None
    # POWER only: the condition ("always", "cred_even", "cred_odd").
    condition: Literal["always", "cred_even", "cred_odd"] = "always"
    # PROTECT_GIGS only: just this die size ("your d20 can't be stolen"); None: every Gig.
    die_size: Literal[4, 6, 8, 10, 12, 20] | None = None
    # Unit statics: which Units it covers; `named` / `tag` narrow a group.
    affects: Affects = Affects.THIS

    @model_validator(mode="after")
    def _check(self) -> Static:
        if self.kind is StaticKind.STEAL_BONUS and self.amount == 0:
            raise ValueError("a steal_bonus static needs a non-zero amount")
        if self.die_size is not None and self.kind is not StaticKind.PROTECT_GIGS:
            raise ValueError("die_size belongs to kind = protect_gigs")
        grouped = self.affects is not Affects.THIS
        if (grouped or self.filtered()) and self.kind not in UNIT_STATICS:
            kinds = ", ".join(sorted(k.value for k in UNIT_STATICS))
            raise ValueError(f"affects / named / tag belong to the Unit statics ({kinds})")
        if self.filtered() and not grouped:
            raise ValueError(
                "a named / tag filter on a static needs a group: affects = friendly_units, "
                "other_friendly_units, rival_units or all_units"
            )
        return self

    @property
    def grouped(self) -> bool:
        return self.affects is not Affects.THIS


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
        if self.type is CardType.GEAR and any(
            r.would is not Would.BE_TRASHED or r.subject is not Subject.THIS
            for r in self.text.replacements
        ):
            raise ValueError(
                "a Gear's own text replaces only its own trashing (would = be_trashed, "
                "subject = this); what the Gear does for its host goes in `lower`"
            )
        if any(
            r.sacrifice and r.subject is Subject.THIS and r.card_event
            for r in self.text.replacements
        ):
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


CardField = Literal["name", "subtitle", "text", "flavour"]


class TcgContent(BaseModel):
    """A loaded TCG pack: cards by id and the preconstructed decks."""

    model_config = FROZEN

    id: str = "core"
    name: str = "Core"
    version: str = "1"
    cards: dict[str, Card]
    decks: dict[str, DeckList] = {}
    # The pack's translations by language (content/tcg/translations.py), kept flat.
    translations: dict[str, Translation] = {}

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def text_for(self, card_id: str, field: CardField, loc: object) -> str:
        """A card's name, subtitle, rules text or flavour in the language of `loc`
        (a locale such as "pl" or "pl-PL"), else as printed: English, names included."""
        card = self.cards[card_id]
        if field == "text":
            from rules.tcg.describe import card_text  # describe builds on this module

            english = card_text(card)
        else:
            english = getattr(card, field)
        return text_for(self.translations, f"cards.{card_id}.{field}", loc, english)

    def deck_text_for(self, deck_id: str, field: Literal["name", "blurb"], loc: object) -> str:
        """A preconstructed deck's name or blurb in the language of `loc`, else English."""
        english = getattr(self.decks[deck_id], field)
        return text_for(self.translations, f"decks.{deck_id}.{field}", loc, english)
