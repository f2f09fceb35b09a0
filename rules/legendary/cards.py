"""Card models of a Legendary content pack (frozen pydantic, validated at load).

Classes are stored as a set of `HeroClass` values and the team apart (§2); "grey" is a
derived property. Every physical card in a game is an instance id mapping to one of these
definitions (`Pack.card`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.translations import Translation, text_for
from rules.legendary.effects import (
    Ability,
    AttackBonus,
    CardKind,
    ChooseOne,
    Effect,
    HeroClass,
)


class _Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=60)
    text: str = ""


class Rarity(StrEnum):
    STARTER = "starter"  # Agents, Troopers
    OFFICER = "officer"
    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"


class Half(BaseModel):
    """One half of a divided card (L2): its own name, classes, team, printed Recruit and
    Attack, and abilities. The card's cost is shared."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    text: str = ""
    classes: frozenset[HeroClass] = frozenset()
    team: str | None = None
    recruit: int | None = Field(default=None, ge=0)
    attack: int | None = Field(default=None, ge=0)
    abilities: tuple[Ability, ...] = ()


class HeroCard(_Card):
    kind: CardKind = CardKind.HERO
    hero: str = ""  # the Hero Name shared by all 14 cards ("" for grey supply cards)
    team: str | None = None
    classes: frozenset[HeroClass] = frozenset()
    cost: int = Field(default=0, ge=0)
    recruit: int | None = Field(default=None, ge=0)  # printed; None: no Recruit icon
    attack: int | None = Field(default=None, ge=0)
    rarity: Rarity = Rarity.COMMON
    copies: int = Field(default=1, ge=1)
    abilities: tuple[Ability, ...] = ()
    # A divided card (L2): two halves; you play one. Off the table it has every class of
    # both halves (the card's `classes` are their union), and it is still one card.
    halves: tuple[Half, Half] | None = None

    @model_validator(mode="after")
    def _divided(self) -> HeroCard:
        if self.halves is None:
            return self
        if self.recruit is not None or self.attack is not None or self.abilities:
            raise ValueError(
                "a divided card keeps its Recruit, Attack and abilities on its halves: "
                "move them into [[card.halves]]"
            )
        union = frozenset().union(*(h.classes for h in self.halves))
        if self.classes and self.classes != union:
            raise ValueError(
                "a divided card's classes are its halves' classes: leave 'classes' out "
                "or list exactly those of the halves"
            )
        object.__setattr__(self, "classes", union)
        return self

    @property
    def grey(self) -> bool:
        return not self.classes

    def side(self, half: int | None) -> HeroCard | Half:
        """What is played: the whole card, or one half of a divided card."""
        return self.halves[half] if self.halves is not None and half is not None else self


class WoundCard(_Card):
    kind: CardKind = CardKind.WOUND


class BystanderCard(_Card):
    kind: CardKind = CardKind.BYSTANDER
    vp: int = 1
    on_rescue: tuple[Effect, ...] = ()


def choice_labels(node: Any) -> tuple[str, ...]:
    """The option labels of every "choose one" effect of a card (or any part of one), in
    the order its fields read them: what a translation's `cards.<id>.choices.<k>` gives
    in another language."""
    if isinstance(node, ChooseOne):
        return tuple(o.label for o in node.options) + tuple(
            x for o in node.options for x in choice_labels(o.effects)
        )
    out: tuple[str, ...] = ()
    if isinstance(node, BaseModel):
        for name in type(node).model_fields:
            out += choice_labels(getattr(node, name))
    elif isinstance(node, tuple | list):
        for x in node:
            out += choice_labels(x)
    return out


def may_texts(card: Any) -> tuple[str, ...]:
    """The texts of a card's "may" abilities that are their own, in the order its fields
    read them: each one the player is asked about ("Use X's ability? TEXT") that is not
    the card's (or a half's) whole text, which a translation gives already. What a
    translation's `cards.<id>.abilities.<k>` gives in another language."""
    whole = {getattr(card, "text", "")} | {h.text for h in getattr(card, "halves", None) or ()}
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Ability):
            if node.may and node.text and node.text not in whole and node.text not in out:
                out.append(node.text)
            for tier in node.instead:
                walk(tier)
            walk(node.effects)
        elif isinstance(node, BaseModel):
            for name in type(node).model_fields:
                walk(getattr(node, name))
        elif isinstance(node, tuple | list):
            for x in node:
                walk(x)

    walk(card)
    return tuple(out)


