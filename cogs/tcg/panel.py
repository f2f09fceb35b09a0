"""A player's private panel (their hand and a control for every legal action) and the
payment prompt (T27).

**Every legal action is reachable from the panel.** Up to 25 actions are buttons (5 rows
of 5). With more, the first 20 are buttons and the rest are options of a select menu in
the fifth row (the shared `FxSelect`: a pick is a click of the `do` button with that
action's index); past 25 more, the menu shows 24 at a time and its last option opens the
next page of the menu. Concede stays a command: one stray tap must not end a duel.

**Payment (T27): the payer picks which sources pay.** Eddies are interchangeable, so a
payment is which Legends it spends (`rules.tcg.legal.payment_variants`). When an action
can be paid in more than one way, choosing it (a button, a pick, a command) answers with
a prompt: one button per way to pay, carrying the action's index and the way's index at
that version (`fx:tcg:pay:{duel}:{version}:{i}.{j}`). A face-down Legend is named by its
slot only: nobody, its owner included, knows which Legend lies there (§14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.i18n import SOURCE, name_list, t, tcount
from cogs.common import ids
from cogs.common.buttons import MAX_BUTTONS, Spec, make_view, spec
from cogs.common.selects import MAX_OPTIONS, FxSelect, Option, make_view_with_selects
from cogs.common.text import COLOR_PRIVATE
from cogs.tcg import render
from cogs.tcg.runtime import DO, PAY
from rules.tcg import actions as act
from rules.tcg.legal import payment_amount, payment_variants
from rules.tcg.state import Duel
from rules.tcg.view import DuelView, visible_names

if TYPE_CHECKING:
    from cogs.tcg.runtime import TcgRuntime

#: Buttons shown when the rest go to the select menu (4 rows; the 5th holds the menu).
BUTTONS_BEFORE_MENU = 20
#: Options of one page of the menu when it needs a link to its next page.
PAGE = MAX_OPTIONS - 1
PAGE_PREFIX = "p"


# A button's style by its action's exact type (the actions have no subclasses, and an
# `isinstance` on a pydantic model class takes the slow path of an ABC).
_STYLES: dict[type, discord.ButtonStyle] = {
    act.End: discord.ButtonStyle.secondary,
    act.Pass: discord.ButtonStyle.secondary,
    act.Keep: discord.ButtonStyle.secondary,
    act.Attack: discord.ButtonStyle.danger,
    act.Block: discord.ButtonStyle.danger,
}


def _style(a: act.Action) -> discord.ButtonStyle:
    return _STYLES.get(type(a), discord.ButtonStyle.primary)


def panel_actions(legal: Sequence[act.Action]) -> list[tuple[int, act.Action]]:
    """The actions a panel offers, with their index in `legal`: all but Concede."""
    return [(i, a) for i, a in enumerate(legal) if not isinstance(a, act.Concede)]


def panel(
    rt: TcgRuntime,
    state: Duel,
    player: str,
    notes: Sequence[str],
    page: int = 0,
    loc: str = SOURCE,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """`player`'s private panel: their view of the duel and a control per legal action
    (`page`: which page of the overflow menu), in the reader's language `loc`."""
    seat = rt.seat_of(state, player)
    assert seat is not None
    v = rt.view_for(state, player, loc)
    offered = panel_actions(rt.legal(state, player))

    def button(i: int, a: act.Action) -> Spec:
        return spec(
            ids.ButtonId(rt.game, DO, state.id, state.version, str(i)),
            text=render.action_label(a, v, loc),
            style=_style(a),
        )

    view: discord.ui.View | None
    extra: list[str] = []
    if len(offered) <= MAX_BUTTONS:
        view, _ = make_view([[button(i, a) for i, a in offered], []])
    else:
        shown, rest = offered[:BUTTONS_BEFORE_MENU], offered[BUTTONS_BEFORE_MENU:]
        options, where = _menu_page(rest, v, page, loc)
        more = tcount(loc, len(rest), "more option")
        select = FxSelect(
            ids.ButtonId(rt.game, DO, state.id, state.version),
            options,
            placeholder=t(loc, "{more}{where}: pick one", more=more, where=where),
        )
        view, _ = make_view_with_selects([[button(i, a) for i, a in shown], []], [select])
        extra.append(t(loc, "({more} in the menu below the buttons.)", more=more))
    embed = render.hand_embed(v, seat, [*notes, *extra], loc)
    return embed, view


