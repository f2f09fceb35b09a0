"""`python -m bot play --game tcg` saves the duel in the database after every move, and
`--resume [ID]` comes back to it (the shared `bot.terminal` saves, as for Legends)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from cogs.legends.terminal.play import main as legends_main
from cogs.tcg.adapter import TcgAdapter
from cogs.tcg.terminal.play import main
from cogs.tcg.terminal.session import Session
from cogs.tcg.terminal.setup import load
from tests.tcg.test_cli_play import _Watched
from tests.terminal import savetools
from tests.terminal.savetools import (
    come_back,
    kill_a_real_terminal,
    on_disk,
    only_campaign,
    rows,
)

CONTENT = load(None)
NEW = ["--level", "greedy", "--seed", "3"]
TINY = str(Path(__file__).parents[1] / "terminal" / "tinypack")


TERMINAL = savetools.Terminal(main, Session, lambda s: s.state.version)
run, sessions, killed_after = TERMINAL.run, TERMINAL.sessions, TERMINAL.killed_after


def test_a_killed_duel_loses_no_move_and_resumes_where_it_was(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, checked = killed_after(NEW, 12, database, monkeypatch)
    assert checked == 13 and s.cid is not None
    cid = s.cid
    version, _, status = on_disk(database, cid)
    assert status == "active" and version == s.state.version > 12  # the AI's moves too

    assert savetools.verify(database, TcgAdapter(CONTENT), cid)  # the log replays to the state
    live = sessions(monkeypatch)
    code, out, err = run(["--resume", cid], "1\n1\n1\n1\nquit\n")
    assert code == 0 and err == ""
    back = live[-1]
    assert f"Back to duel {cid}: turn " in out
    assert "== Turn " in out.split("Back to duel")[1]  # the position is shown
    assert back.state.version > version  # and it goes on
    assert on_disk(database, cid)[0] == back.state.version


def test_a_resumed_duel_goes_on_as_if_never_stopped(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, _ = killed_after(NEW, 10, database, monkeypatch)
    live = sessions(monkeypatch)
    run(["--resume", s.cid or ""], "1\n" * 15)
    resumed = live[-1].state
    # The same duel, its 25 answers typed without a break (in a database of its own).
    monkeypatch.setenv("BOT_DATABASE", str(database.with_name("other.sqlite3")))
    run(NEW, "1\n" * 25)
    straight = live[-1].state
    assert resumed.model_copy(update={"id": ""}) == straight.model_copy(update={"id": ""})


def test_ctrl_c_says_the_duel_is_saved_and_how_to_come_back(database: Path) -> None:
    text, _ = TERMINAL.ctrl_c(NEW, database)
    assert "Interrupted.\nLeft the duel.\nYour campaign is saved (turn " in text


def test_resume_lists_only_tcg_duels_and_refuses_another_games(
    database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, first, _ = run(NEW, "1\nquit\n")
    _, second, _ = run(["--deck", "ghost-protocol", *NEW], "quit\n")
    legends = io.StringIO()
    legends_main(
        ["--pack", TINY, "--seed", "1"], stdin=io.StringIO("Ana\n\nquit\n"), stdout=legends
    )
    _, a = come_back(first)
    _, b = come_back(second)
    _, other = come_back(legends.getvalue())
    code, out, _ = run(["--resume"], "2\nquit\n")
    assert code == 0
    listing = out.split("Pick one")[0]
    assert listing.index(b) < listing.index(a) and other not in listing  # its own, latest first
    assert f"1) {b}  TCG duel: Player against Rival AI (greedy): Ghost Protocol against " in out
    assert f"Back to duel {a}: " in out  # "2" picked the first duel
    code, out, err = run(["--resume", other], "")
    assert code == 2 and out == ""
    assert err == (
        f"error: campaign '{other}' is a legends game, not a tcg one; resume it with: "
        f"python -m bot play --resume {other}\n"
    )


def test_a_finished_duel_is_not_offered_and_cannot_be_resumed(database: Path) -> None:
    code, out, _ = run(NEW, "1\nconcede\n")
    assert code == 0 and "Rival AI (greedy) wins" in out
    assert "Come back to it with" not in out
    cid = only_campaign(database)
    assert on_disk(database, cid)[2] == "finished"
    assert rows(database, "SELECT count(*) FROM saved_items") == [(0,)]  # its settings too
    code, out, err = run(["--resume"], "")
    assert code == 2 and err.startswith("error: no saved terminal campaign in ")
    code, out, err = run(["--resume", cid], "")
    assert code == 2
    assert err.startswith(f"error: campaign '{cid}' is finished: it takes no more moves; start")


def test_the_ai_level_comes_back_with_the_duel(database: Path) -> None:
    _, out, _ = run(["--level", "random", "--seed", "4"], "quit\n")
    argv, cid = come_back(out)
    [(body,)] = rows(database, "SELECT body FROM saved_items WHERE name = ?", cid)
    assert body == '{"level": "random", "seed": 4}'
    code, again, _ = run(argv, "quit\n")
    assert code == 0 and "against Rival AI (random)" in again


def test_a_resumed_duel_shows_nothing_of_the_rivals_hidden_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, out, _ = run(NEW, "1\n" * 8 + "quit\n")
    argv, _ = come_back(out)
    watched = _Watched()
    real = Session.run

    def spy(self: Session) -> int:
        watched.session = self
        return real(self)

    monkeypatch.setattr(Session, "run", spy)
    code = main(argv, stdin=io.StringIO("board\nhand\n" + "1\n" * 20), stdout=watched)
    assert code == 0 and watched.session is not None
    text = watched.getvalue()
    assert "Back to duel" in text and "Rival AI (greedy): hand " in text


def test_a_real_kill_loses_no_move(database: Path) -> None:
    version, printed = kill_a_real_terminal(["--game", "tcg", *NEW], ["1"] * 6, database)
    cid = only_campaign(database)
    stored, logged, status = on_disk(database, cid)
    # Every move it made is there, the log and the state agree (a move it made in the
    # instant before the kill, after the last look, counts too).
    assert stored == logged >= version > 0 and status == "active"
    assert f"Saved as campaign {cid}" in printed
    code, out, _ = run(["--resume", cid], "quit\n")
    assert code == 0 and f"Back to duel {cid}: " in out
