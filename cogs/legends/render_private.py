"""Private renderers: a player's hand panel, deck and prompt labels, from that player's
`PlayerView` or their own runners. Used only for ephemeral replies and opted-in DMs;
the public ones are in `render`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.common.text import COLOR_PRIVATE, FOOTER_MAX, TITLE_MAX, clip
from cogs.legends.render import (
    SUIT_LEGEND,
    card_line,
    fit_lines,
    now_line,
    obstacle_health,
    plan_head,
    to_hit_line,
)
from rules.core.text import count
from rules.legends.cards import ContentPack, PlayerCard
from rules.legends.state import Runner
from rules.legends.view import BoardView, PlayerView, PromptView


def _hand_lines(view: PlayerView) -> list[str]:
    seats = {s.seat: s for s in view.board.seats}
    lines: list[str] = []
    for seat, hand in view.hands.items():
        sv = seats.get(seat)
        merc = sv is not None and sv.is_merc
        who = f"Your merc's hand ({sv.role.title()})" if merc and sv else "Your hand"
        if lines:
            lines.append("")
        lines.append(f"**{who}** · {count(len(hand), 'card')}")
        lines.extend(card_line(c, 120 if len(hand) <= 8 else 50) for c in hand)
        if not hand:
            lines.append("(empty)")
    return lines


def hand_text(view: PlayerView) -> str:
    lines = _hand_lines(view)
    for p in view.prompts:
        lines.append(f"⏳ **Your choice:** {p.text}")
    return "\n".join(lines)


def _your_move(view: PlayerView) -> str:
    """What this person is expected to do now, in a few words."""
    b = view.board
    mine = [s for s in b.seats if s.seat in view.seats]
    if view.prompts:
        return "⏳ **Your choice** — tap an option below."
    if b.phase == "plan" and any(s.turn for s in mine):
        merc = any(s.turn and s.is_merc for s in mine)
        return (
            "▶ **Your merc's turn**" if merc else "▶ **Your turn**"
        ) + " — tap a card below to play it."
    if b.phase == "flip" and any(s.leader for s in mine):
        return "▶ **You flip** (you hold the Leader Token) — tap **Flip** below."
    if b.phase == "vote" and view.legal:
        return "🗳️ **Vote** below."
    if b.phase == "cleanup" and any(s.ready is False for s in mine):
        return "🧹 **Clean-up** — discard if you like (🗑️), then tap **Ready** to draw up."
    return now_line(b)


def _table_glance(b: BoardView) -> list[str]:
    """What a player needs next to their hand: the Plan, each Obstacle's To Hit, Health."""
    out = []
    for ob in b.obstacles[:6]:
        out.append(f"🎯 **{ob.name}** {obstacle_health(ob)} — {to_hit_line(ob.to_hit)}")
    if len(b.obstacles) > 6:
        out.append(f"🎯 …and {len(b.obstacles) - 6} more (see the board)")
    if b.phase in ("plan", "assign") or b.plan:
        out.append(plan_head(b))
    out.append(f"❤️ Health {b.health}/{b.max_health}")
    return out


def hand_embed(view: PlayerView, notes: Sequence[str] = ()) -> discord.Embed:
    b = view.board
    head = list(notes)
    if b.scenario is not None:
        head.append(_your_move(view))
        head.extend(_table_glance(b))
    body = hand_text(view) or "You have no cards in hand."
    if view.legal:
        body += "\n\n_Buttons below, or `/legends play` · `choose` · `discard` · `ready`._"
    head_text = fit_lines(head, 1500)
    text = head_text + ("\n\n" if head else "") + fit_lines(body.split("\n"), 3800 - len(head_text))
    title = "Your hand" + (
        f" · {b.scenario}, round {b.round}"
        if b.scenario and b.round
        else f" · {b.scenario}"
        if b.scenario
        else ""
    )
    embed = discord.Embed(
        title=clip(title, TITLE_MAX), colour=COLOR_PRIVATE, description=clip(text, 3800)
    )
    embed.set_footer(
        text=clip(
            f"🔒 Only you can see this · {SUIT_LEGEND}\n{b.campaign} · "
            f"table {b.table} · v{b.version}",
            FOOTER_MAX,
        )
    )
    return embed


def prompt_option_label(
    prompts: Sequence[PromptView], key: str, merc_seats: set[int], merc: bool
) -> str:
    for p in prompts:
        if (p.seat in merc_seats) != merc:
            continue
        for o in p.options:
            if o.key == key:
                return o.label
    return key


def card_label(card: PlayerCard) -> str:
    suits = " ".join(s.value.title() for s in card.suits)
    return f"{card.name} [{card.rank_label()}{' ' + suits if suits else ''}]"


def deck_embed(runners: Sequence[Runner], content: ContentPack) -> discord.Embed:
    parts = []
    for r in runners:
        counts: dict[str, int] = {}
        for c in r.deck:
            counts[c] = counts.get(c, 0) + 1
        who = "Your merc" if r.is_merc else "Your deck"
        lines = [
            f"**{who}** ({r.role.value.title()}): {count(len(r.deck), 'card')} · "
            f"{count(r.eddies, 'Eddie')} (spent {r.eddies_spent})"
        ]
        for cid, n in sorted(counts.items(), key=lambda kv: content.cards[kv[0]].name):
            lines.append(f"{n}× {card_label(content.cards[cid])}")
        parts.append("\n".join(lines))
    return discord.Embed(
        title="Your deck", colour=COLOR_PRIVATE, description=clip("\n\n".join(parts), 4000)
    )
