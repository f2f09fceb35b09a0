"""Scheme effects that keep their own piles: the vote stack (L12) and tokens under the HQ
with their flush (L13). Dispatched from `effect_rules`."""

from __future__ import annotations

from rules.legendary import effects as fx
from rules.legendary.cards import HeroCard
from rules.legendary.codes import Ev
from rules.legendary.state import HQ, OpEffect, Option, PromptKind, Z
from rules.legendary.steps import again, choose_card, effects_op, gain_wound, push, seats_for
from rules.legendary.work import Work


def stack_hero(w: Work, op: OpEffect, e: fx.StackHero, choice: str | None) -> None:
    """One of your non-grey Heroes goes on the Scheme stack: a vote for its Hero Name, out
    of play (no VP, no Cyber-Mod count). Grey Heroes never vote (L12)."""
    seat = op.seat
    cands = [
        i
        for i in w.zone_cards(seat, e.zone)
        if isinstance(c := w.card(i), HeroCard) and not c.grey and w.matches(i, e.match)
    ]
    text = "Choose a Hero to stack as a vote"
    pick = choose_card(w, op, PromptKind.CHOOSE_CARD, seat, text, cands, choice, may=e.may)
    if pick is None:
        return
    src = w.where(pick)
    assert src is not None
    w.move(pick, src, Z.SCHEME_STACK)
    c = w.card(pick)
    assert isinstance(c, HeroCard)
    hero = w.pack.heroes[c.hero].name if c.hero in w.pack.heroes else c.name
    w.emit(Ev.STACK, f"{w.who(seat)} stacks {c.name}: a vote for {hero}", seat=seat, card=pick)
    if src.startswith("hq") and src[2:].isdigit():
        w.refill_hq(int(src[2:]))
    push(w, *effects_op(w, seat, op.source, e.then))


def stack_twist(w: Work) -> None:
    """The Twist being played (the last one put into the KO pile) goes on the Scheme
    stack: a vote for the Mastermind (L12)."""
    twist = next((i for i in reversed(w.z[Z.KO]) if w.card(i).kind is fx.CardKind.TWIST), None)
    if twist is None:
        return
    w.move(twist, Z.KO, Z.SCHEME_STACK)
    mm, _ = w.votes()
    w.emit(Ev.STACK, f"The Twist is a vote for the Mastermind ({mm} in all)", card=twist)


def _space_option(w: Work, i: int) -> Option:
    hero = w.z[Z.hq(i)]
    label = f"HQ space {i + 1}" + (f": {w.name(hero[0])}" if hero else " (empty)")
    return Option(id=hero[0] if hero else f"hq{i}", label=label)


def token_under_hq(w: Work, op: OpEffect, e: fx.TokenUnderHq, choice: str | None) -> None:
    """A token from the Scheme's supply goes under an HQ space with the fewest tokens; the
    current player chooses among those (L13)."""
    if not w.z[Z.TOKENS]:
        return
    if choice is not None:
        space = int(choice[2:]) if choice.startswith("hq") else w.hq_index(choice)
    else:
        fewest = min(len(w.z[Z.under(i)]) for i in range(HQ))
        spaces = [i for i in range(HQ) if len(w.z[Z.under(i)]) == fewest]
        if len(spaces) > 1:
            token = w.name(w.z[Z.TOKENS][0])
            opts = [_space_option(w, i) for i in spaces]
            w.ask(PromptKind.HQ_HERO, w.current, f"Choose the HQ space the {token} goes under",
                  opts, op)  # fmt: skip
            return
        space = spaces[0]
    assert space is not None
    token = w.z[Z.TOKENS][0]
    w.move(token, Z.TOKENS, Z.under(space))
    w.emit(Ev.MOVE, f"{w.name(token)} goes under HQ space {space + 1}", card=token, hq=space)
    again(w, op, e.n)


def flush_hq(w: Work, op: OpEffect) -> None:
    """KO every token under the HQ and the Hero above each (refill), then each player
    gains exactly one Wound (L13)."""
    spaces = [i for i in range(HQ) if w.z[Z.under(i)]]
    if not spaces:
        return
    for i in spaces:
        for t in list(w.z[Z.under(i)]):
            w.move(t, Z.under(i), Z.KO)
        for h in list(w.z[Z.hq(i)]):
            w.move(h, Z.hq(i), Z.KO)
            w.emit(Ev.KO, f"{w.name(h)} is KO'd from the HQ", card=h)
        w.refill_hq(i)
    w.emit(Ev.FLUSH, f"{w.who(op.seat)} flushes the HQ", seat=op.seat, spaces=spaces)
    for s in seats_for(w, op.seat, fx.Who.EACH):
        gain_wound(w, s)


def recruit_blocked(w: Work, slot: int) -> bool:
    """A Hero above a token can't be recruited when the Scheme's tokens say so (L13)."""
    tokens = w.scheme.tokens
    return tokens is not None and tokens.blocks_recruit and bool(w.z[Z.under(slot)])
