"""An in-memory fake of the Discord REST API and gateway, served by aiohttp on 127.0.0.1.

The real, unmodified discord.py client talks to it over HTTP and a websocket.  This module
holds the model (users, guilds, roles, channels, messages, interactions, application
commands), the REST routes under ``/api/v10``, the gateway, the records of everything the bot
did, and the knobs that make Discord misbehave (429s, failures, delays, closed DMs, missing
permissions and intents).  :mod:`tests.fakediscord.client` adds the test-facing helpers
(users acting, interactions, starting and stopping bots).

Payload shapes follow discord.py 2.7's parsers (``state.py``, ``interactions.py``,
``webhook/async_.py``) and the Discord API documentation.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import fnmatch
import functools
import json
import marshal
import re
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

API_PREFIX = "/api/v10"
DISCORD_EPOCH_MS = 1420070400000

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15

# Gateway intents.
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = {
    "members": INTENT_GUILD_MEMBERS,
    "presences": INTENT_GUILD_PRESENCES,
    "message_content": INTENT_MESSAGE_CONTENT,
}

# Permission bits (values from the Discord API documentation).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
CHANGE_NICKNAME = 1 << 26
MANAGE_ROLES = 1 << 28
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 53) - 1

DEFAULT_EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE
    | ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CONNECT
    | SPEAK
    | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
)
DEFAULT_BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | SEND_MESSAGES_IN_THREADS
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | MANAGE_MESSAGES
    | MANAGE_CHANNELS
    | MANAGE_ROLES
    | USE_APPLICATION_COMMANDS
)
DM_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
)

# Channel types.
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
GUILD_CATEGORY = 4
GUILD_ANNOUNCEMENT = 5
GUILD_FORUM = 15
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)

# Channel flags.
PINNED = 1 << 1
REQUIRE_TAG = 1 << 4
MAX_APPLIED_TAGS = 5

# Interaction and callback types.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE = 4, 5
DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE = 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}
INTERACTION_TOKEN_LIFETIME = 15 * 60.0

JSONDict = dict[str, Any]


def _perm_value(value: Any) -> int:
    """Accept an int or a ``discord.Permissions`` (anything with an int ``value``)."""
    if isinstance(value, int):
        return value
    return int(value.value)


def _same(data: JSONDict, session: object) -> JSONDict:
    return data


def _iso(when: dt.datetime) -> str:
    return when.isoformat()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class SnowflakeFactory:
    """Time-based, strictly increasing snowflakes (discord.py decodes their timestamps)."""

    def __init__(self) -> None:
        self._last = 0

    def __call__(self) -> int:
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def on_shard(self, shard_id: int, count: int) -> int:
        """A new snowflake that Discord routes to shard `shard_id` of `count` (its
        timestamp moved a few milliseconds ahead, as needed)."""
        candidate = self()
        while (candidate >> 22) % count != shard_id:
            candidate = ((candidate >> 22) + 1) << 22
        self._last = candidate
        return candidate


# Where the middleware leaves the RestCall record for the route handler.
_CALL: Any = web.RequestKey("fakediscord_call", object) if hasattr(web, "RequestKey") else "call"


class DiscordError(Exception):
    """An error response in Discord's JSON shape: ``{"code": ..., "message": ...}``."""

    def __init__(
        self, status: int, code: int, message: str, errors: JSONDict | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> JSONDict:
        body: JSONDict = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def _form_error(path: str, message: str, code: str = "BASE_TYPE_INVALID") -> DiscordError:
    errors: JSONDict = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".")):
        errors = {part: errors}
    return DiscordError(400, 50035, "Invalid Form Body", errors)


def missing_permissions() -> DiscordError:
    return DiscordError(403, 50013, "Missing Permissions")


def archived_thread() -> DiscordError:
    return DiscordError(400, 50083, "Operation cannot be performed on an archived thread")


def missing_access() -> DiscordError:
    return DiscordError(403, 50001, "Missing Access")


# --------------------------------------------------------------------------------------------
# Model
# --------------------------------------------------------------------------------------------


@dataclass(eq=False)
class FakeAttachment:
    """A file a user attaches to a slash command (an option of type 11). Its bytes are
    served at its CDN url (`/attachments/{id}/{filename}` on the fake), so the bot's
    `Attachment.read()` gets them."""

    filename: str
    content: bytes
    content_type: str = "text/plain; charset=utf-8"


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    """``False``: the bot cannot DM this user (POST to the DM channel -> 403, code 50007)."""

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSONDict:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def __repr__(self) -> str:
        return f"<FakeUser {self.name} {self.id}>"


@dataclass(eq=False)
class FakeRole:
    id: int
    guild: FakeGuild
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> JSONDict:
        data: JSONDict = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data

    def __repr__(self) -> str:
        return f"<FakeRole {self.name} {self.id}>"


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: dt.datetime = field(default_factory=_now)

    @property
    def id(self) -> int:
        return self.user.id

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> JSONDict:
        data: JSONDict = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": _iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Overwrite:
    id: int
    type: int  # 0 role, 1 member
    allow: int = 0
    deny: int = 0

    def payload(self) -> JSONDict:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class FakeTag:
    """A forum tag (``available_tags`` of a forum; ``applied_tags`` of its posts hold ids).
    A moderated tag can only be applied or removed by members with Manage Threads."""

    id: int
    name: str
    moderated: bool = False
    emoji: str | None = None
    """A unicode emoji (custom emojis are not modeled)."""

    def payload(self) -> JSONDict:
        return {
            "id": str(self.id),
            "name": self.name,
            "moderated": self.moderated,
            "emoji_id": None,
            "emoji_name": self.emoji,
        }


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str | None
    guild: FakeGuild | None = None
    position: int = 0
    topic: str | None = None
    parent_id: int | None = None
    """The category of a channel; the channel of a thread."""
    owner_id: int | None = None
    """Who started a thread."""
    archived: bool = False
    locked: bool = False
    archived_at: dt.datetime | None = None
    flags: int = 0
    """Channel flags: REQUIRE_TAG (1 << 4) on a forum, PINNED (1 << 1) on a post."""
    available_tags: list[FakeTag] = field(default_factory=list)
    """A forum's tags."""
    applied_tags: list[int] = field(default_factory=list)
    """A forum post's tags (ids of its forum's ``available_tags``)."""
    created_at: dt.datetime = field(default_factory=lambda: _now())
    overwrites: dict[int, Overwrite] = field(default_factory=dict)
    recipients: list[FakeUser] = field(default_factory=list)
    messages: list[FakeMessage] = field(default_factory=list)
    """Every message ever posted here (deleted and ephemeral ones included)."""

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_forum(self) -> bool:
        return self.type == GUILD_FORUM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def last_message_id(self) -> int | None:
        for m in reversed(self.messages):
            if not m.deleted and not m.ephemeral:
                return m.id
        return None

    def payload(self) -> JSONDict:
        last = self.last_message_id
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": DM,
                "recipients": [u.payload() for u in self.recipients],
                "last_message_id": str(last) if last else None,
                "flags": 0,
            }
        assert self.guild is not None
        if self.is_thread:
            return {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "parent_id": str(self.parent_id),
                "owner_id": str(self.owner_id),
                "name": self.name,
                "last_message_id": str(last) if last else None,
                "rate_limit_per_user": 0,
                "message_count": sum(1 for m in self.messages if not m.deleted and not m.ephemeral),
                "member_count": 1,
                "total_message_sent": len(self.messages),
                "flags": self.flags,
                "applied_tags": [str(t) for t in self.applied_tags],
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": _iso(self.archived_at or self.created_at),
                    "locked": self.locked,
                    "create_timestamp": _iso(self.created_at),
                },
            }
        forum: JSONDict = (
            {
                "available_tags": [t.payload() for t in self.available_tags],
                "default_reaction_emoji": None,
                "default_sort_order": None,
                "default_forum_layout": 0,
                "default_auto_archive_duration": 1440,
                "default_thread_rate_limit_per_user": 0,
            }
            if self.is_forum
            else {}
        )
        return {
            **forum,
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild.id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [o.payload() for o in self.overwrites.values()],
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "topic": self.topic,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": str(last) if last else None,
            "flags": self.flags,
        }

    def tag(self, name: str) -> FakeTag:
        """A forum's tag by name."""
        for t in self.available_tags:
            if t.name == name:
                return t
        raise KeyError(f"no tag named {name!r} in {self}")

    def __repr__(self) -> str:
        return f"<FakeChannel #{self.name or 'dm'} {self.id}>"


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    bot_role_id: int | None = None
    system_channel_id: int | None = None
    preferred_locale: str = "en-US"
    """The server's language (`Guild.preferred_locale`, an interaction's `guild_locale`)."""

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    @property
    def bot_role(self) -> FakeRole:
        """The bot's managed role (its invite permissions)."""
        assert self.bot_role_id is not None
        return self.roles[self.bot_role_id]

    def channel(self, name: str) -> FakeChannel:
        for ch in self.channels.values():
            if ch.name == name:
                return ch
        raise KeyError(f"no channel named {name!r} in {self.name}")

    def role(self, name: str) -> FakeRole:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(f"no role named {name!r} in {self.name}")

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == GUILD_TEXT]

    @property
    def threads(self) -> list[FakeChannel]:
        """Threads (in ``channels`` too, but sent to the bot separately, as Discord does)."""
        return [c for c in self.channels.values() if c.is_thread]

    @property
    def non_thread_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if not c.is_thread]

    def payload(self) -> JSONDict:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": str(self.system_channel_id) if self.system_channel_id else None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_progress_bar_enabled": False,
        }

    def __repr__(self) -> str:
        return f"<FakeGuild {self.name} {self.id}>"


def _component_texts(components: Iterable[JSONDict]) -> list[str]:
    out: list[str] = []
    for comp in components:
        for key in ("label", "placeholder", "content", "title", "value"):
            if isinstance(comp.get(key), str):
                out.append(comp[key])
        for opt in comp.get("options", []) or []:
            out.extend(str(opt.get(k)) for k in ("label", "description") if opt.get(k))
        if isinstance(comp.get("component"), dict):
            out.extend(_component_texts([comp["component"]]))
        if isinstance(comp.get("accessory"), dict):
            out.extend(_component_texts([comp["accessory"]]))
        out.extend(_component_texts(comp.get("components", []) or []))
    return out


