"""BOT_SHARDS (and BOT_CACHE_CHECK): which shards a process runs, validated up front;
the bot is discord.py's AutoShardedBot when it is set, a plain Bot otherwise."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from bot.app import FixerBot, ShardedFixerBot, make_bot
from bot.config import Settings, SettingsError, Shards, parse_shards


@pytest.mark.parametrize(
    ("text", "ids", "count"),
    [
        ("0-3/8", (0, 1, 2, 3), 8),
        ("0,2,4/8", (0, 2, 4), 8),
        ("5/8", (5,), 8),
        ("0-1,4/6", (0, 1, 4), 6),
        (" 1 , 0 /2", (0, 1), 2),
        ("0/1", (0,), 1),
    ],
)
def test_shard_ranges_and_lists(text: str, ids: tuple[int, ...], count: int) -> None:
    shards = parse_shards(text)
    assert shards.ids == ids and shards.count == count and not shards.auto


def test_auto_is_discords_recommended_count() -> None:
    assert parse_shards("auto") == Shards() and Shards().auto
    assert str(parse_shards("AUTO")) == "auto" and str(parse_shards("0-2/4")) == "0,1,2/4"


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("4", "use IDS/COUNT such as 0-3/8 or 0,2,4/8 (shard ids from 0), or auto"),
        ("0-3", "use IDS/COUNT such as 0-3/8 or 0,2,4/8 (shard ids from 0), or auto"),
        ("a/2", "use IDS/COUNT such as 0-3/8 or 0,2,4/8 (shard ids from 0), or auto"),
        ("/2", "use IDS/COUNT such as 0-3/8 or 0,2,4/8 (shard ids from 0), or auto"),
        ("0/0", "the shard count must be from 1 to 16384"),
        ("8/8", "shard id 8 is not below the count 8 (ids go from 0 to 7)"),
        ("3-1/8", "the range 3-1 goes backwards; write it low-high"),
        ("1,1/4", "a shard id is listed twice"),
    ],
)
def test_a_bad_shards_setting_is_one_line(value: str, why: str) -> None:
    with pytest.raises(SettingsError) as exc:
        Settings.from_env({"BOT_SHARDS": value})
    assert str(exc.value) == f"BOT_SHARDS={value} is not allowed: {why}"


def test_a_bad_cache_check_is_one_line() -> None:
    with pytest.raises(SettingsError) as exc:
        Settings.from_env({"BOT_CACHE_CHECK": "sometimes"})
    assert str(exc.value).startswith("BOT_CACHE_CHECK=sometimes is not allowed: use notify")
    assert Settings.from_env({}).cache_check == "notify"
    assert Settings.from_env({"BOT_CACHE_CHECK": "READ"}).cache_check == "read"


async def test_the_bot_is_sharded_only_when_asked() -> None:
    plain = make_bot(Settings.from_env({}))
    assert type(plain) is FixerBot and not isinstance(plain, commands.AutoShardedBot)
    some = make_bot(Settings.from_env({"BOT_SHARDS": "2-3/4"}))
    assert isinstance(some, ShardedFixerBot) and isinstance(some, discord.AutoShardedClient)
    assert some.shard_ids == [2, 3] and some.shard_count == 4
    auto = make_bot(Settings.from_env({"BOT_SHARDS": "auto"}))
    assert isinstance(auto, ShardedFixerBot) and auto.shard_ids is None
    assert auto.shard_count is None  # asked of Discord (GET /gateway/bot) at connect
    await plain.close()  # (an AutoShardedBot never started has nothing to close)
