"""The panel buttons' kept faces (`components._FACES`: each action's id end, label,
style and row, per language and pack) change nothing: the snapshot's panels are the
recorded bytes with every face worked out afresh, as they are with the faces kept
(`test_panel_snapshot.py`), and a face is shared between tables and versions only
through what it depends on."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.legendary import components
from cogs.legendary.components import panel_buttons
from rules.legendary import engine
from rules.legendary.view import view
from tests.legendary_discord.panel_snapshot import snapshot
from tests.legendary_discord.test_render import PACK, _full
from tests.snapshots import Forgetful, assert_as_recorded

GOLDEN = Path(__file__).with_name("panel_snapshot.json")


def test_panels_are_as_recorded_with_no_face_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(components, "_FACES", Forgetful())
    assert_as_recorded(snapshot(), GOLDEN, only=("panel",))


def test_a_kept_face_is_only_reused_for_its_table_and_version_ids() -> None:
    _, g = _full()
    legal, v = engine.legal_actions(g, PACK, 0), view(g, PACK, 0)
    first, _ = panel_buttons(legal, v, "table-a", 3, "en", PACK)
    again, _ = panel_buttons(legal, v, "table-b", 41, "pl", PACK)
    assert first is not None and again is not None
    a, b = first.to_components(), again.to_components()
    ids_a = [c["custom_id"] for row in a for c in row["components"]]
    ids_b = [c["custom_id"] for row in b for c in row["components"]]
    assert all(":table-a:3" in i for i in ids_a)
    assert [i.replace(":table-a:3", ":table-b:41") for i in ids_a] == ids_b
    with pytest.raises(ValueError):
        panel_buttons(legal, v, "bad:table", 3, "en", PACK)
