"""`python -m content` routes every pack to its game's loader by the `game` of its
pack.toml: one pack, or a folder of packs of several games."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot import games
from content.cli import main
from content.legends.loader import DEFAULT_PACK_DIR
from content.packs import find_packs
from tests.e2e.toygame.plugin import register_toy


def _toy(root: Path, name: str, cards: object = 12) -> Path:
    d = root / name
    d.mkdir(parents=True)
    (d / "pack.toml").write_text(f'game = "toy"\nid = "{name}"\ncards = {cards!r}\n')
    return d


def _legends(root: Path) -> Path:
    return Path(shutil.copytree(DEFAULT_PACK_DIR, root / "legends-core", ignore=_no_python))


def _no_python(_dir: str, names: list[str]) -> list[str]:
    return [n for n in names if n.endswith(".py") or n == "__pycache__"]


def test_a_folder_of_packs_of_two_games_validates_each_with_its_own_loader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register_toy(monkeypatch)
    _legends(tmp_path)
    _toy(tmp_path, "toy-a")
    _toy(tmp_path / "more", "toy-b")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "."]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("OK legends-core: 64 cards")
    assert out[1] == "OK more/toy-b, toy-a: 2 toy pack(s)"


def test_errors_of_every_game_are_reported_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register_toy(monkeypatch)
    legends = _legends(tmp_path)
    (legends / "cards" / "solo.toml").write_text('[[card]]\nid = "x"\n')
    _toy(tmp_path, "toy-a", cards="many")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "."]) == 1
    out = capsys.readouterr().out
    assert "legends-core/cards/solo.toml: card 'x' field name: required field" in out
    assert "toy-a/pack.toml: pack 'toy-a' field cards: cards must be a whole number" in out


def test_an_unknown_game_names_the_file_the_field_and_the_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    d = tmp_path / "p"
    d.mkdir()
    (d / "pack.toml").write_text('game = "legend"\nid = "p"\n')
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "p"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "p/pack.toml: field game: unknown game 'legend' (did you mean 'legends'?); "
        f"this build holds: {', '.join(games.GAMES)}"
    ]


def test_a_pack_without_game_is_a_legends_pack(tmp_path: Path) -> None:
    legends = _legends(tmp_path)
    manifest = legends / "pack.toml"
    manifest.write_text(manifest.read_text().replace('game = "legends"\n', ""))
    found = find_packs(tmp_path, ["legends"], "legends")
    assert found.by_game == {"legends": [legends]} and not found.issues


def test_a_packs_own_subfolders_are_not_searched_for_more_packs(tmp_path: Path) -> None:
    legends = _legends(tmp_path)
    (legends / "scenarios" / "pack.toml").write_text('game = "toy"\n')
    found = find_packs(tmp_path, ["legends", "toy"], "legends")
    assert found.by_game == {"legends": [legends]}


def test_list_shows_a_game_column_when_a_folder_holds_several_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register_toy(monkeypatch)
    _legends(tmp_path)
    _toy(tmp_path, "toy-a")
    assert main(["list", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == ["game", "id"]
    assert lines[1].split()[:2] == ["legends", "core"]
    assert lines[-1].split()[:2] == ["toy", "toy-a"]


def test_show_searches_the_bundled_packs_of_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "heavy pistol"]) == 0
    assert capsys.readouterr().out.startswith("Heavy Pistol [10 Muscle]")
    assert main(["show", "Heavy Pistl"]) == 1
    assert "unknown card 'Heavy Pistl' (did you mean 'Heavy Pistol'?)" in capsys.readouterr().err
