"""Cyberpunk TCG on Discord: what the board, the hand panel and the public lines say.

Everything here renders a `rules.tcg.view.DuelView` (the one visibility choke point):
the public board is the spectator's view (`seat=None`), a hand panel its owner's. No
function here reads a raw `Duel`, so nothing hidden can reach a message through it.
Every text is clipped to Discord's limits (cogs/common/text.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import N_, SOURCE, language, t, tn
from cogs.common.text import (
    COLOR_BOARD,
    COLOR_EVENTS,
    COLOR_PRIVATE,
    DESCRIPTION_MAX,
    FIELD_NAME_MAX,
    FIELD_VALUE_MAX,
    TITLE_MAX,
    clip,
    fit_embeds,
)
from cogs.tcg.words import result_words, say
from rules.tcg import actions as act
from rules.tcg.codes import Phase
from rules.tcg.view import DuelView, SeatView, SlotView, visible_names

COMMAND = "tcg"

PHASE_WORDS: dict[Phase, str] = {
    Phase.CHOOSE_FIRST: N_("setup: first or second"),
    Phase.MULLIGAN: N_("setup: mulligans"),
    Phase.START: N_("start phase"),
    Phase.ROLL: N_("start phase: roll in a Gig"),
    Phase.MAIN: N_("main phase"),
    Phase.END: N_("end phase"),
    Phase.OVER: N_("over"),
}

#: The card types of a view (`CardView.type`), as the hand panel names them.
TYPE_WORDS: dict[str, str] = {
    "unit": N_("unit"),
    "legend": N_("legend"),
    "gear": N_("gear"),
    "program": N_("program"),
}


def card_type(loc: str, kind: str) -> str:
    """A card type's word in the language (an unknown type as the engine names it)."""
    word = TYPE_WORDS.get(kind)
    return kind if word is None else t(loc, word)


def end_sentence(v: DuelView, loc: str = SOURCE) -> str | None:
    """How the duel ended, in one sentence ("alice wins (7 Gigs)")."""
    if v.result is None:
        return None
    if v.winner is None:
        return t(loc, "The duel is a draw.")
    winner = v.seats[v.winner].name
    loser = v.seats[1 - v.winner].name
    if v.result == "concede":
        return t(loc, "{loser} concedes: {winner} wins.", loser=loser, winner=winner)
    # The engine's reason is its own English ("7 Gigs", "bob decked out"): translated by
    # its shape where one is known (see `result_words`).
    reason = result_words(loc, v.result)
    if "decked out" in v.result:
        return t(loc, "{winner} wins: {reason}.", winner=winner, reason=reason)
    return t(loc, "{winner} wins ({reason}).", winner=winner, reason=reason)


def waiting_line(v: DuelView, waiting: int | None, loc: str = SOURCE) -> str:
    """Who the duel waits on: "alice's turn — main phase", "bob to react"."""
    done = end_sentence(v, loc)
    if done is not None:
        return done
    active = v.seats[v.active].name
    word = PHASE_WORDS.get(v.phase)
    phase = str(v.phase) if word is None else t(loc, word)
    if v.phase in (Phase.CHOOSE_FIRST, Phase.MULLIGAN):
        who = v.seats[waiting].name if waiting is not None else "?"
        return t(loc, "{who} to decide ({phase})", who=who, phase=phase)
    line = t(loc, "{who}'s turn — {phase}", who=active, phase=phase)
    if v.attack is not None and v.attack.window and waiting is not None:
        line += t(loc, "; {who} to react", who=v.seats[waiting].name)
    elif v.prompt is not None and v.prompt.seat != v.active:
        line += t(loc, "; {who} to choose", who=v.seats[v.prompt.seat].name)
    return line


def _gigs(s: SeatView, loc: str) -> str:
    if not s.gigs:
        return t(loc, "no Gigs")
    dice = ", ".join(f"d{d.size}: {d.value}" for d in s.gigs)
    return tn(loc, "{n} Gig — {dice}", "{n} Gigs — {dice}", len(s.gigs), dice=dice)


def _state(loc: str, spent: bool) -> str:
    return t(loc, "spent") if spent else t(loc, "ready")


def _unit(loc: str, u_name: str, power: int, spent: bool, lag: bool, gear: list[str]) -> str:
    extra = " · Lag" if lag else ""
    g = f" + {', '.join(gear)}" if gear else ""
    return f"{u_name} ({power}, {_state(loc, spent)}{extra}){g}"


