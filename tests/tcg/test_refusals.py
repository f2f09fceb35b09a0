"""Every refusal the engine can give, each with the state unchanged and a message whose first
line says what is wrong and whose second says what to do."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rules.core.errors import IllegalAction
from rules.tcg import actions as a
from rules.tcg.codes import Phase, RefusalCode
from rules.tcg.engine import apply, new_duel
from rules.tcg.scenario import Side, Table
from tests.tcg.pack import DECK, PACK


def main() -> Table:
    return Table(
        PACK,
        Side(
            hand=["brute", "blade", "grunt"],
            field=["wall", "spark lag"],
            legends=["solo-l", "null-l up", "empty"],
            eddies=1,
        ),
        Side(field=["grunt"], gigs=["d6:2"], deck=["zero"]),
    )


def window() -> Table:
    t = Table(
        PACK,
        Side(field=["brute"], hand=["smoke"], eddies=1),
        Side(gigs=["d6:2"], hand=["slow-smoke", "smoke"], eddies=1, field=["grunt"]),
    )
    t.act(0, a.Attack, unit="brute", target=None)
    return t


def prompt() -> Table:
    t = Table(PACK, Side(hand=["zap", "grunt"], eddies=2), Side(field=["grunt", "zero"]))
    t.act(0, a.Play, card="zap")
    return t


def over() -> Table:
    t = main()
    t.act(1, a.Concede)
    return t


def mulligan_table() -> Table:
    t = main()
    d = new_duel(
        duel_id="d",
        players=("p0", "p1"),
        names=("a", "b"),
        decks=(DECK, DECK),
        seed=2,
        content=PACK,
    )
    d = apply(d, a.Choose(player=f"p{d.chooser}", option="first"), PACK).state
    t.state = apply(d, a.Keep(player=f"p{d.first}"), PACK).state
    return t


CASES: list[tuple[RefusalCode, Callable[[], Table], int, type, dict[str, object]]] = [
    (RefusalCode.GAME_OVER, over, 0, a.End, {}),
    (RefusalCode.NOT_YOUR_TURN, main, 1, a.Sell, {"card": "grunt"}),
    (
        RefusalCode.WRONG_PHASE,
        lambda: Table(PACK, Side(hand=["grunt"]), Side(), phase=Phase.ROLL),
        0,
        a.Sell,
        {"card": "grunt"},
    ),
    (RefusalCode.PROMPT_PENDING, prompt, 0, a.Sell, {"card": "grunt"}),
    (RefusalCode.NO_PROMPT, main, 1, a.Choose, {"option": "x"}),
    (RefusalCode.BAD_OPTION, prompt, 0, a.Choose, {"option": "nope"}),
    (RefusalCode.NOT_IN_HAND, main, 0, a.Sell, {"card": "zero"}),
    (
        RefusalCode.ALREADY_SOLD,
        lambda: Table(PACK, Side(hand=["grunt"], sold=True), Side()),
        0,
        a.Sell,
        {"card": "grunt"},
    ),
    (
        RefusalCode.ALREADY_CALLED,
        lambda: Table(PACK, Side(legends=["solo-l"], eddies=1, called=True), Side()),
        0,
        a.Call,
        {"slot": 0},
    ),
    (RefusalCode.NO_SELL_TAG, main, 0, a.Sell, {"card": "brute"}),
    (RefusalCode.BAD_SLOT, main, 0, a.Call, {"slot": 2}),
    (
        RefusalCode.CANT_PAY,
        lambda: Table(PACK, Side(hand=["brute"]), Side()),
        0,
        a.Play,
        {"card": "brute"},
    ),
    (RefusalCode.BAD_PAYMENT, main, 0, a.Play, {"card": "brute", "pay": ["wall"]}),
    (RefusalCode.NULL_COST, main, 0, a.Play, {"card": "null-l"}),
    (RefusalCode.NEEDS_HOST, main, 0, a.Play, {"card": "blade"}),
    (RefusalCode.BAD_HOST, main, 0, a.Play, {"card": "blade", "target": "solo-l"}),
    (RefusalCode.NOT_QUICK, window, 1, a.Play, {"card": "slow-smoke"}),
    (RefusalCode.NO_SUCH_CARD, main, 0, a.Activate, {"card": "solo-l"}),
    (RefusalCode.NO_SUCH_ABILITY, main, 0, a.Activate, {"card": "null-l", "ability": 3}),
    (RefusalCode.CANT_ACTIVATE, main, 0, a.Activate, {"card": "spark"}),
    (RefusalCode.CANT_ATTACK, main, 0, a.Attack, {"unit": "spark", "target": None}),
    (RefusalCode.BAD_TARGET, main, 0, a.Attack, {"unit": "wall", "target": "grunt"}),
    (RefusalCode.ATTACK_IN_PROGRESS, window, 0, a.End, {}),
    (RefusalCode.NOT_IN_WINDOW, main, 1, a.Pass, {}),
    (RefusalCode.CANT_BLOCK, window, 1, a.Block, {"unit": "grunt"}),
    (
        RefusalCode.MUST_ATTACK,
        lambda: Table(PACK, Side(field=["berserker"]), Side(gigs=["d4:1"])),
        0,
        a.End,
        {},
    ),
    (
        RefusalCode.BAD_DIE,
        lambda: Table(PACK, Side(), Side(), phase=Phase.ROLL),
        0,
        a.Roll,
        {"die": 20},
    ),
    (RefusalCode.ALREADY_DECIDED, mulligan_table, 0, a.Mulligan, {}),
]


@pytest.mark.parametrize(
    ("code", "make", "seat", "kind", "kw"), CASES, ids=[c[0].value for c in CASES]
)
def test_each_refusal_leaves_the_duel_unchanged(
    code: RefusalCode,
    make: Callable[[], Table],
    seat: int,
    kind: type,
    kw: dict[str, object],
) -> None:
    t = make()
    if code is RefusalCode.ALREADY_DECIDED:
        seat = t.state.first
    assert t.refused(seat, kind, **kw) == code
    try:
        apply(t.state, t.action(seat, kind, **kw), t.content)
    except IllegalAction as e:
        first, _, rest = e.refusal.message.partition("\n")
        assert first and rest, e.refusal.message


def test_a_stranger_is_refused() -> None:
    t = main()
    with pytest.raises(IllegalAction) as e:
        apply(t.state, a.End(player="someone"), PACK)
    assert e.value.refusal.code == RefusalCode.NOT_A_PLAYER


def test_every_refusal_code_is_exercised_here() -> None:
    covered = {c[0] for c in CASES} | {RefusalCode.NOT_A_PLAYER, RefusalCode.ILLEGAL_DECK}
    assert covered == set(RefusalCode)  # ILLEGAL_DECK: test_setup.py
