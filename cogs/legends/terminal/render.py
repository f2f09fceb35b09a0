"""Plain-text rendering of the public board, a player's hand and moves, events and the
campaign. ASCII only, no colours, no terminal control: it must read the same in any
terminal, in a pipe and in a test.

Everything here renders the view models of `rules.legends.view` (and the campaign's
public fields), never a raw hand of another seat. The board, hand and move screens speak
the terminal's language (`loc`, from `LANG`): the engine's texts through the Discord
front end's phrasebook (`cogs.legends.words`), the pack's words by the caller's
`cogs.legends.localize.localize_view`.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence

from bot.i18n import N_, SOURCE, from_environment, name_list, t, tcount
from bot.terminal.console import WIDTH
from cogs.legends.localize import campaign_name, card_words, memory_name, scenario_name
from cogs.legends.render import clue_cards
from cogs.legends.render_cards import card_label
from cogs.legends.terminal import howto
from cogs.legends.words import card_label as engine_label
from cogs.legends.words import explain, hit_reasons, made, required, say
from rules.core.events import Event
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
from rules.legends.state import Runner, Table
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


def card_line(card: CardView, loc: str = SOURCE) -> str:
    text = f" - {card.text}" if card.text else ""
    return f"{engine_label(loc, card.label)}{text}"


#: A seat's status marks (`SeatView.marks`) in another language than English ("ready"
#: is the TCG's own word in the catalogue, so the clean-up one has its own message).
_MARKS = {
    "Leader": N_("Leader"),
    "to play": N_("to play"),
    "ready": N_("ready (cleaned up)"),
    "cleaning up": N_("cleaning up"),
}


def _marks(loc: str, marks: Sequence[str]) -> str:
    if not marks:
        return ""
    words = marks if loc == SOURCE else [t(loc, _MARKS[m]) if m in _MARKS else m for m in marks]
    return f" [{', '.join(words)}]"


def _requirement(loc: str, req: str) -> str:
    """A To Hit requirement as printed ("Pair with Charisma"), in another language in
    running text ("para z symbolami: Charyzma")."""
    if loc == SOURCE:
        return req
    return required(loc, req.lower())


#: Obstacle order -> (hit, why): whether the Plan as it stands hits it (see
#: `session.Session.verdicts`).
Verdicts = Mapping[int, tuple[bool, str]]


def render_board(b: BoardView, verdicts: Verdicts | None = None, loc: str = SOURCE) -> str:
    """The public board: what the Discord status message shows, and under the Plan
    whether it hits each Obstacle as it stands, and why."""
    out: list[str] = [RULE]
    if b.scenario is None:
        out.append(t(loc, "{campaign}: no run in progress.", campaign=b.campaign))
        out.append(RULE)
        return "\n".join(out)
    left_cards = tcount(loc, b.scenario_cards_left, "Scenario Card")
    out.extend(wrap(t(loc, "{scenario} | Round {n} | {cards} left", scenario=b.scenario,
                      n=b.round, cards=left_cards)))  # fmt: skip
    out.extend(wrap(t(loc, "Health {health}/{most} | Leader: {leader} | Plan Size {size}",
                      health=b.health, most=b.max_health, leader=b.leader or "-",
                      size=b.plan_size)))  # fmt: skip
    out.append(THIN)
    if b.obstacles:
        out.append(t(loc, "OBSTACLES"))
        for ob in b.obstacles:
            left = max(0, ob.health - ob.damage_taken)
            line = t(loc, "{name}: Health {left} left of {health} ({taken}); deals {damage} "
                     "Damage each round it stands", name=ob.name, left=left, health=ob.health,
                     taken=taken_text(ob.damage_taken, ob.health, loc),
                     damage=ob.damage)  # fmt: skip
            out.extend(wrap(line, "  ", "    "))
            reqs = t(loc, " OR ").join(_requirement(loc, r) for r in ob.to_hit)
            out.extend(wrap(t(loc, "To Hit: {reqs}", reqs=reqs), "    "))
            if ob.plan_size:
                size = f"{ob.plan_size:+d}"
                out.append(t(loc, "    Plan Size {size} while it is active", size=size))
            if ob.text:
                out.extend(wrap(ob.text, "    "))
    else:
        out.append(t(loc, "OBSTACLES: none active"))
    if b.phase in ("plan", "assign") or b.plan:
        makes = made(loc, b.makes) if b.makes else t(loc, "nothing yet")
        head = t(loc, "PLAN ({n} of {size} cards) - makes: {makes}; Damage so far: {damage}",
                 n=len(b.plan), size=b.plan_size, makes=makes, damage=b.damage_now)  # fmt: skip
        out.extend(wrap(head, "", "  "))
        for i, p in enumerate(b.plan, 1):
            msg = N_("{who} puts {card}") if p.put else N_("{who} plays {card}")
            line = t(loc, msg, who=p.seat_name, card=card_line(p.card, loc))
            out.extend(wrap(line, f"  {i}. ", "     "))
        for ob in b.obstacles:
            if verdicts is None or ob.order not in verdicts:
                continue
            hit, why = verdicts[ob.order]
            msg = (
                N_("As it stands the Plan HITS {obstacle}: {why}")
                if hit
                else N_("As it stands the Plan MISSES {obstacle}: {why}")
            )
            # A hit's reasons come without the engine's "Hit — " (see `Session.verdicts`).
            reason = (
                explain(loc, why) if not hit else why if loc == SOURCE else hit_reasons(loc, why)
            )
            line = t(loc, msg, obstacle=ob.name, why=reason)
            out.extend(wrap(line, "  ", "    "))
    out.append(t(loc, "CREW"))
    for s in b.seats:
        mark = _marks(loc, s.marks)
        role = s.role.title()  # a merc's name already says "(merc)"
        line = t(loc, "{who} ({role}){marks}: hand {hand}, deck {deck}, discard {discard}",
                 who=s.name, role=role, marks=mark, hand=s.hand_count, deck=s.deck_count,
                 discard=s.discard_count)  # fmt: skip
        out.append(f"  {'>' if s.turn else ' '} {line}")
    if b.vote:
        options = "; ".join(f"{o.key}: {say(loc, o.label)}" for o in b.vote)
        out.append(t(loc, "VOTE: {options}", options=options))
        if b.votes:
            so_far = ", ".join(f"{n} {k}" for n, k in b.votes.items())
            out.append(t(loc, "  votes so far: {votes}", votes=so_far))
    for pr in b.prompts:
        out.extend(wrap(t(loc, "WAITING ON A CHOICE: {text}", text=say(loc, pr.text)), ""))
    out.extend(wrap(t(loc, "Now: {what}.", what=say(loc, b.waiting_on))))
    out.append(RULE)
    return "\n".join(out)


def render_hand(view: PlayerView, loc: str = SOURCE) -> str:
    out: list[str] = []
    names = {s.seat: s for s in view.board.seats}
    for seat, hand in view.hands.items():
        sv = names.get(seat)
        cards = tcount(loc, len(hand), "card")
        if sv is None or not sv.is_merc:
            out.append(t(loc, "YOUR HAND ({cards})", cards=cards))
        else:
            out.append(t(loc, "YOUR MERC'S HAND ({cards})", cards=cards))
        for c in hand:
            out.extend(wrap(card_line(c, loc), "  * ", "    "))
        if not hand:
            out.append("  " + t(loc, "(empty)"))
    return "\n".join(out)


def _prompt_for(view: PlayerView, merc: bool) -> PromptView | None:
    merc_seats = {s.seat for s in view.board.seats if s.is_merc}
    for p in view.prompts:
        if (p.seat in merc_seats) == merc:
            return p
    return view.prompts[0] if view.prompts else None


def hand_card(view: PlayerView, inst: str) -> CardView | None:
    """The card `inst` in a hand the view shows, or None."""
    for hand in view.hands.values():
        for c in hand:
            if c.inst == inst:
                return c
    return None


_PROMPT_VERBS = {
    "choose_player": N_("Choose a player"),
    "choose_target": N_("Target"),
    "discard_from_plan": N_("Discard from the Plan"),
    "discard_from_hand": N_("Discard"),
    "scene_discard": N_("Discard"),
    "put_from_hand": N_("Put into the Plan"),
    "draw_and_put": "",
    "replace_plan": N_("Replace in the Plan"),
    "replace_hand": N_("Replace it with"),
    "assign_damage": N_("Damage to assign"),
}


def describe_move(action: Action, view: PlayerView, loc: str = SOURCE) -> str:
    """A legal move in words (the typed inputs, 'choose A', 'play NAME', stay English)."""
    merc = t(loc, " (merc)") if getattr(action, "merc", False) else ""
    if isinstance(action, Flip):
        return t(loc, "Flip the next Scenario Card")
    if isinstance(action, Play):
        card = hand_card(view, action.card)
        return t(loc, "Play{merc} {card}", merc=merc,
                 card=card_line(card, loc) if card else action.card)  # fmt: skip
    if isinstance(action, Choose):
        prompt = _prompt_for(view, action.merc)
        if prompt is not None:
            for o in prompt.options:
                if o.key == action.option:
                    # A card offered by name ("Hot Swap [5/3 Tech]"): its suits in the language.
                    label = engine_label(loc, say(loc, o.label))
                    verb = "" if o.key == "done" else _PROMPT_VERBS.get(prompt.kind, N_("Choose"))
                    return f"{t(loc, verb)}{merc}: {label}" if verb else label
        for o in view.board.vote:
            if o.key == action.option:
                return t(loc, "Vote {key}: {label}", key=o.key, label=say(loc, o.label))
        return t(loc, "Choose {option}", option=action.option)
    if isinstance(action, CloseVote):
        return t(loc, "Close the vote now (as Leader)")
    if isinstance(action, Discard):
        card = hand_card(view, action.card)
        return t(loc, "Discard{merc} {card}", merc=merc,
                 card=engine_label(loc, card.label) if card else action.card)  # fmt: skip
    if isinstance(action, Ready):
        return t(loc, "Ready{merc}: done discarding, draw back up", merc=merc)
    return action.type


def render_moves(moves: Sequence[Action], view: PlayerView, loc: str = SOURCE) -> str:
    out: list[str] = []
    for p in view.prompts:
        out.extend(wrap(t(loc, "YOUR CHOICE: {text}", text=say(loc, p.text))))
    out.append(t(loc, "MOVES"))
    for i, a in enumerate(moves, 1):
        out.extend(wrap(describe_move(a, view, loc), f"  {i:>2}) "))
    return "\n".join(out)


#: The To Hit check's tag in the log ("[HIT ]", "[MISS]": one width, so the lines line up).
_TAGS = (N_("HIT"), N_("MISS"))


def render_event(e: Event, loc: str | None = None) -> list[str]:
    """One event as log lines. A flipped Scenario Card is shown as a block; the To Hit
    check says plainly whether the Plan hit and why."""
    lang = from_environment() if loc is None else loc
    text = howto.event_text(e, lang)
    if e.kind == "flipped":
        lines = wrap(text, "  | ", "  | ")
        return [f"  +{'-' * (WIDTH - 3)}", *lines, f"  +{'-' * (WIDTH - 3)}"]
    if e.kind == "to_hit":
        tags = [t(lang, tag) for tag in _TAGS]
        tag = tags[0] if e.data.get("hit") else tags[1]
        width = max(len(x) for x in tags)
        return wrap(f"[{tag.ljust(width)}] {text}", "  ", " " * (width + 5))
    if e.kind in ("complete", "flatlined", "campaign_done", "trauma", "trauma_done"):
        return ["", *wrap(f"*** {text} ***"), ""]
    if e.kind == "round":
        return ["", *wrap(f"--- {text}", "", "    ")]
    return wrap(text, ". ", "  ")


def render_events(events: Sequence[Event], loc: str | None = None) -> str:
    lines: list[str] = []
    for e in events:
        lines.extend(render_event(e, loc))
    return "\n".join(lines)


def render_campaign(
    table: Table, content: ContentPack, viewers: Sequence[str], loc: str | None = None
) -> str:
    """Between runs: progress, the crew's Eddies and decks, what comes next (in `loc`,
    else the terminal's language)."""
    lang = from_environment() if loc is None else loc
    camp = campaign_name(content, lang, table.campaign)
    out = [RULE, t(lang, "CAMPAIGN: {name}  (max Health {health})", name=camp,
                   health=table.max_health)]  # fmt: skip
    done = [scenario_name(content, lang, s) for s in table.completed if s in content.scenarios]
    runs = ", ".join(done) if done else t(lang, "nothing yet")
    out.append(t(lang, "Completed: {runs}", runs=runs))
    if table.history:
        last = table.history[-1]
        name = scenario_name(content, lang, last.scenario)
        outcome = t(lang, _OUTCOMES[last.outcome]) if last.outcome in _OUTCOMES else last.outcome
        out.append(t(lang, "Last run: {scenario}: {outcome}, Health {health}, {rounds}",
                     scenario=name, outcome=outcome, health=last.health,
                     rounds=tcount(lang, last.rounds, "round")))  # fmt: skip
    out.append(t(lang, "Next: {run}", run=next_run_label(table, content, lang)))
    out.append(THIN)
    for r in table.runners:
        role = r.role.value.title()
        if r.is_merc:
            who = t(lang, "{name} ({role} merc)", name=r.name, role=role)
        else:
            who = f"{r.name} ({role})"
        mine = t(lang, " <- you") if r.player in viewers and len(viewers) == 1 else ""
        line = t(lang, "  {who}: {eddies}, deck of {cards}{mine}", who=who,
                 eddies=tcount(lang, r.eddies, "Eddie"), cards=tcount(lang, len(r.deck), "card"),
                 mine=mine)  # fmt: skip
        out.append(line)
    if table.clues:
        out.append(t(lang, "Clues set aside: {n} (type 'clues')", n=len(table.clues)))
    if table.memory:
        memory = name_list(lang, [memory_name(content, lang, m) for m in table.memory], last=False)
        out.append(t(lang, "Persistent Memory: {memory}", memory=memory))
    out.append(RULE)
    return "\n".join(out)


