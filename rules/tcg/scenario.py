"""The public scenario builder: a mid-duel position in a few lines (docs/tcg-scenarios.md).

    t = Table(pack, active=0,
              p0=Side(field=["neon-bruiser", "alley-cutter spent lag +knuckle-chrome"],
                      gigs=["d6:3", "d8:5"], eddies=2, hand=["hot-wire"]),
              p1=Side(field=["ice-sentinel spent"], legends=["juno-reyes up", "mara-kell"]))
    t.act(0, Attack, unit="neon-bruiser", target="ice-sentinel")
    t.act(1, Pass)

Cards are card ids of any pack (`TcgContent`), including small test packs written on the
spot. A field entry is "card-id [spent] [lag] [solo] [fresh] [+gear-id …]" ("fresh": it
arrived this turn). A Legends entry is "card-id [up] [spent]" or "empty". Gigs are "dN:V".
In `Table.act`, any keyword argument naming a card id (rather than an instance) is resolved
to that card's first instance, the acting seat's first (an attack's target: the rival's).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.rng import Rng
from rules.tcg import actions as act
from rules.tcg.cards import TcgContent
from rules.tcg.codes import Phase, RefusalCode
from rules.tcg.engine import Outcome, apply
from rules.tcg.legal import legal_actions
from rules.tcg.options import TcgOptions
from rules.tcg.state import DICE, Die, Duel, Eddie, Seat, Slot, Unit


class Side(BaseModel):
    """One player's half of the table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hand: list[str] = []
    deck: list[str] = []  # top first
    field: list[str] = []
    legends: list[str] = []  # up to three slots, left to right
    eddies: int | list[str] = 0  # a count (unseen cards), or "card-id [spent]" entries
    spent_eddies: int = 0  # of a counted `eddies`, how many are spent
    trash: list[str] = []
    removed: list[str] = []
    gigs: list[str] = []  # "d8:5"
    fixer: list[int] | None = None  # None: every die not in a Gig area
    sold: bool = False
    called: bool = False


class _Ids:
    def __init__(self) -> None:
        self.cards: dict[str, str] = {}
        self.next = [0, 0]

    def new(self, seat: int, card_id: str, legend: bool = False) -> str:
        n = self.next[seat]
        self.next[seat] += 1
        inst = f"{seat}-L{n}" if legend else f"{seat}-{n}"
        self.cards[inst] = card_id
        return inst


def _check(content: TcgContent, cid: str) -> str:
    if cid not in content.cards:
        raise ValueError(f"scenario: no card '{cid}' in pack '{content.id}'")
    return cid


def build(
    content: TcgContent,
    p0: Side,
    p1: Side,
    *,
    active: int = 0,
    phase: Phase = Phase.MAIN,
    turn: int = 3,
    first: int = 0,
    seed: int = 1,
    overtime: bool = False,
    began_empty: tuple[bool, ...] = (),
    options: TcgOptions | None = None,
    names: tuple[str, str] = ("alice", "bob"),
) -> Duel:
    ids = _Ids()
    sides = (p0, p1)
    gig_rows: list[list[Die]] = [[], []]
    used: set[str] = set()
    for i, side in enumerate(sides):
        for text in side.gigs:
            size_s, value_s = text.lstrip("d").split(":")
            size, value = int(size_s), int(value_s)
            if size not in DICE or not 1 <= value <= size:
                raise ValueError(f"scenario: bad Gig '{text}'")
            die_id = next(f"{o}d{size}" for o in (i, 1 - i, 9) if f"{o}d{size}" not in used)
            if die_id.startswith("9"):
                raise ValueError(f"scenario: more than two d{size}")
            used.add(die_id)
            gig_rows[i].append(Die(id=die_id, size=size, value=value))
    seats: list[Seat] = []
    filler = sorted(content.cards)[0]
    for i, side in enumerate(sides):
        field = []
        for entry in side.field:
            words = entry.split()
            inst = ids.new(i, _check(content, words[0]))
            gear = tuple(ids.new(i, _check(content, w[1:])) for w in words[1:] if w[0] == "+")
            fresh = "fresh" in words or "lag" in words
            field.append(
                Unit(
                    inst=inst,
                    spent="spent" in words,
                    lag="lag" in words,
                    solo="solo" in words,
                    gear=gear,
                    arrived=turn if fresh else max(0, turn - 2),
                    may_attack_now="solo" in words and fresh,
                )
            )
        slots = []
        for entry in side.legends:
            words = entry.split()
            if words[0] == "empty":
                slots.append(Slot(inst=None))
                continue
            inst = ids.new(i, _check(content, words[0]), legend=True)
            gear = tuple(ids.new(i, _check(content, w[1:])) for w in words[1:] if w[0] == "+")
            slots.append(Slot(inst=inst, face_up="up" in words, spent="spent" in words, gear=gear))
        while len(slots) < 3:
            slots.append(Slot(inst=None))
        if isinstance(side.eddies, int):
            eddies = tuple(
                Eddie(inst=ids.new(i, filler), spent=n < side.spent_eddies, known=False)
                for n in range(side.eddies)
            )
        else:
            eddies = tuple(
                Eddie(inst=ids.new(i, _check(content, e.split()[0])), spent="spent" in e.split())
                for e in side.eddies
            )
        fixer = (
            tuple(side.fixer)
            if side.fixer is not None
            else tuple(d for d in DICE if f"{i}d{d}" not in used)
        )
        seats.append(
            Seat(
                player=f"p{i}",
                name=names[i],
                hand=tuple(ids.new(i, _check(content, c)) for c in side.hand),
                deck=tuple(ids.new(i, _check(content, c)) for c in side.deck),
                field=tuple(field),
                legends=tuple(slots),
                legend_list=tuple(s.inst for s in slots if s.inst is not None),
                eddies=eddies,
                trash=tuple(ids.new(i, _check(content, c)) for c in side.trash),
                removed=tuple(ids.new(i, _check(content, c)) for c in side.removed),
                fixer=fixer,
                gigs=tuple(gig_rows[i]),
                sold=side.sold,
                called=side.called,
                mulligan=False,
                turns=(turn + (1 if i == first else 0)) // 2,
            )
        )
    return Duel(
        id="scenario",
        pack=content.id,
        options=options or TcgOptions(),
        rng=Rng(seed=seed),
        seats=(seats[0], seats[1]),
        cards=ids.cards,
        phase=phase,
        first=first,
        active=active,
        turn=turn,
        overtime=overtime,
        began_empty=began_empty or (False,) * turn,
    )


