"""A small test pack written on the spot: each test adds the cards it needs.

pack = make_pack(hero("zap", classes=["tech"], attack=2))
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from rules.legendary.cards import (
    BystanderCard,
    Card,
    EvilWins,
    GroupDef,
    HeroCard,
    HeroDef,
    Mastermind,
    Pack,
    Scheme,
    StrikeCard,
    TacticCard,
    TwistCard,
    VillainCard,
    WoundCard,
)
from rules.legendary.effects import Ability, Effect

_EFFECTS: TypeAdapter[tuple[Effect, ...]] = TypeAdapter(tuple[Effect, ...])
_ABILITIES: TypeAdapter[tuple[Ability, ...]] = TypeAdapter(tuple[Ability, ...])


def abilities(*abs_: dict[str, Any]) -> tuple[Ability, ...]:
    return _ABILITIES.validate_python(list(abs_))


def eff(*effects: dict[str, Any]) -> tuple[Ability, ...]:
    """One plain ability doing these effects."""
    return abilities({"effects": list(effects)})


def hero(card_id: str, **kw: Any) -> HeroCard:
    kw.setdefault("name", card_id.replace("-", " ").title())
    kw.setdefault("hero", "test-hero")
    if "abilities" in kw and not isinstance(kw["abilities"], tuple):
        kw["abilities"] = abilities(*kw["abilities"])
    return HeroCard.model_validate({"id": card_id, **kw})


def villain(card_id: str, attack: int, vp: int = 1, **kw: Any) -> VillainCard:
    kw.setdefault("name", card_id.replace("-", " ").title())
    kw.setdefault("group", "test-villains")
    for key in ("ambush", "fight", "escape", "fight_or_fail"):
        if key in kw and not isinstance(kw[key], tuple):
            kw[key] = abilities(*kw[key])
    return VillainCard.model_validate({"id": card_id, "attack": attack, "vp": vp, **kw})


def tactic(card_id: str, **kw: Any) -> TacticCard:
    kw.setdefault("name", card_id.replace("-", " ").title())
    for key in ("fight", "strike", "fight_or_fail"):
        if key in kw and not isinstance(kw[key], tuple):
            kw[key] = abilities(*kw[key])
    return TacticCard.model_validate({"id": card_id, **kw})


BASE_CARDS: list[Card] = [
    hero("agent", name="Agent", hero="", recruit=1, rarity="starter"),
    hero("trooper", name="Trooper", hero="", attack=1, rarity="starter"),
    hero("officer", name="Officer", hero="", cost=3, recruit=2, rarity="officer"),
    WoundCard(id="wound", name="Wound"),
    BystanderCard(id="civilian", name="Civilian"),
    TwistCard(id="twist", name="Scheme Twist"),
    StrikeCard(id="strike", name="Master Strike"),
    villain("thug", 2, 1),
    villain("brute", 4, 2),
    villain("boss", 5, 3),
    villain("grunt", 3, 1, group="test-henchmen", henchman=True, copies=10),
    tactic("t1", vp=5),
    tactic("t2", vp=5),
    tactic("t3", vp=5),
    tactic("t4", vp=5),
    hero("blade", classes=["instinct"], attack=2, cost=3),
    hero("wrench", classes=["tech"], recruit=2, cost=3),
    hero("bolt", classes=["ranged"], attack=2, cost=4),
    hero("shade", classes=["covert"], attack=1, recruit=1, cost=2),
    hero("brick", classes=["strength"], attack=3, cost=5),
    hero("prism", classes=["tech", "ranged"], attack=1, cost=4, team="neon"),
    hero("cheap", classes=["strength"], recruit=1, cost=1),
    hero("pricey", classes=["tech"], attack=4, cost=7),
]

BASE_MM = Mastermind(
    id="boss-mm",
    name="The Boss",
    attack=8,
    always_leads="test-villains",
    tactics=("t1", "t2", "t3", "t4"),
    strike=abilities({"effects": [{"type": "gain_wound", "who": "each"}]}),
)

BASE_SCHEME = Scheme(
    id="plot",
    name="The Plot",
    twists=8,
    twist=(),
    evil_wins=(EvilWins(on="escaped_villains", at_least=99),),
)


def make_pack(
    *cards: Card,
    masterminds: tuple[Mastermind, ...] = (),
    schemes: tuple[Scheme, ...] = (),
    groups: tuple[GroupDef, ...] = (),
) -> Pack:
    all_cards: dict[str, Card] = {c.id: c for c in BASE_CARDS}
    for c in cards:
        all_cards[c.id] = c
    mms = {BASE_MM.id: BASE_MM} | {m.id: m for m in masterminds}
    schs = {BASE_SCHEME.id: BASE_SCHEME} | {s.id: s for s in schemes}
    grps = {
        "test-villains": GroupDef(
            id="test-villains", name="Test Villains", cards=("thug", "brute", "boss")
        ),
        "test-henchmen": GroupDef(
            id="test-henchmen", name="Test Henchmen", henchman=True, cards=("grunt",)
        ),
    } | {g.id: g for g in groups}
    heroes = {
        "test-hero": HeroDef(
            id="test-hero",
            name="Test Hero",
            cards=tuple(
                c.id
                for c in all_cards.values()
                if isinstance(c, HeroCard) and c.hero == "test-hero"
            ),
        )
    }
    return Pack(
        cards=all_cards,
        heroes=heroes,
        groups=grps,
        masterminds=mms,
        schemes=schs,
        teams={"neon": "Neon"},
        agent="agent",
        trooper="trooper",
        officer="officer",
        wound="wound",
        bystander=("civilian",),
        twist_card="twist",
        strike_card="strike",
    )


PACK = make_pack()
