"""Two games in one house: one database, one channel, each service sees only its own.

A Legends campaign and a toy-game campaign share a channel and a database file; the bot
restarts; each game's service resumes its own campaign and never reads (nor reports as
unreadable) the other's.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot.service.contract import Refused
from bot.service.game import GameService
from bot.storage.sqlite import SqliteStore, check_file
from tests.service.toy import Bump, ToyAdapter
from tests.service.util import make_table

legends = pytest.importorskip("cogs.legends.adapter")
from rules.legends.actions import Join  # noqa: E402
from rules.legends.sim import ROLES  # noqa: E402

Service = GameService[Any, Any]
SHARED = "4242"  # one Discord channel id


@pytest.fixture(scope="module")
def adapter() -> Any:
    return legends.LegendsAdapter()


async def _legends_crew(service: Service, adapter: Any, cid: str, channel: str) -> None:
    table = adapter.new_table(
        table_id=cid,
        name=f"Crew {cid}",
        owner="u0",
        campaign=next(iter(adapter.content.campaigns)),
        seed=7,
    )
    await service.create(
        campaign_id=cid, name=table.name, owner="u0", state=table, guild_id="g", channel_id=channel
    )
    await service.act(cid, Join(player="u0", name="Runner", role=ROLES[0]))


async def test_two_games_share_a_channel_and_a_database(
    tmp_path: Path, adapter: Any, caplog: pytest.LogCaptureFixture
) -> None:
    db = tmp_path / "fixer.sqlite3"
    async with await SqliteStore.open(db) as store:
        toy: Service = GameService(store, ToyAdapter())
        crew: Service = GameService(store, adapter)
        await make_table(toy, "toy1", channel=SHARED)
        await _legends_crew(crew, adapter, "crew1", SHARED)  # same channel: allowed
        # A second campaign of the same game in that channel is still refused.
        with pytest.raises(Refused) as taken:
            await make_table(toy, "toy2", channel=SHARED)
        assert taken.value.refusal.code == "channel_taken"
        toy_found, crew_found = await toy.for_channel(SHARED), await crew.for_channel(SHARED)
        assert toy_found is not None and toy_found.id == "toy1"
        assert crew_found is not None and crew_found.id == "crew1"
        crew_table = await crew.get("crew1")
        toy_state = await toy.get("toy1")

    # The bot restarts: both games' services start on the same file.
    caplog.set_level(logging.INFO, logger="bot.service")
    async with await SqliteStore.open(db) as store:
        toy = GameService(store, ToyAdapter())
        crew = GameService(store, adapter)
        toy_report = await toy.start()
        crew_report = await crew.start()
        assert [i.id for i in toy_report.active] == ["toy1"]
        assert [i.id for i in crew_report.active] == ["crew1"]
        assert toy_report.warmed == crew_report.warmed == 1
        assert toy_report.unreadable == crew_report.unreadable == []
        assert toy.cached_ids() == ["toy1"] and crew.cached_ids() == ["crew1"]
        # Nothing was logged as unreadable or not resumed.
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert await toy.get("toy1") == toy_state
        assert await crew.get("crew1") == crew_table
        # Each plays on; neither opens the other's campaign.
        await toy.act("toy1", Bump(player="a"))
        with pytest.raises(Refused) as wrong:
            await toy.get("crew1")
        assert wrong.value.refusal.code == "wrong_game"
        with pytest.raises(Refused):
            await crew.act("toy1", Join(player="u9", name="X", role=ROLES[0]))
        assert (await store.get_info("crew1")) is not None
        assert (await crew.get("crew1")) == crew_table
        assert await toy.verify("toy1") and await crew.verify("crew1")
    assert (await check_file(db)).ok
