"""Two bot processes, each with its shard of two, on one PostgreSQL: the guild's channel
reaches shard 1, DMs reach shard 0, and both act on the same table.

(The two bots share this test's event loop and the fake Discord; each has its own
gateway connection, store, caches, publisher and timers, as two processes would.)
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import FixerBot, ShardedFixerBot, make_bot
from bot.config import Settings
from rules.legendary import engine
from tests.e2e.harness import Table, content, finish, legendary_content, new_table
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import FakeChannel, FakeGuild
from tests.pg import SKIP_REASON, fresh_database, pg_available

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)


async def _start(fake: FakeDiscord, url: str, shards: str) -> FixerBot:
    settings = Settings.from_env(
        {"DISCORD_TOKEN": fake.token, "BOT_DATABASE": url, "BOT_SHARDS": shards}
    )
    bot = make_bot(
        settings,
        contents={"legends": content(), "legendary": legendary_content()},
        guild_ready_timeout=0.05,
    )
    assert isinstance(bot, ShardedFixerBot)
    await fake.start_bot(bot)
    fake.install_commands(bot.tree)
    seeds = random.Random("shards")
    rt = bot.runtime("legends")
    rt.new_seed = lambda: seeds.randrange(2**48)
    for game_rt in bot.house.runtimes.values():
        game_rt.timers.sweep_every = 0.1
        game_rt.timers.grace = 0.3
    bot.house.prefs_refresh = 0.1
    await bot.house.idle()
    return bot


class World:
    def __init__(self, fake: FakeDiscord, guild: FakeGuild, bots: list[FixerBot], url: str) -> None:
        self.fake, self.guild, self.bots, self.url = fake, guild, bots, url

    @property
    def channel(self) -> FakeChannel:
        return self.fake.channels[self.guild.system_channel_id or 0]

    async def settle(self) -> None:
        for _ in range(2):
            for bot in self.bots:
                await bot.house.idle()
            await self.fake.idle(quiet=0.02)


@pytest.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord(default_guild=False) as fake, fresh_database() as url:
        guild = fake.add_guild("Night City", shard=(1, 2))  # its channel: shard 1
        dm_shard = await _start(fake, url, "0/2")
        guild_shard = await _start(fake, url, "1/2")
        w = World(fake, guild, [dm_shard, guild_shard], url)
        yield w
        for bot in w.bots:
            if not bot.is_closed():
                await fake.stop_bot(bot)


async def _table(w: World, **options: Any) -> tuple[Table, Any]:
    alice = w.fake.add_user("alice", guild=w.guild)
    t = await new_table(
        w.fake, w.bots[1], [alice], roles=["solo"], merc="nomad", channel=w.channel, start=False
    )
    for name, value in options.items():
        await t.slash(alice, "options", {name: value})
    return t, alice


async def test_each_process_gets_its_shards_events(world: World) -> None:
    dm_shard, guild_shard = world.bots
    assert [g.id for g in guild_shard.guilds] == [world.guild.id]
    assert list(dm_shard.guilds) == []
    assert dm_shard.shard_ids == [0] and guild_shard.shard_ids == [1]
    assert {tuple(f["d"]["shard"]) for f in world.fake.gateway_received if f.get("op") == 2} == {
        (0, 2),
        (1, 2),
    }


async def test_a_table_driven_from_its_channel_and_a_dm_at_once(world: World) -> None:
    """The same flip from the board (shard 1's process) and from the DM hand (shard 0's)
    in the same instant: applied once; the other click is told why it did nothing."""
    t, alice = await _table(world)
    await t.slash(alice, "dm", {"enabled": True})
    await t.slash(alice, "start")
    await world.settle()
    hand = world.fake.dms_to(alice)[-1]
    board, flip = t.last_with("fx:legends:flip:")
    dm_flip = next(c for c in hand.custom_ids if c.startswith("fx:legends:flip:"))
    assert dm_flip == flip
    before = (await t.state()).version
    from_board, from_dm = await asyncio.gather(
        world.fake.click_button(alice, board, flip), world.fake.click_button(alice, hand, dm_flip)
    )
    await asyncio.gather(finish(from_board), finish(from_dm))
    await world.settle()
    dm_service = world.bots[0].runtime("legends").service
    guild_service = world.bots[1].runtime("legends").service
    # Exactly one flip on disk, whichever process won.
    on_disk = await dm_service.store.read_log(t.cid)
    assert [e.kind for e in on_disk].count("flip") == 1
    assert (await guild_service.get(t.cid, fresh=True)).version == before + 1
    # Both processes handled a click: one per shard.
    assert from_dm.payload.get("guild_id") is None and from_board.payload.get("guild_id")
    answers = [" ".join(m.all_texts) for it in (from_board, from_dm) for m in it.messages]
    assert any("older state" in a for a in answers), answers
    # The newest board in the channel carries the current version's buttons.
    _, newest = t.last_with("fx:legends:")
    assert f":{before + 1}" in newest


async def test_a_vote_timer_armed_in_one_process_fires_in_the_other(world: World) -> None:
    """The vote's deadline is armed by the process that opened the vote; it dies before
    the deadline; the other process takes the timer over and closes the vote, once."""
    t, alice = await _table(world, vote_seconds=600)
    for bot in world.bots:
        rt = bot.runtime("legends")
        rt.time_scale = 0.005  # 600 s become 3 s
        rt.timers.lease = 1.0  # (should the dying process have claimed it already)
    await t.slash(alice, "start")
    state = await t.play_out(until=lambda s: s.run is not None and s.run.phase == "vote")
    assert state.run is not None and state.run.phase == "vote"
    opened = time.monotonic()
    armed = world.bots[1]
    store = armed.runtime("legends").service.store
    await world.fake.kill_bot(armed)
    # What dies with the process: its timers and its connections to the database.
    for rt in armed.house.runtimes.values():
        rt.closed = True
        rt.timers.cancel()
    await store.close()

    def chose() -> list[str]:
        return [x for m in t.boards() for x in m.all_texts if "The crew chose" in x]

    await world.fake.wait_for(lambda: bool(chose()), timeout=20)
    waited = time.monotonic() - opened
    assert 2.0 < waited < 15, waited
    survivor = world.bots[0].runtime("legends")
    assert survivor.timers.taken_over >= 1
    await world.settle()
    log = await survivor.service.store.read_log(t.cid)
    assert [e.kind for e in log].count("close_vote") == 1
    assert len(chose()) == 1


async def test_a_dm_opt_in_made_on_one_process_reaches_the_other(world: World) -> None:
    """Preferences are the house's, saved to the shared database: the process of the
    DM shard takes up an opt-in made in the channel's, so its commits DM the hand too."""
    t, alice = await _table(world)
    await t.slash(alice, "dm", {"enabled": True})
    prefs = world.bots[0].runtime("legends").prefs
    loop = asyncio.get_running_loop()
    end = loop.time() + 5
    while str(alice.id) not in prefs.dm_players(t.cid):
        assert loop.time() < end, "the other process never saw the opt-in"
        await asyncio.sleep(0.05)


