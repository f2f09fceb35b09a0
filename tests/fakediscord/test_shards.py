"""The fake Discord's shards: IDENTIFY with a shard, guild events routed by
(guild_id >> 22) % count, DMs to shard 0 only."""

from __future__ import annotations

import asyncio

import discord

from tests.fakediscord import FakeDiscord


def _client(shard_id: int, count: int) -> discord.Client:
    intents = discord.Intents.none()
    intents.guilds = intents.guild_messages = intents.dm_messages = True
    intents.message_content = True
    return discord.Client(
        intents=intents, shard_id=shard_id, shard_count=count, guild_ready_timeout=0.05
    )


async def test_guilds_and_dms_reach_only_their_shard() -> None:
    async with FakeDiscord(default_guild=False) as fake:
        g0 = fake.add_guild("Zero", shard=(0, 2))
        g1 = fake.add_guild("One", shard=(1, 2))
        assert (g0.id >> 22) % 2 == 0 and (g1.id >> 22) % 2 == 1
        alice = fake.add_user("alice", guild=g0)
        fake.add_member(g1, alice)
        c0, c1 = _client(0, 2), _client(1, 2)
        seen: dict[int, list[str]] = {0: [], 1: []}
        for n, c in ((0, c0), (1, c1)):

            async def on_message(m: discord.Message, n: int = n) -> None:
                seen[n].append(m.content)

            c.event(on_message)
        await fake.start_bot(c0)
        await fake.start_bot(c1)
        assert [g.id for g in c0.guilds] == [g0.id]
        assert [g.id for g in c1.guilds] == [g1.id]
        identifies = [f["d"]["shard"] for f in fake.gateway_received if f.get("op") == 2]
        assert sorted(identifies) == [[0, 2], [1, 2]]
        await fake.post_message(alice, fake.channels[g0.system_channel_id or 0], "to zero")
        await fake.post_message(alice, fake.channels[g1.system_channel_id or 0], "to one")
        await fake.post_message(alice, fake.dm_channel(alice), "a dm")
        await asyncio.sleep(0.2)
        assert seen == {0: ["to zero", "a dm"], 1: ["to one"]}
        # A guild added later is announced to its shard only.
        g2 = fake.add_guild("Two", shard=(1, 2))
        await asyncio.sleep(0.2)
        assert {g.id for g in c1.guilds} == {g1.id, g2.id} and len(c0.guilds) == 1


async def test_a_shard_id_outside_the_count_is_refused() -> None:
    async with FakeDiscord() as fake:
        bad = _client(2, 2)
        try:
            await fake.start_bot(bad, timeout=2.0)
        except Exception as exc:  # discord.py gives up on close code 4010
            assert "4010" in str(exc) or isinstance(exc, discord.ConnectionClosed)
        else:
            raise AssertionError("shard 2 of 2 was accepted")
