"""The ONE visibility choke point (L15): every view a seat or a spectator gets.

Hidden: each hand (except to its owner, or with `open_hands`), every deck's order and
contents, a classic Mastermind's face-down Tactics, the RNG seed, pending work, and a
prompt's options (except to the seat it waits on). Public: the HQ, the city and captured
cards, the Escape, KO and revealed piles, played cards, discard piles, Victory Piles, an
Adapting Mastermind's Tactics, and all counts. Events go through `events_for`.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.events import Event, visible_to
from rules.core.models import built as _built
from rules.legendary.actions import MASTERMIND
from rules.legendary.cards import Card, HeroCard, Pack, TacticCard, VillainCard
from rules.legendary.effects import Ability, CyberKey, FatedFuture, Undercover
from rules.legendary.state import (
    CITY,
    CITY_NAMES,
    HQ,
    Game,
    Option,
    Options,
    PromptKind,
    Result,
    Z,
)
from rules.legendary.work import Work


class _V(BaseModel):
    model_config = ConfigDict(frozen=True)


class CardRef(_V):
    inst: str
    id: str
    name: str
    cost: int | None = None
    classes: tuple[str, ...] = ()
    team: str | None = None
    undercover: bool = False
    # Keywords a front end marks ("Fated", "Uru 2"...): fated_future, undercover,
    # cyber_mod, superpower, uru, fight_or_fail.
    keywords: tuple[str, ...] = ()
    # A divided card (L2): its halves' names, and the half played this turn (if any).
    halves: tuple[str, ...] = ()
    half: int | None = None


class SpaceView(_V):
    name: str
    villain: CardRef | None
    attack: int | None
    uru: int = 0
    captured: tuple[CardRef, ...]


class PlayerView(_V):
    seat: int
    name: str
    hand_count: int
    deck_count: int
    hand: tuple[CardRef, ...] | None  # None: hidden from this viewer
    played: tuple[CardRef, ...]
    discard: tuple[CardRef, ...]
    victory: tuple[CardRef, ...]
    vp: int
    # What the Victory Pile holds for Hero Cyber-Mods: cards per class, and Wounds.
    cyber: dict[str, int]


class MastermindView(_V):
    id: str
    name: str
    adapting: bool
    attack: int
    uru: int
    tactics_left: int
    top: CardRef | None  # Adapting only: the top Tactic is the Mastermind
    remaining: tuple[CardRef, ...]  # Adapting only (public), sorted by name
    captured: tuple[CardRef, ...]


class SpecialView(_V):
    id: str
    name: str
    text: str
    attack: int
    recruit: int
    used: bool


class PromptView(_V):
    kind: PromptKind
    seat: int
    text: str
    options: tuple[Option, ...] | None  # only for the seat it waits on


class GameView(_V):
    viewer: int | None
    version: int
    names: tuple[str, ...]
    current: int
    turn_no: int
    recruit: int
    attack: int
    played_this_turn: tuple[CardRef, ...]
    recruited: bool
    fought: bool
    healed: bool
    uru_failed: bool
    options: Options  # the table options (public)
    epic: bool
    scheme: str
    scheme_name: str
    twists: int
    mastermind: MastermindView
    city: tuple[SpaceView, ...]
    hq: tuple[CardRef | None, ...]
    # Tokens under each HQ space (Sludge, L13) and the Scheme's token supply left.
    hq_under: tuple[tuple[CardRef, ...], ...] = ()
    tokens: int = 0
    # The Scheme's public stack (L12), and its votes in units of 10 million: the
    # Mastermind's and each Hero Name's.
    scheme_stack: tuple[CardRef, ...] = ()
    mastermind_votes: int = 0
    hero_votes: dict[str, int] = {}
    escape: tuple[CardRef, ...]
    escape_cyber: dict[str, int]  # the Escape pile by class (enemy Cyber-Mods)
    ko: tuple[CardRef, ...]
    revealed: tuple[CardRef, ...]
    villain_deck: int
    hero_deck: int
    officers: int
    officer_cost: int
    wounds: int
    bystanders: int
    players: tuple[PlayerView, ...]
    prompt: PromptView | None
    special_actions: tuple[SpecialView, ...]
    result: Result | None
    over: bool
    deck_ran_out: bool


def keywords(c: Card) -> tuple[str, ...]:
    """The 2099 keywords (and Superpowers) printed on a card, for front ends to mark."""
    out: list[str] = []
    abilities: list[Ability] = []
    if isinstance(c, HeroCard):
        abilities = list(c.abilities)
        for h in c.halves or ():
            abilities += h.abilities
    elif isinstance(c, VillainCard | TacticCard):
        abilities = [*c.fight, *c.fight_or_fail]
        if isinstance(c, VillainCard):
            abilities += [*c.ambush, *c.escape]
        if c.uru:
            out.append("uru")
        if c.fight_or_fail:
            out.append("fight_or_fail")
        if c.attack_bonus:
            out.append("cyber_mod")
    effects = [e for ab in abilities for e in ab.effects]
    if any(isinstance(e, FatedFuture) for e in effects):
        out.append("fated_future")
    if any(isinstance(e, Undercover) for e in effects):
        out.append("undercover")
    if any(ab.cyber_mod for ab in abilities) and "cyber_mod" not in out:
        out.append("cyber_mod")
    if any(ab.superpower for ab in abilities):
        out.append("superpower")
    return tuple(out)


# CardRefs already made, by (card object, instance, undercover, half played): a card's
# ref is the same in every view and version while those are, and views are built after
# every action (most of a view's time went to making its refs again). The card object is
# kept in the value, so an id() is never mistaken for another card's. Bounded.
_REFS: dict[tuple[int, str, bool, int | None], tuple[Card, CardRef]] = {}
_REFS_MAX = 50_000


def card_ref(c: Card, inst: str, undercover: bool, half: int | None) -> CardRef:
    """The view of card `c` as instance `inst` (immutable, so shared between views)."""
    key = (id(c), inst, undercover, half)
    found = _REFS.get(key)
    if found is not None and found[0] is c:
        return found[1]
    if isinstance(c, HeroCard):
        made = CardRef(
            inst=inst,
            id=c.id,
            name=c.name,
            cost=c.cost,
            classes=tuple(sorted(k.value for k in c.classes)),
            team=c.team,
            undercover=undercover,
            keywords=keywords(c),
            halves=tuple(h.name for h in c.halves or ()),
            half=half,
        )
    else:
        made = CardRef(inst=inst, id=c.id, name=c.name, undercover=undercover, keywords=keywords(c))
    if len(_REFS) >= _REFS_MAX:
        _REFS.clear()
    _REFS[key] = (c, made)
    return made


_CYBER_NAMES = tuple(k.value for k in CyberKey)  # the order of `Work.pile_counts`


def view(game: Game, pack: Pack, seat: int | None) -> GameView:
    w = Work(game, pack, reading=True)
    uc = set(game.undercover)
    halves = game.turn.halves
    cards, inst = pack.cards, w.inst
    made = _REFS

    def ref(i: str) -> CardRef:
        # `card_ref`, with its cache looked up here first (a view makes dozens).
        c = cards[inst[i]]
        half = halves.get(i) if halves and isinstance(c, HeroCard) else None
        found = made.get((id(c), i, i in uc, half))
        if found is not None and found[0] is c:
            return found[1]
        return card_ref(c, i, i in uc, half)

    def cyber(zone: str) -> dict[str, int]:
        return dict(zip(_CYBER_NAMES, w.pile_counts(w.z[zone]).values(), strict=True))

    def refs(zone: str) -> tuple[CardRef, ...]:
        return tuple(map(ref, w.z[zone]))

    city = []
    for s in range(CITY):
        v = w.z[Z.city(s)]
        card = w.card(v[0]) if v else None
        city.append(
            _built(
                SpaceView,
                name=CITY_NAMES[s],
                villain=ref(v[0]) if v else None,
                attack=w.enemy_attack(v[0]) if v else None,
                uru=card.uru if isinstance(card, VillainCard) else 0,
                captured=refs(Z.cap(s)),
            )
        )
    players = []
    for p in range(game.players):
        shown = seat == p or game.options.open_hands
        players.append(
            _built(
                PlayerView,
                seat=p,
                name=game.names[p],
                hand_count=len(w.z[Z.hand(p)]),
                deck_count=len(w.z[Z.deck(p)]),
                hand=refs(Z.hand(p)) if shown else None,
                played=refs(Z.played(p)),
                discard=refs(Z.discard(p)),
                victory=refs(Z.victory(p)),
                vp=w.vp(p),
                cyber=cyber(Z.victory(p)),
            )
        )
    tactics = w.z[Z.TACTICS]
    adapting = w.adapting()
    mm = _built(
        MastermindView,
        id=w.mm.id,
        name=w.mm.name,
        adapting=adapting,
        attack=w.enemy_attack(MASTERMIND),
        uru=w.uru(MASTERMIND) if tactics else 0,
        tactics_left=len(tactics),
        top=ref(tactics[0]) if adapting and tactics else None,
        remaining=tuple(sorted((ref(t) for t in tactics), key=lambda r: (r.name, r.inst)))
        if adapting
        else (),
        captured=refs(Z.MM_CAP),
    )
    prompt = None
    if game.prompt is not None:
        gp = game.prompt
        prompt = _built(
            PromptView,
            kind=gp.kind,
            seat=gp.seat,
            text=gp.text,
            options=gp.options if seat == gp.seat else None,
        )
    officer = pack.cards[pack.officer]
    votes = w.votes()
    return _built(
        GameView,
        viewer=seat,
        version=game.version,
        names=game.names,
        current=game.current,
        turn_no=game.turn_no,
        recruit=game.turn.recruit,
        attack=game.turn.attack,
        # Played cards are public, even those moved since (Fated Future, Undercover).
        played_this_turn=tuple(map(ref, game.turn.played)),
        recruited=game.turn.recruited,
        fought=game.turn.fought,
        healed=game.turn.healed,
        uru_failed=game.turn.uru_failed,
        options=game.options,
        epic=game.epic,
        scheme=w.scheme.id,
        scheme_name=w.scheme.name,
        twists=game.twists,
        mastermind=mm,
        city=tuple(city),
        hq=tuple((ref(h[0]) if (h := w.z[Z.hq(i)]) else None) for i in range(HQ)),
        hq_under=tuple(refs(Z.under(i)) for i in range(HQ)),
        tokens=len(w.z[Z.TOKENS]),
        scheme_stack=refs(Z.SCHEME_STACK),
        mastermind_votes=votes[0],
        hero_votes=votes[1],
        escape=refs(Z.ESCAPE),
        escape_cyber=cyber(Z.ESCAPE),
        ko=refs(Z.KO),
        revealed=refs(Z.REVEALED),
        villain_deck=len(w.z[Z.VILLAIN_DECK]),
        hero_deck=len(w.z[Z.HERO_DECK]),
        officers=len(w.z[Z.OFFICERS]),
        officer_cost=officer.cost if isinstance(officer, HeroCard) else 0,
        wounds=len(w.z[Z.WOUNDS]),
        bystanders=len(w.z[Z.BYSTANDERS]),
        players=tuple(players),
        prompt=prompt,
        special_actions=tuple(
            _built(
                SpecialView,
                id=s.id,
                name=s.name,
                text=s.text,
                attack=s.attack,
                recruit=s.recruit,
                used=s.id in game.turn.specials,
            )
            for s in w.special_actions()
        ),  # fmt: skip
        result=game.result,
        over=game.over,
        deck_ran_out=game.deck_ran_out,
    )


def events_for(events: tuple[Event, ...] | list[Event], seat: int | None) -> list[Event]:
    """The events a seat (or a spectator, None) may see."""
    return visible_to(events, seat)
