"""Cyberpunk TCG duels through the house: the plug-in's adapter drives the shared game
service and database like any game's (commit, log, replay, restart, finish)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot import games
from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore
from rules.tcg import sim
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.state import Duel


async def test_a_whole_duel_through_the_service_replays_and_finishes(tmp_path: Path) -> None:
    plugin = games.plugin("tcg")
    adapter: Any = plugin.adapter()
    content = adapter.content
    decks = list(content.decks.values())
    duel = sim.start(content, (decks[0], decks[1]), seed=7)
    db = tmp_path / "f.sqlite3"
    async with await SqliteStore.open(db) as store:
        service: GameService[Duel, Any] = GameService(store, adapter)
        await service.create(
            campaign_id="d1", name="Duel", owner="p0", state=duel, guild_id="g", channel_id="c"
        )
        rnd = random.Random(7)
        steps = 0
        while steps < 3000:
            state = await service.get("d1")
            seat = to_act(state)
            if seat is None:
                break
            legal = [a for a in legal_actions(state, content, f"p{seat}") if a.type != "concede"]
            await service.act("d1", rnd.choice(legal), expected_version=state.version)
            steps += 1
        final = await service.get("d1")
        assert final.result is not None, "a random duel ends"
        assert await service.verify("d1")  # the log replays to the stored state
        info = await service.info("d1")
        assert info is not None and info.status == "finished" and info.game == "tcg"
        # The channel is free again for this game once the duel is over.
        assert await service.for_channel("c") is None
    # Restart: the stored duel loads as it was.
    async with await SqliteStore.open(db) as store:
        again: GameService[Duel, Any] = GameService(store, plugin.adapter(content))
        assert (await again.get("d1")) == final
