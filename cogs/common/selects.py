"""Select menus: one DynamicItem class for every Fixer select of every game (`fxs:…` ids).

Like `FxButton`, it rebuilds any select of any message ever sent (after a restart, in a
DM) and routes the pick by the game its id names. A pick of the option `value` in the
select of `fxs:{game}:{action}:{table}:{version}` is handed to the game as a click of the
button `fx:{game}:{action}:{table}:{version}:{value}` (`ids.picked`), so a game needs no
second way of handling input: a select is one more button per option, for when there
are more options than a message has room for buttons (5 rows of 5).

The house registers it with its listeners (`HouseCog.cog_load`), so every bot that has a
house routes selects, without a line in the bot's start-up.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from cogs.common import ids
from cogs.common.buttons import MAX_ROWS, FxButton, Router, Spec, layout

MAX_OPTIONS = 25
OPTION_TEXT_MAX = 100


@dataclass(frozen=True)
class Option:
    """One option: what it says, the argument its pick sends, an optional second line."""

    label: str
    value: str
    description: str | None = None


def _clip(text: str) -> str:
    return text if len(text) <= OPTION_TEXT_MAX else text[: OPTION_TEXT_MAX - 1] + "…"


class FxSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT_TEMPLATE):
    def __init__(
        self,
        bid: ids.ButtonId,
        options: Sequence[Option] = (),
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        if len(options) > MAX_OPTIONS:
            raise ValueError(f"a select holds at most {MAX_OPTIONS} options, not {len(options)}")
        super().__init__(
            discord.ui.Select(
                custom_id=ids.encode_select(bid),
                placeholder=_clip(placeholder) if placeholder else None,
                options=[
                    discord.SelectOption(
                        label=_clip(o.label) or "·",
                        value=o.value[:OPTION_TEXT_MAX],
                        description=_clip(o.description) if o.description else None,
                    )
                    for o in options
                ],
                row=row,
            )
        )
        self.bid = bid

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> FxSelect:
        bid = ids.parse_select(match.string)
        if bid is None:
            raise ValueError("not a Fixer select")
        return cls(bid)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        data: Any = interaction.data or {}
        values = [str(v) for v in data.get("values") or ()]
        router: Router | None = getattr(interaction.client, "house", None)
        if router is not None and values:
            await router.click(interaction, ids.picked(self.bid, values[0]))


def make_view_with_selects(
    groups: Sequence[Sequence[Spec | FxButton]], selects: Sequence[FxSelect]
) -> tuple[discord.ui.View | None, int]:
    """Like `buttons.make_view`, with select menus in the last rows (a select takes a row
    of its own): (view or None if empty, buttons dropped)."""
    room = MAX_ROWS - len(selects)
    if room < 0:
        raise ValueError(f"a message holds at most {MAX_ROWS} rows")
    rows, dropped = layout(groups, rows=room)
    if not any(rows) and not selects:
        return None, dropped
    view = discord.ui.View(timeout=None)
    n = 0
    for row in (r for r in rows if r):
        for b in row:
            view.add_item(FxButton.of(b, row=n))
        n += 1
    for s in selects:
        s.item.row = n
        view.add_item(s)
        n += 1
    view.stop()  # dispatched by custom id, as in buttons.make_view
    return view, dropped