def _menu_page(
    rest: list[tuple[int, act.Action]], v: DuelView, page: int, loc: str = SOURCE
) -> tuple[list[Option], str]:
    """The menu's options: all of `rest` if they fit, else page `page` of them and a last
    option that opens the next page (the last page's opens the first)."""
    if len(rest) <= MAX_OPTIONS:
        return [Option(render.action_label(a, v, loc), str(i)) for i, a in rest], ""
    pages = [rest[k : k + PAGE] for k in range(0, len(rest), PAGE)]
    page %= len(pages)
    options = [Option(render.action_label(a, v, loc), str(i)) for i, a in pages[page]]
    nxt = (page + 1) % len(pages)
    options.append(
        Option(
            t(loc, "More options… (page {n} of {of})", n=nxt + 1, of=len(pages)),
            f"{PAGE_PREFIX}{nxt}",
            description=t(loc, "shows the next options in this menu"),
        )
    )
    return options, t(loc, " (page {n} of {of})", n=page + 1, of=len(pages))


def menu_page(arg: str) -> int | None:
    """The page a menu's page link opens, or None if `arg` is not one."""
    if arg.startswith(PAGE_PREFIX) and arg[len(PAGE_PREFIX) :].isdigit():
        return int(arg[len(PAGE_PREFIX) :])
    return None


# ---- payment (T27) -------------------------------------------------------------------


def payment_choices(rt: TcgRuntime, state: Duel, action: act.Action) -> list[act.Action]:
    """The ways `action` can be paid when its payer has a choice (more than one), else []."""
    if not isinstance(action, act.Play | act.Call | act.Activate) or action.pay is not None:
        return []
    # Cached per version, like the legal actions: the prompt and its click (or `/tcg
    # choose`, its autocomplete) ask for the same action's ways at the same version.
    found = rt.memo.compute(
        state.id,
        state.version,
        ("ways", action),
        lambda: _ways(state, rt, action),
    )
    return list(found)


def _ways(state: Duel, rt: TcgRuntime, action: act.Action) -> tuple[act.Action, ...]:
    variants = payment_variants(state, rt.content, action)
    return tuple(variants if len(variants) > 1 else ())


def payment_label(
    state: Duel, v: DuelView, seat: int, pay: Sequence[str], loc: str = SOURCE
) -> str:
    """ "Pay with 1 Eddie and slot 2 (face-down)": a face-down Legend by its slot only."""
    st = state.seats[seat]
    eddies = {e.inst for e in st.eddies}
    n = sum(1 for x in pay if x in eddies)
    parts = [tcount(loc, n, "Eddie")] if n else []
    names = visible_names(v)
    for k, sl in enumerate(st.legends):
        if sl.inst is not None and sl.inst in pay:
            if sl.face_up:
                name = names.get(sl.inst) or t(loc, "a Legend")
                parts.append(t(loc, "{card} (slot {n})", card=name, n=k + 1))
            else:
                parts.append(t(loc, "slot {n} (face-down)", n=k + 1))
    return t(loc, "Pay with {what}", what=name_list(loc, parts))


def payment_prompt(
    rt: TcgRuntime,
    state: Duel,
    player: str,
    index: int,
    variants: Sequence[act.Action],
    loc: str = SOURCE,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The prompt for paying legal action `index`: a button for each way to pay."""
    seat = rt.seat_of(state, player)
    assert seat is not None
    v = rt.view_for(state, player, loc)
    action = variants[0]
    amount = payment_amount(state, rt.content, action)
    buttons = [
        spec(
            ids.ButtonId(rt.game, PAY, state.id, state.version, f"{index}.{j}"),
            text=payment_label(state, v, seat, w.pay or (), loc),
            style=discord.ButtonStyle.primary,
        )
        for j, w in enumerate(variants)
        if isinstance(w, act.Play | act.Call | act.Activate)
    ]
    view, _ = make_view([buttons, []])
    embed = discord.Embed(
        title=t(loc, "How do you pay?"),
        description=t(
            loc,
            "**{action}** costs {amount} €$. Pick what pays: Eddies are all alike; which "
            'Legend you spend matters (its abilities, a later Call, a "when spent" effect).',
            action=render.action_label(action, v, loc),
            amount=amount,
        ),
        colour=COLOR_PRIVATE,
    )
    return embed, view


def payment_items(
    rt: TcgRuntime,
    state: Duel,
    player: str,
    pending: tuple[int, int] | None,
    loc: str = SOURCE,
) -> list[tuple[str, str, act.Action]]:
    """The ways to pay of the payment prompt `pending` (its version and action index) as
    `/tcg choose` options (name, key, action); [] once the duel has moved on."""
    seat = rt.seat_of(state, player)
    if pending is None or seat is None or pending[0] != state.version:
        return []
    legal = rt.legal(state, player)
    if pending[1] >= len(legal):
        return []
    v = rt.view_for(state, player, loc)
    ways = payment_choices(rt, state, legal[pending[1]])
    return [
        (payment_label(state, v, seat, w.pay or (), loc), f"pay{j}", w)
        for j, w in enumerate(ways)
        if isinstance(w, act.Play | act.Call | act.Activate)
    ]


def payment_pick(arg: str) -> tuple[int, int] | None:
    """(action index, way index) from a payment button's argument."""
    i, sep, j = arg.partition(".")
    if not sep or not i.isdigit() or not j.isdigit():
        return None
    return int(i), int(j)
