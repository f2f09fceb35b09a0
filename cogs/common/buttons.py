"""Buttons: one DynamicItem class for every Fixer button of every game (`fx:…` ids).

Registered once at start-up (`bot.add_dynamic_items(FxButton)`), it rebuilds any button
of any message ever sent — boards, ephemeral hand panels, DMs — after a restart, and
routes the click by the game its id names (`House.click`). Views built here hold only
DynamicItems, so discord.py keeps no per-message state for them.

Also the layout every game's buttons share: groups of buttons into at most 5 rows of 5.

A game describes its buttons as `Spec`s (`spec(...)`: the id, label, style) and
`make_view` lays them out in a `ButtonView`, which writes the message's component payload
straight from the specs. discord.py's `Button` and `DynamicItem` objects, about half of
the cost of a hand panel's 20 buttons at 500 games (docs/benchmarks.md, fourth pass),
are only made if something asks the view for its items (`children`), which sending it
never does: a click is dispatched through the `FxButton` registered at start-up, by its
custom id, whatever object drew the button.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from cogs.common import ids
from cogs.common.text import label

MAX_BUTTONS = 25
MAX_ROWS = 5
PER_ROW = 5
SHORT = 40  # a button label longer than this wraps on a phone
_TEMPLATE = re.compile(ids.TEMPLATE)


@dataclass(frozen=True, slots=True)
class Spec:
    """One button, as the message's payload has it (made by `spec`)."""

    bid: ids.ButtonId
    custom_id: str
    label: str
    style: discord.ButtonStyle
    disabled: bool = False

    def payload(self) -> dict[str, Any]:
        """The component dict discord.py's `Button.to_component_dict` gives for it (the
        same keys, in the same order)."""
        return {
            "type": 2,
            "style": self.style.value,
            "disabled": self.disabled,
            "label": self.label,
            "custom_id": self.custom_id,
        }


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
    def of(cls, s: Spec, row: int | None = None) -> FxButton:
        return cls(s.bid, text=s.label, style=s.style, row=row, disabled=s.disabled)

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


def spec(
    bid: ids.ButtonId,
    *,
    text: str = "",
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
) -> Spec:
    """A button (its label clipped to Discord's limit, "·" if empty). The id must match
    the router's template, as `FxButton` (a DynamicItem) insists."""
    cid = bid.encode()
    if not _TEMPLATE.match(cid):
        raise ValueError(f"item custom_id {cid!r} must match the template {ids.TEMPLATE!r}")
    return Spec(bid, cid, label(text) or "·", style, disabled)


class ButtonView(discord.ui.View):
    """A finished (stopped) view of rows of buttons whose payload is written from their
    specs; the discord.py items are made on first access to `children` (or anything
    that reads them), after which it is an ordinary `View` of `FxButton`s."""

    def __init__(self, rows: Sequence[Sequence[Spec]]) -> None:
        self._pending: list[list[Spec]] | None = None
        super().__init__(timeout=None)
        self._pending = [list(r) for r in rows if r]
        # Dispatched by custom id (see make_view): nothing to track, no timeout task.
        self.stop()

    @property
    def _children(self) -> list[discord.ui.Item[Any]]:
        pending = self._pending
        if pending:
            self._pending = None
            for i, row in enumerate(pending):
                for s in row:
                    self.add_item(FxButton.of(s, row=i))
        return self._made

    @_children.setter
    def _children(self, value: list[discord.ui.Item[Any]]) -> None:
        self._made = value

    @property
    def total_children_count(self) -> int:
        return len(self._children)

    def __repr__(self) -> str:  # without making the items (asyncio's debug repr asks)
        n = sum(map(len, self._pending)) if self._pending is not None else len(self._made)
        return f"<{type(self).__name__} timeout={self.timeout} children={n}>"

    def specs(self) -> list[list[Spec]] | None:
        """The rows of buttons not yet made into items (None once they are)."""
        return self._pending

    def to_components(self) -> list[dict[str, Any]]:
        pending = self._pending
        if pending is None:
            return super().to_components()
        return [{"type": 1, "components": [s.payload() for s in row]} for row in pending]

    def is_dispatchable(self) -> bool:
        return bool(self._pending) or super().is_dispatchable()

    def has_components_v2(self) -> bool:
        return False if self._pending is not None else super().has_components_v2()


def as_spec(b: Spec | FxButton) -> Spec:
    """A button given as an `FxButton` (as a game plugin may) as its spec."""
    if isinstance(b, Spec):
        return b
    i = b.item
    return Spec(b.bid, i.custom_id or b.bid.encode(), i.label or "·", i.style, i.disabled)


def layout(
    groups: Sequence[Sequence[Spec | FxButton]], *, rows: int = MAX_ROWS
) -> tuple[list[list[Spec]], int]:
    """Lay out groups of buttons in `rows` rows (5 unless selects take some): each group
    starts a row (at most 5 buttons a row), the
    last group (the closing actions: Ready, Close vote, Flip) is always kept. If the groups
    need more than 5 rows, they are packed without group breaks; what still does not fit
    is dropped and counted. Duplicate custom ids are dropped."""
    seen: set[str] = set()
    clean: list[list[Spec]] = []
    for g in groups:
        kept = []
        for one in g:
            b = as_spec(one)
            cid = b.custom_id
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


def make_view(groups: Sequence[Sequence[Spec | FxButton]]) -> tuple[discord.ui.View | None, int]:
    """A view of `groups` laid out by `layout`: (view or None if empty, buttons dropped).

    Every button is an FxButton's id, dispatched by its custom_id through the dynamic
    item registered at start-up, so discord.py need not track the view: it is made
    stopped. Left running, an ephemeral reply's view is kept (with a timeout task) for
    15 minutes: thousands of live objects on a busy bot, for nothing."""
    rows, dropped = layout(groups)
    if not any(rows):
        return None, dropped
    return ButtonView(rows), dropped


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
