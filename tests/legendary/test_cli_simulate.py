"""`python -m bot simulate --game legendary`: the report, --json, and bad input."""

from __future__ import annotations

import io
import json
from functools import cache
from pathlib import Path

import pytest

from cogs.legendary.plugin import PLUGIN
from cogs.legendary.terminal.simulate import main
from content.legendary.loader import load_default_pack
from rules.core.stats import wilson
from rules.legendary.cards import Pack
from rules.legendary.sim import simulate

ARGS = ["--players", "2", "--scheme", "countdown-to-zero", "--mastermind", "Overseer Kael"]


@cache
def _pack() -> Pack:
    return load_default_pack()


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = main(list(argv), stdout=out, stderr=err)
    return rc, out.getvalue(), err.getvalue()


def test_report_gives_the_simulators_numbers_with_a_wilson_interval() -> None:
    rc, out, err = run(*ARGS, "--games", "3", "--ai", "greedy", "--seed", "5")
    assert rc == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    r = simulate(
        _pack(), players=2, scheme="countdown-to-zero", mastermind="overseer-kael",
        games=3, agent="greedy", seed=5,
    )  # fmt: skip
    lo, hi = wilson(r.wins, r.games)
    assert out.startswith("Countdown to Zero vs Overseer Kael: 3 games, 2 players, greedy AI")
    assert f"Win rate    {100 * r.win_rate:.1f}% ({r.wins}/3), 95% CI" in out
    assert f"95% CI {100 * lo:.1f}% - {100 * hi:.1f}%" in out
    assert f"Evil Wins   {100 * r.evil_rate:.1f}% ({r.evil})" in out
    assert f"Draws       {100 * r.draw_rate:.1f}% ({r.draws})" in out
    assert f"Turns       {r.mean_turns:.1f} per game" in out
    for cause, n in r.beaten_by.items():
        assert f"{cause} {n}" in out


def test_same_seed_same_report() -> None:
    a = run(*ARGS, "--games", "2", "--ai", "greedy", "--seed", "1")
    b = run(*ARGS, "--games", "2", "--ai", "greedy", "--seed", "1")
    assert a == b


def test_json_holds_every_pairing_and_the_interval(tmp_path: Path) -> None:
    f = tmp_path / "r.json"
    rc, out, _ = run(
        "--scheme", "all", "--mastermind", "overseer-kael", "--games", "1", "--ai", "greedy",
        "--json", str(f),
    )  # fmt: skip
    assert rc == 0
    data = json.loads(f.read_text())
    reports = data["reports"]
    assert data["game"] == "legendary"
    assert sorted(r["scheme"] for r in reports) == sorted(_pack().schemes)
    assert {r["mastermind"] for r in reports} == {"overseer-kael"}
    for r in reports:
        assert r["wins"] + r["evil"] + r["draws"] + r["unfinished"] == r["games"] == 1
        assert r["win_ci95"] == list(wilson(r["wins"], r["games"]))
    assert out.count(" vs Overseer Kael: 1 game, 2 players") == len(reports)
    assert out.splitlines()[-1].startswith(f"All {len(reports)} pairings: {len(reports)} games")


@pytest.mark.parametrize(
    ("argv", "first"),
    [
        (["--scheme", "countdown"], "error: unknown scheme 'countdown' (did you mean"),
        (["--mastermind", "overseer kale"], "error: unknown mastermind 'overseer kale' (did"),
        (["--players", "6"], "error: --players must be between 1 and 5, not 6"),
        (["--games", "0"], "error: --games must be at least 1, not 0"),
        (["--pack", "/nonexistent/pack"], "error: cannot load /nonexistent/pack"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv: list[str], first: str) -> None:
    rc, out, err = run(*argv)
    assert rc == 2
    assert out == ""
    assert err.startswith(first)
    assert err.count("\n") == 1


def test_the_plugin_runs_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    assert PLUGIN.simulate([*ARGS, "--games", "1", "--ai", "greedy"]) == 0
    assert "Countdown to Zero vs Overseer Kael: 1 game, 2 players" in capsys.readouterr().out
