"""What Fixer does for a player whose turn timer ran out (the runtime's deadline action)."""

from __future__ import annotations

from rules.tcg import actions as act
from rules.tcg.cards import TcgContent
from rules.tcg.legal import legal_actions
from rules.tcg.state import Duel

#: What Fixer does for a player out of time, most timid first: nothing that spends a card
#: when passing, keeping or ending the turn is possible; else what the duel needs.
TIMEOUT_MOVES: tuple[type[act.Action], ...] = (
    act.Pass,
    act.Keep,
    act.End,
    act.Choose,
    act.Roll,
    act.Attack,
)


def timeout_action(state: Duel, content: TcgContent, seat: int) -> act.Action | None:
    """What Fixer does for a player whose turn timer ran out: the timid move (pass a
    reaction, keep a hand, end the turn), else what the duel needs to go on (a prompt's
    first option, the roll they must make, an attack a Unit must make)."""
    legal = [
        a
        for a in legal_actions(state, content, state.seats[seat].player)
        if not isinstance(a, act.Concede)
    ]
    for kind in TIMEOUT_MOVES:
        for a in legal:
            if isinstance(a, kind):
                return a
    return legal[0] if legal else None
