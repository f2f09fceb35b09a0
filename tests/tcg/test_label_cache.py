"""The TCG's kept action labels (`render._LABELS`, by language, action type, the fields
that change the words and the names they read) change nothing: the snapshot's panels
and payment prompts are the recorded bytes with every label worked out afresh, as they
are with labels kept (`test_panel_snapshot.py`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.tcg import render
from rules.tcg import actions as act
from tests.snapshots import Forgetful, assert_as_recorded
from tests.tcg.panel_snapshot import snapshot

GOLDEN = Path(__file__).with_name("panel_snapshot.json")


def test_panels_are_as_recorded_with_no_label_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "_LABELS", Forgetful())
    assert_as_recorded(snapshot(), GOLDEN, only=("panel", "pay"))


def test_every_action_type_is_keyed_by_what_its_words_read() -> None:
    """A type whose label reads a field must key on it: every type with fields besides
    the player's is in `_WORDS` or `_NAMED` (or is a Choose, never kept)."""
    for cls in (act.Mulligan, act.Keep, act.Roll, act.Sell, act.Call, act.Play, act.Activate,
                act.Attack, act.Block, act.Pass, act.End, act.Concede):  # fmt: skip
        own = set(cls.model_fields) - {"player", "type", "pay"}
        keyed = set(render._NAMED.get(cls, ())) | (own if cls in render._WORDS else set())
        assert own <= keyed, f"{cls.__name__}: {own - keyed} not in the key"
