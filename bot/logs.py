"""Logging for the bot process: one readable line per record, for an admin.

Hidden information never reaches a log. Fixer's own loggers log ids, kinds, versions and
refusal codes only. discord.py logs whole HTTP request bodies and gateway payloads at
DEBUG (ephemeral hand replies, DM hands, the messages of component clicks), so its DEBUG
records are dropped whatever the level; aiosqlite's are dropped by the storage layer.
"""

from __future__ import annotations

import logging

FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def _not_debug(record: logging.LogRecord) -> bool:
    return record.levelno > logging.DEBUG


def setup_logging(level: str = "INFO") -> None:
    root = logging.getLogger()
    if not any(getattr(h, "_fixer", False) for h in root.handlers):
        for h in list(root.handlers):
            root.removeHandler(h)
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(FORMAT))
        handler._fixer = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    root.setLevel(level.upper())
    quiet_discord_payloads()


def quiet_discord_payloads() -> None:
    """discord.py at DEBUG would log payloads that contain hands: never let it."""
    for name in (
        "discord",
        "discord.http",
        "discord.gateway",
        "discord.client",
        "discord.state",
        "discord.webhook.async_",
    ):
        lg = logging.getLogger(name)
        if _not_debug not in lg.filters:
            lg.addFilter(_not_debug)
    discord_logger = logging.getLogger("discord")
    if discord_logger.level == logging.NOTSET or discord_logger.level < logging.INFO:
        discord_logger.setLevel(logging.INFO)
