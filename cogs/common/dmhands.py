"""Hands by DM, for any game's runtime: the players of a table who opted in (the
preferences' `dm`, kept in the database) get their private panel by DM whenever it
changes, one DM after the other per player (`GameRuntime.send_dm`: a closed DM is
reported once in the channel and never blocks the game).

The game says what "changed" means with a signature of the panel (its hand and its
options, say): a DM goes out only when the signature differs from the last one sent or
shown (`mark`, after a panel was edited in place in the DM, or sent by a command).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from bot.i18n import t

if TYPE_CHECKING:
    from cogs.common.runtime import GameRuntime


class DmHands:
    """The DM panels of one game's tables (in memory: after a restart the next change
    is sent, a lost signature costs at most one repeated DM)."""

    def __init__(self, runtime: GameRuntime[Any]) -> None:
        self.rt = runtime
        self._sent: dict[tuple[str, str], Hashable] = {}
        self._last: dict[tuple[str, str], asyncio.Task[None]] = {}

    def players(self, cid: str) -> list[str]:
        """The players of table `cid` whose hand goes by DM (opted in, DMs not closed)."""
        prefs = self.rt.prefs
        return sorted(p for p in prefs.dm_players(cid) if p.isdigit() and p not in prefs.dm_closed)

    def mark(self, cid: str, player: str, signature: Hashable) -> None:
        """`player` has seen the panel with this signature: don't DM it again."""
        self._sent[(cid, player)] = signature

    def send(
        self, cid: str, player: str, signature: Hashable, build: Callable[[], dict[str, Any]]
    ) -> bool:
        """DM `player` the panel `build()` makes, unless they have seen `signature`."""
        key = (cid, player)
        if self._sent.get(key) == signature:
            return False
        self._sent[key] = signature
        prev = self._last.get(key)
        self._last[key] = self.rt.spawn(self.rt.send_dm(cid, player, build(), prev), name="dm")
        return True

    def forget(self, cid: str, player: str) -> None:
        """The player opted out (or back in): the next change is sent afresh."""
        self._sent.pop((cid, player), None)


def dm_closed_text(loc: str, command: str, player: str) -> str:
    """The DM-closed notice of game `command` (`GameRuntime.dm_closed_notice`; a
    gallery draws it without a runtime)."""
    return t(
        loc,
        "<@{who}>, I can't send you DMs (they are closed), so your hand stays behind "
        "the **My hand** button. Open your DMs and run `/{command} dm enabled:True` "
        "to try again.",
        who=player,
        command=command,
    )
