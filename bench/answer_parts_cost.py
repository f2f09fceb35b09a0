"""What the parts of one game answer cost, offline: the rules' view and legal actions,
the engine's apply, the hand embed and the buttons (Legendary: `panel_buttons` and its
payload; TCG: the panel's labels and the payment prompt), CPU per call, on the
positions of the latency benchmarks (bench_legendary_discord's solo mid-turn games,
bench_tcg_discord's mid-duels a few random moves on). Runs against any tree of the
repository (run it from that tree), so two versions compare on the same positions.

    python -m bench.answer_parts_cost --repeat 5

Best of `--repeat` passes, thread CPU, with the garbage collector off (a collection
would land in whichever part allocated last). Hot caches: inside the bot each part
runs cold and costs 2-3× this (docs/benchmarks.md, "games' answer work").
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import time
from collections.abc import Callable
from typing import Any

from bench.bench_tcg_discord import DECK, HAND, LEGENDS


def _best(fn: Callable[[Any], object], cases: list[Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.thread_time()
        for c in cases:
            fn(c)
        best = min(best, time.thread_time() - t0)
    return best / len(cases) * 1000


def legendary(repeat: int, n: int) -> dict[str, float]:
    from cogs.legendary import render
    from cogs.legendary.components import panel_buttons
    from content.legendary.loader import load_default_pack
    from rules.legendary import engine
    from rules.legendary.actions import Play
    from rules.legendary.cards import HeroCard, VillainCard
    from rules.legendary.scenario import scenario
    from rules.legendary.view import view

    pack = load_default_pack()
    heroes = sorted(c.id for c in pack.cards.values() if isinstance(c, HeroCard))
    villains = sorted(c.id for c in pack.cards.values() if isinstance(c, VillainCard) and not c.uru)
    games = []
    for i in range(n):
        r = random.Random(i)
        g = scenario(
            pack,
            players=1,
            names=["p"],
            hands={0: r.sample(heroes, 8)},
            decks={0: r.sample(heroes, 10)},
            hq=r.sample(heroes, 5),
            city={s: v for s, v in enumerate(r.sample(villains, 5))},
            villain_deck=r.sample(villains, 10),
            hero_deck=r.sample(heroes, 10),
            attack=60,
            recruit=5,
            seed=i,
        )
        play = next(a for a in engine.legal_actions(g, pack, 0) if isinstance(a, Play))
        after = engine.apply(g, play, pack).state
        games.append(after if after.prompt is None else g)
    views = {id(g): view(g, pack, 0) for g in games}
    legal = {id(g): engine.legal_actions(g, pack, 0) for g in games}
    plays = {id(g): next(a for a in legal[id(g)] if isinstance(a, Play)) for g in games}

    def buttons(g: Any) -> object:
        made, _ = panel_buttons(legal[id(g)], views[id(g)], "t1", g.version, "en", pack)
        return made.to_components() if made is not None else None

    return {
        "view": _best(lambda g: view(g, pack, 0), games, repeat),
        "legal actions": _best(lambda g: engine.legal_actions(g, pack, 0), games, repeat),
        "apply (a play)": _best(lambda g: engine.apply(g, plays[id(g)], pack), games, repeat),
        "hand embed": _best(
            lambda g: render.hand_embed(views[id(g)], ["a note"], "en", pack), games, repeat
        ),
        "buttons + payload": _best(buttons, games, repeat),
    }


class _Service:
    cache_size = 64

    def subscribe(self, listener: Any) -> None:
        pass


def tcg(repeat: int, n: int) -> dict[str, float]:
    from cogs.common.prefs import Prefs
    from cogs.tcg import render
    from cogs.tcg.panel import payment_choices, payment_prompt
    from cogs.tcg.runtime import TcgRuntime
    from content.tcg.loader import load_default_pack
    from rules.tcg.engine import apply
    from rules.tcg.legal import legal_actions, to_act
    from rules.tcg.scenario import Side, build
    from rules.tcg.state import evolve
    from rules.tcg.view import view

    content = load_default_pack()
    rt = TcgRuntime(None, _Service(), content, Prefs())  # type: ignore[arg-type]
    states = []
    for i in range(n):
        side = Side(
            field=["alley-cutter", "ice-sentinel"],
            hand=HAND,
            legends=LEGENDS,
            eddies=4,
            deck=DECK,
            gigs=["d6:3", "d8:4"],
        )
        st = build(content, side, side, seed=i)
        seats = tuple(evolve(s, player=f"u{k}", name=f"n{k}") for k, s in enumerate(st.seats))
        st = evolve(st, seats=seats, id=f"b{i}")
        rng = random.Random(i)
        for _ in range(rng.randrange(12)):
            seat = to_act(st)
            if seat is None:
                break
            moves = [
                a for a in legal_actions(st, content, st.seats[seat].player) if a.type != "concede"
            ]
            st = apply(st, rng.choice(moves), content).state
        if to_act(st) is not None:
            states.append(st)

    def seat(s: Any) -> int:
        found = to_act(s)
        assert found is not None
        return found

    def player(s: Any) -> str:
        return str(s.seats[seat(s)].player)

    views = {id(s): view(s, content, seat(s)) for s in states}
    legal = {id(s): legal_actions(s, content, player(s)) for s in states}

    def prompt(s: Any) -> object:
        for i, a in enumerate(legal[id(s)]):
            ways = payment_choices(rt, s, a)
            if ways:
                return payment_prompt(rt, s, player(s), i, ways, "en")
        return None

    return {
        "view": _best(lambda s: view(s, content, seat(s)), states, repeat),
        "legal actions": _best(lambda s: legal_actions(s, content, player(s)), states, repeat),
        "apply (first legal)": _best(lambda s: apply(s, legal[id(s)][0], content), states, repeat),
        "hand embed": _best(
            lambda s: render.hand_embed(views[id(s)], seat(s), ["a note"], "en"), states, repeat
        ),
        "action labels (all)": _best(
            lambda s: [render.action_label(a, views[id(s)], "en") for a in legal[id(s)]],
            states,
            repeat,
        ),
        "payment prompt": _best(prompt, states, repeat),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.answer_parts_cost")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--positions", type=int, default=300)
    args = p.parse_args(argv)
    gc.disable()
    for game, fn in (("Legendary", legendary), ("TCG", tcg)):
        for part, ms in fn(args.repeat, args.positions).items():
            print(f"{game:<9} | {part:<20} | {ms:.3f} ms CPU per call")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
