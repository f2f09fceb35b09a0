"""Discord rendering: embeds and message text from the view models.

Public renderers (`board_embed`, `event_lines`, `status_line`, `campaign_embed`, …) take
only `BoardView`, public events and public campaign fields. Private renderers
(`hand_embed`, `deck_embed`, `shop_embed`) take a `PlayerView` or the caller's own runner
and are used only for ephemeral replies and opted-in DMs. Nothing here reads a raw hand.

Discord's limits are enforced here: 2,000 characters of content, 4,096 per embed
description, 256 per title, 6,000 per message's embeds, 80 per button label.

Discord's limits and the house colours come from cogs/common/text.py (re-exported here
for the Legends modules: `render.clip`, `render.CONTENT_MAX`, …).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import discord

from cogs.common import text as house_text
from cogs.common.text import COLOR_BOARD as COLOR_BOARD
from cogs.common.text import COLOR_EVENTS as COLOR_EVENTS
from cogs.common.text import COLOR_PRIVATE as COLOR_PRIVATE
from cogs.common.text import CONTENT_MAX as CONTENT_MAX
from cogs.common.text import EMBEDS_TOTAL_MAX as EMBEDS_TOTAL_MAX
from cogs.common.text import FIELD_NAME_MAX as FIELD_NAME_MAX
from cogs.common.text import FIELD_VALUE_MAX as FIELD_VALUE_MAX
from cogs.common.text import FOOTER_MAX as FOOTER_MAX
from cogs.common.text import TITLE_MAX as TITLE_MAX
from cogs.common.text import clip as clip
from cogs.common.text import fit_embeds as fit_embeds
from cogs.legends import howto
from rules.core.events import Event
from rules.core.text import count, name_list
from rules.legends.cards import ContentPack
from rules.legends.damage import past_health
from rules.legends.state import Table
from rules.legends.view import (
    BoardView,
    CardView,
    ObstacleView,
    SeatView,
)

COMMAND = "legends"  # the slash-command group

# Events that mark a natural point for a fresh, full board message.
NATURAL = frozenset(
    {
        "run_started",
        "flipped",
        "round",
        "executed",
        "cleanup",
        "vote",
        "vote_result",
        "leader",
        "await_flip",
        "complete",
        "flatlined",
        "abandoned",
        "campaign_done",
        "trauma",
        "trauma_done",
        "plan_cut_short",
    }
)
RUN_OVER = frozenset({"complete", "flatlined", "abandoned"})


def _cmd(line: str) -> str:
    return house_text.code_commands(line, COMMAND)


def is_natural(events: Iterable[Event]) -> bool:
    return any(e.kind in NATURAL for e in events)


# ---- symbols and cards ---------------------------------------------------------------------

# One emoji per suit symbol, old enough to render on every phone (no Emoji 12+ glyphs).
SUIT_EMOJI = {"charisma": "💬", "muscle": "💪", "stealth": "👤", "tech": "💾", "any": "🌈"}
SUIT_LEGEND = "💬 Charisma · 💪 Muscle · 👤 Stealth · 💾 Tech · 🌈 Any"


def suit_marks(suits: Iterable[str]) -> str:
    """Suit symbols as emoji, one per symbol (a card with two Muscle symbols: 💪💪)."""
    return "".join(SUIT_EMOJI.get(s.lower(), s.title()) for s in suits)


def card_face(c: CardView) -> str:
    """Rank and symbols: `J/3` 💪🌈 (the same on boards, hands and results)."""
    marks = suit_marks(c.suits)
    return f"`{c.ranks}`" + (f" {marks}" if marks else "")


def card_line(c: CardView, text_max: int = 160) -> str:
    """One card on one line: `J/3` 💪🌈 **Reflex Booster** — +1 Damage."""
    return f"{card_face(c)} **{c.name}**" + (
        f" — {clip(c.text.replace(chr(10), ' '), text_max)}" if c.text else ""
    )


def card_button(c: CardView, limit: int = 34) -> str:
    """A short button label for a card: name, rank, symbols (mobile wraps long labels)."""
    tail = f" · {c.ranks}" + (f" {suit_marks(c.suits)}" if c.suits else "")
    return clip(c.name, max(8, limit - len(tail))) + tail


# ---- To Hit in plain words ------------------------------------------------------------------

_REQ = re.compile(r"^(?P<head>.+?)(?: with (?P<suits>.+?))?(?P<better> or better)?$")
_ARTICLE = {
    "pair": "a Pair",
    "straight": "a Straight",
    "flush": "a Flush",
    "full house": "a Full House",
}


def _suit_words(names: str) -> str:
    parts = [n.strip() for n in names.split(" and ") if n.strip()]
    return " and ".join(f"{SUIT_EMOJI.get(n.lower(), '')} {n.title()}".strip() for n in parts)


def to_hit_text(req: str) -> str:
    """A To Hit requirement as players say it: "Pair with Charisma or better" →
    "a Pair with a 💬 Charisma in it, or better"."""
    m = _REQ.match(req.strip())
    if m is None:
        return req
    head, suits, better = m.group("head"), m.group("suits"), bool(m.group("better"))
    low = head.lower()
    if low.endswith(" flush") and low != "flush":
        suit = head[: -len(" flush")]
        out = f"a {_suit_words(suit)} Flush (5 {suit.title()} symbols)"
    elif low == "flush":
        out = "a Flush (5 of one suit)"
    else:
        out = _ARTICLE.get(low, head)
    if suits:
        out += f" with {'a ' if ' and ' not in suits else ''}{_suit_words(suits)} in it"
    if better:
        out += ", or better" if suits else " or better"
    return out


def to_hit_line(reqs: Sequence[str]) -> str:
    if not reqs:
        return "nothing: any Plan hits"
    return " **or** ".join(to_hit_text(r) for r in reqs)


# ---- public -----------------------------------------------------------------------------


# The mark before a public event's line, by kind (the bold ones mark a run's end or start).
_EVENT_MARK = {
    "executed": "💥",
    "obstacle_damaged": "🎯",
    "obstacle_cleared": "🏁",
    "crew_damaged": "🩸",
    "healed": "💚",
    "round": "🔁",
    "vote": "🗳️",
    "vote_result": "🗳️",
    "card_entered": "🂠",
    "cleanup": "🧹",
    "leader": "👑",
    "await_flip": "🃏",
    "obstacle_healed": "🔧",
    "voted": "🗳️",
    "prompt": "⏳",
    "left_plan": "↩️",
    "plan_cut_short": "✂️",
    "eddies": "💰",
    "reward_cards": "🎁",
    "unlocked": "🛒",
    "memory": "🧠",
    "clue": "🔎",
}
_EVENT_MARK_BOLD = {
    "complete": "🏆",
    "campaign_done": "🏆",
    "trauma_done": "🏆",
    "flatlined": "☠️",
    "trauma": "☠️",
    "run_started": "🌃",
}
_HEADLINE = re.compile(r"^(?P<head>[^:.]{1,60}: [^.]{1,120}\.)\s+(?P<rest>.+)$", re.S)


def event_line(e: Event) -> str | None:
    text = _cmd(howto.event_text(e))
    k = e.kind
    if k == "flipped":
        return "🃏 Flipped:\n" + "\n".join("> " + line for line in text.splitlines())
    if k == "to_hit":
        return ("✅ " if e.data.get("hit") else "❌ ") + text
    if k == "run_started":
        # "Scenario: Name. A long intro…": the name in bold, the intro as a quote.
        m = _HEADLINE.match(text)
        if m:
            return f"🌃 **{m.group('head')}**\n> _{clip(m.group('rest'), 700)}_"
    if k in _EVENT_MARK:
        return f"{_EVENT_MARK[k]} {text}"
    if k in _EVENT_MARK_BOLD:
        return f"{_EVENT_MARK_BOLD[k]} **{text}**"
    if k == "turn":
        return None  # the status line says whose turn it is, with a mention
    return "• " + text


def event_lines(events: Iterable[Event]) -> list[str]:
    """Public events as lines. Callers pass only public events (seats None). The line
    saying the Plan executes comes before the To Hit checks it is made of."""
    out: list[str] = []
    checks = 0  # To Hit lines just before, not yet followed by "executed"
    for e in events:
        if e.seats is not None:
            continue  # defensive: never render a private event publicly
        line = event_line(e)
        if not line:
            continue
        if e.kind == "executed" and checks:
            out.insert(len(out) - checks, line)
        else:
            out.append(line)
        checks = checks + 1 if e.kind == "to_hit" else 0
    return out


# The events embed's title, from the most telling line (by its mark).
_TITLES = (
    ("🏆", "🏆 Run complete"),
    ("☠️", "☠️ Flatlined"),
    ("🌃", "🌃 A new run"),
    ("💥", "💥 The Plan executes"),
    ("🗳️ The crew chose", "🗳️ The crew chose"),
    ("🗳️", "🗳️ The crew must choose"),
    ("🃏 Flipped", "🃏 A card is flipped"),
    ("🧹", "🧹 Clean-up"),
)


def events_title(lines: Sequence[str]) -> str:
    for mark, title in _TITLES:
        if any(line.startswith(mark) for line in lines):
            if mark == "🏆" and any("Campaign" in line for line in lines):
                return "🏆 Campaign complete"
            return title
    return "What happened"


def obstacle_health(ob: ObstacleView) -> str:
    """ "❤️ 12 Health", or once hurt "❤️ 7 left (8/15 Damage)": the same tally as the
    events' "takes 8 Damage (8/15)" (past its Health: "14/14, 4 past its Health")."""
    if not ob.damage_taken:
        return f"❤️ {ob.health} Health"
    left = max(0, ob.health - ob.damage_taken)
    over = past_health(ob.damage_taken, ob.health)
    past = f", {over} past its Health" if over else ""
    return f"❤️ {left} left ({min(ob.damage_taken, ob.health)}/{ob.health} Damage{past})"


