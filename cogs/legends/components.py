"""Buttons: one DynamicItem class for every Fixer button (`fx:…` custom ids).

Registered once at start-up (`bot.add_dynamic_items(FxButton)`), it rebuilds any button
of any message ever sent — boards, ephemeral hand panels, DMs — after a restart. Views
built here hold only DynamicItems, so discord.py keeps no per-message state for them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.legends import ids
from cogs.legends.render import label, prompt_option_label
from rules.legends.actions import Choose, CloseVote, Discard, Flip, Play, Ready
from rules.legends.view import BoardView, PlayerView

if TYPE_CHECKING:
    from cogs.legends.runtime import Runtime

MAX_BUTTONS = 25


class FxButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.TEMPLATE):
    def __init__(self, bid: ids.ButtonId, *, text: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 row: int | None = None) -> None:
        super().__init__(discord.ui.Button(label=label(text) or "·", style=style,
                                           custom_id=bid.encode(), row=row))
        self.bid = bid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> FxButton:
        bid = ids.parse(match.string)
        if bid is None:
            raise ValueError("not a Fixer button")
        return cls(bid, text=getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        runtime: Runtime | None = getattr(interaction.client, "fixer", None)
        if runtime is not None:
            await runtime.clicks.handle(interaction, self.bid)


def _view(buttons: list[FxButton]) -> discord.ui.View | None:
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    seen: set[str] = set()
    for b in buttons[:MAX_BUTTONS]:
        cid = b.item.custom_id or ""
        if cid in seen:
            continue
        seen.add(cid)
        view.add_item(b)
    return view


def board_buttons(b: BoardView) -> discord.ui.View | None:
    """The public board's buttons: never anything that names a hidden card."""
    t, v = b.table, b.version
    out: list[FxButton] = []
    if b.scenario is None:
        return None
    out.append(FxButton(ids.ButtonId(ids.HAND, t, v), text="My hand",
                        style=discord.ButtonStyle.primary))
    if b.phase == "plan" and b.turn is not None:
        out.append(FxButton(ids.ButtonId(ids.PLAYS, t, v), text="Play",
                            style=discord.ButtonStyle.success))
    if b.phase == "flip":
        out.append(FxButton(ids.ButtonId(ids.FLIP, t, v), text="Flip",
                            style=discord.ButtonStyle.success))
    if b.phase == "vote":
        for o in b.vote:
            out.append(FxButton(ids.ButtonId(ids.VOTE, t, v, o.key), text=f"{o.key}: {o.label}",
                                style=discord.ButtonStyle.secondary))
        out.append(FxButton(ids.ButtonId(ids.CLOSE, t, v), text="Close vote (Leader)",
                            style=discord.ButtonStyle.danger))
    return _view(out)


def panel_buttons(view: PlayerView) -> tuple[discord.ui.View | None, int]:
    """Buttons for one person's legal actions (ephemeral panel or DM): (view, hidden),
    where `hidden` counts actions that did not fit (use the slash commands for those)."""
    b = view.board
    t, v = b.table, b.version
    merc_seats = {s.seat for s in b.seats if s.is_merc}
    cards = {c.inst: c for hand in view.hands.values() for c in hand}
    vote_keys = {o.key for o in b.vote} if b.phase == "vote" else set()
    out: list[FxButton] = []
    for a in view.legal:
        if isinstance(a, Flip):
            out.append(FxButton(ids.ButtonId(ids.FLIP, t, v), text="Flip the next card",
                                style=discord.ButtonStyle.success))
        elif isinstance(a, Play):
            c = cards.get(a.card)
            name = c.label if c else a.card
            out.append(FxButton(ids.ButtonId(ids.PLAY, t, v, a.card, a.merc),
                                text=("Merc plays " if a.merc else "Play ") + name,
                                style=discord.ButtonStyle.success))
        elif isinstance(a, Choose) and not a.merc and a.option in vote_keys and not view.prompts:
            text = next((f"Vote {o.key}: {o.label}" for o in b.vote if o.key == a.option),
                        a.option)
            out.append(FxButton(ids.ButtonId(ids.VOTE, t, v, a.option), text=text))
        elif isinstance(a, Choose):
            text = prompt_option_label(view.prompts, a.option, merc_seats, a.merc)
            out.append(FxButton(ids.ButtonId(ids.CHOOSE, t, v, a.option, a.merc),
                                text=("Merc: " if a.merc else "") + text,
                                style=discord.ButtonStyle.primary))
        elif isinstance(a, CloseVote):
            out.append(FxButton(ids.ButtonId(ids.CLOSE, t, v), text="Close the vote",
                                style=discord.ButtonStyle.danger))
        elif isinstance(a, Discard):
            c = cards.get(a.card)
            out.append(FxButton(ids.ButtonId(ids.DISCARD, t, v, a.card, a.merc),
                                text=("Merc discards " if a.merc else "Discard ")
                                + (c.label if c else a.card)))
        elif isinstance(a, Ready):
            out.append(FxButton(ids.ButtonId(ids.READY, t, v, None, a.merc),
                                text="Merc is ready" if a.merc else "Ready (draw up)",
                                style=discord.ButtonStyle.success))
    # Keep the ready buttons when there are too many discards.
    if len(out) > MAX_BUTTONS:
        readies = [x for x in out if x.bid.action == ids.READY]
        rest = [x for x in out if x.bid.action != ids.READY]
        kept = rest[: MAX_BUTTONS - len(readies)] + readies
        return _view(kept), len(out) - len(kept)
    return _view(out), 0


def shop_buttons(table: str, version: int, items: list[tuple[str, str, bool]]
                 ) -> discord.ui.View | None:
    """items: (card id, label, merc)."""
    out = [FxButton(ids.ButtonId(ids.BUY, table, version, cid, merc), text=text)
           for cid, text, merc in items]
    return _view(out)


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