def _slot(sl: SlotView, loc: str) -> str:
    n = sl.slot + 1
    if sl.empty:
        return t(loc, "slot {n}: empty", n=n)
    if not sl.face_up or sl.card is None:
        return t(loc, "slot {n}: face-down", n=n)
    gear = f" + {', '.join(g.name for g in sl.gear)}" if sl.gear else ""
    return (
        t(loc, "slot {n}: {card} ({state})", n=n, card=sl.card.name, state=_state(loc, sl.spent))
        + gear
    )


def seat_text(s: SeatView, loc: str = SOURCE) -> str:
    cred = t(loc, "null") if s.street_cred is None else str(s.street_cred)
    fixer = " ".join(f"d{d}" for d in s.fixer) or t(loc, "none")
    hand = "?" if s.hand_count is None else str(s.hand_count)
    trash = t(loc, "{n} (top: {card})", n=len(s.trash), card=s.trash[-1].name) if s.trash else "0"
    units = [
        _unit(loc, u.card.name, u.power, u.spent, u.lag, [g.name for g in u.gear]) for u in s.field
    ]
    lines = [
        t(loc, "**Gigs**: {gigs}", gigs=_gigs(s, loc)),
        t(loc, "**Street Cred**: {cred} · fixer dice left: {dice}", cred=cred, dice=fixer),
        t(
            loc,
            "**Eddies**: {ready} ready, {spent} spent",
            ready=s.eddies_ready,
            spent=s.eddies_spent,
        ),
        t(
            loc,
            "**Hand**: {hand} · **Deck**: {deck} · **Trash**: {trash}",
            hand=hand,
            deck=s.deck_count,
            trash=trash,
        ),
        t(loc, "**Legends**: {slots}", slots="; ".join(_slot(sl, loc) for sl in s.legends)),
        t(loc, "**Field**: {units}", units="; ".join(units) if units else t(loc, "empty")),
    ]
    return "\n".join(lines)


def board_embed(v: DuelView, waiting: int | None, title: str, loc: str = SOURCE) -> discord.Embed:
    """The public board (or, with the viewer's view, the same board with their side)."""
    head = [f"**{waiting_line(v, waiting, loc)}**"]
    turn = t(loc, "Turn {n}", n=v.turn)
    head.append(turn + (t(loc, " · **Overtime**") if v.overtime else ""))
    if v.attack is not None:
        a = v.attack
        attacker = _name_on_field(v, a.attacker, loc)
        target = t(loc, "the Gig area") if a.target is None else _name_on_field(v, a.target, loc)
        line = t(loc, "Attack: {attacker} → {target}", attacker=attacker, target=target)
        head.append(line + (t(loc, " (window open)") if a.window else ""))
    if v.pending:
        head.append(t(loc, "Pending: {what}", what="; ".join(v.pending)))
    if v.prompt is not None and v.result is None:
        head.append(t(loc, "Prompt: {text}", text=say(loc, v.prompt.text)))
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        description=clip("\n".join(head), DESCRIPTION_MAX),
        colour=COLOR_BOARD,
    )
    for s in v.seats:
        embed.add_field(
            name=clip(s.name, FIELD_NAME_MAX),
            value=clip(seat_text(s, loc), FIELD_VALUE_MAX),
            inline=False,
        )
    fit_embeds([embed])
    return embed


def _name_on_field(v: DuelView, inst: str, loc: str = SOURCE) -> str:
    for s in v.seats:
        for u in s.field:
            if u.card.inst == inst:
                return u.card.name
        for sl in s.legends:
            if sl.card is not None and sl.card.inst == inst:
                return sl.card.name
    return t(loc, "a card")


# What an action's label reads besides the language, by action type: the names of the
# cards it names (`visible_names`), and its own fields that change the words. Not the
# player, nor a card's instance: the same words for everyone who sees those names.
_NAMED: dict[type, tuple[str, ...]] = {
    act.Play: ("card", "target"),
    act.Attack: ("unit", "target"),
    act.Block: ("unit",),
    act.Sell: ("card",),
    act.Activate: ("card",),
}
_WORDS: dict[type, Callable[[Any], tuple[Any, ...]]] = {
    act.Play: lambda a: (bool(a.target), a.solo),
    act.Attack: lambda a: (a.target is None,),
    act.Call: lambda a: (a.slot,),
    act.Activate: lambda a: (a.ability,),
    act.Roll: lambda a: (a.die,),
}
# Labels already worked out, by that key: a panel and its payment prompt label the same
# kinds of action on the same cards version after version and duel after duel
# (docs/benchmarks.md, branch h-lat10). Bounded.
_LABELS: dict[tuple[Any, ...], str] = {}
_LABELS_MAX = 20_000


