"""The house's button views (cogs/common/buttons.py): a `ButtonView` writes its payload
from the buttons' specs, and it must be exactly the payload discord.py's own `View` of
the same `FxButton`s gives, with the same items once something asks for them; a panel
with many buttons, a board button and a plugin's `FxButton`s alike."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from cogs.common import ids
from cogs.common.buttons import ButtonView, FxButton, Spec, layout, make_view, spec
from cogs.common.ids import ButtonId
from cogs.legendary.components import board_buttons, panel_buttons
from rules.legendary import engine
from rules.legendary.view import view
from tests.legendary_discord.test_render import PACK, _full

Style = discord.ButtonStyle


def _discord_view(rows: list[list[Spec]]) -> discord.ui.View:
    """The view as built before ButtonView: discord.py's View of FxButtons, row by row."""
    v = discord.ui.View(timeout=None)
    for i, row in enumerate(rows):
        for s in row:
            v.add_item(FxButton(s.bid, text=s.label, style=s.style, row=i, disabled=s.disabled))
    v.stop()
    return v


def _rows(view: discord.ui.View) -> list[list[Spec]]:
    assert isinstance(view, ButtonView)
    found = view.specs()
    assert found is not None
    return found


def _panel() -> discord.ui.View:
    t, g = _full()
    made, _ = panel_buttons(engine.legal_actions(g, PACK, 0), view(g, PACK, 0), t.id, t.version)
    assert made is not None
    return made


def _in_loop(make: Any) -> Any:
    async def run() -> Any:
        return make()

    return asyncio.run(run())


def test_a_panel_payload_is_what_discord_py_would_send() -> None:
    made = _in_loop(_panel)
    rows = _rows(made)
    assert sum(len(r) for r in rows) >= 10  # a full hand, HQ and city: many buttons
    expected = _discord_view(rows).to_components()
    assert made.to_components() == expected
    # Each component dict has discord.py's keys in its order (the JSON sent is the same).
    assert [list(c) for r in made.to_components() for c in r["components"]] == [
        list(c) for r in expected for c in r["components"]
    ]


def test_items_are_made_on_demand_and_match_the_payload() -> None:
    made = _in_loop(_panel)
    before = made.to_components()
    rows = _rows(made)
    items = made.children
    assert made.specs() is None  # made now
    assert all(isinstance(b, FxButton) for b in items)
    flat = [(i, s) for i, r in enumerate(rows) for s in r]
    assert [(b.item.row, b.item.custom_id, b.item.label, b.item.style) for b in items] == [
        (i, s.custom_id, s.label, s.style) for i, s in flat
    ]
    assert [b.bid for b in items] == [s.bid for _, s in flat]
    assert made.to_components() == before  # discord.py's own rendering from now on
    assert made.total_children_count == len(items)


def test_the_view_is_finished_dispatchable_and_not_v2() -> None:
    made = _in_loop(_panel)
    assert made.is_finished()  # dispatched by custom id: discord.py keeps nothing
    assert made.is_dispatchable()
    assert not made.has_components_v2()
    assert made.timeout is None
    assert made.specs() is not None  # asking all this made no items


def test_board_button_and_a_plugins_fxbuttons_give_the_same_payload() -> None:
    board = _in_loop(lambda: board_buttons("t1", 7))
    assert board is not None
    assert board.to_components() == _discord_view(_rows(board)).to_components()
    bid = ButtonId("legendary", "play", "t", 1, "c1")

    def both() -> tuple[Any, Any]:
        a, _ = make_view([[FxButton(bid, text="Play it", style=Style.primary)]])
        b, _ = make_view([[spec(bid, text="Play it", style=Style.primary)]])
        return a, b

    a, b = _in_loop(both)
    assert a is not None and b is not None
    assert a.to_components() == b.to_components()
    assert a.to_components()[0]["components"][0]["label"] == "Play it"


def test_layout_drops_duplicate_ids_and_an_empty_view_is_none() -> None:
    bid = ButtonId("legendary", "play", "t", 1, "c1")
    rows, dropped = layout([[spec(bid, text="a"), spec(bid, text="b")], []])
    assert [[s.label for s in r] for r in rows] == [["a"]] and dropped == 0
    assert make_view([[], []]) == (None, 0)
    assert spec(bid).label == "·"  # an empty label is not allowed by Discord


def test_a_button_id_must_be_encodable() -> None:
    with pytest.raises(ValueError):
        spec(ids.ButtonId("legendary", "nosuchaction", "t1", 1))
