"""Legends' button actions, in the house's custom ids (cogs/common/ids.py):
`fx:legends:{action}:{table}:{version}[:{arg}][:m]`.

`arg` is a card instance id or a prompt option key; a trailing ":m" routes the action to
the caller's merc seat. Buttons posted before ids carried the game
(`fx:{action}:{table}:{version}…`) are Legends' (`legacy=True`) and still work.
"""

from __future__ import annotations

from cogs.common import ids as house_ids
from cogs.common.ids import ButtonId as ButtonId
from cogs.common.ids import parse as parse
from cogs.common.ids import table_id_for as table_id_for

GAME = "legends"

# Actions: view-only ones (hand, pl) ignore the version; the others pass it to the service.
HAND = "hand"  # "My hand": a fresh ephemeral panel
PLAYS = "pl"  # "Play": the panel with the caller's legal plays
FLIP = "flip"
VOTE = "vote"
CLOSE = "close"
PLAY = "play"
CHOOSE = "ch"
DISCARD = "dis"
READY = "rdy"
BUY = "buy"
ACTIONS = frozenset({HAND, PLAYS, FLIP, VOTE, CLOSE, PLAY, CHOOSE, DISCARD, READY, BUY})

house_ids.register(GAME, ACTIONS, legacy=True)


def button(
    action: str, table: str, version: int, arg: str | None = None, merc: bool = False
) -> ButtonId:
    """A Legends button id (`merc`: the house's flag, ":m")."""
    return ButtonId(GAME, action, table, version, arg, merc)
