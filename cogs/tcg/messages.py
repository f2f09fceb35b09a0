"""Whole TCG messages as the bot sends them, built without Discord I/O: the public
update (the event lines, the board and its buttons), the board's buttons and the
challenge's deck picker. The runtime sends them; the message gallery (cogs/tcg/gallery.py)
shows the same payloads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import SOURCE, t
from cogs.common import ids
from cogs.common.buttons import MAX_BUTTONS, make_view, spec
from cogs.common.selects import MAX_OPTIONS, FxSelect, Option, make_view_with_selects
from cogs.common.text import CONTENT_MAX, clip
from cogs.tcg import render, texts
from cogs.tcg.panel import BUTTONS_BEFORE_MENU
from rules.tcg.cards import DeckList
from rules.tcg.state import Duel

if TYPE_CHECKING:
    from cogs.tcg.challenges import Challenge
    from cogs.tcg.runtime import TcgRuntime


def board_buttons(rt: TcgRuntime, state: Duel, loc: str = SOURCE) -> discord.ui.View | None:
    """**My hand**, and **React** while a reaction window is open (none once it is over)."""
    from cogs.tcg.runtime import HAND, REACT

    if state.result is not None:
        return None
    hand = t(loc, "My hand")
    row = [spec(ids.ButtonId(rt.game, HAND, state.id, state.version), text=hand)]
    if state.attack is not None and state.attack.window:
        row.insert(
            0,
            spec(
                ids.ButtonId(rt.game, REACT, state.id, state.version),
                text=t(loc, "React"),
                style=discord.ButtonStyle.danger,
            ),
        )
    made, _ = make_view([row])
    return made


def update_message(
    rt: TcgRuntime,
    state: Duel,
    lines: Sequence[str],
    loc: str,
    *,
    mention: str | None = None,
    note: str | None = None,
    react: str | None = None,
) -> dict[str, Any]:
    """The public update in the duel's language `loc`: `note`, the public event lines
    (the engine's English, translated here), who must react, who is waited on; the
    spectator's board and its buttons. `send`'s keyword arguments."""
    v = rt.view_for(state, None, loc)
    board = render.board_embed(v, rt.waiting(state), rt.name_of(state), loc)
    if note == texts.RESUME:
        note = t(loc, texts.RESUME)
    text_lines = ([note] if note else []) + [rt.line(loc, x) for x in lines]
    if react is not None:
        text_lines.append(t(loc, "⚔️ {who}, react (the **React** button).", who=react))
    if mention is not None:
        text_lines.append(t(loc, "<@{who}>, the duel waits on you.", who=mention))
    kwargs: dict[str, Any] = {
        "content": clip("\n".join(text_lines), CONTENT_MAX) or None,
        "embeds": [board],
        "allowed_mentions": discord.AllowedMentions(
            everyone=False,
            roles=False,
            users=[discord.Object(int(mention))] if mention else False,
        ),
    }
    buttons = board_buttons(rt, state, loc)
    if buttons is not None:
        kwargs["view"] = buttons
    return kwargs


def deck_picker(
    rt: TcgRuntime, ch: Challenge, mine: Sequence[DeckList], loc: str = SOURCE
) -> discord.ui.View | None:
    """The challenged player's decks (`mine`: their saved ones), then the preconstructed
    ones: buttons, and past 20 of them a menu with the next 25 (`/tcg accept deck:`
    names any), in the clicker's language `loc`."""
    from cogs.tcg.runtime import DECK

    decks = [(d.name, texts.yours(loc, d.name)) for d in mine] + [
        (deck_id, rt.content.deck_text_for(deck_id, "name", loc))
        for deck_id in sorted(rt.content.decks)
    ]
    if len(decks) <= MAX_BUTTONS:
        shown, rest = decks, []
    else:
        shown, rest = decks[:BUTTONS_BEFORE_MENU], decks[BUTTONS_BEFORE_MENU:]
    row = [spec(ids.ButtonId(rt.game, DECK, ch.id, 0, value), text=text) for value, text in shown]
    if not rest:
        made, _ = make_view([row, []])
        return made
    menu = FxSelect(
        ids.ButtonId(rt.game, DECK, ch.id, 0),
        [Option(text, value) for value, text in rest[:MAX_OPTIONS]],
        placeholder=texts.more_decks(loc),
    )
    made, _ = make_view_with_selects([row, []], [menu])
    return made


def challenge_buttons(rt: TcgRuntime, ch: Challenge, loc: str = SOURCE) -> discord.ui.View | None:
    """The challenge post's Accept / Decline, in its language `loc` (public)."""
    from cogs.tcg.runtime import ACCEPT, DECLINE

    row = [
        spec(
            ids.ButtonId(rt.game, ACCEPT, ch.id, 0),
            text=texts.accept_label(loc),
            style=discord.ButtonStyle.success,
        ),
        spec(
            ids.ButtonId(rt.game, DECLINE, ch.id, 0),
            text=texts.decline_label(loc),
            style=discord.ButtonStyle.secondary,
        ),
    ]
    made, _ = make_view([row])
    return made
