"""What a TCG answer is made of, for a fixed set of duel states, as digests: each seat's
view and the spectator's (and the Polish one of the seat to act), legal actions, the
private panel of the player to act (embed and buttons, English and Polish), the payment
prompt of their first play with a choice of payment (T27), the public board, and the
outcome of the move played from it. `test_panel_snapshot.py` checks them against
`panel_snapshot.json`, written by the tree before the answer path was made cheaper
(issues 12 and 14).

    python -m tests.tcg.panel_snapshot > tests/tcg/panel_snapshot.json

Regenerate only for an intended change of what a view, a panel or a move says.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from cogs.common.prefs import Prefs
from cogs.tcg import render
from cogs.tcg.panel import panel, payment_choices, payment_prompt
from cogs.tcg.runtime import TcgRuntime
from content.tcg.loader import load_default_pack
from rules.tcg.engine import apply, new_duel
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.scenario import Side, build
from rules.tcg.state import evolve

LOCALES = ("en", "pl")
DUELS = 8  # whole duels of random moves between preconstructed decks
EVERY = 9  # a snapshot every EVERY moves of them
BENCH = 10  # and positions of the latency benchmark's kind, a few moves on


class _Service:
    """What the runtime's constructor asks of a service (nothing here commits)."""

    cache_size = 64

    def subscribe(self, listener: Any) -> None:
        pass


def runtime(content: Any) -> TcgRuntime:
    return TcgRuntime(None, _Service(), content, Prefs())  # type: ignore[arg-type]


def _digest(x: Any) -> str:
    text = x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _parts(rt: TcgRuntime, state: Any, move: Any) -> dict[str, str]:
    content = rt.content
    out: dict[str, str] = {}
    seat = to_act(state)
    assert seat is not None
    player = state.seats[seat].player
    for s in (None, 0, 1):
        out[f"view:{s}"] = _digest(
            rt.view_for(state, None if s is None else state.seats[s].player).model_dump_json()
        )
    out["view:pl"] = _digest(rt.view_for(state, player, "pl").model_dump_json())
    for s in (0, 1):
        p = state.seats[s].player
        out[f"legal:{s}"] = _digest([a.model_dump_json() for a in legal_actions(state, content, p)])
    for loc in LOCALES:
        embed, view = panel(rt, state, player, ["🔒 a note"], loc=loc)
        out[f"panel:{loc}"] = _digest([embed.to_dict(), view.to_components() if view else None])
        board = render.board_embed(rt.view_for(state, None, loc), seat, "a duel", loc)
        out[f"board:{loc}"] = _digest(board.to_dict())
    legal = rt.legal(state, player)
    for i, a in enumerate(legal):
        ways = payment_choices(rt, state, a)
        if ways:
            embed, view = payment_prompt(rt, state, player, i, ways, "en")
            out["pay"] = _digest(
                [
                    [w.model_dump_json() for w in ways],
                    embed.to_dict(),
                    view.to_components() if view else None,
                ]
            )
            break
    outcome = apply(state, move, content)
    out["apply"] = _digest(
        [outcome.state.model_dump_json(), [e.model_dump_json() for e in outcome.events]]
    )
    return out


def _move(state: Any, content: Any, rng: random.Random) -> Any:
    seat = to_act(state)
    assert seat is not None
    legal = [
        a for a in legal_actions(state, content, state.seats[seat].player) if a.type != "concede"
    ]
    return rng.choice(legal)


def snapshot() -> list[dict[str, str]]:
    """The digests of every snapshot state, in order (deterministic: seeded duels)."""
    content = load_default_pack()
    rt = runtime(content)
    out: list[dict[str, str]] = []
    decks = sorted(content.decks)
    for g in range(DUELS):
        rng = random.Random(g)
        state = new_duel(
            duel_id=f"d{g}",
            players=("u0", "u1"),
            names=("Ana", "Bo"),
            decks=(
                content.decks[decks[g % len(decks)]],
                content.decks[decks[(g + 1) % len(decks)]],
            ),
            seed=g,
            content=content,
        )
        for step in range(400):
            if to_act(state) is None:
                break
            move = _move(state, content, rng)
            if step % EVERY == 0:
                out.append(_parts(rt, state, move))
            state = apply(state, move, content).state
    from bench.bench_tcg_discord import DECK, HAND, LEGENDS

    for i in range(BENCH):
        side = Side(
            field=["alley-cutter", "ice-sentinel"],
            hand=HAND,
            legends=LEGENDS,
            eddies=4,
            deck=DECK,
            gigs=["d6:3", "d8:4"],
        )
        state = build(content, side, side, seed=i)
        seats = tuple(evolve(s, player=f"b{k}", name=f"B{k}") for k, s in enumerate(state.seats))
        state = evolve(state, seats=seats, id=f"bench{i}")
        rng = random.Random(100 + i)
        for _ in range(6):
            if to_act(state) is None:
                break
            move = _move(state, content, rng)
            out.append(_parts(rt, state, move))
            state = apply(state, move, content).state
    return out


if __name__ == "__main__":
    print(json.dumps(snapshot(), indent=0))
