"""The `/legendary` slash-command group (names and options:
shared/design/legendary-discord.md). Thin: find the table of the channel, turn options
into a table action (`cogs.legendary.table`), run it through the service, answer.
Public updates are posted by the runtime's publisher after each commit; answers that
show a hand are ephemeral. Autocomplete offers what the caller may do now.

The commands live in cmd_game.py, cmd_turn.py and cmd_read.py (mixins over
cmd_base.CommandBase, decorated with the one `/legendary` group); `LegendaryCog` holds
the group, so discord.py binds every command to the one cog instance.
"""

from __future__ import annotations

from cogs.legendary.cmd_base import LEGENDARY
from cogs.legendary.cmd_game import GameCommands
from cogs.legendary.cmd_read import ReadCommands
from cogs.legendary.cmd_turn import TurnCommands


class LegendaryCog(GameCommands, TurnCommands, ReadCommands):
    legendary = LEGENDARY
