"""Resolving pending work: `run` executes queued ops until the queue is empty, a prompt
waits, or the game is over; Evil Wins is checked after every op (§6, L25). Abilities
resolve here (Superpowers, Cyber-Mods, "may"); effects in `effect_rules`, the Villain Deck
and the city in `city`, the shared primitives in `steps`."""

from __future__ import annotations

from rules.legendary.cards import HeroCard
from rules.legendary.city import adapt, enter, escape_parts, return_revealed, villain_card
from rules.legendary.codes import Ev
from rules.legendary.effect_rules import _effect
from rules.legendary.state import (
    Op,
    OpAbilities,
    OpAdapt,
    OpEffect,
    OpEnter,
    OpEscape,
    OpHalf,
    OpNextTurn,
    OpOrder,
    Option,
    OpVillainCard,
    PromptKind,
    Result,
    Z,
)
from rules.legendary.steps import NO, YES, play_side, push
from rules.legendary.work import Work


def run(w: Work) -> None:
    while w.pending and w.prompt is None and not w.over:
        op = w.pending.pop(0)
        execute(w, op, None)
        if w.check_evil():
            return
    w.check_evil()


def execute(w: Work, op: Op, choice: str | None) -> None:
    if isinstance(op, OpAbilities):
        _abilities(w, op, choice)
    elif isinstance(op, OpEffect):
        _effect(w, op, choice)
    elif isinstance(op, OpVillainCard):
        villain_card(w)
    elif isinstance(op, OpEnter):
        enter(w, op.card)
    elif isinstance(op, OpEscape):
        escape_parts(w, op)
    elif isinstance(op, OpAdapt):
        adapt(w)
    elif isinstance(op, OpNextTurn):
        next_turn(w)
    elif isinstance(op, OpOrder):
        _order(w, op, choice)
    elif isinstance(op, OpHalf):
        _half(w, op, choice)
    else:
        return_revealed(w)


def superpower_met(w: Work, icons: tuple[str, ...], before: int) -> bool:
    """Each icon needs a card played earlier this turn showing it; the same icon twice
    needs two such cards (§4)."""
    earlier = w.played[:before]
    need: dict[str, int] = {}
    for icon in icons:
        need[icon] = need.get(icon, 0) + 1
    return all(sum(1 for i in earlier if icon in w.icons(i)) >= n for icon, n in need.items())


def _pile(w: Work, op: OpAbilities) -> list[str]:
    return w.z[Z.ESCAPE] if op.pile == "escape" else w.z[Z.victory(op.seat)]


def _abilities(w: Work, op: OpAbilities, choice: str | None) -> None:
    if not op.abilities:
        return
    ab, rest = op.abilities[0], op.abilities[1:]
    tail = op.model_copy(update={"abilities": rest})
    if ab.superpower and not superpower_met(w, ab.superpower, op.before):
        push(w, tail)
        return
    pile = _pile(w, op)
    # Checked now, in printed order (L19); the highest "instead" tier met applies.
    if not w.cyber_met(ab.cyber_mod, pile):
        push(w, tail)
        return
    effects = ab.effects
    for tier in ab.instead:
        if w.cyber_met(tier.cyber_mod, pile):
            effects = tier.effects
    if ab.may and choice is None:
        who = op.seat
        # The card is named (a played, fought or entering card: public), so the player
        # knows whose ability it is even when the ability has no text of its own.
        source = op.source if op.source is not None and op.source in w.inst else None
        ask = "Use this ability?" if source is None else f"Use {w.name(source)}'s ability?"
        w.ask(
            PromptKind.MAY,
            who,
            f"{ask} {ab.text}".strip(),
            [Option(id=YES, label="Yes"), Option(id=NO, label="No")],
            op,
        )
        return
    ops: list[Op] = []
    if choice != NO:
        enemy = op.pile == "escape"
        ops = [
            OpEffect(seat=op.seat, source=op.source, effect=e, fated=op.fated, enemy=enemy)
            for e in effects
        ]
    push(w, *ops, tail)


def _half(w: Work, op: OpHalf, choice: str | None) -> None:
    """Which half of a divided card is played (L2)."""
    c = w.card(op.card)
    assert isinstance(c, HeroCard) and c.halves is not None
    if choice is None:
        opts = [Option(id=str(k), label=h.name) for k, h in enumerate(c.halves)]
        w.ask(PromptKind.CHOOSE_ONE, op.seat, f"Which half of {c.name} do you play?", opts, op)
        return
    play_side(w, op.seat, op.card, int(choice), op.before, op.fated)


def _order(w: Work, op: OpOrder, choice: str | None) -> None:
    if choice is None:
        w.ask(
            PromptKind.ORDER,
            op.seat,
            "Which first: the Fight effect or the rescued Bystanders' effects?",
            [Option(id="fight", label="Fight effect first"),
             Option(id="rescue", label="Rescue effects first")],
            op,
        )  # fmt: skip
        return
    if choice == "rescue":
        push(w, *op.rescue, *op.fight)
    else:
        push(w, *op.fight, *op.rescue)


def start_turn(w: Work) -> None:
    w.emit(Ev.TURN, f"{w.who(w.current)}'s turn", seat=w.current)
    warmup = w.g.options.warmup_round and w.players >= 4 and w.turn_no <= w.players
    if not warmup:  # L17 warm-up round: no Villain card on each player's first turn
        push(w, OpVillainCard())
    run(w)


def next_turn(w: Work) -> None:
    if w.result is Result.GOOD or w.deck_ran_out:
        finish(w)
        return
    w.current = (w.current + 1) % w.players
    w.turn_no += 1
    start_turn(w)


def finish(w: Work) -> None:
    """End of the game after a won or run-out turn (§6)."""
    if w.result is None:
        w.result = Result.DRAW
        w.emit(Ev.END, "The game ends in a draw.", result="draw")
    w.over = True
    scores = {w.who(s): w.vp(s) for s in range(w.players)}
    w.emit(Ev.END, "Scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()), scores=scores)
