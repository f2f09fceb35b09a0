"""Continuous statics over a group of Units ("your MERC Units get +1 power", "Units named
Vex can't be blocked"): the same `named` / `tag` filter as the one-turn `power` effect,
read afresh every time, so they follow the field as it changes (§11: "while …" is
checked all the time)."""

from __future__ import annotations

from rules.tcg import actions as a
from rules.tcg.board import Board
from rules.tcg.codes import RefusalCode
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import PACK


def power(t: Table, ref: str, seat: int | None = None) -> int:
    return Board(t.state, PACK).power(t.inst(ref, seat))


def test_a_tag_group_static_covers_your_matching_units_only() -> None:
    t = Table(
        PACK,
        Side(field=["merc-boss", "merc-a", "merc-b", "grunt"]),
        Side(field=["merc-a"]),
    )
    assert (power(t, "merc-a", 0), power(t, "merc-b"), power(t, "grunt")) == (4, 5, 3)
    assert power(t, "merc-boss") == 1 and power(t, "merc-a", 1) == 2  # rival's not


def test_a_group_static_follows_the_field_as_it_changes() -> None:
    t = Table(
        PACK,
        Side(hand=["merc-b"], field=["merc-a"], eddies=1),
        Side(hand=["snipe"], field=["merc-boss"], eddies=1),
    )
    assert power(t, "merc-a") == 2  # the boss is the rival's
    t2 = Table(
        PACK,
        Side(hand=["merc-b"], field=["merc-boss", "merc-a"], eddies=1, fixer=[]),
        Side(hand=["snipe"], eddies=1, deck=["wall"] * 2, fixer=[]),
    )
    t2.act(0, a.Play, card="merc-b")  # arrives after the boss: covered at once
    assert power(t2, "merc-b") == 5
    t2.act(0, a.End)
    t2.act(1, a.Play, card="snipe")
    t2.choose(1, t2.inst("merc-boss"))
    assert (power(t2, "merc-a"), power(t2, "merc-b")) == (2, 3)


def test_other_friendly_units_leaves_the_source_out() -> None:
    t = Table(PACK, Side(field=["cheer", "grunt"]), Side(field=["brute"]))
    assert (power(t, "cheer"), power(t, "grunt"), power(t, "brute")) == (1, 4, 5)


def test_a_rival_units_static_covers_the_rival_side_only() -> None:
    t = Table(PACK, Side(field=["rival-sapper", "grunt"]), Side(field=["brute", "zero"]))
    assert (power(t, "grunt"), power(t, "brute"), power(t, "zero")) == (3, 4, 0)


def test_units_named_x_cant_be_blocked_on_either_side() -> None:
    # The cloak is the defender's own card, and still covers the attacker's Vex (all_units).
    t = Table(
        PACK,
        Side(field=["vex-one", "grunt"]),
        Side(field=["wall", "vex-cloak"], gigs=["d4:1", "d6:2"]),
    )
    t.act(0, a.Attack, unit="vex-one", target=None)
    assert t.refused(1, a.Block, unit="wall") is RefusalCode.CANT_BLOCK
    t.act(1, a.Pass)
    t.choose(0, "1d4")
    t.act(0, a.Attack, unit="grunt", target=None)
    t.act(1, a.Block, unit="wall")  # not named Vex: blockable
    assert t.state.attack is None or t.state.attack.redirected


def test_a_group_prohibition_is_not_listed_and_is_refused() -> None:
    t = Table(PACK, Side(field=["merc-a", "grunt"]), Side(field=["curfew"], gigs=["d4:1"]))
    attackers = {x.unit for x in t.legal(0) if isinstance(x, a.Attack)}
    assert attackers == {t.inst("grunt")}
    assert t.refused(0, a.Attack, unit="merc-a", target=None) is RefusalCode.CANT_ATTACK


def test_a_face_down_legend_s_group_static_is_not_live() -> None:
    pack = PACK.model_copy(
        update={
            "cards": {
                **PACK.cards,
                "plain-l": PACK.cards["plain-l"].model_copy(
                    update={"text": PACK.cards["merc-boss"].text}
                ),
            }
        }
    )
    t = Table(pack, Side(field=["merc-a"], legends=["plain-l"]))
    assert Board(t.state, pack).power(t.inst("merc-a")) == 2
    t2 = Table(pack, Side(field=["merc-a"], legends=["plain-l up"]))
    assert Board(t2.state, pack).power(t2.inst("merc-a")) == 4
