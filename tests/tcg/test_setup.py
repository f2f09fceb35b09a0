"""§3 setup and T13: roll-off, the chooser's choice, Legends, dice, hands, mulligans."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.tcg import actions as a
from rules.tcg.cards import DeckList
from rules.tcg.codes import Phase, PromptKind, RefusalCode
from rules.tcg.engine import apply, new_duel
from rules.tcg.options import TcgOptions
from rules.tcg.state import DICE, Duel
from rules.tcg.view import view
from tests.tcg.pack import DECK, PACK


def fresh(seed: int = 7) -> Duel:
    return new_duel(
        duel_id="d",
        players=("p0", "p1"),
        names=("alice", "bob"),
        decks=(DECK, DECK),
        seed=seed,
        content=PACK,
    )


def step(
    d: Duel, seat: int, action: type[a.Choose] | type[a.Keep] | type[a.Mulligan], **kw: str
) -> Duel:
    return apply(d, action(player=f"p{seat}", **kw), PACK).state  # type: ignore[call-arg]


def test_a_random_player_chooses_first_or_second() -> None:
    choosers = {fresh(seed).chooser for seed in range(30)}
    assert choosers == {0, 1}  # server randomness, both seats possible
    d = fresh()
    assert d.phase is Phase.CHOOSE_FIRST
    assert d.prompt is not None and d.prompt.kind is PromptKind.FIRST_OR_SECOND
    assert d.prompt.seat == d.chooser


@pytest.mark.parametrize("choice", ["first", "second"])
def test_the_choosers_choice_decides_who_goes_first(choice: str) -> None:
    d = fresh()
    c = d.chooser
    d = step(d, c, a.Choose, option=choice)
    assert d.first == (c if choice == "first" else 1 - c)


def test_only_the_chooser_may_choose() -> None:
    d = fresh()
    with pytest.raises(IllegalAction) as e:
        step(d, 1 - d.chooser, a.Choose, option="first")
    assert e.value.refusal.code == RefusalCode.NO_PROMPT


def test_after_the_choice_hands_dice_and_legends_are_dealt() -> None:
    d = fresh()
    d = step(d, d.chooser, a.Choose, option="first")
    f = d.first
    for i in (0, 1):
        st = d.seats[i]
        assert len(st.hand) == 6
        assert len(st.deck) == 34
        assert st.fixer == DICE == (4, 6, 8, 10, 12, 20)  # bottom to top
        assert sorted(x.inst or "" for x in st.legends) == sorted(st.legend_list)
        assert all(not x.face_up for x in st.legends)
        spent = [x.spent for x in st.legends]
        # §3.4: the first player spends their two leftmost Legends; nobody else.
        assert spent == ([True, True, False] if i == f else [False, False, False])
    assert d.phase is Phase.MULLIGAN


def test_decks_and_legend_slots_are_shuffled() -> None:
    orders = set()
    slots = set()
    for seed in range(12):
        d = fresh(seed)
        d = step(d, d.chooser, a.Choose, option="first")
        orders.add(d.seats[0].deck + d.seats[0].hand)
        slots.add(tuple(x.inst for x in d.seats[0].legends))
    assert len(orders) > 6 and len(slots) > 2


def test_mulligans_in_order_first_player_first() -> None:
    d = fresh()
    d = step(d, d.chooser, a.Choose, option="first")
    f = d.first
    with pytest.raises(IllegalAction) as e:
        step(d, 1 - f, a.Keep)
    assert e.value.refusal.code == RefusalCode.NOT_YOUR_TURN
    d2 = apply(d, a.Mulligan(player=f"p{f}"), PACK)
    d = d2.state
    assert d.seats[f].mulligan is True and len(d.seats[f].hand) == 6
    assert sorted(d.seats[f].hand + d.seats[f].deck) == sorted([f"{f}-{n}" for n in range(40)])
    # The fact is public; the cards are not.
    public = [e for e in d2.events if e.public]
    assert any("mulligans" in e.text for e in public)
    with pytest.raises(IllegalAction):  # one mulligan each
        step(d, f, a.Mulligan)
    d = step(d, 1 - f, a.Keep)
    assert d.phase is Phase.ROLL or d.phase is Phase.MAIN
    assert d.active == f and d.turn == 1


def test_first_players_two_leftmost_legends_do_not_ready_in_their_first_start_phase() -> None:
    d = fresh()
    d = step(d, d.chooser, a.Choose, option="first")
    f = d.first
    d = step(d, f, a.Keep)
    d = step(d, 1 - f, a.Keep)
    assert [x.spent for x in d.seats[f].legends] == [True, True, False]
    assert len(d.seats[f].hand) == 7  # no other first-turn exception: the first player draws


def test_nobody_sees_which_legend_is_in_which_slot() -> None:
    d = fresh()
    d = step(d, d.chooser, a.Choose, option="first")
    for viewer in (0, 1, None):
        v = view(d, PACK, viewer)
        for sv in v.seats:
            assert all(s.card is None for s in sv.legends)
    own = view(d, PACK, 0).seats[0]
    assert own.legends_brought == ("Null L", "Plain L", "Solo L")  # unordered list only
    assert view(d, PACK, 1).seats[0].legends_brought is None


def test_illegal_decks_are_refused_at_setup() -> None:
    short = DeckList(id="s", name="Short", legends=DECK.legends, cards=(("grunt", 3),))
    with pytest.raises(IllegalAction) as e:
        new_duel(
            duel_id="d",
            players=("p0", "p1"),
            names=("a", "b"),
            decks=(short, DECK),
            seed=1,
            content=PACK,
        )
    assert e.value.refusal.code == RefusalCode.ILLEGAL_DECK
    assert "40–50" in e.value.refusal.message
    # demo_decks waives the 40-card minimum (the official starters have 27).
    d = new_duel(
        duel_id="d",
        players=("p0", "p1"),
        names=("a", "b"),
        decks=(short, DECK),
        seed=1,
        content=PACK,
        options=TcgOptions(demo_decks=True),
    )
    assert d.phase is Phase.CHOOSE_FIRST