class Table:
    """A duel under test: the state, the pack, and short ways to act on it."""

    def __init__(
        self, content: TcgContent, p0: Side | None = None, p1: Side | None = None, **kw: Any
    ) -> None:
        self.content = content
        self.state = build(content, p0 or Side(), p1 or Side(), **kw)
        self.events: list[Event] = []

    # ---- looking -------------------------------------------------------------------------

    def inst(self, ref: str, seat: int | None = None) -> str:
        """The instance of a card id (the given seat's first, else any), or `ref` itself."""
        if ref in self.state.cards:
            return ref
        seats = [seat] if seat is not None else [0, 1]
        for s in seats + [x for x in (0, 1) if x not in seats]:
            for inst, cid in self.state.cards.items():
                if cid == ref and inst.startswith(f"{s}-"):
                    return inst
        raise KeyError(f"no instance of '{ref}'")

    def seat(self, i: int) -> Seat:
        return self.state.seats[i]

    def ids(self, insts: tuple[str, ...] | list[str]) -> list[str]:
        return [self.state.cards[i] for i in insts]

    def field_ids(self, i: int) -> list[str]:
        return self.ids([u.inst for u in self.seat(i).field])

    def unit(self, ref: str, seat: int | None = None) -> Unit:
        inst = self.inst(ref, seat)
        for s in self.state.seats:
            for u in s.field:
                if u.inst == inst:
                    return u
        raise KeyError(f"'{ref}' is not on the field")

    def legal(self, seat: int) -> list[act.Action]:
        return legal_actions(self.state, self.content, f"p{seat}")

    # ---- acting --------------------------------------------------------------------------

    def action(self, seat: int, kind: type[BaseModel], **kw: Any) -> act.Action:
        for key in ("card", "unit", "target"):
            if isinstance(kw.get(key), str):
                # An attack's target is the rival's; a Gear's host is one's own.
                who = 1 - seat if key == "target" and kind is act.Attack else seat
                kw[key] = self.inst(kw[key], who)
        if isinstance(kw.get("pay"), list | tuple):
            kw["pay"] = tuple(self.inst(x, seat) for x in kw["pay"])
        made = kind(player=f"p{seat}", **kw)
        return made  # type: ignore[return-value]

    def act(self, seat: int, kind: type[BaseModel], **kw: Any) -> Outcome:
        out = apply(self.state, self.action(seat, kind, **kw), self.content)
        self.state = out.state
        self.events.extend(out.events)
        return out

    def choose(self, seat: int, option: str) -> Outcome:
        return self.act(seat, act.Choose, option=option)

    def refused(self, seat: int, kind: type[BaseModel], **kw: Any) -> RefusalCode:
        """The refusal code; asserts the state did not change."""
        before = self.state.model_dump_json()
        try:
            apply(self.state, self.action(seat, kind, **kw), self.content)
        except IllegalAction as e:
            assert self.state.model_dump_json() == before
            return RefusalCode(e.refusal.code)
        raise AssertionError(f"{kind.__name__} {kw} was accepted")

    def texts(self) -> list[str]:
        return [e.text for e in self.events]
