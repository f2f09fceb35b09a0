"""Game adapters by the name stored in each campaign row (`campaigns.game`)."""

from __future__ import annotations

import logging
from typing import Any

from bot.service.game import GameAdapter

log = logging.getLogger("bot.service")


def adapter_for(game: str) -> GameAdapter[Any, Any] | None:
    """The adapter for `game`, or None if this build cannot play it (then its campaigns
    can still be stored, backed up, exported and imported, just not replayed)."""
    if game == "legends":
        try:
            from cogs.legends.adapter import LegendsAdapter

            return LegendsAdapter()
        except Exception as exc:  # the engine or its content failed to load
            log.warning("the Legends engine is unavailable: %s", type(exc).__name__)
            return None
    return None
