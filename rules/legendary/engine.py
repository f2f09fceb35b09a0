"""The Legendary reducer: `apply(game, action, pack) -> Outcome(game, events)`.

Pure and deterministic: randomness only through the state's recorded `Rng`. A refused
action raises `IllegalAction` (a `Code` and a player-facing message) and the given game
is untouched; every accepted action returns a game with `version + 1`. Section and
ruling numbers (§4, L4 …) refer to docs/rules/legendary.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.core.text import count
from rules.legendary import city, scheme_rules, steps
from rules.legendary import resolve as rs
from rules.legendary.actions import (
    MASTERMIND,
    OFFICER,
    Action,
    Choose,
    EndTurn,
    Fight,
    Heal,
    Play,
    Recruit,
    Special,
)
from rules.legendary.cards import (
    BystanderCard,
    HeroCard,
    Pack,
    VillainCard,
    WoundCard,
)
from rules.legendary.codes import Code, Ev, refuse
from rules.legendary.effects import Ability
from rules.legendary.state import (
    CITY,
    HAND_SIZE,
    HQ,
    Game,
    Op,
    OpEffect,
    OpHalf,
    OpNextTurn,
    OpReturnRevealed,
    Result,
    Z,
)
from rules.legendary.work import Work


@dataclass(frozen=True)
class Outcome:
    state: Game
    events: tuple[Event, ...]


def apply(game: Game, action: Action, pack: Pack) -> Outcome:
    w = Work(game, pack)
    _dispatch(w, action)
    return Outcome(w.freeze(), tuple(w.events))


def check(game: Game, action: Action, pack: Pack) -> Refusal | None:
    try:
        apply(game, action, pack)
    except IllegalAction as e:
        return e.refusal
    return None


def _dispatch(w: Work, a: Action) -> None:
    if a.seat >= w.players:
        raise refuse(Code.BAD_SEAT, f"There is no seat {a.seat + 1} in this game.")
    if w.over:
        raise refuse(Code.GAME_OVER, "The game is over.\nStart a new game to play again.")
    if isinstance(a, Choose):
        choose_card(w, a)
        return
    if w.prompt is not None:
        # Only the prompt's seat can answer it: the others are told whom they wait for.
        who, text = w.who(w.prompt.seat), w.prompt.text
        if w.prompt.seat == a.seat:
            raise refuse(
                Code.PROMPT_PENDING,
                f"A choice is waiting for you: {text}.\nAnswer it first (choose).",
            )
        if a.seat != w.current:
            raise refuse(
                Code.NOT_YOUR_TURN,
                f"It is not your turn.\nWait for {who}, who is choosing: {text}.",
            )
        raise refuse(
            Code.PROMPT_PENDING,
            f"A choice is waiting for {who}: {text}.\nWait for them to answer it.",
        )
    if a.seat != w.current:
        raise refuse(
            Code.NOT_YOUR_TURN,
            f"It is not your turn.\nIt is {w.who(w.current)}'s turn; wait for it.",
        )
    if isinstance(a, Play):
        _play(w, a)
    elif isinstance(a, Recruit):
        _recruit(w, a)
    elif isinstance(a, Fight):
        _fight(w, a)
    elif isinstance(a, Heal):
        _heal(w)
    elif isinstance(a, Special):
        _special(w, a)
    else:
        assert isinstance(a, EndTurn)
        _end_turn(w)


def choose_card(w: Work, a: Choose) -> None:
    p = w.prompt
    if p is None:
        raise refuse(Code.NO_PROMPT, "There is nothing to choose right now.")
    if p.seat != a.seat:
        raise refuse(
            Code.NOT_YOUR_PROMPT,
            f"This choice is not yours.\nIt is waiting for {w.who(p.seat)}.",
        )
    if a.option not in {o.id for o in p.options}:
        labels = ", ".join(o.label for o in p.options)
        raise refuse(Code.BAD_OPTION, f"That is not one of the options.\nChoose one of: {labels}.")
    w.prompt = None
    rs.execute(w, p.op, a.option)
    rs.run(w)


# ---- step 2 ---------------------------------------------------------------------------


def _play(w: Work, a: Play) -> None:
    seat = a.seat
    hand = w.z[Z.hand(seat)]
    if a.card not in hand:
        raise refuse(
            Code.NOT_IN_HAND, "That card is not in your hand.\nPick a card from your hand."
        )
    c = w.card(a.card)
    if isinstance(c, WoundCard) or not isinstance(c, HeroCard):
        raise refuse(Code.CANT_PLAY_WOUND, "Wounds can't be played.\nHeal to KO them instead.")
    if c.halves is None and a.half is not None:
        raise refuse(Code.BAD_HALF, f"{c.name} is not a divided card.\nPlay it without a half.")
    w.move(a.card, Z.hand(seat), Z.played(seat))
    before = len(w.played)
    w.played.append(a.card)
    if c.halves is not None and a.half is None:
        # A divided card: which half? (L2)
        steps.push(w, OpHalf(seat=seat, card=a.card, before=before, fated=a.fated_future))
    else:
        steps.play_side(w, seat, a.card, a.half, before, a.fated_future)
    rs.run(w)


def _recruit(w: Work, a: Recruit) -> None:
    if w.healed:
        raise refuse(Code.HEALED, "You healed this turn.\nAfter Healing you can't recruit.")
    if a.card == OFFICER:
        stack = w.z[Z.OFFICERS]
        if not stack:
            raise refuse(Code.NO_OFFICERS, "The Officer stack is empty.")
        inst, src = stack[0], Z.OFFICERS
        slot = None
    else:
        slot = w.hq_index(a.card)
        if slot is None:
            raise refuse(Code.NOT_IN_HQ, "That Hero is not in the HQ.\nPick an HQ Hero or Officer.")
        inst, src = a.card, Z.hq(slot)
        if scheme_rules.recruit_blocked(w, slot):
            raise refuse(
                Code.BURIED,
                f"{w.name(inst)} can't be recruited: something is under its HQ space.\n"
                "Flush the HQ first, or recruit another Hero.",
            )
    c = w.card(inst)
    assert isinstance(c, HeroCard)
    if w.fought and w.locked():
        raise refuse(Code.LOCKED, "You fought this turn, so you can't recruit while the "
                     "recruit-or-fight lock is in the city.")  # fmt: skip
    if w.recruit < c.cost:
        raise refuse(
            Code.CANT_AFFORD,
            f"You can't afford {c.name}: it costs {c.cost} and you have {w.recruit} Recruit.\n"
            "Play more cards first.",
        )
    w.recruit -= c.cost
    w.recruited = True
    w.move(inst, src, Z.discard(a.seat))
    w.emit(Ev.RECRUIT, f"{w.who(a.seat)} recruits {c.name}", seat=a.seat, card=inst)
    if slot is not None:
        w.refill_hq(slot)
    rs.run(w)


def targets(w: Work) -> list[str]:
    out = [w.z[Z.city(i)][0] for i in range(CITY) if w.z[Z.city(i)]]
    if w.z[Z.TACTICS]:
        out.append(MASTERMIND)
    return out


def _fight(w: Work, a: Fight) -> None:
    seat = a.seat
    if w.healed:
        raise refuse(Code.HEALED, "You healed this turn.\nAfter Healing you can't fight.")
    if w.uru_failed:
        raise refuse(
            Code.URU_FAILED,
            "You failed a fight against Uru-Enchanted Weapons this turn.\n"
            "You can't fight again this turn, but you may still play cards and recruit.",
        )
    if w.recruited and w.locked():
        raise refuse(Code.LOCKED, "You recruited this turn, so you can't fight while the "
                     "recruit-or-fight lock is in the city.")  # fmt: skip
    if a.target not in targets(w):
        raise refuse(Code.NO_SUCH_TARGET, "There is no such enemy to fight.\nPick a city Villain "
                     "or the Mastermind.")  # fmt: skip
    need = w.gate_attack(a.target)
    label = "the Mastermind" if a.target == MASTERMIND else w.name(a.target)
    if w.attack < need:
        raise refuse(
            Code.NOT_ENOUGH_ATTACK,
            f"You need {need} Attack to fight {label}; you have {w.attack}.\n"
            "Play more cards first.",
        )
    weapons = w.uru(a.target)
    w.fought = True
    if not weapons:
        w.attack -= w.enemy_attack(a.target)
        w.emit(Ev.FIGHT, f"{w.who(seat)} fights {label}", seat=seat, target=a.target)
        city.defeat(w, seat, a.target, fight_or_fail=False)
        rs.run(w)
        return
    bonus = _reveal(w, weapons)
    total = w.enemy_attack(a.target) + bonus
    w.emit(Ev.FIGHT, f"{w.who(seat)} fights {label} (Uru-Enchanted Weapons: +{bonus}, "
           f"{total} Attack)", seat=seat, target=a.target, bonus=bonus)  # fmt: skip
    if w.attack >= total:
        w.attack -= total
        city.defeat(w, seat, a.target, fight_or_fail=True)
    else:
        # Failure: all Attack is lost; no more fights or Healing this turn (§7).
        w.attack = 0
        w.uru_failed = True
        w.emit(Ev.URU_FAIL, f"{w.who(seat)} fails to defeat {label}", seat=seat)
        ops: list[Op] = []
        ff = _fight_or_fail(w, a.target)
        if ff:
            ops.append(steps.abilities_op(w, seat, a.target, ff, enemy=True))
        ops.append(OpReturnRevealed())
        steps.push(w, *ops)
    rs.run(w)


def _fight_or_fail(w: Work, target: str) -> tuple[Ability, ...]:
    if target == MASTERMIND:
        t = w.top_tactic() if w.adapting() else None
        return t.fight_or_fail if t else ()
    c = w.card(target)
    return c.fight_or_fail if isinstance(c, VillainCard) else ()


def _reveal(w: Work, n: int) -> int:
    """Reveal n cards for Uru-Enchanted Weapons; their printed VP is the bonus (L5). An
    empty deck reshuffles what was revealed so far (a card can count twice); revealing
    never makes the Villain Deck run out (L26)."""
    bonus = 0
    deck, rev = w.z[Z.VILLAIN_DECK], w.z[Z.REVEALED]
    shown: list[str] = []
    for _ in range(n):
        if not deck:
            if not rev:
                break
            w.rng, shuffled = w.rng.shuffle(rev)
            deck.extend(shuffled)
            rev.clear()
        card = deck.pop(0)
        rev.append(card)
        shown.append(card)
        c = w.card(card)
        if isinstance(c, VillainCard | BystanderCard):
            bonus += c.vp
    w.emit(Ev.URU_REVEAL, f"Revealed for Uru-Enchanted Weapons: {w.names(shown)} (+{bonus})",
           cards=shown, bonus=bonus)  # fmt: skip
    return bonus


def _special(w: Work, a: Special) -> None:
    """A special action: paying for it is neither recruiting nor fighting (L11, L21)."""
    sa = next((s for s in w.special_actions() if s.id == a.action), None)
    if sa is None:
        raise refuse(Code.NO_SUCH_ACTION, "There is no such special action in this game.")
    if sa.once_per_turn and sa.id in w.specials:
        raise refuse(Code.ALREADY_USED, f"You already used {sa.name} this turn.")
    if not w.special_available(sa):
        raise refuse(
            Code.NOT_AVAILABLE,
            f"You can't use {sa.name} now: nothing is under the HQ.\n"
            "Wait until a Twist puts something there.",
        )
    if w.attack < sa.attack or w.recruit < sa.recruit:
        raise refuse(
            Code.CANT_AFFORD,
            f"You can't afford {sa.name}: it needs {sa.attack} Attack and {sa.recruit} "
            f"Recruit.\nPlay more cards first.",
        )
    w.attack -= sa.attack
    w.recruit -= sa.recruit
    w.specials.append(sa.id)
    w.after_draw += [OpEffect(seat=a.seat, effect=e) for e in sa.after_new_hand]
    w.emit(Ev.SPECIAL, f"{w.who(a.seat)} uses {sa.name}", seat=a.seat, action=sa.id)
    steps.push(w, *steps.effects_op(w, a.seat, None, sa.effects))
    rs.run(w)


def _heal(w: Work) -> None:
    seat = w.current
    if w.recruited or w.fought or w.healed:
        raise refuse(
            Code.CANT_HEAL,
            "You can't heal now: you have already recruited, fought or healed this turn.\n"
            "Heal before recruiting or fighting.",
        )
    wounds = [i for i in w.z[Z.hand(seat)] if isinstance(w.card(i), WoundCard)]
    if not wounds:
        raise refuse(Code.NO_WOUNDS, "You have no Wounds in your hand to heal.")  # L22
    for i in wounds:
        w.move(i, Z.hand(seat), Z.KO)
    w.healed = True
    w.emit(Ev.HEAL, f"{w.who(seat)} heals, KOing {count(len(wounds), 'Wound')}", seat=seat)
    rs.run(w)


# ---- step 3 ---------------------------------------------------------------------------


def _end_turn(w: Work) -> None:
    seat = w.current
    if w.pending:
        raise refuse(Code.PROMPT_PENDING, "Effects are still resolving.\nAnswer the prompt first.")
    for zone in (Z.played(seat), Z.hand(seat)):
        w.z[Z.discard(seat)].extend(w.z[zone])
        w.z[zone] = []
    w.emit(Ev.CLEANUP, f"{w.who(seat)} ends their turn", seat=seat)
    w.draw(seat, HAND_SIZE)
    w.recruit = w.attack = 0
    w.played = []
    w.recruited = w.fought = w.healed = w.uru_failed = False
    w.specials = []
    w.copies = {}  # copies vanish at cleanup (L3)
    w.halves = {}
    # "After you draw your new hand" effects, then the next turn (§4 cleanup, L11).
    later, w.after_draw = w.after_draw, []
    steps.push(w, *later, OpNextTurn())
    rs.run(w)


start_turn = rs.start_turn
finish = rs.finish


def scores(game: Game, pack: Pack) -> list[int]:
    w = Work(game, pack, reading=True)
    return [w.vp(s) for s in range(w.players)]


def winners(game: Game, pack: Pack) -> list[int]:
    """The individual winners: the highest VP; tied players share the win (L16)."""
    if game.result not in (Result.GOOD, Result.DRAW):
        return []
    s = scores(game, pack)
    best = max(s)
    return [i for i, v in enumerate(s) if v == best]


# ---- the legal actions ----------------------------------------------------------------


# Legal actions already made, by (kind, seat, argument): actions are frozen values, so
# one object serves every list that offers the same action (making them again was a
# good part of a list's time). Bounded.
_ACTIONS: dict[tuple[type, int, str], Action] = {}
_ACTIONS_MAX = 50_000


def _action(kind: type[Action], seat: int, arg: str = "") -> Action:
    key = (kind, seat, arg)
    found = _ACTIONS.get(key)
    if found is not None:
        return found
    made: Action
    if kind is Play:
        made = Play(seat=seat, card=arg)
    elif kind is Recruit:
        made = Recruit(seat=seat, card=arg)
    elif kind is Fight:
        made = Fight(seat=seat, target=arg)
    elif kind is Special:
        made = Special(seat=seat, action=arg)
    elif kind is Choose:
        made = Choose(seat=seat, option=arg)
    elif kind is Heal:
        made = Heal(seat=seat)
    else:
        made = EndTurn(seat=seat)
    if len(_ACTIONS) >= _ACTIONS_MAX:
        _ACTIONS.clear()
    _ACTIONS[key] = made
    return made


def legal_actions(game: Game, pack: Pack, seat: int) -> list[Action]:
    """Every action `seat` may take now (identical copies listed once)."""
    if game.over or seat >= game.players:
        return []
    if game.prompt is not None:
        if game.prompt.seat != seat:
            return []
        return [_action(Choose, seat, o.id) for o in game.prompt.options]
    if seat != game.current or game.pending:
        return []
    w = Work(game, pack, reading=True)
    out: list[Action] = []
    seen: set[str] = set()
    hand = w.z[Z.hand(seat)]
    for i in hand:
        cid = w.inst[i]
        if cid in seen or not isinstance(w.card(i), HeroCard):
            continue
        seen.add(cid)
        out.append(_action(Play, seat, i))
    lock = w.locked()
    for sa in w.special_actions():
        if w.special_available(sa) and (w.attack >= sa.attack and w.recruit >= sa.recruit):
            out.append(_action(Special, seat, sa.id))
    if not w.healed:
        if not (lock and w.fought):
            for s in range(HQ):
                if scheme_rules.recruit_blocked(w, s):
                    continue
                for i in w.z[Z.hq(s)]:
                    c = w.card(i)
                    if isinstance(c, HeroCard) and c.cost <= w.recruit:
                        out.append(_action(Recruit, seat, i))
            if w.z[Z.OFFICERS]:
                o = w.card(w.z[Z.OFFICERS][0])
                if isinstance(o, HeroCard) and o.cost <= w.recruit:
                    out.append(_action(Recruit, seat, OFFICER))
        if not w.uru_failed and not (lock and w.recruited):
            for t in targets(w):
                if w.gate_attack(t) <= w.attack:
                    out.append(_action(Fight, seat, t))
        if not (w.recruited or w.fought) and any(isinstance(w.card(i), WoundCard) for i in hand):
            out.append(_action(Heal, seat))
    out.append(_action(EndTurn, seat))
    return out


def decision_seat(game: Game) -> int | None:
    """Who must act now: the prompt's seat, else the current player (None when over)."""
    if game.over:
        return None
    return game.prompt.seat if game.prompt is not None else game.current
