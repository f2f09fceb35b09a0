"""Plain-text rendering of the public board, a player's hand and moves, events and the
campaign. ASCII only, no colours, no terminal control: it must read the same in any
terminal, in a pipe and in a test.

Everything here renders the view models of `rules.legends.view` (and the campaign's
public fields), never a raw hand of another seat.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence

from bot.terminal.console import WIDTH
from cogs.legends.terminal import howto
from rules.core.events import Event
from rules.core.text import count, name_list
from rules.legends.actions import (
    Action,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Play,
    Ready,
)
from rules.legends.cards import ContentPack
from rules.legends.damage import past_health
from rules.legends.state import Table
from rules.legends.view import BoardView, CardView, PlayerView, PromptView

RULE = "=" * WIDTH
THIN = "-" * WIDTH

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_QUOTED = re.compile(r"(?<![\w'])'[^'\n]+'(?![\w'])")
_KEEP = "\0"  # a space that does not break a line


_ASCII = str.maketrans(
    {
        "\u2014": "-",
        "\u2013": "-",
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2026": "...",
        "\u00a0": " ",
    }
)


def clean(text: str) -> str:
    """Rules text made plain: no markdown, common typographic punctuation as ASCII. (How to
    act is worded by `howto`, in the terminal's own inputs.)"""
    return _BOLD.sub(r"\1", text).translate(_ASCII)


def wrap(text: str, indent: str = "", rest: str | None = None, width: int = WIDTH) -> list[str]:
    """Word-wrap `text`: the first line starts with `indent`, the others with `rest`
    (default: as many spaces)."""
    later = " " * len(indent) if rest is None else rest
    lines: list[str] = []
    # An input in single quotes ('choose A') is never split across lines.
    text = _QUOTED.sub(lambda m: m.group(0).replace(" ", _KEEP), clean(text))
    for para in text.splitlines() or [""]:
        if not para.strip():
            lines.append("")
            continue
        first = indent if not lines else later
        lines.extend(
            textwrap.wrap(para, width=width, initial_indent=first, subsequent_indent=later)
            or [first]
        )
    return [line.replace(_KEEP, " ") for line in lines]


def card_line(card: CardView) -> str:
    text = f" - {card.text}" if card.text else ""
    return f"{card.label}{text}"


#: Obstacle order -> (hit, why): whether the Plan as it stands hits it (see
#: `session.Session.verdicts`).
Verdicts = Mapping[int, tuple[bool, str]]


def render_board(b: BoardView, verdicts: Verdicts | None = None) -> str:
    """The public board: what the Discord status message shows, and under the Plan
    whether it hits each Obstacle as it stands, and why."""
    out: list[str] = [RULE]
    if b.scenario is None:
        out.append(f"{b.campaign}: no run in progress.")
        out.append(RULE)
        return "\n".join(out)
    out.extend(
        wrap(
            f"{b.scenario} | Round {b.round} | {count(b.scenario_cards_left, 'Scenario Card')} left"
        )
    )
    out.extend(
        wrap(
            f"Health {b.health}/{b.max_health} | Leader: {b.leader or '-'} | "
            f"Plan Size {b.plan_size}"
        )
    )
    out.append(THIN)
    if b.obstacles:
        out.append("OBSTACLES")
        for ob in b.obstacles:
            left = max(0, ob.health - ob.damage_taken)
            out.extend(
                wrap(
                    f"{ob.name}: Health {left} left of {ob.health} "
                    f"({taken_text(ob.damage_taken, ob.health)}); deals {ob.damage} Damage "
                    "each round it stands",
                    "  ",
                    "    ",
                )
            )
            out.extend(wrap("To Hit: " + " OR ".join(ob.to_hit), "    "))
            if ob.plan_size:
                out.append(f"    Plan Size {ob.plan_size:+d} while it is active")
            if ob.text:
                out.extend(wrap(ob.text, "    "))
    else:
        out.append("OBSTACLES: none active")
    if b.phase in ("plan", "assign") or b.plan:
        out.extend(
            wrap(
                f"PLAN ({len(b.plan)} of {b.plan_size} cards)"
                f" - makes: {b.makes or 'nothing yet'}; Damage so far: {b.damage_now}",
                "",
                "  ",
            )
        )
        for i, p in enumerate(b.plan, 1):
            how = "puts" if p.put else "plays"
            out.extend(wrap(f"{p.seat_name} {how} {card_line(p.card)}", f"  {i}. ", "     "))
        for ob in b.obstacles:
            if verdicts is None or ob.order not in verdicts:
                continue
            hit, why = verdicts[ob.order]
            state = "HITS" if hit else "MISSES"
            out.extend(wrap(f"As it stands the Plan {state} {ob.name}: {why}", "  ", "    "))
    out.append("CREW")
    for s in b.seats:
        mark = f" [{', '.join(s.marks)}]" if s.marks else ""
        role = s.role.title()  # a merc's name already says "(merc)"
        out.append(
            f"  {'>' if s.turn else ' '} {s.name} ({role}){mark}: hand {s.hand_count}, "
            f"deck {s.deck_count}, discard {s.discard_count}"
        )
    if b.vote:
        out.append("VOTE: " + "; ".join(f"{o.key}: {o.label}" for o in b.vote))
        if b.votes:
            out.append("  votes so far: " + ", ".join(f"{n} {k}" for n, k in b.votes.items()))
    for pr in b.prompts:
        out.extend(wrap(f"WAITING ON A CHOICE: {pr.text}", ""))
    out.extend(wrap(f"Now: {b.waiting_on}."))
    out.append(RULE)
    return "\n".join(out)


def render_hand(view: PlayerView) -> str:
    out: list[str] = []
    names = {s.seat: s for s in view.board.seats}
    for seat, hand in view.hands.items():
        sv = names.get(seat)
        who = "YOUR HAND" if sv is None or not sv.is_merc else "YOUR MERC'S HAND"
        out.append(f"{who} ({count(len(hand), 'card')})")
        for c in hand:
            out.extend(wrap(card_line(c), "  * ", "    "))
        if not hand:
            out.append("  (empty)")
    return "\n".join(out)


def _prompt_for(view: PlayerView, merc: bool) -> PromptView | None:
    merc_seats = {s.seat for s in view.board.seats if s.is_merc}
    for p in view.prompts:
        if (p.seat in merc_seats) == merc:
            return p
    return view.prompts[0] if view.prompts else None


def _card(view: PlayerView, inst: str) -> CardView | None:
    for hand in view.hands.values():
        for c in hand:
            if c.inst == inst:
                return c
    return None


_PROMPT_VERBS = {
    "choose_player": "Choose a player",
    "choose_target": "Target",
    "discard_from_plan": "Discard from the Plan",
    "discard_from_hand": "Discard",
    "scene_discard": "Discard",
    "put_from_hand": "Put into the Plan",
    "draw_and_put": "",
    "replace_plan": "Replace in the Plan",
    "replace_hand": "Replace it with",
    "assign_damage": "Damage to assign",
}


def describe_move(action: Action, view: PlayerView) -> str:
    merc = " (merc)" if getattr(action, "merc", False) else ""
    if isinstance(action, Flip):
        return "Flip the next Scenario Card"
    if isinstance(action, Play):
        card = _card(view, action.card)
        return f"Play{merc} " + (card_line(card) if card else action.card)
    if isinstance(action, Choose):
        prompt = _prompt_for(view, action.merc)
        if prompt is not None:
            for o in prompt.options:
                if o.key == action.option:
                    verb = "" if o.key == "done" else _PROMPT_VERBS.get(prompt.kind, "Choose")
                    return f"{verb}{merc}: {o.label}" if verb else o.label
        for o in view.board.vote:
            if o.key == action.option:
                return f"Vote {o.key}: {o.label}"
        return f"Choose {action.option}"
    if isinstance(action, CloseVote):
        return "Close the vote now (as Leader)"
    if isinstance(action, Discard):
        card = _card(view, action.card)
        return f"Discard{merc} " + (card.label if card else action.card)
    if isinstance(action, Ready):
        return f"Ready{merc}: done discarding, draw back up"
    return action.type


def render_moves(moves: Sequence[Action], view: PlayerView) -> str:
    out: list[str] = []
    for p in view.prompts:
        out.extend(wrap(f"YOUR CHOICE: {p.text}"))
    out.append("MOVES")
    for i, a in enumerate(moves, 1):
        out.extend(wrap(describe_move(a, view), f"  {i:>2}) "))
    return "\n".join(out)


def render_event(e: Event) -> list[str]:
    """One event as log lines. A flipped Scenario Card is shown as a block; the To Hit
    check says plainly whether the Plan hit and why."""
    text = howto.event_text(e)
    if e.kind == "flipped":
        lines = wrap(text, "  | ", "  | ")
        return [f"  +{'-' * (WIDTH - 3)}", *lines, f"  +{'-' * (WIDTH - 3)}"]
    if e.kind == "to_hit":
        tag = "HIT " if e.data.get("hit") else "MISS"
        return wrap(f"[{tag}] {text}", "  ", "         ")
    if e.kind in ("complete", "flatlined", "campaign_done", "trauma", "trauma_done"):
        return ["", *wrap(f"*** {text} ***"), ""]
    if e.kind == "round":
        return ["", *wrap(f"--- {text}", "", "    ")]
    return wrap(text, ". ", "  ")


def render_events(events: Sequence[Event]) -> str:
    lines: list[str] = []
    for e in events:
        lines.extend(render_event(e))
    return "\n".join(lines)


def render_campaign(table: Table, content: ContentPack, viewers: Sequence[str]) -> str:
    """Between runs: progress, the crew's Eddies and decks, what comes next."""
    camp = content.campaigns[table.campaign]
    out = [RULE, f"CAMPAIGN: {camp.name}  (max Health {table.max_health})"]
    done = [content.scenarios[s].name for s in table.completed if s in content.scenarios]
    out.append("Completed: " + (", ".join(done) if done else "nothing yet"))
    if table.history:
        last = table.history[-1]
        name = content.scenarios[last.scenario].name
        out.append(
            f"Last run: {name}: {last.outcome}, Health {last.health}, {count(last.rounds, 'round')}"
        )
    out.append("Next: " + next_run_label(table, content))
    out.append(THIN)
    for r in table.runners:
        who = f"{r.name} ({r.role.value.title()}{' merc' if r.is_merc else ''})"
        mine = " <- you" if r.player in viewers and len(viewers) == 1 else ""
        out.append(
            f"  {who}: {count(r.eddies, 'Eddie')}, deck of {count(len(r.deck), 'card')}{mine}"
        )
    if table.clues:
        out.append(f"Clues set aside: {len(table.clues)} (type 'clues')")
    if table.memory:
        out.append("Persistent Memory: " + name_list(content.memory_name(m) for m in table.memory))
    out.append(RULE)
    return "\n".join(out)


def next_run_label(table: Table, content: ContentPack) -> str:
    camp = content.campaigns[table.campaign]
    if table.next_trauma is not None:
        return content.scenarios[table.next_trauma].name + " (Trauma Pack)"
    if table.progress < len(camp.scenarios):
        return content.scenarios[camp.scenarios[table.progress]].name
    return "the campaign is complete; you can replay any scenario"


def render_deck(deck: Sequence[str], content: ContentPack) -> list[str]:
    counts: dict[str, int] = {}
    for c in deck:
        counts[c] = counts.get(c, 0) + 1
    lines = []
    for cid, n in sorted(counts.items(), key=lambda kv: content.cards[kv[0]].name):
        card = content.cards[cid]
        ranks = card.rank_label()
        suits = " ".join(s.value.title() for s in card.suits)
        text = f" - {card.text}" if card.text else ""
        lines.extend(
            wrap(f"{n}x {card.name} [{ranks}{' ' + suits if suits else ''}]{text}", "  ", "      ")
        )
    return lines


def render_clues(table: Table, content: ContentPack) -> str:
    if not table.clues:
        return "No Clue cards set aside yet."
    out = ["CLUES"]
    for ref in table.clues:
        scen_id, order = ref.split(":")
        card = next(c for c in content.scenarios[scen_id].cards if c.order == int(order))
        out.append(f"  {card.name}")
        out.extend(wrap(card.text, "    "))
        if card.puzzle is not None:
            state = "solved" if card.puzzle.id in table.solved else "unsolved"
            out.extend(
                wrap(
                    f"Puzzle ({state}): {card.puzzle.question} Answer with 'solve' and "
                    "your answer.",
                    "    ",
                )
            )
    return "\n".join(out)


def taken_text(taken: int, health: int) -> str:
    """ "8 Damage taken", or past its Health "14 Damage taken, 4 past its Health" (the same
    count the events and the Discord board give)."""
    over = past_health(taken, health)
    return f"{min(taken, health)} Damage taken" + (f", {over} past its Health" if over else "")
