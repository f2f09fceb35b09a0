"""Every terminal session of these tests saves into its own temporary database."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "fixer.sqlite3"
    monkeypatch.setenv("BOT_DATABASE", str(path))
    return path
