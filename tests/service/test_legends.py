"""Integration: real Cyberpunk Legends tables through the service and the database."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from bot.service.contract import Refused
from bot.service.game import GameService, replay_matches
from bot.storage.sqlite import SqliteStore, check_file
from rules.core.errors import IllegalAction

legends = pytest.importorskip("cogs.legends.adapter")
ai = pytest.importorskip("rules.legends.ai")
from rules.legends.actions import CloseVote, Join, Start  # noqa: E402
from rules.legends.legal import players_to_act  # noqa: E402
from rules.legends.sim import ROLES  # noqa: E402
from rules.legends.state import Table  # noqa: E402
from rules.legends.view import player_view  # noqa: E402

Service = GameService[Table, Any]


@pytest.fixture(scope="module")
def adapter() -> Any:
    return legends.LegendsAdapter()


async def _crew(service: Service, adapter: Any, cid: str, seed: int, runners: int = 2) -> None:
    table = adapter.new_table(
        table_id=cid,
        name=f"Crew {cid}",
        owner="u0",
        campaign=next(iter(adapter.content.campaigns)),
        seed=seed,
    )
    await service.create(
        campaign_id=cid, name=table.name, owner="u0", state=table, guild_id="g", channel_id=cid
    )
    for i in range(runners):
        await service.act(
            cid, Join(player=f"u{i}", name=f"Runner {i}", role=ROLES[i]), interaction_id=f"j{i}"
        )


async def _play(service: Service, adapter: Any, cid: str, steps: int, seed: int = 0) -> int:
    """Let an AI crew play through the service, like players clicking buttons."""
    brains = {f"u{i}": ai.CrewAI(seed=seed + i) for i in range(4)}
    done = 0
    for _ in range(steps):
        table = await service.get(cid)
        if table.run is None:
            await service.act(cid, Start(player=table.owner), expected_version=table.version)
            continue
        people = players_to_act(table, adapter.content)
        if not people:
            action: Any = CloseVote(player="system")
        else:
            who = people[0]
            action = brains[who].choose(player_view(table, who, adapter.content), adapter.content)
        result = await service.act(
            cid, action, expected_version=table.version, interaction_id=f"{cid}-v{table.version}"
        )
        assert result.version == table.version + 1
        done += 1
    return done


async def test_a_legends_campaign_is_durable(tmp_path: Path, adapter: Any) -> None:
    db = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(db) as store:
        service: Service = GameService(store, adapter)
        await _crew(service, adapter, "crew1", seed=11)
        played = await _play(service, adapter, "crew1", 120)
        assert played > 50
        table = await service.get("crew1")
        # A stale click and an illegal one change nothing.
        with pytest.raises(Refused):
            await service.act("crew1", CloseVote(player="u0"), expected_version=table.version - 1)
        with pytest.raises(IllegalAction):
            await service.act("crew1", Join(player="u0", name="Again", role=ROLES[0]))
        assert (await service.get("crew1")) == table
        # The retried Join interaction is recognized, not re-applied.
        dup = await service.act(
            "crew1", Join(player="u1", name="R", role=ROLES[1]), interaction_id="j1"
        )
        assert dup.duplicate and dup.version == 2
        runs = await store.list_runs("crew1")
        assert runs and runs[0].started_version is not None
        assert await service.verify("crew1")
    # Restart: the table is resumed exactly, and play goes on.
    async with await SqliteStore.open(db) as store:
        service = GameService(store, adapter)
        report = await service.start()
        assert [i.id for i in report.active] == ["crew1"] and report.warmed == 1
        assert await service.get("crew1") == table
        await _play(service, adapter, "crew1", 30, seed=5)
        assert await service.verify("crew1")
        exported = await store.export_campaign("crew1")
    assert (await check_file(db)).ok
    assert replay_matches(
        adapter,
        genesis=json.dumps(exported.campaign.genesis),
        actions=[json.dumps(a.action) for a in exported.actions],
        state=json.dumps(exported.campaign.state),
    )
    # Moved to another server's database, it replays to the same table.
    async with await SqliteStore.open(tmp_path / "other.sqlite3") as other:
        await other.import_campaign(exported, rebind=True, guild_id="g2", channel_id="c2")
        service = GameService(other, adapter)
        assert await service.verify("crew1")
        moved = await service.get("crew1")
        assert moved.model_dump() == Table.model_validate(exported.campaign.state).model_dump()


async def test_legends_tables_in_parallel_keep_hands_out_of_logs(
    tmp_path: Path, adapter: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    import asyncio

    async with await SqliteStore.open(tmp_path / "f.sqlite3", synchronous="NORMAL") as store:
        service: Service = GameService(store, adapter, cache_size=2)
        for i in range(4):
            await _crew(service, adapter, f"c{i}", seed=i)
        await asyncio.gather(*(_play(service, adapter, f"c{i}", 40, seed=i) for i in range(4)))
        names: set[str] = set()
        for i in range(4):
            table = await service.get(f"c{i}")
            assert await service.verify(f"c{i}")
            if table.run is not None:
                for zones in table.run.zones.values():
                    names.update(adapter.content.card(table.run.cards[c]).name for c in zones.hand)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert names, "some cards were in hand"
    leaked = [n for n in names if n in text]
    assert not leaked, leaked
