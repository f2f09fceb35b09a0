"""The primitives every part of the resolution shares: queueing ops, the ops for a
card's abilities or effects, who "each player" is, rescues, and asking for a card."""

from __future__ import annotations

from rules.legendary import effects as fx
from rules.legendary.cards import (
    BystanderCard,
    HeroCard,
)
from rules.legendary.codes import Ev
from rules.legendary.state import (
    Op,
    OpAbilities,
    OpEffect,
    Option,
    PromptKind,
    Z,
)
from rules.legendary.work import Work

YES, NO, DECLINE, SKIP = "yes", "no", "decline", "skip"
ESCAPE_KO_MAX_COST = 6


def push(w: Work, *ops: Op) -> None:
    """Put ops at the front of the queue, in the given order."""
    w.pending[0:0] = list(ops)


def abilities_op(
    w: Work,
    seat: int,
    source: str | None,
    abilities: tuple[fx.Ability, ...],
    *,
    enemy: bool,
) -> OpAbilities:
    return OpAbilities(
        seat=seat,
        source=source,
        abilities=abilities,
        pile="escape" if enemy else "victory",
        before=len(w.played),
    )


def effects_op(
    w: Work,
    seat: int,
    source: str | None,
    effects: tuple[fx.Effect, ...],
    *,
    enemy: bool = False,
) -> list[Op]:
    return [OpEffect(seat=seat, source=source, effect=e, enemy=enemy) for e in effects]


def seats_for(w: Work, seat: int, who: fx.Who, *, enemy: bool = False) -> list[int]:
    """Who "each player" means: from the current player, clockwise (§5). In advanced solo
    an enemy's "each other player" hits the solo player (L17)."""
    if who is fx.Who.YOU:
        return [seat]
    if who is fx.Who.EACH_OTHER and enemy and w.players == 1 and w.g.options.advanced_solo:
        return [w.current]
    order = [(w.current + k) % w.players for k in range(w.players)]
    if who is fx.Who.EACH_OTHER:
        order = [s for s in order if s != w.current]
    return order


def gain_wound(w: Work, seat: int) -> None:
    if not w.z[Z.WOUNDS]:
        return  # nothing is gained from an empty stack (§4)
    wound = w.z[Z.WOUNDS][0]
    w.move(wound, Z.WOUNDS, Z.discard(seat))
    w.emit(Ev.WOUND, f"{w.who(seat)} gains a Wound", seat=seat)


def rescued(w: Work, seat: int, b: str, later: list[OpEffect] | None = None) -> None:
    """Announce a rescue; its "when rescued" effects go to `later` (for the fighter to
    order against the Fight effect) or straight to the queue."""
    w.emit(Ev.RESCUE, f"{w.who(seat)} rescues {w.name(b)}", seat=seat, card=b)
    c = w.card(b)
    if isinstance(c, BystanderCard) and c.on_rescue:
        ops = [OpEffect(seat=seat, source=b, effect=e) for e in c.on_rescue]
        if later is not None:
            later.extend(ops)
        else:
            push(w, *ops)


def choose_card(
    w: Work,
    op: OpEffect,
    kind: PromptKind,
    seat: int,
    text: str,
    cands: list[str],
    choice: str | None,
    *,
    may: bool,
) -> str | None:
    """The card chosen for `op`, or None (nothing to choose, or declined). Asks (and
    returns None with the prompt set) when there is a real choice."""
    if choice is not None:
        return None if choice == SKIP else choice
    opts = w.card_options(cands)
    if not opts:
        return None
    if len(opts) == 1 and not may:
        return opts[0].id
    if may:
        opts.append(Option(id=SKIP, label="Don't"))
    w.ask(kind, seat, text, opts, op)
    return None


def again(w: Work, op: OpEffect, n: int) -> None:
    if op.done + 1 < n:
        push(w, op.model_copy(update={"done": op.done + 1}))


def play_side(
    w: Work, seat: int, inst: str, half: int | None, before: int, fated: bool | None
) -> None:
    """A card just put among the played cards produces its printed Recruit and Attack
    and queues its abilities; a divided card only its chosen half's (L2)."""
    c = w.card(inst)
    assert isinstance(c, HeroCard)
    side = c.side(half)
    if c.halves is not None and half is not None:
        w.halves[inst] = half
    w.recruit += side.recruit or 0
    w.attack += side.attack or 0
    label = c.name if side is c else f"{side.name} ({c.name})"
    if inst in w.copies:
        label = f"a copy of {label}"  # L3
    if c.halves is not None:
        w.emit(Ev.PLAY, f"{w.who(seat)} plays {label}", seat=seat, card=inst, half=half)
    else:
        w.emit(Ev.PLAY, f"{w.who(seat)} plays {label}", seat=seat, card=inst)
    if side.abilities:
        push(
            w,
            OpAbilities(
                seat=seat, source=inst, abilities=side.abilities, before=before, fated=fated
            ),
        )
