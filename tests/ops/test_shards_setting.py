"""BOT_SHARDS (and BOT_CACHE_CHECK): which shards a process runs, validated up front;
the bot is discord.py's AutoShardedBot when it is set, a plain Bot otherwise."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest
from discord.ext import commands

from bot.app import FixerBot, ShardedFixerBot, make_bot
from bot.cli import main
from bot.config import Settings, SettingsError, Shards, parse_shards
from bot.heartbeat import Heartbeat, heartbeat_path, process_heartbeat_path


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


async def test_unset_shards_are_auto_and_a_plain_bot_stays_for_tests() -> None:
    """docs/operations.md: BOT_SHARDS defaults to `auto` (Discord's recommended count,
    all in this process); FixerBot built directly (the tests) is a plain Bot."""
    assert Settings.from_env({}).shards == parse_shards("auto")
    unset = make_bot(Settings.from_env({}))
    assert isinstance(unset, ShardedFixerBot) and isinstance(unset, discord.AutoShardedClient)
    assert unset.shard_ids is None and unset.shard_count is None
    some = make_bot(Settings.from_env({"BOT_SHARDS": "2-3/4"}))
    assert isinstance(some, ShardedFixerBot) and isinstance(some, discord.AutoShardedClient)
    assert some.shard_ids == [2, 3] and some.shard_count == 4
    auto = make_bot(Settings.from_env({"BOT_SHARDS": "auto"}))
    assert isinstance(auto, ShardedFixerBot) and auto.shard_ids is None
    assert auto.shard_count is None  # asked of Discord (GET /gateway/bot) at connect
    plain = FixerBot(Settings.from_env({}))
    assert type(plain) is FixerBot and not isinstance(plain, commands.AutoShardedBot)
    await plain.close()  # (an AutoShardedBot never started has nothing to close)


def test_each_postgresql_process_has_its_own_heartbeat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Processes on PostgreSQL have no database file to put the heartbeat beside: each
    writes one named after its shards, and `health` with the same settings reads it."""
    url = "postgresql://fixer@db:5432/fixer"
    assert process_heartbeat_path(tmp_path / "f.db") == heartbeat_path(tmp_path / "f.db")
    one = process_heartbeat_path(url, parse_shards("0-1/4"))
    two = process_heartbeat_path(url, parse_shards("2,3/4"))
    assert one.name == "fixer-shards-0_1-of-4.heartbeat.json" and one != two
    assert process_heartbeat_path(url).name == "fixer.heartbeat.json"
    # `auto` (the default) is one process with every shard: the same file as before.
    assert process_heartbeat_path(url, parse_shards("auto")).name == "fixer.heartbeat.json"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BOT_DATABASE", url)
    monkeypatch.setenv("BOT_SHARDS", "2,3/4")
    beat = Heartbeat(two, every=10)
    beat.client = SimpleNamespace(
        ws=SimpleNamespace(open=True),
        latency=0.01,
        guilds=[],
        is_closed=lambda: False,
        is_ready=lambda: True,
    )
    two.parent.mkdir()
    assert beat.write()
    assert main(["health"]) == 0
    assert "ok: connected" in capsys.readouterr().out
    monkeypatch.setenv("BOT_SHARDS", "0-1/4")  # another process's: it never wrote one
    assert main(["health"]) == 1
    assert "no heartbeat file data/fixer-shards-0_1-of-4" in capsys.readouterr().err


def test_the_compose_example_covers_every_shard_once() -> None:
    """compose.postgres.yaml's processes: each BOT_SHARDS is valid, they agree on the
    count, and together they run every shard id exactly once."""
    text = (Path(__file__).resolve().parents[2] / "compose.postgres.yaml").read_text()
    values = re.findall(r'^\s*BOT_SHARDS:\s*"([^"]+)"', text, flags=re.M)
    assert len(values) >= 2
    shards = [parse_shards(v) for v in values]
    counts = {s.count for s in shards}
    assert len(counts) == 1
    ids = sorted(i for s in shards for i in s.ids or ())
    assert ids == list(range(counts.pop() or 0))
    assert "postgresql://" in text and "service_healthy" in text
