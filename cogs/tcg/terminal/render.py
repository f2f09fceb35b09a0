"""A duel as one seat sees it, in terminal text. Reads only a `DuelView` (the visibility
choke point, rules/tcg/view.py): nothing here can print what the seat may not see."""

from __future__ import annotations

from rules.core.text import count
from rules.tcg import actions as act
from rules.tcg.view import CardView, DuelView, SeatView, visible_names

PHASES = {
    "choose_first": "setup",
    "mulligan": "mulligans",
    "start": "start phase",
    "roll": "start phase: roll in a Gig",
    "main": "main phase",
    "end": "end phase",
    "over": "over",
}


def _card(c: CardView) -> str:
    cost = "–" if c.cost is None else f"{c.cost}€$"
    power = f", power {c.power}" if c.type in ("unit", "legend") else ""
    return f"{c.name} [{c.type}, {cost}{power}]"


def _seat(s: SeatView, you: bool) -> list[str]:
    who = "You" if you else s.name
    hand = "" if you else f"hand {s.hand_count if s.hand_count is not None else '?'}, "
    cred = "–" if s.street_cred is None else str(s.street_cred)
    gigs = ", ".join(d.label for d in s.gigs) or "none"
    eddies = f"Eddies {s.eddies_ready} ready / {s.eddies_spent} spent"
    known = f" (sold: {', '.join(s.eddies_known)})" if s.eddies_known else ""
    lines = [
        f"{who}: {hand}deck {s.deck_count}, {eddies}{known}",
        f"  Gigs ({len(s.gigs)}/7): {gigs}; Street Cred {cred}"
        + (f"; {count(s.value_pairs, 'value pair')}" if s.value_pairs else ""),
        f"  Fixer area: {' '.join(f'd{x}' for x in s.fixer) or 'empty'}",
    ]
    slots = []
    for sl in s.legends:
        if sl.empty:
            slots.append(f"{sl.slot + 1}: empty")
        elif sl.card is None:
            slots.append(f"{sl.slot + 1}: face-down" + (" (spent)" if sl.spent else ""))
        else:
            gear = f" +{', '.join(g.name for g in sl.gear)}" if sl.gear else ""
            slots.append(f"{sl.slot + 1}: {sl.card.name}{gear}" + (" (spent)" if sl.spent else ""))
    lines.append(f"  Legends: {'; '.join(slots)}")
    if you and s.legends_brought:
        lines.append(f"  (your Legends, unordered: {', '.join(s.legends_brought)})")
    if s.field:
        lines.append("  Field:")
        for u in s.field:
            tags = [t for t, on in (("spent", u.spent), ("lag", u.lag), ("solo", u.solo)) if on]
            gear = f" +{', '.join(g.name for g in u.gear)}" if u.gear else ""
            lines.append(
                f"    {u.card.name}{gear}, power {u.power}"
                + (f" ({', '.join(tags)})" if tags else "")
            )
    else:
        lines.append("  Field: empty")
    if s.trash:
        lines.append(f"  Trash: {len(s.trash)} (top: {s.trash[-1].name})")
    if s.removed:
        lines.append(f"  Removed: {', '.join(c.name for c in s.removed)}")
    return lines


def board(seen: DuelView) -> str:
    assert seen.viewer is not None
    me = seen.viewer
    mine, theirs = seen.seats[me], seen.seats[1 - me]
    whose = "your turn" if seen.active == me else f"{theirs.name}'s turn"
    head = f"== Turn {seen.turn}: {whose}, {PHASES.get(seen.phase.value, seen.phase.value)}"
    if seen.overtime:
        head += " — OVERTIME"
    out = [head, *_seat(theirs, False), *_seat(mine, True)]
    out.append("Your hand:" if mine.hand else "Your hand: empty")
    for c in mine.hand or ():
        out.append(f"  {_card(c)}")
    if seen.peeked:
        out.append(f"Peeked (top of your deck): {', '.join(c.name for c in seen.peeked)}")
    if seen.pending:
        out.append(f"Waiting to resolve: {'; '.join(seen.pending)}")
    return "\n".join(out)


def status(seen: DuelView) -> str:
    """One line between full boards: what your own moves changed."""
    assert seen.viewer is not None
    me = seen.seats[seen.viewer]
    rival = seen.seats[1 - seen.viewer]
    return (
        f"[Eddies {me.eddies_ready} ready, hand {len(me.hand or ())}, Gigs {len(me.gigs)}/7 "
        f"vs {len(rival.gigs)}/7; 'board' for the table]"
    )


def hand(seen: DuelView) -> str:
    assert seen.viewer is not None
    cards = seen.seats[seen.viewer].hand or ()
    if not cards:
        return "Your hand is empty."
    lines = ["Your hand:"]
    for c in cards:
        lines.append(f"  {_card(c)}")
        lines.extend(f"      {t}" for t in c.text.splitlines())
    return "\n".join(lines)


def label(a: act.Action, seen: DuelView) -> str:
    """A legal action in words, from what the viewer sees."""
    n = visible_names(seen)

    def name(inst: str | None) -> str:
        return n.get(inst or "", "a card")

    if isinstance(a, act.Choose):
        opts = seen.prompt.options if seen.prompt is not None else None
        for o in opts or ():
            if o.key == a.option:
                return f"choose: {n.get(o.label, o.label)}"
        return f"choose: {a.option}"
    if isinstance(a, act.Keep):
        return "keep this hand"
    if isinstance(a, act.Mulligan):
        return "mulligan (shuffle the hand back, draw a new one)"
    if isinstance(a, act.Roll):
        return f"roll in a d{a.die}"
    if isinstance(a, act.Sell):
        return f"sell {name(a.card)} for an Eddie"
    if isinstance(a, act.Call):
        return f"call the face-down Legend in slot {a.slot + 1} (1 €$)"
    if isinstance(a, act.Play):
        if a.target is not None:
            return f"play {name(a.card)} on {name(a.target)}"
        in_area = any(
            sl.card is not None and sl.card.inst == a.card for s in seen.seats for sl in s.legends
        )
        if in_area:
            return f"play {name(a.card)} to the field" + ("" if a.solo else " (not solo)")
        return f"play {name(a.card)}"
    if isinstance(a, act.Activate):
        return f"use {name(a.card)}" + (f" (ability {a.ability + 1})" if a.ability else "")
    if isinstance(a, act.Attack):
        where = "the Gig area" if a.target is None else name(a.target)
        return f"attack {where} with {name(a.unit)}"
    if isinstance(a, act.Block):
        return f"block with {name(a.unit)}"
    if isinstance(a, act.Pass):
        return "pass (no reaction)"
    if isinstance(a, act.End):
        return "end the turn"
    return "concede"
