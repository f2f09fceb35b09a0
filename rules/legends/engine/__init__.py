"""The Cyberpunk Legends reducer: `apply(table, action, content) -> Outcome`.

Pure and deterministic: no I/O, no clock, randomness only through the state's recorded
`Rng`. An illegal action raises `IllegalAction` with a player-facing reason and leaves the
given table untouched (states are immutable; a refused action simply never returns one).
Every accepted action returns a table with `version + 1` and the events it caused.

The package follows the game's phases, one module each (see docs/rules-engine.md); each
action has one handler (`handlers.HANDLERS`). Rule references (R1…R15) point at
docs/rules/legends.md. Outside the package, use only what this module exports.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.core.rng import Rng
from rules.legends.actions import Action
from rules.legends.cards import DECK_LIMIT, MIN_DECK, ContentPack
from rules.legends.codes import Code

# Each phase module registers its action handlers when imported.
from rules.legends.engine import campaign as _campaign
from rules.legends.engine import cleanup as _cleanup
from rules.legends.engine import plan as _plan
from rules.legends.engine import prompts as _prompts
from rules.legends.engine import puzzles as _puzzles
from rules.legends.engine import runs as _runs
from rules.legends.engine import scenes as _scenes
from rules.legends.engine import shop as _shop
from rules.legends.engine import votes as _votes
from rules.legends.engine.context import Engine, Flatline
from rules.legends.engine.handlers import check_complete, handler_for
from rules.legends.engine.queries import (
    card_of,
    eval_options,
    legal_plays,
    plan_damage,
    plan_eval_cards,
    plan_size,
    scenario_card,
    seat_name,
    shop_cards,
    waiting_on,
)
from rules.legends.options import TableOptions
from rules.legends.state import Table

__all__ = [
    "DECK_LIMIT",
    "MIN_DECK",
    "Outcome",
    "apply",
    "card_of",
    "check",
    "eval_options",
    "legal_plays",
    "new_table",
    "plan_damage",
    "plan_eval_cards",
    "plan_size",
    "scenario_card",
    "seat_name",
    "shop_cards",
    "waiting_on",
]

# Every action of the union has its handler (a missing one fails here, at import).
_PHASES = (_campaign, _cleanup, _plan, _prompts, _puzzles, _runs, _scenes, _shop, _votes)
check_complete()


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
        raise IllegalAction.of(Code.UNKNOWN_CAMPAIGN, f"There is no campaign called '{campaign}'.")
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
    eng = Engine(table, content)
    try:
        handler_for(action)(eng, action)
    except Flatline:
        _runs.flatline(eng)
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
