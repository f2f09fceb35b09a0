"""BOT_SHARDS unset is `auto` (docs/operations.md): one process runs as many shards as
Discord recommends (GET /gateway/bot), on SQLite exactly as before. A table whose guild
is on shard 1 is driven from its channel (shard 1) and from a DM (shard 0)."""

from __future__ import annotations

import random
from pathlib import Path

from bot.app import ShardedFixerBot, make_bot
from bot.config import Settings
from tests.e2e.harness import content, finish, new_table
from tests.fakediscord import FakeDiscord


async def test_unset_shards_run_the_recommended_count_in_one_sqlite_process(
    tmp_path: Path,
) -> None:
    async with FakeDiscord(default_guild=False) as fake:
        fake.recommended_shards = 2
        guild = fake.add_guild("Night City", shard=(1, 2))
        settings = Settings.from_env(
            {"DISCORD_TOKEN": fake.token, "BOT_DATABASE": str(tmp_path / "f.sqlite3")}
        )
        assert settings.shards.auto and not settings.postgres
        bot = make_bot(settings, contents={"legends": content()}, guild_ready_timeout=0.05)
        assert isinstance(bot, ShardedFixerBot)

        async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
            return None  # the fake has no IDENTIFY rate limit (Discord's: 1 per 5 s)

        bot.before_identify_hook = no_wait  # type: ignore[method-assign]
        await fake.start_bot(bot)
        try:
            fake.install_commands(bot.tree)
            seeds = random.Random("auto")
            bot.runtime("legends").new_seed = lambda: seeds.randrange(2**48)
            assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
            shards = {tuple(f["d"]["shard"]) for f in fake.gateway_received if f.get("op") == 2}
            assert shards == {(0, 2), (1, 2)}
            assert [g.id for g in bot.guilds] == [guild.id]

            alice = fake.add_user("alice", guild=guild)
            channel = fake.channels[guild.system_channel_id or 0]
            t = await new_table(
                fake, bot, [alice], roles=["solo"], merc="nomad", channel=channel, start=False
            )
            rt = bot.runtime("legends")
            assert rt.service.store.shared is False  # SQLite: one process, local timers
            assert rt.on_my_shards(str(guild.id)) and rt.on_my_shards(None)
            await t.slash(alice, "dm", {"enabled": True})
            await t.slash(alice, "start")
            await bot.house.idle()
            await fake.idle(quiet=0.02)
            before = (await t.state()).version
            hand = fake.dms_to(alice)[-1]
            flip = next(c for c in hand.custom_ids if c.startswith("fx:legends:flip:"))
            it = await fake.click_button(alice, hand, flip)  # arrives on shard 0
            await finish(it)
            assert it.payload.get("guild_id") is None
            assert (await t.state()).version == before + 1
        finally:
            await fake.stop_bot(bot)