#: How a run ended (`RunRecord.outcome`), as the campaign screen says it.
_OUTCOMES = {"complete": N_("complete"), "flatlined": N_("flatlined"), "abandoned": N_("abandoned")}


def next_run_label(table: Table, content: ContentPack, loc: str | None = None) -> str:
    lang = from_environment() if loc is None else loc
    camp = content.campaigns[table.campaign]
    if table.next_trauma is not None:
        name = scenario_name(content, lang, table.next_trauma)
        return t(lang, "{scenario} (Trauma Pack)", scenario=name)
    if table.progress < len(camp.scenarios):
        return scenario_name(content, lang, camp.scenarios[table.progress])
    return t(lang, "the campaign is complete; you can replay any scenario")


def runner_name(r: Runner, loc: str) -> str:
    """A runner as the deck and shop screens name it: "Ana", a merc "Ana (merc)"."""
    return t(loc, "{name} (merc)", name=r.name) if r.is_merc else r.name


def render_decks(runners: Sequence[Runner], content: ContentPack, loc: str) -> list[str]:
    """Each runner's Eddies and cards, then the deck list ('deck', 'decks')."""
    lines: list[str] = []
    for r in runners:
        lines.append(t(loc, "{who}: {eddies}, {cards}", who=runner_name(r, loc),
                       eddies=tcount(loc, r.eddies, "Eddie"),
                       cards=tcount(loc, len(r.deck), "card")))  # fmt: skip
        lines.extend(render_deck(r.deck, content, loc))
    return lines


