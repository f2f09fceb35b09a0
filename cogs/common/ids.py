"""Custom ids of Fixer's buttons: `fx:{game}:{action}:{table}:{version}[:{arg}][:m]`.

Every button carries its game (so one router sends the click to the right game, never
guessing), the table (campaign) id and the state version it was drawn for, so it works
after a restart and outside the guild (DMs), and a click made against an older state is
refused as stale by the game service. `arg` is the game's argument (a card instance id, a
prompt option key; ":" inside it is written as "="); a trailing ":m" is a flag the game
gives a meaning (`flag`: say, a second seat of the caller's). Discord allows 100
characters.

Each game registers its actions (`register`) when its front end is imported. Buttons
posted before ids carried the game (`fx:{action}:{table}:{version}…`) belong to the one
game registered with `legacy=True`, and keep working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "fx"
MAX_LEN = 100
GAME_NAME = re.compile(r"[a-z][a-z0-9_]*")
_TAIL = r"(?P<table>[^:]+):(?P<version>\d+)(?::(?P<arg>[^:]*))?(?::(?P<flag>m))?"
_NEW = re.compile(rf"fx:(?P<game>[a-z][a-z0-9_]*):(?P<action>[a-z]+):{_TAIL}")
_OLD = re.compile(rf"fx:(?P<action>[a-z]+):{_TAIL}")
#: What the DynamicItem router matches: any id of either shape (`parse` decides).
TEMPLATE = r"fx:(?:[a-z][a-z0-9_]*:)?[a-z]+:[^:]+:\d+(?::[^:]*)?(?::m)?"

_actions: dict[str, frozenset[str]] = {}
_legacy: list[str] = []  # the game of ids without one (at most one)


def register(game: str, actions: frozenset[str], *, legacy: bool = False) -> None:
    """Declare `game`'s button actions. `legacy`: ids without a game are this game's
    (the first game, whose buttons were posted before ids carried one). Registering the
    same again is a no-op (a front end imported twice)."""
    if not GAME_NAME.fullmatch(game):
        raise ValueError(f"game name {game!r}: lower-case letters, digits and _")
    bad = [a for a in actions if not re.fullmatch(r"[a-z]+", a)]
    if bad:
        raise ValueError(f"{game}: action names are lower-case letters: {bad}")
    known = _actions.get(game)
    if known is not None and known != actions:
        raise ValueError(f"{game}: its button actions are already registered, differently")
    if legacy and _legacy and _legacy[0] != game:
        raise ValueError(f"ids without a game already belong to {_legacy[0]!r}")
    # An old id `fx:{action}:…` must never read as a new one of a game named like an
    # action of the legacy game, and the other way round.
    legacy_game = game if legacy else (_legacy[0] if _legacy else None)
    legacy_actions = actions if legacy else _actions.get(legacy_game or "", frozenset())
    names = set(_actions) | {game}
    if names & legacy_actions:
        raise ValueError(f"a game may not be named like a button action: {names & legacy_actions}")
    _actions[game] = actions
    if legacy and not _legacy:
        _legacy.append(game)


def actions_of(game: str) -> frozenset[str]:
    return _actions.get(game, frozenset())


@dataclass(frozen=True, slots=True)
class ButtonId:
    game: str
    action: str
    table: str
    version: int
    arg: str | None = None
    flag: bool = False

    def encode(self) -> str:
        if ":" in self.table or self.action not in actions_of(self.game):
            raise ValueError(
                f"cannot encode a {self.game!r} button for {self.action!r} on {self.table!r}"
            )
        out = f"{PREFIX}:{self.game}:{self.action}:{self.table}:{self.version}"
        if self.arg is not None or self.flag:
            out += ":" + (self.arg or "").replace(":", "=")
        if self.flag:
            out += ":m"
        if len(out) > MAX_LEN:
            raise ValueError(f"custom id too long ({len(out)} chars)")
        return out


def _button(game: str, m: re.Match[str]) -> ButtonId:
    arg = m["arg"]
    return ButtonId(
        game=game,
        action=m["action"],
        table=m["table"],
        version=int(m["version"]),
        arg=arg.replace("=", ":") if arg else None,
        flag=m["flag"] is not None,
    )


def parse(custom_id: str) -> ButtonId | None:
    """The button an id names, or None if it is not a button of a registered game."""
    m = _NEW.fullmatch(custom_id)
    if m is not None and m["action"] in actions_of(m["game"]):
        return _button(m["game"], m)
    m = _OLD.fullmatch(custom_id)
    if m is not None and _legacy and m["action"] in actions_of(_legacy[0]):
        return _button(_legacy[0], m)
    return None


def table_id_for(snowflake: int) -> str:
    """A short campaign id from a Discord snowflake (unique, lowercase base 36)."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    n = snowflake
    out = ""
    while n:
        n, r = divmod(n, 36)
        out = digits[r] + out
    return out or "0"


# ---- select menus ------------------------------------------------------------------------
# A select menu's id is a button id without the argument, under its own prefix
# (`fxs:{game}:{action}:{table}:{version}[:{tag}]`), so the button router never matches it
# (discord.py hands a component to every dynamic item whose template matches). Picking an
# option is a click of the button `{action}` whose argument is the option's value: a game
# handles a select exactly like one more button per option. `tag` only tells two selects
# of one message apart.
SELECT_PREFIX = "fxs"
_SELECT = re.compile(
    r"fxs:(?P<game>[a-z][a-z0-9_]*):(?P<action>[a-z]+):(?P<table>[^:]+):(?P<version>\d+)"
    r"(?::(?P<arg>[^:]*))?"
)
SELECT_TEMPLATE = r"fxs:[a-z][a-z0-9_]*:[a-z]+:[^:]+:\d+(?::[^:]*)?"


def encode_select(bid: ButtonId) -> str:
    """The custom id of a select whose picks are clicks of `bid` (its `arg` is the tag)."""
    if ":" in bid.table or bid.action not in actions_of(bid.game) or bid.flag:
        raise ValueError(f"cannot encode a {bid.game!r} select for {bid.action!r}")
    out = f"{SELECT_PREFIX}:{bid.game}:{bid.action}:{bid.table}:{bid.version}"
    if bid.arg is not None:
        out += ":" + bid.arg.replace(":", "=")
    if len(out) > MAX_LEN:
        raise ValueError(f"custom id too long ({len(out)} chars)")
    return out


def parse_select(custom_id: str) -> ButtonId | None:
    """The select an id names (its tag as `arg`), or None if it is not a Fixer select."""
    m = _SELECT.fullmatch(custom_id)
    if m is None or m["action"] not in actions_of(m["game"]):
        return None
    arg = m["arg"]
    return ButtonId(
        game=m["game"],
        action=m["action"],
        table=m["table"],
        version=int(m["version"]),
        arg=arg.replace("=", ":") if arg else None,
    )


def picked(select: ButtonId, value: str) -> ButtonId:
    """The click a pick of `value` in `select` stands for."""
    return ButtonId(select.game, select.action, select.table, select.version, value or None)
