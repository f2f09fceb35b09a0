"""Every TCG message kind within Discord's limits, on adversarial boards (crowded fields,
the longest names, a long log), and nothing hidden in the public board."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.common.memo import VersionMemo
from cogs.tcg import render
from cogs.tcg.panel import panel
from cogs.tcg.runtime import TcgRuntime
from content.tcg.loader import load_default_pack
from rules.tcg.cards import TcgContent
from rules.tcg.codes import Phase
from rules.tcg.scenario import Side, build
from rules.tcg.state import Duel, evolve
from tests.discord import limits

LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]


def _long_names(content: TcgContent) -> TcgContent:
    """Every card with a 100-character name and subtitle: the worst a pack may hold."""
    cards = {
        cid: c.model_copy(update={"name": ("N" * 99 + cid)[-100:], "subtitle": "S" * 100})
        for cid, c in content.cards.items()
    }
    return content.model_copy(update={"cards": cards})


def _runtime(content: TcgContent) -> TcgRuntime:
    """A runtime without a bot, for rendering (its views are cached per state version:
    a state edited here without a new version needs a fresh one)."""
    rt = object.__new__(TcgRuntime)
    rt.content = content
    rt.memo = VersionMemo()
    return rt


def _crowded(content: TcgContent, *, long_players: bool = False) -> Duel:
    units = ["alley-cutter +kinetic-gauntlet", "ice-sentinel", "alley-cutter spent lag"] * 7
    state = build(
        content,
        Side(
            field=units,
            hand=["short-circuit", "alley-cutter", "ice-sentinel"] * 5,
            legends=["rook-vance up", "mara-kell up", "dex-oyelaran"],
            eddies=9,
            trash=["alley-cutter"] * 30,
            gigs=["d4:4", "d6:6", "d8:8", "d10:10", "d12:12", "d20:20"],
            deck=["alley-cutter"] * 20,
        ),
        Side(
            field=units,
            hand=["short-circuit"] * 20,
            legends=LEGENDS,
            eddies=9,
            trash=["ice-sentinel"] * 30,
            gigs=["d4:1", "d6:2", "d8:3", "d10:4", "d12:5", "d20:6"],
            deck=["alley-cutter"] * 20,
        ),
        overtime=True,
    )
    if long_players:
        seats = tuple(
            evolve(s, name="W" * 32, player=str(10**18 + i)) for i, s in enumerate(state.seats)
        )
        state = evolve(state, seats=seats)
    return state


def _check(content: str | None, embeds: list[Any], view: Any = None) -> None:
    comps = view.to_components() if view is not None else []
    assert limits.problems(content, embeds, comps) == []


@pytest.mark.parametrize("loc", ["en", "pl"])
@pytest.mark.parametrize("long_names", [False, True])
@pytest.mark.parametrize("long_players", [False, True])
def test_board_and_panels_fit_with_a_full_board(
    long_names: bool, long_players: bool, loc: str
) -> None:
    base = load_default_pack()
    content = _long_names(base) if long_names else base
    state = _crowded(base, long_players=long_players)
    rt = _runtime(content)
    v = rt.view_for(state, None)
    board = render.board_embed(v, 0, rt.name_of(state) * 10, loc)
    _check("x" * 2000, [board])
    for seat in (0, 1):
        player = state.seats[seat].player
        embed, buttons = panel(rt, state, player, ["🔒 a note " * 50] * 12, loc=loc)
        _check(None, [embed], buttons)
        for page in range(3):  # the overflow menu's pages
            embed, buttons = panel(rt, state, player, [], page, loc)
            _check(None, [embed], buttons)
    _check(None, [render.events_embed(["a long event line " * 20] * 40)])


@pytest.mark.parametrize("loc", ["en", "pl"])
def test_the_public_board_shows_no_hand_and_no_face_down_legend_in_any_language(
    loc: str,
) -> None:
    content = load_default_pack()
    state = build(
        content,
        Side(
            hand=["short-circuit"],
            legends=["rook-vance", "mara-kell up", "dex-oyelaran"],
            gigs=["d8:5"],
        ),
        Side(hand=["ice-sentinel"], legends=LEGENDS, gigs=["d6:3"]),
    )
    rt = _runtime(content)
    v = rt.view_for(state, None)
    text = str(render.board_embed(v, 0, "alice vs bob", loc).to_dict())
    assert "Short Circuit" not in text and "ICE Sentinel" not in text
    assert "Rook Vance" not in text and "Dex Oyelaran" not in text
    assert "Mara Kell" in text  # face-up: public
    assert "d8: 5" in text
    if loc == "en":
        assert "slot 1: face-down" in text and "alice's turn" in text
    else:
        assert "slot 1: zakryta" in text and "tura: alice" in text


def test_status_names_who_acts_and_how_it_ended() -> None:
    content = load_default_pack()
    state = build(
        content, Side(legends=LEGENDS, gigs=["d8:5"]), Side(legends=LEGENDS, gigs=["d6:3"])
    )
    from rules.tcg.state import Attack, Result

    window = evolve(state, attack=Attack(seat=0, attacker="0-0", target=None, window=True))
    rt = _runtime(content)
    line = render.waiting_line(rt.view_for(window, None), 1)
    assert "alice's turn" in line and "bob to react" in line
    for result, sentence in (
        (Result(winner=0, reason="7 Gigs"), "alice wins (7 Gigs)."),
        (Result(winner=1, reason="concede"), "alice concedes: bob wins."),
        (Result(winner=1, reason="alice decked out"), "bob wins: alice decked out."),
        (Result(winner=None, reason="draw"), "The duel is a draw."),
    ):
        over = evolve(state, result=result, phase=Phase.OVER)
        assert render.end_sentence(_runtime(content).view_for(over, None)) == sentence


def test_the_polish_board_speaks_polish_with_polish_plurals() -> None:
    content = load_default_pack()
    rt = _runtime(content)
    state = _crowded(content)
    text = render.seat_text(rt.view_for(state, None).seats[0], "pl")
    assert "**Gigi**: 6 Gigów — d4: 4" in text
    assert "**Ręka**: 15 · **Talia**: 20 · **Trash**: 30 (na wierzchu: " in text
    assert "**Eddies**: ready: 9, spent: 0" in text
    for english in ("**Hand**", "**Deck**", "**Field**", "ready,", "slot 1: face-down"):
        assert english not in text
    for gigs, words in (
        (["d8:5"], "1 Gig — d8: 5"),
        (["d4:1", "d6:2"], "2 Gigi — "),
        (["d4:1", "d6:1", "d8:1", "d10:1", "d12:1"], "5 Gigów — "),
    ):
        one = build(content, Side(legends=LEGENDS, gigs=gigs), Side(legends=LEGENDS))
        seat = _runtime(content).view_for(one, None).seats[0]
        assert words in render.seat_text(seat, "pl")
    empty = build(content, Side(legends=LEGENDS), Side(legends=LEGENDS))
    seat = _runtime(content).view_for(empty, None).seats[0]
    assert "brak Gigów" in render.seat_text(seat, "pl")
    assert "no Gigs" in render.seat_text(seat, "en")


def test_each_reader_gets_their_own_language_in_the_hand_panel() -> None:
    content = load_default_pack()
    state = build(
        content,
        Side(hand=["short-circuit", "alley-cutter"], legends=LEGENDS, eddies=3, gigs=["d8:5"]),
        Side(hand=["ice-sentinel"], legends=LEGENDS, gigs=["d6:3"]),
    )
    rt = _runtime(content)
    player = state.seats[0].player
    pl_embed, pl_view = panel(rt, state, player, [], loc="pl")
    en_embed, en_view = panel(rt, state, player, [], loc="en-US")
    assert pl_embed.title == "Twoja ręka" and en_embed.title == "Your hand"
    assert "**Twoja ręka** (2):" in str(pl_embed.description)
    assert "koszt" in str(pl_embed.description) and "cost" not in str(pl_embed.description)
    assert pl_view is not None and en_view is not None
    pl_labels, en_labels = str(pl_view.to_components()), str(en_view.to_components())
    assert "'Zakończ turę'" in pl_labels and "'End turn'" in en_labels
    assert "End turn" not in pl_labels and "Zakończ" not in en_labels
    # The reader's hand is theirs alone, in every language: the rival's is not in it.
    assert "ICE Sentinel" not in str(pl_embed.to_dict())


@pytest.mark.parametrize(
    ("result", "sentence"),
    [
        (("0", "7 Gigs"), "Wygrywa alice (7 Gigów)."),
        (("1", "concede"), "alice się poddaje: wygrywa bob."),
        (("1", "alice decked out"), "Wygrywa bob: alice nie ma z czego dobrać."),
        ((None, "draw"), "Pojedynek kończy się remisem."),
    ],
)
def test_how_the_duel_ended_in_polish(result: tuple[str | None, str], sentence: str) -> None:
    from rules.tcg.state import Result

    content = load_default_pack()
    state = build(content, Side(legends=LEGENDS), Side(legends=LEGENDS))
    winner = None if result[0] is None else int(result[0])
    over = evolve(state, result=Result(winner=winner, reason=result[1]), phase=Phase.OVER)
    assert render.end_sentence(_runtime(content).view_for(over, None), "pl") == sentence


def test_every_phase_has_a_polish_word() -> None:
    from bot.i18n import t

    for phase, word in render.PHASE_WORDS.items():
        assert t("pl", word) != word or word == "over", phase
    assert set(render.PHASE_WORDS) == set(Phase)


def test_the_board_shows_every_part_the_issue_names() -> None:
    """Issue 12's board: both Gig areas (each die's size and value) and Street Cred, fixer
    dice left, both fields with power, ready/spent, Lag and Gear, the Legends areas with
    face-down slots as blanks, Eddies, hand and deck counts, the trash top, whose turn and
    which phase, Overtime."""
    content = load_default_pack()
    state = build(
        content,
        Side(
            field=["alley-cutter +kinetic-gauntlet", "ice-sentinel spent lag"],
            hand=["short-circuit"] * 4,
            legends=["mara-kell up spent", "rook-vance", "dex-oyelaran"],
            eddies=3,
            spent_eddies=1,
            trash=["ice-sentinel", "alley-cutter"],
            gigs=["d8:5", "d4:2"],
            deck=["alley-cutter"] * 7,
        ),
        Side(legends=LEGENDS, gigs=[], deck=["alley-cutter"] * 2, hand=["short-circuit"]),
        overtime=True,
    )
    v = _runtime(content).view_for(state, None)
    embed = render.board_embed(v, 0, "alice vs bob")
    alice, bob = (f.value for f in embed.fields)
    head = embed.description or ""
    assert "alice's turn" in head and "Turn 3" in head and "**Overtime**" in head
    assert "2 Gigs — d8: 5, d4: 2" in alice
    assert "**Street Cred**: 7" in alice  # 5 + 2
    assert "fixer dice left: " in alice and "d8" not in alice.split("fixer dice left: ")[1]
    assert "**Eddies**: 2 ready, 1 spent" in alice
    assert "**Hand**: 4 · **Deck**: 7 · **Trash**: 2 (top: Alley Cutter)" in alice
    assert "slot 1: Mara Kell: Wire Saint (spent)" in alice
    assert "slot 2: face-down" in alice and "slot 3: face-down" in alice
    assert "Rook Vance" not in alice and "Dex Oyelaran" not in alice
    assert "Alley Cutter (" in alice and "ready) + Kinetic Gauntlet" in alice
    assert "ICE Sentinel (" in alice and "spent · Lag)" in alice
    assert "no Gigs" in bob and "**Street Cred**: null" in bob
    assert "**Hand**: 1 · **Deck**: 2 · **Trash**: 0" in bob and "**Field**: empty" in bob
    assert "alice's turn — main phase" in head  # whose turn, and which phase


def test_the_public_board_hides_hand_counts_when_the_table_says_so() -> None:
    """`spectators_see_hand_counts` off: the public board (a spectator's view) shows "?"
    for each hand; on (the default), the counts."""
    from rules.tcg.options import TcgOptions

    content = load_default_pack()
    sides = (Side(hand=["short-circuit"] * 3, legends=LEGENDS), Side(hand=["alley-cutter"]))
    for shown, hand in ((True, "**Hand**: 3 ·"), (False, "**Hand**: ? ·")):
        state = build(content, *sides, options=TcgOptions(spectators_see_hand_counts=shown))
        v = _runtime(content).view_for(state, None)
        alice = render.board_embed(v, 0, "alice vs bob").fields[0].value
        assert hand in alice, alice
