"""Legends' buttons: the board's, a person's panel (ephemeral or DM) and the shop's.

Every button is the house's `FxButton` (cogs/common/buttons.py) with a Legends id
(`cogs.legends.ids.button`), laid out by the house's `make_view`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t
from cogs.common.buttons import MAX_BUTTONS, SHORT, Spec, make_view, spec
from cogs.legends import ids, render_private
from cogs.legends.ids import button
from cogs.legends.render import card_button, clip
from cogs.legends.render_private import prompt_option_label
from rules.legends.actions import Choose, CloseVote, Discard, Flip, Play, Ready
from rules.legends.view import BoardView, PlayerView

Style = discord.ButtonStyle


def board_buttons(b: BoardView, *, loc: str = "en") -> discord.ui.View | None:
    """The public board's buttons: never anything that names a hidden card. The action
    the table expects next comes first, in the primary style."""
    tid, ver = b.table, b.version
    if b.scenario is None:
        return None
    first: list[Spec] = []
    last: list[Spec] = []
    expected = b.phase in ("plan", "flip")
    if b.phase == "plan" and b.turn is not None:
        first.append(spec(button(ids.PLAYS, tid, ver), text=t(loc, "Play"), style=Style.primary))
    if b.phase == "flip":
        first.append(spec(button(ids.FLIP, tid, ver), text=t(loc, "Flip"), style=Style.primary))
    if b.phase == "vote":
        for o in b.vote:
            first.append(
                spec(
                    button(ids.VOTE, tid, ver, o.key),
                    text=clip(f"{o.key}: {o.label}", SHORT),
                    style=Style.primary,
                )
            )
        last.append(
            spec(
                button(ids.CLOSE, tid, ver), text=t(loc, "Close vote (Leader)"), style=Style.danger
            )
        )
    hand = spec(
        button(ids.HAND, tid, ver),
        text=t(loc, "My hand"),
        style=Style.secondary if expected or b.vote else Style.primary,
    )
    if b.phase == "vote":
        view, _ = make_view([first, [hand, *last]])
    else:
        view, _ = make_view([[*first, hand], last])
    return view


def panel_buttons(view: PlayerView, *, loc: str = "en") -> tuple[discord.ui.View | None, int]:
    """Buttons for one person's legal actions (ephemeral panel or DM): (view, hidden),
    where `hidden` counts actions that did not fit (use the slash commands for those).

    Rows: choices a card asks for; your plays; your merc's plays; votes; discards
    (danger: the card is gone); then the closing row (Flip, Ready, Close vote)."""
    b = view.board
    tid, ver = b.table, b.version
    merc_seats = {s.seat for s in b.seats if s.is_merc}
    cards = {c.inst: c for hand in view.hands.values() for c in hand}
    cards.update({p.card.inst: p.card for p in b.plan})  # a prompt may offer Plan cards
    vote_keys = {o.key for o in b.vote} if b.phase == "vote" else set()
    choices: list[Spec] = []
    plays: list[Spec] = []
    merc_plays: list[Spec] = []
    votes: list[Spec] = []
    discards: list[Spec] = []
    merc_discards: list[Spec] = []
    closing: list[Spec] = []
    for a in view.legal:
        if isinstance(a, Flip):
            closing.append(
                spec(
                    button(ids.FLIP, tid, ver),
                    text=t(loc, "Flip the next card"),
                    style=Style.primary,
                )
            )
        elif isinstance(a, Play):
            c = cards.get(a.card)
            name = card_button(c) if c else a.card
            (merc_plays if a.merc else plays).append(
                spec(
                    button(ids.PLAY, tid, ver, a.card, a.merc),
                    text=(t(loc, "Merc: ") if a.merc else "") + name,
                    style=Style.primary,
                )
            )
        elif isinstance(a, Choose) and not a.merc and a.option in vote_keys and not view.prompts:
            text = next((f"{o.key}: {o.label}" for o in b.vote if o.key == a.option), a.option)
            votes.append(
                spec(
                    button(ids.VOTE, tid, ver, a.option),
                    text=clip(text, SHORT),
                    style=Style.primary,
                )
            )
        elif isinstance(a, Choose):
            c = cards.get(a.option)
            text = (
                card_button(c)
                if c
                else prompt_option_label(view.prompts, a.option, merc_seats, a.merc, loc)
            )
            # "Done" / "Don't replace": the way out of a prompt, not the expected answer.
            out = a.option == "done"
            (closing if out else choices).append(
                spec(
                    button(ids.CHOOSE, tid, ver, a.option, a.merc),
                    text=clip((t(loc, "Merc: ") if a.merc else "") + text, SHORT),
                    style=Style.secondary if out else Style.primary,
                )
            )
        elif isinstance(a, CloseVote):
            closing.append(
                spec(button(ids.CLOSE, tid, ver), text=t(loc, "Close the vote"), style=Style.danger)
            )
        elif isinstance(a, Discard):
            c = cards.get(a.card)
            (merc_discards if a.merc else discards).append(
                spec(
                    button(ids.DISCARD, tid, ver, a.card, a.merc),
                    text=("🗑️ " + t(loc, "Merc: ") if a.merc else "🗑️ ")
                    + (card_button(c, 30) if c else a.card),
                    style=Style.danger,
                )
            )
        elif isinstance(a, Ready):
            closing.append(
                spec(
                    button(ids.READY, tid, ver, None, a.merc),
                    text=t(loc, "Merc is ready") if a.merc else t(loc, "Ready (draw up)"),
                    style=Style.primary,
                )
            )
    return make_view([choices, plays, merc_plays, votes, discards, merc_discards, closing])


def panel_message(
    view: PlayerView,
    notes: Sequence[str] = (),
    more: str | None = None,
    *,
    loc: str = "en",
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One person's private panel (ephemeral reply or DM): their hand(s), prompts and the
    buttons for what they may do now."""
    embed = render_private.hand_embed(view, notes=notes, loc=loc)
    buttons, hidden = panel_buttons(view, loc=loc)
    if hidden:
        more = more or t(loc, "use `/legends discard` or `choose`")
        embed.description = (
            (embed.description or "")
            + "\n"
            + t(loc, "({hidden} more options did not fit: {more}.)", hidden=hidden, more=more)
        )
    return embed, buttons


def shop_buttons(
    table: str, version: int, items: list[tuple[str, str, bool]]
) -> discord.ui.View | None:
    """items: (card id, label, merc)."""
    out = [spec(button(ids.BUY, table, version, cid, merc), text=text) for cid, text, merc in items]
    view, _ = make_view([out[:MAX_BUTTONS], []])
    return view
