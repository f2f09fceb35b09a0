"""The effect vocabulary resolving (rules/tcg/cards.py): one handler per kind of effect.

Effects resolve top to bottom, as far as they can (§11). A choice stops the run with a
prompt; the answer lands in the frame's `chosen`, and the handler runs again with it, so
every handler is re-entrant. With no legal target the targeted part does nothing (T8).
"""

from __future__ import annotations

from rules.tcg import cards as cd
from rules.tcg.board import value_pairs
from rules.tcg.cards import (
    Match,
    Target,
    Trigger,
    Until,
    Who,
)
from rules.tcg.codes import EventKind, PromptKind
from rules.tcg.describe import effect_text
from rules.tcg.effects_watch import Watchers
from rules.tcg.named import NAMED_EFFECTS
from rules.tcg.state import (
    Die,
    Eddie,
    Frame,
    Mod,
    Option,
    evolve,
)


def mode_label(mode: cd.Mode) -> str:
    return mode.label or " ".join(effect_text(e) for e in mode.effects)


class Effects(Watchers):
    def targets(
        self,
        fr: Frame,
        target: Target,
        max_power: int | None = None,
        spent_only: bool = False,
        match: Match | None = None,
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
        if match is not None and match.filtered():
            cands = [c for c in cands if match.matches(self.card(c))]
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
            return self.fx_draw(fr, eff)
        if isinstance(eff, cd.Power | cd.CantAttack):
            mp = eff.max_power if isinstance(eff, cd.Power) else None
            got = self.targets(fr, eff.target, max_power=mp, match=eff)
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
            got = self.targets(fr, eff.target, eff.max_power, eff.spent_only, eff)
            if got is None:
                return False
            self.defeat_all(got)
            return True
        if isinstance(eff, cd.ToHand | cd.ToDeckBottom):
            got = self.targets(fr, eff.target, eff.max_power, match=eff)
            if got is None:
                return False
            zone = "hand" if isinstance(eff, cd.ToHand) else "deck_bottom"
            for t in got:
                self.move_out(t, zone)
            return True
        if isinstance(eff, cd.Ready | cd.Spend):
            got = self.targets(fr, eff.target, match=eff)
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
            did = self.gig_choice(
                fr, 0, dice, f"{self.label(seat)}: choose a Gig to make a {eff.to} Gig."
            )
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
        if isinstance(eff, cd.PreventDefeat | cd.StealBonus):
            got = self.targets(fr, eff.target, match=eff)
            if got is None:
                return False
            for t in got:
                if isinstance(eff, cd.PreventDefeat):
                    self.add_mod(Mod(inst=t, seat=seat, shield=eff.count, until=eff.until))
                    self.emit(EventKind.EFFECT, f"{self.name(t)} is shielded from defeat.")
                else:
                    self.add_mod(Mod(inst=t, seat=seat, steal=eff.amount, until=eff.until))
                    self.emit(EventKind.EFFECT, f"{self.name(t)} steals {eff.amount:+d} Gigs.")
            return True
        if isinstance(eff, cd.PreventSteal):
            self.add_mod(
                Mod(
                    inst="",
                    seat=seat,
                    shield=eff.count,
                    prevents=cd.Would.BE_STOLEN,
                    until=eff.until,
                )
            )
            self.emit(EventKind.EFFECT, f"{self.label(seat)}'s Gigs are shielded from steals.")
            return True
        if isinstance(eff, cd.ChooseOne):
            return self.fx_choose_one(fr, eff)
        if isinstance(eff, cd.Named):
            NAMED_EFFECTS[eff.name](self, seat, eff.params)
            return True
        raise AssertionError(f"unhandled effect {eff!r}")

    def fx_choose_one(self, fr: Frame, eff: cd.ChooseOne) -> bool:
        """T25: a mode must be chosen; §11: any mode, even one that will do nothing. The
        chosen mode's effects take this effect's place in the frame."""
        if not fr.chosen:
            self.ask(
                fr.seat,
                PromptKind.MODE,
                f"{self.label(fr.seat)}: choose one for {self.name(fr.source)}.",
                [Option(key=str(i), label=mode_label(m)) for i, m in enumerate(eff.modes)],
                private=False,
            )
            return False
        mode = eff.modes[int(fr.chosen[0])]
        self.emit(EventKind.EFFECT, f"{self.label(fr.seat)} chooses: {mode_label(mode)}")
        effects = fr.effects[: fr.index] + tuple(mode.effects) + fr.effects[fr.index + 1 :]
        self.replace_top(evolve(fr, effects=effects, chosen=()))
        return False  # not done: the spliced-in effects run next, at the same index

    def fx_draw(self, fr: Frame, eff: cd.Draw) -> bool:
        """One card at a time: a draw replaced with `instead` effects lets them resolve
        before the rest of the draws (they happen in the replaced draw's place)."""
        seat = fr.seat
        if eff.who == "each":
            order = [self.s.active, 1 - self.s.active]
        else:
            order = [seat if eff.who == "self" else 1 - seat]
        depth = len(self.s.frames)
        for n, s in enumerate(order):
            for k in range(eff.count):
                self.draw(s, 1)
                if s in self.losers:
                    break
                if len(self.s.frames) > depth:
                    rest = [(s, eff.count - k - 1)] + [(x, eff.count) for x in order[n + 1 :]]
                    left = tuple(
                        cd.Draw(count=c, who=Who.SELF if x == seat else Who.RIVAL)
                        for x, c in rest
                        if c > 0
                    )
                    if not left:
                        return True
                    effects = fr.effects[: fr.index] + left + fr.effects[fr.index + 1 :]
                    self.set_frame(depth, effects=effects)
                    return False
        return True

    def fx_steal(self, fr: Frame, count: int) -> bool:
        """Up to `count` stealable rival Gigs, one die at a time (each may be replaced or
        prevented); `step` counts the picks already applied, so an answer lands once."""
        seat = fr.seat
        depth = len(self.s.frames)
        while True:
            fr = self.s.frames[depth - 1]
            while fr.step < len(fr.chosen):
                did = fr.chosen[fr.step]
                self.set_frame(depth, step=fr.step + 1)
                if self.die_seat(did) != seat:
                    self.steal_die(did, seat)
                if len(self.s.frames) > depth:
                    return False  # the `instead` of a replaced steal resolves first
                fr = self.s.frames[depth - 1]
            rival = self.stealable(1 - seat)
            if len(fr.chosen) >= count or not rival:
                return True
            if count - len(fr.chosen) >= len(rival):
                self.set_frame(depth, chosen=fr.chosen + (rival[0].id,))
                continue
            picker = self.steal_picker(seat)
            self.ask(
                picker,
                PromptKind.STEAL_GIG if picker == seat else PromptKind.GIVE_GIG,
                f"{self.label(picker)}: choose a Gig "
                + ("to take." if picker == seat else f"{self.label(seat)} takes."),
                [Option(key=d.id, label=f"d{d.size}: {d.value}") for d in rival],
                private=False,
            )
            return False

    def steal_die(self, die_id: str, to: int) -> bool:
        """Take a rival Gig, unless the steal is replaced or prevented; True if taken."""
        if self.replaced(cd.Would.BE_STOLEN, 1 - to) is not None:
            return False
        self.move_gig(die_id, to)
        return True

    def move_gig(self, die_id: str, to: int) -> None:
        frm = self.die_seat(die_id)
        d = self.die(die_id)
        self.set_seat(frm, gigs=tuple(x for x in self.seat(frm).gigs if x.id != die_id))
        self.set_seat(to, gigs=self.seat(to).gigs + (d,))
        self.emit(EventKind.STEAL, f"{self.label(to)} takes d{d.size}: {d.value}.")
        self.watch(to, Trigger.YOU_STEAL)

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
        did = self.gig_choice(
            fr, 0, dice, f"{self.label(seat)}: choose a Gig to {'raise' if up else 'lower'}."
        )
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
            self.watch(seat, Trigger.YOU_ADJUST)
        return True

    # ---- the named-effect host (rules/tcg/named.py) ----------------------------------------------

    def value_pairs(self, seat: int) -> int:
        return value_pairs([d.value for d in self.seat(seat).gigs])

    def friendly_units(self, seat: int) -> list[str]:
        return self.units(seat)

    def add_power(self, inst: str, amount: int, seat: int) -> None:
        self.add_mod(Mod(inst=inst, seat=seat, power=amount, until=Until.END_OF_TURN))
        self.emit(EventKind.POWER, f"{self.name(inst)} gets {amount:+d} power.")
