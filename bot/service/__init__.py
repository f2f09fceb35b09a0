"""The async game service between the Discord cogs and the rules engine.

`GameService` (load → check → apply → commit → publish) works with any game through a
`GameAdapter`; each game's plug-in (`bot/games.py`) provides its adapter.
"""

from bot.service.game import Applied, GameAdapter, GameService, Refused, StartupReport

__all__ = ["Applied", "GameAdapter", "GameService", "Refused", "StartupReport"]
