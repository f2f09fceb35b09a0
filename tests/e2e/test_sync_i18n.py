"""`python -m bot sync` reports in the terminal's language (LANG): what it synced and
where, and a rejected token with what to do; English under LANG=C."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.app import _sync
from bot.config import Settings
from tests.fakediscord import FakeDiscord


def _lang(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)


async def test_the_sync_says_what_it_did_in_polish_then_in_english(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = Settings(token=fake.token, database=db)
    _lang(monkeypatch, "pl_PL.UTF-8")
    assert await _sync(settings, fake.token) == 0
    out = capsys.readouterr().out
    assert re.match(
        r"zsynchronizowano \d+ polece(nie|nia|ń) z: wszystkie serwery \(globalnie; ", out
    )
    assert "legends" in out and "synced" not in out
    _lang(monkeypatch, "C")
    assert await _sync(settings, fake.token) == 0
    assert re.match(r"synced \d+ commands? to all servers \(global; ", capsys.readouterr().out)


async def test_a_rejected_token_is_said_in_polish(
    fake: FakeDiscord, db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _lang(monkeypatch, "pl_PL.UTF-8")
    assert await _sync(Settings(token="nope", database=db), "nope") == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("błąd: Discord odrzucił DISCORD_TOKEN (401 Unauthorized): skopiuj ")
