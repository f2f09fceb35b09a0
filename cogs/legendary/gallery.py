"""Developer tool: every kind of message Legendary 2099 sends, rendered from real game
states, in one language.

    python -m cogs.legendary.gallery [--lang pl] [--out docs/legendary-gallery.md]

Two people and an AI seat play a real game through the table's reducer and the engine
(greedy AI choices, a fixed seed); the gallery picks the first moment of each kind (the
lobby, the start, a prompt, an AI turn, a fight, a Scheme Twist, the end, …) and renders
the message the bot sends then, with the same render and button code as the bot, as
Markdown (cogs/common/gallery.py). `shots()` is also what the render tests check
Discord's limits on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import discord

from bot.i18n import SOURCE, t
from cogs.common import gallery as common
from cogs.common.dmhands import dm_closed_text
from cogs.common.gallery import Shot
from cogs.common.text import CONTENT_MAX, clip, refusal_embed
from cogs.legendary import render
from cogs.legendary.components import board_buttons, panel_buttons
from cogs.legendary.howto import card_text, rules_text
from cogs.legendary.localize import line
from cogs.legendary.table import (
    AI,
    ChangeSetup,
    Choice,
    Join,
    Move,
    SetOptions,
    Start,
    Table,
    TableOptions,
    new_table,
)
from cogs.legendary.table import Action as TableAction
from cogs.legendary.table import apply as table_apply
from content.legendary.loader import load_default_pack
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legendary import engine
from rules.legendary.actions import EndTurn
from rules.legendary.ai import make_agent
from rules.legendary.cards import HeroCard, Pack
from rules.legendary.codes import Ev
from rules.legendary.state import Game
from rules.legendary.view import events_for, view

ALICE, BOB = "111111111111111111", "222222222222222222"
SEED = 7
MAX_ACTIONS = 2500


@functools.cache
def pack() -> Pack:
    return load_default_pack()


def _lobby() -> tuple[Table, list[Table], list[list[Event]]]:
    """The table from `/legendary new` to the start: each state and what it said."""
    p = pack()
    table = new_table("lg-gallery", ALICE, "Alice", Choice(scheme="countdown-to-zero"))
    states: list[Table] = [table]
    said: list[list[Event]] = [[]]
    actions: tuple[Join | SetOptions | Start, ...] = (
        Join(person=BOB, name="Bob"),
        Join(person=ALICE, name="", ai=True),
        SetOptions(person=ALICE, options=TableOptions(turn_timer=600)),
        Start(person=ALICE, seed=SEED),
    )
    for action in actions:
        table, events = table_apply(table, action, p)
        states.append(table)
        said.append(list(events))
    return table, states, said


@functools.cache
def _game() -> tuple[tuple[Table, tuple[Event, ...]], ...]:
    """Every commit of a whole game after the start: the table and its events."""
    p = pack()
    table = _lobby()[0]
    agents = {s: make_agent("greedy", SEED + s) for s in range(3)}
    out: list[tuple[Table, tuple[Event, ...]]] = []
    for _ in range(MAX_ACTIONS):
        g = table.game
        assert g is not None
        if table.over:
            break
        seat = engine.decision_seat(g)
        assert seat is not None
        person = table.seats[seat].person or AI
        legal = engine.legal_actions(g, p, seat)
        action = agents[seat].decide(view(g, p, seat), legal, p)
        table, events = table_apply(table, Move(person=person, action=action), p)
        out.append((table, tuple(events)))
    return tuple(out)


# ---- the messages, as the bot builds them ---------------------------------------------


def _board(state: Table, loc: str, note: str | None = None) -> discord.Embed:
    assert state.game is not None
    return render.board_embed(view(state.game, pack(), None), state, note, pack(), loc)


def update(
    key: str, title: str, state: Table, events: Sequence[Event], loc: str, *, mention: bool
) -> Shot:
    """The public update of a commit (LegendaryRuntime._post): the public event lines,
    the person newly waited on, the end, the board and its button."""
    lines = render.public_lines(events_for(list(events), None), loc, pack())
    content = render.event_lines(lines) if lines else None
    embeds: list[discord.Embed] = []
    buttons = None
    if state.game is not None:
        g = state.game
        embeds.append(_board(state, loc))
        seat = engine.decision_seat(g)
        who = state.seats[seat].person if seat is not None and not state.over else None
        end = None
        if state.over:
            p = pack()
            end = render.end_sentence(
                view(g, p, None), engine.scores(g, p), engine.winners(g, p), loc
            )
        content = render.update_content(
            content,
            loc,
            mention=who if mention and who else None,
            choosing=g.prompt is not None,
            end=end,
        )
        if not state.over:
            buttons = board_buttons(state.id, state.version, loc)
    return Shot(key, title, "public", True, "", content, embeds, buttons, state)


def panel(
    key: str, title: str, state: Table, seat: int, loc: str, notes: Sequence[str] = ()
) -> Shot:
    """A seat's hand panel (LegendaryRuntime.panel): ephemeral, or a DM."""
    g = state.game
    assert g is not None
    p = pack()
    v = view(g, p, seat)
    legal = engine.legal_actions(g, p, seat) if engine.decision_seat(g) == seat else []
    embed = render.hand_embed(v, notes, loc, p)
    buttons, _ = panel_buttons(legal, v, state.id, state.version, loc, p)
    who = state.seats[seat].name
    return Shot(key, title, f"ephemeral: {who}", False, "", None, [embed], buttons, state)