def _copy_json(value: Any) -> Any:
    """A deep copy of a JSON value (what a request's body holds: dicts, lists, strings,
    numbers): marshal's round trip, about five times cheaper than json's, which every
    message the bot sends paid for its snapshot (docs/benchmarks.md, fifth pass). A
    value marshal cannot write (a test's own object) goes through json as before."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return json.loads(json.dumps(value))


def _walk_components(components: Iterable[JSONDict]) -> Iterable[JSONDict]:
    for comp in components:
        yield comp
        if isinstance(comp.get("component"), dict):
            yield from _walk_components([comp["component"]])
        if isinstance(comp.get("accessory"), dict):
            yield from _walk_components([comp["accessory"]])
        yield from _walk_components(comp.get("components", []) or [])


def _embed_texts(embeds: Iterable[JSONDict]) -> list[str]:
    out: list[str] = []
    for e in embeds:
        for key in ("title", "description"):
            if e.get(key):
                out.append(str(e[key]))
        for sub in ("footer", "author"):
            if isinstance(e.get(sub), dict):
                out.extend(str(v) for k, v in e[sub].items() if k in ("text", "name") and v)
        for f in e.get("fields", []) or []:
            out.extend([str(f.get("name", "")), str(f.get("value", ""))])
    return out


@dataclass(eq=False)
class FakeMessage:
    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[JSONDict] = field(default_factory=list)
    components: list[JSONDict] = field(default_factory=list)
    attachments: list[JSONDict] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: dt.datetime = field(default_factory=_now)
    edited_at: dt.datetime | None = None
    deleted: bool = False
    deleted_by: int | None = None
    interaction: FakeInteraction | None = None
    """The interaction this message answers (original response or followup)."""
    visible_to: int | None = None
    """For ephemeral messages: the only user who can see it."""
    requested_flags: int = 0
    """The flags the bot asked for (may differ from ``flags``: see the deferred followup rule)."""
    reference_id: int | None = None
    versions: list[JSONDict] = field(default_factory=list)
    """Snapshots of every version (creation and each edit) the bot produced."""
    reactions: dict[str, list[int]] = field(default_factory=dict)
    """Emoji (as in the route: ``👍`` or ``name:id``) -> ids of who reacted (the bot only)."""

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def guild(self) -> FakeGuild | None:
        return self.channel.guild

    @property
    def text(self) -> str:
        """Everything a reader sees: content, embed texts, component labels and texts."""
        return "\n".join(
            [self.content or "", *_embed_texts(self.embeds), *_component_texts(self.components)]
        ).strip()

    @property
    def all_texts(self) -> list[str]:
        """The text of every version this message ever had (edits included)."""
        texts = []
        for v in self.versions:
            texts.append(
                "\n".join(
                    [
                        v.get("content") or "",
                        *_embed_texts(v.get("embeds") or []),
                        *_component_texts(v.get("components") or []),
                    ]
                ).strip()
            )
        return texts

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in _walk_components(self.components) if "custom_id" in c]

    def component(self, custom_id: str | None = None, *, label: str | None = None) -> JSONDict:
        """The interactive component with this custom_id (or label)."""
        for comp in _walk_components(self.components):
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("label") == label and "custom_id" in comp:
                return comp
        raise LookupError(
            f"message {self.id} has no component {custom_id or label!r}; it has {self.custom_ids}"
        )

    def buttons(self) -> list[JSONDict]:
        return [c for c in _walk_components(self.components) if c.get("type") == 2]

    def snapshot(self) -> None:
        self.versions.append(
            {
                "content": self.content,
                "embeds": _copy_json(self.embeds),
                "components": _copy_json(self.components),
                "flags": self.flags,
                "at": _iso(self.edited_at or self.created_at),
            }
        )

    def payload(
        self, *, application_id: int | None = None, users: Mapping[int, FakeUser] | None = None
    ) -> JSONDict:
        guild = self.channel.guild
        data: JSONDict = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": _iso(self.created_at),
            "edited_timestamp": _iso(self.edited_at) if self.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if guild is not None:
            data["guild_id"] = str(guild.id)
            member = guild.members.get(self.author.id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        if users is not None:
            mentioned = {int(m) for m in re.findall(r"<@!?(\d+)>", self.content or "")}
            data["mentions"] = [users[uid].payload() for uid in mentioned if uid in users]
        if guild is not None:
            data["mention_roles"] = [
                r for r in re.findall(r"<@&(\d+)>", self.content or "") if int(r) in guild.roles
            ]
        if self.reference_id is not None:
            ref: JSONDict = {
                "message_id": str(self.reference_id),
                "channel_id": str(self.channel.id),
            }
            if guild is not None:
                ref["guild_id"] = str(guild.id)
            data["message_reference"] = ref
        if self.interaction is not None and application_id is not None:
            it = self.interaction
            data["webhook_id"] = str(application_id)
            data["application_id"] = str(application_id)
            data["interaction_metadata"] = {
                "id": str(it.id),
                "type": it.type,
                "user": it.user.payload(),
                "authorizing_integration_owners": {},
            }
        return data

    def __repr__(self) -> str:
        flags = " ephemeral" if self.ephemeral else ""
        gone = " deleted" if self.deleted else ""
        return f"<FakeMessage {self.id} by {self.author.name}{flags}{gone}: {self.content!r}>"


# --------------------------------------------------------------------------------------------
# Interactions and records
# --------------------------------------------------------------------------------------------


@dataclass
class Callback:
    """The bot's initial response to an interaction (POST .../callback)."""

    type: int
    data: JSONDict | None
    at: float
    message: FakeMessage | None = None

    @property
    def flags(self) -> int:
        return int((self.data or {}).get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str | None:
        return (self.data or {}).get("content")

    @property
    def choices(self) -> list[JSONDict] | None:
        return (self.data or {}).get("choices") if self.type == AUTOCOMPLETE_RESULT else None


@dataclass
class RestCall:
    """One HTTP request the bot made to the fake."""

    method: str
    path: str
    """Concrete path without ``/api/v10``, e.g. ``/channels/123/messages``."""
    route: str
    """Route template, e.g. ``/channels/{channel_id}/messages``."""
    json: Any
    query: dict[str, str]
    at: float
    status: int = 0
    response: Any = None
    reason: str | None = None
    files: list[str] = field(default_factory=list)
    injected: str | None = None
    """``"429"``, ``"fail"`` or ``None``: whether a knob produced this response."""
    unhandled: bool = False
    handled_ms: float | None = None
    """The fake's own time on this request, from the middleware taking it (before the
    body is read) to its response being built: what Discord's servers would spend."""

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def error_code(self) -> int | None:
        if isinstance(self.response, dict) and not self.ok:
            return self.response.get("code")
        return None

    def matches(self, method: str | None, pattern: str | None) -> bool:
        if method is not None and method.upper() != self.method:
            return False
        if pattern is None:
            return True
        return pattern == self.route or fnmatch.fnmatchcase(self.path, pattern)

    def __repr__(self) -> str:
        return f"<RestCall {self.method} {self.path} -> {self.status}>"


class FakeInteraction:
    """An interaction the fake sent to the bot, and everything the bot answered.

    Await :meth:`response` for the initial callback; followups and edits arrive in
    :attr:`followups` / :attr:`original`.
    """

    def __init__(
        self,
        server: FakeDiscordServer,
        *,
        type: int,
        user: FakeUser,
        channel: FakeChannel,
        data: JSONDict,
        message: FakeMessage | None = None,
        name: str | None = None,
    ) -> None:
        self.server = server
        self.id = server.snowflake()
        self.token = "itok_" + secrets.token_hex(16)
        self.type = type
        self.user = user
        self.channel = channel
        self.guild = channel.guild
        self.data = data
        self.message = message
        self.name = name
        self.payload: JSONDict = {}
        self.dispatched_at: float = 0.0
        self.callback: Callback | None = None
        self.rejected: list[RestCall] = []
        """Callback attempts Discord refused (late, double acknowledgement, invalid)."""
        self.original: FakeMessage | None = None
        """The original response message (for 6/7 on a component: the component's message)."""
        self.followups: list[FakeMessage] = []
        self.expired = False

    # ---- waiting -------------------------------------------------------------------------

    async def response(self, timeout: float = 2.0) -> Callback:
        """Wait for the bot's initial response; raise if Discord rejected it or none came."""
        await self.server.wait_for(
            lambda: self.callback is not None or self.rejected,
            timeout=timeout,
            what=f"the bot to acknowledge {self.describe()}",
        )
        if self.callback is None:
            call = self.rejected[0]
            raise AssertionError(
                f"Discord rejected the bot's response to {self.describe()}: "
                f"{call.status} {call.response}"
            )
        return self.callback

    async def wait_followups(self, count: int = 1, timeout: float = 2.0) -> list[FakeMessage]:
        """Wait until the bot sent ``count`` followup messages (first after a defer included)."""
        await self.server.wait_for(
            lambda: len(self.followups) >= count,
            timeout=timeout,
            what=f"{count} followup(s) to {self.describe()}",
        )
        return self.followups[:count]

    async def wait_message(self, timeout: float = 2.0) -> FakeMessage:
        """Wait for the response message and return it: the original response once it is no
        longer "thinking" (types 4, 5), or the component's message after an update (6, 7)."""
        await self.server.wait_for(
            lambda: self.original is not None and not self.original.loading,
            timeout=timeout,
            what=f"the response message of {self.describe()}",
        )
        assert self.original is not None
        return self.original

    async def settled(self, quiet: float = 0.05, timeout: float = 2.0) -> FakeInteraction:
        """Wait for the callback, then until the bot made no REST call for ``quiet`` seconds."""
        await self.response(timeout=timeout)
        await self.server.idle(quiet=quiet, timeout=timeout)
        return self

    # ---- views ---------------------------------------------------------------------------

    @property
    def response_type(self) -> int | None:
        return self.callback.type if self.callback else None

    @property
    def ephemeral(self) -> bool | None:
        """Whether the initial response (message or defer) was ephemeral."""
        return self.callback.ephemeral if self.callback else None

    @property
    def content(self) -> str | None:
        if self.original is not None and self.original.interaction is self:
            return self.original.content
        return self.callback.content if self.callback else None

    @property
    def choices(self) -> list[JSONDict]:
        """Autocomplete choices the bot returned ([] before / without a type 8 response)."""
        return (self.callback.choices if self.callback else None) or []

    @property
    def modal(self) -> JSONDict | None:
        if self.callback and self.callback.type == MODAL:
            return self.callback.data
        return None

    @property
    def messages(self) -> list[FakeMessage]:
        """Messages created for this interaction: the original response, then followups."""
        out = []
        if self.original is not None and self.original.interaction is self:
            out.append(self.original)
        out.extend(m for m in self.followups if m is not self.original)
        return out

    @property
    def latency(self) -> float | None:
        """Seconds from dispatching INTERACTION_CREATE to the bot's accepted callback."""
        return self.callback.at - self.dispatched_at if self.callback else None

    @property
    def failed(self) -> bool:
        """What the user would see as "This interaction failed": no accepted callback in time."""
        if self.callback is not None:
            return False
        return time.perf_counter() - self.dispatched_at > self.server.ack_deadline

    def expire(self) -> None:
        """Pretend the 15-minute token lifetime passed: webhook calls now get 401 (50027)."""
        self.expired = True

    def describe(self) -> str:
        kind = {
            APPLICATION_COMMAND: "/",
            MESSAGE_COMPONENT: "component ",
            AUTOCOMPLETE: "autocomplete /",
            MODAL_SUBMIT: "modal ",
        }.get(self.type, "")
        return f"{kind}{self.name or self.id}"

    def __repr__(self) -> str:
        return f"<FakeInteraction {self.describe()} callback={self.response_type}>"


@dataclass
class _Injection:
    method: str | None
    pattern: str
    kind: str  # "429" | "fail" | "delay"
    remaining: int | None
    retry_after: float = 0.05
    is_global: bool = False
    via: bool = True
    status: int = 500
    code: int = 0
    message: str = ""
    delay: float = 0.0

    def matches(self, call: RestCall) -> bool:
        return self.remaining != 0 and call.matches(self.method, self.pattern)


class _Connection:
    def __init__(self, ws: web.WebSocketResponse, request: web.Request) -> None:
        self.ws = ws
        self.request = request
        self.path = request.path
        self.query = dict(request.query)
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.session: GatewaySession | None = None
        self.closed = False
        self.closed_by_server: int | None = None

    def send(self, frame: JSONDict) -> None:
        if not self.closed:
            self.queue.put_nowait(json.dumps(frame))


@dataclass(eq=False)
class GatewaySession:
    """One gateway session (IDENTIFY ... until invalidated); survives reconnects via RESUME."""

    session_id: str
    intents: int
    identify: JSONDict
    seq: int = 0
    buffer: list[JSONDict] = field(default_factory=list)
    conn: _Connection | None = None
    resumable: bool = True
    resumes: int = 0

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closed

    @property
    def shard(self) -> tuple[int, int]:
        """(shard id, shard count) from IDENTIFY; (0, 1) for an unsharded client."""
        shard = self.identify.get("shard")
        if isinstance(shard, list) and len(shard) == 2:
            return int(shard[0]), int(shard[1])
        return 0, 1

    def gets_guild(self, guild_id: int | None) -> bool:
        """Discord's routing: a guild's events go to shard (guild_id >> 22) % count;
        what belongs to no guild (DMs) goes to shard 0 only."""
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id


def _guild_of(event: str, data: JSONDict) -> int | None:
    """The guild an event belongs to (for shard routing); None for DMs and the like."""
    gid = data.get("guild_id")
    if gid is None and event.startswith("GUILD_") and event != "GUILD_MEMBERS_CHUNK":
        gid = data.get("id")
    return int(gid) if gid is not None else None


# --------------------------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------------------------


class FakeDiscordServer:
    """The fake Discord: model + REST + gateway.  Use :class:`FakeDiscord` in tests."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Fixer",
        privileged_intents: Iterable[str] = ("members", "message_content"),
        heartbeat_interval: float = 41.25,
        ack_deadline: float = 3.0,
    ) -> None:
        self.snowflake = SnowflakeFactory()
        self.token = token
        self.application_id = self.snowflake()
        self.bot_user = FakeUser(self.snowflake(), bot_name, bot=True)
        self.owner_user = FakeUser(self.snowflake(), "app-owner")
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: list[FakeInteraction] = []
        self._interactions_by_id: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        self.global_commands: list[JSONDict] = []
        self.guild_commands: dict[int, list[JSONDict]] = {}
        self.command_syncs: list[tuple[int | None, list[JSONDict]]] = []
        """Every bulk overwrite: (guild id or None for global, payload as sent)."""

        # knobs
        self.privileged_intents = {PRIVILEGED_INTENTS[name] for name in privileged_intents}
        self.heartbeat_interval = heartbeat_interval
        self.heartbeat_ack_delay: float = 0.0
        # What GET /gateway/bot recommends (an AutoShardedBot without a count uses it).
        self.recommended_shards = 1
        self.heartbeat_acks: bool = True
        self.ready_delay: float = 0.0
        self.ack_deadline = ack_deadline
        self._injections: list[_Injection] = []

        # records
        self.calls: list[RestCall] = []
        self.gateway_sent: list[JSONDict] = []
        self.gateway_received: list[JSONDict] = []
        self.warnings: list[str] = []
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: list[_Connection] = []

        self._change = asyncio.Event()
        self._last_activity = time.perf_counter()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        self.attachment_files: dict[str, bytes] = {}

    # ---- lifecycle -----------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/resume"

    async def start(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/resume", self._gateway)
        app.router.add_get("/attachments/{attachment_id}/{filename}", self._h_attachment)
        for method, path, handler in self._routes():
            app.router.add_route(method, API_PREFIX + path, handler)
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=0.5
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        for conn in list(self.connections):
            if not conn.closed:
                await self._close_conn(conn, code=1001)
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ---- change notification -------------------------------------------------------------

    def _changed(self) -> None:
        self._last_activity = time.perf_counter()
        self._change.set()
        self._change = asyncio.Event()

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 2.0, what: str = "a condition"
    ) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked on every REST call / gateway event)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}")
            event = self._change
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))

    async def idle(self, quiet: float = 0.05, timeout: float = 2.0) -> None:
        """Wait until nothing happened (REST call, gateway traffic) for ``quiet`` seconds."""
        start = time.perf_counter()
        while True:
            now = time.perf_counter()
            since = now - self._last_activity
            if since >= quiet:
                return
            if now - start > timeout:
                raise TimeoutError(f"the bot kept calling the fake for {timeout}s")
            await asyncio.sleep(quiet - since + 0.001)

    async def wait_for_call(
        self,
        method: str | None = None,
        route: str | None = None,
        *,
        timeout: float = 2.0,
        after: int = 0,
        status: int | None = None,
    ) -> RestCall:
        """Wait for a REST call matching ``method`` and ``route`` (a template or a glob).

        ``after``: only consider calls with index >= after (``len(fake.calls)`` earlier).
        """

        def find() -> RestCall | None:
            for call in self.calls[after:]:
                if (
                    call.status
                    and call.matches(method, route)
                    and (status is None or call.status == status)
                ):
                    return call
            return None

        call: RestCall = await self.wait_for(find, timeout=timeout, what=f"{method} {route}")
        return call

    # ---- model: building -----------------------------------------------------------------

    def add_user(
        self,
        name: str,
        *,
        guild: FakeGuild | None = None,
        roles: Iterable[FakeRole] = (),
        dms_open: bool = True,
        bot: bool = False,
        global_name: str | None = None,
    ) -> FakeUser:
        """A Discord user; with ``guild``, also a member of it (with ``roles``)."""
        user = FakeUser(self.snowflake(), name, global_name=global_name, bot=bot, dms_open=dms_open)
        self.users[user.id] = user
        if guild is not None:
            self.add_member(guild, user, roles=roles)
        return user

    def add_guild(
        self,
        name: str = "Night City",
        *,
        owner: FakeUser | None = None,
        everyone_permissions: Any = DEFAULT_EVERYONE_PERMISSIONS,
        bot_permissions: Any = DEFAULT_BOT_PERMISSIONS,
        general: bool = True,
        shard: tuple[int, int] | None = None,
    ) -> FakeGuild:
        """A guild the bot is in, with @everyone, the bot's managed role and #general.
        `shard=(id, count)`: its id is one Discord routes to that shard."""
        if owner is None:
            owner = self.add_user(f"{name.lower().replace(' ', '-')}-owner")
        gid = self.snowflake() if shard is None else self.snowflake.on_shard(*shard)
        guild = FakeGuild(gid, name, owner.id)
        guild.roles[guild.id] = FakeRole(
            guild.id, guild, "@everyone", _perm_value(everyone_permissions)
        )
        bot_role = FakeRole(
            self.snowflake(),
            guild,
            self.bot_user.name,
            _perm_value(bot_permissions),
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        guild.bot_role_id = bot_role.id
        guild.members[owner.id] = FakeMember(owner, guild)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, roles=[bot_role.id])
        self.guilds[guild.id] = guild
        if general:
            ch = self._new_channel(guild, "general", GUILD_TEXT)
            guild.system_channel_id = ch.id
        self._dispatch_all("GUILD_CREATE", lambda s: self._guild_create_payload(guild, s))
        return guild

    def _new_channel(
        self,
        guild: FakeGuild,
        name: str,
        type: int,
        *,
        parent: FakeChannel | None = None,
        topic: str | None = None,
        overwrites: Iterable[Overwrite] = (),
    ) -> FakeChannel:
        position = sum(1 for c in guild.channels.values() if c.type == type)  # threads: 10-12
        ch = FakeChannel(
            self.snowflake(),
            type,
            name,
            guild,
            position=position,
            topic=topic,
            parent_id=parent.id if parent else None,
            overwrites={o.id: o for o in overwrites},
        )
        guild.channels[ch.id] = ch
        self.channels[ch.id] = ch
        return ch

    def add_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: int = GUILD_TEXT,
        category: FakeChannel | None = None,
        topic: str | None = None,
    ) -> FakeChannel:
        """A guild channel (text by default; ``type=4`` for a category)."""
        ch = self._new_channel(guild, name, type, parent=category, topic=topic)
        self._dispatch_all("CHANNEL_CREATE", lambda s: ch.payload(), intent=INTENT_GUILDS)
        return ch

    def add_category(self, guild: FakeGuild, name: str) -> FakeChannel:
        return self.add_channel(guild, name, type=GUILD_CATEGORY)

    def add_forum(
        self,
        guild: FakeGuild,
        name: str,
        *,
        category: FakeChannel | None = None,
        topic: str | None = None,
        tags: Iterable[str | Mapping[str, Any]] = (),
        require_tag: bool = False,
    ) -> FakeChannel:
        """A forum channel (type 15): nobody can post in it directly, only in its posts
        (:meth:`add_forum_post`). ``tags``: its ``available_tags``, each a name or a dict
        ``{"name", "moderated", "emoji"}``; ``require_tag``: the REQUIRE_TAG flag (a new
        post needs at least one tag)."""
        ch = self._new_channel(guild, name, GUILD_FORUM, parent=category, topic=topic)
        ch.available_tags = self._make_tags(tags)
        ch.flags = REQUIRE_TAG if require_tag else 0
        self._dispatch_all("CHANNEL_CREATE", lambda s: ch.payload(), intent=INTENT_GUILDS)
        return ch

    def _make_tags(self, tags: Iterable[str | Mapping[str, Any]]) -> list[FakeTag]:
        out = []
        for t in tags:
            spec: Mapping[str, Any] = {"name": t} if isinstance(t, str) else t
            out.append(
                FakeTag(
                    self.snowflake(),
                    str(spec["name"]),
                    bool(spec.get("moderated", False)),
                    spec.get("emoji"),
                )
            )
        if len(out) > 20:
            raise ValueError("a forum has at most 20 tags")
        return out

    def set_forum_tags(
        self,
        forum: FakeChannel,
        tags: Iterable[str | Mapping[str, Any]] | None = None,
        *,
        require_tag: bool | None = None,
    ) -> None:
        """Replace a forum's tags and/or set its REQUIRE_TAG flag: CHANNEL_UPDATE. Tags that
        disappear are removed from its posts, as on Discord."""
        if not forum.is_forum:
            raise ValueError(f"{forum} is not a forum channel")
        if tags is not None:
            forum.available_tags = self._make_tags(tags)
            ids = {t.id for t in forum.available_tags}
            for post in self.channels.values():
                if post.parent_id == forum.id and post.is_thread:
                    post.applied_tags = [t for t in post.applied_tags if t in ids]
        if require_tag is not None:
            forum.flags = (
                (forum.flags | REQUIRE_TAG) if require_tag else (forum.flags & ~REQUIRE_TAG)
            )
        self._channel_updated(forum)

    def tag_names(self, post: FakeChannel) -> list[str]:
        """A forum post's applied tags, by name."""
        forum = self.channels.get(post.parent_id or 0)
        names = {t.id: t.name for t in (forum.available_tags if forum else [])}
        return [names.get(t, str(t)) for t in post.applied_tags]

    def add_forum_post(
        self,
        forum: FakeChannel,
        name: str,
        content: str,
        *,
        owner: FakeUser,
        tags: Iterable[str] = (),
    ) -> FakeChannel:
        """``owner`` opens a post in ``forum``: a public thread (type 11) whose parent is the
        forum, with a starter message (``thread.messages[0]``, whose id is the thread's, as
        on Discord). THREAD_CREATE, then MESSAGE_CREATE for the starter message. Opening a
        post needs Send Messages in the forum; replying in it, Send Messages in Threads."""
        if not forum.is_forum:
            raise ValueError(f"{forum} is not a forum channel")
        assert forum.guild is not None
        if owner.id not in forum.guild.members:
            raise ValueError(f"{owner} is not a member of {forum.guild}")
        perms = self.permissions_for(owner, forum)
        if not perms & VIEW_CHANNEL or not perms & SEND_MESSAGES:
            raise PermissionError(f"{owner} cannot open a post in {forum}")
        applied = [forum.tag(n) for n in tags]
        if forum.flags & REQUIRE_TAG and not applied:
            raise ValueError(f"{forum} requires a tag on every post")
        if any(t.moderated for t in applied) and not perms & MANAGE_THREADS:
            raise PermissionError(f"{owner} cannot apply moderated tags in {forum}")
        th = self.add_thread(forum, name, owner=owner, applied_tags=[t.id for t in applied])
        msg = self._new_message(th, owner, {"content": content}, id=th.id)
        self._dispatch_message("MESSAGE_CREATE", msg)
        return th

    def add_thread(
        self,
        channel: FakeChannel,
        name: str,
        *,
        owner: FakeUser | None = None,
        type: int = PUBLIC_THREAD,
        applied_tags: Sequence[int] = (),
    ) -> FakeChannel:
        """A thread of a text (or announcement/forum) channel: THREAD_CREATE. It has no
        permission overwrites of its own: permissions come from ``channel``, and posting in
        it needs Send Messages in Threads instead of Send Messages."""
        guild = channel.guild
        if guild is None or channel.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT, GUILD_FORUM):
            raise ValueError(f"{channel} cannot have threads")
        if type not in THREAD_TYPES:
            raise ValueError(f"{type} is not a thread type")
        if channel.is_forum and type != PUBLIC_THREAD:
            raise ValueError("forum posts are public threads (type 11)")
        th = FakeChannel(
            self.snowflake(),
            type,
            name,
            guild,
            parent_id=channel.id,
            owner_id=(owner or self.bot_user).id,
            applied_tags=list(applied_tags),
        )
        guild.channels[th.id] = th
        self.channels[th.id] = th
        self._dispatch_all(
            "THREAD_CREATE",
            lambda s: {**th.payload(), "newly_created": True},
            intent=INTENT_GUILDS,
        )
        return th

    def set_thread_archived(
        self, thread: FakeChannel, archived: bool = True, *, locked: bool | None = None
    ) -> None:
        """Archive or unarchive ``thread`` (auto-archiving after inactivity, or a member
        doing it), and lock or unlock it (a moderator): THREAD_UPDATE. An archived thread is
        no longer in GUILD_CREATE's ``threads``; discord.py drops it from its cache."""
        if not thread.is_thread:
            raise ValueError(f"{thread} is not a thread")
        if archived and not thread.archived:
            thread.archived_at = _now()
        thread.archived = archived
        if locked is not None:
            thread.locked = locked
        self._dispatch_all("THREAD_UPDATE", lambda s: thread.payload(), intent=INTENT_GUILDS)

    def _check_thread_send(self, thread: FakeChannel, user_id: int) -> None:
        """Posting in ``thread``: an archived thread is unarchived by the message unless it
        is locked (then 50083: a moderator must unarchive it first, PATCH archived=false);
        a locked thread that is not archived takes messages from Manage Threads only
        (403 / 160005)."""
        if thread.archived and thread.locked:
            raise archived_thread()
        if thread.locked and not self.permissions_for(user_id, thread) & MANAGE_THREADS:
            raise DiscordError(403, 160005, "Thread is locked")
        if thread.archived:
            self.set_thread_archived(thread, False)

    def delete_channel(self, channel: FakeChannel) -> None:
        """Someone (a moderator) deletes ``channel`` or a thread: CHANNEL_DELETE, or
        THREAD_DELETE (for the thread and for each thread of a deleted channel). Later calls
        on it get 404 / 10003 (Unknown Channel)."""
        self._remove_channel(channel)

    def _remove_channel(self, ch: FakeChannel) -> JSONDict:
        guild = ch.guild
        assert guild is not None
        for th in [t for t in guild.threads if t.parent_id == ch.id or t is ch]:
            del guild.channels[th.id]
            del self.channels[th.id]
            data = {
                "id": str(th.id),
                "guild_id": str(guild.id),
                "parent_id": str(th.parent_id),
                "type": th.type,
            }
            self._dispatch_all(
                "THREAD_DELETE", functools.partial(_same, data), intent=INTENT_GUILDS
            )
        if ch.is_thread:
            return ch.payload()
        del guild.channels[ch.id]
        del self.channels[ch.id]
        payload = ch.payload()
        self._dispatch_all("CHANNEL_DELETE", lambda s: payload, intent=INTENT_GUILDS)
        return payload

    def add_role(
        self,
        guild: FakeGuild,
        name: str,
        *,
        permissions: Any = 0,
        members: Iterable[FakeUser] = (),
    ) -> FakeRole:
        role = FakeRole(
            self.snowflake(), guild, name, _perm_value(permissions), position=len(guild.roles)
        )
        guild.roles[role.id] = role
        self._dispatch_all(
            "GUILD_ROLE_CREATE",
            lambda s: {"guild_id": str(guild.id), "role": role.payload()},
            intent=INTENT_GUILDS,
        )
        for user in members:
            member = guild.members[user.id]
            self.set_member_roles(guild, user, [*self._roles_of(member), role])
        return role

    def _roles_of(self, member: FakeMember) -> list[FakeRole]:
        return [member.guild.roles[r] for r in member.roles]

    def set_role_permissions(self, role: FakeRole, permissions: Any) -> None:
        role.permissions = _perm_value(permissions)
        self._dispatch_all(
            "GUILD_ROLE_UPDATE",
            lambda s: {"guild_id": str(role.guild.id), "role": role.payload()},
            intent=INTENT_GUILDS,
        )

    def add_member(
        self, guild: FakeGuild, user: FakeUser, *, roles: Iterable[FakeRole] = ()
    ) -> FakeMember:
        member = FakeMember(user, guild, roles=[r.id for r in roles])
        guild.members[user.id] = member
        self._dispatch_all(
            "GUILD_MEMBER_ADD",
            lambda s: {**member.payload(), "guild_id": str(guild.id)},
            intent=INTENT_GUILD_MEMBERS,
        )
        return member

    def set_member_roles(self, guild: FakeGuild, user: FakeUser, roles: Iterable[FakeRole]) -> None:
        member = guild.members[user.id]
        member.roles = [r.id for r in roles]
        self._dispatch_all(
            "GUILD_MEMBER_UPDATE",
            lambda s: {**member.payload(), "guild_id": str(guild.id)},
            intent=INTENT_GUILD_MEMBERS,
        )

    def set_permissions(
        self,
        channel: FakeChannel,
        target: FakeUser | FakeRole | FakeGuild,
        *,
        allow: Any = 0,
        deny: Any = 0,
    ) -> None:
        """Set a channel permission overwrite for a member, a role, or @everyone (the guild)."""
        if channel.guild is None:
            raise ValueError("DM channels have no permission overwrites")
        if isinstance(target, FakeUser):
            ow = Overwrite(target.id, 1, _perm_value(allow), _perm_value(deny))
        elif isinstance(target, FakeRole):
            ow = Overwrite(target.id, 0, _perm_value(allow), _perm_value(deny))
        else:
            ow = Overwrite(target.id, 0, _perm_value(allow), _perm_value(deny))
        channel.overwrites[ow.id] = ow
        self._channel_updated(channel)

    def set_bot_permissions(self, channel: FakeChannel, *, allow: Any = 0, deny: Any = 0) -> None:
        """Shortcut: a member overwrite for the bot in ``channel``."""
        self.set_permissions(channel, self.bot_user, allow=allow, deny=deny)

    def _channel_updated(self, channel: FakeChannel) -> None:
        self._dispatch_all("CHANNEL_UPDATE", lambda s: channel.payload(), intent=INTENT_GUILDS)

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        ch = self.dm_channels.get(user.id)
        if ch is None:
            ch = FakeChannel(self.snowflake(), DM, None, recipients=[user])
            self.dm_channels[user.id] = ch
            self.channels[ch.id] = ch
        return ch

    # ---- model: permissions --------------------------------------------------------------

    def permissions_for(self, user: FakeUser | int, channel: FakeChannel) -> int:
        """Discord's permission computation: roles, then @everyone/role/member overwrites."""
        user_id = user if isinstance(user, int) else user.id
        guild = channel.guild
        if guild is None:
            return DM_PERMISSIONS
        if channel.is_thread:
            # Threads inherit their parent's permissions (no overwrites of their own).
            assert channel.parent_id is not None
            perms = self.permissions_for(user_id, self.channels[channel.parent_id])
            if not perms & SEND_MESSAGES_IN_THREADS:
                perms &= ~(SEND_TTS_MESSAGES | MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES)
            return perms
        perms = self.guild_permissions(user_id, guild)
        if perms == ALL_PERMISSIONS or guild.members.get(user_id) is None:
            return perms
        member = guild.members[user_id]
        ow = channel.overwrites
        if guild.id in ow:
            perms = (perms & ~ow[guild.id].deny) | ow[guild.id].allow
        allow = deny = 0
        for rid in member.roles:
            if rid in ow:
                allow |= ow[rid].allow
                deny |= ow[rid].deny
        perms = (perms & ~deny) | allow
        if user_id in ow:
            perms = (perms & ~ow[user_id].deny) | ow[user_id].allow
        if not perms & VIEW_CHANNEL:
            return 0
        if not perms & SEND_MESSAGES:
            perms &= ~(SEND_TTS_MESSAGES | MENTION_EVERYONE | EMBED_LINKS | ATTACH_FILES)
        return perms

    def guild_permissions(self, user: FakeUser | int, guild: FakeGuild) -> int:
        """Guild-level permissions: @everyone plus the member's roles (owner/admin: all)."""
        user_id = user if isinstance(user, int) else user.id
        if user_id == guild.owner_id:
            return ALL_PERMISSIONS
        member = guild.members.get(user_id)
        if member is None:
            return 0
        perms = guild.everyone.permissions
        for rid in member.roles:
            perms |= guild.roles[rid].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    def bot_permissions(self, channel: FakeChannel) -> int:
        return self.permissions_for(self.bot_user, channel)

    def _require(self, channel: FakeChannel, *perms: int) -> None:
        have = self.bot_permissions(channel)
        if not have & VIEW_CHANNEL:
            raise missing_access()
        for p in perms:
            if not have & p:
                raise missing_permissions()

    # ---- records: queries ----------------------------------------------------------------

    def calls_to(self, method: str | None = None, route: str | None = None) -> list[RestCall]:
        """REST calls matching ``method`` and ``route`` (a template or an fnmatch glob)."""
        return [c for c in self.calls if c.matches(method, route)]

    @property
    def unhandled_calls(self) -> list[RestCall]:
        return [c for c in self.calls if c.unhandled]

    def channel_messages(
        self,
        channel: FakeChannel,
        *,
        include_deleted: bool = False,
        include_ephemeral: bool = False,
    ) -> list[FakeMessage]:
        """Messages in ``channel``, oldest first."""
        return [
            m
            for m in channel.messages
            if (include_deleted or not m.deleted) and (include_ephemeral or not m.ephemeral)
        ]

    def bot_messages(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        """Everything the bot posted (interaction responses included), oldest first."""
        msgs = channel.messages if channel is not None else self.messages.values()
        return [m for m in msgs if m.author is self.bot_user]

    def public_messages(self) -> list[FakeMessage]:
        """Bot messages anyone in a guild channel could see (deleted ones included)."""
        return [
            m
            for m in self.messages.values()
            if m.author is self.bot_user and not m.ephemeral and m.channel.guild is not None
        ]

    def ephemeral_messages(self, user: FakeUser | None = None) -> list[FakeMessage]:
        return [
            m
            for m in self.messages.values()
            if m.ephemeral and (user is None or m.visible_to == user.id)
        ]

    def deleted_messages(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        return [
            m
            for m in self.messages.values()
            if m.deleted and (channel is None or m.channel is channel)
        ]

    def dms_to(self, user: FakeUser) -> list[FakeMessage]:
        """Messages the bot delivered to ``user``'s DMs (failed attempts are only calls)."""
        ch = self.dm_channels.get(user.id)
        return [m for m in ch.messages if m.author is self.bot_user] if ch else []

    # ---- knobs -----------------------------------------------------------------------------

    def rate_limit_next(
        self,
        method: str | None,
        route: str,
        *,
        retry_after: float = 0.05,
        is_global: bool = False,
        count: int = 1,
        via: bool = True,
    ) -> None:
        """The next ``count`` calls to ``route`` get a 429 (``via=False``: a Cloudflare-style
        429 without the ``Via`` header, which discord.py does not retry)."""
        self._injections.append(
            _Injection(
                method, route, "429", count, retry_after=retry_after, is_global=is_global, via=via
            )
        )

    def fail_next(
        self,
        method: str | None,
        route: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str = "fake failure",
        count: int = 1,
    ) -> None:
        """The next ``count`` calls to ``route`` fail with ``status`` and Discord ``code``."""
        self._injections.append(
            _Injection(method, route, "fail", count, status=status, code=code, message=message)
        )

    def delay_route(
        self, method: str | None, route: str, seconds: float, *, count: int | None = None
    ) -> None:
        """Make calls to ``route`` slow (``count=None``: until :meth:`clear_knobs`)."""
        self._injections.append(_Injection(method, route, "delay", count, delay=seconds))

    def clear_knobs(self) -> None:
        self._injections.clear()

    # ---- REST plumbing -------------------------------------------------------------------

    @staticmethod
    def _json_response(
        data: Any, status: int = 200, headers: dict[str, str] | None = None
    ) -> web.Response:
        # Exactly "application/json": discord.py compares the header verbatim.
        hdrs = {"Content-Type": "application/json"}
        hdrs.update(headers or {})
        return web.Response(body=json.dumps(data).encode(), status=status, headers=hdrs)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[str]]:
        if request.method in ("GET", "DELETE", "HEAD") or not request.can_read_body:
            return None, []
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/"):
            form = await request.post()
            payload = json.loads(str(form["payload_json"])) if "payload_json" in form else {}
            files = [getattr(v, "filename", "") for k, v in form.items() if k.startswith("files[")]
            return payload, files
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except ValueError:
            return raw.decode(errors="replace"), []

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            passthrough: web.StreamResponse = await handler(request)
            return passthrough
        taken = time.perf_counter()
        body, files = await self._read_body(request)
        resource = request.match_info.route.resource
        canonical = resource.canonical if resource is not None else request.path
        call = RestCall(
            method=request.method,
            path=request.path[len(API_PREFIX) :],
            route=canonical[len(API_PREFIX) :] if canonical.startswith(API_PREFIX) else canonical,
            json=body,
            query=dict(request.query),
            at=time.perf_counter(),
            reason=request.headers.get("X-Audit-Log-Reason"),
            files=files,
        )
        self.calls.append(call)
        self._changed()
        request[_CALL] = call
        response: web.Response
        try:
            injection = next((i for i in self._injections if i.matches(call)), None)
            if injection is not None and injection.remaining is not None:
                injection.remaining -= 1
            if injection is not None and injection.kind == "delay":
                await asyncio.sleep(injection.delay)
                injection = None
            if injection is not None and injection.kind == "429":
                call.injected = "429"
                body429 = {
                    "message": "You are being rate limited.",
                    "retry_after": injection.retry_after,
                    "global": injection.is_global,
                }
                headers = {
                    "Retry-After": str(max(1, round(injection.retry_after))),
                    "X-RateLimit-Scope": "global" if injection.is_global else "user",
                }
                if injection.is_global:
                    headers["X-RateLimit-Global"] = "true"
                if injection.via:
                    headers["Via"] = "1.1 google"
                call.status, call.response = 429, body429
                response = self._json_response(body429, 429, headers)
            elif injection is not None:
                call.injected = "fail"
                raise DiscordError(injection.status, injection.code, injection.message)
            else:
                self._check_auth(request, call)
                result = await handler(request)
                status, data = result if isinstance(result, tuple) else (200, result)
                if data is None and status == 200:
                    status = 204
                call.status, call.response = status, data
                response = (
                    web.Response(status=204) if status == 204 else self._json_response(data, status)
                )
        except DiscordError as exc:
            call.status, call.response = exc.status, exc.body()
            response = self._json_response(exc.body(), exc.status)
        except web.HTTPException as exc:
            call.unhandled = True
            body_err = {"message": f"{exc.status}: {exc.reason}", "code": 0}
            call.status, call.response = exc.status, body_err
            response = self._json_response(body_err, exc.status)
        call.handled_ms = (time.perf_counter() - taken) * 1000
        self._changed()
        return response

    def _check_auth(self, request: web.Request, call: RestCall) -> None:
        if call.route.startswith(("/webhooks/", "/interactions/")):
            return
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordError(401, 0, "401: Unauthorized")

    def _routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("GET", "/gateway", self._h_gateway),
            ("GET", "/gateway/bot", self._h_gateway_bot),
            ("GET", "/users/@me", self._h_me),
            ("POST", "/users/@me/channels", self._h_create_dm),
            ("GET", "/users/{user_id}", self._h_user),
            ("GET", "/applications/@me", self._h_application),
            ("GET", "/oauth2/applications/@me", self._h_application),
            ("GET", "/applications/{app_id}/commands", self._h_get_commands),
            ("PUT", "/applications/{app_id}/commands", self._h_put_commands),
            ("POST", "/applications/{app_id}/commands", self._h_upsert_command),
            ("GET", "/applications/{app_id}/commands/{command_id}", self._h_get_command),
            ("PATCH", "/applications/{app_id}/commands/{command_id}", self._h_edit_command),
            ("DELETE", "/applications/{app_id}/commands/{command_id}", self._h_delete_command),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self._h_get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self._h_put_commands),
            ("POST", "/applications/{app_id}/guilds/{guild_id}/commands", self._h_upsert_command),
            (
                "GET",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self._h_get_command,
            ),
            (
                "PATCH",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self._h_edit_command,
            ),
            (
                "DELETE",
                "/applications/{app_id}/guilds/{guild_id}/commands/{command_id}",
                self._h_delete_command,
            ),
            ("GET", "/guilds/{guild_id}", self._h_guild),
            ("GET", "/guilds/{guild_id}/channels", self._h_guild_channels),
            ("POST", "/guilds/{guild_id}/channels", self._h_create_channel),
            ("GET", "/guilds/{guild_id}/roles", self._h_guild_roles),
            ("GET", "/guilds/{guild_id}/members", self._h_guild_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._h_guild_member),
            ("GET", "/channels/{channel_id}", self._h_channel),
            ("PATCH", "/channels/{channel_id}", self._h_edit_channel),
            ("DELETE", "/channels/{channel_id}", self._h_delete_channel),
            ("PUT", "/channels/{channel_id}/permissions/{overwrite_id}", self._h_put_overwrite),
            (
                "DELETE",
                "/channels/{channel_id}/permissions/{overwrite_id}",
                self._h_delete_overwrite,
            ),
            ("POST", "/channels/{channel_id}/typing", self._h_typing),
            ("POST", "/channels/{channel_id}/messages/bulk-delete", self._h_bulk_delete),
            ("GET", "/channels/{channel_id}/messages", self._h_history),
            ("POST", "/channels/{channel_id}/messages", self._h_create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._h_get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._h_edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._h_delete_message),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self._h_add_reaction,
            ),
            (
                "DELETE",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self._h_remove_reaction,
            ),
            ("POST", "/channels/{channel_id}/threads", self._h_start_forum_post),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._h_callback),
            ("POST", "/webhooks/{app_id}/{token}", self._h_followup),
            ("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self._h_get_wh_message),
            ("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self._h_edit_wh_message),
            (
                "DELETE",
                "/webhooks/{app_id}/{token}/messages/{message_id}",
                self._h_delete_wh_message,
            ),
        ]

    # ---- REST: lookups -------------------------------------------------------------------

    def _guild(self, request: web.Request) -> FakeGuild:
        guild = self.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        return guild

    def _channel(self, request: web.Request) -> FakeChannel:
        try:
            ch = self.channels.get(int(request.match_info["channel_id"]))
        except ValueError:
            ch = None
        if ch is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        return ch

    def _message(self, channel: FakeChannel, raw_id: str) -> FakeMessage:
        try:
            msg = self.messages.get(int(raw_id))
        except ValueError:
            msg = None
        if msg is None or msg.channel is not channel or msg.deleted or msg.ephemeral:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    def _check_app(self, request: web.Request) -> None:
        if request.match_info["app_id"] != str(self.application_id):
            raise DiscordError(404, 10002, "Unknown Application")

    # ---- REST: identity ------------------------------------------------------------------

    async def _h_gateway(self, request: web.Request) -> Any:
        return {"url": f"ws://127.0.0.1:{self.port}/gateway"}

    async def _h_gateway_bot(self, request: web.Request) -> Any:
        return {
            "url": f"ws://127.0.0.1:{self.port}/gateway",
            "shards": self.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    async def _h_me(self, request: web.Request) -> Any:
        return {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0}

    async def _h_user(self, request: web.Request) -> Any:
        user = self.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        return user.payload()

    @property
    def application_flags(self) -> int:
        flags = 1 << 23  # APPLICATION_COMMAND_BADGE
        if INTENT_GUILD_PRESENCES in self.privileged_intents:
            flags |= 1 << 13  # GATEWAY_PRESENCE_LIMITED
        if INTENT_GUILD_MEMBERS in self.privileged_intents:
            flags |= 1 << 15  # GATEWAY_GUILD_MEMBERS_LIMITED
        if INTENT_MESSAGE_CONTENT in self.privileged_intents:
            flags |= 1 << 19  # GATEWAY_MESSAGE_CONTENT_LIMITED
        return flags

    async def _h_application(self, request: web.Request) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner_user.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "summary": "",
            "flags": self.application_flags,
            "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
            "redirect_uris": [],
            "tags": [],
        }

    # ---- REST: application commands ------------------------------------------------------

    def _command_store(self, request: web.Request) -> tuple[int | None, list[JSONDict]]:
        self._check_app(request)
        if "guild_id" in request.match_info:
            guild = self._guild(request)
            return guild.id, self.guild_commands.setdefault(guild.id, [])
        return None, self.global_commands

    def _validate_command(self, cmd: JSONDict, index: int) -> None:
        name = cmd.get("name")
        ctype = cmd.get("type", 1)
        if not isinstance(name, str) or not 1 <= len(name) <= 32:
            raise _form_error(f"{index}.name", "Must be between 1 and 32 in length.")
        if ctype == 1:
            if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                raise _form_error(
                    f"{index}.name", "Command name is invalid", "APPLICATION_COMMAND_INVALID_NAME"
                )
            desc = cmd.get("description", "")
            if not 1 <= len(desc) <= 100:
                raise _form_error(f"{index}.description", "Must be between 1 and 100 in length.")
        self._validate_options(cmd.get("options") or [], f"{index}.options")

    def _validate_options(self, options: list[JSONDict], path: str) -> None:
        if len(options) > 25:
            raise _form_error(path, "Must be 25 or fewer in length.")
        seen: set[str] = set()
        for i, opt in enumerate(options):
            name = opt.get("name", "")
            if name in seen:
                raise _form_error(
                    f"{path}.{i}.name",
                    "Option names must be unique",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                )
            seen.add(name)
            if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                raise _form_error(f"{path}.{i}.name", "Option name is invalid")
            if not 1 <= len(opt.get("description", "")) <= 100:
                raise _form_error(f"{path}.{i}.description", "Must be between 1 and 100 in length.")
            if len(opt.get("choices") or []) > 25:
                raise _form_error(f"{path}.{i}.choices", "Must be 25 or fewer in length.")
            if opt.get("choices") and opt.get("autocomplete"):
                raise _form_error(
                    f"{path}.{i}.autocomplete",
                    "Autocomplete cannot be set when choices are present",
                )
            self._validate_options(opt.get("options") or [], f"{path}.{i}.options")

    def _store_command(
        self, guild_id: int | None, cmd: JSONDict, previous: list[JSONDict]
    ) -> JSONDict:
        old = next(
            (
                c
                for c in previous
                if c["name"] == cmd["name"] and c.get("type", 1) == cmd.get("type", 1)
            ),
            None,
        )
        stored: JSONDict = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **json.loads(json.dumps(cmd)),
            "id": old["id"] if old else str(self.snowflake()),
            "application_id": str(self.application_id),
            "version": str(self.snowflake()),
        }
        if guild_id is not None:
            stored["guild_id"] = str(guild_id)
        return stored

    async def _h_get_commands(self, request: web.Request) -> Any:
        _, store = self._command_store(request)
        return store

    async def _h_put_commands(self, request: web.Request) -> Any:
        guild_id, store = self._command_store(request)
        payload = request[_CALL].json or []
        if len(payload) > 100:
            raise _form_error("_", "Maximum number of application commands reached (100)", "")
        names: set[tuple[str, int]] = set()
        for i, cmd in enumerate(payload):
            self._validate_command(cmd, i)
            key = (cmd["name"], cmd.get("type", 1))
            if key in names:
                raise _form_error(
                    f"{i}.name",
                    "Application command names must be unique",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                )
            names.add(key)
        new = [self._store_command(guild_id, cmd, store) for cmd in payload]
        store[:] = new
        self.command_syncs.append((guild_id, payload))
        return new

    async def _h_upsert_command(self, request: web.Request) -> Any:
        guild_id, store = self._command_store(request)
        cmd = request[_CALL].json
        self._validate_command(cmd, 0)
        stored = self._store_command(guild_id, cmd, store)
        store[:] = [c for c in store if c["id"] != stored["id"]] + [stored]
        return (201, stored)

    def _find_command(self, request: web.Request) -> tuple[list[JSONDict], JSONDict]:
        _, store = self._command_store(request)
        cid = request.match_info["command_id"]
        for cmd in store:
            if cmd["id"] == cid:
                return store, cmd
        raise DiscordError(404, 10063, "Unknown application command")

    async def _h_get_command(self, request: web.Request) -> Any:
        return self._find_command(request)[1]

    async def _h_edit_command(self, request: web.Request) -> Any:
        _, cmd = self._find_command(request)
        cmd.update(request[_CALL].json or {})
        return cmd

    async def _h_delete_command(self, request: web.Request) -> Any:
        store, cmd = self._find_command(request)
        store.remove(cmd)
        return None

    # ---- REST: guilds and channels -------------------------------------------------------

    async def _h_guild(self, request: web.Request) -> Any:
        guild = self._guild(request)
        return {
            **guild.payload(),
            "approximate_member_count": len(guild.members),
            "approximate_presence_count": 0,
        }

    async def _h_guild_channels(self, request: web.Request) -> Any:
        return [c.payload() for c in self._guild(request).non_thread_channels]

    async def _h_guild_roles(self, request: web.Request) -> Any:
        return [r.payload() for r in self._guild(request).roles.values()]

    async def _h_guild_members(self, request: web.Request) -> Any:
        guild = self._guild(request)
        if INTENT_GUILD_MEMBERS not in self.privileged_intents:
            raise missing_access()
        limit = int(request.query.get("limit", 1))
        after = int(request.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.id > after), key=lambda m: m.id)
        return [m.payload() for m in members[:limit]]

    async def _h_guild_member(self, request: web.Request) -> Any:
        guild = self._guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise DiscordError(404, 10007, "Unknown Member")
        return member.payload()

    async def _h_create_channel(self, request: web.Request) -> Any:
        guild = self._guild(request)
        if not self.guild_permissions(self.bot_user, guild) & MANAGE_CHANNELS:
            raise missing_permissions()
        body = request[_CALL].json or {}
        ctype = int(body.get("type") or GUILD_TEXT)
        if ctype not in (GUILD_TEXT, GUILD_VOICE, GUILD_CATEGORY, GUILD_ANNOUNCEMENT, GUILD_FORUM):
            raise _form_error("type", "Value must be one of {0, 2, 4, 5, 13, 15, 16}.")
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise _form_error("name", "Must be between 1 and 100 in length.")
        if ctype in (GUILD_TEXT, GUILD_ANNOUNCEMENT, GUILD_FORUM):
            name = re.sub(r"[^\w-]", "", re.sub(r"\s+", "-", name.strip().lower())) or "channel"
        parent = None
        if body.get("parent_id"):
            parent = self.channels.get(int(body["parent_id"]))
            if parent is None or parent.guild is not guild or parent.type != GUILD_CATEGORY:
                raise _form_error("parent_id", "Category does not exist")
        overwrites = [
            Overwrite(
                int(o["id"]),
                int(o.get("type", 0)),
                int(o.get("allow", 0) or 0),
                int(o.get("deny", 0) or 0),
            )
            for o in body.get("permission_overwrites") or []
        ]
        ch = self._new_channel(
            guild, name, ctype, parent=parent, topic=body.get("topic"), overwrites=overwrites
        )
        self._dispatch_all("CHANNEL_CREATE", lambda s: ch.payload(), intent=INTENT_GUILDS)
        return (201, ch.payload())

    async def _h_channel(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is not None and not self.bot_permissions(ch) & VIEW_CHANNEL:
            raise missing_access()
        return ch.payload()

    async def _h_edit_channel(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is None:
            raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
        if ch.is_thread:
            return self._edit_thread(ch, request[_CALL].json or {})
        self._require(ch, MANAGE_CHANNELS)
        body = request[_CALL].json or {}
        if "name" in body:
            ch.name = body["name"]
        if "topic" in body:
            ch.topic = body["topic"]
        if "parent_id" in body:
            ch.parent_id = int(body["parent_id"]) if body["parent_id"] else None
        if "permission_overwrites" in body:
            ch.overwrites = {
                int(o["id"]): Overwrite(
                    int(o["id"]),
                    int(o.get("type", 0)),
                    int(o.get("allow", 0) or 0),
                    int(o.get("deny", 0) or 0),
                )
                for o in body["permission_overwrites"]
            }
        self._channel_updated(ch)
        return ch.payload()

    def _edit_thread(self, th: FakeChannel, body: JSONDict) -> JSONDict:
        """PATCH /channels/{thread}: as on Discord, an archived thread must be unarchived in
        the same request (else 50083); unarchiving an unlocked thread needs only Send Messages
        in Threads, a locked one Manage Threads; locking needs Manage Threads; the name,
        archiving and (non-moderated) tags can be changed by the thread's owner or with
        Manage Threads; moderated tags need Manage Threads. At most 5 tags, ids of the
        forum's tags; a forum with REQUIRE_TAG keeps at least one (40067)."""
        perms = self.bot_permissions(th)
        if not perms & VIEW_CHANNEL:
            raise missing_access()
        manage = bool(perms & MANAGE_THREADS)
        owner = th.owner_id == self.bot_user.id
        archived = bool(body.get("archived", th.archived))
        locked = bool(body.get("locked", th.locked))
        if th.archived and archived:
            raise archived_thread()
        if locked != th.locked and not manage:
            raise missing_permissions()
        if th.archived and not archived:
            if th.locked and not manage:
                raise missing_permissions()
            if not perms & SEND_MESSAGES_IN_THREADS:
                raise missing_permissions()
        if archived and not th.archived and not (owner or manage):
            raise missing_permissions()
        if "name" in body and body["name"] != th.name:
            if not (owner or manage):
                raise missing_permissions()
            if not 1 <= len(str(body["name"] or "")) <= 100:
                raise _form_error("name", "Must be between 1 and 100 in length.")
        tags = th.applied_tags
        if "applied_tags" in body:
            forum = self.channels.get(th.parent_id or 0)
            if forum is None or not forum.is_forum:
                raise _form_error("applied_tags", "Tags only apply to forum posts")
            tags = self._check_tags(
                forum, body["applied_tags"] or [], perms, before=th.applied_tags
            )
            if tags != th.applied_tags and not (owner or manage):
                raise missing_permissions()
        th.applied_tags = tags
        if "name" in body:
            th.name = str(body["name"])
        th.locked = locked
        if archived and not th.archived:
            th.archived_at = _now()
        th.archived = archived
        self._dispatch_all("THREAD_UPDATE", lambda s: th.payload(), intent=INTENT_GUILDS)
        return th.payload()

    def _check_tags(
        self, forum: FakeChannel, raw: Any, perms: int, *, before: Sequence[int] = ()
    ) -> list[int]:
        try:
            ids = [int(t) for t in raw]
        except (TypeError, ValueError):
            raise _form_error("applied_tags", "Value is not a snowflake.") from None
        if len(ids) > MAX_APPLIED_TAGS:
            raise _form_error(
                "applied_tags",
                f"Must be {MAX_APPLIED_TAGS} or fewer in length.",
                "BASE_TYPE_MAX_LENGTH",
            )
        known = {t.id: t for t in forum.available_tags}
        if any(t not in known for t in ids):
            raise _form_error("applied_tags", "Unknown tag.")
        changed = set(ids) ^ set(before)
        if any(known[t].moderated for t in changed if t in known) and not perms & MANAGE_THREADS:
            raise missing_permissions()
        if forum.flags & REQUIRE_TAG and not ids:
            raise DiscordError(
                400, 40067, "A tag is required to create a forum post in this channel"
            )
        return list(dict.fromkeys(ids))

    async def _h_start_forum_post(self, request: web.Request) -> Any:
        """POST /channels/{forum}/threads: the bot opens a forum post (a thread and its
        starter message). In a text or announcement channel: a thread without a starter
        message (discord.py's `TextChannel.create_thread` with no `message`), public or
        private as `type` says (Discord's default: private), needing Create Public (or
        Private) Threads there."""
        forum = self._channel(request)
        call: RestCall = request[_CALL]
        body = call.json or {}
        if not forum.is_forum:
            if forum.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
                raise web.HTTPNotFound()
            kind = int(body.get("type") or PRIVATE_THREAD)
            if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
                raise _form_error("type", "Value is not a valid thread type.")
            need = CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS
            self._require(forum, need)
            name = str(body.get("name") or "")
            if not 1 <= len(name) <= 100:
                raise _form_error("name", "Must be between 1 and 100 in length.")
            th = self.add_thread(forum, name, owner=self.bot_user, type=kind)
            return (201, th.payload())
        self._require(forum, SEND_MESSAGES)
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise _form_error("name", "Must be between 1 and 100 in length.")
        message = body.get("message")
        if not isinstance(message, dict):
            raise _form_error("message", "This field is required", "BASE_TYPE_REQUIRED")
        self._validate_message(message, creating=True, files=call.files)
        if int(message.get("flags") or 0) & EPHEMERAL:
            raise _form_error(
                "message.flags", "Ephemeral messages can only be sent as interaction responses"
            )
        tags = self._check_tags(forum, body.get("applied_tags") or [], self.bot_permissions(forum))
        th = self.add_thread(forum, name, owner=self.bot_user, applied_tags=tags)
        msg = self._new_message(th, self.bot_user, message, id=th.id, files=call.files)
        self._dispatch_message("MESSAGE_CREATE", msg)
        return (201, {**th.payload(), "message": self._msg_payload(msg)})

    async def _h_delete_channel(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is None:
            return ch.payload()
        self._require(ch, MANAGE_THREADS if ch.is_thread else MANAGE_CHANNELS)
        return self._remove_channel(ch)

    async def _h_put_overwrite(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is None:
            raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
        self._require(ch, MANAGE_ROLES)
        body = request[_CALL].json or {}
        oid = int(request.match_info["overwrite_id"])
        ch.overwrites[oid] = Overwrite(
            oid,
            int(body.get("type", 0)),
            int(body.get("allow", 0) or 0),
            int(body.get("deny", 0) or 0),
        )
        self._channel_updated(ch)
        return None

    async def _h_delete_overwrite(self, request: web.Request) -> Any:
        ch = self._channel(request)
        self._require(ch, MANAGE_ROLES)
        ch.overwrites.pop(int(request.match_info["overwrite_id"]), None)
        self._channel_updated(ch)
        return None

    async def _h_typing(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is not None:
            self._require(ch, SEND_MESSAGES)
        return None

    async def _h_create_dm(self, request: web.Request) -> Any:
        body = request[_CALL].json or {}
        try:
            user = self.users.get(int(body.get("recipient_id", 0)))
        except (TypeError, ValueError):
            user = None
        if user is None:
            raise DiscordError(400, 50033, "Invalid Recipient(s)")
        return self.dm_channel(user).payload()

    # ---- REST: messages ------------------------------------------------------------------

    def _validate_message(self, body: JSONDict, *, creating: bool, files: list[str]) -> None:
        content = body.get("content")
        if content is not None and not isinstance(content, str):
            content = str(content)
        if content and len(content) > 2000:
            raise _form_error("content", "Must be 2000 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        embeds = body.get("embeds") or []
        if len(embeds) > 10:
            raise _form_error("embeds", "Must be 10 or fewer in length.")
        total = 0
        for i, e in enumerate(embeds):
            limits = {"title": 256, "description": 4096}
            for key, limit in limits.items():
                if len(str(e.get(key) or "")) > limit:
                    raise _form_error(f"embeds.{i}.{key}", f"Must be {limit} or fewer in length.")
            if len(e.get("fields") or []) > 25:
                raise _form_error(f"embeds.{i}.fields", "Must be 25 or fewer in length.")
            for j, f in enumerate(e.get("fields") or []):
                if len(str(f.get("name", ""))) > 256 or len(str(f.get("value", ""))) > 1024:
                    raise _form_error(f"embeds.{i}.fields.{j}", "Field too long.")
                if not str(f.get("name", "")) or not str(f.get("value", "")):
                    raise _form_error(
                        f"embeds.{i}.fields.{j}", "This field is required", "BASE_TYPE_REQUIRED"
                    )
            total += sum(len(t) for t in _embed_texts([e]))
        if total > 6000:
            raise _form_error("embeds", "Embed size exceeds maximum size of 6000")
        flags = int(body.get("flags") or 0)
        components = body.get("components") or []
        self._validate_components(components, v2=bool(flags & COMPONENTS_V2))
        if flags & COMPONENTS_V2 and (content or embeds):
            raise _form_error("content", "Cannot send content or embeds with components v2")
        if creating and not (
            content or embeds or components or files or body.get("poll") or body.get("sticker_ids")
        ):
            raise DiscordError(400, 50006, "Cannot send an empty message")

    def _validate_components(self, components: list[JSONDict], *, v2: bool) -> None:
        if not v2 and len(components) > 5:
            raise _form_error("components", "Must be 5 or fewer in length.")
        seen: set[str] = set()
        count = 0
        for i, comp in enumerate(components):
            if not v2:
                if comp.get("type") != 1:
                    raise _form_error(f"components.{i}.type", "Top-level must be action rows")
                inner = comp.get("components") or []
                if not 1 <= len(inner) <= 5:
                    raise _form_error(
                        f"components.{i}.components", "Must be between 1 and 5 in length."
                    )
                if any(c.get("type") != 2 for c in inner) and len(inner) > 1:
                    raise _form_error(
                        f"components.{i}.components", "A select menu must be alone in its row"
                    )
            for c in _walk_components([comp]):
                count += 1
                cid = c.get("custom_id")
                if cid is not None:
                    if not 1 <= len(cid) <= 100:
                        raise _form_error(
                            f"components.{i}",
                            "custom_id must be 1-100 characters",
                            "BASE_TYPE_BAD_LENGTH",
                        )
                    if cid in seen:
                        raise _form_error(
                            f"components.{i}",
                            "Component custom id cannot be duplicated",
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                        )
                    seen.add(cid)
                if c.get("type") == 2:
                    if len(str(c.get("label") or "")) > 80:
                        raise _form_error(f"components.{i}", "Button label must be 80 or fewer")
                    if c.get("style") == 5 and not c.get("url"):
                        raise _form_error(f"components.{i}", "Link buttons need a url")
                    if c.get("style") not in (5, 6) and cid is None:
                        raise _form_error(f"components.{i}", "Buttons need a custom_id")
                if c.get("type") == 3 and not 1 <= len(c.get("options") or []) <= 25:
                    raise _form_error(f"components.{i}", "Select options must be 1-25")
        if v2 and count > 40:
            raise _form_error("components", "Must be 40 or fewer components in total")

    def _new_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        body: JSONDict,
        *,
        type: int = 0,
        interaction: FakeInteraction | None = None,
        flags: int | None = None,
        files: Sequence[str] = (),
        id: int | None = None,
    ) -> FakeMessage:
        msg = FakeMessage(
            id if id is not None else self.snowflake(),
            channel,
            author,
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=[self._attachment(name) for name in files],
            flags=int(body.get("flags") or 0) if flags is None else flags,
            type=type,
            interaction=interaction,
            requested_flags=int(body.get("flags") or 0),
        )
        ref = body.get("message_reference")
        if isinstance(ref, dict) and ref.get("message_id"):
            msg.reference_id = int(ref["message_id"])
        if msg.ephemeral and interaction is not None:
            msg.visible_to = interaction.user.id
        msg.snapshot()
        channel.messages.append(msg)
        self.messages[msg.id] = msg
        return msg

    def upload(self, file: FakeAttachment) -> JSONDict:
        """Store a user's attachment; its payload (as in `resolved.attachments`)."""
        aid = self.snowflake()
        self.attachment_files[str(aid)] = file.content
        url = f"{self.base_url}/attachments/{aid}/{file.filename}"
        return {
            "id": str(aid),
            "filename": file.filename,
            "size": len(file.content),
            "url": url,
            "proxy_url": url,
            "content_type": file.content_type,
        }

    async def _h_attachment(self, request: web.Request) -> web.StreamResponse:
        """The CDN: an uploaded attachment's bytes (404 for any other)."""
        data = self.attachment_files.get(request.match_info["attachment_id"])
        if data is None:
            return web.Response(status=404, text="404: Not Found")
        return web.Response(body=data, content_type="application/octet-stream")

    def _attachment(self, filename: str) -> JSONDict:
        aid = self.snowflake()
        url = f"{self.base_url}/attachments/{aid}/{filename}"
        return {"id": str(aid), "filename": filename, "size": 0, "url": url, "proxy_url": url}

    def _apply_edit(self, msg: FakeMessage, body: JSONDict, files: list[str]) -> None:
        self._validate_message(body, creating=False, files=files)
        if "content" in body:
            msg.content = str(body["content"] or "")
        if "embeds" in body:
            msg.embeds = list(body["embeds"] or [])
        if "components" in body:
            msg.components = list(body["components"] or [])
        if "attachments" in body or files:
            keep = {str(a.get("id")) for a in body.get("attachments") or []}
            msg.attachments = [a for a in msg.attachments if a["id"] in keep]
            msg.attachments += [self._attachment(name) for name in files]
        if "flags" in body and body["flags"] is not None:
            # Only suppress-embeds and components-v2 can be changed by an edit.
            keep_bits = EPHEMERAL
            msg.flags = (msg.flags & keep_bits) | (int(body["flags"]) & ~keep_bits & ~LOADING)
        msg.flags &= ~LOADING
        msg.edited_at = _now()
        msg.snapshot()

    def _msg_payload(self, msg: FakeMessage) -> JSONDict:
        return msg.payload(application_id=self.application_id, users=self.users)

    async def _h_create_message(self, request: web.Request) -> Any:
        ch = self._channel(request)
        call: RestCall = request[_CALL]
        body = call.json or {}
        if ch.is_dm:
            recipient = ch.recipients[0]
            if not recipient.dms_open or recipient.bot:
                raise DiscordError(403, 50007, "Cannot send messages to this user")
        elif ch.type in (GUILD_FORUM, GUILD_CATEGORY):
            raise DiscordError(400, 50008, "Cannot send messages in a non-text channel")
        elif ch.is_thread:
            self._require(ch, SEND_MESSAGES_IN_THREADS)
            self._check_thread_send(ch, self.bot_user.id)
        else:
            self._require(ch, SEND_MESSAGES)
        self._validate_message(body, creating=True, files=call.files)
        flags = int(body.get("flags") or 0)
        if flags & EPHEMERAL:
            raise _form_error(
                "flags", "Ephemeral messages can only be sent as interaction responses"
            )
        msg = self._new_message(
            ch,
            self.bot_user,
            body,
            type=19 if body.get("message_reference") else 0,
            files=call.files,
        )
        self._dispatch_message("MESSAGE_CREATE", msg)
        return self._msg_payload(msg)

    async def _h_get_message(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is not None:
            self._require(ch, READ_MESSAGE_HISTORY)
        return self._msg_payload(self._message(ch, request.match_info["message_id"]))

    async def _h_history(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.guild is not None:
            self._require(ch, READ_MESSAGE_HISTORY)
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        msgs = [m for m in ch.messages if not m.deleted and not m.ephemeral]
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
            msgs = msgs[:limit]
        if "around" in q:
            around = int(q["around"])
            older = [m for m in msgs if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in msgs if m.id > around][: limit - len(older)]
            msgs = older + newer
        msgs = msgs[-limit:]
        return [self._msg_payload(m) for m in reversed(msgs)]

    async def _h_edit_message(self, request: web.Request) -> Any:
        ch = self._channel(request)
        call: RestCall = request[_CALL]
        msg = self._message(ch, request.match_info["message_id"])
        if msg.author is not self.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        if ch.archived:
            raise archived_thread()
        self._apply_edit(msg, call.json or {}, call.files)
        self._dispatch_message("MESSAGE_UPDATE", msg)
        return self._msg_payload(msg)

    async def _h_delete_message(self, request: web.Request) -> Any:
        ch = self._channel(request)
        msg = self._message(ch, request.match_info["message_id"])
        if msg.author is not self.bot_user:
            if ch.is_dm:
                raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
            self._require(ch, MANAGE_MESSAGES)
        if ch.archived:
            raise archived_thread()
        self._delete(msg, by=self.bot_user.id)
        return None

    async def _h_bulk_delete(self, request: web.Request) -> Any:
        ch = self._channel(request)
        if ch.is_dm:
            raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
        self._require(ch, MANAGE_MESSAGES)
        if ch.archived:
            raise archived_thread()
        guild_id = str(ch.guild.id) if ch.guild else None
        ids = [str(i) for i in (request[_CALL].json or {}).get("messages", [])]
        if not 2 <= len(ids) <= 100:
            raise _form_error("messages", "Must be between 2 and 100 in length.")
        msgs = [self._message(ch, i) for i in ids]
        for msg in msgs:
            msg.deleted, msg.deleted_by = True, self.bot_user.id
        self._dispatch_all(
            "MESSAGE_DELETE_BULK",
            lambda s: {"ids": ids, "channel_id": str(ch.id), "guild_id": guild_id},
            intent=INTENT_GUILD_MESSAGES,
        )
        return None

    async def _h_add_reaction(self, request: web.Request) -> Any:
        ch = self._channel(request)
        msg = self._message(ch, request.match_info["message_id"])
        if ch.guild is not None:
            self._require(ch, READ_MESSAGE_HISTORY, ADD_REACTIONS)
        if ch.archived:
            raise archived_thread()
        users = msg.reactions.setdefault(request.match_info["emoji"], [])
        if self.bot_user.id not in users:
            users.append(self.bot_user.id)
        return None

    async def _h_remove_reaction(self, request: web.Request) -> Any:
        ch = self._channel(request)
        msg = self._message(ch, request.match_info["message_id"])
        if ch.archived:
            raise archived_thread()
        users = msg.reactions.get(request.match_info["emoji"], [])
        if self.bot_user.id in users:
            users.remove(self.bot_user.id)
        return None

    def _delete(self, msg: FakeMessage, *, by: int) -> None:
        msg.deleted, msg.deleted_by = True, by
        if msg.ephemeral:
            return
        payload: JSONDict = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
        if msg.channel.guild is not None:
            payload["guild_id"] = str(msg.channel.guild.id)
        intent = INTENT_DIRECT_MESSAGES if msg.channel.is_dm else INTENT_GUILD_MESSAGES
        self._dispatch_all("MESSAGE_DELETE", lambda s: payload, intent=intent)
        self._changed()

    # ---- REST: interactions --------------------------------------------------------------

    async def _h_callback(self, request: web.Request) -> Any:
        call: RestCall = request[_CALL]
        it = self._interactions_by_id.get(int(request.match_info["interaction_id"]))
        if it is None or it.token != request.match_info["token"]:
            raise DiscordError(404, 10062, "Unknown interaction")
        try:
            return self._accept_callback(it, call)
        except DiscordError:
            it.rejected.append(call)
            raise

    def _accept_callback(self, it: FakeInteraction, call: RestCall) -> Any:
        if it.callback is not None:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if time.perf_counter() - it.dispatched_at > self.ack_deadline:
            raise DiscordError(404, 10062, "Unknown interaction")
        body = call.json or {}
        ctype = int(body.get("type", 0))
        data = body.get("data")
        if ctype not in ALLOWED_CALLBACKS.get(it.type, set()):
            raise _form_error(
                "type",
                f"Callback type {ctype} is invalid for interaction type {it.type}",
                "INTERACTION_CALLBACK_TYPE_INVALID",
            )
        if ctype == UPDATE_MESSAGE and it.message is None:
            raise DiscordError(400, 40004, "Interaction has no message to update")
        message: FakeMessage | None = None
        data = data or {}
        if ctype == CHANNEL_MESSAGE:
            self._validate_message(data, creating=True, files=call.files)
            message = self._new_message(
                it.channel,
                self.bot_user,
                data,
                type=20 if it.type == APPLICATION_COMMAND else 0,
                interaction=it,
                files=call.files,
            )
            it.original = message
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            flags = (int(data.get("flags") or 0) & EPHEMERAL) | LOADING
            message = self._new_message(
                it.channel,
                self.bot_user,
                {},
                type=20 if it.type == APPLICATION_COMMAND else 0,
                interaction=it,
                flags=flags,
            )
            it.original = message
        elif ctype in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            it.original = it.message
            if ctype == UPDATE_MESSAGE and it.message is not None:
                self._apply_edit(it.message, data, call.files)
                message = it.message
        elif ctype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices")
            if not isinstance(choices, list):
                raise _form_error("data.choices", "This field is required", "BASE_TYPE_REQUIRED")
            if len(choices) > 25:
                raise _form_error(
                    "data.choices", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH"
                )
            for i, choice in enumerate(choices):
                if not 1 <= len(str(choice.get("name", ""))) <= 100:
                    raise _form_error(
                        f"data.choices.{i}.name", "Must be between 1 and 100 in length."
                    )
        elif ctype == MODAL:
            if not data.get("custom_id") or not data.get("title"):
                raise _form_error(
                    "data", "Modals need a custom_id and a title", "BASE_TYPE_REQUIRED"
                )
            if len(data["title"]) > 45:
                raise _form_error("data.title", "Must be 45 or fewer in length.")
            if not 1 <= len(data.get("components") or []) <= 5:
                raise _form_error("data.components", "Must be between 1 and 5 in length.")
        it.callback = Callback(ctype, body.get("data"), time.perf_counter(), message)
        if message is not None and not message.ephemeral:
            event = "MESSAGE_UPDATE" if ctype == UPDATE_MESSAGE else "MESSAGE_CREATE"
            if ctype != DEFERRED_CHANNEL_MESSAGE:
                self._dispatch_message(event, message)
        resource: JSONDict = {"type": ctype}
        if message is not None:
            resource["message"] = self._msg_payload(message)
        return {
            "interaction": {
                "id": str(it.id),
                "type": it.type,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": ctype == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": resource,
        }

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        self._check_app(request)
        it = self._interactions_by_token.get(request.match_info["token"])
        if it is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        if it.expired or time.perf_counter() - it.dispatched_at > INTERACTION_TOKEN_LIFETIME:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if it.callback is None:
            raise DiscordError(404, 10015, "Unknown Webhook")
        return it

    def _wh_message(self, it: FakeInteraction, raw_id: str) -> FakeMessage:
        if raw_id == "@original":
            if it.original is None or it.original.deleted:
                raise DiscordError(404, 10008, "Unknown Message")
            return it.original
        msg = next((m for m in it.followups if str(m.id) == raw_id and not m.deleted), None)
        if msg is None:
            raise DiscordError(404, 10008, "Unknown Message")
        return msg

    async def _h_followup(self, request: web.Request) -> Any:
        it = self._webhook_interaction(request)
        call: RestCall = request[_CALL]
        body = call.json or {}
        self._validate_message(body, creating=True, files=call.files)
        requested = int(body.get("flags") or 0)
        original = it.original
        if (
            it.callback is not None
            and it.callback.type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # Discord: the first followup after a deferred response *replaces* the loading
            # message, and keeps the defer's visibility whatever flags the followup asks for.
            if bool(requested & EPHEMERAL) != original.ephemeral:
                self.warnings.append(
                    f"{it.describe()}: first followup asked ephemeral={bool(requested & EPHEMERAL)}"
                    f" but the defer was ephemeral={original.ephemeral}; Discord keeps the "
                    f"defer's visibility"
                )
            original.requested_flags = requested
            self._apply_edit(original, {**body, "flags": requested & ~EPHEMERAL}, call.files)
            original.flags = (original.flags & ~EPHEMERAL) | (
                EPHEMERAL if original.visible_to is not None else 0
            )
            it.followups.append(original)
            if not original.ephemeral:
                self._dispatch_message("MESSAGE_CREATE", original)
            return self._msg_payload(original)
        msg = self._new_message(it.channel, self.bot_user, body, interaction=it, files=call.files)
        it.followups.append(msg)
        if not msg.ephemeral:
            self._dispatch_message("MESSAGE_CREATE", msg)
        return self._msg_payload(msg)

    async def _h_get_wh_message(self, request: web.Request) -> Any:
        it = self._webhook_interaction(request)
        return self._msg_payload(self._wh_message(it, request.match_info["message_id"]))

    async def _h_edit_wh_message(self, request: web.Request) -> Any:
        it = self._webhook_interaction(request)
        call: RestCall = request[_CALL]
        msg = self._wh_message(it, request.match_info["message_id"])
        was_loading = msg.loading
        self._apply_edit(msg, call.json or {}, call.files)
        if not msg.ephemeral:
            self._dispatch_message("MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE", msg)
        return self._msg_payload(msg)

    async def _h_delete_wh_message(self, request: web.Request) -> Any:
        it = self._webhook_interaction(request)
        msg = self._wh_message(it, request.match_info["message_id"])
        self._delete(msg, by=self.bot_user.id)
        return None

    # ---- gateway: dispatch ---------------------------------------------------------------

    def _event_allowed(self, session: GatewaySession, intent: int | None) -> bool:
        return intent is None or bool(session.intents & intent)

    def _dispatch_all(
        self,
        event: str,
        make: Callable[[GatewaySession], JSONDict],
        *,
        intent: int | None = None,
    ) -> int:
        """Send a DISPATCH to every live (or resumable) session whose intents allow it."""
        delivered = 0
        for session in list(self.sessions.values()):
            if not session.resumable and not session.connected:
                continue
            if not self._event_allowed(session, intent):
                continue
            data = make(session)
            if not session.gets_guild(_guild_of(event, data)):
                continue
            self._send_dispatch(session, event, data)
            if session.connected:
                delivered += 1
        self._changed()
        return delivered

    def _send_dispatch(self, session: GatewaySession, event: str, data: JSONDict) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.buffer.append(frame)
        del session.buffer[:-2000]
        self.gateway_sent.append(frame)
        if session.conn is not None:
            session.conn.send(frame)

    def _dispatch_message(self, event: str, msg: FakeMessage) -> None:
        intent = INTENT_DIRECT_MESSAGES if msg.channel.is_dm else INTENT_GUILD_MESSAGES

        def make(session: GatewaySession) -> JSONDict:
            data = self._msg_payload(msg)
            if not self._sees_content(session, msg):
                data.update(content="", embeds=[], attachments=[], components=[])
                data.pop("poll", None)
            return data

        self._dispatch_all(event, make, intent=intent)

    def _sees_content(self, session: GatewaySession, msg: FakeMessage) -> bool:
        """Discord blanks content without the MESSAGE_CONTENT intent, except in DMs, for the
        bot's own messages and for messages that mention the bot."""
        if session.intents & INTENT_MESSAGE_CONTENT:
            return True
        if msg.channel.is_dm or msg.author is self.bot_user:
            return True
        return self.bot_user.mention in msg.content or f"<@!{self.bot_user.id}>" in msg.content

    def _guild_create_payload(self, guild: FakeGuild, session: GatewaySession) -> JSONDict:
        if session.intents & INTENT_GUILD_MEMBERS:
            members = list(guild.members.values())
        else:
            members = [guild.members[self.bot_user.id]]
        me = guild.members[self.bot_user.id]
        return {
            **guild.payload(),
            "joined_at": _iso(me.joined_at),
            "large": len(guild.members) >= 250,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in guild.non_thread_channels],
            "threads": [t.payload() for t in guild.threads if not t.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    # ---- gateway: connections ------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(timeout=1.0, max_msg_size=0)
        await ws.prepare(request)
        conn = _Connection(ws, request)
        self.connections.append(conn)
        writer = asyncio.ensure_future(self._writer(conn))
        conn.send(
            {
                "op": 10,
                "d": {"heartbeat_interval": int(self.heartbeat_interval * 1000)},
                "s": None,
                "t": None,
            }
        )
        self._changed()
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    await self._close_conn(conn, code=4002)
                    break
                await self._handle_op(conn, frame)
                if conn.closed:
                    break
        finally:
            conn.closed = True
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                # A client closing with 1000/1001 ends its session (Discord does the same).
                if conn.closed_by_server is None and ws.close_code in (1000, 1001):
                    session.resumable = False
            conn.queue.put_nowait(None)
            writer.cancel()
            self._changed()
        return ws

    async def _writer(self, conn: _Connection) -> None:
        while True:
            item = await conn.queue.get()
            if item is None:
                return
            try:
                await conn.ws.send_str(item)
            except (ConnectionError, RuntimeError):
                return

    async def _close_conn(self, conn: _Connection, *, code: int, message: str = "") -> None:
        conn.closed = True
        conn.closed_by_server = code
        conn.queue.put_nowait(None)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await conn.ws.close(code=code, message=message.encode())

    async def _handle_op(self, conn: _Connection, frame: JSONDict) -> None:
        op = frame.get("op")
        data = frame.get("d")
        record = dict(frame)
        if isinstance(data, dict) and "token" in data:
            record["d"] = {**data, "token": "<redacted>"}
        self.gateway_received.append(record)
        if op == 1:
            self._spawn(self._heartbeat_ack(conn))
        elif op == 2:
            await self._identify(conn, data or {})
        elif op == 6:
            await self._resume(conn, data or {})
        elif op == 8:
            self._request_members(conn, data or {})
        elif op in (3, 4):
            pass  # presence / voice state: accepted, ignored
        else:
            await self._close_conn(conn, code=4001, message="Unknown opcode")
        self._changed()

    async def _heartbeat_ack(self, conn: _Connection) -> None:
        if self.heartbeat_ack_delay:
            await asyncio.sleep(self.heartbeat_ack_delay)
        if self.heartbeat_acks:
            conn.send({"op": 11, "d": None, "s": None, "t": None})

    async def _identify(self, conn: _Connection, data: JSONDict) -> None:
        if conn.session is not None:
            await self._close_conn(conn, code=4005, message="Already authenticated")
            return
        if data.get("token") != self.token:
            await self._close_conn(conn, code=4004, message="Authentication failed")
            return
        intents = int(data.get("intents", 0))
        if intents >= 1 << 26:
            await self._close_conn(conn, code=4013, message="Invalid intent(s)")
            return
        for bit in (INTENT_GUILD_MEMBERS, INTENT_GUILD_PRESENCES, INTENT_MESSAGE_CONTENT):
            if intents & bit and bit not in self.privileged_intents:
                await self._close_conn(conn, code=4014, message="Disallowed intent(s)")
                return
        shard = data.get("shard")
        if shard is not None and (
            not isinstance(shard, list) or len(shard) != 2 or not 0 <= int(shard[0]) < int(shard[1])
        ):
            await self._close_conn(conn, code=4010, message="Invalid shard")
            return
        session = GatewaySession(secrets.token_hex(16), intents, data)
        self.sessions[session.session_id] = session
        session.conn = conn
        conn.session = session
        if self.ready_delay:
            await asyncio.sleep(self.ready_delay)
        mine = [g for g in self.guilds.values() if session.gets_guild(g.id)]
        ready: JSONDict = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in mine],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url,
            "application": {"id": str(self.application_id), "flags": self.application_flags},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fakediscord"],
        }
        if data.get("shard"):
            ready["shard"] = data["shard"]
        self._send_dispatch(session, "READY", ready)
        if intents & INTENT_GUILDS:
            for guild in mine:
                self._send_dispatch(
                    session, "GUILD_CREATE", self._guild_create_payload(guild, session)
                )

    async def _resume(self, conn: _Connection, data: JSONDict) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != self.token:
            await self._close_conn(conn, code=4004, message="Authentication failed")
            return
        if session is None or not session.resumable:
            conn.send({"op": 9, "d": False, "s": None, "t": None})
            return
        if session.conn is not None and session.conn is not conn:
            old = session.conn
            session.conn = None
            await self._close_conn(old, code=4000)
        session.conn = conn
        conn.session = session
        session.resumes += 1
        seq = int(data.get("seq") or 0)
        for frame in session.buffer:
            if frame["s"] > seq:
                conn.send(frame)
        self._send_dispatch(session, "RESUMED", {"_trace": ["fakediscord"]})

    def _request_members(self, conn: _Connection, data: JSONDict) -> None:
        session = conn.session
        if session is None:
            return
        guild = self.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        if data.get("user_ids"):
            wanted = {int(u) for u in data["user_ids"]}
            members = [m for m in members if m.id in wanted]
        elif data.get("query"):
            q = str(data["query"]).lower()
            members = [m for m in members if m.user.name.lower().startswith(q)]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: JSONDict = {
            "guild_id": str(guild.id),
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        self._send_dispatch(session, "GUILD_MEMBERS_CHUNK", chunk)

    # ---- gateway: control ----------------------------------------------------------------

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions.values() if s.connected]

    async def drop_connections(self, code: int | None = 4000) -> None:
        """Close every gateway connection (``code=None``: abort the TCP connection abruptly).

        Sessions stay resumable, so discord.py reconnects to ``resume_gateway_url`` and
        RESUMEs; events dispatched meanwhile are replayed.
        """
        for conn in list(self.connections):
            if conn.closed:
                continue
            if code is None:
                conn.closed = True
                transport = conn.request.transport
                if transport is not None:
                    transport.abort()
            else:
                await self._close_conn(conn, code=code)
        self._changed()

    async def kill_session(self, session_id: str) -> None:
        """Abort one session's connection as a crashed process would (no close frame)."""
        session = self.sessions.get(session_id)
        if session is None or session.conn is None:
            return
        conn = session.conn
        conn.closed = True
        session.conn = None
        transport = conn.request.transport
        if transport is not None:
            transport.abort()
        self._changed()

    def send_reconnect(self) -> None:
        """Op 7 RECONNECT to every live connection: the client closes and RESUMEs."""
        for session in self.live_sessions:
            assert session.conn is not None
            session.conn.send({"op": 7, "d": None, "s": None, "t": None})

    def invalidate_sessions(self, *, resumable: bool = False) -> None:
        """Op 9 INVALID_SESSION: with ``resumable=False`` the client must IDENTIFY again."""
        for session in self.live_sessions:
            assert session.conn is not None
            if not resumable:
                session.resumable = False
            session.conn.send({"op": 9, "d": resumable, "s": None, "t": None})

    def dispatch(self, event: str, data: JSONDict, *, intent: int | None = None) -> int:
        """Send an arbitrary DISPATCH event to every live session; returns how many got it."""
        return self._dispatch_all(event, lambda s: data, intent=intent)
