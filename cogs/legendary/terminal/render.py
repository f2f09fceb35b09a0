"""What the terminal table prints: a seat's view (never anything else) and move labels."""

from __future__ import annotations

from rules.core.text import count
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
from rules.legendary.view import CardRef, GameView


def names(v: GameView) -> dict[str, CardRef]:
    """Instance id -> card, for every card this view shows."""
    refs: list[CardRef] = [c for c in v.hq if c is not None]
    for s in v.city:
        if s.villain is not None:
            refs.append(s.villain)
        refs += s.captured
    for p in v.players:
        refs += [*(p.hand or ()), *p.played, *p.discard, *p.victory]
    refs += [*v.played_this_turn, *v.escape, *v.ko, *v.revealed, *v.mastermind.captured]
    return {r.inst: r for r in refs}


def card_label(c: CardRef) -> str:
    marks = [k.replace("_", " ") for k in c.keywords]
    cost = f" ({c.cost})" if c.cost is not None else ""
    return c.name + cost + (f" [{', '.join(marks)}]" if marks else "")


def board(v: GameView, seat: int, *, full: bool = True) -> list[str]:
    """The table as `seat` sees it; `full=False`: only your pools, played cards and hand."""
    me = v.players[seat]
    mm = v.mastermind
    out = (
        []
        if not full
        else [
            f"Turn {v.turn_no}: "
            + ("your turn" if v.current == seat else f"{v.names[v.current]}'s turn")
            + f".  "
            f"Scheme: {v.scheme_name} (Twists {v.twists}).",
            f"Mastermind: {mm.name}, Attack {mm.attack}"
            + (f", Uru {mm.uru}" if mm.uru else "")
            + f", {count(mm.tactics_left, 'Tactic')} left"
            + (f", holding {count(len(mm.captured), 'Bystander')}" if mm.captured else ""),
        ]
    )
    city = []
    for s in v.city if full else ():
        if s.villain is None:
            city.append(f"{s.name}: -")
        else:
            extra = f" +{len(s.captured)} captured" if s.captured else ""
            uru = f" Uru {s.uru}" if s.uru else ""
            city.append(f"{s.name}: {s.villain.name} ({s.attack}{uru}){extra}")
    if full:
        out.append("City: " + " | ".join(city))
        hq = [card_label(c) if c is not None else "-" for c in v.hq]
        out.append("HQ: " + " | ".join(hq) + f" | Officer ({v.officer_cost}) x{v.officers}")
        out.append(
            f"Escaped {len(v.escape)}, KO'd {len(v.ko)}; Villain Deck {v.villain_deck}, "
            f"Hero Deck {v.hero_deck}, Wounds {v.wounds}, Bystanders {v.bystanders}"
        )
    for p in v.players:
        if full and p.seat != seat:
            out.append(
                f"{p.name}: {p.hand_count} cards in hand, deck {p.deck_count}, "
                f"discard {len(p.discard)}, {p.vp} VP"
            )
    if v.current == seat:
        out.append(f"Recruit {v.recruit}  Attack {v.attack}")
        # Played this turn, including cards moved since (Fated Future, Undercover).
        if v.played_this_turn:
            out.append("Played: " + ", ".join(c.name for c in v.played_this_turn))
    hand = me.hand or ()
    out.append("Your hand: " + (", ".join(card_label(c) for c in hand) or "(empty)"))
    out.append(
        f"You: deck {me.deck_count}, discard {len(me.discard)}, "
        f"Victory Pile {len(me.victory)} ({me.vp} VP)"
    )
    return out


def move_label(a: Action, v: GameView) -> str:
    known = names(v)

    def nm(inst: str) -> str:
        c = known.get(inst)
        return c.name if c is not None else inst

    if isinstance(a, Play):
        ff = {True: " (Fated Future: yes)", False: " (Fated Future: no)", None: ""}
        return f"play {nm(a.card)}{ff[a.fated_future]}"
    if isinstance(a, Recruit):
        if a.card == OFFICER:
            return f"recruit Officer ({v.officer_cost})"
        c = known.get(a.card)
        return f"recruit {nm(a.card)}" + (f" ({c.cost})" if c and c.cost is not None else "")
    if isinstance(a, Fight):
        if a.target == MASTERMIND:
            return f"fight {v.mastermind.name} ({v.mastermind.attack})"
        att = next((s.attack for s in v.city if s.villain and s.villain.inst == a.target), None)
        return f"fight {nm(a.target)}" + (f" ({att})" if att is not None else "")
    if isinstance(a, Heal):
        return "heal"
    if isinstance(a, Special):
        sp = next((s for s in v.special_actions if s.id == a.action), None)
        return f"special: {sp.name} - {sp.text}" if sp else f"special {a.action}"
    if isinstance(a, Choose):
        opts = v.prompt.options if v.prompt is not None and v.prompt.options else ()
        return next((o.label for o in opts if o.id == a.option), a.option)
    assert isinstance(a, EndTurn)
    return "end turn"