def action_label(a: act.Action, v: DuelView, loc: str = SOURCE) -> str:
    """What a button or an autocomplete choice for `a` says to its own player."""
    k = type(a)
    if k is act.Choose:
        return _action_label(a, v, loc)  # the prompt's words: not kept
    names = visible_names(v)
    words = _WORDS.get(k)
    key = (
        language(loc),
        k,
        *(words(a) if words is not None else ()),
        *[names.get(getattr(a, f) or "", "") for f in _NAMED.get(k, ())],
    )
    hit = _LABELS.get(key)
    if hit is not None:
        return hit
    text = _action_label(a, v, loc)
    if len(_LABELS) >= _LABELS_MAX:
        _LABELS.clear()
    _LABELS[key] = text
    return text


def _action_label(a: act.Action, v: DuelView, loc: str) -> str:
    names = visible_names(v)

    def n(inst: str | None) -> str:
        return names.get(inst or "", "") or t(loc, "a card")

    if isinstance(a, act.Choose):
        options = v.prompt.options if v.prompt is not None and v.prompt.options else ()
        for o in options:
            if o.key == a.option:
                return say(loc, o.label)
        return a.option
    if isinstance(a, act.Play):
        if a.target:
            text = t(loc, "Play {card} on {target}", card=n(a.card), target=n(a.target))
        else:
            text = t(loc, "Play {card}", card=n(a.card))
        return text + ("" if a.solo else t(loc, " (not solo)"))
    if isinstance(a, act.Attack):
        if a.target is None:
            return t(loc, "Attack with {unit} → Gig area", unit=n(a.unit))
        return t(loc, "Attack with {unit} → {target}", unit=n(a.unit), target=n(a.target))
    if isinstance(a, act.Block):
        return t(loc, "Block with {unit}", unit=n(a.unit))
    if isinstance(a, act.Call):
        return t(loc, "Call slot {n} (1 €$)", n=a.slot + 1)
    if isinstance(a, act.Sell):
        return t(loc, "Sell {card}", card=n(a.card))
    if isinstance(a, act.Activate):
        return t(loc, "Use {card} (ability {n})", card=n(a.card), n=a.ability + 1)
    if isinstance(a, act.Roll):
        return t(loc, "Roll d{die}", die=str(a.die))
    if isinstance(a, act.Pass):
        return t(loc, "Pass (no reaction)")
    if isinstance(a, act.End):
        return t(loc, "End turn")
    if isinstance(a, act.Keep):
        return t(loc, "Keep")
    if isinstance(a, act.Mulligan):
        return t(loc, "Mulligan (draw 6)")
    if isinstance(a, act.Concede):
        return t(loc, "Concede")
    return a.type


def hand_embed(v: DuelView, seat: int, notes: list[str], loc: str = SOURCE) -> discord.Embed:
    """A player's private panel: their hand, their Legends, what the duel waits on."""
    me = v.seats[seat]
    lines = list(notes)
    cards = me.hand or ()
    lines.append(t(loc, "**Your hand** ({n}):", n=len(cards)))
    for c in cards:
        cost = "–" if c.cost is None else str(c.cost)
        kind = card_type(loc, c.type)
        lines.append(
            t(
                loc,
                "• {card} — {type}, cost {cost}, power {power}",
                card=c.name,
                type=kind,
                cost=cost,
                power=c.power,
            )
        )
    if me.legends_brought:
        names = ", ".join(me.legends_brought)
        lines.append(t(loc, "**Your Legends** (any order): {names}", names=names))
    if v.peeked:
        names = ", ".join(c.name for c in v.peeked)
        lines.append(t(loc, "**Seen on your deck**: {names}", names=names))
    if v.prompt is not None and v.prompt.seat == seat:
        lines.append(t(loc, "**Waiting on you**: {text}", text=say(loc, v.prompt.text)))
    embed = discord.Embed(
        title=t(loc, "Your hand"),
        description=clip("\n".join(lines), DESCRIPTION_MAX),
        colour=COLOR_PRIVATE,
    )
    return embed


def events_embed(lines: list[str]) -> discord.Embed:
    return discord.Embed(description=clip("\n".join(lines), DESCRIPTION_MAX), colour=COLOR_EVENTS)
