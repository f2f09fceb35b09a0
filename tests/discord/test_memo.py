"""cogs/common/memo.py: what is computed from a table version is computed once, the
newest version of each table is kept, and the bound is by tables."""

from __future__ import annotations

import pytest

from cogs.common.memo import VersionMemo


def test_a_value_is_computed_once_per_table_version_and_key() -> None:
    memo = VersionMemo(4)
    made: list[str] = []

    def make(what: str) -> str:
        made.append(what)
        return what

    assert memo.compute("t1", 3, "view", lambda: make("a")) == "a"
    assert memo.compute("t1", 3, "view", lambda: make("b")) == "a"
    assert memo.compute("t1", 3, "legal", lambda: make("c")) == "c"
    assert made == ["a", "c"]
    assert (memo.hits, memo.misses) == (1, 2)


def test_a_newer_version_replaces_the_table_and_an_older_one_is_not_kept() -> None:
    memo = VersionMemo(4)
    memo.put("t1", 3, "view", "v3")
    memo.put("t1", 3, "legal", "l3")
    memo.put("t1", 4, "view", "v4")
    assert memo.get("t1", 3, "view") is None
    assert memo.get("t1", 3, "legal") is None
    assert memo.get("t1", 4, "view") == "v4"
    # A queued board of v3 asks late: computed for it, but v4 stays.
    assert memo.compute("t1", 3, "view", lambda: "v3 again") == "v3 again"
    assert memo.get("t1", 4, "view") == "v4"
    assert memo.get("t1", 3, "view") is None


def test_the_bound_is_by_tables_least_recently_used_first() -> None:
    memo = VersionMemo(2)
    for key in range(10):  # many entries of one table never push another table out
        memo.put("t1", 1, key, key)
    memo.put("t2", 1, "view", "b")
    assert memo.get("t1", 1, 9) == 9  # t1 used last: t2 is the oldest now
    memo.put("t3", 1, "view", "c")
    assert len(memo) == 2
    assert memo.get("t2", 1, "view") is None
    assert memo.get("t1", 1, 0) == 0
    assert memo.get("t3", 1, "view") == "c"


def test_forget_and_clear() -> None:
    memo = VersionMemo(3)
    memo.put("t1", 1, "view", "a")
    memo.put("t2", 1, "view", "b")
    memo.forget("t1")
    assert memo.get("t1", 1, "view") is None
    assert memo.get("t2", 1, "view") == "b"
    memo.clear()
    assert len(memo) == 0


def test_a_memo_keeps_at_least_one_table() -> None:
    with pytest.raises(ValueError):
        VersionMemo(0)