def text(key: str, title: str, body: str, state: object, *, public: bool = False) -> Shot:
    audience = "public" if public else "ephemeral: the one who asked"
    return Shot(key, title, audience, public, "", clip(body, CONTENT_MAX), [], None, state)


def refusal(key: str, title: str, message: str, state: object, loc: str) -> Shot:
    """A refusal as every game draws it, in the asker's language."""
    embed = refusal_embed(line(pack(), loc, message), render.COMMAND)
    return Shot(key, title, "ephemeral: the one who asked", False, "", None, [embed], None, state)


def _notes(events: Sequence[Event], seat: int, loc: str) -> list[str]:
    return [f"🔒 {line(pack(), loc, e.text)}" for e in events_for(list(events), seat) if e.seats]


def _refused(state: Table, action: TableAction) -> str:
    try:
        table_apply(state, action, pack())
    except IllegalAction as exc:
        return exc.refusal.message
    raise AssertionError(f"{action} was accepted")


# ---- the shots ----------------------------------------------------------------------------


def shots(loc: str = SOURCE) -> list[Shot]:
    """Every kind of message, from one real game (deterministic), in the language `loc`."""
    p = pack()
    out: list[Shot] = []
    seen: set[str] = set()

    def add(shot: Shot) -> None:
        if shot.key not in seen:
            seen.add(shot.key)
            out.append(shot)

    started, lobby, said = _lobby()
    steps = _game()
    first = lobby[0]
    add(
        text(
            "new",
            "`/legendary new`",
            render.new_game_text(first, p, ALICE, loc),
            first,
            public=True,
        )
    )
    add(text("setup", "`/legendary setup`", render.setup_text(lobby[2], p, loc), lobby[2]))
    joined = update("joined", "A seat taken (public)", lobby[1], said[1], loc, mention=False)
    add(joined)
    add(text("options", "`/legendary options`", render.options_text(lobby[3], loc), lobby[3]))
    done = t(loc, "✓ The game starts. Open your cards with /legendary hand.")
    add(text("start-reply", "`/legendary start`: the host's answer", done, started))
    add(update("start", "The start (public)", started, said[4], loc, mention=True))
    add(panel("panel", "A hand panel (My hand)", started, 0, loc, _notes(said[4], 0, loc)))
    add(refusal("refusal-host", "Refused: only the host", _refused(
        lobby[1], ChangeSetup(person=BOB, choice=Choice())), lobby[1], loc))  # fmt: skip
    assert started.game is not None
    not_yours = engine.check(started.game, EndTurn(seat=1), p)
    assert not_yours is not None
    add(refusal("refusal-turn", "Refused: not your turn", not_yours.message, started, loc))
    no_game = t(loc, "There is no Legendary game in this channel.\nCreate one with /legendary new.")
    add(refusal("refusal-channel", "Refused: no game here", no_game, None, loc))

    wanted: dict[str, tuple[str, Callable[[Table, tuple[Event, ...]], bool]]] = {
        "prompt": ("A choice waits on a person (public)", lambda s, e: _prompted(s)),
        "recruit": ("A Hero recruited (public)", lambda s, e: _has(e, Ev.RECRUIT)),
        "fight": ("A fight (public)", lambda s, e: _has(e, Ev.DEFEAT)),
        "twist": ("A Scheme Twist (public)", lambda s, e: _has(e, Ev.TWIST)),
        "strike": ("A Master Strike (public)", lambda s, e: _has(e, Ev.STRIKE)),
        "escape": ("A Villain escapes (public)", lambda s, e: _has(e, Ev.ESCAPE)),
        "ai-turn": ("An AI seat's turn (public)", lambda s, e: _ai_turn(s, e)),
    }
    for state, events in steps:
        for key, (title, test) in wanted.items():
            if key not in seen and test(state, events):
                add(update(key, title, state, events, loc, mention=True))
                if key == "prompt":
                    g = state.game
                    assert g is not None and g.prompt is not None
                    seat = g.prompt.seat
                    add(panel("panel-prompt", "The panel of the person asked", state, seat, loc))
    final, last = steps[-1]
    add(update("end", "The end (public)", final, last, loc, mention=False))
    add(_status(final, loc))
    lines = [
        ln for s, e in steps[-40:] for ln in render.public_lines(events_for(list(e), None), loc, p)
    ]
    add(
        text("log", "`/legendary log`", render.log_text(lines[-render.LOG_LINES :], loc=loc), final)
    )
    best = view(final_game(steps), p, None).players[0]
    add(text("victory", "`/legendary victory`", render.victory_text(best, p, loc), final))
    divided = next(c for c in p.cards.values() if isinstance(c, HeroCard) and c.halves)
    add(text("card", "`/legendary card` (a divided card)", card_text(divided, p, loc), divided))
    add(
        text(
            "card-token", "`/legendary card` (a token)", card_text(p.cards["sludge"], p, loc), None
        )
    )
    add(text("rules", "`/legendary rules`", rules_text(None, loc), None))
    add(text("rules-topic", "`/legendary rules topic:turn`", rules_text("turn", loc), None))
    reminder = render.reminder_text(1, "<@" + ALICE + ">", 10, False, loc)
    add(text("reminder", "A turn-timer reminder (public)", reminder, started, public=True))
    dm = t(loc, "You will get your Legendary 2099 hand here whenever it changes.")
    add(text("dm", "`/legendary dm enabled:True`: the first DM", dm, started))
    closed = dm_closed_text(loc, render.COMMAND, ALICE)
    add(text("dm-closed", "DMs closed (public, once)", closed, started, public=True))
    return out


