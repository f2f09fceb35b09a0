"""A Legendary answer's parts are the same bytes as before the answer path was made
cheaper (issues 12 and 14): views, legal actions, hand panels, boards and moves of a
fixed set of states (tests/legendary_discord/panel_snapshot.py) against the digests
that the tree before that change wrote."""

from __future__ import annotations

import json
from pathlib import Path

from tests.legendary_discord.panel_snapshot import snapshot

GOLDEN = Path(__file__).with_name("panel_snapshot.json")


def test_views_panels_and_moves_are_as_recorded() -> None:
    want = json.loads(GOLDEN.read_text())
    got = snapshot()
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        differ = sorted(k for k in w.keys() | g.keys() if g.get(k) != w.get(k))
        assert not differ, f"snapshot state {i}: {', '.join(differ)} changed"
