"""Cyberpunk Legends on Discord: the `/legends` commands, buttons, the table-talk
listener and the runtime that publishes boards, DMs hands and runs timers."""

from cogs.legends.commands import LegendsCog
from cogs.legends.components import FxButton
from cogs.legends.runtime import Runtime
from cogs.legends.tabletalk import TableTalkCog

__all__ = ["FxButton", "LegendsCog", "Runtime", "TableTalkCog"]
