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


def fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Keep a message's embeds under Discord's 6,000-character total: shorten the longest
    description or field value until they fit."""
    total = sum(len(e) for e in embeds)
    while total > EMBEDS_TOTAL_MAX and embeds:
        over = total - EMBEDS_TOTAL_MAX
        best: tuple[int, discord.Embed, int] | None = None  # (length, embed, field or -1)
        for e in embeds:
            n = len(e.description or "")
            if best is None or n > best[0]:
                best = (n, e, -1)
            for i, f in enumerate(e.fields):
                if len(f.value or "") > best[0]:
                    best = (len(f.value or ""), e, i)
        if best is None or best[0] <= 20:
            break
        n, e, i = best
        keep = max(10, n - over - 10)
        if i < 0:
            e.description = clip(e.description or "", keep)
        else:
            f = e.fields[i]
            e.set_field_at(
                i, name=f.name or "", value=clip(f.value or "", keep), inline=bool(f.inline)
            )
        total = sum(len(x) for x in embeds)
    return embeds
