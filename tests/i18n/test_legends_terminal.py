"""The terminal table follows LANG: with a Polish environment the rules' events,
refusals and rules help read in Polish (typed inputs stay the terminal's own words);
unset, "C" or English reads as before."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bot.i18n import from_environment
from cogs.legends.terminal.play import main


@pytest.fixture(autouse=True)
def database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "fixer.sqlite3"
    monkeypatch.setenv("BOT_DATABASE", str(path))
    return path


def play(script: str) -> str:
    out = io.StringIO()
    code = main(["--seed", "3", "--runners", "2"], stdin=io.StringIO(script), stdout=out)
    assert code == 0
    return out.getvalue()


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "pl_PL.UTF-8", "LC_MESSAGES": "C"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminal_language_comes_from_the_environment(env: dict[str, str], lang: str) -> None:
    assert from_environment(env) == lang


def test_a_polish_terminal_speaks_polish(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    out = play("\n\n" + "rules plan\n" + "1\n" * 6 + "quit\n")
    assert "Przeciw Przeszkodom" in out  # the rules help
    assert "trzyma Żeton Lidera" in out  # an event of the rules, in Polish
    assert "a potem" in out  # the terminal's own hint, in Polish, naming its input 'ready'
    assert "'ready'" in out


def test_an_english_terminal_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    out = play("\n\n" + "rules plan\n" + "1\n" * 6 + "quit\n")
    assert "Against Obstacles" in out and "holds the Leader Token" in out
    assert "Przeciw" not in out
