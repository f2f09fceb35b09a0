"""BOT_CONTENT_PACK: `:`-separated paths, each a pack (or a folder of packs) that
replaces the bundled content of the game its pack.toml names; a bad path is a one-line
error naming the setting, before the bot connects."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.app import run
from bot.config import Settings, SettingsError
from bot.packs import ContentSettingError, load_contents, packs_by_game
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


def settings_paths(value: str) -> tuple[Path, ...]:
    return settings(value).content_packs


def test_the_paths_are_colon_separated(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b" / "c").mkdir(parents=True)
    value = f"{tmp_path / 'a'}:{tmp_path / 'b/c'}::"
    assert settings(value).content_packs == (tmp_path / "a", tmp_path / "b/c")
    assert Settings.from_env({}).content_packs == ()


def test_without_the_setting_every_game_gets_its_bundled_content() -> None:
    contents = load_contents(Settings().content_packs)
    assert contents["legends"] is load_default_pack()


def test_a_pack_replaces_the_bundled_pack_of_its_game(tmp_path: Path) -> None:
    pack = legends_copy(tmp_path, "Night Market Box")
    # The pack itself, or a folder holding it: either routes by its pack.toml.
    for value in (str(pack), str(tmp_path)):
        assert packs_by_game(settings_paths(value)) == {"legends": [pack]}
        contents = load_contents(settings_paths(value))
        assert contents["legends"].packs["core"].name == "Night Market Box"
        assert contents["legends"] is not load_default_pack()


def test_two_packs_of_one_game_are_refused_by_its_loader(tmp_path: Path) -> None:
    first = legends_copy(tmp_path / "a", "One")
    second = legends_copy(tmp_path / "b", "Two")
    assert packs_by_game(settings_paths(f"{first}:{second}")) == {"legends": [first, second]}
    with pytest.raises(Exception, match="a second Cyberpunk Legends pack here"):
        load_contents(settings_paths(f"{first}:{second}"))


def test_a_path_that_is_not_a_directory_is_one_line_naming_the_setting(tmp_path: Path) -> None:
    pack = legends_copy(tmp_path, "Night Market Box")
    with pytest.raises(SettingsError) as err:
        settings(f"{pack}:{tmp_path / 'nowhere'}")
    message = str(err.value)
    assert message.startswith("BOT_CONTENT_PACK=") and "nowhere does not exist" in message
    assert "\n" not in message
    # A path that vanishes after the settings were read is caught when routing.
    with pytest.raises(ContentSettingError) as routed:
        packs_by_game([pack, tmp_path / "nowhere"])
    assert str(routed.value).startswith("BOT_CONTENT_PACK: ")
    assert "not a directory" in str(routed.value)


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
        packs_by_game(settings_paths(str(pack)))
    message = str(err.value)
    assert message.startswith("BOT_CONTENT_PACK: ") and "pack.toml (game)" in message
    assert "legendz" in message and "legends" in message and "\n" not in message


def test_the_bot_stops_before_connecting_on_a_bad_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.app.setup_logging", lambda level: None)  # keep pytest's
    assert run(Settings(token="t", content_packs=(tmp_path / "nowhere",))) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: BOT_CONTENT_PACK: ") and "\n" not in err
