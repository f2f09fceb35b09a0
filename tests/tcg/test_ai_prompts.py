"""How the AI answers two prompts a fixed score can't: which Gig to hand over when the
victim picks (give_gig) and which mode of a "choose one" to take."""

from __future__ import annotations

import random

from content.tcg.loader import load_default_pack
from rules.tcg import actions as a
from rules.tcg.ai.basic import GreedyPlayer
from rules.tcg.ai.rollout import rollout_action
from rules.tcg.codes import PromptKind
from rules.tcg.legal import to_act
from rules.tcg.scenario import Side, Table
from rules.tcg.view import view

PACK = load_default_pack()


def _legal(t: Table, seat: int) -> list[a.Action]:
    """What the simulator offers an AI: every legal action but conceding."""
    return [x for x in t.legal(seat) if not isinstance(x, a.Concede)]


def _greedy(t: Table, seat: int) -> set[a.Action]:
    """The greedy player's picks over several seeds (a random tie-break would vary)."""
    seen, legal = view(t.state, PACK, seat), _legal(t, seat)
    return {GreedyPlayer().choose(seen, legal, PACK, random.Random(s)) for s in range(6)}


def _rollout(t: Table, seat: int) -> set[a.Action]:
    """The search player's rollout policy on the full state, over several seeds."""
    legal = _legal(t, seat)
    return {rollout_action(t.state, PACK, seat, legal, random.Random(s)) for s in range(6)}


def _give_gig_table() -> Table:
    """Bob's House Rules lets him pick the Gig alice's attack steals."""
    t = Table(
        PACK,
        Side(field=["street-broker"]),
        Side(field=["house-rules spent"], gigs=["d6:5", "d8:1", "d10:7"]),
    )
    t.act(0, a.Attack, unit="street-broker", target=None)
    for _ in range(10):
        p = t.state.prompt
        if p is not None and p.kind is PromptKind.GIVE_GIG:
            return t
        seat = to_act(t.state)
        assert seat is not None
        pick = next(x for x in _legal(t, seat) if isinstance(x, a.Pass | a.Choose))
        t.act(seat, type(pick), **pick.model_dump(exclude={"player", "type"}))
    raise AssertionError("no give_gig prompt")


def test_the_greedy_victim_gives_up_its_lowest_gig() -> None:
    t = _give_gig_table()
    low = a.Choose(player="p1", option=next(d.id for d in t.seat(1).gigs if d.value == 1))
    assert _greedy(t, 1) == {low}
    assert _rollout(t, 1) == {low}  # the search player's rollouts answer the same way


def _street_justice(rival_unit: str) -> Table:
    """Street Justice: +3 power to a friendly Unit, or defeat a spent rival Unit of 2
    power or less."""
    t = Table(
        PACK,
        Side(hand=["street-justice"], field=["neon-bruiser"], eddies=3),
        Side(field=[rival_unit]),
    )
    t.act(0, a.Play, card="street-justice")
    assert t.state.prompt is not None and t.state.prompt.kind is PromptKind.MODE
    return t


def test_the_greedy_player_defeats_a_spent_rival_rather_than_pump() -> None:
    t = _street_justice("alley-cutter spent")
    defeat = {a.Choose(player="p0", option="1")}
    assert _greedy(t, 0) == defeat and _rollout(t, 0) == defeat


def test_the_greedy_player_pumps_when_the_defeat_would_find_no_target() -> None:
    t = _street_justice("alley-cutter")  # ready: the defeat mode can't take it
    pump = {a.Choose(player="p0", option="0")}
    assert _greedy(t, 0) == pump and _rollout(t, 0) == pump
