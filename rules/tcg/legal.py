"""Legal actions at every decision point of a duel.

The AI, autocomplete, buttons and tests all ask `legal_actions`; nothing else enumerates
moves. Each listed action is accepted by the reducer (a property test checks it). Payment
choices (T27) are the `pay` field of Play/Call/Activate: the list offers the suggested
payment (None: Eddies first); `payment_sources` lists what else may pay.
"""

from __future__ import annotations

from itertools import combinations

from rules.core.models import interned
from rules.tcg import actions as act
from rules.tcg.board import Board, owner
from rules.tcg.cards import CardType, Keyword, TcgContent
from rules.tcg.codes import Phase
from rules.tcg.state import Duel


def payment_sources(state: Duel, content: TcgContent, seat: int) -> list[str]:
    return Board(state, content).sources(seat)


def payment_amount(state: Duel, content: TcgContent, action: act.Action) -> int:
    """What `action` costs its player now (0 for actions without a cost)."""
    b = Board(state, content)
    seat = b.seat_of_player(action.player)
    if seat is None:
        return 0
    if isinstance(action, act.Call):
        return 1
    if isinstance(action, act.Play) and action.card in state.cards:
        return b.card_payment(seat, b.card(action.card))
    if isinstance(action, act.Activate) and action.card in state.cards:
        abilities = b.abilities(action.card)
        if 0 <= action.ability < len(abilities):
            return b.ability_payment(seat, abilities[action.ability])
    return 0


def payment_variants(state: Duel, content: TcgContent, action: act.Action) -> list[act.Action]:
    """The distinct ways to pay for `action` (T27): Eddies are interchangeable, so a
    payment is which Legends it spends, the rest from Eddies. The decision point behind
    `pay`, for buttons and tests; `legal_actions` lists the suggested payment only."""
    if not isinstance(action, act.Play | act.Call | act.Activate):
        return [action]
    amount = payment_amount(state, content, action)
    b = Board(state, content)
    seat = b.seat_of_player(action.player)
    if seat is None or amount == 0:
        return [action]
    st = state.seats[seat]
    eddies = [e.inst for e in st.eddies if not e.spent]
    legends = [x for x in b.sources(seat) if x not in eddies]
    out: list[act.Action] = []
    for k in range(0, min(amount, len(legends)) + 1):
        if amount - k > len(eddies):
            continue
        for combo in combinations(legends, k):
            pay = tuple(eddies[: amount - k]) + combo
            out.append(action.model_copy(update={"pay": pay}))
    return out


def to_act(state: Duel) -> int | None:
    """The seat the duel waits on (None: over). Either player may concede at any time."""
    if state.result is not None:
        return None
    if state.prompt is not None:
        return state.prompt.seat
    if state.phase is Phase.MULLIGAN:
        first = state.first
        return first if state.seats[first].mulligan is None else 1 - first
    a = state.attack
    if a is not None and a.window:
        return 1 - a.seat
    return state.active


def legal_actions(state: Duel, content: TcgContent, player: str) -> list[act.Action]:
    b = Board(state, content)
    seat = b.seat_of_player(player)
    if seat is None or state.result is not None:
        return []
    out: list[act.Action] = []
    p = state.prompt
    if p is not None:
        if p.seat == seat:
            out.extend(interned(act.Choose, player=player, option=o.key) for o in p.options)
    elif state.phase is Phase.MULLIGAN:
        first = state.first
        decider = first if state.seats[first].mulligan is None else 1 - first
        if decider == seat:
            out += [interned(act.Keep, player=player), interned(act.Mulligan, player=player)]
    elif state.phase is Phase.ROLL and state.active == seat and not state.pool:
        fixer = state.seats[seat].fixer
        sizes = list(fixer) if len(fixer) == 1 else [d for d in fixer if d != 20]
        out.extend(interned(act.Roll, player=player, die=d) for d in sizes)
    elif b.in_window(seat):
        out.append(interned(act.Pass, player=player))
        out.extend(
            interned(act.Block, player=player, unit=u) for u in b.units(seat) if b.can_block(u)
        )
        out += _calls(b, seat, player)
        out += _plays(b, seat, player, quick=True)
        out += _activations(b, seat, player, quick=True)
    elif b.in_main(seat):
        st = state.seats[seat]
        if not st.sold:
            seen: set[str] = set()
            for inst in st.hand:
                cid = state.cards[inst]
                if content.cards[cid].sell and cid not in seen:
                    seen.add(cid)
                    out.append(interned(act.Sell, player=player, card=inst))
        out += _calls(b, seat, player)
        out += _plays(b, seat, player, quick=False)
        out += _activations(b, seat, player, quick=False)
        for u in b.units(seat):
            if b.may_attack(u):
                out.extend(
                    interned(act.Attack, player=player, unit=u, target=t)
                    for t in b.attack_targets(seat)
                )
        if b.must_attack_first(seat) is None:
            out.append(interned(act.End, player=player))
    if state.phase is not Phase.CHOOSE_FIRST:
        out.append(interned(act.Concede, player=player))
    return out


def _calls(b: Board, seat: int, player: str) -> list[act.Action]:
    st = b.seat(seat)
    if st.called or not b.can_afford(seat, 1):
        return []
    return [
        interned(act.Call, player=player, slot=i)
        for i, sl in enumerate(st.legends)
        if sl.inst is not None and not sl.face_up
    ]


def _plays(b: Board, seat: int, player: str, quick: bool) -> list[act.Action]:
    out: list[act.Action] = []
    st = b.seat(seat)
    seen: set[str] = set()
    for inst in st.hand:
        card = b.card(inst)
        if card.id in seen:  # copies in hand are the same move
            continue
        seen.add(card.id)
        if quick and not (card.type is CardType.PROGRAM and Keyword.QUICK in card.text.keywords):
            continue
        if not b.can_afford(seat, b.card_payment(seat, card)):
            continue
        if card.type is CardType.GEAR:
            hosts = b.units(seat) + [
                sl.inst for sl in st.legends if sl.inst is not None and sl.face_up
            ]
            out.extend(interned(act.Play, player=player, card=inst, target=h) for h in hosts)
        else:
            out.append(interned(act.Play, player=player, card=inst))
    if not quick:
        for sl in st.legends:
            if sl.inst is None or not sl.face_up:
                continue
            card = b.card(sl.inst)
            if card.cost is None or not b.can_afford(seat, b.card_payment(seat, card)):
                continue
            out.append(interned(act.Play, player=player, card=sl.inst))
            if Keyword.GO_SOLO in card.text.keywords:
                out.append(interned(act.Play, player=player, card=sl.inst, solo=False))
    return out


def _activations(b: Board, seat: int, player: str, quick: bool) -> list[act.Action]:
    out: list[act.Action] = []
    for inst in b.live_cards(seat):
        if owner(inst) != seat:
            continue
        for i, ab in enumerate(b.abilities(inst)):
            if quick and not ab.quick:
                continue
            if b.can_use_ability(inst, ab) and b.can_afford(seat, b.ability_payment(seat, ab)):
                out.append(interned(act.Activate, player=player, card=inst, ability=i))
    return out