def render_deck(deck: Sequence[str], content: ContentPack, loc: str = SOURCE) -> list[str]:
    counts: dict[str, int] = {}
    for c in deck:
        counts[c] = counts.get(c, 0) + 1
    lines = []
    for cid, n in sorted(counts.items(), key=lambda kv: content.cards[kv[0]].name):
        name, text = card_words(content, loc, cid)
        label = card_label(content.cards[cid], loc=loc, name=name)
        lines.extend(wrap(f"{n}x {label}" + (f" - {text}" if text else ""), "  ", "      "))
    return lines


def render_clues(table: Table, content: ContentPack, loc: str = SOURCE) -> str:
    """The Clue cards set aside, in the pack's words of the language (as Discord's
    `/legends clues`), each puzzle with the terminal's way to answer it."""
    cards = clue_cards(table, content, loc=loc)
    if not cards:
        return t(loc, "No Clue cards set aside yet.")
    out = [t(loc, "CLUES")]
    for name, body, puzzle in cards:
        out.append(f"  {name}")
        out.extend(wrap(body, "    "))
        if puzzle is not None:
            line = t(loc, "{puzzle} Answer with 'solve' and your answer.", puzzle=puzzle)
            out.extend(wrap(line, "    "))
    return "\n".join(out)


def taken_text(taken: int, health: int, loc: str = SOURCE) -> str:
    """ "8 Damage taken", or past its Health "14 Damage taken, 4 past its Health" (the same
    count the events and the Discord board give)."""
    over = past_health(taken, health)
    text = t(loc, "{n} Damage taken", n=min(taken, health))
    return text + (t(loc, ", {over} past its Health", over=over) if over else "")
