"""bench/tcg_pool.py: pooled duel counts and the refusal to mix search strengths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import tcg_pool


def _report(
    path: Path,
    seed: int,
    a: int,
    b: int,
    n: int,
    samples: int = 4,
    pack: dict[str, str] | None = None,
    decks: tuple[str, str] = ("chrome-rush", "loaded-dice"),
) -> str:
    data: dict[str, object] = {
        **(pack or {}),
        "pack": "core",
        "decks": list(decks),
        "ai": ["search", "search"],
        "samples": samples,
        "seed": seed,
        "report": {"games": n, "a_wins": a, "b_wins": b, "turns_mean": 12.0},
    }
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_pools_runs_and_prior(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f1 = _report(tmp_path / "a.json", 701, 12, 8, 20)
    f2 = _report(tmp_path / "b.json", 702, 9, 10, 20)  # one unfinished
    tcg_pool.main([f1, f2, "--prior", "chrome-rush,loaded-dice=65,55,120,11.0"])
    out = capsys.readouterr().out
    assert "160 duels (20 at 701 + 20 at 702 + 120 earlier), 86-73 (1 drawn/unfinished)" in out
    # 86/160 = 53.75%; turns (12*40 + 11*120) / 160 = 11.25
    assert "chrome-rush: 53.8% [46.0%, 61.3%]" in out
    assert "turns 11.2" in out or "turns 11.3" in out
    assert "not shown" in out


def test_refuses_mixed_samples(tmp_path: Path) -> None:
    f1 = _report(tmp_path / "a.json", 701, 12, 8, 20)
    f2 = _report(tmp_path / "b.json", 702, 9, 11, 20, samples=8)
    with pytest.raises(SystemExit, match="samples"):
        tcg_pool.main([f1, f2])


def test_bad_prior_says_the_form() -> None:
    with pytest.raises(SystemExit, match="A,B=A_WINS,B_WINS,DUELS,AVG_TURNS"):
        tcg_pool.main(["--prior", "chrome-rush=1,2"])


def test_refuses_other_pack_versions_or_content(tmp_path: Path) -> None:
    v10 = {"pack_version": "1.0", "content_digest": "aaaa"}
    f1 = _report(tmp_path / "a.json", 701, 12, 8, 20, pack=v10)
    f2 = _report(tmp_path / "b.json", 702, 9, 11, 20, pack={**v10, "pack_version": "1.1"})
    with pytest.raises(SystemExit, match=r"pack version 1\.1, .*a\.json with 1\.0"):
        tcg_pool.main([f1, f2])
    f3 = _report(tmp_path / "c.json", 703, 9, 11, 20, pack={**v10, "content_digest": "bbbb"})
    with pytest.raises(SystemExit, match="pack digest bbbb.*the cards or decks differ"):
        tcg_pool.main([f1, f3])


def test_pools_one_pack_version_and_older_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    v10 = {"pack_version": "1.0", "content_digest": "aaaa"}
    f1 = _report(tmp_path / "a.json", 701, 12, 8, 20, pack=v10)
    f2 = _report(tmp_path / "b.json", 702, 9, 11, 20, pack=v10)
    old = _report(tmp_path / "c.json", 703, 10, 10, 20)  # before reports named the version
    # Another pairing plays other cards: its digest differs and that is no mix.
    other = ("convoy-wall", "loaded-dice")
    f4 = _report(
        tmp_path / "d.json", 704, 11, 9, 20, pack={**v10, "content_digest": "cc"}, decks=other
    )
    tcg_pool.main([old, f1, f2, f4])
    out = capsys.readouterr().out
    assert out.startswith("pack core 1.0, ai search,search, 4 samples")
    assert "60 duels (20 at 703 + 20 at 701 + 20 at 702), 31-29" in out
    assert "convoy-wall vs loaded-dice: 20 duels (20 at 704), 11-9" in out
