"""State changes shared by every action: moving cards, paying, spending, triggers, the
pending pool (T12) and the effect vocabulary's resolution.

`Resolver` works on an immutable `Duel` by replacing it (`self.s = evolve(...)`); the
reducer in engine.py builds on it. Effects resolve top to bottom, as far as possible (§11);
a choice stops the run with a `Prompt` and the answer is recorded in the frame's `chosen`,
so every effect handler is re-entrant.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tcg import cards as cd
from rules.tcg.board import Board, owner, value_pairs
from rules.tcg.cards import CardType, Target, TcgContent, Trigger, Until
from rules.tcg.codes import EventKind, PromptKind, RefusalCode
from rules.tcg.named import NAMED_EFFECTS
from rules.tcg.state import (
    Die,
    Duel,
    Eddie,
    Frame,
    Mod,
    Option,
    Pending,
    Prompt,
    Slot,
    Unit,
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
        the game instead; its Gear goes where the Legend was sent, unequipped (T21)."""
        seat = owner(inst)
        gear = self.leave_play(inst)
        legend = self.card(inst).type is CardType.LEGEND
        to_zone = list(gear) + ([] if legend else [inst])
        st = self.seat(seat)
        if zone == "trash":
            self.set_seat(seat, trash=st.trash + tuple(to_zone))
        elif zone == "hand":
            self.set_seat(seat, hand=st.hand + tuple(to_zone))
        else:
            self.set_seat(seat, deck=st.deck + tuple(to_zone))
        if legend:
            self.set_seat(seat, removed=self.seat(seat).removed + (inst,))
            self.emit(EventKind.REMOVED, f"{self.name(inst)} is removed from the game.")

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
        seat = owner(inst)
        for tx in self.texts(inst) if texts is None else texts:
            for tr in tx.triggers:
                if tr.when is not when:
                    continue
                # The condition must hold when the trigger happens (§7).
                if tr.min_power is not None and self.power_or_zero(inst) < tr.min_power:
                    continue
                p = Pending(
                    id=self.s.next_pending,
                    seat=seat,
                    source=inst,
                    label=f"{self.name(inst)}: {when.value.replace('_', ' ')}",
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
        self, seat: int, source: str, effects: tuple[cd.Effect, ...], program: bool = False
    ) -> None:
        self.set(
            frames=self.s.frames
            + (Frame(seat=seat, source=source, effects=effects, program=program),)
        )

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
        done = self.run_effect(fr, eff)
        self.settle()
        if done and self.s.frames:
            cur = self.top()
            self.replace_top(evolve(cur, index=cur.index + 1, chosen=()))

    def targets(
        self, fr: Frame, target: Target, max_power: int | None = None, spent_only: bool = False
    ) -> list[str] | None:
        seat = fr.seat
        if target is Target.THIS:
            src = fr.source
            return [src] if src in self.s.cards and self.in_play(src) else []
        if target in (Target.ALL_FRIENDLY_UNITS, Target.FRIENDLY_UNIT):
            cands = self.units(seat)
        elif target in (Target.ALL_RIVAL_UNITS, Target.RIVAL_UNIT):
            cands = self.units(1 - seat)
        else:
            cands = self.all_units()
        if max_power is not None:
            cands = [c for c in cands if self.power(c) <= max_power]
        if spent_only:
            cands = [c for c in cands if self.spent(c)]
        if target in (Target.ALL_FRIENDLY_UNITS, Target.ALL_RIVAL_UNITS):
            return cands
        if fr.chosen:
            return [fr.chosen[0]] if fr.chosen[0] in cands else []
        if len(cands) <= 1:
            return cands
        self.ask(
            seat,
            PromptKind.TARGET,
            f"{self.label(seat)}: choose a target for {self.name(fr.source)}.",
            [Option(key=c, label=self.name(c)) for c in cands],
            private=False,
        )
        return None

    def gig_choice(
        self,
        fr: Frame,
        index: int,
        dice: list[tuple[int, str]],
        text: str,
        kind: PromptKind = PromptKind.GIG,
    ) -> str | None:
        """The die picked at choice `index` of this effect (seat, die id) or None (asked)."""
        if len(fr.chosen) > index:
            return fr.chosen[index]
        if len(dice) == 1:
            self.replace_top(evolve(fr, chosen=fr.chosen + (dice[0][1],)))
            return dice[0][1]
        opts = []
        for s, did in dice:
            d = self.die(did)
            opts.append(Option(key=did, label=f"{self.label(s)} d{d.size}: {d.value}"))
        self.ask(fr.seat, kind, text, opts, private=False)
        return None

    def die(self, die_id: str) -> Die:
        for st in self.s.seats:
            for d in st.gigs:
                if d.id == die_id:
                    return d
        raise KeyError(die_id)

    def die_seat(self, die_id: str) -> int:
        return 0 if any(d.id == die_id for d in self.seat(0).gigs) else 1

    def set_die(self, die_id: str, value: int) -> None:
        seat = self.die_seat(die_id)
        gigs = tuple(evolve(d, value=value) if d.id == die_id else d for d in self.seat(seat).gigs)
        self.set_seat(seat, gigs=gigs)
        d = self.die(die_id)
        self.emit(EventKind.GIG, f"{self.label(seat)}'s d{d.size} now shows {value}.")

    def gig_pool(self, seat: int, friendly: bool) -> list[tuple[int, str]]:
        out = [(seat, d.id) for d in self.seat(seat).gigs]
        if not friendly:
            out += [(1 - seat, d.id) for d in self.seat(1 - seat).gigs]
        return out

    def run_effect(self, fr: Frame, eff: cd.Effect) -> bool:
        """Resolve one effect; False when it waits on a prompt."""
        seat = fr.seat
        if isinstance(eff, cd.Draw):
            order = (
                [seat]
                if eff.who == "self"
                else [1 - seat]
                if eff.who == "rival"
                else [self.s.active, 1 - self.s.active]
            )
            for s in order:
                self.draw(s, eff.count)
            return True
        if isinstance(eff, cd.Power | cd.CantAttack):
            mp = eff.max_power if isinstance(eff, cd.Power) else None
            got = self.targets(fr, eff.target, max_power=mp)
            if got is None:
                return False
            for t in got:
                if isinstance(eff, cd.Power):
                    self.add_mod(Mod(inst=t, seat=seat, power=eff.amount, until=eff.until))
                    self.emit(EventKind.POWER, f"{self.name(t)} gets {eff.amount:+d} power.")
                else:
                    self.add_mod(Mod(inst=t, seat=seat, cant_attack=True, until=eff.until))
                    self.emit(EventKind.EFFECT, f"{self.name(t)} can't attack.")
            return True
        if isinstance(eff, cd.Defeat):
            got = self.targets(fr, eff.target, eff.max_power, eff.spent_only)
            if got is None:
                return False
            self.defeat_all(got)
            return True
        if isinstance(eff, cd.ToHand | cd.ToDeckBottom):
            got = self.targets(fr, eff.target, eff.max_power)
            if got is None:
                return False
            zone = "hand" if isinstance(eff, cd.ToHand) else "deck"
            for t in got:
                self.emit(EventKind.MOVE, f"{self.name(t)} leaves the field ({zone}).")
                self.send(t, zone)
            return True
        if isinstance(eff, cd.Ready | cd.Spend):
            got = self.targets(fr, eff.target)
            if got is None:
                return False
            for t in got:
                if isinstance(eff, cd.Ready):
                    self.ready(t)
                    self.emit(EventKind.READY, f"{self.name(t)} is readied.")
                else:
                    self.spend(t, no_ready=eff.no_ready_next)
                    self.emit(EventKind.SPEND, f"{self.name(t)} is spent.")
            return True
        if isinstance(eff, cd.StealGig):
            return self.fx_steal(fr, eff.count)
        if isinstance(eff, cd.SwapGig):
            return self.fx_swap(fr)
        if isinstance(eff, cd.AdjustGig):
            return self.fx_adjust(fr, eff)
        if isinstance(eff, cd.SetGig):
            dice = [
                (s, did)
                for s, did in self.gig_pool(seat, eff.friendly)
                if self.die(did).value != (1 if eff.to == "min" else self.die(did).size)
            ]
            if not dice:
                return True
            did = self.gig_choice(fr, 0, dice, f"{self.label(seat)}: choose a Gig to set.")
            if did is None:
                return False
            self.set_die(did, 1 if eff.to == "min" else self.die(did).size)
            return True
        if isinstance(eff, cd.ReadyEddies):
            st = self.seat(seat)
            n = eff.count
            eddies: list[Eddie] = []
            for e in st.eddies:
                if e.spent and n > 0:
                    n -= 1
                    eddies.append(evolve(e, spent=False))
                else:
                    eddies.append(e)
            self.set_seat(seat, eddies=tuple(eddies))
            self.emit(EventKind.EFFECT, f"{self.label(seat)} readies {eff.count - n} Eddies.")
            return True
        if isinstance(eff, cd.SellTop):
            for _ in range(eff.count):
                st = self.seat(seat)
                if not st.deck:
                    break
                self.set_seat(
                    seat,
                    deck=st.deck[1:],
                    eddies=st.eddies + (Eddie(inst=st.deck[0], known=False),),
                    sold=True,
                )
                self.emit(
                    EventKind.SELL, f"{self.label(seat)} sells the top card of their deck unseen."
                )
            return True
        if isinstance(eff, cd.CallLegend):
            st = self.seat(seat)
            slots = [i for i, sl in enumerate(st.legends) if sl.inst and not sl.face_up]
            if st.called or not slots:
                return True
            if fr.chosen:
                slot = int(fr.chosen[0])
            elif len(slots) == 1:
                slot = slots[0]
            else:
                self.ask(
                    seat,
                    PromptKind.TARGET,
                    f"{self.label(seat)}: choose a face-down slot to Call.",
                    [Option(key=str(i), label=f"slot {i + 1}") for i in slots],
                    private=False,
                )
                return False
            self.call_free(seat, slot)
            return True
        if isinstance(eff, cd.Peek):
            top = self.seat(seat).deck[: eff.count]
            names = ", ".join(self.name(i) for i in top) or "nothing"
            self.set(peeked=self.s.peeked + tuple((seat, i) for i in top))
            self.emit(EventKind.PEEK, f"{self.label(seat)} looks at the top of their deck.")
            self.emit(EventKind.PEEK, f"You see: {names}.", seats=(seat,))
            return True
        if isinstance(eff, cd.WinIf):
            cred = self.street_cred(seat)
            if cred is not None and cred >= eff.street_cred_at_least:
                self.set_result(seat, f"Street Cred {cred}")
            return True
        if isinstance(eff, cd.Named):
            NAMED_EFFECTS[eff.name](self, seat, eff.params)
            return True
        raise AssertionError(f"unhandled effect {eff!r}")

    def call_free(self, seat: int, slot: int) -> None:  # engine overrides
        raise NotImplementedError

    def add_mod(self, mod: Mod) -> None:
        self.set(mods=self.s.mods + (mod,))

    def fx_steal(self, fr: Frame, count: int) -> bool:
        seat = fr.seat
        for did in fr.chosen:  # answers recorded but not applied yet
            if self.die_seat(did) != seat:
                self.move_gig(did, seat)
        taken = len(fr.chosen)
        while taken < count and self.seat(1 - seat).gigs:
            rival = self.seat(1 - seat).gigs
            if count - taken >= len(rival):
                for d in rival:
                    self.move_gig(d.id, seat)
                return True
            self.ask(
                seat,
                PromptKind.STEAL_GIG,
                f"{self.label(seat)}: choose a Gig to take.",
                [Option(key=d.id, label=f"d{d.size}: {d.value}") for d in rival],
                private=False,
            )
            return False
        return True

    def move_gig(self, die_id: str, to: int) -> None:
        frm = self.die_seat(die_id)
        d = self.die(die_id)
        self.set_seat(frm, gigs=tuple(x for x in self.seat(frm).gigs if x.id != die_id))
        self.set_seat(to, gigs=self.seat(to).gigs + (d,))
        self.emit(EventKind.STEAL, f"{self.label(to)} takes d{d.size}: {d.value}.")

    def fx_swap(self, fr: Frame) -> bool:
        seat = fr.seat
        mine = [(seat, d.id) for d in self.seat(seat).gigs]
        theirs = [(1 - seat, d.id) for d in self.seat(1 - seat).gigs]
        if not mine or not theirs:
            return True  # T8: a swap needs a Gig on each side
        a = self.gig_choice(
            fr, 0, mine, f"{self.label(seat)}: choose your Gig to swap.", PromptKind.SWAP_OWN
        )
        if a is None:
            return False
        b = self.gig_choice(
            self.top(),
            1,
            theirs,
            f"{self.label(seat)}: choose a rival Gig to swap.",
            PromptKind.SWAP_RIVAL,
        )
        if b is None:
            return False
        da, db = self.die(a), self.die(b)
        st, rt = self.seat(seat), self.seat(1 - seat)
        self.set_seat(seat, gigs=tuple(db if d.id == a else d for d in st.gigs))
        self.set_seat(1 - seat, gigs=tuple(da if d.id == b else d for d in rt.gigs))
        self.emit(
            EventKind.SWAP,
            f"{self.label(seat)} swaps d{da.size}: {da.value} for d{db.size}: {db.value}.",
        )
        return True

    def fx_adjust(self, fr: Frame, eff: cd.AdjustGig) -> bool:
        seat = fr.seat
        up = eff.direction == "up"
        dice = [
            (s, did)
            for s, did in self.gig_pool(seat, eff.friendly)
            if (self.die(did).value < self.die(did).size if up else self.die(did).value > 1)
        ]
        if not dice and not fr.chosen:
            return True
        did = self.gig_choice(fr, 0, dice, f"{self.label(seat)}: choose a Gig to adjust.")
        if did is None:
            return False
        d = self.die(did)
        room = min(eff.amount, d.size - d.value if up else d.value - 1)
        fr = self.top()
        if len(fr.chosen) < 2:
            self.ask(
                seat,
                PromptKind.AMOUNT,
                f"{self.label(seat)}: by how much (0–{room})?",
                [Option(key=str(n), label=str(n)) for n in range(room + 1)],
                private=False,
            )
            return False
        n = int(fr.chosen[1])
        if n:  # choosing 0 is legal but is not an adjustment (§9)
            self.set_die(did, d.value + n if up else d.value - n)
        return True

    # ---- the named-effect host (rules/tcg/named.py) ----------------------------------------------

    def value_pairs(self, seat: int) -> int:
        return value_pairs([d.value for d in self.seat(seat).gigs])

    def friendly_units(self, seat: int) -> list[str]:
        return self.units(seat)

    def add_power(self, inst: str, amount: int, seat: int) -> None:
        self.add_mod(Mod(inst=inst, seat=seat, power=amount, until=Until.END_OF_TURN))
        self.emit(EventKind.POWER, f"{self.name(inst)} gets {amount:+d} power.")


__all__ = ["Resolver", "Unit"]
