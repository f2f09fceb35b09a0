"""A Legendary table as the Discord front end stores it: the seats (people or AI), the
setup chosen before the start, and the engine's `Game` once started.

Pure (no Discord, no I/O): one reducer, `apply(table, action, pack)`, that bumps
`version` on every accepted action and raises `IllegalAction` with a reason otherwise.
People are Discord ids (strings); the engine only knows seats, so a `Move` names the
person and the reducer checks they hold the seat the engine action names. AI seats are
moved by the runtime as the person `AI`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legendary import engine, setup
from rules.legendary.actions import Action as GameAction
from rules.legendary.cards import Pack
from rules.legendary.state import Game, Options

AI = "ai"  # the person who moves AI seats
TIMER = "timer"  # the person who moves for a seat whose turn timer ran out
MAX_SEATS = 5
MAX_TURN_TIMER = 86400
MAX_AI_PACE = 10.0


class Code(StrEnum):
    NOT_HOST = "not_host"
    STARTED = "started"
    NOT_STARTED = "not_started"
    SEATED = "seated"
    NOT_SEATED = "not_seated"
    FULL = "full"
    NOT_YOUR_SEAT = "not_your_seat"
    OVER = "over"
    NOT_WAITED_ON = "not_waited_on"


class Ev(StrEnum):
    JOINED = "joined"
    LEFT = "left"
    SETUP = "setup"
    STARTED = "started"
    ABANDONED = "abandoned"
    OPTIONS = "options"
    TIMED_OUT = "timed_out"


def _refuse(code: Code, message: str) -> IllegalAction:
    return IllegalAction.of(code.value, message)


class _M(BaseModel):
    model_config = ConfigDict(frozen=True)


class Seat(_M):
    person: str | None  # None: an AI seat
    name: str


class Choice(_M):
    """The setup as chosen (None: drawn at random at the start)."""

    scheme: str | None = None
    mastermind: str | None = None
    villains: tuple[str, ...] | None = None
    heroes: tuple[str, ...] | None = None
    epic: bool = False


class TableOptions(_M):
    """The table's options: the rules reference's difficulty options (the engine's
    `Options`), the turn timer (seconds between reminders to the person the game waits
    on; after MAX_REMINDERS of them, one more interval and the table moves for them; 0:
    off), the AI seats' pace (seconds between their moves, so people can follow) and the
    language of its public messages (a language code; "": its server's, docs/i18n.md)."""

    rules: Options = Options()
    turn_timer: int = Field(default=0, ge=0, le=MAX_TURN_TIMER)
    ai_pace: float = Field(default=1.0, ge=0.0, le=MAX_AI_PACE)
    language: str = Field(default="", max_length=16)


class Table(_M):
    id: str
    owner: str
    version: int = 0
    seats: tuple[Seat, ...]
    choice: Choice = Choice()
    options: TableOptions = TableOptions()
    game: Game | None = None
    abandoned: bool = False

    @property
    def over(self) -> bool:
        return self.abandoned or (self.game is not None and self.game.over)

    def seats_of(self, person: str) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.person == person]

    def ai_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.person is None]


class Join(_M):
    type: Literal["join"] = "join"
    person: str
    name: str
    ai: bool = False
    manager: bool = False


class Leave(_M):
    type: Literal["leave"] = "leave"
    person: str
    ai: bool = False
    manager: bool = False


class ChangeSetup(_M):
    type: Literal["setup"] = "setup"
    person: str
    choice: Choice
    manager: bool = False


class SetOptions(_M):
    type: Literal["options"] = "options"
    person: str
    options: TableOptions
    manager: bool = False


class Start(_M):
    type: Literal["start"] = "start"
    person: str
    seed: int
    manager: bool = False


class Abandon(_M):
    type: Literal["abandon"] = "abandon"
    person: str
    manager: bool = False


class Move(_M):
    type: Literal["move"] = "move"
    person: str
    action: GameAction


Action = Annotated[
    Join | Leave | ChangeSetup | SetOptions | Start | Abandon | Move, Field(discriminator="type")
]


def new_table(table_id: str, owner: str, name: str, choice: Choice) -> Table:
    return Table(id=table_id, owner=owner, seats=(Seat(person=owner, name=name),), choice=choice)


def game_setup(table: Table) -> setup.Setup:
    c = table.choice
    return setup.Setup(
        names=tuple(s.name for s in table.seats),
        scheme=c.scheme,
        mastermind=c.mastermind,
        villains=c.villains,
        heroes=c.heroes,
        epic=c.epic,
        options=table.options.rules,
    )


def _host(table: Table, person: str, manager: bool, what: str) -> None:
    if person != table.owner and not manager:
        raise _refuse(
            Code.NOT_HOST,
            f"Only the host can {what}.\nAsk the host (or someone with Manage Channels).",
        )


def _lobby(table: Table) -> None:
    if table.abandoned or (table.game is not None and table.game.over):
        raise _refuse(Code.OVER, "This game is over.\nStart a new one with /legendary new.")
    if table.game is not None:
        raise _refuse(Code.STARTED, "The game has already started.\nSeats and setup are fixed.")


def _ai_name(table: Table) -> str:
    used = {s.name for s in table.seats}
    n = 1
    while f"AI {n}" in used:
        n += 1
    return f"AI {n}"


