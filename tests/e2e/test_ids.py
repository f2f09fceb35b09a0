"""Custom ids round-trip, carry their game, stay under Discord's 100 characters, and
never carry a card in a public board's buttons. Buttons posted before ids carried the
game still parse, as Legends'."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cogs.common import ids as house_ids
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
    bid = ids.button(action, table, version, arg, merc)
    encoded = bid.encode()
    assert len(encoded) < 60 and encoded.startswith("fx:legends:")
    back = ids.parse(encoded)
    assert back is not None
    assert back == ids.button(action, table, version, arg or None, merc)
    assert back.game == "legends"


@given(
    action=st.sampled_from(sorted(ids.ACTIONS)),
    table=st.from_regex(r"[0-9a-z_-]{1,16}", fullmatch=True),
    version=st.integers(0, 10**9),
    arg=st.none() | KEYS,
    merc=st.booleans(),
)
def test_buttons_posted_before_ids_carried_the_game_are_legends(
    action: str, table: str, version: int, arg: str | None, merc: bool
) -> None:
    # The format of every button posted before the house had several games.
    old = f"fx:{action}:{table}:{version}"
    if arg is not None or merc:
        old += ":" + (arg or "").replace(":", "=")
    if merc:
        old += ":m"
    assert house_ids.parse(old) == ids.button(action, table, version, arg or None, merc)


def test_an_old_id_and_a_new_one_of_the_same_button_agree() -> None:
    assert ids.parse("fx:play:abc:12:s1c03:m") == ids.parse("fx:legends:play:abc:12:s1c03:m")
    assert ids.parse("fx:legends:play:abc:12:s1c03:m") == ids.button(
        ids.PLAY, "abc", 12, "s1c03", True
    )


def test_foreign_ids_are_not_ours() -> None:
    for cid in (
        "counter:1",
        "fx:nope:abc:1",
        "fx:play:abc",
        "fx:play:abc:x",
        "fx:legends:play:abc",
        "fx:legends:play:abc:x",
        "fx:legends:nope:abc:1",
        "fx:nosuchgame:play:abc:1",
        "",
    ):
        assert ids.parse(cid) is None, cid


def test_a_second_game_routes_by_its_name() -> None:
    house_ids.register("idtoy", frozenset({"poke", "play"}))
    bid = house_ids.ButtonId("idtoy", "play", "t1", 3, "x")
    assert bid.encode() == "fx:idtoy:play:t1:3:x"
    assert house_ids.parse("fx:idtoy:play:t1:3:x") == bid
    # The same action name in Legends' id is still Legends'.
    legends = ids.parse("fx:legends:play:t1:3:x")
    assert legends is not None and legends.game == "legends"
    # An action the game did not register is nobody's.
    assert house_ids.parse("fx:idtoy:flip:t1:3") is None
    with pytest.raises(ValueError):
        house_ids.ButtonId("idtoy", "flip", "t1", 3).encode()


def test_registration_keeps_old_ids_unambiguous() -> None:
    # A game named like a Legends action would make `fx:play:…` ambiguous.
    with pytest.raises(ValueError, match="named like a button action"):
        house_ids.register("play", frozenset({"x"}))
    # Only one game owns the ids without a game.
    with pytest.raises(ValueError, match="already belong"):
        house_ids.register("other", frozenset({"x"}), legacy=True)
    # The same registration again is a no-op; a different one is refused.
    house_ids.register("legends", ids.ACTIONS, legacy=True)
    with pytest.raises(ValueError, match="differently"):
        house_ids.register("legends", frozenset({"x"}))
    with pytest.raises(ValueError):
        house_ids.register("Bad-Name", frozenset({"x"}))


def test_table_ids_from_snowflakes_are_short_and_distinct() -> None:
    a, b = ids.table_id_for(1576913188723621890), ids.table_id_for(1576913188723621891)
    assert a != b and len(a) <= 13 and a.isalnum()
