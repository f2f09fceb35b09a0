"""Main-phase actions (§4–§6): Sell, Call a Legend, playing cards and Legends (GO SOLO),
Gear hosts (T28), and activating abilities (T7)."""

from __future__ import annotations

from rules.tcg import actions as act
from rules.tcg.board import owner
from rules.tcg.cards import (
    Card,
    CardType,
    Effect,
    Keyword,
    Trigger,
)
from rules.tcg.codes import EventKind, RefusalCode
from rules.tcg.combat import Combat
from rules.tcg.resolve import refuse
from rules.tcg.state import (
    Eddie,
    Slot,
    Unit,
    evolve,
)


class MainPhase(Combat):
    # ---- main-phase actions ----------------------------------------------------------------------

    def sell(self, seat: int, inst: str) -> None:
        self.need_main(seat, "sell")
        st = self.seat(seat)
        if st.sold:
            raise refuse(
                RefusalCode.ALREADY_SOLD,
                "You already sold this turn (once per turn).\nSell again next turn.",
            )
        if inst not in st.hand:
            raise refuse(RefusalCode.NOT_IN_HAND, "That card is not in your hand.\nPick one.")
        if not self.card(inst).sell:
            raise refuse(
                RefusalCode.NO_SELL_TAG,
                f"{self.name(inst)} has no Sell tag.\nSell a card that has one.",
            )
        hand = list(st.hand)
        hand.remove(inst)
        self.set_seat(seat, hand=tuple(hand), eddies=st.eddies + (Eddie(inst=inst),), sold=True)
        self.emit(EventKind.SELL, f"{self.label(seat)} sells {self.name(inst)}.")

    def call(self, seat: int, slot: int, pay: tuple[str, ...] | None, free: bool = False) -> None:
        if not free and not self.in_window(seat):
            self.need_main(seat, "Call a Legend")
        st = self.seat(seat)
        if st.called:
            raise refuse(
                RefusalCode.ALREADY_CALLED,
                "You already Called a Legend this turn (once per turn).\nCall again next turn.",
            )
        sl = st.legends[slot] if 0 <= slot < len(st.legends) else None
        if sl is None or sl.inst is None or sl.face_up:
            raise refuse(
                RefusalCode.BAD_SLOT,
                f"Slot {slot + 1} holds no face-down Legend.\nCall a face-down slot.",
            )
        if not free:
            self.pay(seat, 1, pay)
        st = self.seat(seat)
        sl = st.legends[slot]
        slots = list(st.legends)
        slots[slot] = evolve(sl, face_up=True)
        self.set_seat(seat, legends=tuple(slots), called=True)
        inst = sl.inst
        assert inst is not None
        self.emit(
            EventKind.CALL,
            f"{self.label(seat)} Calls slot {slot + 1}: {self.name(inst)}.",
            inst=inst,
        )
        self.fire(inst, Trigger.CALL)

    def play(self, seat: int, a: act.Play) -> None:
        window = self.in_window(seat)
        if not window:
            self.need_main(seat, "play a card")
        st = self.seat(seat)
        inst = a.card
        if inst in st.hand:
            card = self.card(inst)
            if window and not (
                card.type is CardType.PROGRAM and Keyword.QUICK in card.text.keywords
            ):
                raise refuse(
                    RefusalCode.NOT_QUICK,
                    f"{card.full_name} is not QUICK.\nIn a reaction window play only QUICK "
                    "cards, block, Call or pass.",
                )
            if card.type is CardType.GEAR:
                self.play_gear(seat, inst, a.target, a.pay)
            elif card.type is CardType.PROGRAM:
                self.pay(seat, self.card_payment(seat, card), a.pay)
                self.take_from_hand(seat, inst)
                self.emit(EventKind.PLAY, f"{self.label(seat)} plays {card.full_name}.")
                self.push_frame(seat, inst, self.effects_of(card), program=True)
                self.watch(seat, Trigger.YOU_PLAY, inst)
            else:
                self.pay(seat, self.card_payment(seat, card), a.pay)
                self.take_from_hand(seat, inst)
                u = Unit(inst=inst, arrived=self.s.turn)
                self.set_seat(seat, field=self.seat(seat).field + (u,))
                self.emit(EventKind.PLAY, f"{self.label(seat)} plays {card.full_name}.")
                self.fire(inst, Trigger.PLAY)
                self.watch(seat, Trigger.YOU_PLAY, inst)
            return
        if window:
            raise refuse(
                RefusalCode.NOT_QUICK,
                "In a reaction window you may play only QUICK cards from your hand.\n"
                "Block, Call or pass instead.",
            )
        if self.slot_of(inst) is not None and owner(inst) == seat:
            self.play_legend(seat, inst, a)
            return
        raise refuse(
            RefusalCode.NOT_IN_HAND,
            "That card is not in your hand or your Legends area.\nPick a card you can play.",
        )

    def effects_of(self, card: Card) -> tuple[Effect, ...]:
        """T20: the current text, or the old ruling's reading with the table option."""
        if self.s.options.legacy_choice_on_play and card.legacy_effects:
            return card.legacy_effects
        return card.effects

    def take_from_hand(self, seat: int, inst: str) -> None:
        hand = list(self.seat(seat).hand)
        hand.remove(inst)
        self.set_seat(seat, hand=tuple(hand))

    def valid_host(self, seat: int, host: str | None) -> bool:
        """T28: your own Unit or your own face-up Legend, in the area or on the field."""
        if host is None or host not in self.s.cards or owner(host) != seat:
            return False
        return self.unit(host) is not None or self.face_up_in_area(host)

    def play_gear(
        self, seat: int, inst: str, host: str | None, pay: tuple[str, ...] | None
    ) -> None:
        card = self.card(inst)
        if host is None:
            raise refuse(
                RefusalCode.NEEDS_HOST,
                f"{card.full_name} is Gear: it needs a host.\nChoose one of your Units or "
                "face-up Legends as the target.",
            )
        if not self.valid_host(seat, host):
            raise refuse(
                RefusalCode.BAD_HOST,
                "Gear equips only your own Unit or your own face-up Legend (T28).\n"
                "Choose one of those.",
            )
        self.pay(seat, self.card_payment(seat, card), pay)
        self.take_from_hand(seat, inst)
        self.attach(host, inst)
        self.emit(
            EventKind.EQUIP, f"{self.label(seat)} equips {self.name(host)} with {card.full_name}."
        )
        if self.effects_of(card):
            self.push_frame(seat, host, self.effects_of(card))
        self.watch(seat, Trigger.YOU_PLAY, inst)

    def attach(self, host: str, gear: str) -> None:
        seat = owner(host)
        st = self.seat(seat)
        if self.unit(host) is not None:
            field = tuple(
                evolve(u, gear=u.gear + (gear,)) if u.inst == host else u for u in st.field
            )
            self.set_seat(seat, field=field)
        else:
            slots = tuple(
                evolve(sl, gear=sl.gear + (gear,)) if sl.inst == host else sl for sl in st.legends
            )
            self.set_seat(seat, legends=slots)

    def play_legend(self, seat: int, inst: str, a: act.Play) -> None:
        card = self.card(inst)
        sl = self.slot(inst)
        assert sl is not None
        if not sl.face_up:
            raise refuse(
                RefusalCode.BAD_SLOT,
                "A face-down Legend can't be played or go solo (T4).\nCall it first.",
            )
        if card.cost is None:
            raise refuse(
                RefusalCode.NULL_COST,
                f"{card.full_name} has the null cost: it can never be played to the field.\n"
                "Use its abilities from the Legends area.",
            )
        solo = a.solo and Keyword.GO_SOLO in self.keywords(inst)
        self.pay(seat, self.card_payment(seat, card), a.pay)
        sl = self.slot(inst)
        assert sl is not None
        st = self.seat(seat)
        slots = tuple(Slot(inst=None) if x.inst == inst else x for x in st.legends)
        unit = Unit(
            inst=inst,
            spent=False if solo else sl.spent,  # T5
            lag=True,
            gear=sl.gear,
            solo=solo,
            arrived=self.s.turn,
            may_attack_now=solo,
        )
        self.set_seat(seat, legends=slots, field=st.field + (unit,))
        how = "goes solo" if solo else "enters the field"
        self.emit(EventKind.PLAY, f"{self.label(seat)} plays {card.full_name}: it {how}.")
        self.fire(inst, Trigger.PLAY)
        self.watch(seat, Trigger.YOU_PLAY, inst)

    def activate(self, seat: int, a: act.Activate) -> None:
        window = self.in_window(seat)
        if not window:
            self.need_main(seat, "activate an ability")
        inst = a.card
        if inst not in self.s.cards or owner(inst) != seat or not self.in_play(inst):
            raise refuse(
                RefusalCode.NO_SUCH_CARD,
                "You control no such card in play.\nPick one of your Units or face-up Legends.",
            )
        abilities = self.abilities(inst)
        if not 0 <= a.ability < len(abilities):
            raise refuse(
                RefusalCode.NO_SUCH_ABILITY,
                f"{self.name(inst)} has no ability {a.ability + 1}.\nPick one it has.",
            )
        ab = abilities[a.ability]
        if window and not ab.quick:
            raise refuse(
                RefusalCode.NOT_QUICK,
                "That ability is not QUICK.\nIn a reaction window use only QUICK abilities.",
            )
        if not self.can_use_ability(inst, ab):
            raise refuse(
                RefusalCode.CANT_ACTIVATE,
                f"{self.name(inst)} can't use that ability now (it must be ready, and a Unit "
                "can't use ⊡ with Lag or on the turn it arrives).\nTry again next turn.",
            )
        self.pay(seat, self.ability_payment(seat, ab), a.pay)
        if ab.spend:
            self.spend(inst)
        self.emit(EventKind.ACTIVATE, f"{self.label(seat)} activates {self.name(inst)}.")
        self.push_frame(seat, inst, ab.effects)
