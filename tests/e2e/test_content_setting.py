"""BOT_CONTENT_PACK: `:`-separated paths, each a pack (or a folder of packs) that
replaces the bundled content of the game its pack.toml names; a bad path is a one-line
error naming the setting, before the bot connects."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.app import ContentSettingError, content_paths, load_contents, run
from bot.config import Settings
from content.legends.loader import DEFAULT_PACK_DIR, load_default_pack


def legends_copy(where: Path, name: str) -> Path:
    """A copy of the bundled Legends pack, its core pack renamed `name`."""
    dest = where / "night-market"
    shutil.copytree(DEFAULT_PACK_DIR, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    manifest = dest / "pack.toml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(
        text.replace('name = "Cyberpunk Legends: Core Box"', f'name = "{name}"'), encoding="utf-8"
    )
    return dest


def settings(value: str) -> Settings:
    return Settings.from_env({"BOT_CONTENT_PACK": value, "DISCORD_TOKEN": "t"})


def test_the_paths_are_colon_separated() -> None:
    assert settings("a:b/c::").content_packs == (Path("a"), Path("b/c"))
    assert Settings.from_env({}).content_packs == ()


def test_without_the_setting_every_game_gets_its_bundled_content() -> None:
    contents = load_contents(Settings())
    assert contents["legends"] is load_default_pack()


def test_a_pack_replaces_the_bundled_pack_of_its_game(tmp_path: Path) -> None:
    pack = legends_copy(tmp_path, "Night Market Box")
    # The pack itself, or a folder holding it: either routes by its pack.toml.
    for value in (str(pack), str(tmp_path)):
        assert content_paths(settings(value)) == {"legends": [pack]}
        contents = load_contents(settings(value))
        assert contents["legends"].packs["core"].name == "Night Market Box"
        assert contents["legends"] is not load_default_pack()


def test_two_packs_of_one_game_are_refused_by_its_loader(tmp_path: Path) -> None:
    first = legends_copy(tmp_path / "a", "One")
    second = legends_copy(tmp_path / "b", "Two")
    assert content_paths(settings(f"{first}:{second}")) == {"legends": [first, second]}
    with pytest.raises(Exception, match="second Cyberpunk Legends core pack"):
        load_contents(settings(f"{first}:{second}"))


def test_a_path_that_is_not_a_directory_is_one_line_naming_the_setting(tmp_path: Path) -> None:
    pack = legends_copy(tmp_path, "Night Market Box")
    with pytest.raises(ContentSettingError) as err:
        content_paths(settings(f"{pack}:{tmp_path / 'nowhere'}"))
    message = str(err.value)
    assert message.startswith("BOT_CONTENT_PACK: ") and "nowhere" in message
    assert "not a directory" in message and "\n" not in message


def test_a_pack_of_a_game_this_build_lacks_is_one_line_naming_the_setting(
    tmp_path: Path,
) -> None:
    pack = legends_copy(tmp_path, "Night Market Box")
    manifest = pack / "pack.toml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace('game = "legends"', 'game = "legendz"'),
        encoding="utf-8",
    )
    with pytest.raises(ContentSettingError) as err:
        content_paths(settings(str(pack)))
    message = str(err.value)
    assert message.startswith("BOT_CONTENT_PACK: ") and "pack.toml (game)" in message
    assert "legendz" in message and "legends" in message and "\n" not in message


def test_the_bot_stops_before_connecting_on_a_bad_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.app.setup_logging", lambda level: None)  # keep pytest's
    assert run(settings(str(tmp_path / "nowhere"))) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: BOT_CONTENT_PACK: ") and "\n" not in err