def _obstacle_field(ob: ObstacleView, detail: bool = True) -> tuple[str, str]:
    name = f"🎯 {ob.name} · {obstacle_health(ob)}"
    lines = [f"**To Hit:** {to_hit_line(ob.to_hit)}"]
    hits = f"Hits the crew for **{ob.damage}** each round it stands"
    if ob.plan_size:
        hits += f" · Plan Size {ob.plan_size:+d}"
    lines.append(hits)
    if ob.text.strip() and detail:
        lines.append("_" + clip(ob.text.replace("\n", " ").strip(), 300) + "_")
    return clip(name, FIELD_NAME_MAX), clip("\n".join(lines), FIELD_VALUE_MAX)


def plan_head(b: BoardView) -> str:
    makes = f"makes **{b.makes}**" if b.makes else "makes nothing yet"
    return f"🃏 Plan {len(b.plan)}/{b.plan_size} · {makes} · {b.damage_now} Damage"


def _plan_field(b: BoardView, text_max: int = 70) -> tuple[str, str] | None:
    if not (b.phase in ("plan", "assign") or b.plan):
        return None
    name = clip(plan_head(b).replace("**", ""), FIELD_NAME_MAX)
    if not b.plan:
        return name, (f"No cards yet. {b.turn} plays first." if b.turn else "No cards yet.")
    lines = []
    for i, p in enumerate(b.plan, 1):
        how = "put by" if p.put else "by"
        card = card_line(p.card, text_max) if text_max else f"{card_face(p.card)} **{p.card.name}**"
        lines.append(f"{i}. {card} _({how} {p.seat_name})_")
    return name, fit_lines(lines, FIELD_VALUE_MAX)


