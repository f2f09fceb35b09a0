"""The registry and the plug-in contract: games are found by name, a broken or unknown
game never takes the others down, and the CLI routes `--game` to the right plug-in."""

from __future__ import annotations

import pytest

from bot import games
from bot.cli import main, split_game
from bot.plugin import GamePlugin
from tests.e2e.toygame.plugin import register_toy


def test_legends_is_the_default_and_first_game() -> None:
    assert games.DEFAULT_GAME == "legends"
    plugin = games.plugin("legends")
    assert isinstance(plugin, GamePlugin)
    assert plugin.name == "legends"
    assert plugin.adapter().game == "legends"


def test_unknown_game_is_a_lookup_error_naming_the_games() -> None:
    with pytest.raises(games.UnknownGameError, match="this build holds: legends, "):
        games.plugin("chess")
    assert games.available("chess") is None


def test_a_game_that_fails_to_import_is_unavailable_not_fatal(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(games.GAMES, "broken", "tests.house.no_such_module")
    assert games.available("broken") is None
    assert [p.name for p in games.plugins()] == [g for g in games.GAMES if g != "broken"]
    assert "the broken game is unavailable: ModuleNotFoundError" in caplog.text


def test_a_second_game_registers_with_one_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)
    assert [p.name for p in games.plugins()][-1] == "toy"
    assert [p.name for p in games.plugins()][0] == "legends"
    assert games.plugin("toy").adapter().game == "toy"


def test_split_game_takes_game_out_of_the_arguments() -> None:
    assert split_game(["--runners", "2"]) == ("legends", ["--runners", "2"])
    assert split_game(["--game", "legends", "--seed", "3"]) == ("legends", ["--seed", "3"])
    assert split_game(["--seed", "3", "--game=legends"]) == ("legends", ["--seed", "3"])
    with pytest.raises(games.UnknownGameError):
        split_game(["--game", "tcgg"])


def test_play_with_an_unknown_game_says_which_games_exist(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--game", "legend"]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [
        "error: There is no game 'legend' in this build (did you mean 'legends'?).",
        f"Name one of {', '.join(games.GAMES)}: python -m bot play --game NAME.",
    ]


def test_a_game_without_a_terminal_table_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register_toy(monkeypatch)
    assert main(["simulate", "--game", "toy"]) == 2
    assert capsys.readouterr().err.startswith("error: Toy Cards has no simulator yet.")
    # In the terminal's language: what is wrong, then what to do.
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert main(["play", "--game", "toy"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "błąd: Toy Cards nie ma jeszcze stołu w terminalu.",
        "Zagraj w tę grę na Discordzie albo wskaż inną grę przez --game.",
    ]


def test_simulate_defaults_to_legends(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "1"]) == 0
    assert "2 games" in capsys.readouterr().out


def test_the_global_database_option_reaches_the_terminal_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[list[str]] = []
    plugin = games.plugin("legends")
    monkeypatch.setattr(type(plugin), "play", lambda self, argv: seen.append(list(argv)) or 0)
    assert main(["--database", "x.sqlite3", "play", "--seed", "3"]) == 0
    assert seen == [["--seed", "3", "--db", "x.sqlite3"]]