def _only_language(old: TableOptions, new: TableOptions) -> bool:
    return old.language != new.language and old.model_copy(update={"language": new.language}) == new


def apply(table: Table, action: Action, pack: Pack) -> tuple[Table, list[Event]]:
    """The one reducer of the front end's table."""
    events: list[Event]
    if isinstance(action, Move):
        return _move(table, action, pack)
    if isinstance(action, Join):
        _lobby(table)
        if len(table.seats) >= MAX_SEATS:
            raise _refuse(Code.FULL, "The table is full (5 seats).\nWatch, or wait for a seat.")
        if action.ai:
            _host(table, action.person, action.manager, "seat an AI player")
            seat = Seat(person=None, name=_ai_name(table))
        else:
            if table.seats_of(action.person):
                raise _refuse(Code.SEATED, "You already have a seat.\nWait for the start.")
            seat = Seat(person=action.person, name=action.name)
        seats = (*table.seats, seat)
        events = [Event(kind=Ev.JOINED, text=f"{seat.name} takes a seat.")]
        return table.model_copy(update={"seats": seats, "version": table.version + 1}), events
    if isinstance(action, Leave):
        _lobby(table)
        if action.ai:
            _host(table, action.person, action.manager, "remove an AI player")
            ai = table.ai_seats()
            if not ai:
                raise _refuse(Code.NOT_SEATED, "There is no AI seat.\nNothing to remove.")
            idx = ai[-1]
        else:
            mine = table.seats_of(action.person)
            if not mine:
                raise _refuse(Code.NOT_SEATED, "You have no seat here.\nJoin first.")
            idx = mine[0]
        if len(table.seats) == 1:
            raise _refuse(
                Code.NOT_SEATED,
                "The last seat can't be given up.\nAbandon the game with /legendary abandon.",
            )
        gone = table.seats[idx]
        seats = tuple(s for i, s in enumerate(table.seats) if i != idx)
        events = [Event(kind=Ev.LEFT, text=f"{gone.name} leaves the table.")]
        return table.model_copy(update={"seats": seats, "version": table.version + 1}), events
    if isinstance(action, ChangeSetup):
        _lobby(table)
        _host(table, action.person, action.manager, "change the setup")
        new = table.model_copy(update={"choice": action.choice, "version": table.version + 1})
        setup.new_game(pack, game_setup(new), 0)  # the engine's checks, now rather than at start
        return new, [Event(kind=Ev.SETUP, text="The setup changed.")]
    if isinstance(action, SetOptions):
        if _only_language(table.options, action.options):
            # The language changes what the table says, not the game: any time until the end.
            if table.over:
                raise _refuse(Code.OVER, "This game is over.\nStart a new one with /legendary new.")
            _host(table, action.person, action.manager, "change the table options")
            new = table.model_copy(update={"options": action.options, "version": table.version + 1})
            return new, [Event(kind=Ev.OPTIONS, text="The table's language changed.")]
        _lobby(table)
        _host(table, action.person, action.manager, "change the table options")
        new = table.model_copy(update={"options": action.options, "version": table.version + 1})
        setup.new_game(pack, game_setup(new), 0)  # the engine's checks, now rather than at start
        return new, [Event(kind=Ev.OPTIONS, text="The table options changed.")]
    if isinstance(action, Start):
        _lobby(table)
        _host(table, action.person, action.manager, "start the game")
        outcome = setup.new_game(pack, game_setup(table), action.seed)
        started = Event(kind=Ev.STARTED, text="The game starts.")
        new = table.model_copy(update={"game": outcome.state, "version": table.version + 1})
        return new, [started, *outcome.events]
    if isinstance(action, Abandon):
        if table.over:
            raise _refuse(Code.OVER, "This game is already over.\nNothing to abandon.")
        _host(table, action.person, action.manager, "abandon the game")
        events = [Event(kind=Ev.ABANDONED, text="The host abandoned the game.")]
        return table.model_copy(update={"abandoned": True, "version": table.version + 1}), events
    raise AssertionError(action)


def _move(table: Table, action: Move, pack: Pack) -> tuple[Table, list[Event]]:
    game = table.game
    if table.abandoned:
        raise _refuse(Code.OVER, "This game was abandoned.\nStart a new one with /legendary new.")
    if game is None:
        raise _refuse(
            Code.NOT_STARTED, "The game has not started.\nThe host starts it with /legendary start."
        )
    seat = action.action.seat
    holder = table.seats[seat].person if seat < len(table.seats) else None
    before: list[Event] = []
    if action.person == TIMER:
        # The turn timer ran out: the table moves for the seat the game waits on.
        if engine.decision_seat(game) != seat:
            raise _refuse(
                Code.NOT_WAITED_ON, "The game no longer waits on that seat.\nNothing to do."
            )
        name = table.seats[seat].name
        before.append(
            Event(kind=Ev.TIMED_OUT, text=f"Time is up for {name}: the table moves for them.")
        )
    elif (holder or AI) != action.person:
        raise _refuse(
            Code.NOT_YOUR_SEAT,
            "It is not your turn.\nWait for your turn (or for the prompt addressed to you).",
        )
    outcome = engine.apply(game, action.action, pack)
    new = table.model_copy(update={"game": outcome.state, "version": table.version + 1})
    return new, [*before, *outcome.events]
