"""Discord's size limits, the house colours, and the one way a refusal is drawn.

Every game's renderer builds on these (`clip` before anything is sent, `refusal_embed`
for every "no"), so limits and the look of a refusal are the same in every game.
"""

from __future__ import annotations

import re
from functools import cache

import discord

CONTENT_MAX = 2000
DESCRIPTION_MAX = 4096
TITLE_MAX = 256
EMBEDS_TOTAL_MAX = 6000
LABEL_MAX = 80
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FOOTER_MAX = 2048

COLOR_BOARD = discord.Colour(0x00B3B3)  # "eye-wateringly teal"
COLOR_EVENTS = discord.Colour(0xF2C94C)
COLOR_PRIVATE = discord.Colour(0x9B51E0)
COLOR_BAD = discord.Colour(0xEB5757)


def clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + "…"


def label(text: str) -> str:
    return clip(text, LABEL_MAX)


@cache
def _command_pattern(group: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!`)/{re.escape(group)} (\w+)")


def code_commands(text: str, group: str | None) -> str:
    """`/group name` mentions in `text` set as code (`` `/group name` ``), so they stand
    out and read as something to type. None: `text` unchanged."""
    if group is None:
        return text
    return _command_pattern(group).sub(rf"`/{group} \1`", text)


def refusal_embed(message: str, group: str | None = None) -> discord.Embed:
    """Every refusal of every game, drawn one way: 🚫, the reason (its first line says
    what is wrong, then what to do), the game's commands set as code."""
    return discord.Embed(
        description=clip("🚫 " + code_commands(message, group), 4000), colour=COLOR_BAD
    )