async def test_a_process_resumes_only_the_tables_of_its_shards(world: World) -> None:
    """At start-up each process binds (and posts missed boards for) the tables of its
    own shards' guilds only; the other one still acts on them from DMs and timers."""
    t, _ = await _table(world)
    for bot in world.bots:
        await world.fake.stop_bot(bot)
    world.bots = [await _start(world.fake, world.url, "0/2")]
    world.bots.append(await _start(world.fake, world.url, "1/2"))
    dm_rt, guild_rt = (bot.runtime("legends") for bot in world.bots)
    assert t.cid not in dm_rt.channel_of_table
    assert guild_rt.channel_of_table[t.cid] == world.channel.id
    assert guild_rt.on_my_shards(str(world.guild.id)) and not dm_rt.on_my_shards(
        str(world.guild.id)
    )
    assert dm_rt.on_my_shards(None) and not guild_rt.on_my_shards(None)  # DMs: shard 0


async def _die(fake: FakeDiscord, bot: FixerBot) -> None:
    """As the process's death, in this event loop: its timers and tasks stop at once
    (an AI move it was pacing too: a clean close would wait for it), its gateway
    session drops and its connections to the database close."""
    store = bot.runtime("legends").service.store
    for rt in bot.house.runtimes.values():
        rt.closed = True
        rt.timers.cancel()
        for task in [*rt._tasks, *rt._workers.values()]:  # (publishers too)
            task.cancel()
    await fake.kill_bot(bot)
    await store.close()


