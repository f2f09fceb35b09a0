"""§14 hidden information and T23: one choke point (rules/tcg/view.py) for every viewer."""

from __future__ import annotations

from rules.core.events import public_events
from rules.tcg import actions as a
from rules.tcg.codes import PromptKind
from rules.tcg.scenario import Side, Table
from rules.tcg.view import events_for, view
from tests.tcg.pack import PACK


def table() -> Table:
    return Table(
        PACK,
        Side(
            hand=["big", "zap"],
            deck=["huge", "wall"],
            legends=["solo-l", "plain-l up", "null-l"],
            eddies=["grunt", "brute spent"],
            gigs=["d6:3"],
        ),
        Side(hand=["smoke"], deck=["ten"], field=["wall2"], gigs=["d8:2"]),
    )


def test_own_hand_is_seen_the_rivals_only_as_a_count() -> None:
    t = table()
    mine = view(t.state, PACK, 0).seats[0]
    assert mine.hand is not None and [c.name for c in mine.hand] == ["Big", "Zap"]
    for viewer in (1, None):
        other = view(t.state, PACK, viewer).seats[0]
        assert other.hand is None and other.hand_count == 2


def test_decks_are_counts_for_everyone_the_owner_included() -> None:
    t = table()
    for viewer in (0, 1, None):
        v = view(t.state, PACK, viewer)
        assert v.seats[0].deck_count == 2
        assert "Huge" not in v.model_dump_json()


def test_face_down_slots_are_blanks_for_everyone_the_owner_included() -> None:
    t = table()
    for viewer in (0, 1, None):
        slots = view(t.state, PACK, viewer).seats[0].legends
        assert [s.card.name if s.card else None for s in slots] == [None, "Plain L", None]
        assert "Solo L" not in view(t.state, PACK, viewer).model_dump_json() or viewer == 0
    own = view(t.state, PACK, 0).seats[0]
    assert own.legends_brought == ("Null L", "Plain L", "Solo L")  # unordered: sorted


def test_eddies_sold_from_hand_are_public_by_name_not_order() -> None:
    t = table()
    v = view(t.state, PACK, 1).seats[0]
    assert v.eddies_known == ("Brute", "Grunt") and v.eddies_unseen == 0
    assert (v.eddies_ready, v.eddies_spent) == (1, 1)


def test_a_draw_is_private_to_the_drawer() -> None:
    t = Table(PACK, Side(hand=["draw2"], deck=["huge", "wall", "big"]), Side())
    out = t.act(0, a.Play, card="draw2")
    pub = public_events(out.events)
    assert all("Huge" not in e.text and "Wall" not in e.text for e in pub)
    assert any("Huge" in e.text for e in events_for(out.events, 0))
    assert all("Huge" not in e.text for e in events_for(out.events, 1))


def test_mulligans_are_public_their_cards_are_not() -> None:
    from rules.tcg.engine import apply, new_duel
    from tests.tcg.pack import DECK

    d = new_duel(
        duel_id="d",
        players=("p0", "p1"),
        names=("a", "b"),
        decks=(DECK, DECK),
        seed=5,
        content=PACK,
    )
    d = apply(d, a.Choose(player=f"p{d.chooser}", option="first"), PACK).state
    out = apply(d, a.Mulligan(player=f"p{d.first}"), PACK)
    names = {PACK.cards[out.state.cards[i]].full_name for i in out.state.seats[d.first].hand}
    for e in public_events(out.events):
        assert not any(n in e.text for n in names)


def test_the_reaction_prompt_is_the_same_and_its_options_are_the_defenders_only() -> None:
    t2 = Table(PACK, Side(field=["brute"]), Side(gigs=["d6:3"], hand=["smoke"], eddies=1))
    t2.act(0, a.Attack, unit="brute", target=None)
    for viewer in (0, 1, None):
        p = view(t2.state, PACK, viewer).prompt
        assert p is not None and p.kind is PromptKind.REACTION and p.seat == 1
        assert p.options is None  # the options are legal_actions, asked by the defender
    assert "smoke" not in view(t2.state, PACK, 0).model_dump_json().lower()


def test_private_prompt_options_are_shown_to_their_seat_only() -> None:
    t = Table(PACK, Side(hand=["zap"], eddies=1), Side(field=["grunt", "zero"]))
    t.act(0, a.Play, card="zap")
    p = t.state.prompt
    assert p is not None
    t.state = t.state.model_copy(update={"prompt": p.model_copy(update={"private": True})})
    shown = view(t.state, PACK, 0).prompt
    hidden = view(t.state, PACK, 1).prompt
    assert shown is not None and shown.options == p.options
    assert hidden is not None and hidden.options is None and hidden.text == p.text


def test_the_rng_seed_never_reaches_a_view() -> None:
    t = table()
    t.state = t.state.model_copy(update={"rng": t.state.rng.model_copy(update={"seed": 987654})})
    for viewer in (0, 1, None):
        assert "987654" not in view(t.state, PACK, viewer).model_dump_json()


def test_spectators_see_hand_counts_unless_the_table_turns_it_off() -> None:
    from rules.tcg.options import TcgOptions

    t = table()
    assert view(t.state, PACK, None).seats[0].hand_count == 2
    t.state = t.state.model_copy(update={"options": TcgOptions(spectators_see_hand_counts=False)})
    assert view(t.state, PACK, None).seats[0].hand_count is None
    assert view(t.state, PACK, 1).seats[0].hand_count == 2  # the rival still counts them
