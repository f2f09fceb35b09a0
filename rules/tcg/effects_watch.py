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
from rules.tcg.cards import StaticKind, Subject, Trigger
from rules.tcg.codes import EventKind
from rules.tcg.resolve import Resolver
from rules.tcg.state import evolve


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

    # ---- replacements and prevention (§10) -----------------------------------------------------

    def defeat_all(self, insts: Sequence[str]) -> None:
        doomed = [i for i in insts if not self.saved(i)]
        super().defeat_all(doomed)
        for inst in doomed:
            self.watch(owner(inst), Trigger.FRIENDLY_DEFEATED, inst)

    def saved(self, inst: str) -> bool:
        """Whether a prevention or a replacement stops `inst`'s defeat (and applies it)."""
        for n, m in enumerate(self.s.mods):
            if m.inst == inst and m.shield > 0:
                mods = list(self.s.mods)
                if m.shield > 1:
                    mods[n] = evolve(m, shield=m.shield - 1)
                else:
                    del mods[n]
                self.set(mods=tuple(mods))
                self.emit(EventKind.EFFECT, f"{self.name(inst)}'s defeat is prevented.")
                return True
        if self.unit(inst) is None:
            return False  # only Units on the field are defeated
        for src, host, rep, key in self.replacements(owner(inst)):
            if rep.subject is Subject.THIS and host != inst:
                continue
            if rep.subject is Subject.OTHER_FRIENDLY_UNIT and host == inst:
                continue
            if not rep.matches(self.card(inst)):
                continue
            if rep.once_each_turn and key in self.s.used_once:
                continue
            if rep.sacrifice and src == inst:
                continue  # a card can't be trashed in place of itself
            if rep.once_each_turn:
                self.set(used_once=self.s.used_once + (key,))
            by = "its own text" if src == inst else self.name(src)
            self.emit(
                EventKind.EFFECT,
                f"{self.name(inst)} would be defeated; instead, {by} replaces the defeat.",
            )
            if rep.sacrifice:
                self.sacrifice(src)
            if rep.instead:
                self.push_frame(owner(inst), inst, rep.instead)
            return True
        return False

    def replacements(self, seat: int) -> Iterator[tuple[str, str, cd.Replacement, str]]:
        """(source, host, replacement, key) for `seat`'s live text: a card's own text has
        itself as source and host; a Gear's lower box has the Gear as source, its host as
        host (T7). The card about to be defeated looks first."""
        for host in self.live_cards(seat):
            for i, rep in enumerate(self.card(host).text.replacements):
                yield host, host, rep, f"{host}:{i}"
            for g in self.gear_on(host):
                low = self.card(g).lower
                for i, rep in enumerate(low.replacements if low is not None else ()):
                    yield g, host, rep, f"{g}:{i}"

    def sacrifice(self, src: str) -> None:
        """Trash the replacing card: a Gear comes off its host; a Unit or Legend leaves play
        (a Legend is removed, T21). Trashed is not defeated: no DEFEATED trigger."""
        host = self.host_of(src)
        if host is None:
            self.emit(EventKind.MOVE, f"{self.name(src)} is trashed instead.")
            self.send(src, "trash")
            return
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
        self.set_seat(seat, trash=self.seat(seat).trash + (src,))
        self.emit(EventKind.MOVE, f"{self.name(src)} is trashed instead.")

    # ---- steal modifiers (§8, D1) -------------------------------------------------------------

    def steal_picker(self, thief: int) -> int:
        """Who chooses the stolen dice: the thief, unless the victim has a card saying they
        choose (D1)."""
        victim = 1 - thief
        return victim if self.seat_has_static(victim, StaticKind.YOU_CHOOSE_STOLEN) else thief
