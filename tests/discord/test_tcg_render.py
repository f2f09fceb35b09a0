"""Every TCG message kind within Discord's limits, on adversarial boards (crowded fields,
the longest names, a long log), and nothing hidden in the public board."""

from __future__ import annotations

from typing import Any

import pytest

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
    rt.memo = {}
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


@pytest.mark.parametrize("long_names", [False, True])
@pytest.mark.parametrize("long_players", [False, True])
def test_board_and_panels_fit_with_a_full_board(long_names: bool, long_players: bool) -> None:
    base = load_default_pack()
    content = _long_names(base) if long_names else base
    state = _crowded(base, long_players=long_players)
    rt = _runtime(content)
    v = rt.view_for(state, None)
    board = render.board_embed(v, 0, rt.name_of(state) * 10)
    _check("x" * 2000, [board])
    for seat in (0, 1):
        embed, buttons = panel(rt, state, state.seats[seat].player, ["🔒 a note " * 50] * 12)
        _check(None, [embed], buttons)
    _check(None, [render.events_embed(["a long event line " * 20] * 40)])


def test_the_public_board_shows_no_hand_and_no_face_down_legend() -> None:
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
    text = str(render.board_embed(v, 0, "alice vs bob").to_dict())
    assert "Short Circuit" not in text and "ICE Sentinel" not in text
    assert "Rook Vance" not in text and "Dex Oyelaran" not in text
    assert "Mara Kell" in text  # face-up: public
    assert "slot 1: face-down" in text
    assert "d8: 5" in text and "alice's turn" in text


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
