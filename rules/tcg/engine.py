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
from rules.tcg.cards import (
    DeckList,
    TcgContent,
    Trigger,
)
from rules.tcg.codes import EventKind, Phase, PromptKind, RefusalCode
from rules.tcg.decks import deck_problems
from rules.tcg.options import TcgOptions
from rules.tcg.play import MainPhase
from rules.tcg.resolve import refuse
from rules.tcg.state import (
    WIN_GIGS,
    Die,
    Duel,
    Option,
    Prompt,
    Result,
    Seat,
    Slot,
    evolve,
)


@dataclass(frozen=True)
class Outcome:
    state: Duel
    events: tuple[Event, ...]


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


class _Engine(MainPhase):
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
            history=(),  # "each turn" looks back over this turn only (§10)
            used_once=(),
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
        elif p.ref == "attack":  # an attack's steal; the victim may be the one picking
            a = self.s.attack
            assert a is not None
            self.take_gig(a.seat, key, attacker=a.attacker)
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
            elif s.attack is not None and s.attack.steals_left > 0 and not s.attack.window:
                self.steal_next()  # after a replaced steal's `instead` (combat.after_steal)
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
