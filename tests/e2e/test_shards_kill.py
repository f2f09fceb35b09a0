"""Two bot processes (real ones: shard 0 of 2 and shard 1 of 2) on one PostgreSQL, each
SIGKILLed in the middle of an action: nothing a player was told succeeded is lost, the
log still replays to the stored state, and the other process (then a restarted one)
goes on with the table."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from bot.app import FixerBot
from bot.config import Settings
from bot.service.game import GameService
from bot.storage.postgres import PostgresStore
from cogs.legends.plugin import PLUGIN
from rules.legends.actions import Flip, Play
from rules.legends.ai import CrewAI
from rules.legends.sim import next_actor
from rules.legends.view import player_view
from tests.e2e.harness import Table, content, finish
from tests.fakediscord import FakeDiscord
from tests.fakediscord.server import FakeInteraction
from tests.pg import SKIP_REASON, fresh_database, pg_available

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)

ROOT = Path(__file__).resolve().parents[2]


class _Idle:
    async def idle(self) -> None:
        return None


class Remote:
    """Stands in for the bot in the harness: the bots are other processes, so the
    table is read from the database (a version check on every read)."""

    def __init__(self, service: GameService[Any, Any]) -> None:
        self.house = _Idle()
        self._rt = SimpleNamespace(service=service)

    def runtime(self, game: str) -> Any:
        return self._rt


class RemoteTable(Table):
    """The harness's table, whose public cards come from the action log (the commits
    are other processes', so no listener of this one sees them)."""

    async def observe(self) -> None:
        if self.cid:
            store = self.bot.runtime("legends").service.store
            for entry in await store.read_log(self.cid):
                for e in json.loads(entry.events):
                    if e.get("seats") is None and e.get("kind") == "card_entered":
                        self.shown.add(self.content.cards[e["data"]["card"]].name)
        await super().observe()


async def _spawn(
    fake: FakeDiscord,
    url: str,
    shards: str,
    *,
    log: Path | None = None,
    env: dict[str, str] | None = None,
) -> asyncio.subprocess.Process:
    err: Any = asyncio.subprocess.DEVNULL if log is None else log.open("wb")
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.e2e.shard_child",
        fake.api_base,
        fake.gateway_url,
        fake.token,
        url,
        shards,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        stdout=asyncio.subprocess.DEVNULL,
        stderr=err,
    )


async def _kill(child: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError):
        child.send_signal(signal.SIGKILL)
    await child.wait()


class Game:
    def __init__(self, fake: FakeDiscord, t: Table) -> None:
        self.fake, self.t = fake, t
        self.rng = random.Random(7)
        self.actions: list[FakeInteraction] = []

    async def next_action(self) -> tuple[str, Any]:
        state = await self.t.state()
        who = next_actor(state, content())
        assert who is not None, "nobody can act"
        action = CrewAI(seed=state.version).choose(player_view(state, who, content()), content())
        return who, action

    async def step(self, *, dm: bool = False) -> None:
        """One move of the AI through Discord (in the channel, or `dm`: a DM button)."""
        before = len(self.fake.interactions)
        who, action = await self.next_action()
        if dm:
            hand = self.fake.dms_to(self.t.users[0])[-1]
            button = await self.dm_button(action)
            assert button is not None
            it = await self.fake.click_button(self.t.users[0], hand, button)
            await finish(it)
        else:
            await self.t.send_action(who, action, use_buttons=False, rng=self.rng)
        self.actions += self.fake.interactions[before:]

    async def dm_button(self, action: Any) -> str | None:
        """The button of the DM hand that makes `action` on the current version."""
        dms = self.fake.dms_to(self.t.users[0])
        if not dms:
            return None
        version = (await self.t.state()).version
        if isinstance(action, Flip):
            want = f"fx:legends:flip:{self.t.cid}:{version}"
        elif isinstance(action, Play):
            want = f"fx:legends:play:{self.t.cid}:{version}:{action.card}" + (
                ":m" if action.merc else ""
            )
        else:
            return None
        return next((c for c in dms[-1].custom_ids if c == want), None)

    async def step_and_kill(self, child: asyncio.subprocess.Process, *, dm: bool) -> None:
        """Send the next move and SIGKILL `child` (the process handling it) a moment
        later, whatever it was doing."""
        task = asyncio.ensure_future(self.step(dm=dm))
        await asyncio.sleep(self.rng.uniform(0.0, 0.05))
        await _kill(child)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 3)

    async def assert_nothing_acknowledged_lost(self, store: PostgresStore) -> None:
        logged = {e.interaction_id for e in await store.read_log(self.t.cid)}
        told = 0
        for it in self.actions:
            answers = [x for m in it.messages for x in m.all_texts]
            if it.callback is None or (it.callback.type == 5 and not it.followups):
                continue  # never answered: it may or may not have been applied
            if any("🚫" in a for a in answers):
                continue  # refused
            told += 1
            assert any(i is not None and i.startswith(str(it.id)) for i in logged), (
                f"interaction {it.id} was acknowledged but is not in the log"
            )
        assert told > 0
        assert await GameService(store, PLUGIN.adapter(content())).verify(self.t.cid)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(default_guild=False) as fake:
        yield fake


