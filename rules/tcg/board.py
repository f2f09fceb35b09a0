"""Read-only questions about a duel: where a card is, its live text and power, costs,
payment sources, legal attackers and targets.

The reducer, `legal_actions`, the views and the AI all ask these, so they can never disagree
about what a card can do. Rulings T1…T28: docs/rules/tcg.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from rules.tcg.cards import (
    WATCHERS,
    Ability,
    Affects,
    Card,
    CardType,
    ChooseOne,
    Effect,
    Keyword,
    PreventDefeat,
    PreventSteal,
    Static,
    StaticKind,
    TcgContent,
    Text,
    Trigger,
    Would,
)
from rules.tcg.codes import Phase
from rules.tcg.state import Die, Duel, Seat, Slot, Unit

_NO_TEXT = Text()


def owner(inst: str) -> int:
    """Instances are "<seat>-<n>" (seat 0 or 1): the owner never changes in a duel."""
    return 1 if inst[:1] == "1" else 0


def steal_count(power: int) -> int:
    """§8, T1: none at power ≤ 0, otherwise floor(power / 10) + 1."""
    return 0 if power <= 0 else power // 10 + 1


def value_pairs(values: list[int]) -> int:
    """§9: each die in at most one pair."""
    return sum(n // 2 for n in Counter(values).values())


def is_even(value: int | None) -> bool:
    """T24: null and 0 are neither even nor odd."""
    return value is not None and value > 0 and value % 2 == 0


def is_odd(value: int | None) -> bool:
    return value is not None and value > 0 and value % 2 == 1


@dataclass(frozen=True)
class PackFacts:
    """What some card of a pack can ever do, so the engine skips work no card asks for:
    the whens some card counts "the first time" of, the watcher whens some card has, the
    events some card replaces or prevents, and whether any static covers a group."""

    firsts: frozenset[Trigger]
    watched: frozenset[Trigger]
    replaceable: frozenset[Would]
    grouped: bool


# Keyed by the pack object's id, the pack kept alive in the value (so the id stays its own).
_FACTS: dict[int, tuple[TcgContent, PackFacts]] = {}


def _effects(effs: Iterable[Effect]) -> Iterator[Effect]:
    for e in effs:
        yield e
        if isinstance(e, ChooseOne):
            for m in e.modes:
                yield from m.effects


def pack_facts(content: TcgContent) -> PackFacts:
    hit = _FACTS.get(id(content))
    if hit is not None and hit[0] is content:
        return hit[1]
    cards = list(content.cards.values())
    texts = [c.text for c in cards] + [c.lower for c in cards if c.lower is not None]
    effs = [e for c in cards for e in c.effects]
    for t in texts:
        effs += [e for tr in t.triggers for e in tr.effects]
        effs += [e for ab in t.abilities for e in ab.effects]
        effs += [e for r in t.replacements for e in r.instead]
    prevents = {
        Would.BE_DEFEATED if isinstance(e, PreventDefeat) else Would.BE_STOLEN
        for e in _effects(effs)
        if isinstance(e, PreventDefeat | PreventSteal)
    }
    facts = PackFacts(
        firsts=frozenset(tr.when for t in texts for tr in t.triggers if tr.first_each_turn),
        watched=frozenset(tr.when for t in texts for tr in t.triggers if tr.when in WATCHERS),
        replaceable=frozenset({r.would for t in texts for r in t.replacements} | prevents),
        grouped=any(st.grouped for t in texts for st in t.statics),
    )
    if len(_FACTS) > 64:
        _FACTS.clear()
    _FACTS[id(content)] = (content, facts)
    return facts


class Board:
    def __init__(self, state: Duel, content: TcgContent) -> None:
        self.s = state
        self.c = content
        facts = pack_facts(content)
        self.firsts, self.watched = facts.firsts, facts.watched
        self.replaceable, self.grouped = facts.replaceable, facts.grouped
        # Memo of live texts and cost reductions, valid while the owner's seat object is
        # the same (states are immutable: any change makes a new seat).
        self._texts: dict[str, tuple[Seat, list[Text]]] = {}
        self._red: dict[tuple[int, CardType | None], tuple[Seat, Seat, int]] = {}
        self._groups: tuple[Seat, Seat, list[tuple[str, Static]]] | None = None

    # ---- cards and places ----------------------------------------------------------

    def card(self, inst: str) -> Card:
        return self.c.cards[self.s.cards[inst]]

    def name(self, inst: str) -> str:
        return self.card(inst).full_name

    def seat(self, i: int) -> Seat:
        return self.s.seats[i]

    def label(self, seat: int) -> str:
        return self.s.seats[seat].name

    def seat_of_player(self, player: str) -> int | None:
        for i, st in enumerate(self.s.seats):
            if st.player == player:
                return i
        return None

    def unit(self, inst: str) -> Unit | None:
        if inst not in self.s.cards:
            return None
        for u in self.s.seats[owner(inst)].field:
            if u.inst == inst:
                return u
        return None

    def slot_of(self, inst: str) -> int | None:
        if inst not in self.s.cards:
            return None
        for i, sl in enumerate(self.s.seats[owner(inst)].legends):
            if sl.inst == inst:
                return i
        return None

    def slot(self, inst: str) -> Slot | None:
        i = self.slot_of(inst)
        return None if i is None else self.s.seats[owner(inst)].legends[i]

    def face_up_in_area(self, inst: str) -> bool:
        sl = self.slot(inst)
        return sl is not None and sl.face_up

    def host_of(self, gear: str) -> str | None:
        st = self.s.seats[owner(gear)]
        for u in st.field:
            if gear in u.gear:
                return u.inst
        for sl in st.legends:
            if gear in sl.gear and sl.inst is not None:
                return sl.inst
        return None

    def gear_on(self, inst: str) -> tuple[str, ...]:
        u = self.unit(inst)
        if u is not None:
            return u.gear
        sl = self.slot(inst)
        return sl.gear if sl is not None else ()

    def in_play(self, inst: str) -> bool:
        """On the field or face-up in the Legends area: where text is live (§6)."""
        return self.unit(inst) is not None or self.face_up_in_area(inst)

    def spent(self, inst: str) -> bool:
        u = self.unit(inst)
        if u is not None:
            return u.spent
        sl = self.slot(inst)
        return sl is not None and sl.spent

    def units(self, seat: int) -> list[str]:
        return [u.inst for u in self.s.seats[seat].field]

    def all_units(self) -> list[str]:
        return self.units(0) + self.units(1)

    def live_cards(self, seat: int) -> list[str]:
        """The cards whose text is live for `seat`: field and face-up Legends."""
        st = self.s.seats[seat]
        out = [u.inst for u in st.field]
        out += [sl.inst for sl in st.legends if sl.inst is not None and sl.face_up]
        return out

    # ---- live text -------------------------------------------------------------------

    def texts(self, inst: str) -> list[Text]:
        """The card's own text and its Gear's lower text (T7), when live; face-down text
        is inactive (§6)."""
        seat = self.s.seats[owner(inst)] if inst in self.s.cards else None
        hit = self._texts.get(inst)
        if hit is not None and hit[0] is seat:
            return hit[1]
        out: list[Text] = []
        if seat is not None and self.in_play(inst):
            out.append(self.card(inst).text)
            for g in self.gear_on(inst):
                low = self.card(g).lower
                if low is not None:
                    out.append(low)
            self._texts[inst] = (seat, out)
        return out

    def keywords(self, inst: str) -> set[Keyword]:
        return {k for t in self.texts(inst) for k in t.keywords}

    def statics(self, inst: str) -> Iterator[Static]:
        for t in self.texts(inst):
            yield from t.statics

    def unit_statics(self, inst: str) -> Iterator[Static]:
        """The statics that apply to `inst` now: its own (`affects = this`), and every live
        card's group static whose group and filter it is in (a Unit on the field only)."""
        for st in self.statics(inst):
            if not st.grouped:
                yield st
        if not self.grouped or self.unit(inst) is None:
            return
        mine = owner(inst)
        card = self.card(inst)
        for src, st in self.group_statics():
            a = st.affects
            if a is Affects.ALL_UNITS:
                ok = True
            elif a is Affects.RIVAL_UNITS:
                ok = owner(src) != mine
            else:
                ok = owner(src) == mine and (a is Affects.FRIENDLY_UNITS or src != inst)
            if ok and st.matches(card):
                yield st

    def group_statics(self) -> list[tuple[str, Static]]:
        """(source, static) for every live group static on both sides, memoised while the
        seats are the same objects."""
        s0, s1 = self.s.seats
        hit = self._groups
        if hit is not None and hit[0] is s0 and hit[1] is s1:
            return hit[2]
        out = [
            (inst, st)
            for seat in (0, 1)
            for inst in self.live_cards(seat)
            for st in self.statics(inst)
            if st.grouped
        ]
        self._groups = (s0, s1, out)
        return out

    def has_static(self, inst: str, kind: StaticKind) -> bool:
        return any(s.kind is kind for s in self.unit_statics(inst))

    def seat_has_static(self, seat: int, kind: StaticKind) -> bool:
        return any(self.has_static(i, kind) for i in self.live_cards(seat))

    def abilities(self, inst: str) -> list[Ability]:
        return [a for t in self.texts(inst) for a in t.abilities]

    # ---- numbers -----------------------------------------------------------------------

    def raw_power(self, inst: str) -> int:
        """T2: the signed sum; read with `power`."""
        card = self.card(inst)
        total = card.power + sum(self.card(g).power for g in self.gear_on(inst))
        total += sum(m.power for m in self.s.mods if m.inst == inst)
        cred = self.street_cred(owner(inst))
        for st in self.unit_statics(inst):
            if st.kind is StaticKind.POWER and (
                st.condition == "always"
                or (st.condition == "cred_even" and is_even(cred))
                or (st.condition == "cred_odd" and is_odd(cred))
            ):
                total += st.amount
        return total

    def power(self, inst: str) -> int:
        return max(0, self.raw_power(inst))

    def street_cred(self, seat: int) -> int | None:
        gigs = self.s.seats[seat].gigs
        return sum(d.value for d in gigs) if gigs else None

    def reduction(self, seat: int, card_type: CardType | None) -> int:
        s0, s1 = self.s.seats
        hit = self._red.get((seat, card_type))
        if hit is not None and hit[0] is s0 and hit[1] is s1:
            return hit[2]
        total = self._reduction(seat, card_type)
        self._red[(seat, card_type)] = (s0, s1, total)
        return total

    def _reduction(self, seat: int, card_type: CardType | None) -> int:
        total = 0
        for inst in self.live_cards(seat):
            for st in self.statics(inst):
                if st.kind is StaticKind.COST_REDUCTION and st.card_type == card_type:
                    total += st.amount
        return total

    def card_payment(self, seat: int, card: Card) -> int:
        """§5, T19: reductions are mandatory and stop at 1 €$; 0 stays 0."""
        base = card.cost or 0
        red = self.reduction(seat, card.type)
        if base == 0 or red == 0:
            return base
        return max(1, base - red)

    def ability_payment(self, seat: int, ability: Ability) -> int:
        red = self.reduction(seat, None)
        if ability.cost == 0 or red == 0:
            return ability.cost
        return max(0 if ability.free_floor else 1, ability.cost - red)

    # ---- payment sources (§5, T6, T27) ---------------------------------------------------

    def sources(self, seat: int) -> list[str]:
        """Ready Eddies first (the suggested order, T27), then ready Legends in the Legends
        area: face-down always, face-up only with a Sell tag. Never from the field (T6)."""
        st = self.s.seats[seat]
        out = [e.inst for e in st.eddies if not e.spent]
        out += [sl.inst for sl in st.legends if sl.inst and not sl.spent and not sl.face_up]
        out += [
            sl.inst
            for sl in st.legends
            if sl.inst and not sl.spent and sl.face_up and self.card(sl.inst).sell
        ]
        return out

    def can_afford(self, seat: int, amount: int) -> bool:
        return len(self.sources(seat)) >= amount

    # ---- attacks --------------------------------------------------------------------------

    def rival(self, seat: int) -> int:
        return 1 - seat

    def may_attack(self, inst: str) -> bool:
        """A ready Unit without Lag (or with ADRENALINE / GO SOLO on arrival) and no
        prohibition: prohibition beats permission (§11)."""
        u = self.unit(inst)
        if u is None or u.spent:
            return False
        seat = owner(inst)
        if u.lag and not (u.may_attack_now or Keyword.ADRENALINE in self.keywords(inst)):
            return False
        if self.has_static(inst, StaticKind.CANT_ATTACK):
            return False
        if any(m.inst == inst and m.cant_attack for m in self.s.mods):
            return False
        return not (
            u.arrived == self.s.turn
            and self.seat_has_static(self.rival(seat), StaticKind.RIVALS_FRESH_CANT_ATTACK)
        )

    def attack_targets(self, seat: int) -> list[str | None]:
        """Spent rival Units, and the rival's Gig area (None) while it holds a Gig (T17)."""
        rv = self.rival(seat)
        out: list[str | None] = [u.inst for u in self.s.seats[rv].field if u.spent]
        if self.s.seats[rv].gigs:
            out.append(None)
        return out

    def must_attack_first(self, seat: int) -> str | None:
        """A Unit that must attack and still could: the turn can't end (§7)."""
        if not self.attack_targets(seat):
            return None
        for inst in self.units(seat):
            if self.has_static(inst, StaticKind.MUST_ATTACK) and self.may_attack(inst):
                return inst
        return None

    def steal_amount(self, inst: str) -> int:
        """§8: floor(power / 10) + 1, then the card modifiers; none at power ≤ 0 (T1, D1)."""
        base = steal_count(self.power(inst))
        if base == 0:
            return 0
        bonus = sum(
            st.amount for st in self.unit_statics(inst) if st.kind is StaticKind.STEAL_BONUS
        )
        bonus += sum(m.steal for m in self.s.mods if m.inst == inst)
        return max(0, base + bonus)

    def stealable(self, victim: int) -> list[Die]:
        """The victim's Gigs a rival may steal now (a swap ignores this: not a steal)."""
        gigs = list(self.seat(victim).gigs)
        sizes: set[int | None] = set()
        for inst in self.live_cards(victim):
            sizes |= {
                st.die_size for st in self.statics(inst) if st.kind is StaticKind.PROTECT_GIGS
            }
        if None in sizes:
            return []
        return [d for d in gigs if d.size not in sizes]

    def can_block(self, inst: str) -> bool:
        """BLOCKER from the field only, ready; Lag doesn't matter (§7)."""
        a = self.s.attack
        u = self.unit(inst)
        if a is None or u is None or u.spent or a.unblockable:
            return False
        if owner(inst) == a.seat or inst == a.target:
            return False
        return Keyword.BLOCKER in self.keywords(inst)

    def can_use_ability(self, inst: str, ability: Ability) -> bool:
        """⊡ needs a ready card; on the field not with Lag or on its arrival turn (QUICK
        doesn't unlock it); a face-up Legend in the Legends area may use it at once."""
        u = self.unit(inst)
        if u is None and not self.face_up_in_area(inst):
            return False
        if ability.spend:
            if self.spent(inst):
                return False
            if u is not None and (u.lag or u.arrived == self.s.turn):
                return False
        return True

    def in_main(self, seat: int) -> bool:
        s = self.s
        return (
            s.phase is Phase.MAIN
            and s.active == seat
            and s.attack is None
            and not s.pool
            and not s.frames
            and s.prompt is None
        )

    def in_window(self, seat: int) -> bool:
        s = self.s
        return (
            s.attack is not None
            and s.attack.window
            and s.attack.seat != seat
            and not s.pool
            and not s.frames
            and s.prompt is None
        )
