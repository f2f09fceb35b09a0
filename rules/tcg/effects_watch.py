"""Watchers, replacements and steal modifiers: the effect kinds that hook into what the
rules do anyway (a defeat, a steal, a play) rather than resolving as a list.

- **Watchers** (`you_steal`, `you_adjust`, `friendly_defeated`, `you_play`) are triggers
  about a player: every live card of that player sees the happening. Like every trigger
  they wait in the pending pool (§11, T12). "The first time … each turn" counts the turn's
  happenings, before the watching card was live too (§10, D2).
- **Replacements and prevention** ("if it would be defeated, instead …", "prevent the next
  …"): checked as the defeat would happen; a replaced or prevented defeat doesn't happen at
  all, so no move and no DEFEATED trigger (§10). The `instead` effects resolve at once, in
  the middle of whatever was resolving (they are part of that event, not a new trigger).
- **Steal modifiers** (§8): more or fewer Gigs stolen, Gigs that can't be stolen, and who
  picks the stolen dice (D1).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rules.tcg import cards as cd
from rules.tcg.board import owner
from rules.tcg.cards import StaticKind, Subject, Trigger, Would
from rules.tcg.codes import EventKind
from rules.tcg.resolve import Resolver
from rules.tcg.state import evolve

_VERB = {
    Would.BE_DEFEATED: "be defeated",
    Would.RETURN_TO_HAND: "return to its owner's hand",
    Would.BE_TRASHED: "be trashed",
    Would.DRAW: "draw a card",
    Would.BE_STOLEN: "be stolen",
}


class Watchers(Resolver):
    # ---- watchers (§10) --------------------------------------------------------------------------

    def watch(self, seat: int, when: Trigger, subject: str = "") -> None:
        """`seat` did `when` (to `subject`, a card): each live card of theirs that watches
        for it triggers; the subject itself never watches its own happening."""
        self.note(seat, when, subject)
        if when not in self.watched:
            return
        for inst in self.live_cards(seat):
            if inst == subject:
                continue
            for tx in self.texts(inst):
                for tr in tx.triggers:
                    if tr.when is not when or not self.counts(tr, subject):
                        continue
                    if tr.first_each_turn and self.seen_before(seat, tr):
                        continue
                    self.queue(inst, tr)

    def seen_before(self, seat: int, tr: cd.Triggered) -> bool:
        """Whether `seat` had a happening this trigger counts earlier this turn (the
        current one is already noted, so "earlier" is a count above one)."""
        return self.happened(tr.when, lambda h: h.seat == seat and self.counts(tr, h.inst)) > 1

    def counts(self, tr: cd.Triggered, subject: str) -> bool:
        if not tr.filtered():
            return True
        return bool(subject) and tr.matches(self.card(subject))

    # ---- replacements and prevention (§10, D3, D4) -------------------------------------------

    def defeat_all(self, insts: Sequence[str]) -> None:
        doomed: list[str] = []
        moves: list[tuple[str, str, frozenset[str]]] = []
        for inst in insts:
            got = self.replaced(Would.BE_DEFEATED, owner(inst), inst) if self.unit(inst) else None
            if got is None:
                doomed.append(inst)
            elif got[0]:
                moves.append((inst, got[0], got[1]))
        super().defeat_all(doomed)
        for inst, zone, applied in moves:
            self.move_out(inst, zone, applied)
        for inst in doomed:
            self.watch(owner(inst), Trigger.FRIENDLY_DEFEATED, inst)

    def move_out(self, inst: str, zone: str, applied: frozenset[str] = frozenset()) -> None:
        """Put a card in play into `zone` ("hand", "deck_bottom", "trash") by an effect or a
        replacement, after the replacements of that move (D3: none that already applied to
        this event or to one it replaces)."""
        would = {"hand": Would.RETURN_TO_HAND, "trash": Would.BE_TRASHED}.get(zone)
        got = self.replaced(would, owner(inst), inst, applied) if would is not None else None
        if got is not None:
            if got[0]:
                self.move_out(inst, got[0], got[1])
            return
        where = {"hand": "its owner's hand", "trash": "the trash"}.get(zone, "the deck bottom")
        self.emit(EventKind.MOVE, f"{self.name(inst)} goes to {where}.")
        self.send(inst, "deck" if zone == "deck_bottom" else zone)

    def gear_zone(self, gear: str, zone: str) -> str:
        """Where a Gear goes when its host leaves for `zone`: a Gear about to be trashed may
        be replaced (would = be_trashed on the Gear's own text, or a friendly card's)."""
        if zone != "trash":
            return zone
        got = self.replaced(Would.BE_TRASHED, owner(gear), gear)
        if got is None or not got[0]:
            return zone
        return "deck" if got[0] == "deck_bottom" else got[0]

    def draw(self, seat: int, count: int, quiet: bool = False) -> None:
        """Each card drawn is one event: a replaced draw draws nothing (and so can't deck
        you out, D4). Opening hands and mulligans (`quiet`) are not replaced."""
        if quiet or Would.DRAW not in self.replaceable:
            super().draw(seat, count, quiet)
            return
        for _ in range(count):
            if self.replaced(Would.DRAW, seat) is None:
                super().draw(seat, 1)
            if seat in self.losers:
                return

    def replaced(
        self, would: Would, seat: int, subject: str = "", applied: frozenset[str] = frozenset()
    ) -> tuple[str, frozenset[str]] | None:
        """Replace or prevent `would` (of `seat`, about card `subject`), if something does:
        None when the event happens as usual; otherwise it is applied and the answer is
        (where the subject card goes instead, "" when it stays; the replacements now spent
        on this event). A prevention shield is used first, then `seat`'s live replacements,
        the subject's own text first (D3)."""
        if self.shielded(would, seat, subject):
            return "", applied
        if would not in self.replaceable:
            return None
        busy = applied | {k for fr in self.s.frames for k in fr.replaced_by}
        for src, host, rep, key in self.replacements(seat, subject):
            if rep.would is not would or key in busy or not self.covers(rep, host, subject):
                continue
            if rep.once_each_turn and key in self.s.used_once:
                continue
            if rep.sacrifice and src == subject:
                continue  # a card can't be trashed in place of itself
            if rep.once_each_turn:
                self.set(used_once=self.s.used_once + (key,))
            spent = busy | {key}
            by = "its own text" if src == subject else self.name(src)
            what = self.name(subject) if subject else self.label(seat)
            self.emit(
                EventKind.EFFECT,
                f"{what} would {_VERB[would]}; instead, {by} replaces it.",
            )
            if rep.sacrifice:
                self.sacrifice(src, spent)
            if rep.instead:
                this = subject if rep.card_event else host
                self.push_frame(seat, this, rep.instead, replaced_by=tuple(sorted(spent)))
            return rep.move_to or "", spent
        return None

    def covers(self, rep: cd.Replacement, host: str, subject: str) -> bool:
        if not rep.card_event:
            return True
        if rep.subject is Subject.THIS:
            return host == subject
        if rep.subject is Subject.OTHER_FRIENDLY_UNIT and host == subject:
            return False
        return self.unit(subject) is not None and rep.matches(self.card(subject))

    def shielded(self, would: Would, seat: int, subject: str) -> bool:
        """Use up one "prevent the next …" of this event, if there is one."""
        for n, m in enumerate(self.s.mods):
            if m.shield <= 0 or m.prevents is not would:
                continue
            if m.inst != subject or (not subject and m.seat != seat):
                continue
            mods = list(self.s.mods)
            if m.shield > 1:
                mods[n] = evolve(m, shield=m.shield - 1)
            else:
                del mods[n]
            self.set(mods=tuple(mods))
            what = self.name(subject) if subject else f"{self.label(seat)}'s Gig"
            self.emit(EventKind.EFFECT, f"{what} would {_VERB[would]}; it is prevented.")
            return True
        return False

    def replacements(
        self, seat: int, subject: str = ""
    ) -> Iterator[tuple[str, str, cd.Replacement, str]]:
        """(source, host, replacement, key) for `seat`'s live text: a card's own text has
        itself as source and host; a Gear's lower box has the Gear as source, its host as
        host (T7); a Gear's own text has the Gear as both. The subject's text comes first."""
        cards = self.live_cards(seat)
        if subject in cards:
            cards.remove(subject)
            cards.insert(0, subject)
        host_of = self.host_of(subject) if subject and subject not in cards else None
        if host_of is not None:  # a Gear: its own text first
            for i, rep in enumerate(self.card(subject).text.replacements):
                yield subject, subject, rep, f"{subject}:t{i}"
        for host in cards:
            for i, rep in enumerate(self.card(host).text.replacements):
                yield host, host, rep, f"{host}:{i}"
            for g in self.gear_on(host):
                card = self.card(g)
                low = card.lower
                for i, rep in enumerate(low.replacements if low is not None else ()):
                    yield g, host, rep, f"{g}:{i}"
                if g != subject:
                    for i, rep in enumerate(card.text.replacements):
                        yield g, g, rep, f"{g}:t{i}"

    def sacrifice(self, src: str, applied: frozenset[str] = frozenset()) -> None:
        """Trash the replacing card: a Gear comes off its host; a Unit or Legend leaves play
        (a Legend is removed, T21). Trashed is not defeated: no DEFEATED trigger; its own
        be_trashed replacements may still send it elsewhere."""
        host = self.host_of(src)
        if host is None:
            self.move_out(src, "trash", applied)
            return
        zone = "trash"
        got = self.replaced(Would.BE_TRASHED, owner(src), src, applied)
        if got is not None and got[0]:
            zone = "deck" if got[0] == "deck_bottom" else got[0]
        seat = owner(src)
        st = self.seat(seat)
        self.set_seat(
            seat,
            field=tuple(
                evolve(u, gear=tuple(g for g in u.gear if g != src)) if u.inst == host else u
                for u in st.field
            ),
            legends=tuple(
                evolve(sl, gear=tuple(g for g in sl.gear if g != src)) if sl.inst == host else sl
                for sl in st.legends
            ),
        )
        self.forget((src,))
        self.put(seat, (src,), zone)
        if zone == "trash":
            self.emit(EventKind.MOVE, f"{self.name(src)} is trashed instead.")

    # ---- steal modifiers (§8, D1) -------------------------------------------------------------

    def steal_picker(self, thief: int) -> int:
        """Who chooses the stolen dice: the thief, unless the victim has a card saying they
        choose (D1)."""
        victim = 1 - thief
        return victim if self.seat_has_static(victim, StaticKind.YOU_CHOOSE_STOLEN) else thief
