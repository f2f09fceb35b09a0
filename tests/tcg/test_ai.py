"""The AI levels: legal moves only, from their own view only; the simulator is pure."""

from __future__ import annotations

import random

import pytest

from content.tcg.loader import load_default_pack
from rules.tcg import actions as a
from rules.tcg.ai.basic import GreedyPlayer, RandomPlayer
from rules.tcg.ai.search import SearchPlayer
from rules.tcg.legal import legal_actions
from rules.tcg.scenario import Side, Table
from rules.tcg.sim import Player, play_duel, simulate
from rules.tcg.view import view

PACK = load_default_pack()
DECKS = sorted(PACK.decks.values(), key=lambda d: d.id)


def two_worlds() -> tuple[Table, Table]:
    """The same position for alice; bob's hand, both decks and the face-down Legends
    differ: everything alice can't see."""
    common = dict(field=["neon-bruiser", "alley-cutter"], gigs=["d6:4", "d8:2"], eddies=3)
    t1 = Table(
        PACK,
        Side(
            hand=["road-flare", "ramjet-courier"],
            deck=["hot-wire", "blood-money"],
            legends=["rook-vance", "mara-kell up", "dex-oyelaran"],
            **common,
        ),  # type: ignore[arg-type]
        Side(
            hand=["short-circuit", "flatline"],
            deck=["data-cache"],
            gigs=["d10:7", "d4:1"],
            field=["ice-sentinel spent"],
            legends=["ines-varga", "old-tomas", "cass-ardent"],
        ),
    )
    t2 = Table(
        PACK,
        Side(
            hand=["road-flare", "ramjet-courier"],
            deck=["blood-money", "hot-wire"],
            legends=["dex-oyelaran", "mara-kell up", "rook-vance"],
            **common,
        ),  # type: ignore[arg-type]
        Side(
            hand=["trace-program", "memory-wipe"],
            deck=["dead-drop"],
            gigs=["d10:7", "d4:1"],
            field=["ice-sentinel spent"],
            legends=["cass-ardent", "ines-varga", "old-tomas"],
        ),
    )
    return t1, t2


@pytest.mark.parametrize("make", [RandomPlayer, GreedyPlayer, lambda: SearchPlayer(samples=3)])
def test_ai_choices_depend_only_on_the_players_own_view(make: object) -> None:
    t1, t2 = two_worlds()
    v1, v2 = view(t1.state, PACK, 0), view(t2.state, PACK, 0)
    # Instance ids of hidden cards differ between the worlds only where alice can't look.
    assert v1.model_dump(exclude={"seats"}) == v2.model_dump(exclude={"seats"})
    assert v1.seats[1].hand is None and v1.seats[1].hand_count == v2.seats[1].hand_count
    l1 = legal_actions(t1.state, PACK, "p0")
    l2 = legal_actions(t2.state, PACK, "p0")
    assert l1 == l2
    player = make()  # type: ignore[operator]
    c1 = player.choose(v1, l1, PACK, random.Random(4))
    c2 = player.choose(v2, l2, PACK, random.Random(4))
    assert c1 == c2 and c1 in l1


def test_views_of_the_two_worlds_agree_on_everything_alice_may_see() -> None:
    t1, t2 = two_worlds()
    s1, s2 = view(t1.state, PACK, 0).seats, view(t2.state, PACK, 0).seats
    assert s1[0].hand == s2[0].hand and s1[0].legends == s2[0].legends
    assert s1[0].legends_brought == s2[0].legends_brought
    assert s1[1].legends == s2[1].legends and s1[1].field == s2[1].field


def test_the_search_player_never_receives_the_state() -> None:
    # The Player protocol takes a view: nothing in its signature can reach a Duel.
    import inspect

    for cls in (RandomPlayer, GreedyPlayer, SearchPlayer):
        params = inspect.signature(cls.choose).parameters
        assert list(params)[1:] == ["seen", "legal", "content", "rng"]


@pytest.mark.parametrize(
    "make", [RandomPlayer, GreedyPlayer, lambda: SearchPlayer(samples=1, max_steps=20)]
)
def test_every_level_finishes_a_duel_with_legal_moves(make: object) -> None:
    players: tuple[Player, Player] = (make(), GreedyPlayer())  # type: ignore[operator]
    r = play_duel(PACK, (DECKS[0], DECKS[1]), players, seed=11)
    assert r.finished and r.reason


def test_simulations_are_deterministic_and_greedy_beats_random() -> None:
    first = simulate(PACK, (DECKS[2], DECKS[2]), lambda: (GreedyPlayer(), RandomPlayer()), 10, 7)
    again = simulate(PACK, (DECKS[2], DECKS[2]), lambda: (GreedyPlayer(), RandomPlayer()), 10, 7)
    assert first == again
    assert first.wins[0] >= 8


def test_the_search_player_takes_a_lethal_steal() -> None:
    # Overtime, 6 Gigs: the only winning move is an unblocked attack on the Gig area.
    six = ["d4:1", "d6:1", "d8:1", "d10:1", "d12:1", "d20:1"]
    t = Table(
        PACK,
        Side(field=["neon-bruiser"], gigs=six, fixer=[], hand=["hot-wire"], eddies=1),
        Side(gigs=["d6:2"], fixer=[], field=["alley-cutter spent"]),
        overtime=True,
    )
    legal = legal_actions(t.state, PACK, "p0")
    choice = SearchPlayer(samples=4).choose(view(t.state, PACK, 0), legal, PACK, random.Random(1))
    assert choice == a.Attack(player="p0", unit=t.inst("neon-bruiser"), target=None)


def test_a_determinized_duel_looks_the_same_from_the_players_seat() -> None:
    from rules.tcg.ai.determinize import Sampler, determinize

    t1, _ = two_worlds()
    seen = view(t1.state, PACK, 0)
    world = determinize(seen, PACK, Sampler(seen, PACK, DECKS[0]), random.Random(3))
    again = view(world, PACK, 0)
    for a_side, b_side in zip(seen.seats, again.seats, strict=True):
        assert a_side.hand == b_side.hand and a_side.field == b_side.field
        assert a_side.legends == b_side.legends and a_side.gigs == b_side.gigs
        assert (a_side.hand_count, a_side.deck_count) == (b_side.hand_count, b_side.deck_count)
        assert a_side.eddies_ready == b_side.eddies_ready
    # …and it is one possible world, not the real one: the rival's hidden hand is sampled.
    assert sorted(world.cards) != sorted(t1.state.cards)
