"""Buttons: one DynamicItem class for every Fixer button of every game (`fx:…` ids).

Registered once at start-up (`bot.add_dynamic_items(FxButton)`), it rebuilds any button
of any message ever sent — boards, ephemeral hand panels, DMs — after a restart, and
routes the click by the game its id names (`House.click`). Views built here hold only
DynamicItems, so discord.py keeps no per-message state for them.

Also the layout every game's buttons share: groups of buttons into at most 5 rows of 5.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

import discord

from cogs.common import ids
from cogs.common.text import label

MAX_BUTTONS = 25
MAX_ROWS = 5
PER_ROW = 5
SHORT = 40  # a button label longer than this wraps on a phone


class Router(Protocol):
    """Who takes the clicks: the house (`bot.house`), which knows each game's runtime."""

    async def click(self, interaction: discord.Interaction[Any], bid: ids.ButtonId) -> None: ...


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
        router: Router | None = getattr(interaction.client, "house", None)
        if router is not None:
            await router.click(interaction, self.bid)


def layout(
    groups: list[list[FxButton]], *, rows: int = MAX_ROWS
) -> tuple[list[list[FxButton]], int]:
    """Lay out groups of buttons in `rows` rows (5 unless selects take some): each group
    starts a row (at most 5 buttons a row), the
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
    room = rows - len(tail_rows)
    laid = [g[i : i + PER_ROW] for g in body for i in range(0, len(g), PER_ROW)]
    if len(laid) > room:  # pack without group breaks
        flat = [b for g in body for b in g]
        laid = [flat[i : i + PER_ROW] for i in range(0, len(flat), PER_ROW)]
    dropped = sum(len(r) for r in laid[room:])
    return laid[:room] + tail_rows, dropped


def make_view(groups: list[list[FxButton]]) -> tuple[discord.ui.View | None, int]:
    """A view of `groups` laid out by `layout`: (view or None if empty, buttons dropped)."""
    rows, dropped = layout(groups)
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
