"""Every setting is validated up front: a bad one is one line naming the variable, its
value and what is allowed; all bad ones are reported at once (docs/operations.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.config import Settings, SettingsError, parse_duration
from bot.packs import ContentSettingError, load_contents, packs_by_game


def _errors(env: dict[str, str]) -> list[str]:
    with pytest.raises(SettingsError) as exc:
        Settings.from_env(env)
    return str(exc.value).splitlines()


def test_defaults() -> None:
    s = Settings.from_env({})
    assert s.log_level == "INFO" and s.durability == "NORMAL"
    assert s.backup_every == 6 * 3600 and s.backup_keep == 14 and s.backup_dir is None
    assert s.content_packs == ()


@pytest.mark.parametrize(
    ("env", "line"),
    [
        (
            {"BOT_LOG_LEVEL": "verbose"},
            "BOT_LOG_LEVEL=verbose is not allowed: use DEBUG, INFO, WARNING or ERROR",
        ),
        (
            {"BOT_DEV_GUILD": "12ab"},
            "BOT_DEV_GUILD=12ab is not allowed: use a server (guild) id: the 17 to 20 digits "
            "Discord's 'Copy Server ID' gives",
        ),
        (
            {"BOT_DURABILITY": "fast"},
            "BOT_DURABILITY=fast is not allowed: use NORMAL (answer, then fsync) or FULL "
            "(fsync, then answer)",
        ),
        (
            {"BOT_BACKUP_EVERY": "6 hours"},
            "BOT_BACKUP_EVERY=6 hours is not allowed: use a duration such as 30m, 6h or 1d, or off",
        ),
        (
            {"BOT_BACKUP_KEEP": "-1"},
            "BOT_BACKUP_KEEP=-1 is not allowed: use a whole number of backups to keep, at least 1",
        ),
    ],
)
def test_a_bad_setting_names_variable_value_and_what_is_allowed(
    env: dict[str, str], line: str
) -> None:
    assert _errors(env) == [line]


def test_every_bad_setting_is_reported_at_once() -> None:
    lines = _errors({"BOT_LOG_LEVEL": "x", "BOT_DURABILITY": "y"})
    assert [line.split("=")[0] for line in lines] == ["BOT_LOG_LEVEL", "BOT_DURABILITY"]


def test_a_missing_pack_path_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    assert _errors({"BOT_CONTENT_PACK": f"{tmp_path}:{missing}"}) == [
        f"BOT_CONTENT_PACK={tmp_path}:{missing} is not allowed: {missing} does not exist; "
        "use pack directories separated by ':'"
    ]


def test_durations() -> None:
    assert parse_duration("30m") == 1800
    assert parse_duration("1d") == 86400
    assert parse_duration("off") == 0
    with pytest.raises(ValueError):
        parse_duration("0h")


def test_the_cli_refuses_a_bad_log_level_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("BOT_LOG_LEVEL", "verbose")
    assert main(["db", "list"]) == 2
    assert capsys.readouterr().err == (
        "error: BOT_LOG_LEVEL=verbose is not allowed: use DEBUG, INFO, WARNING or ERROR\n"
    )


def test_content_packs_are_routed_to_their_game(tmp_path: Path) -> None:
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.toml").write_text('game = "tcgx"\nid = "x"\n')
    with pytest.raises(ContentSettingError, match=r"^BOT_CONTENT_PACK: .*unknown game 'tcgx'"):
        packs_by_game([tmp_path])
    assert issubclass(ContentSettingError, SettingsError)
    assert packs_by_game([]) == {}
    assert load_contents([])["legends"].packs["core"].name == "Cyberpunk Legends: Core Box"
