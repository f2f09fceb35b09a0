"""Attacks (§7), fights and steals (§8): declaration, the reaction window (T10), BLOCKER
redirects (T11), QUICK answers, and the end of an attack whose attacker or target is gone.
"""

from __future__ import annotations

from rules.tcg.cards import (
    StaticKind,
    Trigger,
    Would,
)
from rules.tcg.codes import EventKind, Phase, PromptKind, RefusalCode
from rules.tcg.effects import Effects
from rules.tcg.resolve import refuse
from rules.tcg.state import (
    Attack,
    Option,
    evolve,
)


class Combat(Effects):
    def need_main(self, seat: int, what: str) -> None:
        s = self.s
        if s.phase is not Phase.MAIN or s.active != seat:
            if s.active != seat:
                raise refuse(
                    RefusalCode.NOT_YOUR_TURN,
                    f"It is not your turn, so you can't {what} now.\n"
                    f"Wait for {self.label(s.active)} to end their turn.",
                )
            raise refuse(
                RefusalCode.WRONG_PHASE,
                f"You can {what} only in your main phase.\nFinish the start phase first.",
            )
        if s.attack is not None:
            raise refuse(
                RefusalCode.ATTACK_IN_PROGRESS,
                f"An attack is in progress, so you can't {what} now.\n"
                "Wait for the defender to react.",
            )

    # ---- attacks (§7, §8, T10, T11, T17) ---------------------------------------------------------

    def declare_attack(self, seat: int, inst: str, target: str | None) -> None:
        self.need_main(seat, "attack")
        if inst not in self.units(seat) or not self.may_attack(inst):
            raise refuse(
                RefusalCode.CANT_ATTACK,
                "That Unit can't attack now (it must be yours, ready, without Lag, and not "
                "under a prohibition).\nPick a Unit that may attack.",
            )
        if target not in self.attack_targets(seat):
            raise refuse(
                RefusalCode.BAD_TARGET,
                "That is not a legal target: attack a spent rival Unit, or the rival's Gig "
                "area while it holds a Gig.\nPick a legal target.",
            )
        self.spend(inst)
        what = "the Gig area" if target is None else self.name(target)
        self.emit(
            EventKind.ATTACK,
            f"{self.label(seat)} attacks {what} with {self.name(inst)}.",
            attacker=inst,
            target=target or "",
        )
        self.set(
            attack=Attack(
                seat=seat,
                attacker=inst,
                target=target,
                unblockable=self.has_static(inst, StaticKind.CANT_BE_BLOCKED),
            )
        )
        self.fire(inst, Trigger.ATTACK)

    def attack_broken(self) -> str | None:
        """Why the attack ends with no fight or steal, if it must."""
        a = self.s.attack
        assert a is not None
        if self.unit(a.attacker) is None:
            return "the attacker left the field"
        if a.target is not None:
            u = self.unit(a.target)
            if u is None:
                return "the target left the field"
            if not u.spent and not a.redirected:
                return "the target was readied"
        return None

    def attack_step(self) -> None:
        """After the ATTACK (or block/QUICK) effects: end the attack, or open the window."""
        a = self.s.attack
        assert a is not None
        why = self.attack_broken()
        if why is not None:
            self.emit(EventKind.ATTACK_ENDS, f"The attack ends: {why}.")
            self.set(attack=None)
            return
        if not a.window:
            self.set(attack=evolve(a, window=True))
            # T10: the same public line for every attack that reaches this step.
            self.emit(EventKind.WINDOW, f"{self.label(1 - a.seat)}, react.")

    def block(self, seat: int, inst: str) -> None:
        if not self.in_window(seat):
            raise refuse(
                RefusalCode.NOT_IN_WINDOW,
                "You can block only in the reaction window of a rival attack.\n"
                "Wait for your rival to attack.",
            )
        if not self.can_block(inst):
            raise refuse(
                RefusalCode.CANT_BLOCK,
                "That card can't block this attack (a ready BLOCKER of yours on the field, "
                "not the current target, and the attacker must be blockable).\n"
                "Pick another blocker or pass.",
            )
        a = self.s.attack
        assert a is not None
        self.spend(inst)
        self.set(attack=evolve(a, target=inst, redirected=True))
        self.emit(EventKind.BLOCK, f"{self.label(seat)} blocks with {self.name(inst)}.")
        self.fire(inst, Trigger.BLOCKS)

    def pass_window(self, seat: int) -> None:
        if not self.in_window(seat):
            raise refuse(
                RefusalCode.NOT_IN_WINDOW,
                "There is no reaction window of yours to close.\nWait for a rival attack.",
            )
        a = self.s.attack
        assert a is not None
        self.emit(EventKind.PASS, f"{self.label(seat)} passes.")
        if a.target is not None:
            self.fight(a.attacker, a.target)
            self.set(attack=None)
            return
        n = min(self.steal_amount(a.attacker), len(self.stealable(1 - a.seat)))
        self.set(attack=evolve(a, window=False, steals_left=n))
        if n == 0:
            self.emit(EventKind.STEAL, "The attack steals nothing.")
            self.set(attack=None)
        else:
            self.steal_next()

    def steal_next(self) -> None:
        """The attacker picks the dice (§8), or the victim with a card saying so (D1):
        asked only when it is a real choice."""
        a = self.s.attack
        assert a is not None
        gigs = self.stealable(1 - a.seat)
        if a.steals_left >= len(gigs) or len({(d.size, d.value) for d in gigs}) == 1:
            self.take_gig(a.seat, gigs[0].id, attacker=a.attacker)
            self.after_steal()
            return
        picker = self.steal_picker(a.seat)
        mine = picker == a.seat
        self.ask(
            picker,
            PromptKind.STEAL if mine else PromptKind.GIVE_GIG,
            f"{self.label(picker)}: choose a Gig "
            + ("to steal." if mine else f"{self.label(a.seat)} steals."),
            [Option(key=d.id, label=f"d{d.size}: {d.value}") for d in gigs],
            private=False,
            ref="attack",
        )

    def after_steal(self) -> None:
        a = self.s.attack
        assert a is not None
        left = a.steals_left - 1
        if left <= 0 or not self.stealable(1 - a.seat):
            self.set(attack=None)
        else:
            self.set(attack=evolve(a, steals_left=left))
            if not self.s.frames:  # else a replaced steal's `instead` first (the driver resumes)
                self.steal_next()

    def take_gig(self, seat: int, die_id: str, attacker: str | None = None) -> None:
        """T18: the die moves as it lies, unless the steal is replaced or prevented."""
        rv = 1 - seat
        if self.replaced(Would.BE_STOLEN, rv) is not None:
            return
        gigs = self.seat(rv).gigs
        die = next(d for d in gigs if d.id == die_id)
        self.set_seat(rv, gigs=tuple(d for d in gigs if d.id != die_id))
        self.set_seat(seat, gigs=self.seat(seat).gigs + (die,))
        self.emit(EventKind.STEAL, f"{self.label(seat)} steals d{die.size}: {die.value}.")
        if attacker is not None:
            self.fire(attacker, Trigger.STEALS)
        self.watch(seat, Trigger.YOU_STEAL)
        self.overtime_check()

    def fight(self, attacker: str, target: str) -> None:
        """§8: higher defeats lower; a tie defeats both; a 0-power Unit defeats nothing."""
        pa, pt = self.power(attacker), self.power(target)
        losers: list[str] = []
        if pa > pt:
            losers = [target]
        elif pt > pa:
            losers = [attacker]
        elif pa > 0:
            losers = [attacker, target]
        self.emit(
            EventKind.FIGHT,
            f"{self.name(attacker)} ({pa}) fights {self.name(target)} ({pt}).",
        )
        self.defeat_all(losers)
