"""A fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of the real discord.py
client.  See README.md in this directory."""

from .client import FakeDiscord
from .server import (
    EPHEMERAL,
    GUILD_FORUM,
    MANAGE_MESSAGES,
    PUBLIC_THREAD,
    SEND_MESSAGES_IN_THREADS,
    Callback,
    DiscordError,
    FakeChannel,
    FakeDiscordServer,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    GatewaySession,
    RestCall,
)

__all__ = [
    "EPHEMERAL",
    "GUILD_FORUM",
    "MANAGE_MESSAGES",
    "PUBLIC_THREAD",
    "SEND_MESSAGES_IN_THREADS",
    "Callback",
    "DiscordError",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordServer",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "GatewaySession",
    "RestCall",
]
