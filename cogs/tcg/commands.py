"""The `/tcg` slash-command group (names and options: shared/design/tcg-discord.md).

Thin: each command finds the duel of the channel, turns its options into one of the
caller's legal actions (cogs/tcg/choices.py: autocomplete and typed values alike) and runs
it (`interact.run_action`); the public update is the runtime's publisher's. Read-only
views (`status`, `card`, `log`, `rules`) answer ephemerally, from the caller's view.

The commands live in cmd_duel.py and cmd_table.py (mixins over cmd_base.CommandBase,
decorated with the one `/tcg` group); `TcgCog` holds the group, so discord.py binds every
command to the one cog instance.
"""

from __future__ import annotations

from cogs.tcg.cmd_base import TCG
from cogs.tcg.cmd_duel import DuelCommands
from cogs.tcg.cmd_table import TableCommands


class TcgCog(DuelCommands, TableCommands):
    tcg = TCG
