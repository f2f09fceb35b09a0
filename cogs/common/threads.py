"""Campaigns in threads and forum posts: Discord-side chores that are not game rules.

* **Archived threads.** Discord archives an idle thread (and drops it from discord.py's
  cache). Posting in it unarchives it, unless a moderator locked it: then only someone
  with Manage Threads can unarchive it (PATCH archived=false) and post. `send` does that
  when it can; otherwise it says so (`Blocked`), and the runtime tells the owner once.
* **Forum tags.** A post Fixer opens for a campaign gets a fitting tag (one named like the
  game, as the game's front end lists them, or "Active"), or, in a forum that requires
  one, the first tag Fixer may apply; when the campaign is complete, its "Active"-like
  tags give way to a "Finished"-like tag.

Pure helpers (tag choice) plus thin async wrappers around discord.py; nothing here
touches game state, and nothing names a game: the texts take the game's title and its
slash-command group from the caller.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import N_, t

log = logging.getLogger("cogs.common")

# Discord error codes.
UNKNOWN_CHANNEL = 10003
ARCHIVED = 50083
LOCKED = 160005
TAG_REQUIRED = 40067
MAX_TAGS = 5

# Tag names, normalised (lower case, letters and digits only, single spaces). The game's
# own names (given by its front end) come first, then the bot's, then "this is going on"
# names.
HOUSE_TAGS = ("fixer", "cyberpunk")
ACTIVE_TAGS = ("active", "in progress", "ongoing", "playing", "running", "open")
FINISHED_TAGS = ("finished", "complete", "completed", "done", "over", "ended", "closed")


def norm(name: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", name.lower()).split())


def _ranked(tags: Sequence[discord.ForumTag], names: Sequence[str]) -> list[discord.ForumTag]:
    by = {n: i for i, n in enumerate(names)}
    found = [tag for tag in tags if norm(tag.name) in by]
    return sorted(found, key=lambda t: by[norm(t.name)])


def usable(tag: discord.ForumTag, can_moderate: bool) -> bool:
    return can_moderate or not tag.moderated


def pick_post_tags(
    forum: discord.ForumChannel,
    *,
    can_moderate: bool,
    game_tags: Sequence[str] = (),
    title: str = "Fixer",
    loc: str | None = None,
) -> tuple[list[discord.ForumTag], str | None]:
    """The tags for a new campaign post in `forum`, or a reason (for the person asking,
    in their language `loc`) why no post can be opened there. `game_tags`: the game's
    own tag names, best first (normalised, see `norm`); `title`: the game's name, for
    the example in the reason."""
    tags = [tag for tag in forum.available_tags if usable(tag, can_moderate)]
    names = (*game_tags, *(n for n in HOUSE_TAGS if n not in game_tags))
    chosen = [tag for tag in _ranked(tags, names)[:1] + _ranked(tags, ACTIVE_TAGS)[:1]]
    if chosen or not forum.flags.require_tag:
        return chosen[:MAX_TAGS], None
    fallback = [tag for tag in tags if norm(tag.name) not in FINISHED_TAGS] or tags
    if fallback:
        return fallback[:1], None
    if forum.available_tags:
        return [], t(
            loc,
            "{forum} requires a tag on every post, and its tags are all moderated (only "
            "members with **Manage Threads** may apply them). Give me Manage Threads in "
            '{forum}, add a tag that is not moderated, or turn off "Require people to '
            'select tags when posting".',
            forum=forum.mention,
        )
    return [], t(
        loc,
        "{forum} requires a tag on every post but has no tags. Add one "
        '(e.g. "{title}"), or turn off "Require people to select tags when posting".',
        forum=forum.mention,
        title=title,
    )


def finished_tags(
    thread: discord.Thread, forum: discord.ForumChannel, *, can_moderate: bool
) -> list[discord.ForumTag] | None:
    """The post's tags once its campaign is complete: "Active"-like tags removed, a
    "Finished"-like tag added (at most 5 in all); None if there is no such tag to apply
    or nothing would change."""
    done = [
        tag for tag in _ranked(forum.available_tags, FINISHED_TAGS) if usable(tag, can_moderate)
    ]
    if not done:
        return None
    current = list(thread.applied_tags)
    keep = [
        tag for tag in current if norm(tag.name) not in ACTIVE_TAGS or not usable(tag, can_moderate)
    ]
    if done[0] in keep:
        return None if keep == current else keep
    if len(keep) >= MAX_TAGS:
        removable = [tag for tag in keep if usable(tag, can_moderate)]
        if not removable:
            return None
        keep.remove(removable[-1])
    return keep + [done[0]]


def forum_of(channel: Any) -> discord.ForumChannel | None:
    parent = getattr(channel, "parent", None) if isinstance(channel, discord.Thread) else None
    return parent if isinstance(parent, discord.ForumChannel) else None


def can_manage_threads(channel: Any) -> bool:
    guild = getattr(channel, "guild", None)
    if guild is None or not hasattr(channel, "permissions_for"):
        return False
    perms = channel.permissions_for(guild.me)
    return bool(perms.manage_threads or perms.administrator)


def locked_problem(channel: Any, command: str, loc: str | None = None) -> str | None:
    """Why Fixer can't post in this thread (locked by a moderator, and Fixer lacks Manage
    Threads), in words for the campaign's owner in the language `loc`; None if it can.
    `command`: the game's slash-command group (its `move` continues the campaign
    elsewhere)."""
    if not isinstance(channel, discord.Thread) or not channel.locked:
        return None
    if can_manage_threads(channel):
        return None
    where = channel.parent.mention if channel.parent is not None else t(loc, "its channel")
    if channel.archived:
        text = N_(
            "The thread {thread} is locked and archived, so I can't post the board or turn "
            "prompts there. A moderator can unlock it, or give me **Manage Threads** in "
            "{where}; or continue the campaign elsewhere with `/{command} move` there. The "
            "game is saved and waits."
        )
    else:
        text = N_(
            "The thread {thread} is locked, so I can't post the board or turn prompts "
            "there. A moderator can unlock it, or give me **Manage Threads** in {where}; "
            "or continue the campaign elsewhere with `/{command} move` there. The game is "
            "saved and waits."
        )
    return t(loc, text, thread=channel.mention, where=where, command=command)


class Blocked(Exception):
    """A message could not be posted in a campaign's thread: it is locked (and archived)
    and Fixer lacks Manage Threads, or it was deleted (`gone`)."""

    def __init__(self, channel: Any, *, gone: bool = False) -> None:
        super().__init__("thread deleted" if gone else "thread locked")
        self.channel = channel
        self.gone = gone


async def send(channel: Any, **kwargs: Any) -> discord.Message:
    """`channel.send`, reviving an archived thread: Discord unarchives an unlocked thread
    when a message comes; a locked one needs an explicit unarchive with Manage Threads.
    Raises `Blocked` when the thread can't take messages, HTTPException otherwise."""
    try:
        msg: discord.Message = await channel.send(**kwargs)
        return msg
    except discord.NotFound as exc:
        if exc.code == UNKNOWN_CHANNEL:
            raise Blocked(channel, gone=True) from exc
        raise
    except discord.HTTPException as exc:
        if exc.code not in (ARCHIVED, LOCKED) or not isinstance(channel, discord.Thread):
            raise
        if not can_manage_threads(channel):
            raise Blocked(channel) from exc
    # A locked thread and Manage Threads: unarchive it (it stays locked), then post.
    try:
        archived = channel.archived
        if not archived:  # our copy may be behind: ask Discord
            fresh = await channel.guild.fetch_channel(channel.id)
            archived = isinstance(fresh, discord.Thread) and fresh.archived
        if archived:
            channel = await channel.edit(archived=False)
        log.info("thread %s: unarchived to post in it", channel.id)
    except discord.HTTPException as exc:
        log.warning(
            "thread %s: could not unarchive it (HTTP %s, code %s)", channel.id, exc.status, exc.code
        )
        raise Blocked(channel) from exc
    msg = await channel.send(**kwargs)
    return msg
