"""Private renderers: a player's hand panel, deck and prompt labels, from that player's
`PlayerView` or their own runners. Used only for ephemeral replies and opted-in DMs;
the public ones are in `render`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import t, tcount
from cogs.common.text import COLOR_PRIVATE, FOOTER_MAX, TITLE_MAX, clip
from cogs.legends.localize import card_words
from cogs.legends.render import (
    card_line,
    fit_lines,
    now_line,
    obstacle_health,
    plan_head,
    suit_legend,
    to_hit_line,
)
from cogs.legends.render_cards import card_label as card_label
from cogs.legends.words import say
from rules.legends.cards import ContentPack
from rules.legends.state import Runner
from rules.legends.view import BoardView, PlayerView, PromptView


def _hand_lines(view: PlayerView, loc: str = "en") -> list[str]:
    seats = {s.seat: s for s in view.board.seats}
    lines: list[str] = []
    for seat, hand in view.hands.items():
        sv = seats.get(seat)
        merc = sv is not None and sv.is_merc
        who = (
            t(loc, "Your merc's hand ({role})", role=sv.role.title())
            if merc and sv
            else t(loc, "Your hand")
        )
        if lines:
            lines.append("")
        lines.append(f"**{who}** · {tcount(loc, len(hand), 'card')}")
        lines.extend(card_line(c, 120 if len(hand) <= 8 else 50) for c in hand)
        if not hand:
            lines.append(t(loc, "(empty)"))
    return lines


def hand_text(view: PlayerView, *, loc: str = "en") -> str:
    lines = _hand_lines(view, loc)
    for p in view.prompts:
        lines.append(t(loc, "⏳ **Your choice:** {prompt}", prompt=say(loc, p.text)))
    return "\n".join(lines)


def _your_move(view: PlayerView, loc: str = "en") -> str:
    """What this person is expected to do now, in a few words."""
    b = view.board
    mine = [s for s in b.seats if s.seat in view.seats]
    if view.prompts:
        return t(loc, "⏳ **Your choice** — tap an option below.")
    if b.phase == "plan" and any(s.turn for s in mine):
        if any(s.turn and s.is_merc for s in mine):
            return t(loc, "▶ **Your merc's turn** — tap a card below to play it.")
        return t(loc, "▶ **Your turn** — tap a card below to play it.")
    if b.phase == "flip" and any(s.leader for s in mine):
        return t(loc, "▶ **You flip** (you hold the Leader Token) — tap **Flip** below.")
    if b.phase == "vote" and view.legal:
        return t(loc, "🗳️ **Vote** below.")
    if b.phase == "cleanup" and any(s.ready is False for s in mine):
        return t(loc, "🧹 **Clean-up** — discard if you like (🗑️), then tap **Ready** to draw up.")
    return now_line(b, loc=loc)


def _table_glance(b: BoardView, loc: str = "en") -> list[str]:
    """What a player needs next to their hand: the Plan, each Obstacle's To Hit, Health."""
    out = []
    for ob in b.obstacles[:6]:
        out.append(
            f"🎯 **{ob.name}** {obstacle_health(ob, loc=loc)} — {to_hit_line(ob.to_hit, loc=loc)}"
        )
    if len(b.obstacles) > 6:
        out.append(t(loc, "🎯 …and {n} more (see the board)", n=len(b.obstacles) - 6))
    if b.phase in ("plan", "assign") or b.plan:
        out.append(plan_head(b, loc=loc))
    out.append(t(loc, "❤️ Health {health}/{most}", health=b.health, most=b.max_health))
    return out


