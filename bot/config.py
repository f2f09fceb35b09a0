"""Bot settings from the environment, validated by pydantic.

Plain pydantic over `os.environ` rather than pydantic-settings: three variables don't
justify another runtime dependency.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

DEFAULT_DATABASE = Path("data") / "fixer.sqlite3"


class SettingsError(Exception):
    """A setting is missing or wrong; the message tells the admin what to set."""


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    token: str | None = Field(default=None, description="DISCORD_TOKEN")
    database: Path = Field(default=DEFAULT_DATABASE, description="BOT_DATABASE")
    dev_guild: int | None = Field(default=None, description="BOT_DEV_GUILD")
    # Content packs, `:`-separated: each path is a pack directory or a folder of packs,
    # and replaces the bundled content of the game its pack.toml names (bot/app.py).
    content_packs: tuple[Path, ...] = Field(default=(), description="BOT_CONTENT_PACK")
    log_level: str = Field(default="INFO", description="BOT_LOG_LEVEL")
    # NORMAL: answer once an action is in the WAL (safe from a crash of the bot), fsync
    # right after on a thread of its own. FULL: answer only after the fsync (safe from
    # a power cut too, 2-8 ms slower per action). See docs/storage.md, "Durability".
    durability: str = Field(default="NORMAL", description="BOT_DURABILITY")

    @field_validator("durability")
    @classmethod
    def _durability(cls, v: str) -> str:
        mode = v.upper()
        if mode not in {"NORMAL", "FULL"}:
            raise ValueError("must be NORMAL (answer, then fsync) or FULL (fsync, then answer)")
        return mode

    @field_validator("content_packs", mode="before")
    @classmethod
    def _packs(cls, v: object) -> object:
        if isinstance(v, str):
            return tuple(Path(p.strip()) for p in v.split(":") if p.strip())
        return v

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
            "content_packs": "BOT_CONTENT_PACK",
            "log_level": "BOT_LOG_LEVEL",
            "durability": "BOT_DURABILITY",
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
                problems.append(f"{names.get(field, field)}: {err['msg']}")
            raise SettingsError("Bad settings: " + "; ".join(problems)) from None

    def require_token(self) -> str:
        if not self.token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal "
                "(see docs/discord.md), then: export DISCORD_TOKEN=<your token>"
            )
        return self.token
