"""BOT_DATABASE: a SQLite path (the default) or a postgresql:// URL, validated at start."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import DEFAULT_DATABASE, Settings, SettingsError
from bot.storage.opener import database_target


def test_a_path_stays_sqlite() -> None:
    assert Settings.from_env({}).database == DEFAULT_DATABASE
    s = Settings.from_env({"BOT_DATABASE": "data/x.sqlite3"})
    assert s.database == Path("data/x.sqlite3") and not s.postgres


def test_a_postgres_url_selects_postgresql_and_keeps_its_slashes() -> None:
    url = "postgresql://fixer:pw@db.internal:5433/fixer"
    s = Settings.from_env({"BOT_DATABASE": url})
    assert s.postgres and s.database == url
    assert database_target(url) == url
    assert database_target("data/f.sqlite3") == Path("data/f.sqlite3")


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("postgresql://db.internal", "names no database"),
        ("postgresql:/db/fixer", "use postgresql://USER@HOST:PORT/DBNAME"),
        ("postgresql://h:port/db", "port"),
    ],
)
def test_a_bad_url_is_refused_with_what_to_do(value: str, why: str) -> None:
    with pytest.raises(SettingsError) as err:
        Settings.from_env({"BOT_DATABASE": value})
    first = str(err.value).splitlines()[0]
    assert first.startswith("BOT_DATABASE=") and why in first
