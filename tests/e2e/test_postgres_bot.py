"""The bot on PostgreSQL (BOT_DATABASE=postgresql://…): a table is played, committed to
PostgreSQL, and resumed by the next process."""

from __future__ import annotations

import random

import pytest

from bot.app import FixerBot
from bot.config import Settings
from bot.storage.postgres import PostgresStore
from tests.e2e.harness import content, new_table
from tests.fakediscord.client import FakeDiscord
from tests.pg import SKIP_REASON, fresh_database, pg_available

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)


async def _start(fake: FakeDiscord, url: str) -> FixerBot:
    settings = Settings.from_env({"DISCORD_TOKEN": fake.token, "BOT_DATABASE": url})
    bot = FixerBot(settings, contents={"legends": content()}, guild_ready_timeout=0.05)
    await fake.start_bot(bot)
    fake.install_commands(bot.tree)
    seeds = random.Random("postgres")
    bot.runtime("legends").new_seed = lambda: seeds.randrange(2**48)
    assert bot.house is not None
    await bot.house.idle()
    return bot


async def test_a_table_on_postgresql_survives_a_restart(fake: FakeDiscord) -> None:
    async with fresh_database() as url:
        bot = await _start(fake, url)
        assert isinstance(bot._store, PostgresStore)
        alice = fake.add_user("alice", guild=fake.guild)
        t = await new_table(fake, bot, [alice], roles=["solo"], merc="nomad")
        cid = t.cid
        await fake.stop_bot(bot)
        async with await PostgresStore.open(url, create=False) as store:
            stored = await store.load(cid)
            log = await store.read_log(cid)
        assert stored is not None and stored.info.status == "active"
        assert len(log) == stored.info.version - (await _genesis(url, cid))
        assert [e.kind for e in log][-1] == "start"
        again = await _start(fake, url)
        assert again.runtime("legends").table_of_channel[fake.channel.id] == cid
        await fake.stop_bot(again)


async def _genesis(url: str, cid: str) -> int:
    async with await PostgresStore.open(url, create=False) as store:
        return (await store.genesis(cid))[0]
