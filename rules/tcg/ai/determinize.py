"""Determinization: a full duel sampled from what one player sees.

The search player never reads the real state. It rebuilds one from its own `DuelView`,
filling what it can't see (its deck order, the rival's hand and deck, the face-down
Legends) with cards drawn from what it knows it brought and what the rival could hold.
Power changes it sees are kept as modifiers lasting this turn.
"""

from __future__ import annotations

import random

from rules.core.rng import Rng
from rules.tcg.board import Board
from rules.tcg.cards import CardType, DeckList, StaticKind, TcgContent
from rules.tcg.state import Attack, Die, Duel, Eddie, Mod, Seat, Slot, Unit
from rules.tcg.view import DuelView, SeatView


def _by_name(content: TcgContent) -> dict[str, str]:
    return {c.full_name: c.id for c in content.cards.values()}


def _visible_ids(sv: SeatView, names: dict[str, str]) -> list[str]:
    out = [c.id for c in sv.hand or ()]
    out += [u.card.id for u in sv.field] + [g.id for u in sv.field for g in u.gear]
    out += [s.card.id for s in sv.legends if s.card is not None]
    out += [g.id for s in sv.legends for g in s.gear]
    out += [c.id for c in sv.trash] + [c.id for c in sv.removed]
    out += [names[n] for n in sv.eddies_known if n in names]
    return out


class Sampler:
    """Pools of cards a seat may hold unseen, fixed for one decision."""

    def __init__(self, seen: DuelView, content: TcgContent, my_deck: DeckList | None) -> None:
        assert seen.viewer is not None
        self.me = seen.viewer
        self.c = content
        names = _by_name(content)
        self.pools: list[list[str]] = [[], []]
        self.legends: list[list[str]] = [[], []]
        for seat in (0, 1):
            sv = seen.seats[seat]
            visible = _visible_ids(sv, names)
            if seat == self.me and my_deck is not None:
                pool = list(my_deck.main_ids())
                for cid in visible:
                    if cid in pool:
                        pool.remove(cid)
                self.pools[seat] = pool
            else:
                colours = {content.cards[c].colour for c in visible} or None
                self.pools[seat] = [
                    c.id
                    for c in content.cards.values()
                    if c.type is not CardType.LEGEND and (colours is None or c.colour in colours)
                ]
            up = {
                content.cards[c].name for c in visible if content.cards[c].type is CardType.LEGEND
            }
            if seat == self.me and sv.legends_brought is not None:
                left = [names[n] for n in sv.legends_brought if n in names]
                self.legends[seat] = [c for c in left if content.cards[c].name not in up]
            else:
                self.legends[seat] = [
                    c.id
                    for c in content.cards.values()
                    if c.type is CardType.LEGEND and c.name not in up
                ]


def determinize(seen: DuelView, content: TcgContent, sampler: Sampler, rng: random.Random) -> Duel:
    cards: dict[str, str] = {}
    counter = [0, 0]

    def inst(seat: int, cid: str) -> str:
        counter[seat] += 1
        name = f"{seat}-s{counter[seat]}"
        cards[name] = cid
        return name

    def keep(i: str, cid: str) -> str:
        cards[i] = cid
        return i

    def draw(seat: int, n: int) -> list[str]:
        pool = sampler.pools[seat] or [
            c for c in content.cards if content.cards[c].type is not CardType.LEGEND
        ]
        return [inst(seat, rng.choice(pool)) for _ in range(n)]

    seats: list[Seat] = []
    mods: list[Mod] = []
    for seat in (0, 1):
        sv = seen.seats[seat]
        field = []
        for u in sv.field:
            keep(u.card.inst, u.card.id)
            gear = tuple(keep(g.inst, g.id) for g in u.gear)
            field.append(
                Unit(
                    inst=u.card.inst,
                    spent=u.spent,
                    lag=u.lag,
                    gear=gear,
                    solo=u.solo,
                    arrived=seen.turn if u.lag else max(0, seen.turn - 2),
                    may_attack_now=u.solo and u.lag,
                )
            )
        legend_pool = list(sampler.legends[seat])
        rng.shuffle(legend_pool)
        slots = []
        for sl in sv.legends:
            if sl.empty:
                slots.append(Slot(inst=None))
                continue
            gear = tuple(keep(g.inst, g.id) for g in sl.gear)
            if sl.card is not None:
                i = keep(sl.card.inst, sl.card.id)
            else:
                cid = (
                    legend_pool.pop()
                    if legend_pool
                    else next(c.id for c in content.cards.values() if c.type is CardType.LEGEND)
                )
                i = inst(seat, cid)
            slots.append(Slot(inst=i, face_up=sl.face_up, spent=sl.spent, gear=gear))
        names = _by_name(content)
        eddies = [
            Eddie(inst=inst(seat, names[n]), known=True) for n in sv.eddies_known if n in names
        ]
        eddies += [
            Eddie(
                inst=inst(seat, rng.choice(sampler.pools[seat] or list(content.cards))), known=False
            )
            for _ in range(sv.eddies_unseen)
        ]
        eddies = [
            Eddie(inst=e.inst, known=e.known, spent=n < sv.eddies_spent)
            for n, e in enumerate(eddies)
        ]
        hand = (
            [keep(c.inst, c.id) for c in sv.hand]
            if sv.hand is not None
            else draw(seat, sv.hand_count or 0)
        )
        seats.append(
            Seat(
                player=sv.player,
                name=sv.name,
                deck=tuple(draw(seat, sv.deck_count)),
                hand=tuple(hand),
                field=tuple(field),
                legends=tuple(slots),
                eddies=tuple(eddies),
                trash=tuple(keep(c.inst, c.id) for c in sv.trash),
                removed=tuple(keep(c.inst, c.id) for c in sv.removed),
                fixer=sv.fixer,
                gigs=tuple(Die(id=d.id, size=d.size, value=d.value) for d in sv.gigs),
                sold=sv.sold,
                called=sv.called,
                mulligan=sv.mulligan,
            )
        )
    duel = Duel(
        id="determinized",
        seats=(seats[0], seats[1]),
        cards=cards,
        phase=seen.phase,
        active=seen.active,
        turn=seen.turn,
        overtime=seen.overtime,
        began_empty=(False,) * max(0, seen.turn - 1)
        + ((not seen.seats[0].fixer and not seen.seats[1].fixer),),
        rng=Rng(seed=rng.randrange(1 << 30)),
    )
    b = Board(duel, content)
    for seat in (0, 1):
        for u in seen.seats[seat].field:
            diff = u.power - b.power(u.card.inst)
            if diff:
                mods.append(Mod(inst=u.card.inst, seat=seat, power=diff))
    a = seen.attack
    attack = None
    if a is not None:
        attack = Attack(
            seat=a.seat,
            attacker=a.attacker,
            target=a.target,
            redirected=a.redirected,
            window=a.window,
            unblockable=a.attacker in cards
            and b.has_static(a.attacker, StaticKind.CANT_BE_BLOCKED),
        )
    return duel.model_copy(update={"mods": tuple(mods), "attack": attack})
