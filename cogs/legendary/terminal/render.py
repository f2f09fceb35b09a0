"""What the terminal table prints: a seat's view (never anything else) and move labels,
in the terminal's language (`loc`): card names are the pack's translations as on the
Discord board (`cogs.legendary.render.name`), the city's spaces and the engine's option
labels the Discord front end's words (cogs/legendary/words.py)."""

from __future__ import annotations

from bot.i18n import SOURCE, t, tcount
from cogs.legendary.localize import line
from cogs.legendary.localize import names as names_for
from cogs.legendary.render import keyword_name
from cogs.legendary.render import name as card_name
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
from rules.legendary.cards import Pack
from rules.legendary.view import CardRef, GameView, SpecialView


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


def card_label(c: CardRef, loc: str = SOURCE, pack: Pack | None = None) -> str:
    marks = [keyword_name(loc, k) for k in c.keywords]
    cost = f" ({c.cost})" if c.cost is not None else ""
    return card_name(c, pack, loc) + cost + (f" [{', '.join(marks)}]" if marks else "")


def board(
    v: GameView, seat: int, *, full: bool = True, loc: str = SOURCE, pack: Pack | None = None
) -> list[str]:
    """The table as `seat` sees it; `full=False`: only your pools, played cards and hand."""
    me = v.players[seat]
    mm = v.mastermind
    out: list[str] = []
    if full:
        # Whole sentences: each language words whose turn it is its own way.
        scheme = {"n": v.turn_no, "scheme": v.scheme_name, "twists": v.twists}
        if v.current == seat:
            out.append(t(loc, "Turn {n}: your turn.  Scheme: {scheme} (Twists {twists}).",
                         **scheme))  # fmt: skip
        else:
            out.append(t(loc, "Turn {n}: {who}'s turn.  Scheme: {scheme} (Twists {twists}).",
                         who=v.names[v.current], **scheme))  # fmt: skip
        line = t(loc, "Mastermind: {name}, Attack {n}", name=mm.name, n=mm.attack)
        if mm.uru:
            line += f", Uru {mm.uru}"
        line += t(loc, ", {tactics} left", tactics=tcount(loc, mm.tactics_left, "Tactic"))
        if mm.captured:
            line += t(loc, ", holding {cards}", cards=tcount(loc, len(mm.captured), "Bystander"))
        out.append(line)
        city = []
        for s in v.city:
            space = t(loc, s.name)
            if s.villain is None:
                city.append(f"{space}: -")
                continue
            extra = t(loc, " +{n} captured", n=len(s.captured)) if s.captured else ""
            uru = f" Uru {s.uru}" if s.uru else ""
            city.append(f"{space}: {card_name(s.villain, pack, loc)} ({s.attack}{uru}){extra}")
        out.append(t(loc, "City: {spaces}", spaces=" | ".join(city)))
        hq = [card_label(c, loc, pack) if c is not None else "-" for c in v.hq]
        officer = t(loc, "Officer ({cost}) x{n}", cost=v.officer_cost, n=v.officers)
        out.append(t(loc, "HQ: {cards}", cards=" | ".join([*hq, officer])))
        out.append(
            t(
                loc,
                "Escaped {escaped}, KO'd {ko}; Villain Deck {villains}, Hero Deck {heroes}, "
                "Wounds {wounds}, Bystanders {bystanders}",
                escaped=len(v.escape),
                ko=len(v.ko),
                villains=v.villain_deck,
                heroes=v.hero_deck,
                wounds=v.wounds,
                bystanders=v.bystanders,
            )  # fmt: skip
        )
        for p in v.players:
            if p.seat != seat:
                out.append(
                    t(
                        loc,
                        "{who}: {cards} in hand, deck {deck}, discard {discard}, {vp} VP",
                        who=p.name,
                        cards=tcount(loc, p.hand_count, "card"),
                        deck=p.deck_count,
                        discard=len(p.discard),
                        vp=p.vp,
                    )  # fmt: skip
                )
    if v.current == seat:
        out.append(t(loc, "Recruit {recruit}  Attack {attack}", recruit=v.recruit,
                     attack=v.attack))  # fmt: skip
        # Played this turn, including cards moved since (Fated Future, Undercover).
        if v.played_this_turn:
            played = ", ".join(card_name(c, pack, loc) for c in v.played_this_turn)
            out.append(t(loc, "Played: {cards}", cards=played))
    hand = ", ".join(card_label(c, loc, pack) for c in me.hand or ()) or t(loc, "(empty)")
    out.append(t(loc, "Your hand: {cards}", cards=hand))
    out.append(
        t(
            loc,
            "You: deck {deck}, discard {discard}, Victory Pile {victory} ({vp} VP)",
            deck=me.deck_count,
            discard=len(me.discard),
            victory=len(me.victory),
            vp=me.vp,
        )  # fmt: skip
    )
    return out


def move_label(a: Action, v: GameView, loc: str = SOURCE, pack: Pack | None = None) -> str:
    known = names(v)

    def nm(inst: str) -> str:
        c = known.get(inst)
        return card_name(c, pack, loc) if c is not None else inst

    if isinstance(a, Play):
        if a.fated_future is True:
            return t(loc, "play {card} (Fated Future: yes)", card=nm(a.card))
        if a.fated_future is False:
            return t(loc, "play {card} (Fated Future: no)", card=nm(a.card))
        return t(loc, "play {card}", card=nm(a.card))
    if isinstance(a, Recruit):
        if a.card == OFFICER:
            return t(loc, "recruit Officer ({cost})", cost=v.officer_cost)
        c = known.get(a.card)
        if c and c.cost is not None:
            return t(loc, "recruit {card} ({cost})", card=nm(a.card), cost=c.cost)
        return t(loc, "recruit {card}", card=nm(a.card))
    if isinstance(a, Fight):
        if a.target == MASTERMIND:
            return t(loc, "fight {card} ({attack})", card=v.mastermind.name,
                     attack=v.mastermind.attack)  # fmt: skip
        att = next((s.attack for s in v.city if s.villain and s.villain.inst == a.target), None)
        if att is not None:
            return t(loc, "fight {card} ({attack})", card=nm(a.target), attack=att)
        return t(loc, "fight {card}", card=nm(a.target))
    if isinstance(a, Heal):
        return t(loc, "heal")
    if isinstance(a, Special):
        sp = next((s for s in v.special_actions if s.id == a.action), None)
        if sp is None:
            return t(loc, "special {action}", action=a.action)
        name = names_for(pack, loc).replace(sp.name)
        return t(loc, "special: {name} - {text}", name=name, text=special_text(v, sp, loc, pack))
    if isinstance(a, Choose):
        opts = v.prompt.options if v.prompt is not None and v.prompt.options else ()
        return next((line(pack, loc, o.label) for o in opts if o.id == a.option), a.option)
    assert isinstance(a, EndTurn)
    return t(loc, "end turn")


def special_text(v: GameView, sp: SpecialView, loc: str, pack: Pack | None) -> str:
    """A special action's text as the pack's translation words it (the Scheme's or the
    Mastermind's), else as printed."""
    if pack is None or loc == SOURCE:
        return sp.text
    for path in (
        f"schemes.{v.scheme}.actions.{sp.id}.text",
        f"masterminds.{v.mastermind.id}.actions.{sp.id}.text",
    ):
        try:
            return pack.translated(path, loc)
        except KeyError:
            continue
    return sp.text
