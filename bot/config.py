"""Bot settings from the environment, validated by pydantic.

Plain pydantic over `os.environ` rather than pydantic-settings: a handful of variables
don't justify another runtime dependency.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

DEFAULT_DATABASE = Path("data") / "fixer.sqlite3"

# Automatic backups (bot/storage/autobackup.py): how often, how many kept.
DEFAULT_BACKUP_EVERY = 6 * 3600.0
DEFAULT_BACKUP_KEEP = 14
MIN_BACKUP_EVERY = 60.0
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([smhd])")
_EVERY_ALLOWED = "a duration such as 30m, 6h or 1d (at least 1m), or off"


def parse_duration(text: str) -> float:
    """Seconds in "90s", "30m", "6h", "1d"; 0 for "off" or "0". ValueError otherwise."""
    value = text.strip().lower()
    if value in {"off", "0", "none", "never"}:
        return 0.0
    match = _DURATION.fullmatch(value)
    if match is None:
        raise ValueError(f"{text!r} is not a duration; allowed: {_EVERY_ALLOWED}")
    seconds = float(match.group(1)) * _UNITS[match.group(2)]
    if seconds < MIN_BACKUP_EVERY:
        raise ValueError(f"{text!r} is too often; allowed: {_EVERY_ALLOWED}")
    return seconds


class SettingsError(Exception):
    """A setting is missing or wrong; the message tells the admin what to set."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    token: str | None = Field(default=None, description="DISCORD_TOKEN")
    database: Path = Field(default=DEFAULT_DATABASE, description="BOT_DATABASE")
    dev_guild: int | None = Field(default=None, description="BOT_DEV_GUILD")
    content_pack: Path | None = Field(default=None, description="BOT_CONTENT_PACK")
    log_level: str = Field(default="INFO", description="BOT_LOG_LEVEL")
    # NORMAL: answer once an action is in the WAL (safe from a crash of the bot), fsync
    # right after on a thread of its own. FULL: answer only after the fsync (safe from
    # a power cut too, 2-8 ms slower per action). See docs/storage.md, "Durability".
    durability: str = Field(default="NORMAL", description="BOT_DURABILITY")
    # Automatic online backups while the bot runs, each checked; 0 turns them off. See
    # docs/storage.md, "Automatic backups".
    backup_every: float = Field(default=DEFAULT_BACKUP_EVERY, description="BOT_BACKUP_EVERY")
    backup_keep: int = Field(default=DEFAULT_BACKUP_KEEP, description="BOT_BACKUP_KEEP")
    backup_dir: Path | None = Field(default=None, description="BOT_BACKUP_DIR")

    @field_validator("backup_every", mode="before")
    @classmethod
    def _backup_every(cls, v: Any) -> float:
        return parse_duration(v) if isinstance(v, str) else float(v)

    @field_validator("backup_keep", mode="before")
    @classmethod
    def _backup_keep(cls, v: Any) -> int:
        text = str(v).strip()
        if not text.isdigit() or int(text) < 1:
            raise ValueError(f"{text!r} is not a number of backups; allowed: 1, 2, 3, …")
        return int(text)

    @field_validator("backup_dir", mode="before")
    @classmethod
    def _backup_dir(cls, v: Any) -> Any:
        if v is not None and Path(v).exists() and not Path(v).is_dir():
            raise ValueError(f"{str(v)!r} is a file; allowed: a folder (made if missing)")
        return v

    @field_validator("durability")
    @classmethod
    def _durability(cls, v: str) -> str:
        mode = v.upper()
        if mode not in {"NORMAL", "FULL"}:
            raise ValueError("must be NORMAL (answer, then fsync) or FULL (fsync, then answer)")
        return mode

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        level = v.upper()
        if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return level

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        raw: dict[str, object] = {}
        names = {
            "token": "DISCORD_TOKEN",
            "database": "BOT_DATABASE",
            "dev_guild": "BOT_DEV_GUILD",
            "content_pack": "BOT_CONTENT_PACK",
            "log_level": "BOT_LOG_LEVEL",
            "durability": "BOT_DURABILITY",
            "backup_every": "BOT_BACKUP_EVERY",
            "backup_keep": "BOT_BACKUP_KEEP",
            "backup_dir": "BOT_BACKUP_DIR",
        }
        for field, var in names.items():
            value = env.get(var, "").strip()
            if value:
                raw[field] = value
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            problems = []
            for err in exc.errors():
                field = str(err["loc"][0]) if err["loc"] else "?"
                # pydantic prefixes a validator's own message with "Value error, ".
                msg = str(err["msg"]).removeprefix("Value error, ")
                problems.append(f"{names.get(field, field)}: {msg}")
            raise SettingsError("Bad settings: " + "; ".join(problems)) from None

    def require_token(self) -> str:
        if not self.token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal "
                "(see docs/discord.md), then: export DISCORD_TOKEN=<your token>"
            )
        return self.token
