"""A duel as one seat sees it, in terminal text. Reads only a `DuelView` (the visibility
choke point, rules/tcg/view.py): nothing here can print what the seat may not see.

Every text is in the terminal's language (`loc`, from `LANG`): the words the Discord
board already has come from cogs/tcg/render.py (phases, card types), the engine's texts
through the TCG phrasebook (`cogs.tcg.words.say`), and the caller passes a view whose card
names are the pack's translations (`cogs.tcg.localize.localize_view`)."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t, tcount
from cogs.tcg.render import PHASE_WORDS, card_type
from rules.tcg import actions as act
from rules.tcg.codes import Phase
from rules.tcg.view import CardView, DuelView, SeatView, visible_names


def phase_word(phase: Phase, loc: str = SOURCE) -> str:
    word = PHASE_WORDS.get(phase)
    return str(phase.value) if word is None else t(loc, word)


def _card(c: CardView, loc: str) -> str:
    cost = "–" if c.cost is None else f"{c.cost}€$"
    kind = card_type(loc, c.type)
    if c.type in ("unit", "legend"):
        return t(loc, "{card} [{type}, {cost}, power {power}]", card=c.name, type=kind,
                 cost=cost, power=c.power)  # fmt: skip
    return t(loc, "{card} [{type}, {cost}]", card=c.name, type=kind, cost=cost)


def _spent(loc: str, text: str, spent: bool) -> str:
    return t(loc, "{what} (spent)", what=text) if spent else text


def _seat(s: SeatView, you: bool, loc: str) -> list[str]:
    who = t(loc, "You") if you else s.name
    deck = s.deck_count
    ready, spent = s.eddies_ready, s.eddies_spent
    if you:
        line = t(loc, "{who}: deck {deck}, Eddies {ready} ready / {spent} spent", who=who,
                 deck=deck, ready=ready, spent=spent)  # fmt: skip
    else:
        hand = "?" if s.hand_count is None else str(s.hand_count)
        line = t(loc, "{who}: hand {hand}, deck {deck}, Eddies {ready} ready / {spent} spent",
                 who=who, hand=hand, deck=deck, ready=ready, spent=spent)  # fmt: skip
    if s.eddies_known:
        line += t(loc, " (sold: {cards})", cards=", ".join(s.eddies_known))
    cred = "–" if s.street_cred is None else str(s.street_cred)
    gigs = ", ".join(d.label for d in s.gigs) or t(loc, "none")
    gig_line = t(loc, "  Gigs ({n}/7): {gigs}; Street Cred {cred}", n=len(s.gigs), gigs=gigs,
                 cred=cred)  # fmt: skip
    if s.value_pairs:
        pairs = tcount(loc, s.value_pairs, "value pair")
        gig_line += f"; {pairs}"
    fixer = " ".join(f"d{x}" for x in s.fixer) or t(loc, "empty")
    lines = [line, gig_line, t(loc, "  Fixer area: {dice}", dice=fixer)]
    slots = []
    for sl in s.legends:
        n = sl.slot + 1
        if sl.empty:
            slots.append(t(loc, "{n}: empty", n=n))
        elif sl.card is None:
            slots.append(_spent(loc, t(loc, "{n}: face-down", n=n), sl.spent))
        else:
            gear = f" +{', '.join(g.name for g in sl.gear)}" if sl.gear else ""
            slots.append(_spent(loc, f"{n}: {sl.card.name}{gear}", sl.spent))
    lines.append(t(loc, "  Legends: {slots}", slots="; ".join(slots)))
    if you and s.legends_brought:
        lines.append(
            t(loc, "  (your Legends, unordered: {names})", names=", ".join(s.legends_brought))
        )
    if s.field:
        lines.append(t(loc, "  Field:"))
        for u in s.field:
            tags = [w for w, on in (("spent", u.spent), ("lag", u.lag), ("solo", u.solo)) if on]
            gear = f" +{', '.join(g.name for g in u.gear)}" if u.gear else ""
            card = u.card.name + gear
            unit = t(loc, "    {card}, power {power}", card=card, power=u.power)
            words = [t(loc, _TAGS[w]) for w in tags]
            lines.append(unit + (f" ({', '.join(words)})" if words else ""))
    else:
        lines.append(t(loc, "  Field: empty"))
    if s.trash:
        lines.append(t(loc, "  Trash: {n} (top: {card})", n=len(s.trash), card=s.trash[-1].name))
    if s.removed:
        lines.append(t(loc, "  Removed: {cards}", cards=", ".join(c.name for c in s.removed)))
    return lines


# A unit's marks on the field (the Discord board's "spent" is the same word).
_TAGS = {"spent": N_("spent"), "lag": N_("Lag"), "solo": N_("solo")}


def where(seen: DuelView, loc: str = SOURCE, *, head: bool = False) -> str:
    """ "turn 3, your turn, main phase" (`head`: the board's first line, "== Turn 3: …");
    whole sentences, so that each language words whose turn it is its own way."""
    phase, who = phase_word(seen.phase, loc), seen.seats[seen.active].name
    if seen.active == seen.viewer:
        if head:
            return t(loc, "== Turn {n}: your turn, {phase}", n=seen.turn, phase=phase)
        return t(loc, "turn {n}, your turn, {phase}", n=seen.turn, phase=phase)
    if head:
        return t(loc, "== Turn {n}: {who}'s turn, {phase}", n=seen.turn, who=who, phase=phase)
    return t(loc, "turn {n}, {who}'s turn, {phase}", n=seen.turn, who=who, phase=phase)


def board(seen: DuelView, loc: str = SOURCE) -> str:
    assert seen.viewer is not None
    me = seen.viewer
    mine, theirs = seen.seats[me], seen.seats[1 - me]
    head = where(seen, loc, head=True)
    if seen.overtime:
        head += t(loc, " — OVERTIME")
    out = [head, *_seat(theirs, False, loc), *_seat(mine, True, loc)]
    out.append(t(loc, "Your hand:") if mine.hand else t(loc, "Your hand: empty"))
    for c in mine.hand or ():
        out.append(f"  {_card(c, loc)}")
    if seen.peeked:
        names = ", ".join(c.name for c in seen.peeked)
        out.append(t(loc, "Peeked (top of your deck): {cards}", cards=names))
    if seen.pending:
        out.append(t(loc, "Waiting to resolve: {what}", what="; ".join(seen.pending)))
    return "\n".join(out)


def status(seen: DuelView, loc: str = SOURCE) -> str:
    """One line between full boards: what your own moves changed."""
    assert seen.viewer is not None
    me = seen.seats[seen.viewer]
    rival = seen.seats[1 - seen.viewer]
    return t(loc, "[Eddies {ready} ready, hand {hand}, Gigs {gigs}/7 vs {theirs}/7; 'board' "
             "for the table]", ready=me.eddies_ready, hand=len(me.hand or ()),
             gigs=len(me.gigs), theirs=len(rival.gigs))  # fmt: skip


def hand(seen: DuelView, loc: str = SOURCE, texts: dict[str, str] | None = None) -> str:
    """Your hand with each card's text (`texts`: card id → its text in the language;
    without it, the view's printed text)."""
    assert seen.viewer is not None
    cards = seen.seats[seen.viewer].hand or ()
    if not cards:
        return t(loc, "Your hand is empty.")
    lines = [t(loc, "Your hand:")]
    for c in cards:
        lines.append(f"  {_card(c, loc)}")
        text = c.text if texts is None else texts.get(c.id, c.text)
        lines.extend(f"      {x}" for x in text.splitlines())
    return "\n".join(lines)


def label(a: act.Action, seen: DuelView, loc: str = SOURCE) -> str:
    """A legal action in words, from what the viewer sees."""
    n = visible_names(seen)

    def name(inst: str | None) -> str:
        return n.get(inst or "", "") or t(loc, "a card")

    if isinstance(a, act.Choose):
        opts = seen.prompt.options if seen.prompt is not None else None
        for o in opts or ():
            if o.key == a.option:
                return t(loc, "choose: {option}", option=n.get(o.label, o.label))
        return t(loc, "choose: {option}", option=a.option)
    if isinstance(a, act.Keep):
        return t(loc, "keep this hand")
    if isinstance(a, act.Mulligan):
        return t(loc, "mulligan (shuffle the hand back, draw a new one)")
    if isinstance(a, act.Roll):
        return t(loc, "roll in a d{die}", die=str(a.die))
    if isinstance(a, act.Sell):
        return t(loc, "sell {card} for an Eddie", card=name(a.card))
    if isinstance(a, act.Call):
        return t(loc, "call the face-down Legend in slot {n} (1 €$)", n=a.slot + 1)
    if isinstance(a, act.Play):
        if a.target is not None:
            return t(loc, "play {card} on {target}", card=name(a.card), target=name(a.target))
        in_area = any(
            sl.card is not None and sl.card.inst == a.card for s in seen.seats for sl in s.legends
        )
        if in_area:
            if a.solo:
                return t(loc, "play {card} to the field", card=name(a.card))
            return t(loc, "play {card} to the field (not solo)", card=name(a.card))
        return t(loc, "play {card}", card=name(a.card))
    if isinstance(a, act.Activate):
        if a.ability:
            return t(loc, "use {card} (ability {n})", card=name(a.card), n=a.ability + 1)
        return t(loc, "use {card}", card=name(a.card))
    if isinstance(a, act.Attack):
        if a.target is None:
            return t(loc, "attack the Gig area with {unit}", unit=name(a.unit))
        return t(loc, "attack {target} with {unit}", target=name(a.target), unit=name(a.unit))
    if isinstance(a, act.Block):
        return t(loc, "block with {unit}", unit=name(a.unit))
    if isinstance(a, act.Pass):
        return t(loc, "pass (no reaction)")
    if isinstance(a, act.End):
        return t(loc, "end the turn")
    return t(loc, "concede")
