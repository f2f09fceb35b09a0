"""Checking a game's answer-part snapshot (its tests' `panel_snapshot.py`: digests of
views, panels, boards and moves of fixed states) against the recording its tree wrote,
for every game: as recorded (`assert_as_recorded`), and as recorded with a kept cache
that keeps nothing (`Forgetful`), so that keeping changes no byte."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class Forgetful(dict[Any, Any]):
    """A cache that keeps nothing: every lookup is a miss, worked out afresh."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


def assert_as_recorded(
    got: list[dict[str, str]], golden: Path, *, only: tuple[str, ...] = ()
) -> None:
    """`got` is the snapshot recorded in `golden`, state by state: every part, or with
    `only` the recorded parts whose names start so (the recording must have some)."""
    want = json.loads(golden.read_text())
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        if only:
            keys = {k for k in w if k.startswith(only)}
            assert keys, f"the snapshot has parts {', '.join(only)}"
        else:
            keys = w.keys() | g.keys()
        differ = sorted(k for k in keys if g.get(k) != w.get(k))
        assert not differ, f"snapshot state {i}: {', '.join(differ)} changed"