class SpecialAction(BaseModel):
    """A special action the current player may take in step 2 (L11, L13): pay `attack`
    and/or `recruit`, then do `effects`. Paying for it is neither recruiting nor fighting
    (L11, L21). `once_per_turn`: at most once each turn."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    text: str = ""
    attack: int = Field(default=0, ge=0)
    recruit: int = Field(default=0, ge=0)
    once_per_turn: bool = True
    effects: tuple[Effect, ...] = ()
    # Penalties "after you draw your new hand" (L11).
    after_new_hand: tuple[Effect, ...] = ()
    # Offered only while a token (Sludge) is under some HQ space (L13).
    needs_hq_token: bool = False


class VillainCard(_Card):
    kind: CardKind = CardKind.VILLAIN
    group: str = ""
    henchman: bool = False
    attack: int = Field(ge=0)
    vp: int = Field(ge=0)
    copies: int = Field(default=1, ge=1)
    uru: int = Field(default=0, ge=0)  # Uru-Enchanted Weapons N
    attack_bonus: tuple[AttackBonus, ...] = ()
    ambush: tuple[Ability, ...] = ()
    fight: tuple[Ability, ...] = ()
    escape: tuple[Ability, ...] = ()
    fight_or_fail: tuple[Ability, ...] = ()
    # While this Villain is in the city, the first of recruiting or fighting in a turn
    # locks out the other (L10).
    recruit_or_fight_lock: bool = False


class TokenCard(_Card):
    """A Scheme's token (Sludge, L13): kept in the Scheme's token supply."""

    kind: CardKind = CardKind.TOKEN


class TwistCard(_Card):
    kind: CardKind = CardKind.TWIST


class StrikeCard(_Card):
    kind: CardKind = CardKind.STRIKE


class TacticSide(BaseModel):
    """What an Adapting Tactic (or a classic Mastermind's Epic side) says on one side."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    attack: int | None = None
    strike: tuple[Ability, ...] | None = None
    fight: tuple[Ability, ...] | None = None
    text: str | None = None


class TacticCard(_Card):
    kind: CardKind = CardKind.TACTIC
    mastermind: str = ""
    vp: int = Field(default=6, ge=0)
    fight: tuple[Ability, ...] = ()
    # Adapting Masterminds only: the top Tactic is the Mastermind (§7).
    attack: int = Field(default=0, ge=0)
    strike: tuple[Ability, ...] = ()
    uru: int = Field(default=0, ge=0)
    attack_bonus: tuple[AttackBonus, ...] = ()
    fight_or_fail: tuple[Ability, ...] = ()
    epic: TacticSide | None = None


class Mastermind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    text: str = ""
    adapting: bool = False
    always_leads: str  # a Villain or Henchman group id
    # Classic Masterminds: the Mastermind card.
    attack: int = Field(default=0, ge=0)
    strike: tuple[Ability, ...] = ()
    uru: int = Field(default=0, ge=0)
    attack_bonus: tuple[AttackBonus, ...] = ()
    epic: TacticSide | None = None
    tactics: tuple[str, ...]  # Tactic card ids
    setup_extra_heroes: int = Field(default=0, ge=0)
    special_actions: tuple[SpecialAction, ...] = ()


class EvilWinsOn(StrEnum):
    """What an Evil Wins condition counts (each checked after every step)."""

    TWISTS = "twists"
    ESCAPED_VILLAINS = "escaped_villains"  # Villains in the Escape pile
    ESCAPE_HEROES = "escape_heroes"  # Hero cards in the Escape pile
    ESCAPED_BYSTANDERS = "escaped_bystanders"
    KO_HEROES = "ko_heroes"  # non-grey Heroes in the KO pile
    WOUNDS_EMPTY = "wounds_empty"  # the Wound stack is empty
    VILLAIN_DECK_EMPTY = "villain_deck_empty"
    HERO_DECK_EMPTY = "hero_deck_empty"
    # The Mastermind's votes (stacked Twists) minus the top Hero Name's votes (L12).
    VOTE_LEAD = "vote_lead"
    # The Scheme's tokens put out so far (under the HQ or KO'd: not back in supply, L13).
    TOKENS_OUT = "tokens_out"


class EvilWins(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    on: EvilWinsOn
    at_least: int = Field(default=1, ge=0)
    # Player count -> threshold, overriding at_least.
    by_players: dict[int, int] = {}

    def threshold(self, players: int) -> int:
        return self.by_players.get(players, self.at_least)


class TwistRule(BaseModel):
    """Twists numbered `first`..`last` (the running count) do `effects`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first: int = Field(default=1, ge=1)
    last: int = Field(default=99, ge=1)
    effects: tuple[Effect, ...]


class Tokens(BaseModel):
    """A Scheme's token supply, made at setup: `count` copies of the token card `card`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: str
    count: int = Field(ge=1, le=60)
    # A Hero in an HQ space with a token under it can't be recruited (gaining it by an
    # effect is not recruiting).
    blocks_recruit: bool = False


class Scheme(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=60, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str
    text: str = ""
    twists: int = Field(ge=0)
    twists_by_players: dict[int, int] = {}  # player count -> Twists, overriding `twists`
    # Player count -> the Wound stack's size, overriding the pack's (a Scheme's Setup).
    wounds_by_players: dict[int, int] = {}
    extra_heroes: int = Field(default=0, ge=0)
    extra_villain_groups: int = Field(default=0, ge=0)
    twist: tuple[TwistRule, ...]
    evil_wins: tuple[EvilWins, ...]
    # Setup that shuffles Tactics into a deck needs single-sided cards (§7 Epic sides).
    shuffles_tactics: bool = False
    special_actions: tuple[SpecialAction, ...] = ()
    tokens: Tokens | None = None


class HeroDef(BaseModel):
    """A Hero: its Hero Name and its card ids with their copies (14 cards in all)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    cards: tuple[str, ...]


class GroupDef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    henchman: bool = False
    cards: tuple[str, ...]


Card = (
    HeroCard
    | WoundCard
    | BystanderCard
    | VillainCard
    | TwistCard
    | StrikeCard
    | TacticCard
    | TokenCard
)


class Pack(BaseModel):
    """Everything a game draws on. Starting decks, Officers, Wounds, Bystanders, Twists
    and Strikes come from the `supply` ids."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = "pack"
    name: str = ""
    cards: dict[str, Card]
    heroes: dict[str, HeroDef]
    groups: dict[str, GroupDef]
    masterminds: dict[str, Mastermind]
    schemes: dict[str, Scheme]
    teams: dict[str, str] = {}
    # Supply: card ids and counts.
    agent: str
    agents: int = 8
    trooper: str
    troopers: int = 4
    officer: str
    officers: int = 30
    wound: str
    wounds: int = 30
    bystander: tuple[str, ...]  # ids, cycled to fill the stack
    bystanders: int = 30
    twist_card: str
    strike_card: str
    # The pack's translations by language (content/legendary/translations.py), flat.
    translations: dict[str, Translation] = {}

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def text_for(self, card_id: str, field: str, loc: object) -> str:
        """A card's `name` or `text` (or `halves.0.text`, `epic.text`) in the language
        of `loc` ("pl", "pl-PL"), else as printed: English, names included."""
        return self.translated(f"cards.{card_id}.{field}", loc)

    def translated(self, path: str, loc: object) -> str:
        """Any text of the pack by its path in a translation file
        (`masterminds.helix-board.actions.bribe.text`, `teams.free-grid.name`) in the
        language of `loc`, else in English. A path the pack lacks is a KeyError."""
        return text_for(self.translations, path, loc, self.english(path))

    def english(self, path: str) -> str:
        """The printed text at a translation path."""
        section, item, *rest = path.split(".")
        if section == "teams":
            return self.teams[item]
        holders: dict[str, Any] = {
            "cards": self.cards,
            "masterminds": self.masterminds,
            "schemes": self.schemes,
            "heroes": self.heroes,
            "groups": self.groups,
        }
        obj: Any = holders[section][item]
        if section == "cards" and rest[:1] == ["abilities"]:
            # A "may" ability's own text, by its number (`may_texts`).
            texts = may_texts(obj)
            if len(rest) != 2 or not rest[1].isdigit() or int(rest[1]) >= len(texts):
                raise KeyError(path)
            return texts[int(rest[1])]
        if section == "cards" and rest[:1] == ["choices"]:
            # A "choose one" option's label, by its number (`choice_labels`).
            labels = choice_labels(obj)
            k = int(rest[1]) if len(rest) == 2 and rest[1].isdigit() else len(labels)
            if k >= len(labels):
                raise KeyError(path)
            return labels[k]
        while len(rest) > 1:
            key, *rest = rest
            if key == "halves" and isinstance(obj, HeroCard) and obj.halves is not None:
                obj = obj.halves[int(rest.pop(0))]
            elif key == "actions":
                aid = rest.pop(0)
                obj = next((a for a in obj.special_actions if a.id == aid), None)
            else:
                obj = getattr(obj, key)
            if obj is None:
                raise KeyError(path)
        value = getattr(obj, rest[0]) if rest else None
        if not isinstance(value, str):
            raise KeyError(path)
        return value
