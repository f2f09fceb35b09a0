"""A TCG answer's parts are the same bytes as before the answer path was made cheaper
(issues 12 and 14): views, legal actions, panels, payment prompts, boards and moves of a
fixed set of duel states (tests/tcg/panel_snapshot.py) against the digests that the tree
before that change wrote."""

from __future__ import annotations

from pathlib import Path

from tests.snapshots import assert_as_recorded
from tests.tcg.panel_snapshot import snapshot

GOLDEN = Path(__file__).with_name("panel_snapshot.json")


def test_views_panels_and_moves_are_as_recorded() -> None:
    assert_as_recorded(snapshot(), GOLDEN)
