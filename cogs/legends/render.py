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

from bot.i18n import N_, t, tcount
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
from cogs.legends.localize import campaign_name, memory_name, scenario_name, scene_words
from cogs.legends.render_cards import SUIT_EMOJI as SUIT_EMOJI
from cogs.legends.render_cards import SUIT_LEGEND as SUIT_LEGEND
from cogs.legends.render_cards import card_button as card_button
from cogs.legends.render_cards import card_face as card_face
from cogs.legends.render_cards import card_line as card_line
from cogs.legends.render_cards import suit_legend as suit_legend
from cogs.legends.render_cards import suit_marks as suit_marks
from cogs.legends.render_cards import suit_name as suit_name
from cogs.legends.render_cards import to_hit_line as to_hit_line
from cogs.legends.render_cards import to_hit_text as to_hit_text
from cogs.legends.words import made, say
from rules.core.events import Event
from rules.core.text import name_list
from rules.legends.cards import ContentPack
from rules.legends.damage import past_health
from rules.legends.state import Table
from rules.legends.view import (
    BoardView,
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


def event_line(e: Event, *, loc: str = "en") -> str | None:
    text = _cmd(howto.event_text(e, loc))
    k = e.kind
    if k == "flipped":
        return t(loc, "🃏 Flipped:") + "\n" + "\n".join("> " + line for line in text.splitlines())
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


def event_lines(events: Iterable[Event], *, loc: str = "en") -> list[str]:
    """Public events as lines. Callers pass only public events (seats None). The line
    saying the Plan executes comes before the To Hit checks it is made of."""
    out: list[str] = []
    checks = 0  # To Hit lines just before, not yet followed by "executed"
    for e in events:
        if e.seats is not None:
            continue  # defensive: never render a private event publicly
        line = event_line(e, loc=loc)
        if not line:
            continue
        if e.kind == "executed" and checks:
            out.insert(len(out) - checks, line)
        else:
            out.append(line)
        checks = checks + 1 if e.kind == "to_hit" else 0
    return out


# The events embed's title, from the most telling line (by its mark; marks in English,
# matched on the line as the language wrote it).
_TITLES = (
    ("🏆", N_("🏆 Run complete")),
    ("☠️", N_("☠️ Flatlined")),
    ("🌃", N_("🌃 A new run")),
    ("💥", N_("💥 The Plan executes")),
    (N_("🗳️ The crew chose"), N_("🗳️ The crew chose")),
    ("🗳️", N_("🗳️ The crew must choose")),
    (N_("🃏 Flipped"), N_("🃏 A card is flipped")),
    ("🧹", N_("🧹 Clean-up")),
)


def events_title(lines: Sequence[str], *, loc: str = "en") -> str:
    for mark, title in _TITLES:
        if any(line.startswith(t(loc, mark)) for line in lines):
            if mark == "🏆" and any(t(loc, "Campaign") in line for line in lines):
                return t(loc, "🏆 Campaign complete")
            return t(loc, title)
    return t(loc, "What happened")


def obstacle_health(ob: ObstacleView, *, loc: str = "en") -> str:
    """ "❤️ 12 Health", or once hurt "❤️ 7 left (8/15 Damage)": the same tally as the
    events' "takes 8 Damage (8/15)" (past its Health: "14/14, 4 past its Health")."""
    if not ob.damage_taken:
        return t(loc, "❤️ {health} Health", health=ob.health)
    left = max(0, ob.health - ob.damage_taken)
    over = past_health(ob.damage_taken, ob.health)
    past = t(loc, ", {over} past its Health", over=over) if over else ""
    return t(
        loc,
        "❤️ {left} left ({taken}/{health} Damage{past})",
        left=left,
        taken=min(ob.damage_taken, ob.health),
        health=ob.health,
        past=past,
    )


def _obstacle_field(ob: ObstacleView, detail: bool = True, loc: str = "en") -> tuple[str, str]:
    name = f"🎯 {ob.name} · {obstacle_health(ob, loc=loc)}"
    lines = [t(loc, "**To Hit:** {reqs}", reqs=to_hit_line(ob.to_hit, loc=loc))]
    hits = t(loc, "Hits the crew for **{damage}** each round it stands", damage=ob.damage)
    if ob.plan_size:
        size = f"{ob.plan_size:+d}"  # "+1" / "-1"
        hits += t(loc, " · Plan Size {size}", size=size)
    lines.append(hits)
    if ob.text.strip() and detail:
        lines.append("_" + clip(ob.text.replace("\n", " ").strip(), 300) + "_")
    return clip(name, FIELD_NAME_MAX), clip("\n".join(lines), FIELD_VALUE_MAX)


def plan_head(b: BoardView, *, loc: str = "en") -> str:
    makes = (
        t(loc, "makes **{hand}**", hand=made(loc, b.makes))
        if b.makes
        else t(loc, "makes nothing yet")
    )
    return t(
        loc,
        "🃏 Plan {cards}/{size} · {makes} · {damage} Damage",
        cards=len(b.plan),
        size=b.plan_size,
        makes=makes,
        damage=b.damage_now,
    )


def _plan_field(b: BoardView, text_max: int = 70, loc: str = "en") -> tuple[str, str] | None:
    if not (b.phase in ("plan", "assign") or b.plan):
        return None
    name = clip(plan_head(b, loc=loc).replace("**", ""), FIELD_NAME_MAX)
    if not b.plan:
        return name, (
            t(loc, "No cards yet. {who} plays first.", who=b.turn)
            if b.turn
            else t(loc, "No cards yet.")
        )
    lines = []
    for i, p in enumerate(b.plan, 1):
        card = card_line(p.card, text_max) if text_max else f"{card_face(p.card)} **{p.card.name}**"
        how = (
            t(loc, "_(put by {who})_", who=p.seat_name)
            if p.put
            else t(loc, "_(by {who})_", who=p.seat_name)
        )
        lines.append(f"{i}. {card} {how}")
    return name, fit_lines(lines, FIELD_VALUE_MAX, loc=loc)


def _seat_line(s: SeatView, loc: str = "en") -> str:
    marks = []
    if s.leader:
        marks.append(t(loc, "👑 Leader"))
    if s.turn:
        marks.append(t(loc, "**to play**"))
    if s.ready is not None:
        marks.append(t(loc, "✅ ready") if s.ready else t(loc, "⏳ cleaning up"))
    arrow = "▶ " if s.turn else ""
    head = f"{arrow}**{s.name}** · {s.role.title()}" + (" · " + " · ".join(marks) if marks else "")
    return head + t(
        loc,
        " — hand {hand}, deck {deck}, discard {discard}",
        hand=s.hand_count,
        deck=s.deck_count,
        discard=s.discard_count,
    )


def fit_lines(lines: Sequence[str], limit: int, *, loc: str = "en") -> str:
    """Join lines, dropping whole lines (with a count) rather than cutting one mid-way."""
    text = "\n".join(lines)
    if len(text) <= limit:
        return text
    kept: list[str] = []
    for i, line in enumerate(lines):
        more = "\n" + t(loc, "…and {n} more", n=len(lines) - i)
        if len("\n".join([*kept, clip(line, limit)])) + len(more) > limit:
            return clip("\n".join(kept) + more, limit)
        kept.append(clip(line, limit))
    return clip("\n".join(kept), limit)


def now_line(b: BoardView, *, loc: str = "en") -> str:
    return t(loc, "**Now:** {what}.", what=say(loc, b.waiting_on))


def board_text(b: BoardView, *, loc: str = "en") -> str:
    """The board's head: who the table waits on, then Health, Leader and Plan Size."""
    if b.scenario is None:
        return t(loc, "{campaign}: no run in progress.", campaign=b.campaign)
    return "\n".join(
        [
            "▶ " + now_line(b, loc=loc),
            t(
                loc,
                "❤️ Health **{health}/{most}** · 👑 Leader **{leader}** · "
                "Plan Size **{size}** · {cards} left",
                health=b.health,
                most=b.max_health,
                leader=b.leader or "-",
                size=b.plan_size,
                cards=tcount(loc, b.scenario_cards_left, "Scenario Card"),
            ),
        ]
    )


MAX_OBSTACLE_FIELDS = 20


BOARD_BUDGET = 4000  # leaves room for the "what happened" embed in the same message


def board_embed(b: BoardView, *, loc: str = "en") -> discord.Embed:
    """The public board. Fields, in the order a player reads them to decide: each Obstacle
    (Health, To Hit in words, its Damage), the Plan and what it makes, votes and choices
    waited on, the crew. A crowded board drops the Obstacles' flavour text before
    anything else, so every To Hit stays readable."""
    embed = _board_embed(b, detail=True, loc=loc)
    if len(embed) > BOARD_BUDGET:
        embed = _board_embed(b, detail=False, loc=loc)
    fit_embeds([embed])
    return embed


def _board_embed(b: BoardView, detail: bool, loc: str = "en") -> discord.Embed:
    title = b.campaign
    if b.scenario:
        title = (
            t(loc, "{scenario} · Round {round}", scenario=b.scenario, round=b.round)
            if b.round
            else b.scenario
        )
    embed = discord.Embed(
        title=clip(title, TITLE_MAX),
        colour=COLOR_BOARD,
        description=clip(board_text(b, loc=loc), 1500),
    )
    if b.scenario is not None:
        obstacles = list(b.obstacles)
        shown = (
            obstacles
            if len(obstacles) <= MAX_OBSTACLE_FIELDS
            else obstacles[: MAX_OBSTACLE_FIELDS - 1]
        )
        for ob in shown:
            name, value = _obstacle_field(ob, detail, loc)
            embed.add_field(name=name, value=value, inline=False)
        if len(shown) < len(obstacles):
            rest = obstacles[len(shown) :]
            embed.add_field(
                name="🎯 " + t(loc, "…and {more}", more=tcount(loc, len(rest), "more Obstacle")),
                inline=False,
                value=clip(name_list(o.name for o in rest), FIELD_VALUE_MAX),
            )
        if not obstacles:
            embed.add_field(name=t(loc, "🎯 Obstacles"), value=t(loc, "None active."), inline=False)
        plan = _plan_field(b, 70 if detail else 0, loc)
        if plan is not None:
            embed.add_field(name=plan[0], value=plan[1], inline=False)
        if b.vote:
            lines = [f"**{o.key}:** {o.label}" for o in b.vote]
            if b.votes:
                lines.append(
                    t(loc, "Votes so far: ") + ", ".join(f"{n} → {k}" for n, k in b.votes.items())
                )
            embed.add_field(
                name=t(loc, "🗳️ Vote"),
                value=fit_lines(lines, FIELD_VALUE_MAX, loc=loc),
                inline=False,
            )
        if b.prompts:
            embed.add_field(
                name=t(loc, "⏳ Waiting on a choice"),
                inline=False,
                value=fit_lines([say(loc, p.text) for p in b.prompts], FIELD_VALUE_MAX, loc=loc),
            )
        embed.add_field(
            name=t(loc, "👥 Crew"),
            inline=False,
            value=fit_lines([_seat_line(s, loc) for s in b.seats], FIELD_VALUE_MAX, loc=loc),
        )
    foot = t(
        loc,
        "{campaign} · table {table} · v{version}",
        campaign=b.campaign,
        table=b.table,
        version=b.version,
    )
    embed.set_footer(text=clip(f"{suit_legend(loc)}\n{foot}", FOOTER_MAX))
    return embed


def events_embed(
    lines: Sequence[str], title: str | None = None, *, loc: str = "en"
) -> discord.Embed:
    return discord.Embed(
        title=clip(title or events_title(lines, loc=loc), TITLE_MAX),
        colour=COLOR_EVENTS,
        description=fit_lines(lines, 2800, loc=loc),
    )


def status_line(b: BoardView, mentions: dict[str, str], *, loc: str = "en") -> str:
    """`mentions`: player id -> mention text for the people the table waits on."""
    if b.scenario is None:
        return ""
    who = " ".join(mentions.values())
    return clip(now_line(b, loc=loc) + (f" {who}" if who else ""), 600)


_OUTCOME = {"complete": N_("🏆 won"), "flatlined": N_("☠️ flatlined"), "abandoned": N_("abandoned")}


def campaign_embed(table: Table, content: ContentPack, *, loc: str = "en") -> discord.Embed:
    """Between runs: roster, progress and what comes next (public campaign fields only)."""
    lines = [t(loc, "⏭️ **Next:** {run}", run=next_run_label(table, content, loc=loc))]
    if table.runners:
        lines.append(t(loc, "The owner starts it with `/legends start`."))
    lines.append(
        t(
            loc,
            "📜 Campaign **{name}** · max Health {health}",
            name=campaign_name(content, loc, table.campaign),
            health=table.max_health,
        )
    )
    done = [scenario_name(content, loc, s) for s in table.completed if s in content.scenarios]
    lines.append(
        t(loc, "✅ Completed: {runs}", runs=", ".join(done) if done else t(loc, "nothing yet"))
    )
    if table.history:
        last = table.history[-1]
        outcome = t(loc, _OUTCOME[last.outcome]) if last.outcome in _OUTCOME else last.outcome
        lines.append(
            t(
                loc,
                "⏮️ Last run: {scenario} — {outcome}, Health {health}, {rounds}",
                scenario=scenario_name(content, loc, last.scenario),
                outcome=outcome,
                health=last.health,
                rounds=tcount(loc, last.rounds, "round"),
            )
        )
    if table.clues:
        lines.append(t(loc, "🔎 Clues set aside: {n} (`/legends clues`)", n=len(table.clues)))
    embed = discord.Embed(
        title=clip(table.name, TITLE_MAX),
        colour=COLOR_BOARD,
        description=clip("\n".join(lines), 3000),
    )
    crew = [
        t(
            loc,
            "• **{name}** · {role}{merc} — {eddies}, {cards}-card deck",
            name=r.name,
            role=r.role.value.title(),
            merc=t(loc, " merc") if r.is_merc else "",
            eddies=tcount(loc, r.eddies, "Eddie"),
            cards=len(r.deck),
        )
        for r in table.runners
    ]
    embed.add_field(
        name=t(loc, "👥 Crew"),
        inline=False,
        value=fit_lines(
            crew or [t(loc, "Nobody yet: take a seat with `/legends join`.")],
            FIELD_VALUE_MAX,
            loc=loc,
        ),
    )
    embed.set_footer(
        text=t(loc, "table {table} · v{version}", table=table.id, version=table.version)
    )
    return embed


def next_run_label(table: Table, content: ContentPack, *, loc: str = "en") -> str:
    camp = content.campaigns[table.campaign]
    if table.next_trauma is not None:
        return t(
            loc, "{scenario} (Trauma Pack)", scenario=scenario_name(content, loc, table.next_trauma)
        )
    if table.progress < len(camp.scenarios):
        return scenario_name(content, loc, camp.scenarios[table.progress])
    return t(loc, "the campaign is complete; the owner can replay any scenario")


def clue_cards(
    table: Table, content: ContentPack, *, loc: str = "en"
) -> list[tuple[str, str, str | None]]:
    """(name, text, puzzle line) of the Clue cards set aside: public, face-up cards."""
    out = []
    for ref in table.clues:
        scen_id, order = ref.split(":")
        card = next(c for c in content.scenarios[scen_id].cards if c.order == int(order))
        words = scene_words(content, loc, scen_id, card.order)
        puzzle = None
        if card.puzzle is not None:
            question = (words.puzzle if words else None) or card.puzzle.question
            puzzle = (
                t(loc, "Puzzle (solved): {question}", question=question)
                if card.puzzle.id in table.solved
                else t(loc, "Puzzle (unsolved): {question}", question=question)
            )
        name = (words.name if words else None) or card.name
        out.append((name, (words.text if words else None) or card.text, puzzle))
    return out


def clues_embed(table: Table, content: ContentPack, *, loc: str = "en") -> discord.Embed:
    cards = clue_cards(table, content, loc=loc)
    if not cards:
        text = t(loc, "No Clue cards set aside yet.")
    else:
        parts = []
        for name, body, puzzle in cards:
            parts.append(
                f"**{name}**\n{body}"
                + (
                    t(loc, "\n_{puzzle}_ — answer with `/legends solve`", puzzle=puzzle)
                    if puzzle
                    else ""
                )
            )
        text = "\n\n".join(parts)
    return discord.Embed(title=t(loc, "Clues"), colour=COLOR_BOARD, description=clip(text, 4000))


def memory_embed(table: Table, content: ContentPack, *, loc: str = "en") -> discord.Embed:
    text = "\n".join(f"• {memory_name(content, loc, m)}" for m in table.memory)
    text = text or t(loc, "Nothing recorded yet.")
    return discord.Embed(
        title=t(loc, "Persistent Memory"), colour=COLOR_BOARD, description=clip(text, 4000)
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
    *,
    loc: str = "en",
) -> tuple[str | None, list[discord.Embed]]:
    """The public update posted after an action: (content, embeds). A natural point gets
    what happened plus a fresh board (or the campaign, when the run is over); anything
    else is one short text message."""
    status = status_line(b, mentions, loc=loc)
    embeds: list[discord.Embed] = []
    text: str | None
    if natural:
        embeds.append(events_embed(lines, loc=loc))
        if state.run is None:
            embeds.append(campaign_embed(state, content, loc=loc))
        else:
            embeds.append(board_embed(b, loc=loc))
        text = status or None
    else:
        text = "\n".join(lines) + (("\n" + status) if status else "")
        if len(text) > CONTENT_MAX:
            embeds.append(events_embed(lines, loc=loc))
            text = status or None
    return text, fit_embeds(embeds)
