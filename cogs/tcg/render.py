"""Cyberpunk TCG on Discord: what the board, the hand panel and the public lines say.

Everything here renders a `rules.tcg.view.DuelView` (the one visibility choke point):
the public board is the spectator's view (`seat=None`), a hand panel its owner's. No
function here reads a raw `Duel`, so nothing hidden can reach a message through it.
Every text is clipped to Discord's limits (cogs/common/text.py).
"""

from __future__ import annotations

import discord

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
from rules.tcg import actions as act
from rules.tcg.codes import Phase
from rules.tcg.view import DuelView, SeatView, SlotView, visible_names

COMMAND = "tcg"

PHASE_WORDS: dict[Phase, str] = {
    Phase.CHOOSE_FIRST: "setup: first or second",
    Phase.MULLIGAN: "setup: mulligans",
    Phase.START: "start phase",
    Phase.ROLL: "start phase: roll in a Gig",
    Phase.MAIN: "main phase",
    Phase.END: "end phase",
    Phase.OVER: "over",
}


def end_sentence(v: DuelView) -> str | None:
    """How the duel ended, in one sentence ("alice wins (7 Gigs)")."""
    if v.result is None:
        return None
    if v.winner is None:
        return "The duel is a draw."
    winner = v.seats[v.winner].name
    loser = v.seats[1 - v.winner].name
    if v.result == "concede":
        return f"{loser} concedes: {winner} wins."
    if "decked out" in v.result:
        return f"{winner} wins: {v.result}."
    return f"{winner} wins ({v.result})."


def waiting_line(v: DuelView, waiting: int | None) -> str:
    """Who the duel waits on: "alice's turn — main phase", "bob to react"."""
    done = end_sentence(v)
    if done is not None:
        return done
    active = v.seats[v.active].name
    phase = PHASE_WORDS.get(v.phase, str(v.phase))
    if v.phase in (Phase.CHOOSE_FIRST, Phase.MULLIGAN):
        who = v.seats[waiting].name if waiting is not None else "?"
        return f"{who} to decide ({phase})"
    line = f"{active}'s turn — {phase}"
    if v.attack is not None and v.attack.window and waiting is not None:
        line += f"; {v.seats[waiting].name} to react"
    elif v.prompt is not None and v.prompt.seat != v.active:
        line += f"; {v.seats[v.prompt.seat].name} to choose"
    return line


def _gigs(s: SeatView) -> str:
    if not s.gigs:
        return "no Gigs"
    dice = ", ".join(f"d{d.size}: {d.value}" for d in s.gigs)
    return f"{len(s.gigs)} Gigs — {dice}"


def _unit(u_name: str, power: int, spent: bool, lag: bool, gear: list[str]) -> str:
    state = "spent" if spent else "ready"
    extra = " · Lag" if lag else ""
    g = f" + {', '.join(gear)}" if gear else ""
    return f"{u_name} ({power}, {state}{extra}){g}"


def _slot(sl: SlotView) -> str:
    n = sl.slot + 1
    if sl.empty:
        return f"slot {n}: empty"
    if not sl.face_up or sl.card is None:
        return f"slot {n}: face-down"
    gear = f" + {', '.join(g.name for g in sl.gear)}" if sl.gear else ""
    return f"slot {n}: {sl.card.name} ({'spent' if sl.spent else 'ready'}){gear}"


def seat_text(s: SeatView) -> str:
    cred = "null" if s.street_cred is None else str(s.street_cred)
    fixer = " ".join(f"d{d}" for d in s.fixer) or "none"
    lines = [
        f"**Gigs**: {_gigs(s)}",
        f"**Street Cred**: {cred} · fixer dice left: {fixer}",
        f"**Eddies**: {s.eddies_ready} ready, {s.eddies_spent} spent",
        f"**Hand**: {s.hand_count if s.hand_count is not None else '?'} · "
        f"**Deck**: {s.deck_count} · **Trash**: "
        + (f"{len(s.trash)} (top: {s.trash[-1].name})" if s.trash else "0"),
        "**Legends**: " + "; ".join(_slot(sl) for sl in s.legends),
    ]
    units = [_unit(u.card.name, u.power, u.spent, u.lag, [g.name for g in u.gear]) for u in s.field]
    lines.append("**Field**: " + ("; ".join(units) if units else "empty"))
    return "\n".join(lines)


