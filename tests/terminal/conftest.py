"""Every terminal session of these tests saves into its own temporary database."""

from __future__ import annotations

from tests.terminal.dbfixture import database

__all__ = ["database"]
