"""The `/legends` slash-command group (names and options: shared/design/legends-discord.md).

Thin: each command finds the campaign of the channel, turns its options into an engine
action, runs it through the game service (`Actor.act`) and answers. Public updates are
posted by the runtime's publisher after the commit, whoever caused them; a command's own
answer is ephemeral unless it is a read-only public view (status, clues, memory).
Autocomplete offers only what the caller may legally do now (at most 25 choices).

The commands live in cmd_campaign.py, cmd_run.py and cmd_table.py (mixins over
cmd_base.CommandBase, decorated with the one `/legends` group); `LegendsCog` holds the
group, so discord.py binds every command to the one cog instance.
"""

from __future__ import annotations

from cogs.legends.cmd_base import LEGENDS
from cogs.legends.cmd_campaign import CampaignCommands
from cogs.legends.cmd_run import RunCommands
from cogs.legends.cmd_table import TableCommands


class LegendsCog(CampaignCommands, RunCommands, TableCommands):
    legends = LEGENDS
