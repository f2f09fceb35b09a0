"""The Cyberpunk Legends reducer: `apply(table, action, content) -> Outcome`.

Pure and deterministic: no I/O, no clock, randomness only through the state's recorded
`Rng`. An illegal action raises `IllegalAction` with a player-facing reason and leaves the
given table untouched (states are immutable; a refused action simply never returns one).
Every accepted action returns a table with `version + 1` and the events it caused.

Rule references (R1…R15) point at `legends-rulings.md`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.core.rng import Rng
from rules.legends import effects as fx
from rules.legends.actions import (
    SYSTEM_PLAYER,
    Abandon,
    Action,
    Buy,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Join,
    Leave,
    Play,
    Ready,
    Remove,
    SetOption,
    Solve,
    Start,
)
from rules.legends.cards import (
    ContentPack,
    PlayerCard,
    Role,
    Scenario,
    ScenarioCard,
    ScenarioKind,
    Suit,
)
from rules.legends.damage import matches, plan_damage, plan_heal
from rules.legends.evaluate import (
    EvalCard,
    EvalOptions,
    HitResult,
    check_to_hit,
    compile_card,
    count_symbols,
)
from rules.legends.named import NAMED_EFFECTS, NAMED_SCENE_EFFECTS
from rules.legends.options import TableOptions
from rules.legends.state import (
    ActiveObstacle,
    CleanupSeat,
    Frame,
    Option,
    PlanEntry,
    Prompt,
    PromptKind,
    Run,
    Runner,
    RunResult,
    SceneFrame,
    SeatZones,
    Table,
)

DECK_LIMIT = 3  # copies of one card in a deck (R15)
MIN_DECK = 10
DONE = "done"


_COMPILED: dict[tuple[str, int], tuple[PlayerCard, EvalCard]] = {}


def _compiled(inst: str, card: PlayerCard) -> EvalCard:
    """compile_card, memoized: instance ids and card objects are few and long-lived.
    The entry holds the card itself, so its id() cannot be reused while cached."""
    key = (inst, id(card))
    got = _COMPILED.get(key)
    if got is not None and got[0] is card:
        return got[1]
    if len(_COMPILED) > 50_000:
        _COMPILED.clear()
    compiled = compile_card(inst, card)
    _COMPILED[key] = (card, compiled)
    return compiled


@dataclass(frozen=True)
class Outcome:
    table: Table
    events: tuple[Event, ...]


def new_table(
    *,
    table_id: str,
    name: str,
    owner: str,
    campaign: str,
    seed: int,
    content: ContentPack,
    pack: str = "core",
    options: TableOptions | None = None,
) -> Table:
    if campaign not in content.campaigns:
        raise IllegalAction.of("unknown_campaign", f"There is no campaign called '{campaign}'.")
    camp = content.campaigns[campaign]
    return Table(
        id=table_id,
        name=name,
        owner=owner,
        pack=pack,
        campaign=campaign,
        options=options or TableOptions(),
        max_health=camp.max_health,
        rng=Rng(seed=seed),
    )


def apply(table: Table, action: Action, content: ContentPack) -> Outcome:
    eng = _Engine(table, content)
    eng.dispatch(action)
    return Outcome(
        table=eng.t.model_copy(update={"version": table.version + 1}), events=tuple(eng.events)
    )


def check(table: Table, action: Action, content: ContentPack) -> Refusal | None:
    """Why `action` would be refused now, or None if it is legal."""
    try:
        apply(table, action, content)
    except IllegalAction as exc:
        return exc.refusal
    return None


def refuse(code: str, message: str) -> IllegalAction:
    return IllegalAction.of(code, message)


def normalize_answer(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def seat_label(table: Table, seat: int) -> str:
    r = table.runners[seat]
    return f"{r.name} (merc)" if r.is_merc else r.name


class _Engine:
    """One action's worth of work on an immutable table."""

    def __init__(self, table: Table, content: ContentPack) -> None:
        self.t = table
        self.c = content
        self.events: list[Event] = []

    # ---- small helpers ------------------------------------------------------------

    @property
    def run(self) -> Run:
        if self.t.run is None:
            raise refuse(
                "no_run", "No run is in progress. The owner can start one with /legends start."
            )
        return self.t.run

    def set_run(self, **updates: Any) -> None:
        self.t = self.t.model_copy(update={"run": self.run.model_copy(update=updates)})

    def set_table(self, **updates: Any) -> None:
        self.t = self.t.model_copy(update=updates)

    def emit(self, kind: str, text: str, seats: Iterable[int] | None = None, **data: Any) -> None:
        self.events.append(
            Event(kind=kind, text=text, seats=None if seats is None else tuple(seats), data=data)
        )

    def name(self, seat: int) -> str:
        return seat_label(self.t, seat)

    def card_of(self, inst: str) -> PlayerCard:
        return self.c.cards[self.run.cards[inst]]

    def scenario(self) -> Scenario:
        return self.c.scenarios[self.run.scenario]

    def scard(self, order: int) -> ScenarioCard:
        for card in self.scenario().cards:
            if card.order == order:
                return card
        raise KeyError(order)

    def eval_opts(self) -> EvalOptions:
        o = self.t.options
        return EvalOptions(
            ace_low=o.ace_low,
            one_rank_per_card=o.one_rank_per_card,
            loose_or_better_suits=o.loose_or_better_suits,
        )

    def plan_cards(self) -> list[EvalCard]:
        return [_compiled(e.inst, self.card_of(e.inst)) for e in self.run.plan]

    def plan_size(self) -> int:
        run = self.run
        size = run.base_plan_size
        for e in run.plan:
            size += e.size_bonus
            for eff in self.card_of(e.inst).effects:
                if isinstance(eff, fx.PlanSize):
                    size += eff.amount
        for ob in run.active:
            size += self.scard(ob.order).plan_size
        return max(1, size)

    def seat_for(self, player: str, merc: bool) -> int:
        for i, r in enumerate(self.t.runners):
            if r.player == player and r.is_merc == merc:
                return i
        if merc:
            raise refuse("no_merc", "You have no merc at this table.")
        raise refuse("not_seated", "You are not seated at this table. Join with /legends join.")

    def run_seat_for(self, player: str, merc: bool) -> int:
        seat = self.seat_for(player, merc)
        if seat not in self.run.seats:
            raise refuse(
                "not_in_run", "You are not part of this run; you will be dealt in next run."
            )
        return seat

    def zones(self, seat: int) -> SeatZones:
        return self.run.zones[seat]

    def set_zones(self, seat: int, **updates: Any) -> None:
        zones = dict(self.run.zones)
        zones[seat] = zones[seat].model_copy(update=updates)
        self.set_run(zones=zones)

    def next_seat(self, seat: int) -> int:
        seats = self.run.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def is_manager(self, action: Start | SetOption | Abandon) -> bool:
        return action.player == self.t.owner or action.manager

    # ---- dispatch -----------------------------------------------------------------

    def dispatch(self, action: Action) -> None:
        handler = getattr(self, f"do_{action.type}")
        try:
            handler(action)
        except _Flatline:
            self._flatline()

    # ---- campaign management --------------------------------------------------------

    def role_taken(self, role: Role) -> int:
        return sum(1 for r in self.t.runners if r.role == role)

    def do_join(self, a: Join) -> None:
        if any(r.player == a.player and not r.is_merc for r in self.t.runners):
            raise refuse("already_seated", "You already have a seat at this table.")
        if a.player == SYSTEM_PLAYER:
            raise refuse("bad_player", "The system cannot take a seat.")
        copies = 1 + self.t.options.extra_role_decks
        wanted = [a.role] + ([a.merc] if a.merc else [])
        for role in set(wanted):
            if self.role_taken(role) + wanted.count(role) > copies:
                raise refuse(
                    "role_taken",
                    f"The {role.value.title()} deck is already taken. Pick another role, or the "
                    "owner can allow extra role decks with /legends options.",
                )
        for role in wanted:
            if role not in self.c.roles:
                raise refuse("unknown_role", f"This pack has no {role.value} deck.")
        humans = [r for r in self.t.runners if not r.is_merc]
        if a.merc is not None and humans:
            raise refuse("merc_not_alone", "A merc can only be hired by a runner playing alone.")
        if humans and any(r.is_merc for r in self.t.runners):
            raise refuse(
                "merc_table",
                "This crew runs with a merc; the merc's owner must leave before others join.",
            )
        # R15: a runner joining a running campaign shops with what the others have spent.
        spent = [r.eddies_spent for r in self.t.runners]
        start = self.c.campaigns[self.t.campaign].starting_eddies
        eddies = max(start, sum(spent) // len(spent)) if spent else start
        new = [
            Runner(
                player=a.player,
                name=a.name,
                role=a.role,
                deck=self.c.roles[a.role].cards,
                eddies=eddies,
            )
        ]
        if a.merc is not None:
            new.append(
                Runner(
                    player=a.player,
                    name=a.name,
                    role=a.merc,
                    is_merc=True,
                    deck=self.c.roles[a.merc].cards,
                    eddies=eddies,
                )
            )
        self.set_table(runners=self.t.runners + tuple(new))
        text = f"{a.name} joins the crew as the {a.role.value.title()}"
        if a.merc:
            text += f", with a {a.merc.value.title()} merc"
        if self.t.run is not None:
            text += " (dealt in from the next run)"
        self.emit("joined", text + ".")

    def do_leave(self, a: Leave) -> None:
        me = self.seat_for(a.player, False)
        mine = [i for i, r in enumerate(self.t.runners) if r.player == a.player]
        if self.t.run is None:
            leaver = self.t.runners[me].name
            self.set_table(runners=tuple(r for r in self.t.runners if r.player != a.player))
            self.emit("left", f"{leaver} leaves the crew.")
            return
        run = self.run
        remaining = [s for s in run.seats if s not in mine]
        if not remaining:
            raise refuse(
                "last_runner",
                "You are the last runner in this run. The owner can /legends abandon it instead.",
            )
        if run.phase != "flip":
            raise refuse(
                "leave_mid_plan",
                "You can leave mid-run only between Obstacles, when the Leader is about to flip.",
            )
        leader = run.leader
        if leader in mine:
            leader = next(s for s in self._seats_after(leader) if s not in mine)
        self.set_run(seats=tuple(remaining), leader=leader)
        runners = tuple(
            r.model_copy(update={"leaving": True}) if i in mine else r
            for i, r in enumerate(self.t.runners)
        )
        self.set_table(runners=runners)
        self.emit("left", f"{self.t.runners[me].name} leaves the crew mid-run.")

    def _seats_after(self, seat: int) -> list[int]:
        seats = list(self.run.seats)
        i = seats.index(seat)
        return seats[i + 1 :] + seats[:i]

    def do_set_option(self, a: SetOption) -> None:
        if not self.is_manager(a):
            raise refuse(
                "not_owner", "Only the campaign's owner or a channel manager can change options."
            )
        fields = TableOptions.model_fields
        if a.name not in fields:
            raise refuse(
                "unknown_option", f"There is no option '{a.name}'. Options: {', '.join(fields)}."
            )
        rules_options = {
            "ace_low",
            "one_rank_per_card",
            "assign_damage",
            "loose_or_better_suits",
            "extra_role_decks",
        }
        if a.name in rules_options and self.t.run is not None:
            raise refuse("option_mid_run", "Rules options can only change between runs.")
        data = self.t.options.model_dump()
        data[a.name] = a.value
        try:
            options = TableOptions.model_validate(data)
        except ValueError:
            raise refuse(
                "bad_option_value", f"'{a.value}' is not a valid value for {a.name}."
            ) from None
        self.set_table(options=options)
        self.emit("option", f"Option {a.name} is now {getattr(options, a.name)}.")

    def do_abandon(self, a: Abandon) -> None:
        if not self.is_manager(a):
            raise refuse(
                "not_owner", "Only the campaign's owner or a channel manager can abandon a run."
            )
        run = self.run
        self._end_run("abandoned", run)
        self.emit("abandoned", "The run was abandoned. The campaign stays; start again any time.")

    def do_solve(self, a: Solve) -> None:
        if not any(r.player == a.player for r in self.t.runners):
            raise refuse("not_seated", "Only the crew can submit answers. Join with /legends join.")
        guess = normalize_answer(a.answer)
        if not guess:
            raise refuse("empty_answer", "Type an answer to submit.")
        for ref in self.t.clues:
            scen_id, order = ref.split(":")
            card = next(c for c in self.c.scenarios[scen_id].cards if c.order == int(order))
            puzzle = card.puzzle
            if puzzle is None or puzzle.id in self.t.solved:
                continue
            if guess in {normalize_answer(x) for x in puzzle.answers}:
                self.set_table(solved=self.t.solved + (puzzle.id,))
                self.emit("solved", f"Correct! The crew cracked '{card.name}'.")
                if puzzle.unlock_pack:
                    self._unlock(puzzle.unlock_pack)
                if puzzle.eddies:
                    self._gain_eddies(puzzle.eddies)
                if puzzle.memory:
                    self._set_memory(puzzle.memory)
                return
        raise refuse(
            "wrong_answer", "That answer doesn't crack any open clue. No harm done; try again."
        )

    def shop_cards(self) -> list[str]:
        out: list[str] = []
        for pack in self.c.upgrade_packs.values():
            if pack.sealed and pack.id not in self.t.unlocked:
                continue
            out.extend(c for c in pack.cards if c not in out)
        return out

    def do_buy(self, a: Buy) -> None:
        seat = self.seat_for(a.player, a.merc)
        if self.t.run is not None:
            raise refuse("shop_mid_run", "The Upgrade Pool opens between runs.")
        if a.card not in self.c.cards:
            raise refuse(
                "unknown_card", "There is no such card. Use /legends shop to see the pool."
            )
        if a.card not in self.shop_cards():
            raise refuse("not_in_pool", "That card is not in the Upgrade Pool (yet).")
        runner = self.t.runners[seat]
        card = self.c.cards[a.card]
        if runner.deck.count(a.card) >= DECK_LIMIT:
            raise refuse(
                "deck_limit", f"A deck may hold at most {DECK_LIMIT} copies of {card.name}."
            )
        if runner.eddies < card.cost:
            raise refuse(
                "no_eddies", f"{card.name} costs {card.cost} Eddies; you have {runner.eddies}."
            )
        runner = runner.model_copy(
            update={
                "deck": runner.deck + (a.card,),
                "eddies": runner.eddies - card.cost,
                "eddies_spent": runner.eddies_spent + card.cost,
            }
        )
        self._replace_runner(seat, runner)
        self.emit("bought", f"{runner.name} buys an upgrade.", data_seat=seat)
        self.emit("bought_private", f"You bought {card.name} for {card.cost} Eddies.", seats=[seat])

    def do_remove(self, a: Remove) -> None:
        seat = self.seat_for(a.player, a.merc)
        if self.t.run is not None:
            raise refuse("remove_mid_run", "You can change your deck between runs.")
        runner = self.t.runners[seat]
        if a.card not in runner.deck:
            raise refuse("not_in_deck", "That card is not in your deck. See /legends deck.")
        if len(runner.deck) <= MIN_DECK:
            raise refuse("deck_too_small", f"A deck needs at least {MIN_DECK} cards.")
        deck = list(runner.deck)
        deck.remove(a.card)
        self._replace_runner(seat, runner.model_copy(update={"deck": tuple(deck)}))
        self.emit(
            "removed", f"You removed {self.c.cards[a.card].name} from your deck.", seats=[seat]
        )

    def _replace_runner(self, seat: int, runner: Runner) -> None:
        runners = list(self.t.runners)
        runners[seat] = runner
        self.set_table(runners=tuple(runners))

    # ---- starting and ending runs ----------------------------------------------------

    def do_start(self, a: Start) -> None:
        if not self.is_manager(a):
            raise refuse(
                "not_owner", "Only the campaign's owner or a channel manager can start a run."
            )
        if self.t.run is not None:
            raise refuse(
                "run_active", "A run is already in progress. Finish or /legends abandon it first."
            )
        seats = tuple(i for i, r in enumerate(self.t.runners) if not r.leaving)
        if not seats:
            raise refuse("no_runners", "Nobody is seated yet. Players join with /legends join.")
        camp = self.c.campaigns[self.t.campaign]
        trauma = False
        if a.scenario is not None:
            if a.scenario not in self.c.scenarios or a.scenario in camp.trauma_packs:
                raise refuse("unknown_scenario", f"There is no scenario '{a.scenario}'.")
            scen_id = a.scenario
        elif self.t.next_trauma is not None:
            scen_id, trauma = self.t.next_trauma, True
        elif self.t.progress < len(camp.scenarios):
            scen_id = camp.scenarios[self.t.progress]
        else:
            raise refuse(
                "campaign_done",
                "The campaign is complete. Name a scenario to replay it.",
            )
        scen = self.c.scenarios[scen_id]
        rng = self.t.rng
        zones: dict[int, SeatZones] = {}
        cards: dict[str, str] = {}
        for seat in seats:
            rng, deck = rng.shuffle(self.t.runners[seat].deck)
            # Instance ids are assigned after the shuffle so an id says nothing of its card.
            insts = []
            for n, card_id in enumerate(deck):
                inst = f"s{seat}c{n:02d}"
                cards[inst] = card_id
                insts.append(inst)
            zones[seat] = SeatZones(deck=tuple(insts))
        health = self.t.max_health
        run = Run(
            scenario=scen_id,
            trauma=trauma,
            deck=tuple(c.order for c in scen.deck_in_order()),
            zones=zones,
            cards=cards,
            seats=seats,
            leader=seats[0],
            health=health,
            max_health=health,
        )
        self.set_table(run=run, rng=rng)
        label = "Trauma Pack" if trauma else "Scenario"
        self.emit("run_started", f"{label}: {scen.name}. {scen.intro}".strip())
        for seat in seats:
            self.draw(seat, self.run.hand_size)
        self.emit("leader", f"{self.name(self.run.leader)} holds the Leader Token and flips first.")

    def _end_run(self, outcome: Literal["complete", "flatlined", "abandoned"], run: Run) -> None:
        result = RunResult(
            scenario=run.scenario, outcome=outcome, health=max(0, run.health), rounds=run.round
        )
        runners = tuple(r for r in self.t.runners if not r.leaving)
        self.set_table(run=None, history=self.t.history + (result,), runners=runners)

    def _complete(self) -> None:
        run = self.run
        scen = self.scenario()
        camp = self.c.campaigns[self.t.campaign]
        self._end_run("complete", run)
        if run.trauma:
            self.set_table(
                next_trauma=None,
                max_health=max(1, self.t.max_health + scen.max_health_change),
            )
            if scen.max_health_change:
                self.emit("max_health", f"The crew's max Health is now {self.t.max_health}.")
            if scen.after == "next":
                self.set_table(progress=self.t.progress + 1)
            self.emit("trauma_done", f"{scen.name} is over. The crew is back on its feet.")
            return
        self.emit(
            "complete", f"Run complete: {scen.name}. The crew made it out with {run.health} Health."
        )
        rw = scen.rewards
        if rw.eddies:
            self._gain_eddies(rw.eddies)
        if rw.cards:
            self._add_cards(rw.cards)
        for pack in rw.unlock_packs:
            self._unlock(pack)
        progress = self.t.progress
        if progress < len(camp.scenarios) and camp.scenarios[progress] == run.scenario:
            progress += 1
        self.set_table(completed=self.t.completed + (run.scenario,), progress=progress)
        if progress >= len(camp.scenarios):
            self.emit("campaign_done", f"Campaign {camp.name} complete. Legends, all of you.")

    def _flatline(self) -> None:
        run = self.run
        camp = self.c.campaigns[self.t.campaign]
        self._end_run("flatlined", run)
        self.emit("flatlined", "The crew's Health hit 0. Flatlined.")
        if camp.trauma_packs:
            pack = camp.trauma_packs[min(self.t.trauma_opened, len(camp.trauma_packs) - 1)]
            self.set_table(next_trauma=pack, trauma_opened=self.t.trauma_opened + 1)
            self.emit(
                "trauma",
                f"Trauma Team is on the way: {self.c.scenarios[pack].name} "
                "is next. The owner starts it with /legends start.",
            )

    # ---- campaign rewards ----------------------------------------------------------

    def _gain_eddies(self, amount: int) -> None:
        seats = self.run.seats if self.t.run is not None else range(len(self.t.runners))
        runners = list(self.t.runners)
        for s in seats:
            runners[s] = runners[s].model_copy(update={"eddies": runners[s].eddies + amount})
        self.set_table(runners=tuple(runners))
        self.emit("eddies", f"Each runner gains {amount} Eddie{'' if amount == 1 else 's'}.")

    def _add_cards(self, card_ids: Sequence[str]) -> None:
        runners = list(self.t.runners)
        for i, r in enumerate(runners):
            deck = list(r.deck)
            for cid in card_ids:
                if deck.count(cid) < DECK_LIMIT:
                    deck.append(cid)
            runners[i] = r.model_copy(update={"deck": tuple(deck)})
        self.set_table(runners=tuple(runners))
        names = ", ".join(self.c.cards[c].name for c in card_ids)
        self.emit("reward_cards", f"Added to every runner's deck: {names}.")

    def _unlock(self, pack: str) -> None:
        if pack in self.t.unlocked:
            return
        self.set_table(unlocked=self.t.unlocked + (pack,))
        self.emit("unlocked", f"New gear in the Upgrade Pool: {self.c.upgrade_packs[pack].name}.")

    def _set_memory(self, key: str) -> None:
        if key not in self.t.memory:
            self.set_table(memory=self.t.memory + (key,))
            self.emit("memory", f"Persistent Memory recorded: {key}.")

    # ---- drawing -------------------------------------------------------------------

    def draw(self, seat: int, count: int) -> int:
        """Draw `count` cards for a seat, reshuffling the discard when the deck runs out
        (R10). Returns how many were drawn."""
        drawn: list[str] = []
        for _ in range(count):
            inst = self._take_top(seat)
            if inst is None:
                break
            drawn.append(inst)
        if drawn:
            z = self.zones(seat)
            self.set_zones(seat, hand=z.hand + tuple(drawn))
            names = ", ".join(self.card_of(i).name for i in drawn)
            self.emit("drew", f"{self.name(seat)} draws {len(drawn)}.")
            self.emit("drew_private", f"You drew: {names}.", seats=[seat], cards=drawn)
        return len(drawn)

    def _take_top(self, seat: int) -> str | None:
        z = self.zones(seat)
        if not z.deck:
            if not z.discard:
                return None
            rng, deck = self.t.rng.shuffle(z.discard)
            self.set_table(rng=rng)
            self.set_zones(seat, deck=tuple(deck), discard=())
            self.emit(
                "reshuffled", f"{self.name(seat)} shuffles their discard pile into a new deck."
            )
            z = self.zones(seat)
        self.set_zones(seat, deck=z.deck[1:])
        return z.deck[0]

    def draw_up(self, seat: int) -> None:
        short = self.run.hand_size - len(self.zones(seat).hand)
        if short > 0:
            self.draw(seat, short)

    # ---- flipping the Scenario Deck ------------------------------------------------

    def do_flip(self, a: Flip) -> None:
        run = self.run
        if run.phase != "flip":
            raise refuse("not_flip", "It is not time to flip: " + self.waiting_on() + ".")
        leader = run.leader
        if self.t.runners[leader].player != a.player:
            raise refuse(
                "not_leader", f"Only the Leader ({self.name(leader)}) flips the next card."
            )
        self.flip_next()
        self.process_scenes()

    def flip_next(self) -> None:
        run = self.run
        if not run.deck:
            return
        order, rest = run.deck[0], run.deck[1:]
        card = self.scard(order)
        self.set_run(deck=rest)
        self.emit("flipped", self.describe_scenario_card(card), order=order)
        if card.kind is ScenarioKind.OBSTACLE:
            self.set_run(
                active=self.run.active
                + (ActiveObstacle(order=order, health=self.obstacle_health(card)),)
            )
        elif card.kind is ScenarioKind.CLUE:
            self.set_table(clues=self.t.clues + (f"{run.scenario}:{order}",))
            self.emit("clue", f"Clue set aside: {card.name}. See it any time with /legends clues.")
        elif card.kind is ScenarioKind.MEMORY and card.memory_key:
            self._set_memory(card.memory_key)
        self.set_run(
            scenes=self.run.scenes + (SceneFrame(order=order, queue=card.effects),), phase="scene"
        )

    def obstacle_health(self, card: ScenarioCard) -> int:
        return card.health_for(len(self.run.seats))

    def describe_scenario_card(self, card: ScenarioCard) -> str:
        head = f"**{card.name}** ({card.kind.value} #{card.order})"
        parts = [head]
        if card.text:
            parts.append(card.text)
        if card.kind is ScenarioKind.OBSTACLE:
            hits = " or ".join(r.describe() for r in card.to_hit)
            parts.append(
                f"Health {self.obstacle_health(card)}, Damage {card.damage}. To Hit: {hits}."
            )
        return "\n".join(parts)

    def process_scenes(self) -> None:
        """Resolve Scenario Card instructions until one waits on the crew, then move on."""
        while True:
            run = self.t.run
            if run is None or run.prompts:
                return
            if not run.scenes:
                break
            frame = run.scenes[-1]
            if frame.queue:
                eff, rest = frame.queue[0], frame.queue[1:]
                self._set_top_scene(frame.model_copy(update={"queue": rest}))
                self.scene_effect(eff, frame)
                continue
            card = self.scard(frame.order)
            if card.choices and not frame.voted and not frame.end_of_round:
                options = "; ".join(f"{c.key}: {c.label}" for c in card.choices)
                self.set_run(phase="vote", votes={})
                self.emit(
                    "vote",
                    f"The crew must choose. {options}. Vote with /legends choose; "
                    "the Leader breaks ties and can close the vote early.",
                    order=frame.order,
                )
                return
            self.set_run(scenes=run.scenes[:-1])
            if not frame.end_of_round and card.kind in (ScenarioKind.SCENE, ScenarioKind.MEMORY):
                self.set_run(scenario_discard=self.run.scenario_discard + (frame.order,))
        self.after_scenes()

    def _set_top_scene(self, frame: SceneFrame) -> None:
        self.set_run(scenes=self.run.scenes[:-1] + (frame,))

    def after_scenes(self) -> None:
        run = self.run
        if run.after_scenes == "cleanup":
            self.set_run(after_scenes="continue")
            self.begin_cleanup()
        elif run.active:
            self.start_round()
        elif not run.deck:
            self._complete()
        else:
            self.set_run(phase="flip")
            self.emit("await_flip", f"{self.name(run.leader)} (Leader) flips the next card.")

    def scene_effect(self, eff: fx.SceneEffect, frame: SceneFrame) -> None:
        run = self.run
        if isinstance(eff, fx.DrawNext):
            if run.deck:
                self.flip_next()
            else:
                self.emit("deck_empty", "There is no next card.")
        elif isinstance(eff, fx.DiscardNext):
            n = min(eff.count, len(run.deck))
            self.set_run(deck=run.deck[n:], scenario_discard=run.scenario_discard + run.deck[:n])
            self.emit("discarded_next", f"The next {n} Scenario Card(s) are discarded unseen.")
        elif isinstance(eff, fx.DamageCrew):
            self.damage_crew(eff.amount, self.scard(frame.order).name)
        elif isinstance(eff, fx.HealCrew):
            self.heal(eff.amount)
        elif isinstance(eff, fx.EachDraws):
            for s in run.seats:
                self.draw(s, eff.count)
        elif isinstance(eff, fx.EachDiscards):
            prompts = []
            for s in run.seats:
                hand = self.zones(s).hand
                if hand:
                    prompts.append(
                        self.hand_prompt(
                            s,
                            "scene_discard",
                            f"{self.name(s)} must discard {min(eff.count, len(hand))} card(s).",
                            hand,
                            picks=min(eff.count, len(hand)),
                            optional=False,
                            source=None,
                        )
                    )
            self.set_run(prompts=self.run.prompts + tuple(prompts))
        elif isinstance(eff, fx.GainEddies):
            self._gain_eddies(eff.amount)
        elif isinstance(eff, fx.SetMemory):
            self._set_memory(eff.key)
        elif isinstance(eff, fx.IfMemory):
            branch = eff.then if eff.key in self.t.memory else eff.otherwise
            top = self.run.scenes[-1]
            self._set_top_scene(top.model_copy(update={"queue": tuple(branch) + top.queue}))
        elif isinstance(eff, fx.AddCards):
            self._add_cards(eff.cards)
        elif isinstance(eff, fx.UnlockPack):
            self._unlock(eff.pack)
        elif isinstance(eff, fx.HealObstacle):
            self.heal_obstacle(frame.order, eff.amount)
        elif isinstance(eff, fx.NamedScene):
            NAMED_SCENE_EFFECTS[eff.name](self, eff.params)

    def heal_obstacle(self, order: int, amount: int) -> None:
        active = []
        for ob in self.run.active:
            if ob.order == order:
                healed = min(amount, ob.damage)
                ob = ob.model_copy(update={"damage": ob.damage - healed})
                if healed:
                    self.emit("obstacle_healed", f"{self.scard(order).name} recovers {healed}.")
            active.append(ob)
        self.set_run(active=tuple(active))

    # ---- health --------------------------------------------------------------------

    def damage_crew(self, amount: int, source: str) -> None:
        run = self.run
        health = run.health - amount
        self.set_run(health=health)
        self.emit(
            "crew_damaged",
            f"{source} deals {amount} Damage to the crew. "
            f"Health {max(0, health)}/{run.max_health}.",
        )
        if health <= 0:
            raise _Flatline()

    def heal(self, amount: int) -> None:
        run = self.run
        health = min(run.max_health, run.health + amount)
        if health != run.health:
            self.emit(
                "healed", f"The crew heals {health - run.health}. Health {health}/{run.max_health}."
            )
        self.set_run(health=health)

    # The named-effect host interface.
    def symbols_in_plan(self, suit: Suit) -> int:
        return count_symbols(self.plan_cards(), suit)

    def heal_now(self, amount: int) -> None:
        self.heal(amount)

    def cards_in_plan(self) -> int:
        return len(self.run.plan)

    # ---- votes ---------------------------------------------------------------------

    def vote(self, seat: int, key: str) -> None:
        run = self.run
        frame = run.scenes[-1]
        card = self.scard(frame.order)
        keys = [c.key for c in card.choices]
        if key.upper() not in keys:
            raise refuse("bad_choice", f"Choose one of: {', '.join(keys)}.")
        votes = dict(run.votes)
        votes[seat] = key.upper()
        self.set_run(votes=votes)
        self.emit("voted", f"{self.name(seat)} votes {key.upper()}.")
        voters = self.voters()
        if all(s in votes for s in voters):
            self.close_vote()

    def voters(self) -> list[int]:
        return [s for s in self.run.seats if not self.t.runners[s].is_merc]

    def do_close_vote(self, a: CloseVote) -> None:
        run = self.run
        if run.phase != "vote":
            raise refuse("no_vote", "There is no vote open.")
        if a.player != SYSTEM_PLAYER and self.t.runners[run.leader].player != a.player:
            raise refuse("not_leader", "Only the Leader can close the vote early.")
        self.close_vote()

    def close_vote(self) -> None:
        run = self.run
        frame = run.scenes[-1]
        card = self.scard(frame.order)
        keys = [c.key for c in card.choices]
        tally = {k: 0 for k in keys}
        for v in run.votes.values():
            tally[v] += 1
        best = max(tally.values())
        tied = [k for k in keys if tally[k] == best]
        leader_vote = run.votes.get(run.leader)
        if leader_vote is None:
            # A merc Leader's vote is its controller's.
            controller = self.t.runners[run.leader].player
            for s, v in run.votes.items():
                if self.t.runners[s].player == controller:
                    leader_vote = v
        winner = leader_vote if len(tied) > 1 and leader_vote in tied else tied[0]
        choice = next(c for c in card.choices if c.key == winner)
        self.emit("vote_result", f"The crew chose {winner}: {choice.label}.")
        self._set_top_scene(frame.model_copy(update={"voted": True, "queue": choice.effects}))
        self.set_run(phase="scene", votes={})
        self.process_scenes()

    # ---- rounds and the Plan ---------------------------------------------------------

    def start_round(self) -> None:
        run = self.run
        self.set_run(
            phase="plan", round=run.round + 1, plan=(), turn=run.leader, frames=(), prompts=()
        )
        names = ", ".join(self.scard(o.order).name for o in self.run.active)
        self.emit(
            "round",
            f"Round {self.run.round} against {names}. Plan Size {self.plan_size()}. "
            f"{self.name(run.leader)} plays first.",
        )
        # R13: the merc rushes in: its top card is put into the Plan before anyone plays.
        for seat in run.seats:
            if self.t.runners[seat].is_merc:
                inst = self._take_top(seat)
                if inst is not None:
                    self.emit("merc_rush", f"{self.name(seat)} rushes in.")
                    self.enter_plan(seat, inst, put=True)
        self.resolve()

    def legal_plays(self, seat: int) -> list[str]:
        return [i for i in self.zones(seat).hand if self.play_refusal(seat, i) is None]

    def play_refusal(self, seat: int, inst: str) -> str | None:
        """Why this card can't be *played* now (restrictions; R6), or None."""
        card = self.card_of(inst)
        if not any(isinstance(eff, fx.OnlyIf) for eff in card.effects):
            return None
        plan_cards = self.plan_cards()
        for eff in card.effects:
            if not isinstance(eff, fx.OnlyIf):
                continue
            if eff.no_other_suit and count_symbols(plan_cards, Suit(eff.no_other_suit)) > 0:
                return (
                    f"{card.name} can only be played if there are no other "
                    f"{eff.no_other_suit.title()} symbols in the Plan."
                )
            if eff.plan_has_suit and count_symbols(plan_cards, Suit(eff.plan_has_suit)) == 0:
                return (
                    f"{card.name} can only be played if the Plan shows a "
                    f"{eff.plan_has_suit.title()} symbol."
                )
            if eff.max_plan_cards is not None and len(plan_cards) > eff.max_plan_cards:
                return (
                    f"{card.name} can only be played while the Plan has at most "
                    f"{eff.max_plan_cards} cards."
                )
            if eff.min_plan_cards is not None and len(plan_cards) < eff.min_plan_cards:
                return (
                    f"{card.name} can only be played once the Plan has {eff.min_plan_cards} cards."
                )
        return None

    def do_play(self, a: Play) -> None:
        run = self.run
        seat = self.run_seat_for(a.player, a.merc)
        if run.phase != "plan":
            raise refuse(
                "not_plan", "There is no Plan being built right now: " + self.waiting_on() + "."
            )
        if run.prompts or run.frames:
            raise refuse("prompt_open", "Finish the open choice first: " + self.waiting_on() + ".")
        if run.turn != seat:
            assert run.turn is not None
            raise refuse("not_your_turn", f"It is {self.name(run.turn)}'s turn to play.")
        if a.card not in self.zones(seat).hand:
            raise refuse("not_in_hand", "That card is not in your hand. Check /legends hand.")
        reason = self.play_refusal(seat, a.card)
        if reason:
            raise refuse("restricted", reason)
        self.set_zones(seat, hand=tuple(i for i in self.zones(seat).hand if i != a.card))
        self.enter_plan(seat, a.card, put=False)
        self.set_run(turn_taken=True)
        self.resolve()

    def enter_plan(self, seat: int, inst: str, *, put: bool, size_bonus: int = 0) -> None:
        card = self.card_of(inst)
        entry = PlanEntry(inst=inst, seat=seat, put=put, size_bonus=size_bonus)
        verb = "puts" if put else "plays"
        self.set_run(
            plan=self.run.plan + (entry,), frames=self.run.frames + (Frame(inst=inst, seat=seat),)
        )
        self.emit(
            "card_entered",
            f"{self.name(seat)} {verb} {self.card_label(inst)}.",
            inst=inst,
            card=card.id,
            seat=seat,
        )

    def resolve(self) -> None:
        """Run pending card effects until one waits on a decision, then advance the Plan."""
        while True:
            run = self.t.run
            if run is None or run.phase != "plan" or run.prompts:
                return
            if not run.frames:
                break
            frame = run.frames[-1]
            effects = self.card_of(frame.inst).effects
            if frame.index >= len(effects):
                self.set_run(frames=run.frames[:-1])
                continue
            self.set_run(
                frames=run.frames[:-1] + (frame.model_copy(update={"index": frame.index + 1}),)
            )
            self.card_effect(effects[frame.index], frame)
        self.after_play()

    def after_play(self) -> None:
        run = self.run
        turn_taken = run.turn_taken
        self.set_run(turn_taken=False)
        if len(run.plan) >= self.plan_size():
            self.execute()
            return
        turn = run.turn
        assert turn is not None
        if turn_taken:
            turn = self.next_seat(turn)
            self.set_run(turn=turn)
        if not self.legal_plays(turn):
            self.emit(
                "nothing_to_play",
                f"{self.name(turn)} has nothing they can play: the Plan executes now.",
            )
            self.execute()
            return
        self.emit("turn", f"{self.name(turn)}'s turn to play.", seat=turn)

    # ---- card effects ---------------------------------------------------------------

    def card_effect(self, eff: fx.CardEffect, frame: Frame) -> None:
        seat = frame.seat
        run = self.run
        if isinstance(eff, fx.Draw):
            if eff.who == "self":
                self.draw(seat, eff.count)
            elif eff.who == "each":
                for s in run.seats:
                    self.draw(s, eff.count)
            else:
                self.player_prompt(
                    seat, frame, f"draw {eff.count}", {"count": eff.count, "then": "draw"}
                )
        elif isinstance(eff, fx.ImmediateDamage):
            self.immediate(seat, frame.inst, eff.amount)
        elif isinstance(eff, fx.DiscardFromPlan):
            self.discard_from_plan_prompt(seat, frame.inst, eff.max, eff, dealt=0)
        elif isinstance(eff, fx.DiscardFromHand):
            if eff.who == "self":
                self.discard_hand_prompt(seat, frame.inst, eff)
            elif eff.who == "each":
                for s in run.seats:
                    self.discard_hand_prompt(s, frame.inst, eff)
            else:
                self.player_prompt(
                    seat,
                    frame,
                    f"discard {eff.count}",
                    {
                        "count": eff.count,
                        "then": "discard",
                        "optional": int(eff.optional),
                        "draw_after": eff.draw_after,
                    },
                )
        elif isinstance(eff, fx.PutFromHand):
            if eff.who == "self":
                self.put_prompt(seat, frame.inst, eff.optional)
            else:
                self.player_prompt(
                    seat,
                    frame,
                    "put a card from hand into the Plan",
                    {"then": "put", "optional": int(eff.optional)},
                )
        elif isinstance(eff, fx.DrawAndPut):
            inst = self._take_top(seat)
            if inst is None:
                self.emit("no_card", f"{self.name(seat)} has no card to draw.")
                return
            card = self.card_of(inst)
            # The drawn card sits in hand while its fate is decided, so every card is
            # always in exactly one zone.
            self.set_zones(seat, hand=self.zones(seat).hand + (inst,))
            self.add_prompt(
                Prompt(
                    seat=seat,
                    kind="draw_and_put",
                    private=True,
                    source=inst,
                    text=f"{self.name(seat)} drew a card: put it into the Plan or discard it.",
                    options=(
                        Option(key="put", label=f"Put {card.name} into the Plan"),
                        Option(key="discard", label=f"Discard {card.name}"),
                    ),
                    data={"bonus": eff.plan_size, "drawn": inst},
                )
            )
        elif isinstance(eff, fx.PutFromDeck):
            for _ in range(eff.count):
                inst = self._take_top(seat)
                if inst is None:
                    break
                self.enter_plan(seat, inst, put=True)
        elif isinstance(eff, fx.Replace):
            self.replace_prompt(seat, frame.inst, eff.optional)
        elif isinstance(eff, fx.Named):
            NAMED_EFFECTS[eff.name](self, seat, eff.params)
        # Damage, per-X Damage, Heal, PlanSize and OnlyIf act at execution or when played.

    def add_prompt(self, prompt: Prompt) -> None:
        self.set_run(prompts=self.run.prompts + (prompt,))
        if not prompt.private:
            self.emit("prompt", prompt.text, seat=prompt.seat)
        else:
            self.emit(
                "prompt", f"Waiting for {self.name(prompt.seat)} to decide.", seat=prompt.seat
            )

    def player_prompt(self, seat: int, frame: Frame, what: str, data: dict[str, int | str]) -> None:
        options = tuple(Option(key=f"seat:{s}", label=self.name(s)) for s in self.run.seats)
        self.add_prompt(
            Prompt(
                seat=seat,
                kind="choose_player",
                source=frame.inst,
                text=f"{self.name(seat)} chooses a player to {what}.",
                options=options,
                data=data,
            )
        )

    def hand_prompt(
        self,
        seat: int,
        kind: PromptKind,
        text: str,
        insts: Sequence[str],
        *,
        picks: int,
        optional: bool,
        source: str | None,
        data: dict[str, int | str] | None = None,
    ) -> Prompt:
        options = [Option(key=i, label=self.card_label(i)) for i in insts]
        if optional:
            options.append(Option(key=DONE, label="Done"))
        return Prompt(
            seat=seat,
            kind=kind,
            text=text,
            options=tuple(options),
            private=True,
            source=source,
            picks_left=picks,
            data=data or {},
        )

    def card_label(self, inst: str) -> str:
        card = self.card_of(inst)
        suits = " ".join(s.value.title() for s in card.suits)
        return f"{card.name} [{card.rank_label()}{' ' + suits if suits else ''}]"

    def discard_hand_prompt(self, seat: int, source: str, eff: fx.DiscardFromHand) -> None:
        hand = self.zones(seat).hand
        if not hand:
            if eff.draw_after:
                self.draw(seat, eff.draw_after)
            return
        picks = min(eff.count, len(hand))
        self.add_prompt(
            self.hand_prompt(
                seat,
                "discard_from_hand",
                f"{self.name(seat)} {'may discard up to' if eff.optional else 'discards'} "
                f"{picks} card(s).",
                hand,
                picks=picks,
                optional=eff.optional,
                source=source,
                data={"draw_after": eff.draw_after},
            )
        )

    def put_prompt(self, seat: int, source: str, optional: bool) -> None:
        hand = self.zones(seat).hand
        if not hand:
            self.emit("no_card", f"{self.name(seat)} has no card to put into the Plan.")
            return
        self.add_prompt(
            self.hand_prompt(
                seat,
                "put_from_hand",
                f"{self.name(seat)} may put a card from hand into the Plan.",
                hand,
                picks=1,
                optional=optional,
                source=source,
            )
        )

    def matches_filter(self, inst: str, flt: fx.CardFilter, source: str) -> bool:
        return matches(self.card_of(inst), flt, inst == source)

    def discard_from_plan_prompt(
        self, seat: int, source: str, picks: int, eff: fx.DiscardFromPlan, dealt: int
    ) -> None:
        cands = [e.inst for e in self.run.plan if self.matches_filter(e.inst, eff.filter, source)]
        if not cands or picks <= 0:
            if dealt and eff.damage_each:
                self.immediate(seat, source, dealt * eff.damage_each)
            return
        options = [Option(key=i, label=self.card_label(i)) for i in cands]
        options.append(Option(key=DONE, label="Done"))
        self.add_prompt(
            Prompt(
                seat=seat,
                kind="discard_from_plan",
                source=source,
                picks_left=picks,
                text=f"{self.name(seat)} may discard "
                f"{'a card' if picks == 1 else 'cards'} from the Plan.",
                options=tuple(options),
                data={
                    "dealt": dealt,
                    "damage_each": eff.damage_each,
                    "filter": eff.filter.model_dump_json(),
                },
            )
        )

    def replace_prompt(self, seat: int, source: str, optional: bool) -> None:
        cands = [
            e.inst
            for e in self.run.plan
            if e.inst != source and self._replace_options(seat, e.inst)
        ]
        if not cands:
            self.emit("no_replace", f"{self.name(seat)} has nothing to replace.")
            return
        options = [Option(key=i, label=self.card_label(i)) for i in cands]
        if optional:
            options.append(Option(key=DONE, label="Don't replace"))
        self.add_prompt(
            Prompt(
                seat=seat,
                kind="replace_plan",
                source=source,
                text=f"{self.name(seat)} may replace a card in the Plan.",
                options=tuple(options),
            )
        )

    def _replace_options(self, seat: int, out: str) -> list[str]:
        """Hand cards that could legally be *played* once `out` has left the Plan."""
        saved = self.t
        self.set_run(plan=tuple(e for e in self.run.plan if e.inst != out))
        try:
            return self.legal_plays(seat)
        finally:
            self.t = saved

    def immediate(self, seat: int, source: str, amount: int) -> None:
        active = self.run.active
        if not active:
            return
        if len(active) == 1:
            self.deal_immediate(active[0].order, amount)
            return
        options = tuple(
            Option(key=f"obstacle:{o.order}", label=self.scard(o.order).name) for o in active
        )
        self.add_prompt(
            Prompt(
                seat=seat,
                kind="choose_target",
                source=source,
                options=options,
                text=f"{self.name(seat)} picks the Obstacle that takes {amount} immediate Damage.",
                data={"amount": amount},
            )
        )

    def deal_immediate(self, order: int, amount: int) -> None:
        """Immediate Damage (R7): lands at once; an Obstacle at its Health clears at once,
        and with no Obstacle left the Plan ends early."""
        self._damage_obstacle(order, amount, immediate=True)
        if not self.run.active:
            self.emit("plan_cut_short", "Every Obstacle is down: the Plan ends early.")
            self.set_run(frames=(), prompts=())
            self.finish_round(cleared_all=True)

    def _damage_obstacle(self, order: int, amount: int, *, immediate: bool) -> None:
        card = self.scard(order)
        active: list[ActiveObstacle] = []
        cleared: list[int] = []
        for ob in self.run.active:
            if ob.order == order:
                ob = ob.model_copy(update={"damage": ob.damage + amount})
                kind = "immediate Damage" if immediate else "Damage"
                self.emit(
                    "obstacle_damaged",
                    f"{card.name} takes {amount} {kind} ({ob.damage}/{ob.health}).",
                )
                if ob.damage >= ob.health:
                    cleared.append(order)
                    self.emit("obstacle_cleared", f"{card.name} is cleared!")
                    continue
            active.append(ob)
        self.set_run(
            active=tuple(active),
            cleared=self.run.cleared + tuple(cleared),
            scenario_discard=self.run.scenario_discard + tuple(cleared),
        )

    # ---- answering prompts ------------------------------------------------------------

    def do_choose(self, a: Choose) -> None:
        run = self.run
        seat = self.run_seat_for(a.player, a.merc)
        if run.phase == "vote":
            if self.t.runners[seat].is_merc:
                raise refuse("merc_vote", "Mercs don't vote; vote as yourself.")
            self.vote(seat, a.option)
            return
        mine = [p for p in run.prompts if p.seat == seat]
        if not mine:
            raise refuse(
                "no_prompt", "Nothing is waiting on you right now: " + self.waiting_on() + "."
            )
        prompt = mine[0]
        if a.option not in {o.key for o in prompt.options}:
            raise refuse(
                "bad_option", "That is not one of the choices. Pick from the list offered."
            )
        self.set_run(prompts=tuple(p for p in run.prompts if p is not prompt))
        self.answer(prompt, a.option)
        if self.t.run is None:
            return
        if self.run.phase == "plan":
            self.resolve()
        elif self.run.phase == "scene":
            self.process_scenes()

    def answer(self, p: Prompt, key: str) -> None:
        seat = p.seat
        if p.kind == "choose_player":
            target = int(key.split(":")[1])
            then = p.data.get("then")
            if then == "draw":
                self.draw(target, int(p.data["count"]))
            elif then == "discard":
                hand_eff = fx.DiscardFromHand(
                    count=int(p.data["count"]),
                    optional=bool(p.data["optional"]),
                    draw_after=int(p.data["draw_after"]),
                )
                self.discard_hand_prompt(target, p.source or "", hand_eff)
            elif then == "put":
                self.put_prompt(target, p.source or "", bool(p.data["optional"]))
        elif p.kind == "choose_target":
            self.deal_immediate(int(key.split(":")[1]), int(p.data["amount"]))
        elif p.kind == "discard_from_plan":
            eff = fx.DiscardFromPlan(
                max=10,
                filter=fx.CardFilter.model_validate_json(str(p.data["filter"])),
                damage_each=int(p.data["damage_each"]),
            )
            dealt = int(p.data["dealt"])
            if key == DONE:
                if dealt and eff.damage_each:
                    self.immediate(seat, p.source or "", dealt * eff.damage_each)
                return
            self.remove_from_plan(key)
            self.discard_from_plan_prompt(seat, p.source or "", p.picks_left - 1, eff, dealt + 1)
        elif p.kind in ("discard_from_hand", "scene_discard"):
            if key != DONE:
                self.discard_from_hand(seat, key)
            left = p.picks_left - 1
            hand = self.zones(seat).hand
            if key != DONE and left > 0 and hand:
                self.set_run(
                    prompts=self.run.prompts
                    + (
                        self.hand_prompt(
                            seat,
                            p.kind,
                            p.text,
                            hand,
                            picks=left,
                            optional=any(o.key == DONE for o in p.options),
                            source=p.source,
                            data=p.data,
                        ),
                    )
                )
            elif p.data.get("draw_after"):
                self.draw(seat, int(p.data["draw_after"]))
        elif p.kind == "put_from_hand":
            if key == DONE:
                return
            self.set_zones(seat, hand=tuple(i for i in self.zones(seat).hand if i != key))
            self.enter_plan(seat, key, put=True)
        elif p.kind == "draw_and_put":
            drawn = str(p.data["drawn"])
            self.set_zones(seat, hand=tuple(i for i in self.zones(seat).hand if i != drawn))
            if key == "put":
                self.enter_plan(seat, drawn, put=True, size_bonus=int(p.data["bonus"]))
            else:
                self.set_zones(seat, discard=self.zones(seat).discard + (drawn,))
                # The drawn card was never shown: only its player learns what it was.
                self.emit("discarded", f"{self.name(seat)} discards the drawn card.")
                self.emit(
                    "discarded_private", f"You discarded {self.card_of(drawn).name}.", seats=[seat]
                )
        elif p.kind == "replace_plan":
            if key == DONE:
                return
            opts = self._replace_options(seat, key)
            self.add_prompt(
                self.hand_prompt(
                    seat,
                    "replace_hand",
                    f"{self.name(seat)} picks the replacing card.",
                    opts,
                    picks=1,
                    optional=False,
                    source=p.source,
                    data={"out": key},
                )
            )
        elif p.kind == "replace_hand":
            out = str(p.data["out"])
            self.remove_from_plan(out)
            self.set_zones(seat, hand=tuple(i for i in self.zones(seat).hand if i != key))
            self.enter_plan(seat, key, put=False)
        elif p.kind == "assign_damage":
            self.assign_step(int(p.data["order"]), int(key))

    def discard_from_hand(self, seat: int, inst: str) -> None:
        z = self.zones(seat)
        self.set_zones(
            seat, hand=tuple(i for i in z.hand if i != inst), discard=z.discard + (inst,)
        )
        self.emit("discarded", f"{self.name(seat)} discards a card.")
        self.emit("discarded_private", f"You discarded {self.card_of(inst).name}.", seats=[seat])

    def remove_from_plan(self, inst: str) -> None:
        """A card leaves the Plan for its owner's discard; its ongoing effects end now."""
        run = self.run
        entry = next(e for e in run.plan if e.inst == inst)
        self.set_run(plan=tuple(e for e in run.plan if e.inst != inst))
        self.set_zones(entry.seat, discard=self.zones(entry.seat).discard + (inst,))
        self.emit("left_plan", f"{self.card_of(inst).name} is discarded from the Plan.", inst=inst)

    # ---- execution (R8) ------------------------------------------------------------

    def plan_damage(self) -> int:
        return plan_damage([self.card_of(e.inst) for e in self.run.plan], self.plan_cards())

    def plan_heal(self) -> int:
        return plan_heal([self.card_of(e.inst) for e in self.run.plan])

    def hit_results(self) -> dict[int, HitResult]:
        cards = self.plan_cards()
        opts = self.eval_opts()
        return {
            ob.order: check_to_hit(cards, self.scard(ob.order).to_hit, opts)
            for ob in self.run.active
        }

    def execute(self) -> None:
        run = self.run
        self.set_run(turn=None, frames=(), prompts=())
        results = self.hit_results()
        damage = self.plan_damage()
        hits: list[int] = []
        for ob in run.active:
            card = self.scard(ob.order)
            res = results[ob.order]
            self.emit(
                "to_hit", f"{card.name}: {res.explain(card.to_hit)}", order=ob.order, hit=res.hit
            )
            if res.hit:
                hits.append(ob.order)
        self.emit(
            "executed",
            f"The Plan executes with {len(run.plan)} cards and {damage} Damage.",
            damage=damage,
            hits=hits,
        )
        if self.t.options.assign_damage and len(hits) > 1 and damage > 0:
            self.set_run(pending_damage=damage, hit_orders=tuple(hits))
            self.assign_prompt()
            return
        for order in hits:
            if damage:
                self._damage_obstacle(order, damage, immediate=False)
        self.after_damage()

    def assign_prompt(self) -> None:
        run = self.run
        order = run.hit_orders[0]
        options = tuple(Option(key=str(n), label=str(n)) for n in range(run.pending_damage + 1))
        self.add_prompt(
            Prompt(
                seat=run.leader,
                kind="assign_damage",
                options=options,
                text=f"{self.name(run.leader)} assigns Damage: how much of the "
                f"{run.pending_damage} left goes to {self.scard(order).name}?",
                data={"order": order},
            )
        )
        self.set_run(phase="assign")

    def assign_step(self, order: int, amount: int) -> None:
        run = self.run
        rest = run.hit_orders[1:]
        left = run.pending_damage - amount
        if amount:
            self._damage_obstacle(order, amount, immediate=False)
        if len(rest) == 1:
            if left:
                self._damage_obstacle(rest[0], left, immediate=False)
            self.set_run(pending_damage=0, hit_orders=())
            self.after_damage()
            return
        self.set_run(pending_damage=left, hit_orders=rest)
        if left == 0:
            self.set_run(hit_orders=())
            self.after_damage()
            return
        self.assign_prompt()

    def after_damage(self) -> None:
        """R8 steps 3-5: healing, surviving Obstacles strike, end-of-round, clean-up."""
        healing = self.plan_heal()
        if healing:
            self.heal(healing)
        run = self.run
        survivors = sorted(run.active, key=lambda o: o.order)
        # One Obstacle at a time, in order number: its Damage, then its end-of-round effects.
        frames: list[SceneFrame] = []
        for ob in survivors:
            card = self.scard(ob.order)
            strike: tuple[fx.SceneEffect, ...] = (
                (fx.DamageCrew(amount=card.damage),) if card.damage else ()
            )
            queue = strike + tuple(card.end_of_round)
            if queue:
                frames.append(SceneFrame(order=ob.order, queue=queue, end_of_round=True))
        if frames:
            self.set_run(scenes=tuple(reversed(frames)), after_scenes="cleanup", phase="scene")
            self.process_scenes()
        else:
            self.begin_cleanup()

    def begin_cleanup(self) -> None:
        self.finish_round(cleared_all=not self.run.active)

    def finish_round(self, *, cleared_all: bool) -> None:
        run = self.run
        for e in run.plan:
            self.set_zones(e.seat, discard=self.zones(e.seat).discard + (e.inst,))
        cleanup = {s: CleanupSeat(limit=None if cleared_all else 1) for s in run.seats}
        self.set_run(
            plan=(),
            frames=(),
            prompts=(),
            turn=None,
            phase="cleanup",
            cleanup=cleanup,
            cleanup_cleared=cleared_all,
            scenes=(),
            after_scenes="continue",
        )
        if cleared_all:
            self.emit(
                "cleanup",
                "All Obstacles cleared. Discard any number of cards, then "
                "/legends ready to draw back up.",
            )
        else:
            self.emit(
                "cleanup",
                "The Obstacles still stand. You may discard up to one card, "
                "then /legends ready to draw back up.",
            )

    def do_discard(self, a: Discard) -> None:
        run = self.run
        seat = self.run_seat_for(a.player, a.merc)
        if run.phase != "cleanup":
            raise refuse("not_cleanup", "You can only discard during clean-up.")
        cs = run.cleanup[seat]
        if cs.ready:
            raise refuse("already_ready", "You are already done with clean-up.")
        if a.card not in self.zones(seat).hand:
            raise refuse("not_in_hand", "That card is not in your hand. Check /legends hand.")
        if cs.limit is not None and cs.discarded >= cs.limit:
            raise refuse(
                "discard_limit",
                f"After a round the Obstacles survive, you may discard only "
                f"{cs.limit} card. Use /legends ready.",
            )
        self.discard_from_hand(seat, a.card)
        cleanup = dict(run.cleanup)
        cleanup[seat] = cs.model_copy(update={"discarded": cs.discarded + 1})
        self.set_run(cleanup=cleanup)

    def do_ready(self, a: Ready) -> None:
        run = self.run
        seat = self.run_seat_for(a.player, a.merc)
        if run.phase != "cleanup":
            raise refuse("not_cleanup", "There is no clean-up to finish right now.")
        cs = run.cleanup[seat]
        if cs.ready:
            raise refuse("already_ready", "You are already done with clean-up.")
        cleanup = dict(run.cleanup)
        cleanup[seat] = cs.model_copy(update={"ready": True})
        self.set_run(cleanup=cleanup)
        self.emit("ready", f"{self.name(seat)} is ready.")
        if all(c.ready for c in cleanup.values()):
            self.end_cleanup()

    def end_cleanup(self) -> None:
        run = self.run
        for s in run.seats:
            self.draw_up(s)
        self.set_run(cleanup={})
        if run.cleanup_cleared:
            leader = self.next_seat(run.leader)
            self.set_run(leader=leader, phase="flip")
            if not self.run.deck:
                self._complete()
                return
            self.emit(
                "leader",
                f"The Leader Token passes to {self.name(leader)}, who flips the next card.",
            )
        else:
            self.start_round()

    # ---- describing the wait ---------------------------------------------------------

    def waiting_on(self) -> str:
        run = self.t.run
        if run is None:
            return "no run is in progress"
        if run.prompts:
            names = ", ".join(sorted({self.name(p.seat) for p in run.prompts}))
            return f"waiting for {names} to choose"
        if run.phase == "flip":
            return f"waiting for {self.name(run.leader)} (Leader) to flip"
        if run.phase == "vote":
            return "the crew is voting"
        if run.phase == "plan" and run.turn is not None:
            return f"it is {self.name(run.turn)}'s turn to play"
        if run.phase == "cleanup":
            waiting = [self.name(s) for s, c in run.cleanup.items() if not c.ready]
            return "clean-up: waiting for " + ", ".join(waiting)
        return "resolving"


class _Flatline(Exception):
    """Health reached 0 mid-resolution: unwinds to the action boundary (R1)."""
