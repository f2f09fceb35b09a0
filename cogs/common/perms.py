"""Permission checks every game's table needs, in words for the campaign's owner."""

from __future__ import annotations

from typing import Any

import discord

from cogs.common import threads


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """The caller may manage this channel's tables (Manage Channels or Administrator)."""
    perms = interaction.permissions
    return bool(perms.manage_channels or perms.administrator)


def post_problems(channel: Any, command: str) -> list[str]:
    """What keeps Fixer from posting a board in `channel` (missing permissions, a locked
    thread), for the owner of a campaign of the game whose commands are `/command …`."""
    problems: list[str] = []
    guild = getattr(channel, "guild", None)
    if guild is None or not hasattr(channel, "permissions_for"):
        return problems
    perms = channel.permissions_for(guild.me)
    # In a thread, posting needs Send Messages in Threads (Send Messages is the parent
    # channel's).
    send = (
        ("Send Messages in Threads", perms.send_messages_in_threads)
        if isinstance(channel, discord.Thread)
        else ("Send Messages", perms.send_messages)
    )
    missing = [
        name
        for name, ok in (
            send,
            ("Embed Links", perms.embed_links),
            ("Read Message History", perms.read_message_history),
        )
        if not ok
    ]
    if missing:
        problems.append(
            f"I lack {', '.join(missing)} in {channel.mention}: I need them to post the board."
        )
    locked = threads.locked_problem(channel, command)
    if locked:
        problems.append(locked)
    return problems


def can_manage_messages(channel: Any) -> bool:
    guild = getattr(channel, "guild", None)
    if guild is None or not hasattr(channel, "permissions_for"):
        return True  # nothing to check (a DM): nothing to report
    return bool(channel.permissions_for(guild.me).manage_messages)
