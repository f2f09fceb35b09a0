"""Seating and the table's settings: joining, leaving, options, abandoning a run.

Anyone may join at any time (dealt in from the next run); leaving mid-run is allowed only
between Obstacles. Role decks are unique unless the owner allows extra copies (R13 mercs).
"""

from __future__ import annotations

from rules.legends.actions import (
    SYSTEM_PLAYER,
    Abandon,
    Join,
    Leave,
    SetOption,
    Start,
)
from rules.legends.cards import Role
from rules.legends.codes import Code, EventKind, Hint
from rules.legends.engine import runs
from rules.legends.engine.context import Engine, refuse
from rules.legends.engine.handlers import handles
from rules.legends.options import TableOptions
from rules.legends.state import Runner


def is_manager(eng: Engine, action: Start | SetOption | Abandon) -> bool:
    return action.player == eng.t.owner or action.manager


def role_taken(eng: Engine, role: Role) -> int:
    return sum(1 for r in eng.t.runners if r.role == role)


@handles(Join)
def on_join(eng: Engine, a: Join) -> None:
    if any(r.player == a.player and not r.is_merc for r in eng.t.runners):
        raise refuse(Code.ALREADY_SEATED, "You already have a seat at this table.")
    if a.player == SYSTEM_PLAYER:
        raise refuse(Code.BAD_PLAYER, "The system cannot take a seat.")
    copies = 1 + eng.t.options.extra_role_decks
    wanted = [a.role] + ([a.merc] if a.merc else [])
    for role in set(wanted):
        if role_taken(eng, role) + wanted.count(role) > copies:
            raise refuse(
                Code.ROLE_TAKEN,
                f"The {role.value.title()} deck is already taken. Pick another role.",
                Hint.EXTRA_ROLE_DECKS,
            )
    for role in wanted:
        if role not in eng.c.roles:
            raise refuse(Code.UNKNOWN_ROLE, f"This pack has no {role.value} deck.")
    humans = [r for r in eng.t.runners if not r.is_merc]
    if a.merc is not None and humans:
        raise refuse(Code.MERC_NOT_ALONE, "A merc can only be hired by a runner playing alone.")
    if humans and any(r.is_merc for r in eng.t.runners):
        raise refuse(
            Code.MERC_TABLE,
            "This crew runs with a merc; the merc's owner must leave before others join.",
        )
    # R15: a runner joining a running campaign shops with what the others have spent.
    spent = [r.eddies_spent for r in eng.t.runners]
    start = eng.c.campaigns[eng.t.campaign].starting_eddies
    eddies = max(start, sum(spent) // len(spent)) if spent else start
    new = [
        Runner(
            player=a.player,
            name=a.name,
            role=a.role,
            deck=eng.c.roles[a.role].cards,
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
                deck=eng.c.roles[a.merc].cards,
                eddies=eddies,
            )
        )
    eng.set_table(runners=eng.t.runners + tuple(new))
    text = f"{a.name} joins the crew as the {a.role.value.title()}"
    if a.merc:
        text += f", with a {a.merc.value.title()} merc"
    if eng.t.run is not None:
        text += " (dealt in from the next run)"
    eng.emit(EventKind.JOINED, text + ".")


@handles(Leave)
def on_leave(eng: Engine, a: Leave) -> None:
    me = eng.seat_for(a.player, False)
    mine = [i for i, r in enumerate(eng.t.runners) if r.player == a.player]
    if eng.t.run is None:
        leaver = eng.t.runners[me].name
        eng.set_table(runners=tuple(r for r in eng.t.runners if r.player != a.player))
        eng.emit(EventKind.LEFT, f"{leaver} leaves the crew.")
        return
    run = eng.run
    remaining = [s for s in run.seats if s not in mine]
    if not remaining:
        raise refuse(
            Code.LAST_RUNNER,
            "You are the last runner in this run.",
            Hint.ABANDON_INSTEAD,
        )
    if run.phase != "flip":
        raise refuse(
            Code.LEAVE_MID_PLAN,
            "You can leave mid-run only between Obstacles, when the Leader is about to flip.",
        )
    leader = run.leader
    if leader in mine:
        leader = next(s for s in seats_after(eng, leader) if s not in mine)
    eng.set_run(seats=tuple(remaining), leader=leader)
    runners = tuple(
        r.model_copy(update={"leaving": True}) if i in mine else r
        for i, r in enumerate(eng.t.runners)
    )
    eng.set_table(runners=runners)
    eng.emit(EventKind.LEFT, f"{eng.t.runners[me].name} leaves the crew mid-run.")


def seats_after(eng: Engine, seat: int) -> list[int]:
    seats = list(eng.run.seats)
    i = seats.index(seat)
    return seats[i + 1 :] + seats[:i]


@handles(SetOption)
def on_set_option(eng: Engine, a: SetOption) -> None:
    if not is_manager(eng, a):
        raise refuse(
            Code.NOT_OWNER, "Only the campaign's owner or a channel manager can change options."
        )
    fields = TableOptions.model_fields
    if a.name not in fields:
        raise refuse(
            Code.UNKNOWN_OPTION, f"There is no option '{a.name}'. Options: {', '.join(fields)}."
        )
    rules_options = {
        "ace_low",
        "one_rank_per_card",
        "assign_damage",
        "loose_or_better_suits",
        "extra_role_decks",
    }
    if a.name in rules_options and eng.t.run is not None:
        raise refuse(Code.OPTION_MID_RUN, "Rules options can only change between runs.")
    data = eng.t.options.model_dump()
    data[a.name] = a.value
    try:
        options = TableOptions.model_validate(data)
    except ValueError:
        raise refuse(
            Code.BAD_OPTION_VALUE, f"'{a.value}' is not a valid value for {a.name}."
        ) from None
    eng.set_table(options=options)
    eng.emit(EventKind.OPTION, f"Option {a.name} is now {getattr(options, a.name)}.")


@handles(Abandon)
def on_abandon(eng: Engine, a: Abandon) -> None:
    if not is_manager(eng, a):
        raise refuse(
            Code.NOT_OWNER, "Only the campaign's owner or a channel manager can abandon a run."
        )
    run = eng.run
    runs.end_run(eng, "abandoned", run)
    eng.emit(
        EventKind.ABANDONED, "The run was abandoned. The campaign stays; start again any time."
    )