async def test_an_ai_seat_whose_process_died_is_moved_by_the_other_once(world: World) -> None:
    """The channel's process commits a move after which the game waits on an AI seat,
    and dies during the AI's pacing: the other process takes the pending AI move over
    and makes it (once), and the AI goes on, with no new action and no restart."""
    dm_shard, guild_shard = world.bots
    alice = world.fake.add_user("alice", guild=world.guild)
    guild_shard.runtime("legendary").ai_delay = 1.0  # the committing process paces
    dm_shard.runtime("legendary").ai_delay = 0.0

    async def slash(name: str, options: dict[str, Any] | None = None) -> None:
        # Answered once committed; not settled (that would wait out the AI's moves).
        it = await world.fake.send_slash(
            alice, f"legendary {name}", options or {}, channel=world.channel
        )
        await finish(it)

    await slash("new")
    await slash("join", {"ai": True})
    await slash("start")
    svc = guild_shard.runtime("legendary").service
    (info,) = [i for i in await svc.store.list_campaigns("active") if i.game == "legendary"]
    for _ in range(60):  # alice's turn (and her prompts) until the game waits on the AI
        state = await svc.get(info.id, fresh=True)
        assert state.game is not None and not state.over
        seat = engine.decision_seat(state.game)
        if seat is not None and state.seats[seat].person is None:
            break
        if seat is None:
            await asyncio.sleep(0.05)
        elif state.game.prompt is not None:
            await slash("choose", {"option": state.game.prompt.options[0].id})
        else:
            await slash("end")
    else:
        raise AssertionError("the game never waited on the AI seat")
    waiting = state.version
    store = svc.store
    while True:  # the pending move is a timer row a moment after the commit
        async with store._pool.acquire() as conn:
            kinds = await conn.fetch("SELECT kind FROM timers WHERE campaign_id = $1", info.id)
        if any(r["kind"] == "ai" for r in kinds):
            break
        await asyncio.sleep(0.02)
    died = time.monotonic()
    await _die(world.fake, guild_shard)

    survivor = dm_shard.runtime("legendary")
    loop = asyncio.get_running_loop()
    end = loop.time() + 20
    while (await survivor.service.get(info.id, fresh=True)).version == waiting:
        assert loop.time() < end, "nobody made the AI's move"
        await asyncio.sleep(0.05)
    assert time.monotonic() - died > 0.5  # its pacing was over, then the sweeper's grace
    assert survivor.timers.taken_over >= 1
    await world.settle()
    log = await survivor.service.store.read_log(info.id)
    made = [e for e in log if e.version_before == waiting]
    assert len(made) == 1 and made[0].interaction_id is None  # the AI's, not a person's
    befores = [e.version_before for e in log]
    assert befores == sorted(set(befores))  # no version acted on twice


async def _wait_for_ai_row(store: Any, cid: str) -> None:
    """The pending AI move is a timer row a moment after the commit."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 10
    while True:
        async with store._pool.acquire() as conn:
            kinds = await conn.fetch("SELECT kind FROM timers WHERE campaign_id = $1", cid)
        if any(r["kind"] == "ai" for r in kinds):
            return
        assert loop.time() < end, "the AI's move was never armed"
        await asyncio.sleep(0.02)


async def test_a_practice_ai_whose_process_died_is_moved_by_the_other_once(
    world: World,
) -> None:
    """The same for a TCG practice duel: the AI's pending move outlives the process that
    was pacing it."""
    from cogs.tcg.runtime import ai_level
    from rules.tcg import actions as act
    from rules.tcg.legal import legal_actions, to_act
    from tests.e2e.tcg_harness import Duelists

    dm_shard, guild_shard = world.bots
    guild_shard.runtime("tcg").ai_pace = 1.0
    dm_shard.runtime("tcg").ai_pace = 0.0
    alice = world.fake.add_user("alice", guild=world.guild)
    me = str(alice.id)
    d = Duelists(world.fake, guild_shard, world.channel, [alice])
    await d.slash(alice, "practice", {"deck": "chrome-rush", "level": "random"})
    d.cid = guild_shard.runtime("tcg").table_of_channel[world.channel.id]
    svc = guild_shard.runtime("tcg").service
    for _ in range(80):  # alice plays until her move leaves the duel waiting on the AI
        state = await svc.get(d.cid, fresh=True)
        assert state.result is None
        seat = to_act(state)
        if seat is not None and ai_level(state.seats[seat].player) is not None:
            break
        if seat is None:
            await asyncio.sleep(0.05)
            continue
        legal = [a for a in legal_actions(state, d.rt.content, me) if a.type != "concede"]
        ends = [a for a in legal if isinstance(a, act.End)]
        if ends:  # answered once committed, not settled (that waits out the AI's turn)
            await finish(await world.fake.send_slash(alice, "tcg end", channel=world.channel))
        else:
            kinds = ("keep", "roll", "pass")
            await d.do(next((a for a in legal if a.type in kinds), legal[0]))
    else:
        raise AssertionError("the duel never waited on the AI")
    waiting = state.version
    await _wait_for_ai_row(svc.store, d.cid)
    await _die(world.fake, guild_shard)
    survivor = dm_shard.runtime("tcg")
    loop = asyncio.get_running_loop()
    end = loop.time() + 20
    while (await survivor.service.get(d.cid, fresh=True)).version == waiting:
        assert loop.time() < end, "nobody made the AI's move"
        await asyncio.sleep(0.05)
    assert survivor.timers.taken_over >= 1
    await world.settle()
    log = await survivor.service.store.read_log(d.cid)
    made = [e for e in log if e.version_before == waiting]
    assert len(made) == 1 and made[0].interaction_id is None  # the AI's, not a person's
    befores = [e.version_before for e in log]
    assert befores == sorted(set(befores))
