"""The Cyberpunk TCG reducer: `apply(duel, action, content) -> Outcome`.

Pure and deterministic: no I/O, no clock; randomness (roll-off, shuffles, Gig rolls) only
through the state's recorded `Rng`. A refused action raises `IllegalAction` (a `Refusal`
with a `RefusalCode`) and the given duel is untouched; an accepted one returns a duel with
`version + 1` and the events it caused. After each action the engine runs everything that
needs no decision (the pending pool, the start and end phases) and stops at the next
decision: a prompt, a reaction window, or a player's free choice.

Rulings T1…T28 and sections §1…§14: docs/rules/tcg.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.core.rng import Rng
from rules.tcg import actions as act
from rules.tcg.board import owner, steal_count
from rules.tcg.cards import (
    Card,
    CardType,
    DeckList,
    Effect,
    Keyword,
    StaticKind,
    TcgContent,
    Trigger,
)
from rules.tcg.codes import EventKind, Phase, PromptKind, RefusalCode
from rules.tcg.decks import deck_problems
from rules.tcg.options import TcgOptions
from rules.tcg.resolve import Resolver
from rules.tcg.state import (
    WIN_GIGS,
    Attack,
    Die,
    Duel,
    Eddie,
    Option,
    Prompt,
    Result,
    Seat,
    Slot,
    Unit,
    evolve,
)


@dataclass(frozen=True)
class Outcome:
    state: Duel
    events: tuple[Event, ...]


def refuse(code: RefusalCode, message: str) -> IllegalAction:
    return IllegalAction.of(code, message)


def new_duel(
    *,
    duel_id: str,
    players: tuple[str, str],
    names: tuple[str, str],
    decks: tuple[DeckList, DeckList],
    seed: int,
    content: TcgContent,
    options: TcgOptions | None = None,
) -> Duel:
    """A duel waiting on its chooser (§3.1): the d20 roll-off is simulated here, ties
    rerolled; the chooser then picks first or second with `Choose`."""
    opts = options or TcgOptions()
    for i, deck in enumerate(decks):
        problems = deck_problems(deck, content, demo=opts.demo_decks)
        if problems:
            raise refuse(
                RefusalCode.ILLEGAL_DECK,
                f"{names[i]}'s deck '{deck.name}' is not legal: {'; '.join(problems)}.\n"
                "Fix the deck (deck check lists every problem) and try again.",
            )
    rng = Rng(seed=seed)
    while True:
        rng, a = rng.randint(1, 20)
        rng, b = rng.randint(1, 20)
        if a != b:
            break
    chooser = 0 if a > b else 1
    cards: dict[str, str] = {}
    seats: list[Seat] = []
    for i, deck in enumerate(decks):
        legends = []
        for n, cid in enumerate(deck.legends):
            inst = f"{i}-L{n}"
            cards[inst] = cid
            legends.append(inst)
        main = []
        for n, cid in enumerate(deck.main_ids()):
            inst = f"{i}-{n}"
            cards[inst] = cid
            main.append(inst)
        seats.append(
            Seat(
                player=players[i],
                name=names[i],
                deck_id=deck.id,
                deck=tuple(main),
                legend_list=tuple(legends),
                legends=tuple(Slot(inst=x) for x in legends),
            )
        )
    prompt = Prompt(
        seat=chooser,
        kind=PromptKind.FIRST_OR_SECOND,
        text=f"{names[chooser]} won the roll-off: go first or second?",
        options=(Option(key="first", label="Go first"), Option(key="second", label="Go second")),
        private=False,
    )
    return Duel(
        id=duel_id,
        pack=content.id,
        pack_version=content.version,
        options=opts,
        rng=rng,
        seats=(seats[0], seats[1]),
        cards=cards,
        chooser=chooser,
        prompt=prompt,
    )


def apply(state: Duel, action: act.Action, content: TcgContent) -> Outcome:
    eng = _Engine(state, content)
    eng.dispatch(action)
    eng.advance()
    new = evolve(eng.s, version=state.version + 1)
    return Outcome(new, tuple(eng.events))


def check(state: Duel, action: act.Action, content: TcgContent) -> Refusal | None:
    try:
        apply(state, action, content)
    except IllegalAction as e:
        return e.refusal
    return None


class _Engine(Resolver):
    # ---- dispatch --------------------------------------------------------------------------------

    def dispatch(self, a: act.Action) -> None:
        if self.s.result is not None:
            raise refuse(RefusalCode.GAME_OVER, "The duel is over.\nStart a new duel to play.")
        seat = self.seat_of_player(a.player)
        if seat is None:
            raise refuse(
                RefusalCode.NOT_A_PLAYER,
                "You are not playing in this duel.\nYou can watch: the board is public.",
            )
        if isinstance(a, act.Concede):
            self.emit(EventKind.GAME_OVER, f"{self.label(seat)} concedes.")
            self.set_result(1 - seat, "concede")
            return
        if isinstance(a, act.Choose):
            self.choose(seat, a.option)
            return
        if self.s.prompt is not None:
            who = self.label(self.s.prompt.seat)
            raise refuse(
                RefusalCode.PROMPT_PENDING,
                f"A choice is waiting on {who}.\nAnswer it first (choose).",
            )
        if isinstance(a, act.Mulligan | act.Keep):
            self.mulligan(seat, isinstance(a, act.Mulligan))
        elif isinstance(a, act.Roll):
            self.roll(seat, a.die)
        elif isinstance(a, act.Sell):
            self.sell(seat, a.card)
        elif isinstance(a, act.Call):
            self.call(seat, a.slot, a.pay)
        elif isinstance(a, act.Play):
            self.play(seat, a)
        elif isinstance(a, act.Activate):
            self.activate(seat, a)
        elif isinstance(a, act.Attack):
            self.declare_attack(seat, a.unit, a.target)
        elif isinstance(a, act.Block):
            self.block(seat, a.unit)
        elif isinstance(a, act.Pass):
            self.pass_window(seat)
        elif isinstance(a, act.End):
            self.end_turn(seat)

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

    # ---- setup (§3, T13) -------------------------------------------------------------------------

    def choose_first(self, seat: int, key: str) -> None:
        first = seat if key == "first" else 1 - seat
        self.set(first=first, active=first)
        self.emit(EventKind.CHOSE, f"{self.label(seat)} chooses to go {key}.")
        for i in (0, 1):
            st = self.seat(i)
            deck = self.shuffle(st.deck)
            legends = self.shuffle(st.legend_list)
            slots = tuple(
                Slot(
                    inst=x,
                    spent=(i == first and n < 2),
                    skip_first_ready=(i == first and n < 2),
                )
                for n, x in enumerate(legends)
            )
            self.set_seat(i, deck=tuple(deck), legends=slots)
        for i in (first, 1 - first):
            self.draw(i, 6, quiet=True)
        self.emit(
            EventKind.SETUP,
            f"Decks and Legends are shuffled; {self.label(first)} goes first and spends "
            "their two leftmost Legends. Each player draws 6.",
        )
        self.set(phase=Phase.MULLIGAN)

    def decider(self) -> int:
        first = self.s.first
        return first if self.seat(first).mulligan is None else 1 - first

    def mulligan(self, seat: int, take: bool) -> None:
        if self.s.phase is not Phase.MULLIGAN:
            raise refuse(
                RefusalCode.WRONG_PHASE,
                "Mulligans happen only during setup.\nPlay on with the hand you have.",
            )
        if self.seat(seat).mulligan is not None:
            raise refuse(RefusalCode.ALREADY_DECIDED, "You already decided.\nWait for your rival.")
        if self.decider() != seat:
            raise refuse(
                RefusalCode.NOT_YOUR_TURN,
                "The first player decides first (§3).\nWait for them to mulligan or keep.",
            )
        if take:
            st = self.seat(seat)
            deck = self.shuffle(st.deck + st.hand)
            self.set_seat(seat, deck=tuple(deck), hand=(), mulligan=True)
            self.draw(seat, 6, quiet=True)
            self.emit(EventKind.MULLIGAN, f"{self.label(seat)} mulligans and draws 6.")
        else:
            self.set_seat(seat, mulligan=False)
            self.emit(EventKind.KEEP, f"{self.label(seat)} keeps.")
        if all(st.mulligan is not None for st in self.s.seats):
            self.begin_turn(self.s.first)

    # ---- turns (§4, T14, T15, T16) ---------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        empty = not self.seat(0).fixer and not self.seat(1).fixer
        for i in (0, 1):  # T3: counters reset at every turn start, for both players
            self.set_seat(i, sold=False, called=False)
        st = self.seat(seat)
        self.set_seat(seat, turns=st.turns + 1)
        self.set(
            active=seat,
            turn=self.s.turn + 1,
            phase=Phase.START,
            step=0,
            began_empty=self.s.began_empty + (empty,),
            peeked=(),
        )
        self.emit(EventKind.TURN, f"Turn {self.s.turn}: {self.label(seat)}.")

    def start_phase(self) -> None:
        seat = self.s.active
        if self.s.step == 0:
            # 1. Win check first: 7 Gigs with an empty deck wins (T14).
            if len(self.seat(seat).gigs) >= WIN_GIGS:
                self.emit(EventKind.GAME_OVER, f"{self.label(seat)} starts a turn with 7 Gigs.")
                self.set_result(seat, "7 Gigs")
                return
            # 2. "Until the start of your next turn" ends, then start-of-turn triggers.
            self.expire(lambda m: m.until == "your_next_turn" and m.seat == seat)
            for inst in self.live_cards(seat):
                self.fire(inst, Trigger.START_OF_TURN)
            self.set(step=1)
            return
        # 3. Ready all your spent cards; 4. draw (deck-out loses); 5. roll in.
        self.ready_all(seat)
        self.draw(seat, 1)
        self.settle()
        self.set(phase=Phase.ROLL, step=0)

    def ready_all(self, seat: int) -> None:
        st = self.seat(seat)
        field = tuple(
            evolve(u, no_ready=False) if u.no_ready else (evolve(u, spent=False) if u.spent else u)
            for u in st.field
        )
        slots = tuple(
            evolve(sl, no_ready=False, skip_first_ready=False)
            if (sl.no_ready or sl.skip_first_ready)
            else (evolve(sl, spent=False) if sl.spent else sl)
            for sl in st.legends
        )
        eddies = tuple(evolve(e, spent=False) if e.spent else e for e in st.eddies)
        self.set_seat(seat, field=field, legends=slots, eddies=eddies)
        self.emit(EventKind.READY, f"{self.label(seat)} readies their cards.")

    def roll_options(self, seat: int) -> list[int]:
        """T15: the d20 only as the last die; nothing when the fixer area is empty."""
        fixer = self.seat(seat).fixer
        if len(fixer) == 1:
            return list(fixer)
        return [d for d in fixer if d != 20]

    def roll(self, seat: int, size: int) -> None:
        if self.s.phase is not Phase.ROLL or self.s.active != seat:
            raise refuse(
                RefusalCode.WRONG_PHASE,
                "You roll in a Gig only at the end of your start phase.\nWait for your next turn.",
            )
        if size not in self.roll_options(seat):
            left = ", ".join(f"d{d}" for d in self.roll_options(seat))
            raise refuse(
                RefusalCode.BAD_DIE,
                f"You can't roll in a d{size} now (the d20 only as the last die).\n"
                f"Choose one of: {left}.",
            )
        self.roll_in(seat, size)

    def roll_in(self, seat: int, size: int) -> None:
        rng, value = self.s.rng.randint(1, size)
        self.set(rng=rng)
        st = self.seat(seat)
        fixer = list(st.fixer)
        fixer.remove(size)
        die = Die(id=f"{seat}d{size}", size=size, value=value)
        self.set_seat(seat, fixer=tuple(fixer), gigs=st.gigs + (die,))
        self.emit(EventKind.ROLL, f"{self.label(seat)} rolls in a d{size}: {value}.")
        self.set(phase=Phase.MAIN)

    def end_turn(self, seat: int) -> None:
        self.need_main(seat, "end your turn")
        inst = self.must_attack_first(seat)
        if inst is not None:
            raise refuse(
                RefusalCode.MUST_ATTACK,
                f"{self.name(inst)} must attack while it can.\nAttack with it first.",
            )
        self.set(phase=Phase.END, step=0)

    def end_phase(self) -> None:
        seat = self.s.active
        if self.s.step == 0:
            for inst in self.live_cards(seat):
                self.fire(inst, Trigger.END_OF_TURN)
            self.set(step=1)
            return
        self.expire(lambda m: m.until == "end_of_turn")
        for i in (0, 1):  # every Unit on both sides loses Lag
            st = self.seat(i)
            self.set_seat(
                i,
                field=tuple(
                    evolve(u, lag=False, may_attack_now=False) if (u.lag or u.may_attack_now) else u
                    for u in st.field
                ),
            )
        self.emit(EventKind.END_TURN, f"{self.label(seat)} ends their turn.")
        be = self.s.began_empty
        if not self.s.overtime and len(be) >= 2 and be[-1] and be[-2]:
            self.set(overtime=True)
            self.emit(EventKind.OVERTIME, "Overtime: 7 Gigs now win at once.")
            self.overtime_check()
            if self.s.result is not None:
                return
        self.begin_turn(1 - seat)

    def overtime_check(self) -> None:
        """T16: in Overtime, 7 or more Gigs win at any moment."""
        if not self.s.overtime or self.s.result is not None:
            return
        for i in (self.s.active, 1 - self.s.active):
            if len(self.seat(i).gigs) >= WIN_GIGS:
                self.emit(EventKind.GAME_OVER, f"{self.label(i)} holds 7 Gigs in Overtime.")
                self.set_result(i, "7 Gigs (Overtime)")
                return

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
            else:
                self.pay(seat, self.card_payment(seat, card), a.pay)
                self.take_from_hand(seat, inst)
                u = Unit(inst=inst, arrived=self.s.turn)
                self.set_seat(seat, field=self.seat(seat).field + (u,))
                self.emit(EventKind.PLAY, f"{self.label(seat)} plays {card.full_name}.")
                self.fire(inst, Trigger.PLAY)
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
        n = min(self.steal_amount(a.attacker), len(self.seat(1 - a.seat).gigs))
        self.set(attack=evolve(a, window=False, steals_left=n))
        if n == 0:
            self.emit(EventKind.STEAL, "The attack steals nothing.")
            self.set(attack=None)
        else:
            self.steal_next()

    def steal_amount(self, inst: str) -> int:
        return steal_count(self.power(inst))

    def steal_next(self) -> None:
        """The attacker picks the dice (§8): asked only when it is a real choice."""
        a = self.s.attack
        assert a is not None
        gigs = self.seat(1 - a.seat).gigs
        if a.steals_left >= len(gigs) or len({(d.size, d.value) for d in gigs}) == 1:
            self.take_gig(a.seat, gigs[0].id, attacker=a.attacker)
            self.after_steal()
            return
        self.ask(
            a.seat,
            PromptKind.STEAL,
            f"{self.label(a.seat)}: choose a Gig to steal.",
            [Option(key=d.id, label=f"d{d.size}: {d.value}") for d in gigs],
            private=False,
        )

    def after_steal(self) -> None:
        a = self.s.attack
        assert a is not None
        left = a.steals_left - 1
        if left <= 0 or not self.seat(1 - a.seat).gigs:
            self.set(attack=None)
        else:
            self.set(attack=evolve(a, steals_left=left))
            self.steal_next()

    def take_gig(self, seat: int, die_id: str, attacker: str | None = None) -> None:
        """T18: the die moves as it lies."""
        rv = 1 - seat
        gigs = self.seat(rv).gigs
        die = next(d for d in gigs if d.id == die_id)
        self.set_seat(rv, gigs=tuple(d for d in gigs if d.id != die_id))
        self.set_seat(seat, gigs=self.seat(seat).gigs + (die,))
        self.emit(EventKind.STEAL, f"{self.label(seat)} steals d{die.size}: {die.value}.")
        if attacker is not None:
            self.fire(attacker, Trigger.STEALS)
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

    # ---- prompts ---------------------------------------------------------------------------------

    def choose(self, seat: int, key: str) -> None:
        p = self.s.prompt
        if p is None or p.seat != seat:
            raise refuse(
                RefusalCode.NO_PROMPT,
                "Nothing is waiting on your choice.\nUse an action instead.",
            )
        if key not in {o.key for o in p.options}:
            keys = ", ".join(o.key for o in p.options)
            raise refuse(
                RefusalCode.BAD_OPTION, f"'{key}' is not an option.\nChoose one of: {keys}."
            )
        self.set(prompt=None)
        if p.kind is PromptKind.FIRST_OR_SECOND:
            self.choose_first(seat, key)
        elif p.kind is PromptKind.STEAL:
            a = self.s.attack
            assert a is not None
            self.take_gig(seat, key, attacker=a.attacker)
            self.after_steal()
        elif p.kind is PromptKind.ORDER_PENDING:
            self.start_pending(int(key))
        elif p.kind is PromptKind.MAY:
            self.answer_may(int(p.ref), key == "yes")
        else:
            self.answer_frame(key)

    # ---- the driver ------------------------------------------------------------------------------

    def advance(self) -> None:
        """Run everything that needs no decision; stop at the next one."""
        for _ in range(10_000):
            s = self.s
            self.overtime_check()
            if s.result is not None or self.s.result is not None or self.s.prompt is not None:
                return
            s = self.s
            if s.frames:
                self.step_frame()
            elif s.pool:
                self.step_pool()
            elif s.attack is not None and s.attack.steals_left == 0:
                if s.attack.window:
                    if self.attack_broken() is None:
                        return
                    self.attack_step()
                else:
                    self.attack_step()
            elif s.attack is not None:
                return
            elif s.phase is Phase.START:
                self.start_phase()
            elif s.phase is Phase.ROLL:
                opts = self.roll_options(s.active)
                if not opts:
                    self.set(phase=Phase.MAIN)
                elif len(opts) == 1:
                    self.roll_in(s.active, opts[0])
                else:
                    return
            elif s.phase is Phase.END:
                self.end_phase()
            else:
                return
        raise RuntimeError("the duel did not settle (an effect loop)")

    def call_free(self, seat: int, slot: int) -> None:
        self.call(seat, slot, None, free=True)

    def set_result(self, winner: int | None, reason: str) -> None:
        if self.s.result is not None:
            return
        self.set(result=Result(winner=winner, reason=reason), phase=Phase.OVER, prompt=None)
        text = "The duel is a draw." if winner is None else f"{self.label(winner)} wins ({reason})."
        self.emit(EventKind.GAME_OVER, text, winner=-1 if winner is None else winner)
