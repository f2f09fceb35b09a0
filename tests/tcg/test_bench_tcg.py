"""bench/bench_tcg.py, run tiny: it measures the three things issue 11 asks for (engine
steps per second, the search AI's decision p99 at a budget, the JSON round trip of a
late-game state) and its exit status says whether the targets were met."""

from __future__ import annotations

import pytest

from bench import bench_tcg
from content.tcg.loader import load_default_pack

ARGS = ["--duels", "1", "--decisions", "3", "--budget", "0.01"]


def test_the_bench_reports_steps_decision_times_and_the_round_trip(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_tcg, "STEPS_TARGET", 1)  # a loaded test machine still passes
    assert bench_tcg.main(ARGS) == 0
    out = capsys.readouterr().out
    for row in (
        "| engine steps/s (CPU) |",
        "| search decision p99 (s) |",
        "| late-game JSON round trip (µs) |",
        "| late-game state JSON size (bytes) |",
    ):
        assert row in out, row
    assert "MISSED" not in out


def test_a_missed_target_fails_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_tcg, "STEPS_TARGET", 10**9)
    assert bench_tcg.main(ARGS) == 1
    assert "MISSED" in capsys.readouterr().out


def test_the_round_trip_is_lossless_on_a_late_game_state() -> None:

    *_, late = bench_tcg.engine_steps(load_default_pack(), 1)
    assert late.turn >= 10
    micros, size = bench_tcg.round_trip_us(late, reps=3)
    assert micros > 0 and size > 1000