def hand_embed(view: PlayerView, notes: Sequence[str] = (), *, loc: str = "en") -> discord.Embed:
    b = view.board
    head = list(notes)
    if b.scenario is not None:
        head.append(_your_move(view, loc))
        head.extend(_table_glance(b, loc))
    body = hand_text(view, loc=loc) or t(loc, "You have no cards in hand.")
    if view.legal:
        body += "\n\n" + t(
            loc, "_Buttons below, or `/legends play` · `choose` · `discard` · `ready`._"
        )
    head_text = fit_lines(head, 1500, loc=loc)
    rest = fit_lines(body.split("\n"), 3800 - len(head_text), loc=loc)
    text = head_text + ("\n\n" if head else "") + rest
    if b.scenario and b.round:
        title = t(loc, "Your hand · {scenario}, round {round}", scenario=b.scenario, round=b.round)
    elif b.scenario:
        title = t(loc, "Your hand · {scenario}", scenario=b.scenario)
    else:
        title = t(loc, "Your hand")
    embed = discord.Embed(
        title=clip(title, TITLE_MAX), colour=COLOR_PRIVATE, description=clip(text, 3800)
    )
    foot = t(
        loc,
        "{campaign} · table {table} · v{version}",
        campaign=b.campaign,
        table=b.table,
        version=b.version,
    )
    embed.set_footer(
        text=clip(
            t(loc, "🔒 Only you can see this") + f" · {suit_legend(loc)}\n{foot}",
            FOOTER_MAX,
        )
    )
    return embed


def prompt_option_label(
    prompts: Sequence[PromptView], key: str, merc_seats: set[int], merc: bool, loc: str = "en"
) -> str:
    for p in prompts:
        if (p.seat in merc_seats) != merc:
            continue
        for o in p.options:
            if o.key == key:
                return say(loc, o.label)
    return key


def pack_card_label(content: ContentPack, card_id: str, *, loc: str = "en") -> str:
    """`card_label` of a pack card with its name in the reader's language, when the pack's
    translation gives one (the deck, the shop, their autocompletes)."""
    name, _ = card_words(content, loc, card_id)
    return card_label(content.cards[card_id], loc=loc, name=name)


def shop_embed(
    runners: Sequence[Runner],
    pool: Sequence[str],
    content: ContentPack,
    *,
    open_now: bool,
    loc: str = "en",
) -> discord.Embed:
    """`/legends shop`: the Upgrade Pool's cards with their prices and texts (in the
    reader's language, as the pack's translation words them), and what `runners` (the
    caller's, and their merc) have to spend."""
    lines = []
    for card_id in pool:
        card = content.cards[card_id]
        _, text = card_words(content, loc, card_id)
        lines.append(
            f"• **{pack_card_label(content, card_id, loc=loc)}** — "
            f"{tcount(loc, card.cost, 'Eddie')}" + (f": {text}" if text else "")
        )
    head = ", ".join(
        t(loc, "Your merc: {eddies}", eddies=tcount(loc, r.eddies, "Eddie"))
        if r.is_merc
        else t(loc, "You: {eddies}", eddies=tcount(loc, r.eddies, "Eddie"))
        for r in runners
    ) or t(loc, "You are not seated: join to shop.")
    if not open_now:
        head += "\n" + t(loc, "The Upgrade Pool opens between runs.")
    return discord.Embed(
        title=t(loc, "Upgrade Pool"),
        colour=COLOR_PRIVATE,
        description=clip(head + "\n\n" + "\n".join(lines), 4000),
    )


def deck_embed(
    runners: Sequence[Runner], content: ContentPack, *, loc: str = "en"
) -> discord.Embed:
    parts = []
    for r in runners:
        counts: dict[str, int] = {}
        for c in r.deck:
            counts[c] = counts.get(c, 0) + 1
        who = t(loc, "Your merc") if r.is_merc else t(loc, "Your deck")
        lines = [
            t(
                loc,
                "**{who}** ({role}): {cards} · {eddies} (spent {spent})",
                who=who,
                role=r.role.value.title(),
                cards=tcount(loc, len(r.deck), "card"),
                eddies=tcount(loc, r.eddies, "Eddie"),
                spent=r.eddies_spent,
            )
        ]
        for cid, n in sorted(counts.items(), key=lambda kv: content.cards[kv[0]].name):
            lines.append(f"{n}× {pack_card_label(content, cid, loc=loc)}")
        parts.append("\n".join(lines))
    return discord.Embed(
        title=t(loc, "Your deck"), colour=COLOR_PRIVATE, description=clip("\n\n".join(parts), 4000)
    )
