"""State changes shared by every action: moving cards, paying, spending, triggers, the
pending pool (T12), effect frames, and the Overtime win check.

`Resolver` works on an immutable `Duel` by replacing it (`self.s = evolve(...)`). The
reducer is layered on it, one concern per module: effects.py (the vocabulary), combat.py
(attacks), play.py (main-phase actions), engine.py (dispatch, setup, turns, the driver).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tcg import cards as cd
from rules.tcg.board import Board, owner
from rules.tcg.cards import CardType, TcgContent, Trigger
from rules.tcg.codes import EventKind, PromptKind, RefusalCode
from rules.tcg.state import (
    WIN_GIGS,
    Duel,
    Frame,
    Happening,
    Mod,
    Option,
    Pending,
    Prompt,
    Slot,
    evolve,
)


class Resolver(Board):
    def __init__(self, state: Duel, content: TcgContent) -> None:
        super().__init__(state, content)
        self.events: list[Event] = []
        self.losers: set[int] = set()

    # ---- plumbing --------------------------------------------------------------------------------

    def set(self, **update: Any) -> None:
        self.s = evolve(self.s, **update)

    def set_seat(self, i: int, **update: Any) -> None:
        seats = list(self.s.seats)
        seats[i] = evolve(seats[i], **update)
        self.s = evolve(self.s, seats=(seats[0], seats[1]))

    def emit(
        self, kind: EventKind, text: str, seats: tuple[int, ...] | None = None, **data: Any
    ) -> None:
        self.events.append(Event(kind=kind, text=text, seats=seats, data=data))

    def shuffle(self, items: Sequence[str]) -> list[str]:
        rng, out = self.s.rng.shuffle(items)
        self.set(rng=rng)
        return out

    def ask(
        self,
        seat: int,
        kind: PromptKind,
        text: str,
        options: list[Option],
        private: bool = True,
        ref: str = "",
    ) -> None:
        self.set(
            prompt=Prompt(
                seat=seat, kind=kind, text=text, options=tuple(options), private=private, ref=ref
            )
        )

    def settle(self) -> None:
        """Losses noted during one step land together: both at once is a draw (§12)."""
        if not self.losers or self.s.result is not None:
            return
        losers, self.losers = self.losers, set()
        reason = "decked out"
        if len(losers) == 2:
            self.set_result(None, reason)
        else:
            (loser,) = losers
            self.emit(EventKind.GAME_OVER, f"{self.label(loser)} has to draw from an empty deck.")
            self.set_result(1 - loser, f"{self.label(loser)} decked out")

    def set_result(self, winner: int | None, reason: str) -> None:  # engine overrides
        raise NotImplementedError

    def overtime_check(self) -> None:
        """T16: in Overtime, 7 or more Gigs win at any moment."""
        if not self.s.overtime or self.s.result is not None:
            return
        for i in (self.s.active, 1 - self.s.active):
            if len(self.seat(i).gigs) >= WIN_GIGS:
                self.emit(EventKind.GAME_OVER, f"{self.label(i)} holds 7 Gigs in Overtime.")
                self.set_result(i, "7 Gigs (Overtime)")
                return

    # ---- prompts ---------------------------------------------------------------------------------

    # ---- moving cards ----------------------------------------------------------------------------

    def draw(self, seat: int, count: int, quiet: bool = False) -> None:
        """A draw from an empty deck loses at once, after drawing what there was (§12)."""
        for _ in range(count):
            st = self.seat(seat)
            if not st.deck:
                self.losers.add(seat)
                return
            top = st.deck[0]
            self.set_seat(seat, deck=st.deck[1:], hand=st.hand + (top,))
            if not quiet:
                self.emit(EventKind.DRAW, f"{self.label(seat)} draws a card.")
                self.emit(EventKind.DRAW, f"You draw {self.name(top)}.", seats=(seat,), inst=top)

    def expire(self, pred: Callable[[Mod], bool]) -> None:
        mods = tuple(m for m in self.s.mods if not pred(m))
        if len(mods) != len(self.s.mods):
            self.set(mods=mods)

    def forget(self, insts: Sequence[str]) -> None:
        """A card leaving play becomes a new object: its modifiers go (§2)."""
        gone = set(insts)
        if any(m.inst in gone for m in self.s.mods):
            self.set(mods=tuple(m for m in self.s.mods if m.inst not in gone))

    def leave_play(self, inst: str) -> tuple[str, ...]:
        """Take a card off the field (or out of its Legends slot); returns its Gear."""
        seat = owner(inst)
        st = self.seat(seat)
        u = self.unit(inst)
        if u is not None:
            self.set_seat(seat, field=tuple(x for x in st.field if x.inst != inst))
            gear = u.gear
        else:
            sl = self.slot(inst)
            gear = sl.gear if sl is not None else ()
            self.set_seat(
                seat, legends=tuple(Slot(inst=None) if x.inst == inst else x for x in st.legends)
            )
        self.forget((inst,) + gear)
        return gear

    def send(self, inst: str, zone: str) -> None:
        """Move a card out of play to trash, hand or deck bottom. A Legend is removed from
        the game instead; its Gear goes where the Legend was sent, unequipped (T21). Each
        Gear's destination is settled while it is still attached (its text is live)."""
        seat = owner(inst)
        dest = [(g, self.gear_zone(g, zone)) for g in self.gear_on(inst)]
        self.leave_play(inst)
        for g, z in dest:
            self.put(seat, (g,), z)
        if self.card(inst).type is CardType.LEGEND:
            self.set_seat(seat, removed=self.seat(seat).removed + (inst,))
            self.emit(EventKind.REMOVED, f"{self.name(inst)} is removed from the game.")
        else:
            self.put(seat, (inst,), zone)

    def put(self, seat: int, insts: tuple[str, ...], zone: str) -> None:
        """Add cards out of play to the trash (on top), the hand, or the deck (at the bottom)."""
        st = self.seat(seat)
        if zone == "trash":
            self.set_seat(seat, trash=st.trash + insts)
        elif zone == "hand":
            self.set_seat(seat, hand=st.hand + insts)
        else:
            self.set_seat(seat, deck=st.deck + insts)

    def gear_zone(self, gear: str, zone: str) -> str:  # effects_watch.py overrides
        return zone

    def defeat_all(self, insts: Sequence[str]) -> None:
        """Defeated cards move first (with their Gear), then DEFEATED triggers fire."""
        texts = [(i, self.texts(i)) for i in insts]
        for inst in insts:
            self.emit(EventKind.DEFEAT, f"{self.name(inst)} is defeated.", inst=inst)
            self.send(inst, "trash")
        for inst, tx in texts:
            self.fire(inst, Trigger.DEFEATED, texts=tx)

    # ---- spending and paying ---------------------------------------------------------------------

    def spend(self, inst: str, no_ready: bool = False) -> None:
        """Spend a card (T9: a spent one stays spent, the rider still lands); "when spent"
        triggers fire."""
        seat = owner(inst)
        st = self.seat(seat)
        if self.unit(inst) is not None:
            self.set_seat(
                seat,
                field=tuple(
                    evolve(x, spent=True, no_ready=x.no_ready or no_ready) if x.inst == inst else x
                    for x in st.field
                ),
            )
        elif self.slot(inst) is not None:
            self.set_seat(
                seat,
                legends=tuple(
                    evolve(x, spent=True, no_ready=x.no_ready or no_ready) if x.inst == inst else x
                    for x in st.legends
                ),
            )
        else:
            self.set_seat(
                seat,
                eddies=tuple(evolve(x, spent=True) if x.inst == inst else x for x in st.eddies),
            )
            return
        self.fire(inst, Trigger.SPENT)

    def ready(self, inst: str) -> None:
        seat = owner(inst)
        st = self.seat(seat)
        self.set_seat(
            seat,
            field=tuple(evolve(x, spent=False) if x.inst == inst else x for x in st.field),
            legends=tuple(evolve(x, spent=False) if x.inst == inst else x for x in st.legends),
        )

    def pay(self, seat: int, amount: int, chosen: tuple[str, ...] | None) -> None:
        """Pay in full, at once, from the sources the payer picks (T27); None: the
        suggested sources, Eddies first."""
        sources = self.sources(seat)
        if len(sources) < amount:
            raise IllegalAction.of(
                RefusalCode.CANT_PAY,
                f"You need {amount} €$ but have {len(sources)} ready sources.\n"
                "Sell a card or wait for your Eddies to ready.",
            )
        if chosen is None:
            picks = sources[:amount]
        else:
            picks = list(chosen)
            if (
                len(picks) != amount
                or len(set(picks)) != amount
                or any(p not in sources for p in picks)
            ):
                raise IllegalAction.of(
                    RefusalCode.BAD_PAYMENT,
                    f"Pay exactly {amount} €$ from different ready Eddies or Legends in your "
                    "Legends area (face-up ones only with a Sell tag).\nPick other sources.",
                )
        for p in picks:
            self.spend(p)
        if amount:
            self.emit(EventKind.PAY, f"{self.label(seat)} pays {amount} €$.")

    # ---- triggers and the pending pool (§10, §11, T12) -------------------------------------------

    def fire(self, inst: str, when: Trigger, texts: list[cd.Text] | None = None) -> None:
        """The card's own `when` triggers go to the pending pool; the happening is noted
        first, so "the first time … each turn" can look back over the turn (§10)."""
        self.note(owner(inst), when, inst)
        for tx in self.texts(inst) if texts is None else texts:
            for tr in tx.triggers:
                if tr.when is not when:
                    continue
                if tr.first_each_turn and self.happened(when, lambda h: h.inst == inst) > 1:
                    continue
                self.queue(inst, tr)

    def note(self, seat: int, when: Trigger, inst: str = "") -> None:
        """Keep the happening for the rest of the turn, if some card of the pack could
        ever count it (the look-back needs it even before that card is live)."""
        if when in self.firsts:
            self.set(history=self.s.history + (Happening(seat=seat, when=when, inst=inst),))

    def happened(self, when: Trigger, pred: Callable[[Happening], bool]) -> int:
        """How many `when` happenings this turn pass `pred` (the current one included)."""
        return sum(1 for h in self.s.history if h.when is when and pred(h))

    def queue(self, inst: str, tr: cd.Triggered) -> None:
        """Put `inst`'s trigger in the pending pool, if its condition holds now (§7)."""
        if tr.min_power is not None and self.power_or_zero(inst) < tr.min_power:
            return
        p = Pending(
            id=self.s.next_pending,
            seat=owner(inst),
            source=inst,
            label=f"{self.name(inst)}: {tr.when.value.replace('_', ' ')}",
            effects=tr.effects,
            may=tr.may,
        )
        self.set(pool=self.s.pool + (p,), next_pending=self.s.next_pending + 1)
        self.emit(EventKind.TRIGGER, f"{p.label} triggers.")

    def power_or_zero(self, inst: str) -> int:
        return self.power(inst) if self.s.cards.get(inst) and self.in_play(inst) else 0

    def step_pool(self) -> None:
        pool = self.s.pool
        r = self.s.resolver
        if r is None or not any(p.seat == r for p in pool):
            if r is None:
                a = self.s.active
                r = a if any(p.seat == a for p in pool) else 1 - a
            else:
                r = 1 - r
            self.set(resolver=r)
        mine = [p for p in pool if p.seat == r]
        # The order of identical effects from one card can't matter: don't ask.
        if len({(p.source, p.effects, p.may) for p in mine}) == 1:
            self.start_pending(mine[0].id)
            return
        self.ask(
            r,
            PromptKind.ORDER_PENDING,
            f"{self.label(r)}: choose which of your effects resolves next.",
            [Option(key=str(p.id), label=p.label) for p in mine],
            private=False,
        )

    def start_pending(self, pid: int) -> None:
        p = next(x for x in self.s.pool if x.id == pid)
        if p.may:
            self.ask(
                p.seat,
                PromptKind.MAY,
                f"{p.label}: use it?",
                [Option(key="yes", label="Yes"), Option(key="no", label="No")],
                private=False,
                ref=str(pid),
            )
            return
        self.answer_may(pid, True)

    def answer_may(self, pid: int, yes: bool) -> None:
        p = next(x for x in self.s.pool if x.id == pid)
        pool = tuple(x for x in self.s.pool if x.id != pid)
        self.set(pool=pool, resolver=self.s.resolver if pool else None)
        if yes:
            self.push_frame(p.seat, p.source, p.effects)

    def push_frame(
        self,
        seat: int,
        source: str,
        effects: tuple[cd.Effect, ...],
        program: bool = False,
        replaced_by: tuple[str, ...] = (),
    ) -> None:
        fr = Frame(
            seat=seat, source=source, effects=effects, program=program, replaced_by=replaced_by
        )
        self.set(frames=self.s.frames + (fr,))

    def set_frame(self, depth: int, **update: Any) -> None:
        """Change the frame at `depth` (1 = the bottom one), which may not be the top."""
        frames = list(self.s.frames)
        frames[depth - 1] = evolve(frames[depth - 1], **update)
        self.set(frames=tuple(frames))

    # ---- effect resolution -----------------------------------------------------------------------

    def top(self) -> Frame:
        return self.s.frames[-1]

    def replace_top(self, fr: Frame) -> None:
        self.set(frames=self.s.frames[:-1] + (fr,))

    def answer_frame(self, key: str) -> None:
        fr = self.top()
        self.replace_top(evolve(fr, chosen=fr.chosen + (key,)))

    def step_frame(self) -> None:
        fr = self.top()
        if fr.index >= len(fr.effects):
            self.set(frames=self.s.frames[:-1])
            if fr.program:  # a resolving Program is in no zone until now (§2)
                st = self.seat(owner(fr.source))
                self.set_seat(owner(fr.source), trash=st.trash + (fr.source,))
            return
        eff = fr.effects[fr.index]
        depth = len(self.s.frames)
        done = self.run_effect(fr, eff)
        self.settle()
        # A replacement may push its `instead` frame on top while this one runs: step the
        # frame that ran, not the top.
        if done and len(self.s.frames) >= depth:
            self.set_frame(depth, index=self.s.frames[depth - 1].index + 1, chosen=(), step=0)

    def run_effect(self, fr: Frame, eff: cd.Effect) -> bool:  # effects.py overrides
        raise NotImplementedError

    def add_mod(self, mod: Mod) -> None:
        self.set(mods=self.s.mods + (mod,))

    def call_free(self, seat: int, slot: int) -> None:  # engine overrides
        raise NotImplementedError


def refuse(code: RefusalCode, message: str) -> IllegalAction:
    return IllegalAction.of(code, message)
