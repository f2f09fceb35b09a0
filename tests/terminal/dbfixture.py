"""Every terminal session of a test module that imports `database` saves into its own
temporary database, never the bot's default file (tests/terminal/conftest.py uses it for
the whole folder; the other games' terminal tests import it)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "fixer.sqlite3"
    monkeypatch.setenv("BOT_DATABASE", str(path))
    return path
