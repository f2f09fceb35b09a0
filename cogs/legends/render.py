"""Discord rendering: embeds and message text from the view models.

Public renderers (`board_embed`, `event_lines`, `status_line`, `campaign_embed`, …) take
only `BoardView`, public events and public campaign fields. Private renderers
(`hand_embed`, `deck_embed`, `shop_embed`) take a `PlayerView` or the caller's own runner
and are used only for ephemeral replies and opted-in DMs. Nothing here reads a raw hand.

Discord's limits are enforced here: 2,000 characters of content, 4,096 per embed
description, 256 per title, 6,000 per message's embeds, 80 per button label.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import discord

from rules.core.events import Event
from rules.legends.cards import ContentPack, PlayerCard
from rules.legends.state import Runner, Table
from rules.legends.view import BoardView, CardView, PlayerView, PromptView

CONTENT_MAX = 2000
DESCRIPTION_MAX = 4096
TITLE_MAX = 256
EMBEDS_TOTAL_MAX = 6000
LABEL_MAX = 80

COLOR_BOARD = discord.Colour(0x00B3B3)  # "eye-wateringly teal"
COLOR_EVENTS = discord.Colour(0xF2C94C)
COLOR_PRIVATE = discord.Colour(0x9B51E0)
COLOR_BAD = discord.Colour(0xEB5757)

# Events that mark a natural point for a fresh, full board message.
NATURAL = frozenset({
    "run_started", "flipped", "round", "executed", "cleanup", "vote", "vote_result",
    "leader", "await_flip", "complete", "flatlined", "abandoned", "campaign_done",
    "trauma", "trauma_done", "plan_cut_short",
})
RUN_OVER = frozenset({"complete", "flatlined", "abandoned"})

_COMMAND = re.compile(r"(?<!`)/legends (\w+)")


def clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)].rstrip() + "…"


def label(text: str) -> str:
    return clip(text, LABEL_MAX)


def _cmd(text: str) -> str:
    return _COMMAND.sub(r"`/legends \1`", text)


def is_natural(events: Iterable[Event]) -> bool:
    return any(e.kind in NATURAL for e in events)


# ---- public -----------------------------------------------------------------------------


# The mark before a public event's line, by kind (the bold ones mark a run's end or start).
_EVENT_MARK = {"executed": "💥", "obstacle_damaged": "🎯", "obstacle_cleared": "🏁",
               "crew_damaged": "🩸", "healed": "💚", "round": "🔁", "vote": "🗳️",
               "vote_result": "🗳️", "card_entered": "🂠", "cleanup": "🧹"}
_EVENT_MARK_BOLD = {"complete": "🏆", "campaign_done": "🏆", "trauma_done": "🏆",
                    "flatlined": "☠️", "trauma": "☠️", "run_started": "🌃"}


def event_line(e: Event) -> str | None:
    text = _cmd(e.text)
    k = e.kind
    if k == "flipped":
        return "🃏 Flipped:\n" + "\n".join("> " + line for line in text.splitlines())
    if k == "to_hit":
        return ("✅ " if e.data.get("hit") else "❌ ") + text
    if k in _EVENT_MARK:
        return f"{_EVENT_MARK[k]} {text}"
    if k in _EVENT_MARK_BOLD:
        return f"{_EVENT_MARK_BOLD[k]} **{text}**"
    if k == "turn":
        return None  # the status line says whose turn it is, with a mention
    return "• " + text


def event_lines(events: Iterable[Event]) -> list[str]:
    """Public events as lines. Callers pass only public events (seats None)."""
    out = []
    for e in events:
        if e.seats is not None:
            continue  # defensive: never render a private event publicly
        line = event_line(e)
        if line:
            out.append(line)
    return out


def _obstacle_block(b: BoardView) -> list[str]:
    if not b.obstacles:
        return ["**Obstacles:** none active"]
    out = ["**Obstacles**"]
    for ob in b.obstacles:
        left = max(0, ob.health - ob.damage_taken)
        out.append(f"• **{ob.name}** — Health {left}/{ob.health} ({ob.damage_taken} Damage "
                   f"taken); deals {ob.damage} Damage each round it stands")
        out.append("  To Hit: " + " **or** ".join(ob.to_hit))
        if ob.plan_size:
            out.append(f"  Plan Size {ob.plan_size:+d} while it is active")
        if ob.text:
            out.append("  _" + clip(ob.text.replace("\n", " "), 300) + "_")
    return out


def _plan_block(b: BoardView) -> list[str]:
    if not (b.phase in ("plan", "assign") or b.plan):
        return []
    out = [f"**Plan** {len(b.plan)}/{b.plan_size} — makes: {b.makes or 'nothing yet'}; "
           f"Damage so far: {b.damage_now}"]
    for i, p in enumerate(b.plan, 1):
        how = "puts" if p.put else "plays"
        out.append(f"{i}. {p.seat_name} {how} {p.card.label}"
                   + (f" — {clip(p.card.text, 120)}" if p.card.text else ""))
    return out


def _crew_block(b: BoardView) -> list[str]:
    out = ["**Crew**"]
    for s in b.seats:
        marks = []
        if s.leader:
            marks.append("Leader")
        if s.turn:
            marks.append("to play")
        if s.ready is not None:
            marks.append("ready" if s.ready else "cleaning up")
        mark = f" [{', '.join(marks)}]" if marks else ""
        arrow = "▶ " if s.turn else ""
        out.append(f"{arrow}{s.name} ({s.role.title()}){mark}: hand {s.hand_count}, "
                   f"deck {s.deck_count}, discard {s.discard_count}")
    return out


def board_text(b: BoardView) -> str:
    if b.scenario is None:
        return f"{b.campaign}: no run in progress."
    lines = [f"❤️ Health **{b.health}/{b.max_health}** · Leader: **{b.leader or '-'}** · "
             f"Plan Size {b.plan_size} · Scenario Cards left: {b.scenario_cards_left}"]
    lines += _obstacle_block(b)
    lines += _plan_block(b)
    lines += _crew_block(b)
    if b.vote:
        lines.append("**Vote:** " + "; ".join(f"{o.key}: {o.label}" for o in b.vote))
        if b.votes:
            lines.append("Votes so far: " + ", ".join(f"{n}: {k}" for n, k in b.votes.items()))
    for pr in b.prompts:
        lines.append(f"⏳ {pr.text}")
    lines.append(f"**Now:** {b.waiting_on}.")
    return "\n".join(lines)


def board_embed(b: BoardView) -> discord.Embed:
    title = b.campaign
    if b.scenario:
        title = f"{b.scenario} — Round {b.round}" if b.round else b.scenario
    embed = discord.Embed(title=clip(title, TITLE_MAX), colour=COLOR_BOARD,
                          description=clip(board_text(b), 3000))
    embed.set_footer(text=f"{b.campaign} · table {b.table} · v{b.version}")
    return embed


def events_embed(lines: Sequence[str], title: str = "What happened") -> discord.Embed:
    return discord.Embed(title=title, colour=COLOR_EVENTS,
                         description=clip("\n".join(lines), 2800))


def status_line(b: BoardView, mentions: dict[str, str]) -> str:
    """`mentions`: player id -> mention text for the people the table waits on."""
    if b.scenario is None:
        return ""
    who = " ".join(mentions.values())
    return clip(f"**Now:** {b.waiting_on}." + (f" {who}" if who else ""), 600)


def campaign_embed(table: Table, content: ContentPack) -> discord.Embed:
    """Between runs: roster, progress and what comes next (public campaign fields only)."""
    camp = content.campaigns[table.campaign]
    lines = [f"Campaign **{camp.name}** · max Health {table.max_health}"]
    done = [content.scenarios[s].name for s in table.completed if s in content.scenarios]
    lines.append("Completed: " + (", ".join(done) if done else "nothing yet"))
    if table.history:
        last = table.history[-1]
        lines.append(f"Last run: {content.scenarios[last.scenario].name}: {last.outcome}, "
                     f"Health {last.health}, {last.rounds} rounds")
    lines.append("Next: " + next_run_label(table, content))
    lines.append("**Crew**")
    if not table.runners:
        lines.append("nobody yet — take a seat with `/legends join`")
    for r in table.runners:
        kind = " merc" if r.is_merc else ""
        lines.append(f"• {r.name} ({r.role.value.title()}{kind}): {r.eddies} Eddies, "
                     f"deck of {len(r.deck)} cards")
    if table.clues:
        lines.append(f"Clues set aside: {len(table.clues)} (`/legends clues`)")
    embed = discord.Embed(title=clip(table.name, TITLE_MAX), colour=COLOR_BOARD,
                          description=clip("\n".join(lines), 3500))
    embed.set_footer(text=f"table {table.id} · v{table.version}")
    return embed


def next_run_label(table: Table, content: ContentPack) -> str:
    camp = content.campaigns[table.campaign]
    if table.next_trauma is not None:
        return content.scenarios[table.next_trauma].name + " (Trauma Pack)"
    if table.progress < len(camp.scenarios):
        return content.scenarios[camp.scenarios[table.progress]].name
    return "the campaign is complete; the owner can replay any scenario"


def clue_cards(table: Table, content: ContentPack) -> list[tuple[str, str, str | None]]:
    """(name, text, puzzle line) of the Clue cards set aside: public, face-up cards."""
    out = []
    for ref in table.clues:
        scen_id, order = ref.split(":")
        card = next(c for c in content.scenarios[scen_id].cards if c.order == int(order))
        puzzle = None
        if card.puzzle is not None:
            state = "solved" if card.puzzle.id in table.solved else "unsolved"
            puzzle = f"Puzzle ({state}): {card.puzzle.question}"
        out.append((card.name, card.text, puzzle))
    return out


def clues_embed(table: Table, content: ContentPack) -> discord.Embed:
    cards = clue_cards(table, content)
    if not cards:
        text = "No Clue cards set aside yet."
    else:
        parts = []
        for name, body, puzzle in cards:
            parts.append(f"**{name}**\n{body}" + (f"\n_{puzzle}_ — answer with "
                                                  "`/legends solve`" if puzzle else ""))
        text = "\n\n".join(parts)
    return discord.Embed(title="Clues", colour=COLOR_BOARD, description=clip(text, 4000))


def memory_embed(table: Table) -> discord.Embed:
    text = "\n".join(f"• {m}" for m in table.memory) or "Nothing recorded yet."
    return discord.Embed(title="Persistent Memory", colour=COLOR_BOARD,
                         description=clip(text, 4000))


# ---- private (ephemeral replies and opted-in DMs only) -------------------------------------


def card_line(c: CardView) -> str:
    suits = " ".join(s.title() for s in c.suits)
    return (f"**{c.name}** [{c.ranks}{' ' + suits if suits else ''}]"
            + (f" — {c.text}" if c.text else ""))


def hand_text(view: PlayerView) -> str:
    seats = {s.seat: s for s in view.board.seats}
    lines: list[str] = []
    for seat, hand in view.hands.items():
        sv = seats.get(seat)
        who = "Your merc's hand" if sv is not None and sv.is_merc else "Your hand"
        lines.append(f"**{who}** ({len(hand)} card{'' if len(hand) == 1 else 's'})")
        lines.extend(f"• {card_line(c)}" for c in hand)
        if not hand:
            lines.append("(empty)")
    for p in view.prompts:
        lines.append(f"⏳ **Your choice:** {p.text}")
    return "\n".join(lines)


def hand_embed(view: PlayerView, notes: Sequence[str] = ()) -> discord.Embed:
    b = view.board
    head = list(notes)
    if b.scenario is not None:
        head.append(f"{b.scenario}, round {b.round} · Health {b.health}/{b.max_health} · "
                    f"Plan {len(b.plan)}/{b.plan_size} ({b.makes or 'nothing yet'})")
        head.append(f"Now: {b.waiting_on}.")
    body = hand_text(view) or "You have no cards in hand."
    if view.legal:
        body += "\n\nUse the buttons below (or `/legends play`, `choose`, `discard`, `ready`)."
    text = "\n".join(head) + ("\n\n" if head else "") + body
    embed = discord.Embed(title=clip(f"{b.campaign}: your hand", TITLE_MAX),
                          colour=COLOR_PRIVATE, description=clip(text, 3800))
    embed.set_footer(text=f"Only you can see this · table {b.table} · v{b.version}")
    return embed


def prompt_option_label(prompts: Sequence[PromptView], key: str, merc_seats: set[int],
                        merc: bool) -> str:
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
        lines = [f"**{who}** ({r.role.value.title()}): {len(r.deck)} cards · "
                 f"{r.eddies} Eddies (spent {r.eddies_spent})"]
        for cid, n in sorted(counts.items(), key=lambda kv: content.cards[kv[0]].name):
            lines.append(f"{n}× {card_label(content.cards[cid])}")
        parts.append("\n".join(lines))
    return discord.Embed(title="Your deck", colour=COLOR_PRIVATE,
                         description=clip("\n\n".join(parts), 4000))


def refusal_embed(message: str) -> discord.Embed:
    return discord.Embed(description=clip("🚫 " + _cmd(message), 4000), colour=COLOR_BAD)


def fit_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """Keep a message's embeds under Discord's 6,000-character total."""
    total = sum(len(e) for e in embeds)
    while total > EMBEDS_TOTAL_MAX and embeds:
        biggest = max(embeds, key=lambda e: len(e.description or ""))
        over = total - EMBEDS_TOTAL_MAX
        desc = biggest.description or ""
        biggest.description = clip(desc, max(10, len(desc) - over - 10))
        total = sum(len(e) for e in embeds)
    return embeds