def _seat_line(s: SeatView) -> str:
    marks = []
    if s.leader:
        marks.append("👑 Leader")
    if s.turn:
        marks.append("**to play**")
    if s.ready is not None:
        marks.append("✅ ready" if s.ready else "⏳ cleaning up")
    arrow = "▶ " if s.turn else ""
    head = f"{arrow}**{s.name}** · {s.role.title()}" + (" · " + " · ".join(marks) if marks else "")
    return f"{head} — hand {s.hand_count}, deck {s.deck_count}, discard {s.discard_count}"


def fit_lines(lines: Sequence[str], limit: int) -> str:
    """Join lines, dropping whole lines (with a count) rather than cutting one mid-way."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for i, line in enumerate(lines):
        more = f"\n…and {len(lines) - i} more"
        if len("\n".join([*kept, clip(line, limit)])) + len(more) > limit:
            return clip("\n".join(kept) + more, limit)
        kept.append(clip(line, limit))
    return clip("\n".join(kept), limit)


def now_line(b: BoardView) -> str:
    return f"**Now:** {b.waiting_on}."


def board_text(b: BoardView) -> str:
    """The board's head: who the table waits on, then Health, Leader and Plan Size."""
    if b.scenario is None:
        return f"{b.campaign}: no run in progress."
    return "\n".join(
        [
            "▶ " + now_line(b),
            f"❤️ Health **{b.health}/{b.max_health}** · 👑 Leader **{b.leader or '-'}** · "
            f"Plan Size **{b.plan_size}** · {count(b.scenario_cards_left, 'Scenario Card')} left",
        ]
    )