def final_game(steps: Sequence[tuple[Table, tuple[Event, ...]]]) -> Game:
    g = steps[-1][0].game
    assert g is not None
    return g


def _has(events: Sequence[Event], kind: Ev) -> bool:
    return any(e.kind == kind and e.seats is None for e in events)


def _prompted(state: Table) -> bool:
    g = state.game
    return g is not None and g.prompt is not None and state.seats[g.prompt.seat].person is not None


def _ai_turn(state: Table, events: Sequence[Event]) -> bool:
    return any(e.kind == Ev.TURN and e.data.get("seat") == 2 for e in events)


def _status(state: Table, loc: str) -> Shot:
    g = state.game
    assert g is not None
    p = pack()
    end = render.end_sentence(view(g, p, None), engine.scores(g, p), engine.winners(g, p), loc)
    return Shot(
        "status", "`/legendary status` after the end", "ephemeral: the one who asked", False,
        "", end, [_board(state, loc)], None, state,
    )  # fmt: skip


# ---- Markdown -----------------------------------------------------------------------------

TITLE = "Legendary 2099 on Discord: message gallery"
INTRO = (
    "Every kind of message the bot sends for Legendary 2099, rendered from one real game "
    "(two people and an AI seat, greedy choices, a fixed seed) through the table's "
    "reducer and the engine. Embeds are quoted (title, description, fields, footer); "
    "buttons are listed by row with their style. Regenerate with "
    "`python -m cogs.legendary.gallery --out docs/legendary-gallery.md` (and "
    "`--lang pl --out docs/legendary-gallery.pl.md`).",
    "_public_ messages go to the game's channel, in the table's language; _ephemeral_ "
    "ones only to the person who clicked or typed, in theirs (the same panels go by DM "
    "to players who opted in).",
)


def gallery_markdown(all_shots: Sequence[Shot]) -> str:
    return common.gallery_markdown(TITLE, INTRO, all_shots)


def main(argv: Sequence[str] | None = None) -> int:
    return common.main(
        argv,
        prog="python -m cogs.legendary.gallery",
        doc=__doc__,
        render=lambda loc: gallery_markdown(shots(loc=loc)),
    )


if __name__ == "__main__":
    raise SystemExit(main())
