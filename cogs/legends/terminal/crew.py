"""Who sits at the terminal table: the people (their seat ids, their private feeds), the
AI crewmates' names, and setting the crew up (each person's name and role, then the AI
crewmates' roles) before the campaign is saved.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bot.i18n import N_, t
from cogs.legends.localize import role_deck_name
from cogs.legends.terminal import asking
from rules.core.events import Event
from rules.legends.actions import Join
from rules.legends.ai import CrewAI
from rules.legends.cards import Role
from rules.legends.sim import seat_roles

if TYPE_CHECKING:
    from cogs.legends.terminal.session import Session

AI_NAMES = ("Vex", "Rook", "Juno", "Kestrel", "Nyx", "Sable", "Tamsin", "Oz")
HUMAN_PREFIX = "p"  # human seats are p1, p2...; AI crewmates ai1, ai2...
AI_PREFIX = "ai"


@dataclass
class Person:
    player: str
    human: bool
    feed: list[Event] = field(default_factory=list)
    brain: CrewAI | None = None


def join(s: Session) -> None:
    """Each person picks a name and any role the table still has a deck of (every
    role is offered); then the campaign is saved and the crew joins it."""
    lang = s.lang
    order = seat_roles(s.content, len(s.content.roles))  # each role once
    copies = 1 + s.table.options.extra_role_decks
    left = {r: copies for r in order}
    joins: list[Join] = []
    for i in range(s.humans):
        player = f"{HUMAN_PREFIX}{i + 1}"
        # One human is just "Player"; several are numbered (a name, not a plural). The
        # default names are the terminal's language's, as the seat's name in Legendary's.
        default = t(lang, "Player {n}", n=i + 1) if s.humans > 1 else t(lang, "Player")
        name = (
            asking.text(
                s,
                t(lang, "Runner {n}, your name [{default}]: ", n=i + 1, default=default),
                t(lang, "Type a name for this runner (Enter keeps the one in brackets), or quit."),
            )
            or default
        )[:64]
        role = pick_role(s, t(lang, "Pick a role [1]: "), [r for r in order if left[r]])
        left[role] -= 1
        merc_role: Role | None = None
        if s.merc:
            merc_role = pick_role(s, t(lang, "Your merc's role [1]: "),
                                  [r for r in order if left[r]], merc=True)  # fmt: skip
            left[merc_role] -= 1
        s.people[player] = Person(player=player, human=True)
        joins.append(Join(player=player, name=name, role=role, merc=merc_role))
    taken = {j.name.lower() for j in joins}
    names = [n for n in AI_NAMES if n.lower() not in taken]
    for j in range(s.runners - s.humans):
        player = f"{AI_PREFIX}{j + 1}"
        # The role with the most decks left, in the usual order: a crew of distinct
        # roles while there are enough.
        role = max(order, key=lambda r: left[r])
        left[role] -= 1
        s.people[player] = Person(player=player, human=False, brain=CrewAI(seed=s.seed * 101 + j))
        name = names[j] if j < len(names) else t(lang, "Crew {n}", n=j + 1)
        joins.append(Join(player=player, name=name, role=role))
    s.create()
    for one in joins:
        s.act(one)
    s.flush_public()


def pick_role(s: Session, prompt: str, options: list[Role], *, merc: bool = False) -> Role:
    """One of `options`, by number or name (the role decks as the pack names them)."""
    labels = [role_deck_name(s.content, s.lang, r) for r in options]
    roles = "; ".join(f"{n}) {lab}" for n, lab in enumerate(labels, 1))
    heading = N_("Merc roles: {roles}") if merc else N_("Roles: {roles}")
    s.io.say(t(s.lang, heading, roles=roles))
    return options[asking.choice(s, prompt, labels, asking.NO_ROLE, default=1) - 1]
