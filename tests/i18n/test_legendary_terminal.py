"""The Legendary terminal's events, prompts and refusals follow LANG (docs/i18n.md):
Polish in a Polish environment, English (as before) otherwise."""

from __future__ import annotations

import io

import pytest

from bot.terminal.console import Console
from cogs.legendary.terminal.session import Session
from content.legendary.loader import load_default_pack
from rules.legendary.ai import make_agent
from rules.legendary.setup import Setup, new_game


def _transcript(monkeypatch: pytest.MonkeyPatch, lang: str) -> str:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", lang)
    pack = load_default_pack()
    game = new_game(pack, Setup(names=("you", "ai2")), 3).state
    out = io.StringIO()
    agents = {1: make_agent("greedy", 1)}
    # A move, a few turns of the AI's narrated, then quit.
    s = Session(pack, game, Console(io.StringIO("1\n" * 40 + "quit\n"), out), agents)
    s.run()
    return out.getvalue()


def test_a_polish_terminal_narrates_in_polish(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _transcript(monkeypatch, "pl_PL.UTF-8")
    assert "Tura gracza ai2" in text and "ai2's turn" not in text
    assert "Talia Złoczyńców odkrywa" in text


def test_an_english_terminal_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _transcript(monkeypatch, "C.UTF-8")
    assert "ai2's turn" in text and "The Villain Deck reveals" in text
    assert "Tura gracza" not in text