MAX_OBSTACLE_FIELDS = 20


BOARD_BUDGET = 4000  # leaves room for the "what happened" embed in the same message


def board_embed(b: BoardView) -> discord.Embed:
    """The public board. Fields, in the order a player reads them to decide: each Obstacle
    (Health, To Hit in words, its Damage), the Plan and what it makes, votes and choices
    waited on, the crew. A crowded board drops the Obstacles' flavour text before
    anything else, so every To Hit stays readable."""
    embed = _board_embed(b, detail=True)
    if len(embed) > BOARD_BUDGET:
        embed = _board_embed(b, detail=False)
    fit_embeds([embed])
    return embed


def _board_embed(b: BoardView, detail: bool) -> discord.Embed:
    title = b.campaign
    if b.scenario:
        title = f"{b.scenario} · Round {b.round}" if b.round else b.scenario
    embed = discord.Embed(
        title=clip(title, TITLE_MAX), colour=COLOR_BOARD, description=clip(board_text(b), 1500)
    )
    if b.scenario is not None:
        obstacles = list(b.obstacles)
        shown = (
            obstacles
            if len(obstacles) <= MAX_OBSTACLE_FIELDS
            else obstacles[: MAX_OBSTACLE_FIELDS - 1]
        )
        for ob in shown:
            name, value = _obstacle_field(ob, detail)
            embed.add_field(name=name, value=value, inline=False)
        if len(shown) < len(obstacles):
            rest = obstacles[len(shown) :]
            embed.add_field(
                name=f"🎯 …and {count(len(rest), 'more Obstacle')}",
                inline=False,
                value=clip(name_list(o.name for o in rest), FIELD_VALUE_MAX),
            )
        if not obstacles:
            embed.add_field(name="🎯 Obstacles", value="None active.", inline=False)
        plan = _plan_field(b, 70 if detail else 0)
        if plan is not None:
            embed.add_field(name=plan[0], value=plan[1], inline=False)
        if b.vote:
            lines = [f"**{o.key}:** {o.label}" for o in b.vote]
            if b.votes:
                lines.append("Votes so far: " + ", ".join(f"{n} → {k}" for n, k in b.votes.items()))
            embed.add_field(name="🗳️ Vote", value=fit_lines(lines, FIELD_VALUE_MAX), inline=False)
        if b.prompts:
            embed.add_field(
                name="⏳ Waiting on a choice",
                inline=False,
                value=fit_lines([p.text for p in b.prompts], FIELD_VALUE_MAX),
            )
        embed.add_field(
            name="👥 Crew",
            inline=False,
            value=fit_lines([_seat_line(s) for s in b.seats], FIELD_VALUE_MAX),
        )
    embed.set_footer(
        text=clip(f"{SUIT_LEGEND}\n{b.campaign} · table {b.table} · v{b.version}", FOOTER_MAX)
    )
    return embed


def events_embed(lines: Sequence[str], title: str | None = None) -> discord.Embed:
    return discord.Embed(
        title=clip(title or events_title(lines), TITLE_MAX),
        colour=COLOR_EVENTS,
        description=fit_lines(lines, 2800),
    )


def status_line(b: BoardView, mentions: dict[str, str]) -> str:
    """`mentions`: player id -> mention text for the people the table waits on."""
    if b.scenario is None:
        return ""
    who = " ".join(mentions.values())
    return clip(now_line(b) + (f" {who}" if who else ""), 600)


_OUTCOME = {"complete": "🏆 won", "flatlined": "☠️ flatlined", "abandoned": "abandoned"}


