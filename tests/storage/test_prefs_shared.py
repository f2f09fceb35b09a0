"""Discord preferences with two processes on one PostgreSQL: each takes up what the
other saved (Prefs.refresh), never over a change of its own still to be saved."""

from __future__ import annotations

import pytest

from bot.service.game import GameService
from cogs.common.prefs import Prefs
from tests.pg import SKIP_REASON, pg_available, pg_store
from tests.service.toy import ToyAdapter
from tests.service.util import make_table

pytestmark = pytest.mark.skipif(not pg_available(), reason=SKIP_REASON)


async def test_one_process_takes_up_what_the_other_saved() -> None:
    async with pg_store() as store:
        await make_table(GameService(store, ToyAdapter()))
        a, b = await Prefs.open(store), await Prefs.open(store)
        a.set_dm("t1", "111", True)
        a.dm_closed.add("222")
        a.heard("222", "pl")
        a.changed()
        assert await a.flush()
        assert b.dm_players("t1") == set()
        assert await b.refresh()
        assert b.dm_players("t1") == {"111"} and "222" in b.dm_closed
        assert b.languages == {"222": "pl"}
        assert not await b.refresh()  # nothing new
        # b's own change waits to be saved: it is not overwritten by a refresh.
        b.set_dm("t1", "333", True)
        a.set_dm("t1", "111", False)
        assert await a.flush()
        assert not await b.refresh()
        assert b.dm_players("t1") == {"111", "333"}
        assert await b.flush()
        assert await a.refresh()
        # One preference (this table's DM list) changed by both before either saw the
        # other's change: the last save wins (docs/storage.md, "Several processes").
        assert a.dm_players("t1") == {"111", "333"}
        assert a.languages == {"222": "pl"}  # taken up, not dropped by a's saves
        await a.close()
        await b.close()
