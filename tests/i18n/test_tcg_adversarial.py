"""The TCG's front-end messages at their worst, in English and Polish: the longest names,
dozens of saved decks, decks with every problem many times, a long update, the longest
translated card names; every one within Discord's limits."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import pytest

from cogs.common.dmhands import dm_closed_text
from cogs.tcg import render, texts
from cogs.tcg.challenges import Challenge
from cogs.tcg.messages import challenge_buttons, deck_picker, update_message
from cogs.tcg.panel import panel
from content.tcg.loader import load_default_pack
from rules.core.translations import Translation
from rules.tcg.cards import DeckList, TcgContent
from rules.tcg.decks import DeckTextError, deck_problems, parse_deck_text
from rules.tcg.options import TcgOptions
from tests.discord import limits
from tests.discord.test_tcg_render import _crowded, _runtime

LANGS = ("en", "pl")
LONG = "W" * 32  # the longest Discord display name


@functools.cache
def content() -> TcgContent:
    return load_default_pack()


def _ok(text: str | None, embeds: Sequence[Any] = (), view: Any = None) -> None:
    comps = view.to_components() if view is not None else []
    assert limits.problems(text, list(embeds), comps) == []


def _challenge() -> Challenge:
    deck = content().decks["chrome-rush"]
    return Challenge("c" + "f" * 16, 1, 1, "1" * 19, LONG, "2" * 19, LONG, deck, 0.0)


@pytest.mark.parametrize("loc", LANGS)
def test_the_challenge_flow_fits_with_the_longest_names_and_many_decks(loc: str) -> None:
    rt = _runtime(content())
    ch = _challenge()
    _ok(texts.challenge_post(loc, LONG, ch.opponent, 600.0), view=challenge_buttons(rt, ch, loc))
    mine = [
        DeckList(id=f"d{i}", name=f"{i:02d}" + "Ż" * 48, legends=(), cards=()) for i in range(40)
    ]
    view = deck_picker(rt, ch, mine, loc)
    _ok(texts.deck_picker(loc), view=view)
    assert view is not None
    labels = [
        c.get("label") or c.get("placeholder")
        for r in view.to_components()
        for c in r["components"]
    ]
    assert texts.more_decks(loc) in labels  # past 20 decks: the menu
    for withdrawn in (True, False):
        _ok(texts.declined_notice(loc, LONG, LONG, withdrawn))
        _ok(texts.declined_reply(loc, withdrawn))
    _ok(texts.expired_notice(loc, LONG, LONG))
    _ok(texts.duel_begins(loc, LONG, LONG, LONG))
    _ok(texts.options_reply(loc, TcgOptions(), "pl"))


def _awful(c: TcgContent) -> DeckList:
    """A deck with every problem, many times over."""
    cards = tuple((cid, 9) for cid in sorted(c.cards))
    return DeckList(id="x", name="Ż" * 50, legends=("alley-cutter",) * 7, cards=cards)


@pytest.mark.parametrize("loc", LANGS)
def test_deck_replies_fit_with_every_problem_and_many_decks(loc: str) -> None:
    c = content()
    bad = _awful(c)
    problems = deck_problems(bad, c)
    assert len(problems) > 30
    mine = [bad.model_copy(update={"name": f"{i:02d}" + "Ż" * 48}) for i in range(60)]
    _ok(texts.deck_list(loc, c, mine, [len(problems)] * len(mine)))
    _ok(texts.saved_reply(loc, bad.name, problems))
    _ok(texts.check_reply(loc, problems))
    _ok(texts.shown_deck(loc, c, bad))
    _ok(texts.deleted_reply(loc, bad.name))
    listing = "\n".join(f"{n} No Such Card {'Ż' * 80} {n}" for n in range(300))
    with pytest.raises(DeckTextError) as exc:
        parse_deck_text(listing, c)
    from cogs.common.text import refusal_embed

    _ok(None, [refusal_embed(texts.import_refusal(loc, exc.value), "tcg")])
    _ok(None, [refusal_embed(texts.check_refusal(loc, exc.value), "tcg")])


@pytest.mark.parametrize("loc", LANGS)
def test_a_long_update_and_the_notices_fit(loc: str) -> None:
    rt = _runtime(content())
    state = _crowded(content(), long_players=True)
    lines = [f"{LONG} plays Alley Cutter." for _ in range(60)]
    lines += ["The attack ends: the target left the field."] * 20
    kw = update_message(
        rt, state, lines, loc, mention=state.seats[0].player, note=texts.RESUME, react=LONG
    )
    _ok(kw["content"], kw["embeds"], kw.get("view"))
    _ok(dm_closed_text(loc, "tcg", "9" * 19))
    _ok(texts.NOTICES.translate(loc, texts.timed_out("en", LONG)))
    _ok(texts.NOTICES.translate(loc, texts.reminder("en", f"<@{'9' * 19}>", 21600.0)))


def _long_translated_names(c: TcgContent) -> TcgContent:
    """Every card named in Polish with the longest name and subtitle a pack may hold."""
    pl = c.translations["pl"]
    extra: dict[str, str] = {}
    for cid, card in c.cards.items():
        extra[f"cards.{cid}.name"] = ("Ż" * 99 + cid)[-100:]
        if card.subtitle:
            extra[f"cards.{cid}.subtitle"] = "Ś" * 100
    tr = Translation(language="pl", texts={**pl.texts, **extra})
    return c.model_copy(update={"translations": {**c.translations, "pl": tr}})


def test_the_longest_translated_names_fit_on_the_board_and_the_panels() -> None:
    c = _long_translated_names(content())
    state = _crowded(content(), long_players=True)
    rt = _runtime(c)
    board = render.board_embed(rt.view_for(state, None, "pl"), 0, rt.name_of(state) * 10, "pl")
    assert "ŻŻŻ" in str(board.to_dict())  # the translated names are the ones shown
    _ok("x" * 2000, [board])
    for seat in (0, 1):
        player = state.seats[seat].player
        for page in range(3):
            embed, buttons = panel(rt, state, player, ["🔒 a note " * 50] * 12, page, "pl")
            _ok(None, [embed], buttons)
