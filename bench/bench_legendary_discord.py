"""Legendary 2099 interaction latency through the fake Discord: `/legendary play` and
`/legendary fight` vs a no-op command in the same run, at 1, 50 and 500 active games.

    python -m bench.bench_legendary_discord            # 1, 50 and 500 games
    python -m bench.bench_legendary_discord --quick    # smoke run (1 and 10)
    python -m bench.bench_legendary_discord --levels 500 --profile /tmp/lg.prof  # cProfile
    python -m bench.bench_legendary_discord --rounds 5  # each level 5 times: the median ratio

The real Fixer bot runs against `tests/fakediscord` (SQLite NORMAL, the bot's default;
the shared harness is bench/discord_latency.py), by default with the fake in its own
process (`--fake-process`; `--fake-inprocess`: in the bot's process, as earlier runs;
bench/fake_process.py). Each game is a
mid-turn position (rules/legendary/scenario.py) in its own channel, a solo player with
a hand of Heroes, five Villains in the city and Attack to spare. One interaction at a
time, on a random game, once the bot is idle: the player's `/legendary play` (a card
in hand) or `/legendary fight` (a Villain or the Mastermind they can fight), and the
no-op, alternating. A game with neither left is replaced (unmeasured).

Latency: from INTERACTION_CREATE to the accepted callback (what the player waits for:
the answer carries their refreshed private panel); after a defer, to the followup.
Which clock each mode uses: bench/fake_process.py. The public board each move posts
goes out afterwards, unmeasured.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path
from typing import Any

from bench.discord_latency import (
    DEFAULT_SAMPLES,
    LEVELS,
    NOOP,
    SAMPLES_HELP,
    measure,
    quiet,
    run_level,
    start_bot,
    summarize_rounds,
)
from bench.fake_process import Harness, Ref, add_fake_args, harness
from cogs.legendary.runtime import LegendaryRuntime
from cogs.legendary.table import Seat, Table
from content.legendary.loader import load_default_pack
from rules.legendary import engine
from rules.legendary.actions import Fight, Play
from rules.legendary.cards import HeroCard, VillainCard
from rules.legendary.scenario import scenario

KINDS = ("play", "fight")


class LegendaryTables:
    def __init__(self, fake: Harness, bot: Any) -> None:
        self.fake, self.bot = fake, bot
        rt = bot.runtime("legendary")
        assert isinstance(rt, LegendaryRuntime)
        self.rt = rt
        pack = rt.content
        self.heroes = sorted(c.id for c in pack.cards.values() if isinstance(c, HeroCard))
        self.villains = sorted(
            c.id for c in pack.cards.values() if isinstance(c, VillainCard) and not c.uru
        )
        self.games: list[tuple[str, Ref, Ref]] = []
        self.made = 0
        self.rng = random.Random(1)

    async def add(self, slot: int | None = None) -> None:
        i = self.made
        self.made += 1
        channel = await self.fake.add_channel(f"lg-{i}")
        user = await self.fake.add_user(f"p{i}")
        r = random.Random(i)
        g = scenario(
            self.rt.content,
            players=1,
            names=[user.name],
            hands={0: r.sample(self.heroes, 8)},
            decks={0: r.sample(self.heroes, 10)},
            hq=r.sample(self.heroes, 5),
            city={s: v for s, v in enumerate(r.sample(self.villains, 5))},
            villain_deck=r.sample(self.villains, 10),
            hero_deck=r.sample(self.heroes, 10),
            attack=60,
            recruit=5,
            seed=i,
        )
        cid = f"lgbench{i}"
        table = Table(
            id=cid, owner=str(user.id), seats=(Seat(person=str(user.id), name=user.name),), game=g
        )
        await self.rt.service.create(
            campaign_id=cid,
            name="Legendary 2099",
            owner=str(user.id),
            state=table,
            guild_id=str(self.fake.guild_id),
            channel_id=str(channel.id),
        )
        self.rt.bind(cid, channel.id)
        entry = (cid, channel, user)
        if slot is None:
            self.games.append(entry)
        else:
            self.games[slot] = entry

    async def grow(self, n: int) -> None:
        while len(self.games) < n:
            await self.add()
        await self.bot.house.idle()

    async def _ready(self, slot: int, kind: type) -> Any:
        """A legal move of `kind` in game `slot`, answering prompts (unmeasured); a
        game with none left is replaced."""
        for _ in range(50):
            cid = self.games[slot][0]
            state = await self.rt.service.get(cid)
            g = state.game
            if g is None or state.over:
                await self.add(slot)
                continue
            legal = engine.legal_actions(g, self.rt.content, 0)
            if g.prompt is not None:
                await self.rt.service.act(cid, _move(state, self.rng.choice(legal)))
                continue
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return self.rng.choice(found)
            await self.add(slot)
        raise RuntimeError("no measurable position")

    async def sample(self, n: int, i: int) -> tuple[str, float]:
        slot = self.rng.randrange(n)
        kind = NOOP if i % 2 else KINDS[(i // 2) % 2]
        action = (
            None if kind == NOOP else await self._ready(slot, Play if kind == "play" else Fight)
        )
        cid, channel, user = self.games[slot]
        await quiet(self.fake, self.bot)
        if action is None:
            ms = await measure(self.fake, user, channel, f"legendary {NOOP}", {})
        elif isinstance(action, Play):
            ms = await measure(self.fake, user, channel, "legendary play", {"card": action.card})
        else:
            ms = await measure(
                self.fake, user, channel, "legendary fight", {"target": action.target}
            )
        await quiet(self.fake, self.bot)
        return kind, ms


def _move(state: Table, action: Any) -> Any:
    from cogs.legendary.table import Move

    return Move(person=state.seats[0].person or "", action=action)


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    levels = args.levels or ((1, 10) if args.quick else LEVELS)
    samples = args.samples or (40 if args.quick else DEFAULT_SAMPLES)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with harness(args) as fake:
            bot = await start_bot(
                fake, Path(tmp) / "bench.sqlite3", {"legendary": load_default_pack()}, "legendary"
            )
            tables = LegendaryTables(fake, bot)
            for r in range(args.rounds):
                for n in levels:
                    last = r == args.rounds - 1 and n == levels[-1]
                    prof = args.profile if last else None
                    rows.append(await run_level(fake, tables, n, samples, KINDS, prof))
            await fake.stop_bot(bot)
    if args.rounds > 1:
        summarize_rounds(rows)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bench_legendary_discord")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--samples", type=int, default=0, help=SAMPLES_HELP)
    p.add_argument("--levels", type=int, nargs="*")
    p.add_argument("--profile", metavar="FILE", help="cProfile the last level into FILE")
    p.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure every level this many times (one bot) and print each level's median",
    )
    add_fake_args(p)
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    asyncio.run(main_async(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
