"""The TCG gallery's kit (cogs/tcg/gallery.py): deterministic duels of random players,
the bot's runtime without a bot, and `Builder`, which renders shots in one language with
the bot's own message builders."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cogs.common.gallery import Shot
from cogs.common.memo import VersionMemo
from cogs.common.text import refusal_embed
from cogs.tcg import render
from cogs.tcg.messages import update_message
from cogs.tcg.panel import panel
from cogs.tcg.runtime import TcgRuntime
from rules.core.events import Event
from rules.tcg import actions as act
from rules.tcg.cards import TcgContent
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.options import TcgOptions
from rules.tcg.state import Duel
from rules.tcg.view import events_for

NAMES = ("Alice", "Bob")
PLAYERS = ("111111111111111111", "222222222222222222")  # Discord ids: mentions render
LEGENDS = ["rook-vance", "mara-kell", "dex-oyelaran"]
GREEN = ["saffi-roux up", "hollis-grant up", "nana-quill"]


@dataclass
class Step:
    """One action and what it did."""

    before: Duel
    seat: int
    action: act.Action | None  # None: the new duel
    events: list[Event]
    after: Duel


def runtime(content: TcgContent) -> TcgRuntime:
    """The bot's runtime without a bot: what the render code asks of it (the pack, the
    cached views and legal actions) and nothing that sends."""
    rt = object.__new__(TcgRuntime)
    rt.content = content
    rt.memo = VersionMemo()
    rt.languages = {}
    return rt


def duel(content: TcgContent, seed: int, options: TcgOptions | None = None) -> list[Step]:
    """A duel of random (never conceding) players, every step recorded."""
    decks = sorted(content.decks.values(), key=lambda d: d.id)
    pair = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
    state = new_duel(
        duel_id=f"d{seed}",
        players=PLAYERS,
        names=NAMES,
        decks=pair,
        seed=seed,
        content=content,
        options=options,
    )
    rng = random.Random(seed)
    steps = [Step(state, state.chooser, None, [], state)]  # the new duel
    for _ in range(800):
        seat = to_act(state)
        if state.result is not None or seat is None:
            break
        legal = legal_actions(state, content, state.seats[seat].player)
        action = rng.choice([a for a in legal if not isinstance(a, act.Concede)])
        out = apply(state, action, content)
        steps.append(Step(state, seat, action, list(out.events), out.state))
        state = out.state
    return steps


def first(steps: Sequence[Step], pred: Callable[[Step], bool]) -> Step | None:
    return next((s for s in steps if pred(s)), None)


def public(step: Step) -> list[str]:
    return [e.text for e in events_for(step.events, None)]


# ---- the builders ---------------------------------------------------------------------------


class Builder:
    """Shots in one language, with the bot's own message builders."""

    def __init__(self, content: TcgContent, loc: str) -> None:
        self.content = content
        self.loc = loc
        self.rt = runtime(content)
        self.out: list[Shot] = []

    def add(self, shot: Shot | None) -> None:
        if shot is not None:
            self.out.append(shot)

    def text(self, key: str, title: str, audience: str, public: bool, note: str, body: str) -> None:
        self.add(Shot(key, title, audience, public, note, body, [], None, None))

    def update(
        self, key: str, title: str, note: str, step: Step, *, opening: str | None = None
    ) -> None:
        """The public update after `step` (as `TcgRuntime.publish` posts it)."""
        state = step.after
        waiting = self.rt.waiting(state)
        window = state.attack is not None and state.attack.window
        react = state.seats[waiting].name if window and waiting is not None else None
        mention = state.seats[waiting].player if waiting is not None else None
        kw = update_message(
            self.rt, state, public(step), self.loc, mention=mention, note=opening, react=react
        )
        self.add(
            Shot(
                key,
                title,
                "public: the duel's channel",
                True,
                note,
                kw.get("content"),
                kw["embeds"],
                kw.get("view"),
                state,
            )
        )

    def panel(
        self, key: str, title: str, note: str, state: Duel, seat: int, notes: Sequence[str] = ()
    ) -> None:
        player = state.seats[seat].player
        embed, view = panel(self.rt, state, player, list(notes), loc=self.loc)
        who = state.seats[seat].name
        self.add(
            Shot(key, title, f"ephemeral: only {who}", False, note, None, [embed], view, state)
        )

    def refusal(self, key: str, title: str, note: str, message: str, state: Duel | None) -> None:
        embed = refusal_embed(message, render.COMMAND)
        self.add(
            Shot(key, title, "ephemeral: only the clicker", False, note, None, [embed], None, state)
        )
