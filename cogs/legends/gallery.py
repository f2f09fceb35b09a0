"""Developer tool: every kind of message Fixer sends, rendered from real game states.

    python -m cogs.legends.gallery [--lang pl] [--out docs/discord-gallery.md]

AI crews play real runs through the engine (deterministic seeds); the gallery picks the
first moment of each kind (a flip, a turn, an executed Plan that hits and one that misses,
a vote, clean-up, a won and a flatlined run, …) and renders the message the bot sends
then, with the same render and button code as the bot: embeds (title, description,
fields, footer), content and button rows as text, so a human can review them without a
Discord client. `shots()` is also what the render tests check Discord's limits on.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cogs.common import gallery as common

# Re-exported: the render tests read a shot through this module as well.
from cogs.common.gallery import Shot as Shot
from cogs.common.gallery import iter_texts as iter_texts
from cogs.common.gallery import shot_markdown as shot_markdown
from cogs.legends import howto, render
from cogs.legends.components import board_buttons, panel_message
from cogs.legends.localize import localize_board, localize_events, localize_view
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.legends.actions import Action, CloseVote, Flip, Play, Start
from rules.legends.cards import ContentPack
from rules.legends.engine import apply
from rules.legends.sim import crew_table, make_brain, next_actor
from rules.legends.state import Table
from rules.legends.view import board, events_for, player_view

NAMES = ("Alice", "Bob", "Carmen", "Dex")


@dataclass
class Step:
    """One action and what it did."""

    before: Table
    actor: str | None
    action: Action
    events: list[Event]
    after: Table


# ---- playing ------------------------------------------------------------------------------


def play(
    table: Table,
    content: ContentPack,
    *,
    seed: int,
    ai: str = "crew",
    scenario: str | None = None,
    max_actions: int = 4000,
) -> list[Step]:
    """Start a run (unless one is on) and let an AI crew play it to the end; every step
    recorded."""
    players = list(dict.fromkeys(r.player for r in table.runners))
    brains = {
        p: make_brain("crew" if ai == "crew" else "random", seed * 10 + i)
        for i, p in enumerate(players)
    }
    steps: list[Step] = []
    t = table
    if t.run is None:
        start = Start(player=table.owner, scenario=scenario)
        out = apply(table, start, content)
        steps.append(Step(table, table.owner, start, list(out.events), out.table))
        t = out.table
    for _ in range(max_actions):
        if t.run is None:
            break
        who = next_actor(t, content)
        action: Action
        if who is None:
            action = CloseVote(player="system")
        else:
            action = brains[who].choose(player_view(t, who, content), content)
        out = apply(t, action, content)
        steps.append(Step(t, who, action, list(out.events), out.table))
        t = out.table
    return steps


def mention_of(state: Table, player: str) -> str:
    name = next((r.name for r in state.runners if r.player == player and not r.is_merc), player)
    return f"@{name}"


# ---- messages -----------------------------------------------------------------------------


def public_update(
    key: str, title: str, note: str, step: Step, content: ContentPack, *, loc: str = "en"
) -> Shot | None:
    state = step.after
    public = [e for e in step.events if e.seats is None]
    lines = render.event_lines(localize_events(public, content, state, loc), loc=loc)
    if not lines:
        return None
    b = localize_board(board(state, content), content, state, loc)
    natural = render.is_natural(public)
    mentions = {p: mention_of(state, p) for p in render.awaited(state)}
    text, embeds = render.update_message(state, b, lines, natural, mentions, content, loc=loc)
    return Shot(
        key,
        title,
        "public: the campaign channel",
        True,
        note,
        text,
        embeds,
        board_buttons(b, loc=loc),
        state,
    )


def status_board(
    key: str, title: str, note: str, state: Table, content: ContentPack, *, loc: str = "en"
) -> Shot:
    b = localize_board(board(state, content), content, state, loc)
    if state.run is None:
        embeds = [render.campaign_embed(state, content, loc=loc)]
    else:
        embeds = [render.board_embed(b, loc=loc)]
    buttons = board_buttons(b, loc=loc)
    return Shot(key, title, "public: `/legends status`", True, note, None, embeds, buttons, state)


def hand_panel(
    key: str,
    title: str,
    note: str,
    state: Table,
    player: str,
    content: ContentPack,
    notes: Sequence[str] = (),
    *,
    loc: str = "en",
) -> Shot:
    view = localize_view(player_view(state, player, content), content, state, loc)
    embed, buttons = panel_message(view, list(notes), loc=loc)
    who = mention_of(state, player).removeprefix("@")
    return Shot(key, title, f"ephemeral: only {who}", False, note, None, [embed], buttons, state)


def private_notes(step: Step, player: str, *, loc: str = "en") -> list[str]:
    mine = [e for e in events_for(step.events, step.after, player) if e.seats is not None]
    return [f"🔒 {howto.event_text(e, loc)}" for e in mine]


def refusal(
    key: str,
    title: str,
    note: str,
    state: Table,
    action: Action,
    content: ContentPack,
    *,
    loc: str = "en",
) -> Shot | None:
    try:
        apply(state, action, content)
    except IllegalAction as exc:
        return Shot(
            key,
            title,
            "ephemeral: only the clicker",
            False,
            note,
            None,
            [render.refusal_embed(howto.refusal_text(exc.refusal, loc))],
            None,
            state,
        )
    return None


# ---- the gallery --------------------------------------------------------------------------


def _first(
    steps: Sequence[Step], pred: Callable[[Step], bool], used: set[int] | None = None
) -> Step | None:
    """The first step that matches, preferring one no other shot shows yet."""
    found = [s for s in steps if pred(s)]
    if used is not None:
        fresh = [s for s in found if id(s) not in used]
        pick = fresh[0] if fresh else (found[0] if found else None)
        if pick is not None:
            used.add(id(pick))
        return pick
    return found[0] if found else None


def _kinds(step: Step) -> set[str]:
    return {e.kind for e in step.events}


def _executed(step: Step, hit: bool) -> bool:
    return any(e.kind == "executed" and bool(e.data.get("hits")) == hit for e in step.events)


def crew_run(
    content: ContentPack,
    runners: int,
    seed: int,
    *,
    merc: bool = False,
    ai: str = "crew",
    scenario: str | None = None,
) -> list[Step]:
    t = crew_table(content, runners=runners, seed=seed, merc=merc, names=NAMES[:runners])
    t = t.model_copy(update={"name": "Night Crew"})
    return play(t, content, seed=seed, ai=ai, scenario=scenario)


def _showcase(steps: Sequence[Step]) -> bool:
    """A won run that shows everything: a hit, a miss, a vote, a card asking a choice,
    a clean-up after a failed round."""
    kinds = {e.kind for s in steps for e in s.events}
    return (
        {"complete", "vote", "obstacle_cleared", "crew_damaged"} <= kinds
        and any(_executed(s, False) for s in steps)
        and any(_executed(s, True) and "obstacle_cleared" not in _kinds(s) for s in steps)
        and any(s.after.run is not None and s.after.run.prompts for s in steps)
    )


def main_run(content: ContentPack) -> list[Step]:
    """The first seed (deterministic search) whose two-runner run shows everything."""
    first: list[Step] = []
    for seed in range(1, 60):
        steps = crew_run(content, 2, seed)
        first = first or steps
        if _showcase(steps):
            return steps
    return first


def flatlined_run(content: ContentPack) -> list[Step]:
    """The first seed (deterministic search) whose random-AI crew flatlines."""
    last: list[Step] = []
    for seed in range(1, 60):
        steps = crew_run(content, 2, seed, ai="random")
        last = steps
        if any(e.kind == "flatlined" for e in steps[-1].events):
            return steps
    return last


def shots(content: ContentPack | None = None, *, loc: str = "en") -> list[Shot]:
    """Every kind of message, from real runs (deterministic), in the language `loc`."""
    if content is None:
        from content.legends.loader import load_default_pack

        content = load_default_pack()
    out: list[Shot] = []
    # Every builder below speaks `loc` (local names over the module's functions).
    public_update = functools.partial(globals()["public_update"], loc=loc)
    status_board = functools.partial(globals()["status_board"], loc=loc)
    hand_panel = functools.partial(globals()["hand_panel"], loc=loc)
    private_notes = functools.partial(globals()["private_notes"], loc=loc)
    refusal = functools.partial(globals()["refusal"], loc=loc)

    def add(shot: Shot | None) -> None:
        if shot is not None:
            out.append(shot)

    steps = main_run(content)
    start = steps[0]
    add(
        public_update(
            "run-start", "A run starts", "`/legends start`: the first board.", start, content
        )
    )
    if s := _first(steps, lambda s: "flipped" in _kinds(s) and "round" in _kinds(s)):
        add(
            public_update(
                "flip-obstacle",
                "Flip: an Obstacle",
                "The Leader flips an Obstacle; the first round starts.",
                s,
                content,
            )
        )
    if s := _first(
        steps,
        lambda s: "flipped" in _kinds(s) and "round" not in _kinds(s) and "vote" not in _kinds(s),
    ):
        add(
            public_update(
                "flip-scene", "Flip: a scene", "The Leader flips a scene card.", s, content
            )
        )
    if s := _first(
        steps,
        lambda s: (
            isinstance(s.action, Play)
            and not render.is_natural([e for e in s.events if e.seats is None])
        ),
    ):
        add(
            public_update(
                "turn",
                "Turn prompt (after a play)",
                "A card enters the Plan; the next player is pinged.",
                s,
                content,
            )
        )
    # The clicker's panel after a play, preferably one that drew a card (a private note).
    if s := _first(
        steps, lambda s: isinstance(s.action, Play) and bool(private_notes(s, s.actor or ""))
    ) or _first(steps, lambda s: isinstance(s.action, Play)):
        who = s.actor or ""
        add(
            hand_panel(
                "play-result",
                "Play result (the clicker's panel, updated)",
                "After clicking a Play button on the panel: the same ephemeral "
                "message is edited, with what only the clicker may see.",
                s.after,
                who,
                content,
                private_notes(s, who),
            )
        )
    # Mid-Plan: the board, and the hand of whoever is to play (and of someone waiting).
    mid = _first(
        steps,
        lambda s: (
            s.after.run is not None
            and s.after.run.phase == "plan"
            and len(s.after.run.plan) >= 2
            and not s.after.run.prompts
        ),
    )
    if mid is not None:
        st = mid.after
        add(
            status_board(
                "status",
                "The board (`/legends status`)",
                "Mid-Plan: what the Plan makes, what each Obstacle needs.",
                st,
                content,
            )
        )
        run = st.run
        assert run is not None and run.turn is not None
        turn_player = st.runners[run.turn].player
        add(
            hand_panel(
                "hand-turn",
                "Hand: your turn (My hand)",
                "Ephemeral answer to **My hand** for the player to play.",
                st,
                turn_player,
                content,
            )
        )
        other = next((r.player for r in st.runners if r.player != turn_player), None)
        if other is not None:
            add(
                hand_panel(
                    "hand-waiting",
                    "Hand: not your turn",
                    "Ephemeral answer to **My hand** for a player who waits.",
                    st,
                    other,
                    content,
                )
            )
            add(
                refusal(
                    "refusal",
                    "Refusal (not your turn)",
                    "A click or command that is not legal now: ephemeral, with why.",
                    st,
                    Flip(player=other),
                    content,
                )
            )
    if s := _first(steps, lambda s: s.after.run is not None and bool(s.after.run.prompts)):
        st = s.after
        assert st.run is not None
        p = st.runners[st.run.prompts[0].seat].player
        add(
            hand_panel(
                "prompt",
                "A card asks a choice",
                "The prompted player's panel: one button per option.",
                st,
                p,
                content,
            )
        )
    used: set[int] = set()
    if s := _first(
        steps, lambda s: _executed(s, True) and "obstacle_cleared" not in _kinds(s), used
    ):
        add(
            public_update(
                "exec-hit",
                "Plan executes: a hit",
                "The Plan hits: which requirement was met by what, the Damage; "
                "the Obstacle still stands and hits back.",
                s,
                content,
            )
        )
    if s := _first(steps, lambda s: _executed(s, False), used):
        add(
            public_update(
                "exec-miss",
                "Plan executes: a miss",
                "The Plan misses; the Obstacles hit the crew.",
                s,
                content,
            )
        )
    if s := _first(steps, lambda s: "crew_damaged" in _kinds(s), used):
        add(
            public_update(
                "crew-damage",
                "Obstacle damage to the crew",
                "An Obstacle still standing deals its Damage.",
                s,
                content,
            )
        )
    if s := _first(steps, lambda s: "obstacle_cleared" in _kinds(s), used):
        add(public_update("cleared", "An Obstacle is cleared", "Health reached 0.", s, content))
    if s := _first(steps, lambda s: "vote" in _kinds(s), used):
        add(
            public_update(
                "vote",
                "Scene vote",
                "A scene asks the crew to choose: vote buttons on the board.",
                s,
                content,
            )
        )
        st = s.after
        add(
            hand_panel(
                "vote-hand",
                "Scene vote: the Leader's panel",
                "The Leader may vote or close the vote.",
                st,
                st.runners[st.run.leader].player if st.run else st.owner,
                content,
            )
        )
    if s := _first(steps, lambda s: "vote_result" in _kinds(s), used):
        add(public_update("vote-result", "Scene vote: the result", "", s, content))
    if s := _first(
        steps,
        lambda s: (
            "cleanup" in _kinds(s)
            and s.after.run is not None
            and any(c.limit == 1 for c in s.after.run.cleanup.values())
        ),
        used,
    ):
        add(
            public_update(
                "cleanup",
                "Clean-up",
                "After a Plan that left Obstacles standing: discard at most one card, then ready.",
                s,
                content,
            )
        )
        st = s.after
        assert st.run is not None
        p = st.runners[next(iter(st.run.cleanup))].player
        add(
            hand_panel(
                "cleanup-hand",
                "Clean-up: the discard prompt",
                "Discard buttons (within the limit) and Ready.",
                st,
                p,
                content,
            )
        )
    last = steps[-1]
    add(public_update("complete", "Run won", "The last Obstacle falls.", last, content))
    add(
        status_board(
            "campaign",
            "Campaign summary (`/legends status` between runs)",
            "Roster, progress and what comes next.",
            last.after,
            content,
        )
    )
    # A second run of the same campaign: the summary grows.
    steps2 = play(last.after, content, seed=8)
    add(
        status_board("campaign-2", "Campaign summary after two runs", "", steps2[-1].after, content)
    )

    flat = flatlined_run(content)
    add(
        public_update(
            "flatlined", "Run lost (flatlined)", "The crew's Health hits 0.", flat[-1], content
        )
    )

    solo = crew_run(content, 1, seed=11, merc=True)
    if s := _first(
        solo,
        lambda s: (
            s.after.run is not None
            and s.after.run.phase == "plan"
            and s.after.run.turn is not None
            and len(s.after.run.plan) >= 1
            and not s.after.run.prompts
        ),
    ):
        add(status_board("solo-status", "Solo + merc: the board", "", s.after, content))
        add(
            hand_panel(
                "solo-hand",
                "Solo + merc: one panel, two hands",
                "The solo runner's panel shows the merc's hand too.",
                s.after,
                s.after.runners[0].player,
                content,
            )
        )
    if s := _first(solo, lambda s: "cleanup" in _kinds(s)):
        add(
            hand_panel(
                "solo-cleanup",
                "Solo + merc: clean-up",
                "",
                s.after,
                s.after.runners[0].player,
                content,
            )
        )

    four = crew_run(content, 4, seed=5)
    if s := _first(
        four,
        lambda s: (
            s.after.run is not None
            and s.after.run.phase == "plan"
            and len(s.after.run.plan) >= 3
            and not s.after.run.prompts
        ),
    ):
        add(status_board("four-status", "Four runners: the board", "", s.after, content))
    return out


# ---- Markdown -----------------------------------------------------------------------------

TITLE = "Fixer on Discord: message gallery"
INTRO = (
    "Every kind of message the bot sends, rendered from real game states played by AI "
    "crews through the engine (deterministic seeds). Embeds are quoted (title, "
    "description, fields, footer); buttons are listed by row with their style. "
    "Regenerate with `python -m cogs.legends.gallery --out docs/discord-gallery.md`.",
    "Players and what they see: _public_ messages go to the campaign channel; "
    "_ephemeral_ ones only to the person who clicked (the same panels go by DM to "
    "players who opted in).",
)


def gallery_markdown(all_shots: Sequence[Shot]) -> str:
    return common.gallery_markdown(TITLE, INTRO, all_shots)


def main(argv: Sequence[str] | None = None) -> int:
    return common.main(
        argv,
        prog="python -m cogs.legends.gallery",
        doc=__doc__,
        render=lambda loc: gallery_markdown(shots(loc=loc)),
    )


if __name__ == "__main__":
    raise SystemExit(main())
