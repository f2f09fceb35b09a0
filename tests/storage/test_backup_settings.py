"""The automatic backups' settings: validated up front, one line naming the variable, the
value and what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings, SettingsError, parse_duration


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("6h", 21600.0), ("30m", 1800.0), ("90s", 90.0), ("1d", 86400.0), ("1.5h", 5400.0)],
)
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds
    assert Settings.from_env({"BOT_BACKUP_EVERY": text}).backup_every == seconds


def test_defaults_and_off() -> None:
    s = Settings.from_env({})
    assert (s.backup_every, s.backup_keep, s.backup_dir) == (21600.0, 14, None)
    assert Settings.from_env({"BOT_BACKUP_EVERY": "off"}).backup_every == 0
    assert Settings.from_env({"BOT_BACKUP_EVERY": "0"}).backup_every == 0


@pytest.mark.parametrize(
    ("var", "value", "allowed"),
    [
        ("BOT_BACKUP_EVERY", "soon", "30m, 6h or 1d"),
        ("BOT_BACKUP_EVERY", "6", "30m, 6h or 1d"),
        ("BOT_BACKUP_EVERY", "10s", "at least 1m"),
        ("BOT_BACKUP_KEEP", "many", "1, 2, 3"),
        ("BOT_BACKUP_KEEP", "0", "1, 2, 3"),
        ("BOT_BACKUP_KEEP", "-3", "1, 2, 3"),
    ],
)
def test_a_bad_value_names_the_variable_the_value_and_what_is_allowed(
    var: str, value: str, allowed: str
) -> None:
    with pytest.raises(SettingsError) as exc:
        Settings.from_env({var: value})
    text = str(exc.value)
    assert "\n" not in text
    assert f"{var}: {value!r}" in text and "allowed:" in text and allowed in text
    assert "Value error" not in text


def test_the_backup_folder_must_not_be_a_file(tmp_path: Path) -> None:
    file = tmp_path / "f"
    file.write_text("")
    with pytest.raises(SettingsError) as exc:
        Settings.from_env({"BOT_BACKUP_DIR": str(file)})
    assert f"BOT_BACKUP_DIR: {str(file)!r} is a file; allowed: a folder" in str(exc.value)
    folder = tmp_path / "later"  # made when the first backup is
    assert Settings.from_env({"BOT_BACKUP_DIR": str(folder)}).backup_dir == folder
