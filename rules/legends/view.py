"""Per-player views: the single choke point for hidden information.

`board()` is everything public: what any channel message, log line or spectator may
show. `player_view()` adds what one person may see: the hands of the seats they control
and the options of prompts that list those hands. Adapters render only these models,
never the raw `Table` (which holds every hand, deck order and the RNG seed).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.core.events import Event, visible_to
from rules.legends import engine
from rules.legends.actions import Action
from rules.legends.cards import ContentPack, PlayerCard
from rules.legends.codes import PromptKind
from rules.legends.evaluate import best_hand
from rules.legends.legal import controlled_seats, legal_actions
from rules.legends.state import Option, Table

FROZEN = ConfigDict(frozen=True)


class CardView(BaseModel):
    model_config = FROZEN

    inst: str
    id: str
    name: str
    ranks: str
    suits: tuple[str, ...]
    text: str

    @property
    def label(self) -> str:
        suits = " ".join(s.title() for s in self.suits)
        return f"{self.name} [{self.ranks}{' ' + suits if suits else ''}]"


# A card instance shows the same way every time: views are rebuilt after every action,
# so their card views are memoised (keyed by the card object itself, kept alive in the
# value, so a content pack loaded later never gets another pack's view).
_CARD_VIEWS: dict[tuple[str, int], tuple[PlayerCard, CardView]] = {}
_CARD_VIEWS_MAX = 50_000


def card_view(inst: str, card: PlayerCard) -> CardView:
    key = (inst, id(card))
    hit = _CARD_VIEWS.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    view = CardView(
        inst=inst,
        id=card.id,
        name=card.name,
        ranks=card.rank_label(),
        suits=tuple(s.value for s in card.suits),
        text=card.text,
    )
    if len(_CARD_VIEWS) >= _CARD_VIEWS_MAX:
        _CARD_VIEWS.clear()
    _CARD_VIEWS[key] = (card, view)
    return view


class ObstacleView(BaseModel):
    model_config = FROZEN

    order: int
    name: str
    text: str
    health: int
    damage_taken: int
    damage: int
    to_hit: tuple[str, ...]
    plan_size: int


class PlanCardView(BaseModel):
    model_config = FROZEN

    seat: int
    seat_name: str
    put: bool
    card: CardView


class SeatView(BaseModel):
    model_config = FROZEN

    seat: int
    name: str
    player: str
    role: str
    is_merc: bool
    hand_count: int
    deck_count: int
    discard_count: int
    leader: bool
    turn: bool
    ready: bool | None

    @property
    def marks(self) -> list[str]:
        """Short public status words for boards: Leader, to play, clean-up state."""
        out = []
        if self.leader:
            out.append("Leader")
        if self.turn:
            out.append("to play")
        if self.ready is not None:
            out.append("ready" if self.ready else "cleaning up")
        return out


class PromptView(BaseModel):
    model_config = FROZEN

    seat: int
    seat_name: str
    kind: PromptKind
    text: str
    # Empty unless the viewer may see them (a prompt listing a hand is private).
    options: tuple[Option, ...]


class BoardView(BaseModel):
    """Public: safe for any channel message."""

    model_config = FROZEN

    table: str
    campaign: str
    version: int
    scenario: str | None
    phase: str
    round: int
    health: int
    max_health: int
    leader: str | None
    turn: str | None
    plan_size: int
    plan: tuple[PlanCardView, ...]
    makes: str | None
    damage_now: int
    obstacles: tuple[ObstacleView, ...]
    seats: tuple[SeatView, ...]
    prompts: tuple[PromptView, ...]
    vote: tuple[Option, ...]
    votes: dict[str, str]
    waiting_on: str
    scenario_cards_left: int


class PlayerView(BaseModel):
    model_config = FROZEN

    board: BoardView
    seats: tuple[int, ...]
    hands: dict[int, tuple[CardView, ...]]
    prompts: tuple[PromptView, ...]
    legal: tuple[Action, ...]


def board(table: Table, content: ContentPack) -> BoardView:
    return _board(table, content, viewer_seats=())


def _board(table: Table, content: ContentPack, viewer_seats: tuple[int, ...]) -> BoardView:
    run = table.run
    scen = content.scenarios[run.scenario].name if run else None
    if run is None:
        return BoardView(
            table=table.id,
            campaign=table.name,
            version=table.version,
            scenario=None,
            phase="idle",
            round=0,
            health=table.max_health,
            max_health=table.max_health,
            leader=None,
            turn=None,
            plan_size=5,
            plan=(),
            makes=None,
            damage_now=0,
            obstacles=(),
            seats=tuple(
                SeatView(
                    seat=i,
                    name=r.name,
                    player=r.player,
                    role=r.role.value,
                    is_merc=r.is_merc,
                    hand_count=0,
                    deck_count=len(r.deck),
                    discard_count=0,
                    leader=False,
                    turn=False,
                    ready=None,
                )
                for i, r in enumerate(table.runners)
            ),
            prompts=(),
            vote=(),
            votes={},
            waiting_on="no run is in progress",
            scenario_cards_left=0,
        )
    plan = tuple(
        PlanCardView(
            seat=e.seat,
            seat_name=engine.seat_name(table, e.seat),
            put=e.put,
            card=card_view(e.inst, engine.card_of(table, content, e.inst)),
        )
        for e in run.plan
    )
    made = (
        best_hand(engine.plan_eval_cards(table, content), engine.eval_options(table, content))
        if run.plan
        else None
    )
    obstacles = tuple(
        ObstacleView(
            order=o.order,
            name=c.name,
            text=c.text,
            health=o.health,
            damage_taken=o.damage,
            damage=c.damage,
            to_hit=tuple(r.describe() for r in c.to_hit),
            plan_size=c.plan_size,
        )
        for o in run.active
        for c in [engine.scenario_card(table, content, o.order)]
    )
    seats = tuple(
        SeatView(
            seat=s,
            name=engine.seat_name(table, s),
            player=table.runners[s].player,
            role=table.runners[s].role.value,
            is_merc=table.runners[s].is_merc,
            hand_count=len(run.zones[s].hand),
            deck_count=len(run.zones[s].deck),
            discard_count=len(run.zones[s].discard),
            leader=run.leader == s,
            turn=run.turn == s,
            ready=run.cleanup[s].ready if s in run.cleanup else None,
        )
        for s in run.seats
    )
    prompts = tuple(
        PromptView(
            seat=p.seat,
            seat_name=engine.seat_name(table, p.seat),
            kind=p.kind,
            text=p.text,
            options=p.options if (not p.private or p.seat in viewer_seats) else (),
        )
        for p in run.prompts
    )
    vote: tuple[Option, ...] = ()
    if run.phase == "vote" and run.scenes:
        card = engine.scenario_card(table, content, run.scenes[-1].order)
        vote = tuple(Option(key=c.key, label=c.label) for c in card.choices)
    return BoardView(
        table=table.id,
        campaign=table.name,
        version=table.version,
        scenario=scen,
        phase=run.phase,
        round=run.round,
        health=run.health,
        max_health=run.max_health,
        leader=engine.seat_name(table, run.leader),
        turn=engine.seat_name(table, run.turn) if run.turn is not None else None,
        plan_size=engine.plan_size(table, content),
        plan=plan,
        makes=made.describe() if made else None,
        damage_now=engine.plan_damage(table, content) if run.plan else 0,
        obstacles=obstacles,
        seats=seats,
        prompts=prompts,
        vote=vote,
        votes={engine.seat_name(table, s): k for s, k in run.votes.items()},
        waiting_on=engine.waiting_on(table, content),
        scenario_cards_left=len(run.deck),
    )


def player_view(table: Table, player: str, content: ContentPack) -> PlayerView:
    seats = tuple(controlled_seats(table, player))
    b = _board(table, content, viewer_seats=seats)
    hands: dict[int, tuple[CardView, ...]] = {}
    run = table.run
    if run is not None:
        for s in seats:
            if s in run.zones:
                hands[s] = tuple(
                    card_view(i, engine.card_of(table, content, i)) for i in run.zones[s].hand
                )
    mine = tuple(p for p in b.prompts if p.seat in seats)
    return PlayerView(
        board=b,
        seats=seats,
        hands=hands,
        prompts=mine,
        legal=tuple(legal_actions(table, player, content)),
    )


def events_for(
    events: tuple[Event, ...] | list[Event], table: Table, player: str | None
) -> list[Event]:
    """The events one person may see: public ones plus those of the seats they control."""
    if player is None:
        return visible_to(events, None)
    seats = controlled_seats(table, player)
    return [e for e in events if e.seats is None or any(s in seats for s in e.seats)]
