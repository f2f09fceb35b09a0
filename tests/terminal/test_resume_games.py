"""`python -m bot play [--game NAME] --resume [ID]` for every game that has a terminal
table: the same shared handling (`bot.terminal.resume`), each game's own campaigns."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from tests.terminal.savetools import rows

#: game -> (its `play` arguments before --resume's, an option --resume refuses)
GAMES = {
    "legends": (["play"], ["--runners", "3"], "--runners"),
    "tcg": (["play", "--game", "tcg"], ["--level", "random"], "--level"),
    "legendary": (["play", "--game", "legendary"], ["--heroes", "quill", "marrow"], "--heroes"),
}


def play(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(argv)
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("game", GAMES)
def test_nothing_to_resume_says_how_to_start_one(
    game: str, database: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cmd, _, _ = GAMES[game]
    code, out, err = play([*cmd, "--resume"], capsys, monkeypatch)
    assert code == 2 and out == ""
    start = " ".join(["python", "-m", "bot", *cmd])
    assert err == f"error: no saved terminal campaign in {database}; start one with: {start}\n"


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_id_is_one_line(
    game: str, database: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cmd, _, _ = GAMES[game]
    code, out, err = play([*cmd, "--resume", "term-000000"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.startswith(f"error: no campaign 'term-000000' in {database}; saved terminal ")
    assert err.count("\n") == 1


@pytest.mark.parametrize("game", GAMES)
def test_resume_refuses_the_options_of_a_new_game(
    game: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cmd, option, name = GAMES[game]
    code, out, err = play([*cmd, "--resume", "term-000000", *option], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err == (
        f"error: --resume goes on with the campaign as it was saved; {name} cannot change "
        "it (start a new campaign to choose them)\n"
    )


#: game -> (its `play` arguments for a new game, a card id its saved state holds)
NEW = {
    "tcg": (["play", "--game", "tcg", "--level", "random", "--seed", "1"], '"chrome-rush"'),
    "legendary": (["play", "--game", "legendary", "--seed", "1"], '"precinct-runner"'),
}


@pytest.mark.parametrize("game", NEW)
def test_a_game_the_pack_cannot_play_is_refused_and_says_so(
    game: str, database: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cmd, held = NEW[game]
    play([*cmd], capsys, monkeypatch)
    [(cid, state)] = rows(database, "SELECT id, state FROM campaigns")
    assert isinstance(state, str) and held in state
    # As if played with a pack that has one more card (a deck) this one lacks.
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE campaigns SET state = ?", (state.replace(held, '"zz-gone"'),))
    code, out, err = play([*GAMES[game][0], "--resume", str(cid)], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.startswith(f"error: campaign '{cid}' was not played with this pack (it has no ")
    assert "'zz-gone'); resume it with --pack DIR, the pack it was played with\n" in err
