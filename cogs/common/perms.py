"""Permission checks every game's table needs, in words for the campaign's owner."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import N_, name_list, t
from cogs.common import threads

# Discord's names of the permissions Fixer checks, as its client shows them (Polish:
# "Wysyłanie wiadomości"), so an owner finds them in the server's settings.
SEND_MESSAGES = N_("Send Messages")
SEND_IN_THREADS = N_("Send Messages in Threads")
EMBED_LINKS = N_("Embed Links")
READ_HISTORY = N_("Read Message History")


def is_manager(interaction: discord.Interaction[Any]) -> bool:
    """The caller may manage this channel's tables (Manage Channels or Administrator)."""
    perms = interaction.permissions
    return bool(perms.manage_channels or perms.administrator)


def post_problems(channel: Any, command: str, loc: str | None = None) -> list[str]:
    """What keeps Fixer from posting a board in `channel` (missing permissions, a locked
    thread), for the owner of a campaign of the game whose commands are `/command …`,
    in the language `loc`."""
    problems: list[str] = []
    guild = getattr(channel, "guild", None)
    if guild is None or not hasattr(channel, "permissions_for"):
        return problems
    perms = channel.permissions_for(guild.me)
    # In a thread, posting needs Send Messages in Threads (Send Messages is the parent
    # channel's).
    send = (
        (SEND_IN_THREADS, perms.send_messages_in_threads)
        if isinstance(channel, discord.Thread)
        else (SEND_MESSAGES, perms.send_messages)
    )
    missing = [
        t(loc, name)
        for name, ok in (
            send,
            (EMBED_LINKS, perms.embed_links),
            (READ_HISTORY, perms.read_message_history),
        )
        if not ok
    ]
    if missing:
        problems.append(
            t(
                loc,
                "I lack {permissions} in {channel}: I need them to post the board. Ask an "
                "admin to grant them there.",
                permissions=name_list(loc, (f"**{m}**" for m in missing)),
                channel=channel.mention,
            )
        )
    locked = threads.locked_problem(channel, command, loc)
    if locked:
        problems.append(locked)
    return problems


def can_manage_messages(channel: Any) -> bool:
    guild = getattr(channel, "guild", None)
    if guild is None or not hasattr(channel, "permissions_for"):
        return True  # nothing to check (a DM): nothing to report
    return bool(channel.permissions_for(guild.me).manage_messages)
