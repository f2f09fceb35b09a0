"""Legal actions at every decision point.

The bot's autocomplete and buttons, the terminal table and the AI crewmates all ask this
module what a player may do; nothing else enumerates moves, so they can never disagree
with the reducer.
"""

from __future__ import annotations

from rules.legends.actions import (
    Action,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Play,
    Ready,
)
from rules.legends.cards import ContentPack
from rules.legends.engine import legal_plays, scenario_card
from rules.legends.state import Table


def controlled_seats(table: Table, player: str) -> list[int]:
    """Seats this person acts for: their own, then their merc's (R13)."""
    return [i for i, r in enumerate(table.runners) if r.player == player]


def legal_actions(table: Table, player: str, content: ContentPack) -> list[Action]:
    """Every run action `player` may take now. Campaign management (join, buy, …) is
    listed by the adapters from the campaign state; it has no turn structure."""
    run = table.run
    if run is None:
        return []
    out: list[Action] = []
    for seat in controlled_seats(table, player):
        if seat not in run.seats:
            continue
        merc = table.runners[seat].is_merc
        if run.phase == "flip" and run.leader == seat:
            out.append(Flip(player=player))
        elif run.phase == "vote":
            # Listing only unvoted seats keeps drivers from re-voting forever; the
            # reducer still lets a person change their vote.
            if not merc and run.scenes and seat not in run.votes:
                card = scenario_card(table, content, run.scenes[-1].order)
                out.extend(Choose(player=player, option=c.key) for c in card.choices)
            if run.leader == seat:
                out.append(CloseVote(player=player))
        mine = [p for p in run.prompts if p.seat == seat]
        if mine:
            out.extend(Choose(player=player, option=o.key, merc=merc) for o in mine[0].options)
        elif run.phase == "plan" and run.turn == seat and not run.prompts and not run.frames:
            out.extend(
                Play(player=player, card=i, merc=merc) for i in legal_plays(table, content, seat)
            )
        if run.phase == "cleanup" and seat in run.cleanup and not run.cleanup[seat].ready:
            cs = run.cleanup[seat]
            if cs.limit is None or cs.discarded < cs.limit:
                out.extend(Discard(player=player, card=i, merc=merc) for i in run.zones[seat].hand)
            out.append(Ready(player=player, merc=merc))
    # Flip and CloseVote are per person, not per seat.
    seen: set[str] = set()
    unique: list[Action] = []
    for a in out:
        key = a.model_dump_json()
        if key not in seen:
            seen.add(key)
            unique.append(a)
    return unique


def players_to_act(table: Table, content: ContentPack) -> list[str]:
    """People the table is waiting on now (for turn prompts and AI drivers)."""
    people: list[str] = []
    for r in table.runners:
        if r.player not in people and legal_actions(table, r.player, content):
            people.append(r.player)
    return people
