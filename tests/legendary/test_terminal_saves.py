"""`python -m bot play --game legendary` saves the game in the database after every
move, and `--resume [ID]` comes back to it (the shared `bot.terminal` saves, as for
Legends and the TCG)."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest

from bot.terminal.console import Console
from bot.terminal.saves import Saves
from cogs.legendary import table as tbl
from cogs.legendary.adapter import LegendaryAdapter
from cogs.legendary.terminal.play import main
from cogs.legendary.terminal.session import Session
from cogs.tcg.terminal.play import main as tcg_main
from content.legendary.loader import load_default_pack
from rules.legendary.ai import make_agent
from rules.legendary.cards import Pack
from rules.legendary.scenario import scenario
from rules.legendary.state import Game
from tests.legendary.test_cli_play import _Watch
from tests.terminal import savetools
from tests.terminal.savetools import (
    come_back,
    kill_a_real_terminal,
    on_disk,
    only_campaign,
    rows,
)

NEW = ["--seed", "5", "--players", "3"]


@cache
def _pack() -> Pack:
    return load_default_pack()


TERMINAL = savetools.Terminal(main, Session, lambda s: s.table.version)
run, sessions, killed_after = TERMINAL.run, TERMINAL.sessions, TERMINAL.killed_after


def test_a_killed_game_loses_no_move_and_resumes_where_it_was(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, checked = killed_after(NEW, 20, database, monkeypatch)
    assert checked == 21 and s.cid is not None and s.table is not None
    cid = s.cid
    version, _, status = on_disk(database, cid)
    assert status == "active" and version == s.table.version > 20  # the AI's moves too

    assert savetools.verify(
        database, LegendaryAdapter(_pack()), cid
    )  # the log replays to the state
    live = sessions(monkeypatch)
    code, out, err = run(["--resume", cid], "1\n1\n1\nquit\n")
    assert code == 0 and err == ""
    back = live[-1]
    turn = s.game.turn_no
    assert f"Back to game {cid}: turn {turn}, " in out
    assert "Your hand: " in out.split("Back to game")[1]  # the position is shown
    assert back.table is not None and back.table.version > version  # and it goes on
    assert on_disk(database, cid)[0] == back.table.version


def test_a_resumed_game_goes_on_as_if_never_stopped(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, _ = killed_after(NEW, 15, database, monkeypatch)
    live = sessions(monkeypatch)
    run(["--resume", s.cid or ""], "1\n" * 25)
    resumed = live[-1].game
    # The same game, its 40 answers typed without a break (in a database of its own).
    monkeypatch.setenv("BOT_DATABASE", str(database.with_name("other.sqlite3")))
    run(NEW, "1\n" * 40)
    assert live[-1].game == resumed


def test_ctrl_c_says_the_game_is_saved_and_how_to_come_back(database: Path) -> None:
    text, cid = TERMINAL.ctrl_c(NEW, database)
    assert "Interrupted.\nYou leave the table.\nYour campaign is saved (turn 3, your turn)." in text
    [(body,)] = rows(database, "SELECT body FROM saved_items WHERE name = ?", cid)
    assert body == '{"ai": "greedy", "seed": 5}'


def test_resume_lists_only_legendary_games_and_refuses_another_games(database: Path) -> None:
    _, first, _ = run(NEW, "quit\n")
    _, second, _ = run(["--seed", "6", "--scheme", "Rig the Uplink"], "quit\n")
    duel = io.StringIO()
    tcg_main(["--level", "random", "--seed", "1"], stdin=io.StringIO("quit\n"), stdout=duel)
    _, a = come_back(first)
    _, b = come_back(second)
    _, other = come_back(duel.getvalue())
    code, out, _ = run(["--resume"], "2\nquit\n")
    assert code == 0
    listing = out.split("Pick one")[0]
    assert listing.index(b) < listing.index(a) and other not in listing  # its own, latest first
    assert f"1) {b}  Legendary: Rig the Uplink against " in out
    assert ": you, ai2; turn 1; saved " in out
    assert f"Back to game {a}: " in out  # "2" picked the first game
    code, out, err = run(["--resume", other], "")
    assert code == 2 and out == ""
    assert err == (
        f"error: campaign '{other}' is a tcg game, not a legendary one; resume it with: "
        f"python -m bot play --game tcg --resume {other}\n"
    )


def last_fight(pack: Pack) -> Game:
    """Seat 1 to act with Attack to spare and the Mastermind on its last Tactic."""
    kael = pack.masterminds["overseer-kael"]
    return scenario(
        pack, players=2, names=["you", "ai2"], mastermind="overseer-kael",
        tactics=[kael.tactics[0]], attack=100,
    )  # fmt: skip


def test_a_finished_game_is_not_offered_and_cannot_be_resumed(database: Path) -> None:
    pack = _pack()
    store: Saves[tbl.Table, tbl.Action] = Saves.open(database, LegendaryAdapter(pack))
    out = io.StringIO()
    agents = {1: make_agent("greedy", 1)}
    con = Console(io.StringIO("fight overseer\n1\n1\n"), out)
    s = Session(pack, last_fight(pack), con, agents, saves=store)
    try:
        assert s.run() == 0
    finally:
        store.close()
    assert "The players win" in out.getvalue() and "Come back to it" not in out.getvalue()
    cid = only_campaign(database)
    assert on_disk(database, cid)[2] == "finished"
    code, _, err = run(["--resume"], "")
    assert code == 2 and err.startswith("error: no saved terminal campaign in ")
    code, _, err = run(["--resume", cid], "")
    assert code == 2
    assert err.startswith(f"error: campaign '{cid}' is finished: it takes no more moves; start")


def test_a_resumed_game_shows_no_other_seats_hand_nor_any_deck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, out, _ = run(NEW, "1\n" * 12 + "quit\n")
    argv, _ = come_back(out)
    live = sessions(monkeypatch)
    watch: list[_Watch] = []
    real_init = Session.__init__

    def watched(self: Session, *a: object, **k: object) -> None:
        real_init(self, *a, **k)  # type: ignore[arg-type]
        w = _Watch(self.con.stdout)  # type: ignore[arg-type]
        watch.append(w)
        self.on_step = w

    monkeypatch.setattr(Session, "__init__", watched)
    code, again, _ = run(argv, "look\n" + "1\n" * 60 + "quit\n")
    assert code == 0 and live
    assert "Back to game" in again
    w = watch[-1]
    w(live[-1].game, ())  # what was printed after the last move, too
    assert w.checked > 100  # many hidden cards were looked for, none printed


def test_a_real_kill_loses_no_move(database: Path) -> None:
    version, printed = kill_a_real_terminal(["--game", "legendary", *NEW], ["1"] * 8, database)
    cid = only_campaign(database)
    stored, logged, status = on_disk(database, cid)
    # Every move it made is there, the log and the state agree (a move it made in the
    # instant before the kill, after the last look, counts too).
    assert stored == logged >= version > 0 and status == "active"
    assert f"Saved as campaign {cid}" in printed
    code, out, _ = run(["--resume", cid], "quit\n")
    assert code == 0 and f"Back to game {cid}: " in out
