"""Every test here that opens a terminal table saves into its own temporary database
(`BOT_DATABASE`), never the bot's default file."""

from __future__ import annotations

from tests.terminal.dbfixture import database

__all__ = ["database"]
