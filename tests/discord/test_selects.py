"""The shared select menu (cogs/common/selects.py): its ids never read as a button's, a
pick is a click of the button its value names, and a view with a select keeps Discord's
limits."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from cogs.common import ids
from cogs.common.buttons import FxButton
from cogs.common.selects import FxSelect, Option, make_view_with_selects
from tests.discord import limits

ids.register("toyselect", frozenset({"pick"}))


def test_a_select_id_round_trips_and_is_no_button_id() -> None:
    bid = ids.ButtonId("toyselect", "pick", "t1", 7)
    cid = ids.encode_select(bid)
    assert cid == "fxs:toyselect:pick:t1:7"
    assert ids.parse_select(cid) == bid
    assert ids.parse(cid) is None  # the button router never takes a select
    import re

    assert re.fullmatch(ids.TEMPLATE, cid) is None
    assert (
        re.fullmatch(ids.SELECT_TEMPLATE, ids.ButtonId("toyselect", "pick", "t1", 7, "3").encode())
        is None
    )
    # A pick of "3" is the click of the button with argument "3".
    assert ids.picked(bid, "3") == ids.ButtonId("toyselect", "pick", "t1", 7, "3")
    # A tag tells two selects apart; the pick's argument is the value, not the tag.
    tagged = ids.ButtonId("toyselect", "pick", "t1", 7, "a")
    assert ids.parse_select(ids.encode_select(tagged)) == tagged
    assert ids.picked(tagged, "9").arg == "9"
    assert ids.parse_select("fxs:nosuchgame:pick:t1:7") is None


def test_a_view_with_a_select_keeps_discords_limits() -> None:
    buttons = [FxButton(ids.ButtonId("toyselect", "pick", "t1", 1, str(i))) for i in range(24)]
    select = FxSelect(
        ids.ButtonId("toyselect", "pick", "t1", 1),
        [Option("x" * 300, str(i), "y" * 300) for i in range(25)],
        placeholder="z" * 300,
    )
    view, dropped = make_view_with_selects([buttons, []], [select])
    assert view is not None and dropped == 4  # 4 rows of buttons, the select the 5th
    comps = view.to_components()
    assert limits.problems("a panel", [], comps) == []
    assert comps[-1]["components"][0]["type"] == 3
    with pytest.raises(ValueError):
        FxSelect(
            ids.ButtonId("toyselect", "pick", "t1", 1), [Option("a", str(i)) for i in range(26)]
        )


class _House:
    """Records the clicks the house cog routes."""

    def __init__(self) -> None:
        self.clicks: list[ids.ButtonId] = []

    async def click(self, interaction: Any, bid: ids.ButtonId) -> None:
        self.clicks.append(bid)


def _pick(custom_id: str, values: list[str], on_message: list[str]) -> Any:
    message = SimpleNamespace(
        components=[SimpleNamespace(custom_id=c, children=None) for c in on_message]
    )
    return SimpleNamespace(
        type=discord.InteractionType.component,
        data={"custom_id": custom_id, "component_type": 3, "values": values},
        message=message,
    )


async def test_a_pick_on_a_menu_no_longer_on_its_message_is_routed_like_a_stale_click() -> None:
    # discord.py drops a component interaction whose custom id is not on the message it
    # carries (a client still showing a replaced panel): the house answers it as the
    # click of the button the picked value names, so the game refuses it as stale.
    from cogs.common.house import HouseCog

    house = _House()
    cog = HouseCog(cast(Any, house))
    select = ids.encode_select(ids.ButtonId("toyselect", "pick", "t1", 7))
    await cog.on_interaction(_pick(select, ["3"], on_message=["fx:toyselect:pick:t1:8:0"]))
    assert house.clicks == [ids.ButtonId("toyselect", "pick", "t1", 7, "3")]
    # Still on its message: discord.py's own router takes it, the house does nothing.
    await cog.on_interaction(_pick(select, ["4"], on_message=[select]))
    # A pick without a value, or of a select that is not Fixer's: nothing to route.
    await cog.on_interaction(_pick(select, [], on_message=[]))
    await cog.on_interaction(_pick("someone-else", ["1"], on_message=[]))
    assert len(house.clicks) == 1