def campaign_embed(table: Table, content: ContentPack) -> discord.Embed:
    """Between runs: roster, progress and what comes next (public campaign fields only)."""
    camp = content.campaigns[table.campaign]
    lines = [f"⏭️ **Next:** {next_run_label(table, content)}"]
    if table.runners:
        lines.append("The owner starts it with `/legends start`.")
    lines.append(f"📜 Campaign **{camp.name}** · max Health {table.max_health}")
    done = [content.scenarios[s].name for s in table.completed if s in content.scenarios]
    lines.append("✅ Completed: " + (", ".join(done) if done else "nothing yet"))
    if table.history:
        last = table.history[-1]
        lines.append(
            f"⏮️ Last run: {content.scenarios[last.scenario].name} — "
            f"{_OUTCOME.get(last.outcome, last.outcome)}, Health {last.health}, "
            f"{count(last.rounds, 'round')}"
        )
    if table.clues:
        lines.append(f"🔎 Clues set aside: {len(table.clues)} (`/legends clues`)")
    embed = discord.Embed(
        title=clip(table.name, TITLE_MAX),
        colour=COLOR_BOARD,
        description=clip("\n".join(lines), 3000),
    )
    crew = [
        f"• **{r.name}** · {r.role.value.title()}{' merc' if r.is_merc else ''} — "
        f"{count(r.eddies, 'Eddie')}, {len(r.deck)}-card deck"
        for r in table.runners
    ]
    embed.add_field(
        name="👥 Crew",
        inline=False,
        value=fit_lines(crew or ["Nobody yet: take a seat with `/legends join`."], FIELD_VALUE_MAX),
    )
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
            parts.append(
                f"**{name}**\n{body}"
                + (f"\n_{puzzle}_ — answer with `/legends solve`" if puzzle else "")
            )
        text = "\n\n".join(parts)
    return discord.Embed(title="Clues", colour=COLOR_BOARD, description=clip(text, 4000))


def memory_embed(table: Table, content: ContentPack) -> discord.Embed:
    text = "\n".join(f"• {content.memory_name(m)}" for m in table.memory)
    text = text or "Nothing recorded yet."
    return discord.Embed(
        title="Persistent Memory", colour=COLOR_BOARD, description=clip(text, 4000)
    )


def refusal_embed(message: str) -> discord.Embed:
    """A Legends refusal: the house's one refusal drawing, `/legends …` set as code."""
    return house_text.refusal_embed(message, COMMAND)


# ---- whole messages (the publisher's and the panels' composition) -------------------------


def awaited(state: Table) -> list[str]:
    """People the table waits on now, from public fields only (whose turn, open
    prompts, who has not voted or is not ready), in seat order. A vote waits only on
    people who have not voted yet, not on the Leader's right to close it."""
    run = state.run
    if run is None:
        return []
    seats: list[int] = []
    if run.prompts:
        seats = [p.seat for p in run.prompts]
    elif run.phase == "flip":
        seats = [run.leader]
    elif run.phase == "plan" and run.turn is not None:
        seats = [run.turn]
    elif run.phase == "vote":
        seats = [s for s in run.seats if not state.runners[s].is_merc and s not in run.votes]
    elif run.phase == "cleanup":
        seats = [s for s, c in run.cleanup.items() if not c.ready]
    return list(dict.fromkeys(state.runners[s].player for s in seats))


def update_message(
    state: Table,
    b: BoardView,
    lines: list[str],
    natural: bool,
    mentions: dict[str, str],
    content: ContentPack,
) -> tuple[str | None, list[discord.Embed]]:
    """The public update posted after an action: (content, embeds). A natural point gets
    what happened plus a fresh board (or the campaign, when the run is over); anything
    else is one short text message."""
    status = status_line(b, mentions)
    embeds: list[discord.Embed] = []
    text: str | None
    if natural:
        embeds.append(events_embed(lines))
        if state.run is None:
            embeds.append(campaign_embed(state, content))
        else:
            embeds.append(board_embed(b))
        text = status or None
    else:
        text = "\n".join(lines) + (("\n" + status) if status else "")
        if len(text) > CONTENT_MAX:
            embeds.append(events_embed(lines))
            text = status or None
    return text, fit_embeds(embeds)
