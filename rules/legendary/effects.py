"""The effect vocabulary: what a card's text can say, as validated data.

Every ability on every card (Hero, Villain, Mastermind, Tactic, Scheme Twist, Bystander)
is a list of these models, resolved one at a time in printed order by the engine
(`rules.legendary.flow`). Anything the vocabulary cannot say is a `Named` effect: a
registered Python function (`rules.legendary.named`), checked by name at load.

"you" is the player the effect belongs to: the player who played the card, or who fought
the enemy; for Ambush, Escape, Twist and Strike effects it is the current player (§5).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class HeroClass(StrEnum):
    """The five Hero classes (§2). A card's classes are a set of these; "grey" is derived
    (an empty set), never stored, and never read from a frame colour."""

    STRENGTH = "strength"
    INSTINCT = "instinct"
    COVERT = "covert"
    TECH = "tech"
    RANGED = "ranged"


class CyberKey(StrEnum):
    """What a Cyber-Mod icon counts: a class, or Wounds (§7)."""

    STRENGTH = "strength"
    INSTINCT = "instinct"
    COVERT = "covert"
    TECH = "tech"
    RANGED = "ranged"
    WOUND = "wound"


class Who(StrEnum):
    YOU = "you"
    EACH = "each"  # each player, starting with the current player (§5)
    EACH_OTHER = "each_other"


class Pool(StrEnum):
    RECRUIT = "recruit"
    ATTACK = "attack"


class Zone(StrEnum):
    """Zones an effect can pick cards from or count cards in."""

    HAND = "hand"
    DISCARD = "discard"
    PLAYED = "played"  # cards still in front of you this turn
    VICTORY = "victory"
    ESCAPE = "escape"
    HQ = "hq"
    KO = "ko"
    PLAYED_THIS_TURN = "played_this_turn"  # every card played, even if moved since (§5)
    HEROES = "heroes"  # "your Heroes": hand plus played cards still in front of you (§5)


class CardKind(StrEnum):
    HERO = "hero"  # any Hero card, grey included
    WOUND = "wound"
    BYSTANDER = "bystander"
    VILLAIN = "villain"  # Henchmen are Villains
    TWIST = "twist"
    STRIKE = "strike"
    TACTIC = "tactic"
    TOKEN = "token"  # a Scheme's token (Sludge, L13)


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Match(_Data):
    """Which cards qualify. Every field given must hold; none given matches any card.

    `cls`: the card has at least one of these classes. `grey`: a Hero with no class
    (True) or with one (False). `team`: the card's team. `max_cost`: Heroes only.
    """

    kind: CardKind | None = None
    cls: tuple[HeroClass, ...] = ()
    grey: bool | None = None
    team: str | None = None
    max_cost: int | None = None
    not_wound: bool = False


class Count(_Data):
    """ "For each [card] in [zone]": counted when the effect resolves (fixed then, L19)."""

    zone: Zone
    match: Match = Match()


# ---- the effects ------------------------------------------------------------------------


class Recruit(_Data):
    type: Literal["recruit"] = "recruit"
    amount: int = Field(ge=0)


class Attack(_Data):
    type: Literal["attack"] = "attack"
    amount: int = Field(ge=0)


class PerCount(_Data):
    """+`per` to a pool for each card counted (e.g. "+1 Attack per Tech card in your
    Victory Pile")."""

    type: Literal["per_count"] = "per_count"
    pool: Pool
    per: int = Field(default=1, ge=1)
    count: Count


class Draw(_Data):
    type: Literal["draw"] = "draw"
    n: int = Field(default=1, ge=1)


class GainWound(_Data):
    type: Literal["gain_wound"] = "gain_wound"
    who: Who = Who.YOU
    n: int = Field(default=1, ge=1)


class Rescue(_Data):
    """Rescue Bystanders from the Bystander stack (never a captured one, §4)."""

    type: Literal["rescue"] = "rescue"
    n: int = Field(default=1, ge=1)


class KO(_Data):
    """You choose cards of yours to KO. `match.kind = "hero"` is "KO one of your Heroes"
    (a Wound can't be chosen); no kind is "one of your cards"."""

    type: Literal["ko"] = "ko"
    zones: tuple[Zone, ...] = (Zone.HAND, Zone.DISCARD)
    match: Match = Match()
    n: int = Field(default=1, ge=1)
    may: bool = False


class Discard(_Data):
    type: Literal["discard"] = "discard"
    who: Who = Who.YOU
    n: int = Field(default=1, ge=1)


class Undercover(_Data):
    """Send a card Undercover: into your Victory Pile, worth exactly 1 VP (§7, L1).
    `zone = "played"` with `self_card` sends the card holding this text."""

    type: Literal["undercover"] = "undercover"
    zone: Zone = Zone.HAND
    self_card: bool = False
    match: Match = Match()
    may: bool = False


class FatedFuture(_Data):
    """You may put this card on the bottom of your deck (§7)."""

    type: Literal["fated_future"] = "fated_future"


class HqHero(_Data):
    """The current player chooses an HQ Hero (costing at most `max_cost`); it goes to
    `to`; the HQ refills. Putting it in the Escape pile is not an escape (L14)."""

    type: Literal["hq_hero"] = "hq_hero"
    to: Literal["ko", "escape", "hero_deck_bottom"] = "ko"
    max_cost: int | None = None
    n: int = Field(default=1, ge=1)


class HeroDeckToEscape(_Data):
    type: Literal["hero_deck_to_escape"] = "hero_deck_to_escape"
    n: int = Field(default=1, ge=1)


class PlayVillainCard(_Data):
    """Play another card from the Villain Deck (as step 1 of the turn)."""

    type: Literal["play_villain_card"] = "play_villain_card"
    n: int = Field(default=1, ge=1)


class CaptureBystander(_Data):
    """The enemy holding this text captures Bystanders from the stack."""

    type: Literal["capture_bystander"] = "capture_bystander"
    n: int = Field(default=1, ge=1)


class CaptureHero(_Data):
    """The Villain holding this text captures an HQ Hero (the current player chooses);
    whoever defeats the Villain gains it into their discard pile."""

    type: Literal["capture_hero"] = "capture_hero"
    max_cost: int | None = None


class GainHero(_Data):
    """Gain an HQ Hero without paying (gaining is not recruiting, L10)."""

    type: Literal["gain_hero"] = "gain_hero"
    max_cost: int | None = None
    to: Literal["discard", "hand"] = "discard"
    may: bool = True


class RevealOr(_Data):
    """Each affected player reveals a card with one of `cls` from hand or played cards, or
    takes `otherwise`. A player may decline to reveal (§5)."""

    type: Literal["reveal_or"] = "reveal_or"
    who: Who = Who.EACH
    cls: tuple[HeroClass, ...]
    otherwise: tuple[Effect, ...]


class Defeat(_Data):
    """Defeat a city Villain (current Attack at most `max_attack`) without paying (§5)."""

    type: Literal["defeat"] = "defeat"
    max_attack: int | None = None
    may: bool = False


class ReEnter(_Data):
    """The Villain that escaped most recently re-enters the city from the Escape pile, as
    a drawn Villain enters (L24)."""

    type: Literal["re_enter"] = "re_enter"


class VillainEscapes(_Data):
    """A city Villain escapes, with the whole escape procedure (HQ KO, the Bystander
    discard, its Escape effect; L14). `space`: 0 Bridge .. 4 Sewers, or None: the
    current player chooses."""

    type: Literal["villain_escapes"] = "villain_escapes"
    space: int | None = Field(default=0, ge=0, le=4)


class PlayCopy(_Data):
    """Play a copy of another card you played this turn (L3): its printed Recruit and
    Attack, classes, team and abilities; it counts as played; it can't be moved or KO'd
    and vanishes at cleanup."""

    type: Literal["play_copy"] = "play_copy"
    match: Match = Match()


class StackHero(_Data):
    """Put one of your Heroes (from `zone`, matching `match`) on the Scheme's stack, where
    it is out of play: no VP, no Cyber-Mod count (L12). A played card keeps what it
    produced and still counts as played. Grey Heroes are never stacked."""

    type: Literal["stack_hero"] = "stack_hero"
    zone: Zone = Zone.HEROES
    match: Match = Match()
    may: bool = False
    # Done only when a Hero was stacked ("whoever stacks may also ...", L12).
    then: tuple[Effect, ...] = ()


class StackTwist(_Data):
    """The Twist being played goes on the Scheme's stack instead of the KO pile (a vote
    for the Mastermind, L12)."""

    type: Literal["stack_twist"] = "stack_twist"


class TokenUnderHq(_Data):
    """Put `n` tokens from the Scheme's token supply under HQ spaces, one each; the current
    player chooses among the spaces with the fewest tokens (L13)."""

    type: Literal["token_under_hq"] = "token_under_hq"
    n: int = Field(default=1, ge=1, le=5)


class FlushHq(_Data):
    """KO every token under the HQ and the Hero in each of those spaces (the HQ refills),
    then each player gains exactly one Wound, however many tokens there were (L13)."""

    type: Literal["flush_hq"] = "flush_hq"


class Choice(_Data):
    label: str
    effects: tuple[Effect, ...]


class ChooseOne(_Data):
    """ "Do A or B": you pick one option you can actually do (§5)."""

    type: Literal["choose_one"] = "choose_one"
    options: tuple[Choice, ...] = Field(min_length=2)


class Named(_Data):
    type: Literal["named"] = "named"
    name: str
    params: dict[str, int | str | bool] = {}


Effect = Annotated[
    Recruit
    | Attack
    | PerCount
    | Draw
    | GainWound
    | Rescue
    | KO
    | Discard
    | Undercover
    | FatedFuture
    | HqHero
    | HeroDeckToEscape
    | PlayVillainCard
    | CaptureBystander
    | CaptureHero
    | GainHero
    | RevealOr
    | Defeat
    | ReEnter
    | VillainEscapes
    | PlayCopy
    | StackHero
    | StackTwist
    | TokenUnderHq
    | FlushHq
    | ChooseOne
    | Named,
    Field(discriminator="type"),
]

RevealOr.model_rebuild()
StackHero.model_rebuild()
Choice.model_rebuild()
ChooseOne.model_rebuild()


class Tier(_Data):
    """A higher Cyber-Mod threshold that applies "instead" (§7)."""

    cyber_mod: dict[CyberKey, int]
    effects: tuple[Effect, ...]


class Ability(_Data):
    """One printed ability, resolved in printed order.

    `superpower`: class names or team ids that earlier plays this turn must show (§4;
    the same icon twice needs two earlier cards). `cyber_mod`: minimum counts in the
    counted pile (your Victory Pile for Heroes, the Escape pile for enemies), each key
    counted on its own (L2, L23), checked when the ability resolves (L19). `instead`:
    higher thresholds; only the highest met applies. `may`: optional (the player is asked).
    """

    text: str = ""
    superpower: tuple[str, ...] = ()
    cyber_mod: dict[CyberKey, int] = {}
    instead: tuple[Tier, ...] = ()
    may: bool = False
    effects: tuple[Effect, ...] = ()


class AttackBonus(_Data):
    """An enemy's live Cyber-Mod Attack bonus: +`bonus` while the Escape pile meets
    `cyber_mod`, or +`bonus` per counted card with `per`."""

    cyber_mod: dict[CyberKey, int] = {}
    bonus: int = 0
    per: Count | None = None
