"""Views of a duel: the ONE choke point for hidden information (§14, T23).

`view(duel, content, seat)` is everything `seat` may see (None: a spectator). Adapters,
the AI and log lines use only these models, never the raw `Duel`, which holds every hand,
the deck order, which Legend lies in which face-down slot, and the RNG seed.

What each viewer gets:
- own hand (cards); the rival's hand as a count only;
- decks as counts only, the owner included (peeked cards: the peeker only);
- face-down slots as blanks, the owner included; the owner also gets the unordered list
  of the Legends they brought;
- Eddies: cards sold from hand by name (sorted: their order is not public), unseen ones
  as a count;
- prompts: their text for everyone, their options only for the seat they wait on;
- events: `visible_to` (rules/core/events.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict

from rules.core.events import Event, visible_to
from rules.core.models import built
from rules.tcg.board import Board, value_pairs
from rules.tcg.cards import Card, TcgContent, Would
from rules.tcg.codes import Phase, PromptKind
from rules.tcg.describe import card_text
from rules.tcg.state import Duel, Option

FROZEN = ConfigDict(frozen=True)


class CardView(BaseModel):
    model_config = FROZEN

    inst: str
    id: str
    name: str
    type: str
    cost: int | None
    power: int
    text: str


class UnitView(BaseModel):
    model_config = FROZEN

    card: CardView
    power: int
    spent: bool
    lag: bool
    solo: bool
    gear: tuple[CardView, ...]
    shield: int = 0  # defeats still to be prevented ("prevent the next …"): public


class SlotView(BaseModel):
    model_config = FROZEN

    slot: int
    empty: bool
    face_up: bool
    spent: bool
    card: CardView | None  # None while face-down: nobody knows which Legend it is
    gear: tuple[CardView, ...] = ()


class DieView(BaseModel):
    model_config = FROZEN

    id: str
    size: int
    value: int

    @property
    def label(self) -> str:
        return f"d{self.size}: {self.value}"


class SeatView(BaseModel):
    model_config = FROZEN

    player: str
    name: str
    hand: tuple[CardView, ...] | None  # None: not yours to see
    hand_count: int | None  # None: a spectator, with spectators_see_hand_counts off
    deck_count: int
    field: tuple[UnitView, ...]
    legends: tuple[SlotView, ...]
    legends_brought: tuple[str, ...] | None  # owner only, sorted (unordered)
    eddies_known: tuple[str, ...]  # names, sorted
    eddies_unseen: int
    eddies_ready: int
    eddies_spent: int
    trash: tuple[CardView, ...]
    removed: tuple[CardView, ...]
    fixer: tuple[int, ...]
    gigs: tuple[DieView, ...]
    street_cred: int | None
    value_pairs: int
    sold: bool
    called: bool
    mulligan: bool | None
    # Gigs still to shield from steals ("prevent the next steal"): public, like the Program.
    steal_shield: int = 0


class PromptView(BaseModel):
    model_config = FROZEN

    seat: int
    kind: PromptKind
    text: str
    options: tuple[Option, ...] | None  # None: not for this viewer


class AttackView(BaseModel):
    model_config = FROZEN

    seat: int
    attacker: str
    target: str | None
    redirected: bool
    window: bool


class DuelView(BaseModel):
    model_config = FROZEN

    viewer: int | None
    version: int
    phase: Phase
    active: int
    turn: int
    overtime: bool
    seats: tuple[SeatView, SeatView]
    prompt: PromptView | None
    attack: AttackView | None
    pending: tuple[str, ...]
    peeked: tuple[CardView, ...]
    winner: int | None
    result: str | None


# Views are rebuilt after every action: card views are memoised, keyed by the card object
# (kept alive in the value, so a pack loaded later never gets another pack's view).
_CARD_VIEWS: dict[tuple[str, int], tuple[Card, CardView]] = {}


def card_view(inst: str, card: Card) -> CardView:
    key = (inst, id(card))
    hit = _CARD_VIEWS.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_CARD_VIEWS) > 50_000:
        _CARD_VIEWS.clear()
    made = _make_card_view(inst, card)
    _CARD_VIEWS[key] = (card, made)
    return made


def _make_card_view(inst: str, card: Card) -> CardView:
    return CardView(
        inst=inst,
        id=card.id,
        name=card.full_name,
        type=card.type.value,
        cost=card.cost,
        power=card.power,
        text=card_text(card),
    )


def _seat_view(b: Board, i: int, viewer: int | None) -> SeatView:
    st = b.seat(i)
    own = viewer == i

    def cv(inst: str) -> CardView:
        return card_view(inst, b.card(inst))

    field = tuple(
        built(
            UnitView,
            card=cv(u.inst),
            power=b.power(u.inst),
            spent=u.spent,
            lag=u.lag,
            solo=u.solo,
            gear=tuple(cv(g) for g in u.gear),
            shield=sum(m.shield for m in b.s.mods if m.inst == u.inst),
        )
        for u in st.field
    )
    slots = tuple(
        built(
            SlotView,
            slot=n,
            empty=sl.inst is None,
            face_up=sl.face_up,
            spent=sl.spent,
            card=cv(sl.inst) if sl.inst is not None and sl.face_up else None,
            gear=tuple(cv(g) for g in sl.gear),
        )
        for n, sl in enumerate(st.legends)
    )
    return built(
        SeatView,
        player=st.player,
        name=st.name,
        hand=tuple(cv(x) for x in st.hand) if own else None,
        hand_count=len(st.hand)
        if viewer is not None or b.s.options.spectators_see_hand_counts
        else None,
        deck_count=len(st.deck),
        field=field,
        legends=slots,
        legends_brought=tuple(sorted(b.name(x) for x in st.legend_list)) if own else None,
        eddies_known=tuple(sorted(b.name(e.inst) for e in st.eddies if e.known)),
        eddies_unseen=sum(1 for e in st.eddies if not e.known),
        eddies_ready=sum(1 for e in st.eddies if not e.spent),
        eddies_spent=sum(1 for e in st.eddies if e.spent),
        trash=tuple(cv(x) for x in st.trash),
        removed=tuple(cv(x) for x in st.removed),
        fixer=st.fixer,
        gigs=tuple(built(DieView, id=d.id, size=d.size, value=d.value) for d in st.gigs),
        street_cred=b.street_cred(i),
        value_pairs=value_pairs([d.value for d in st.gigs]),
        sold=st.sold,
        called=st.called,
        mulligan=st.mulligan,
        steal_shield=sum(
            m.shield
            for m in b.s.mods
            if m.inst == "" and m.seat == i and m.prevents is Would.BE_STOLEN
        ),
    )


def view(duel: Duel, content: TcgContent, seat: int | None) -> DuelView:
    b = Board(duel, content)
    prompt: PromptView | None = None
    p = duel.prompt
    if p is not None:
        shown = seat == p.seat or not p.private
        prompt = built(
            PromptView, seat=p.seat, kind=p.kind, text=p.text, options=p.options if shown else None
        )
    elif b.in_window(1 - duel.active) and duel.attack is not None:
        # T10: the same prompt for every window; its options come from legal_actions.
        defender = 1 - duel.attack.seat
        prompt = built(
            PromptView,
            seat=defender,
            kind=PromptKind.REACTION,
            text=f"{b.label(defender)}, react: block, play a QUICK card, Call, or pass.",
            options=None,
        )
    a = duel.attack
    return built(
        DuelView,
        viewer=seat,
        version=duel.version,
        phase=duel.phase,
        active=duel.active,
        turn=duel.turn,
        overtime=duel.overtime,
        seats=(_seat_view(b, 0, seat), _seat_view(b, 1, seat)),
        prompt=prompt,
        attack=None
        if a is None
        else built(
            AttackView,
            seat=a.seat,
            attacker=a.attacker,
            target=a.target,
            redirected=a.redirected,
            window=a.window,
        ),
        pending=tuple(x.label for x in duel.pool),
        # A peeked card is known while it stays in the deck (§11); once moved, it is
        # whatever its new zone shows.
        peeked=tuple(
            card_view(i, b.card(i)) for s, i in duel.peeked if s == seat and i in duel.seats[s].deck
        ),
        winner=duel.result.winner if duel.result else None,
        result=duel.result.reason if duel.result else None,
    )


def events_for(events: list[Event] | tuple[Event, ...], seat: int | None) -> list[Event]:
    """The events a seat (None: a spectator) may see: the same choke point for logs."""
    return visible_to(events, seat)


# The names of views already read, by the view object (kept in the value): a panel
# names every action and way to pay from one view. Bounded.
_NAMES: dict[int, tuple[DuelView, Mapping[str, str]]] = {}
_NAMES_MAX = 4096


def visible_names(seen: DuelView) -> Mapping[str, str]:
    """Instance id -> printed name, for every card this view shows (a hidden card is
    simply absent): what front ends use to name the cards of events and prompts.
    Worked out once per view (views are immutable), and read-only."""
    hit = _NAMES.get(id(seen))
    if hit is not None and hit[0] is seen:
        return hit[1]
    names = MappingProxyType(_visible_names(seen))
    if len(_NAMES) >= _NAMES_MAX:
        _NAMES.clear()
    _NAMES[id(seen)] = (seen, names)
    return names


def _visible_names(seen: DuelView) -> dict[str, str]:
    out: dict[str, str] = {}

    def add(c: CardView) -> None:
        out[c.inst] = c.name

    for s in seen.seats:
        for c in s.hand or ():
            add(c)
        for u in s.field:
            add(u.card)
            for g in u.gear:
                add(g)
        for sl in s.legends:
            if sl.card is not None:
                add(sl.card)
            for g in sl.gear:
                add(g)
        for c in (*s.trash, *s.removed):
            add(c)
    for c in seen.peeked:
        add(c)
    return out