async def test_sigkill_of_either_process_loses_nothing_acknowledged(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    guild = fake.add_guild("Night City", shard=(1, 2))  # the channel: shard 1's process
    channel = fake.channels[guild.system_channel_id or 0]
    schema = FixerBot(Settings(token=fake.token, database=tmp_path / "x.db"), sync_only=True)
    await schema.setup_hook()
    fake.install_commands(schema.tree)
    children: list[asyncio.subprocess.Process] = []
    async with fresh_database() as url:
        store = await PostgresStore.open(url)
        try:
            dm_shard = await _spawn(fake, url, "0/2")
            guild_shard = await _spawn(fake, url, "1/2")
            children += [dm_shard, guild_shard]
            await fake.wait_for(lambda: len(fake.live_sessions) == 2, timeout=30, what="bots")
            service: GameService[Any, Any] = GameService(
                store, PLUGIN.adapter(content()), cache_check="read"
            )
            alice = fake.add_user("alice", guild=guild)
            remote: Any = Remote(service)
            t = RemoteTable(fake=fake, bot=remote, channel=channel, users=[alice])
            await t.slash(alice, "new", {"name": "Night Crew"})
            (info,) = await store.list_campaigns("active")
            t.cid = info.id
            await t.slash(alice, "join", {"role": "solo", "merc": "nomad"})
            await t.slash(alice, "dm", {"enabled": True})
            await t.slash(alice, "start")
            game = Game(fake, t)
            await game.step()

            # Shard 0's process (DMs) dies in the middle of a move from the DM hand.
            for _ in range(40):
                _, action = await game.next_action()
                if await game.dm_button(action) is not None:
                    break
                await game.step()
            else:
                raise AssertionError("no move came up to make from the DM hand")
            await game.step_and_kill(dm_shard, dm=True)
            await fake.wait_for(lambda: len(fake.live_sessions) == 1, timeout=10)
            await game.assert_nothing_acknowledged_lost(store)
            # The channel's process goes on alone.
            for _ in range(3):
                before = (await t.state()).version
                await game.step()
                assert (await t.state()).version == before + 1

            # Shard 1's process dies in the middle of a move from the channel.
            await game.step_and_kill(guild_shard, dm=False)
            await fake.wait_for(lambda: not fake.live_sessions, timeout=10)
            await game.assert_nothing_acknowledged_lost(store)
            # Restarted, it takes the channel back and the table goes on.
            guild_shard = await _spawn(fake, url, "1/2")
            children.append(guild_shard)
            await fake.wait_for(lambda: len(fake.live_sessions) == 1, timeout=30, what="restart")
            for _ in range(3):
                before = (await t.state()).version
                await game.step()
                assert (await t.state()).version == before + 1
            await game.assert_nothing_acknowledged_lost(store)
        finally:
            for child in children:
                await _kill(child)
            await store.close()


async def test_a_vote_armed_in_a_process_that_is_sigkilled_is_closed_by_the_other_once(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    """Two real processes: the channel's (shard 1) opens a scene vote, so its deadline
    is armed there; it is SIGKILLed; the DM shard's process takes the deadline over and
    closes the vote, exactly once (the action log has one close_vote, the survivor's log
    says it took the timer over)."""
    guild = fake.add_guild("Night City", shard=(1, 2))
    channel = fake.channels[guild.system_channel_id or 0]
    schema = FixerBot(Settings(token=fake.token, database=tmp_path / "x.db"), sync_only=True)
    await schema.setup_hook()
    fake.install_commands(schema.tree)
    # 10 s votes (the least allowed) become 2 s; dead processes' timers are looked for
    # every 0.2 s, after 0.2 s of grace.
    knobs = {"FIXER_TEST_TIME_SCALE": "0.2", "FIXER_TEST_SWEEP": "0.2"}
    survivor_log = tmp_path / "survivor.log"
    children: list[asyncio.subprocess.Process] = []
    async with fresh_database() as url:
        store = await PostgresStore.open(url)
        try:
            survivor = await _spawn(fake, url, "0/2", log=survivor_log, env=knobs)
            armed = await _spawn(fake, url, "1/2", env=knobs)
            children += [survivor, armed]
            await fake.wait_for(lambda: len(fake.live_sessions) == 2, timeout=30, what="bots")
            service: GameService[Any, Any] = GameService(
                store, PLUGIN.adapter(content()), cache_check="read"
            )
            alice = fake.add_user("alice", guild=guild)
            remote: Any = Remote(service)
            t = RemoteTable(fake=fake, bot=remote, channel=channel, users=[alice])
            await t.slash(alice, "new", {"name": "Night Crew"})
            (info,) = await store.list_campaigns("active")
            t.cid = info.id
            await t.slash(alice, "join", {"role": "solo", "merc": "nomad"})
            await t.slash(alice, "options", {"vote_seconds": 10})
            await t.slash(alice, "start")
            state = await t.play_out(
                use_buttons=0.0, until=lambda s: s.run is not None and s.run.phase == "vote"
            )
            assert state.run is not None and state.run.phase == "vote"
            loop = asyncio.get_running_loop()
            end = loop.time() + 10
            while not await _timer_kinds(store, t.cid, "deadline"):
                assert loop.time() < end, "the vote's deadline was never armed"
                await asyncio.sleep(0.02)
            armed_at = time.monotonic()
            await _kill(armed)
            assert armed.returncode == -signal.SIGKILL

            async def closes() -> int:
                return [e.kind for e in await store.read_log(t.cid)].count("close_vote")

            end = loop.time() + 20
            while not await closes():
                assert loop.time() < end, "nobody closed the vote"
                await asyncio.sleep(0.05)
            waited = time.monotonic() - armed_at
            assert 1.0 < waited < 15, waited  # at its deadline (2 s from the vote), not before
            await asyncio.sleep(1.0)  # and nothing fires it again later
            assert await closes() == 1
            assert not await _timer_kinds(store, t.cid, "deadline")
            assert await GameService(store, PLUGIN.adapter(content())).verify(t.cid)
            text = survivor_log.read_text()
            assert text.count(f"campaign {t.cid}: taking over its deadline") == 1, text
            assert text.count(f"campaign {t.cid}: the deadline passed: close_vote") == 1, text
        finally:
            for child in children:
                await _kill(child)
            await store.close()


async def _timer_kinds(store: PostgresStore, cid: str, kind: str) -> list[str]:
    async with store._pool.acquire() as conn:
        rows = await conn.fetch(
            "SELECT key FROM timers WHERE campaign_id = $1 AND kind = $2", cid, kind
        )
    return [str(r["key"]) for r in rows]
