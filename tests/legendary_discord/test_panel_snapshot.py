"""A Legendary answer's parts are the same bytes as before the answer path was made
cheaper (issues 12 and 14): views, legal actions, hand panels, boards and moves of a
fixed set of states (tests/legendary_discord/panel_snapshot.py) against the digests
that the tree before that change wrote."""

from __future__ import annotations

from pathlib import Path

from tests.legendary_discord.panel_snapshot import snapshot
from tests.snapshots import assert_as_recorded

GOLDEN = Path(__file__).with_name("panel_snapshot.json")


def test_views_panels_and_moves_are_as_recorded() -> None:
    assert_as_recorded(snapshot(), GOLDEN)
