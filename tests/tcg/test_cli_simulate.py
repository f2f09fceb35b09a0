"""`python -m bot simulate --game tcg`: the report, --json, determinism and setup errors."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from bot.cli import main as bot_main
from cogs.tcg.terminal.simulate import main
from rules.tcg.sim import DuelRecord, SideGame, summarize_match


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(args: list[str], err: io.StringIO | None = None) -> tuple[int, str, str]:
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    code = main(args, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


GREEDY_V_RANDOM = ["--decks", "chrome-rush,loaded-dice", "--ai", "greedy,random", "--games", "4"]


def test_report_and_json(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    code, out, err = run([*GREEDY_V_RANDOM, "--seed", "3", "--json", str(target)])
    assert code == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    lines = out.splitlines()
    assert lines[0] == (
        "Chrome Rush (greedy) vs Loaded Dice (random): 4 duels, seats mirrored, seed 3"
    )
    data = json.loads(target.read_text())
    rep = data["report"]
    assert data["decks"] == ["chrome-rush", "loaded-dice"] and data["ai"] == ["greedy", "random"]
    assert rep["games"] == 4 == len(data["duels"])
    assert rep["a_wins"] + rep["b_wins"] + rep["draws"] + rep["unfinished"] == 4
    # Mirrored: side A sat in each seat twice, and each seed was played from both seats.
    assert [d["a_seat"] for d in data["duels"]] == [0, 1, 0, 1]
    assert sum(d["a_won"] for d in data["duels"]) == rep["a_wins"]
    assert f"({rep['a_wins']}/4), 95% CI" in lines[1]
    assert "Turns" in out and "Overtime" in out and "Decked out" in out and "Draws" in out
    assert rep["turns_mean"] == sum(d["turns"] for d in data["duels"]) / 4


CORE = Path(__file__).resolve().parents[2] / "content" / "tcg" / "core"


def test_json_records_the_pack_version_and_digest(tmp_path: Path) -> None:
    """A report names what it was played with: an edited copy of the pack keeps the id and
    version but not the digest of the played decks' cards, so pooled runs can tell the two
    apart (bench/tcg_pool.py); a card neither deck plays is not part of it."""
    copy = tmp_path / "pack"
    shutil.copytree(CORE, copy)
    one = ["--decks", "chrome-rush,loaded-dice", "--ai", "random,random", "--games", "1"]

    def digest_of(pack: Path | None, name: str) -> tuple[str, str, str]:
        target = tmp_path / name
        extra = ["--pack", str(pack)] if pack else []
        assert run([*one, *extra, "--json", str(target)])[0] == 0
        data = json.loads(target.read_text())
        return data["pack"], data["pack_version"], data["content_digest"]

    def edit(colour: str, old: str, new: str) -> None:
        cards = copy / "cards" / f"{colour}.toml"
        text = cards.read_text()
        assert old in text
        cards.write_text(text.replace(old, new, 1))

    bundled = digest_of(None, "a.json")
    version = next(
        line.split('"')[1]
        for line in (CORE / "pack.toml").read_text().splitlines()
        if line.startswith("version")
    )
    assert bundled[:2] == ("core", version) and len(bundled[2]) == 16
    assert digest_of(copy, "b.json") == bundled  # same cards, same digest
    edit("yellow", 'flavour = "', 'flavour = "Edited. ')  # no yellow card in either deck
    assert digest_of(copy, "c.json") == bundled
    edit("red", "power = 8\n", "power = 7\n")  # Rook Vance, a Chrome Rush Legend
    edited = digest_of(copy, "d.json")
    assert edited[:2] == bundled[:2] and edited[2] != bundled[2]


def test_same_seed_same_report_other_seed_other_games() -> None:
    first = run([*GREEDY_V_RANDOM, "--seed", "11"])
    assert run([*GREEDY_V_RANDOM, "--seed", "11"]) == first
    assert run([*GREEDY_V_RANDOM, "--seed", "12"])[1] != first[1]


def test_two_workers_play_the_same_games_as_one() -> None:
    one = run([*GREEDY_V_RANDOM, "--seed", "5"])
    two = run([*GREEDY_V_RANDOM, "--seed", "5", "--workers", "2"])
    assert two == one and one[0] == 0


def test_search_level_is_deterministic() -> None:
    args = ["--decks", "ghost-protocol", "--ai", "search,greedy", "--games", "1", "--samples", "1"]
    assert run(args) == run(args)


def test_progress_bar_on_a_terminal_only() -> None:
    err = _Tty()
    code, _, _ = run(GREEDY_V_RANDOM[:-1] + ["2"], err=err)
    assert code == 0
    assert "2/2 games" in err.getvalue()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--decks", "chrome-rush,loaded"],
            "error: unknown deck 'loaded' (did you mean 'loaded-dice'?); decks in this pack: ",
        ),
        (
            ["--ai", "greedy,serch"],
            "error: unknown AI level 'serch' (did you mean 'search'?); levels: random, greedy, "
            "search",
        ),
        (["--decks", "a,b,c"], "error: --decks takes two names separated by a comma"),
        (["--games", "0"], "error: --games must be at least 1, not 0"),
        (["--workers", "3"], "error: --workers must be from 1 to 2, not 3"),
        (["--pack", "/nonexistent/tcg"], "error: cannot load /nonexistent/tcg"),
    ],
)
def test_setup_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(args)
    assert code == 2
    assert out == ""
    assert err.startswith(message)
    assert err.count("\n") == 1


def test_deck_by_printed_name_and_through_the_house_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code = bot_main(
        ["simulate", "--game", "tcg", "--decks", "Convoy Wall,Chrome Rush", "--games", "2"]
    )
    assert code == 0
    assert capsys.readouterr().out.startswith(
        "Convoy Wall (greedy) vs Chrome Rush (greedy): 2 duels"
    )


def test_summary_counts_sides_not_seats() -> None:
    def rec(winner: int | None, reason: str, first: int = 0) -> DuelRecord:
        return DuelRecord(winner, reason, 10, 100, "Overtime" in reason, first, True)

    games = [
        SideGame(0, rec(0, "7 Gigs")),  # A in seat 1 wins
        SideGame(1, rec(1, "7 Gigs", first=1)),  # A in seat 2 wins
        SideGame(0, rec(1, "seat 1 decked out")),  # B wins
        SideGame(1, rec(None, "draw")),
    ]
    r = summarize_match(games)
    assert (r.a_wins, r.b_wins, r.draws) == (2, 1, 1)
    assert r.a_wins_by_seat == (1, 1)
    assert r.deck_out_rate == 0.25
    assert r.first_wins == 2
    assert r.reasons == {"7 Gigs": 2, "decked out": 1, "draw": 1}
    lo, hi = r.a_ci95
    assert lo < 0.5 < hi
