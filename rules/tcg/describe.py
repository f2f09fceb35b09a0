"""Card text written from card data, so what a card says is what it does.

A card's `rules_text` in a pack wins when given; otherwise `card_text` builds it from the
keywords, triggers, abilities, statics and effects.
"""

from __future__ import annotations

from rules.core.text import plural
from rules.tcg import cards as cd

_TARGET = {
    cd.Target.THIS: "this Unit",
    cd.Target.FRIENDLY_UNIT: "a friendly Unit",
    cd.Target.RIVAL_UNIT: "a rival Unit",
    cd.Target.ANY_UNIT: "a Unit",
    cd.Target.ALL_FRIENDLY_UNITS: "each friendly Unit",
    cd.Target.ALL_RIVAL_UNITS: "each rival Unit",
}
_UNTIL = {
    cd.Until.END_OF_TURN: " this turn",
    cd.Until.YOUR_NEXT_TURN: " until your next turn",
    cd.Until.PERMANENT: "",
}
_WHEN = {
    cd.Trigger.PLAY: "PLAY",
    cd.Trigger.CALL: "CALL",
    cd.Trigger.ATTACK: "ATTACK",
    cd.Trigger.DEFEATED: "DEFEATED",
    cd.Trigger.SPENT: "When this is spent",
    cd.Trigger.BLOCKS: "When this blocks",
    cd.Trigger.STEALS: "When this steals a Gig",
    cd.Trigger.START_OF_TURN: "At the start of your turn",
    cd.Trigger.END_OF_TURN: "At the end of your turn",
    cd.Trigger.YOU_STEAL: "When you steal a Gig",
    cd.Trigger.YOU_ADJUST: "When you adjust a Gig",
    cd.Trigger.FRIENDLY_DEFEATED: "When another friendly Unit is defeated",
    cd.Trigger.YOU_PLAY: "When you play another card",
}
_SUBJECT = {
    cd.Subject.THIS: "this Unit",
    cd.Subject.FRIENDLY_UNIT: "a friendly Unit",
    cd.Subject.OTHER_FRIENDLY_UNIT: "another friendly Unit",
    cd.Subject.YOU: "you",
}
_WOULD = {
    cd.Would.BE_DEFEATED: "would be defeated",
    cd.Would.RETURN_TO_HAND: "would be returned to a hand",
    cd.Would.BE_TRASHED: "would be trashed",
    cd.Would.DRAW: "would draw a card",
    cd.Would.BE_STOLEN: "would lose a Gig to a steal",
}
_MOVE = {"hand": "its owner's hand", "deck_bottom": "the bottom of its owner's deck"}
_GROUP = {
    cd.Affects.FRIENDLY_UNITS: "Your Units",
    cd.Affects.OTHER_FRIENDLY_UNITS: "Your other Units",
    cd.Affects.RIVAL_UNITS: "Rival Units",
    cd.Affects.ALL_UNITS: "Units",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _filtered(text: str, m: cd.Match | None) -> str:
    """ "a friendly Unit" -> "a friendly NETRUNNER Unit named Vex" """
    if m is None:
        return text
    if m.tag is not None:
        text = text.replace("Unit", f"{m.tag} Unit", 1).replace("card", f"{m.tag} card", 1)
    if m.named is not None:
        text = text.replace("Unit", f"Unit named {m.named}", 1).replace(
            "card", f"card named {m.named}", 1
        )
    return text


def _target(
    t: cd.Target, max_power: int | None = None, spent: bool = False, m: cd.Match | None = None
) -> str:
    text = _filtered(_TARGET[t], m)
    if spent:
        text = text.replace("Unit", "spent Unit")
    if max_power is not None:
        text += f" with {max_power} or less power"
    return text


def effect_text(e: cd.Effect) -> str:
    if isinstance(e, cd.Draw):
        n = plural(e.count, "a card", f"{e.count} cards")
        who = {"self": "Draw", "rival": "Your rival draws", "each": "Each player draws"}[e.who]
        return f"{who} {n}."
    if isinstance(e, cd.Power):
        return f"{_cap(_target(e.target, e.max_power, m=e))} gets {e.amount:+d} power" + (
            f"{_UNTIL[e.until]}."
        )
    if isinstance(e, cd.Defeat):
        return f"Defeat {_target(e.target, e.max_power, e.spent_only, e)}."
    if isinstance(e, cd.Ready):
        return f"Ready {_target(e.target, m=e)}."
    if isinstance(e, cd.Spend):
        rider = " It doesn't ready during its controller's next turn." if e.no_ready_next else ""
        return f"Spend {_target(e.target, m=e)}.{rider}"
    if isinstance(e, cd.CantAttack):
        return f"{_cap(_target(e.target, m=e))} can't attack{_UNTIL[e.until]}."
    if isinstance(e, cd.ToHand):
        return f"Return {_target(e.target, e.max_power, m=e)} to its owner's hand."
    if isinstance(e, cd.ToDeckBottom):
        return f"Put {_target(e.target, e.max_power, m=e)} at the bottom of its owner's deck."
    if isinstance(e, cd.PreventDefeat):
        times = plural(e.count, "time", f"{e.count} times")
        return (
            f"Prevent the next {times} {_target(e.target, m=e)} would be defeated{_UNTIL[e.until]}."
        )
    if isinstance(e, cd.PreventSteal):
        gigs = plural(e.count, "Gig", f"{e.count} Gigs")
        return f"Prevent the next {gigs} that would be stolen from you{_UNTIL[e.until]}."
    if isinstance(e, cd.StealBonus):
        more = "more" if e.amount > 0 else "fewer"
        gigs = plural(abs(e.amount), "Gig", "Gigs")
        return (
            f"{_cap(_target(e.target, m=e))} steals {abs(e.amount)} {more} {gigs}{_UNTIL[e.until]}."
        )
    if isinstance(e, cd.ChooseOne):
        modes = " ".join(f"• {m.label or _effects(m.effects)}" for m in e.modes)
        return f"Choose one — {modes}"
    if isinstance(e, cd.StealGig):
        return plural(e.count, "Steal a rival Gig.", f"Steal up to {e.count} rival Gigs.")
    if isinstance(e, cd.SwapGig):
        return "Swap one of your Gigs with a rival Gig."
    if isinstance(e, cd.AdjustGig):
        verb = "Raise" if e.direction == "up" else "Lower"
        whose = "a friendly Gig" if e.friendly else "a Gig"
        return f"{verb} {whose} by up to {e.amount}."
    if isinstance(e, cd.SetGig):
        whose = "a friendly Gig" if e.friendly else "a Gig"
        return f"Make {whose} a {e.to} Gig."
    if isinstance(e, cd.ReadyEddies):
        return f"Ready up to {e.count} of your Eddies."
    if isinstance(e, cd.SellTop):
        return "Sell the top card of your deck without looking at it."
    if isinstance(e, cd.CallLegend):
        return "Call a Legend for free."
    if isinstance(e, cd.Peek):
        top = plural(e.count, "the top card", f"the top {e.count} cards")
        return f"Look at {top} of your deck."
    if isinstance(e, cd.WinIf):
        return f"If your Street Cred is {e.street_cred_at_least} or more, you win the duel."
    return f"[{e.name}]"


def _effects(effects: tuple[cd.Effect, ...] | tuple[cd._PlainEffect, ...]) -> str:
    return " ".join(effect_text(e) for e in effects)


def _static(s: cd.Static) -> str:
    own = _own_static(s)
    if not s.grouped:
        return own
    group = _GROUP[s.affects]
    if s.tag is not None:
        group = group.replace("Units", f"{s.tag} Units")
    if s.named is not None:
        group += f" named {s.named}"
    return (
        own.replace("This Unit", group, 1)
        .replace(" gets ", " get ", 1)
        .replace(" steals ", " steal ", 1)
    )


def _own_static(s: cd.Static) -> str:
    k = s.kind
    if k is cd.StaticKind.CANT_BE_BLOCKED:
        return "This Unit can't be blocked."
    if k is cd.StaticKind.CANT_ATTACK:
        return "This Unit can't attack."
    if k is cd.StaticKind.MUST_ATTACK:
        return "This Unit must attack each turn if able."
    if k is cd.StaticKind.RIVALS_FRESH_CANT_ATTACK:
        return "Rival Units can't attack on the turn they are played."
    if k is cd.StaticKind.COST_REDUCTION:
        what = f"{_cap(s.card_type.value)}s" if s.card_type else "abilities"
        return f"Your {what} cost {s.amount} less."
    if k is cd.StaticKind.STEAL_BONUS:
        more = "more" if s.amount > 0 else "fewer"
        gigs = plural(abs(s.amount), "Gig", "Gigs")
        return f"This Unit steals {abs(s.amount)} {more} {gigs}."
    if k is cd.StaticKind.PROTECT_GIGS:
        which = "your Gigs" if s.die_size is None else f"your d{s.die_size}"
        return f"Rivals can't steal {which}."
    if k is cd.StaticKind.YOU_CHOOSE_STOLEN:
        return "When a rival steals your Gigs, you choose which."
    cond = {
        "always": "",
        "cred_even": " while your Street Cred is even",
        "cred_odd": " while your Street Cred is odd",
    }[s.condition]
    return f"This Unit gets {s.amount:+d} power{cond}."


def _replacement(r: cd.Replacement) -> str:
    subj = _filtered(_SUBJECT[r.subject], r)
    if r.would is cd.Would.BE_STOLEN:
        head = "one of your Gigs would be stolen"
    else:
        head = f"{subj} {_WOULD[r.would]}"
    head = f"{'Once each turn, if' if r.once_each_turn else 'If'} {head}"
    then = _effects(r.instead)
    if r.card_event and r.subject is not cd.Subject.THIS:  # `this` is the subject card
        then = then.replace("this Unit", "that Unit")
    parts = []
    if r.sacrifice:
        parts.append("trash this card")
    if r.move_to is not None:
        parts.append(f"put it into {_MOVE.get(r.move_to, 'the trash')}")
    if parts:
        return f"{head}, {' and '.join(parts)} instead." + (f" Then: {then}" if then else "")
    return f"{head}, instead: {then}"


def text_lines(t: cd.Text) -> list[str]:
    out: list[str] = []
    if t.keywords:
        out.append(", ".join(k.value.replace("_", " ").upper() for k in t.keywords) + ".")
    out += [_static(s) for s in t.statics]
    for tr in t.triggers:
        cond = f" If this has {tr.min_power} or more power:" if tr.min_power is not None else ""
        may = " You may:" if tr.may else ""
        when = _filtered(_WHEN[tr.when], tr)
        if tr.first_each_turn and when.startswith("When"):
            when = when.replace("When", "The first time", 1) + " each turn"
        elif tr.first_each_turn:
            when += " (the first time each turn)"
        out.append(f"{when}:{cond}{may} {_effects(tr.effects)}")
    out += [_replacement(r) for r in t.replacements]
    for ab in t.abilities:
        cost = " ".join(
            x for x in ((f"{ab.cost} €$" if ab.cost else ""), ("⊡" if ab.spend else "")) if x
        )
        quick = "QUICK " if ab.quick else ""
        out.append(f"{quick}{cost or 'Free'}: {ab.text or _effects(ab.effects)}")
    return out


def card_text(card: cd.Card) -> str:
    if card.rules_text:
        return card.rules_text
    lines = text_lines(card.text)
    if card.type is cd.CardType.GEAR:  # a Gear's own text is about the Gear
        lines = [x.replace("this Unit", "this Gear") for x in lines]
    if card.effects:
        lines.append(_effects(card.effects))
    if card.lower is not None:
        lower = text_lines(card.lower)
        if lower:
            lines.append("Equipped Unit: " + " ".join(lower))
    return "\n".join(lines)
