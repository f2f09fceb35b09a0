"""`python -m bot simulate`: the report, --json, the progress bar and setup errors."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from cogs.legends.terminal.simulate import main

TINY = str(Path(__file__).parent / "tinypack")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(args: list[str], err: io.StringIO | None = None) -> tuple[int, str, str]:
    out = io.StringIO()
    err = err if err is not None else io.StringIO()
    code = main(args, stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_report_and_json(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    code, out, err = run(
        [
            "--pack",
            TINY,
            "--scenario",
            "training",
            "--games",
            "3",
            "--runners",
            "2",
            "--json",
            str(target),
        ]
    )
    assert code == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    assert "Training Day (training): 3 games, 2 runners, AI crew, seed 0" in out
    assert "Win rate      100.0% (3/3), 95% CI 43.9% - 100.0%" in out
    assert "Training Dummy" in out
    assert "Most played (plays per game)" in out
    data = json.loads(target.read_text())
    assert data["version"] == 1
    (report,) = data["reports"]
    assert report["wins"] == 3 and report["games"] == 3
    assert report["obstacles"][0]["name"] == "Training Dummy"
    assert report["obstacles"][0]["rounds_mean"] == 1.0


def test_flatlines_are_reported_with_their_cause() -> None:
    code, out, _ = run(
        ["--pack", TINY, "--scenario", "deathtrap", "--games", "2", "--ai", "random"]
    )
    assert code == 0
    assert "Win rate      0.0% (0/2)" in out
    assert "random-legal baseline" in out
    assert "Flatlined by  Wall of Guns 2" in out


def test_same_seed_same_report_and_all_scenarios() -> None:
    args = ["--pack", TINY, "--scenario", "all", "--games", "2", "--seed", "4"]
    first = run(args)
    assert first == run(args)
    assert "Training Day (training)" in first[1] and "Deathtrap (deathtrap)" in first[1]


def test_progress_bar_on_a_terminal() -> None:
    err = _Tty()
    code, _, text = run(["--pack", TINY, "--games", "3"], err)
    assert code == 0
    assert "3/3 games" in text and "[" in text and text.endswith("\n")


def test_default_scenario_is_the_campaigns_first() -> None:
    code, out, _ = run(["--pack", TINY, "--games", "1"])
    assert code == 0
    assert out.startswith("Training Day (training): 1 game, 2 runners")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--pack", "/nonexistent"], "error: cannot load /nonexistent: "),
        (["--scenario", "nope"], "error: unknown scenario 'nope'"),
        (["--games", "0"], "error: --games must be at least 1, not 0"),
        (["--runners", "99"], "error: --runners must be between 1 and 20"),
        (
            ["--pack", TINY, "--json", "/nonexistent/dir/x.json", "--games", "1"],
            "error: cannot write /nonexistent/dir/x.json: ",
        ),
    ],
)
def test_setup_errors_are_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, _, err = run(args)
    assert code == 2
    assert err.startswith(message)
    assert err.count("\n") == 1
