"""Buttons: one DynamicItem class for every Fixer button (`fx:…` custom ids).

Registered once at start-up (`bot.add_dynamic_items(FxButton)`), it rebuilds any button
of any message ever sent — boards, ephemeral hand panels, DMs — after a restart. Views
built here hold only DynamicItems, so discord.py keeps no per-message state for them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from cogs.legends import ids, render
from cogs.legends.render import card_button, clip, label, prompt_option_label
from rules.legends.actions import Choose, CloseVote, Discard, Flip, Play, Ready
from rules.legends.view import BoardView, PlayerView

if TYPE_CHECKING:
    from cogs.legends.runtime import Runtime

MAX_BUTTONS = 25
MAX_ROWS = 5
PER_ROW = 5
SHORT = 40  # a button label longer than this wraps on a phone

Style = discord.ButtonStyle


class FxButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TEMPLATE):
    def __init__(
        self,
        bid: ids.ButtonId,
        *,
        text: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label(text) or "·",
                style=style,
                custom_id=bid.encode(),
                row=row,
                disabled=disabled,
            )
        )
        self.bid = bid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FxButton:
        bid = ids.parse(match.string)
        if bid is None:
            raise ValueError("not a Fixer button")
        return cls(bid, text=getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        runtime: Runtime | None = getattr(interaction.client, "fixer", None)
        if runtime is not None:
            await runtime.clicks.handle(interaction, self.bid)


def _rows(groups: list[list[FxButton]]) -> tuple[list[list[FxButton]], int]:
    """Lay out groups of buttons: each group starts a row (at most 5 buttons a row), the
    last group (the closing actions: Ready, Close vote, Flip) is always kept. If the groups
    need more than 5 rows, they are packed without group breaks; what still does not fit
    is dropped and counted. Duplicate custom ids are dropped."""
    seen: set[str] = set()
    clean: list[list[FxButton]] = []
    for g in groups:
        kept = []
        for b in g:
            cid = b.item.custom_id or ""
            if cid not in seen:
                seen.add(cid)
                kept.append(b)
        clean.append(kept)
    body = [g for g in clean[:-1] if g]
    tail = clean[-1] if clean else []
    tail_rows = [tail[i : i + PER_ROW] for i in range(0, len(tail), PER_ROW)]
    room = MAX_ROWS - len(tail_rows)
    rows = [g[i : i + PER_ROW] for g in body for i in range(0, len(g), PER_ROW)]
    if len(rows) > room:  # pack without group breaks
        flat = [b for g in body for b in g]
        rows = [flat[i : i + PER_ROW] for i in range(0, len(flat), PER_ROW)]
    dropped = sum(len(r) for r in rows[room:])
    return rows[:room] + tail_rows, dropped


def _view(groups: list[list[FxButton]]) -> tuple[discord.ui.View | None, int]:
    rows, dropped = _rows(groups)
    if not any(rows):
        return None, dropped
    view = discord.ui.View(timeout=None)
    for i, row in enumerate(r for r in rows if r):
        for b in row:
            b.item.row = i
            view.add_item(b)
    # Every button is an FxButton, dispatched by its custom_id through the dynamic item
    # registered at start-up, so discord.py need not track the view. Left running, an
    # ephemeral reply's view is kept (with a timeout task) for 15 minutes: thousands of
    # live objects on a busy bot, for nothing.
    view.stop()
    return view, dropped


def board_buttons(b: BoardView) -> discord.ui.View | None:
    """The public board's buttons: never anything that names a hidden card. The action
    the table expects next comes first, in the primary style."""
    t, v = b.table, b.version
    if b.scenario is None:
        return None
    first: list[FxButton] = []
    last: list[FxButton] = []
    expected = b.phase in ("plan", "flip")
    if b.phase == "plan" and b.turn is not None:
        first.append(FxButton(ids.ButtonId(ids.PLAYS, t, v), text="Play", style=Style.primary))
    if b.phase == "flip":
        first.append(FxButton(ids.ButtonId(ids.FLIP, t, v), text="Flip", style=Style.primary))
    if b.phase == "vote":
        for o in b.vote:
            first.append(
                FxButton(
                    ids.ButtonId(ids.VOTE, t, v, o.key),
                    text=clip(f"{o.key}: {o.label}", SHORT),
                    style=Style.primary,
                )
            )
        last.append(
            FxButton(ids.ButtonId(ids.CLOSE, t, v), text="Close vote (Leader)", style=Style.danger)
        )
    hand = FxButton(
        ids.ButtonId(ids.HAND, t, v),
        text="My hand",
        style=Style.secondary if expected or b.vote else Style.primary,
    )
    if b.phase == "vote":
        view, _ = _view([first, [hand, *last]])
    else:
        view, _ = _view([[*first, hand], last])
    return view


def panel_buttons(view: PlayerView) -> tuple[discord.ui.View | None, int]:
    """Buttons for one person's legal actions (ephemeral panel or DM): (view, hidden),
    where `hidden` counts actions that did not fit (use the slash commands for those).

    Rows: choices a card asks for; your plays; your merc's plays; votes; discards
    (danger: the card is gone); then the closing row (Flip, Ready, Close vote)."""
    b = view.board
    t, v = b.table, b.version
    merc_seats = {s.seat for s in b.seats if s.is_merc}
    cards = {c.inst: c for hand in view.hands.values() for c in hand}
    cards.update({p.card.inst: p.card for p in b.plan})  # a prompt may offer Plan cards
    vote_keys = {o.key for o in b.vote} if b.phase == "vote" else set()
    choices: list[FxButton] = []
    plays: list[FxButton] = []
    merc_plays: list[FxButton] = []
    votes: list[FxButton] = []
    discards: list[FxButton] = []
    merc_discards: list[FxButton] = []
    closing: list[FxButton] = []
    for a in view.legal:
        if isinstance(a, Flip):
            closing.append(
                FxButton(
                    ids.ButtonId(ids.FLIP, t, v), text="Flip the next card", style=Style.primary
                )
            )
        elif isinstance(a, Play):
            c = cards.get(a.card)
            name = card_button(c) if c else a.card
            (merc_plays if a.merc else plays).append(
                FxButton(
                    ids.ButtonId(ids.PLAY, t, v, a.card, a.merc),
                    text=("Merc: " if a.merc else "") + name,
                    style=Style.primary,
                )
            )
        elif isinstance(a, Choose) and not a.merc and a.option in vote_keys and not view.prompts:
            text = next((f"{o.key}: {o.label}" for o in b.vote if o.key == a.option), a.option)
            votes.append(
                FxButton(
                    ids.ButtonId(ids.VOTE, t, v, a.option),
                    text=clip(text, SHORT),
                    style=Style.primary,
                )
            )
        elif isinstance(a, Choose):
            c = cards.get(a.option)
            text = (
                card_button(c)
                if c
                else prompt_option_label(view.prompts, a.option, merc_seats, a.merc)
            )
            # "Done" / "Don't replace": the way out of a prompt, not the expected answer.
            out = a.option == "done"
            (closing if out else choices).append(
                FxButton(
                    ids.ButtonId(ids.CHOOSE, t, v, a.option, a.merc),
                    text=clip(("Merc: " if a.merc else "") + text, SHORT),
                    style=Style.secondary if out else Style.primary,
                )
            )
        elif isinstance(a, CloseVote):
            closing.append(
                FxButton(ids.ButtonId(ids.CLOSE, t, v), text="Close the vote", style=Style.danger)
            )
        elif isinstance(a, Discard):
            c = cards.get(a.card)
            (merc_discards if a.merc else discards).append(
                FxButton(
                    ids.ButtonId(ids.DISCARD, t, v, a.card, a.merc),
                    text=("🗑️ Merc: " if a.merc else "🗑️ ") + (card_button(c, 30) if c else a.card),
                    style=Style.danger,
                )
            )
        elif isinstance(a, Ready):
            closing.append(
                FxButton(
                    ids.ButtonId(ids.READY, t, v, None, a.merc),
                    text="Merc is ready" if a.merc else "Ready (draw up)",
                    style=Style.primary,
                )
            )
    return _view([choices, plays, merc_plays, votes, discards, merc_discards, closing])


def panel_message(
    view: PlayerView, notes: Sequence[str] = (), more: str = "use `/legends discard` or `choose`"
) -> tuple[discord.Embed, discord.ui.View | None]:
    """One person's private panel (ephemeral reply or DM): their hand(s), prompts and the
    buttons for what they may do now."""
    embed = render.hand_embed(view, notes=notes)
    buttons, hidden = panel_buttons(view)
    if hidden:
        embed.description = (embed.description or "") + (
            f"\n({hidden} more options did not fit: {more}.)"
        )
    return embed, buttons


def shop_buttons(
    table: str, version: int, items: list[tuple[str, str, bool]]
) -> discord.ui.View | None:
    """items: (card id, label, merc)."""
    out = [
        FxButton(ids.ButtonId(ids.BUY, table, version, cid, merc), text=text)
        for cid, text, merc in items
    ]
    view, _ = _view([out[:MAX_BUTTONS], []])
    return view


def component_ids(message: discord.Message | None) -> set[str]:
    """Custom ids currently on a message (to spot clicks on a button it no longer has)."""
    found: set[str] = set()
    if message is None:
        return found

    def walk(items: Any) -> None:
        for c in items:
            cid = getattr(c, "custom_id", None)
            if cid:
                found.add(cid)
            children = getattr(c, "children", None)
            if children:
                walk(children)

    walk(message.components)
    return found
