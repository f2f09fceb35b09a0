"""Bot settings from the environment, every one validated up front.

Plain pydantic over `os.environ` rather than pydantic-settings: a handful of variables
don't justify another runtime dependency. A bad setting is one line naming the variable,
the value it has and what is allowed (`SettingsError`), never a traceback; every bad
setting is reported at once, so an admin fixes them in one go. The variables are the
operator's contract (docs/operations.md).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

DEFAULT_DATABASE = Path("data") / "fixer.sqlite3"

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
DURABILITIES = ("NORMAL", "FULL")

# A Discord snowflake: a positive 64-bit integer, 17 to 20 digits in practice.
_SNOWFLAKE = re.compile(r"^[0-9]{15,21}$")
_DURATION = re.compile(r"^([0-9]+)\s*([smhd])$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class SettingsError(Exception):
    """A setting is missing or wrong; the message tells the admin what to set."""


class Shards(BaseModel):
    """Which shards this process runs: `ids` of `count` in all; None for both is
    `auto` (discord.py asks Discord for the recommended count and runs them all)."""

    model_config = ConfigDict(frozen=True)

    ids: tuple[int, ...] | None = None
    count: int | None = None

    @property
    def auto(self) -> bool:
        return self.count is None

    def __str__(self) -> str:
        if self.ids is None or self.count is None:
            return "auto"
        return f"{','.join(map(str, self.ids))}/{self.count}"


# Ids as `0-3`, `0,2,4` or a mix (`0-1,4`), then `/` and the total count.
_SHARD_ITEM = re.compile(r"^([0-9]+)(?:-([0-9]+))?$")
MAX_SHARDS = 1 << 14


def parse_shards(text: str) -> Shards:
    """`0-3/8`, `0,2,4/8`, `5/8` or `auto` (see docs/operations.md)."""
    value = text.strip().lower()
    if value == "auto":
        return Shards()
    usage = "use IDS/COUNT such as 0-3/8 or 0,2,4/8 (shard ids from 0), or auto"
    ids_part, slash, count_part = value.partition("/")
    if not slash or not count_part.isdigit() or not ids_part:
        raise ValueError(usage)
    total = int(count_part)
    if not 1 <= total <= MAX_SHARDS:
        raise ValueError(f"the shard count must be from 1 to {MAX_SHARDS}")
    ids: list[int] = []
    for item in ids_part.split(","):
        m = _SHARD_ITEM.fullmatch(item.strip())
        if m is None:
            raise ValueError(usage)
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) is not None else first
        if last < first:
            raise ValueError(f"the range {item.strip()} goes backwards; write it low-high")
        ids.extend(range(first, last + 1))
    too_big = [i for i in ids if i >= total]
    if too_big:
        raise ValueError(
            f"shard id {too_big[0]} is not below the count {total} (ids go from 0 to {total - 1})"
        )
    if len(set(ids)) != len(ids):
        raise ValueError("a shard id is listed twice")
    return Shards(ids=tuple(sorted(ids)), count=total)


def parse_duration(text: str) -> float:
    """Seconds in a duration like `30m`, `6h` or `1d`; `0` or `off` is 0 (disabled)."""
    value = text.strip().lower()
    if value in ("0", "off", "never"):
        return 0.0
    m = _DURATION.fullmatch(value)
    if m is None or int(m.group(1)) == 0:
        raise ValueError("use a duration such as 30m, 6h or 1d, or off")
    return float(int(m.group(1)) * _UNIT_SECONDS[m.group(2)])


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True)

    token: str | None = Field(default=None, description="DISCORD_TOKEN")
    # A SQLite file (the default), or a postgresql://user@host:port/dbname URL.
    database: Path | str = Field(default=DEFAULT_DATABASE, description="BOT_DATABASE")
    dev_guild: int | None = Field(default=None, description="BOT_DEV_GUILD")
    # Pack directories (or folders of packs), each replacing the bundled content of the
    # game its pack.toml names.
    content_packs: tuple[Path, ...] = Field(default=(), description="BOT_CONTENT_PACK")
    log_level: str = Field(default="INFO", description="BOT_LOG_LEVEL")
    # NORMAL: answer once an action is in the WAL (safe from a crash of the bot), fsync
    # right after on a thread of its own. FULL: answer only after the fsync (safe from
    # a power cut too, 2-8 ms slower per action). See docs/storage.md, "Durability".
    durability: str = Field(default="NORMAL", description="BOT_DURABILITY")
    # Automatic online backups: every `backup_every` seconds (0: off), keeping the
    # newest `backup_keep`, in `backup_dir` (None: beside the database).
    backup_every: float = Field(default=6 * 3600.0, description="BOT_BACKUP_EVERY")
    backup_keep: int = Field(default=14, description="BOT_BACKUP_KEEP")
    backup_dir: Path | None = Field(default=None, description="BOT_BACKUP_DIR")
    # The shards this process runs; unset is `auto`: as many as Discord recommends, all
    # in this one process (one shard for a bot in fewer than 2,500 servers). See
    # docs/operations.md, "Many processes".
    shards: Shards = Field(default_factory=Shards, description="BOT_SHARDS")
    # PostgreSQL with several processes: `notify` (another process's commit drops the
    # table from this one's cache, by LISTEN/NOTIFY) or `read` (a version check on every
    # read). See docs/storage.md, "Several processes".
    cache_check: str = Field(default="notify", description="BOT_CACHE_CHECK")

    @field_validator("database", mode="before")
    @classmethod
    def _database(cls, v: Any) -> Any:
        text = str(v)
        if not text.startswith(("postgresql:", "postgres:")):
            return Path(text)
        from urllib.parse import urlsplit

        parts = urlsplit(text)
        try:
            parts.port  # noqa: B018 - raises on a port that is not a number
        except ValueError:
            raise ValueError("the port of the PostgreSQL URL is not a number") from None
        if not text.startswith(("postgresql://", "postgres://")) or not parts.hostname:
            raise ValueError("use postgresql://USER@HOST:PORT/DBNAME (or a SQLite file path)")
        if len(parts.path) < 2:
            raise ValueError("the PostgreSQL URL names no database: add /DBNAME after the host")
        return text

    @property
    def postgres(self) -> bool:
        """True if `database` is a PostgreSQL URL (else a SQLite file)."""
        return isinstance(self.database, str)

    @field_validator("durability")
    @classmethod
    def _durability(cls, v: str) -> str:
        mode = v.upper()
        if mode not in DURABILITIES:
            raise ValueError("use NORMAL (answer, then fsync) or FULL (fsync, then answer)")
        return mode

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        level = v.upper()
        if level not in LOG_LEVELS:
            raise ValueError("use DEBUG, INFO, WARNING or ERROR")
        return level

    @field_validator("dev_guild", mode="before")
    @classmethod
    def _guild(cls, v: Any) -> Any:
        if isinstance(v, str) and not _SNOWFLAKE.fullmatch(v):
            raise ValueError(
                "use a server (guild) id: the 17 to 20 digits Discord's 'Copy Server ID' gives"
            )
        return v

    @field_validator("content_packs", mode="before")
    @classmethod
    def _packs(cls, v: Any) -> Any:
        if isinstance(v, str):
            paths = [Path(p) for p in v.split(":") if p.strip()]
            for path in paths:
                if not path.is_dir():
                    what = "does not exist" if not path.exists() else "is not a directory"
                    raise ValueError(f"{path} {what}; use pack directories separated by ':'")
            return tuple(paths)
        return v

    @field_validator("cache_check")
    @classmethod
    def _cache_check(cls, v: str) -> str:
        mode = v.lower()
        if mode not in ("notify", "read"):
            raise ValueError(
                "use notify (other processes' commits are announced) or read (a version "
                "check on every read)"
            )
        return mode

    @field_validator("shards", mode="before")
    @classmethod
    def _shards(cls, v: Any) -> Any:
        return parse_shards(v) if isinstance(v, str) else v

    @field_validator("backup_every", mode="before")
    @classmethod
    def _every(cls, v: Any) -> Any:
        return parse_duration(v) if isinstance(v, str) else v

    @field_validator("backup_keep", mode="before")
    @classmethod
    def _keep(cls, v: Any) -> Any:
        if isinstance(v, str) and (not v.isdigit() or int(v) < 1):
            raise ValueError("use a whole number of backups to keep, at least 1")
        return v

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        raw: dict[str, object] = {}
        names = {
            name: str(info.description)
            for name, info in cls.model_fields.items()
            if info.description
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
                var = names.get(field, field)
                msg = str(err["msg"]).removeprefix("Value error, ")
                if err["type"] == "int_parsing":
                    msg = "use a whole number"
                problems.append(f"{var}={raw.get(field, '')!s} is not allowed: {msg}")
            raise SettingsError("\n".join(problems)) from None

    def require_token(self) -> str:
        if not self.token:
            raise SettingsError(
                "DISCORD_TOKEN is not set. Create a bot in the Discord Developer Portal "
                "(see docs/discord.md), then: export DISCORD_TOKEN=<your token>"
            )
        return self.token
