"""The shared select menu (cogs/common/selects.py): its ids never read as a button's, a
pick is a click of the button its value names, and a view with a select keeps Discord's
limits."""

from __future__ import annotations

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
