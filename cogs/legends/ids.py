"""Custom ids of Fixer's buttons: `fx:{action}:{table}:{version}[:{arg}][:m]`.

Every button carries the table (campaign) id and the state version it was drawn for, so
it works after a restart and outside the guild (DMs), and a click made against an older
state is refused as stale by the game service. `arg` is a card instance id or a prompt
option key (":" inside it is written as "="); a trailing ":m" routes the action to the
caller's merc seat. Discord allows 100 characters; ids stay far below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "fx"
TEMPLATE = (
    r"fx:(?P<action>[a-z]+):(?P<table>[^:]+):(?P<version>\d+)"
    r"(?::(?P<arg>[^:]*))?(?::(?P<merc>m))?"
)
PATTERN = re.compile(TEMPLATE)
MAX_LEN = 100

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


@dataclass(frozen=True, slots=True)
class ButtonId:
    action: str
    table: str
    version: int
    arg: str | None = None
    merc: bool = False

    def encode(self) -> str:
        if ":" in self.table or self.action not in ACTIONS:
            raise ValueError(f"cannot encode a button for {self.action!r} on {self.table!r}")
        out = f"{PREFIX}:{self.action}:{self.table}:{self.version}"
        if self.arg is not None or self.merc:
            out += ":" + (self.arg or "").replace(":", "=")
        if self.merc:
            out += ":m"
        if len(out) > MAX_LEN:
            raise ValueError(f"custom id too long ({len(out)} chars)")
        return out


def parse(custom_id: str) -> ButtonId | None:
    m = PATTERN.fullmatch(custom_id)
    if m is None or m["action"] not in ACTIONS:
        return None
    arg = m["arg"]
    return ButtonId(
        action=m["action"],
        table=m["table"],
        version=int(m["version"]),
        arg=arg.replace("=", ":") if arg else None,
        merc=m["merc"] is not None,
    )


def table_id_for(snowflake: int) -> str:
    """A short campaign id from a Discord snowflake (unique, lowercase base 36)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    n = snowflake
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"
