"""The async game service between the Discord cogs and the rules engine.

`GameService` (load → check → apply → commit → publish) works with any game through a
`GameAdapter`; each game's plug-in (`bot/games.py`) provides its adapter.
"""

from bot.service.contract import Applied, GameAdapter, Refused, StartupReport
from bot.service.game import GameService

__all__ = ["Applied", "GameAdapter", "GameService", "Refused", "StartupReport"]
