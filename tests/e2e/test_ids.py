"""Custom ids round-trip, stay under Discord's 100 characters, and never carry a card
in a public board's buttons."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cogs.legends import ids

KEYS = st.one_of(
    st.sampled_from(["put", "discard", "done", "A", "B", "3", "seat:1", "obstacle:12"]),
    st.from_regex(r"s[0-9]c[0-9]{2}", fullmatch=True),
)


@given(
    action=st.sampled_from(sorted(ids.ACTIONS)),
    table=st.from_regex(r"[0-9a-z_-]{1,16}", fullmatch=True),
    version=st.integers(0, 10**9),
    arg=st.none() | KEYS,
    merc=st.booleans(),
)
def test_custom_ids_round_trip(
    action: str, table: str, version: int, arg: str | None, merc: bool
) -> None:
    bid = ids.ButtonId(action, table, version, arg, merc)
    encoded = bid.encode()
    assert len(encoded) < 60 and encoded.startswith("fx:")
    back = ids.parse(encoded)
    assert back is not None
    assert back == ids.ButtonId(action, table, version, arg or None, merc)


def test_foreign_ids_are_not_ours() -> None:
    for cid in ("counter:1", "fx:nope:abc:1", "fx:play:abc", "fx:play:abc:x", ""):
        assert ids.parse(cid) is None


def test_table_ids_from_snowflakes_are_short_and_distinct() -> None:
    a, b = ids.table_id_for(1576913188723621890), ids.table_id_for(1576913188723621891)
    assert a != b and len(a) <= 13 and a.isalnum()