def board_embed(v: DuelView, waiting: int | None, title: str) -> discord.Embed:
    """The public board (or, with the viewer's view, the same board with their side)."""
    head = [f"**{waiting_line(v, waiting)}**"]
    head.append(f"Turn {v.turn}" + (" · **Overtime**" if v.overtime else ""))
    if v.attack is not None:
        a = v.attack
        attacker = _name_on_field(v, a.attacker)
        target = "the Gig area" if a.target is None else _name_on_field(v, a.target)
        head.append(f"Attack: {attacker} → {target}" + (" (window open)" if a.window else ""))
    if v.pending:
        head.append("Pending: " + "; ".join(v.pending))
    if v.prompt is not None and v.result is None:
        head.append(f"Prompt: {v.prompt.text}")
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        description=clip("\n".join(head), DESCRIPTION_MAX),
        colour=COLOR_BOARD,
    )
    for s in v.seats:
        embed.add_field(
            name=clip(s.name, FIELD_NAME_MAX),
            value=clip(seat_text(s), FIELD_VALUE_MAX),
            inline=False,
        )
    fit_embeds([embed])
    return embed


def _name_on_field(v: DuelView, inst: str) -> str:
    for s in v.seats:
        for u in s.field:
            if u.card.inst == inst:
                return u.card.name
        for sl in s.legends:
            if sl.card is not None and sl.card.inst == inst:
                return sl.card.name
    return "a card"


def action_label(a: act.Action, v: DuelView) -> str:
    """What a button or an autocomplete choice for `a` says to its own player."""
    names = visible_names(v)

    def n(inst: str | None) -> str:
        return names.get(inst or "", "a card")

    if isinstance(a, act.Choose):
        options = v.prompt.options if v.prompt is not None and v.prompt.options else ()
        for o in options:
            if o.key == a.option:
                return o.label
        return a.option
    if isinstance(a, act.Play):
        return (
            f"Play {n(a.card)}"
            + (f" on {n(a.target)}" if a.target else "")
            + (" (not solo)" if not a.solo else "")
        )
    if isinstance(a, act.Attack):
        return f"Attack with {n(a.unit)} → " + ("Gig area" if a.target is None else n(a.target))
    if isinstance(a, act.Block):
        return f"Block with {n(a.unit)}"
    if isinstance(a, act.Call):
        return f"Call slot {a.slot + 1} (1 €$)"
    if isinstance(a, act.Sell):
        return f"Sell {n(a.card)}"
    if isinstance(a, act.Activate):
        return f"Use {n(a.card)} (ability {a.ability + 1})"
    if isinstance(a, act.Roll):
        return f"Roll d{a.die}"
    if isinstance(a, act.Pass):
        return "Pass (no reaction)"
    if isinstance(a, act.End):
        return "End turn"
    if isinstance(a, act.Keep):
        return "Keep"
    if isinstance(a, act.Mulligan):
        return "Mulligan (draw 6)"
    if isinstance(a, act.Concede):
        return "Concede"
    return a.type


def hand_embed(v: DuelView, seat: int, notes: list[str]) -> discord.Embed:
    """A player's private panel: their hand, their Legends, what the duel waits on."""
    me = v.seats[seat]
    lines = list(notes)
    cards = me.hand or ()
    lines.append(f"**Your hand** ({len(cards)}):")
    for c in cards:
        cost = "–" if c.cost is None else str(c.cost)
        lines.append(f"• {c.name} — {c.type}, cost {cost}, power {c.power}")
    if me.legends_brought:
        lines.append("**Your Legends** (any order): " + ", ".join(me.legends_brought))
    if v.peeked:
        lines.append("**Seen on your deck**: " + ", ".join(c.name for c in v.peeked))
    if v.prompt is not None and v.prompt.seat == seat:
        lines.append(f"**Waiting on you**: {v.prompt.text}")
    embed = discord.Embed(
        title="Your hand", description=clip("\n".join(lines), DESCRIPTION_MAX), colour=COLOR_PRIVATE
    )
    return embed


def events_embed(lines: list[str]) -> discord.Embed:
    return discord.Embed(description=clip("\n".join(lines), DESCRIPTION_MAX), colour=COLOR_EVENTS)
