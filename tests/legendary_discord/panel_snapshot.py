"""What a Legendary answer is made of, for a fixed set of game states, as digests: every
seat's view (and the spectator's), its legal actions, its hand panel (embed and
buttons, in English and Polish), the public board, and the outcome of the move played
from it (state and events, as JSON). `test_panel_snapshot.py` checks the digests
against `panel_snapshot.json`, written by the tree before the answer path was made
cheaper (issues 12 and 14), so a faster way of building any of them must give the
same bytes.

    python -m tests.legendary_discord.panel_snapshot > tests/legendary_discord/panel_snapshot.json

Regenerate only for an intended change of what a view, a panel or a move says.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from cogs.legendary import render
from cogs.legendary.components import panel_buttons
from cogs.legendary.table import Seat, Table
from content.legendary.loader import load_default_pack
from rules.legendary import engine
from rules.legendary.cards import HeroCard, VillainCard
from rules.legendary.scenario import scenario
from rules.legendary.setup import Setup, new_game
from rules.legendary.state import Options, UruGate
from rules.legendary.view import keywords as view_keywords
from rules.legendary.view import view

GAMES = 12
STEPS = 160
EVERY = 11  # a snapshot every EVERY moves of each game
LOCALES = ("en", "pl")
# Every other game has the Heroes with divided cards and Fated Futures (the random
# draw rarely deals them); every third is Epic; every fourth has the printed Uru gate,
# open hands and a Mastermind Attack modifier.
MARKED = ("skyline", "vexa-thorn", "static-bloom", "glitchwitch", "halo-nine")


def _digest(x: Any) -> str:
    text = x if isinstance(x, str) else json.dumps(x, sort_keys=False, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _parts(game: Any, pack: Any, move: Any) -> dict[str, str]:
    table = Table(
        id="t1",
        owner="1",
        seats=tuple(Seat(person=str(i + 1), name=n) for i, n in enumerate(game.names)),
        game=game,
    )
    out: dict[str, str] = {}
    spectator = view(game, pack, None)
    out["view:-"] = _digest(spectator.model_dump_json())
    for loc in LOCALES:
        board = render.board_embed(spectator, table, None, pack, loc)
        out[f"board:{loc}"] = _digest(board.to_dict())
    for seat in range(game.players):
        v = view(game, pack, seat)
        legal = engine.legal_actions(game, pack, seat)
        out[f"view:{seat}"] = _digest(v.model_dump_json())
        out[f"legal:{seat}"] = _digest([a.model_dump_json() for a in legal])
        for loc in LOCALES:
            embed = render.hand_embed(v, ["🔒 a note"], loc, pack)
            buttons, hidden = panel_buttons(legal, v, "t1", game.version, loc, pack)
            components = buttons.to_components() if buttons is not None else None
            out[f"panel:{seat}:{loc}"] = _digest([embed.to_dict(), components, hidden])
    outcome = engine.apply(game, move, pack)
    out["apply"] = _digest(
        [outcome.state.model_dump_json(), [e.model_dump_json() for e in outcome.events]]
    )
    return out


def _marked_starts(pack: Any) -> list[Any]:
    """Mid-turn positions with the rarer cards in hand: divided cards (L2), Fated
    Futures, cards Undercover in a Victory Pile, Cyber-Mod Villains in the city."""
    heroes = sorted(c.id for c in pack.cards.values() if isinstance(c, HeroCard))
    marked = sorted(
        c.id
        for c in pack.cards.values()
        if isinstance(c, HeroCard) and (c.halves or "fated_future" in view_keywords(c))
    )
    villains = sorted(c.id for c in pack.cards.values() if isinstance(c, VillainCard))
    out = []
    for i in range(6):
        r = random.Random(100 + i)
        out.append(
            scenario(
                pack,
                players=1 + i % 3,
                hands={0: [*marked, *r.sample(heroes, 3)], 1: r.sample(heroes, 6)},
                victory={0: r.sample(heroes, 4)},
                undercover={0: r.sample(heroes, 2)},
                hq=r.sample(heroes, 5),
                city={s: v for s, v in enumerate(r.sample(villains, 2 + i % 4))},
                villain_deck=r.sample(villains, 10),
                hero_deck=r.sample(heroes, 10),
                escape=r.sample(heroes, i % 3),
                attack=3 + 4 * i,
                recruit=2 + 2 * i,
                seed=i,
            )
        )
    return out


def snapshot() -> list[dict[str, str]]:
    """The digests of every snapshot state, in order (deterministic: seeded games)."""
    pack = load_default_pack()
    schemes, masterminds = sorted(pack.schemes), sorted(pack.masterminds)
    out: list[dict[str, str]] = []
    for k, start in enumerate(_marked_starts(pack)):
        rng = random.Random(k)
        game = start
        for _ in range(12):  # every move of the turn and a little beyond
            if game.over:
                break
            seat = engine.decision_seat(game)
            assert seat is not None
            move = rng.choice(engine.legal_actions(game, pack, seat))
            out.append(_parts(game, pack, move))
            game = engine.apply(game, move, pack).state
    for g in range(GAMES):
        rng = random.Random(g)
        names = tuple(f"p{i}" for i in range(1 + g % 4))
        options = (
            Options(uru_gate=UruGate.PRINTED, open_hands=True, mastermind_attack_mod=2)
            if g % 4 == 3
            else Options()
        )
        setup = Setup(
            names=names,
            scheme=schemes[g % len(schemes)],
            mastermind=masterminds[g % len(masterminds)],
            heroes=(MARKED[: 3 if len(names) == 1 else 5] if g % 2 else None),
            epic=g % 3 == 2,
            options=options,
        )
        game = new_game(pack, setup, seed=g).state
        for step in range(STEPS):
            if game.over:
                break
            seat = engine.decision_seat(game)
            assert seat is not None
            legal = engine.legal_actions(game, pack, seat)
            move = rng.choice(legal)
            if step % EVERY == 0:
                out.append(_parts(game, pack, move))
            game = engine.apply(game, move, pack).state
    return out


if __name__ == "__main__":
    print(json.dumps(snapshot(), indent=0))
