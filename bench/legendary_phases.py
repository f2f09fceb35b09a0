"""Where the measured latency of `/legendary play` and `fight` goes, next to the no-op:
the event loop thread's CPU time from INTERACTION_CREATE dispatched to the fake
Discord's stamp (the callback accepted: the moment `bench_legendary_discord` measures
to), cut into phases (the tables and loop of bench_legendary_discord).

    python -m bench.legendary_phases --tables 500 --samples 300

Phases, in order: the fake's gateway frame until discord.py reads it; discord.py's
parsing and dispatch until the command's callback runs; the command itself (ours:
table, action, service, panel) until it calls `send_message`; discord.py building the
request and aiohttp sending it until the fake's server reads it; the fake's HTTP
parsing and body until it handles the callback; the fake's checks and records until
the stamp. Unlike `legendary_stage_profile` (whose `send` stage is inclusive and so
also books what comes after the stamp: the fake's response, discord.py parsing it
and building the message object), this stops at the stamp.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import aiohttp.web_protocol
import discord.app_commands.commands as app_commands
import discord.gateway
import discord.interactions

import tests.fakediscord.server as fake_server
from bench.bench_discord import settle_heap, trim_records
from bench.bench_legendary_discord import KINDS, LegendaryTables
from bench.discord_latency import NOOP, measure, quiet, start_bot
from content.legendary.loader import load_default_pack
from rules.legendary.actions import Fight, Play
from tests.fakediscord import FakeDiscord

PHASES = (
    ("dispatch", "gateway: the fake's frame until discord.py reads it"),
    ("read", "discord.py: parsing, dispatch, until the command runs"),
    ("command", "the command: table, action, service, panel (ours)"),
    ("send", "discord.py + aiohttp: the request, until the fake reads it"),
    ("received", "the fake: HTTP parsing and the body, until the callback"),
    ("handled", "the fake: checks and records, until the stamp"),
    ("stamp", ""),
)


class Marks:
    """`time.thread_time()` at the first passage through each phase's start."""

    def __init__(self) -> None:
        self.at: dict[str, float] = {}

    def mark(self, name: str) -> None:
        self.at.setdefault(name, time.thread_time())

    def install(self) -> None:
        marks = self
        server = fake_server.FakeDiscordServer
        dispatch_all = server._dispatch_all
        accept = server._accept_callback
        received = discord.gateway.DiscordWebSocket.received_message
        do_call = app_commands.Command._do_call
        send_message = discord.interactions.InteractionResponse.send_message
        data_received = aiohttp.web_protocol.RequestHandler.data_received

        def _dispatch_all(self: Any, event: str, *a: Any, **kw: Any) -> Any:
            if event == "INTERACTION_CREATE":
                marks.at = {}
                marks.mark("dispatch")
            return dispatch_all(self, event, *a, **kw)

        def _accept(self: Any, it: Any, call: Any) -> Any:
            marks.mark("handled")
            try:
                return accept(self, it, call)
            finally:
                marks.mark("stamp")

        async def _received(self: Any, msg: Any) -> Any:
            marks.mark("read")
            return await received(self, msg)

        async def _do_call(self: Any, *a: Any, **kw: Any) -> Any:
            marks.mark("command")
            return await do_call(self, *a, **kw)

        async def _send_message(self: Any, *a: Any, **kw: Any) -> Any:
            marks.mark("send")
            return await send_message(self, *a, **kw)

        def _data_received(self: Any, data: bytes) -> Any:
            if "send" in marks.at:
                marks.mark("received")
            return data_received(self, data)

        server._dispatch_all = _dispatch_all  # type: ignore[method-assign]
        server._accept_callback = _accept  # type: ignore[method-assign]
        discord.gateway.DiscordWebSocket.received_message = _received  # type: ignore[method-assign]
        app_commands.Command._do_call = _do_call  # type: ignore[method-assign]
        discord.interactions.InteractionResponse.send_message = _send_message  # type: ignore[method-assign]
        aiohttp.web_protocol.RequestHandler.data_received = _data_received  # type: ignore[method-assign]


async def run(args: argparse.Namespace) -> None:
    marks = Marks()
    marks.install()
    rows: dict[str, list[dict[str, float]]] = defaultdict(list)
    wall: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(strict=False) as fake:
            bot = await start_bot(
                fake, Path(tmp) / "bench.sqlite3", {"legendary": load_default_pack()}, "legendary"
            )
            tables = LegendaryTables(fake, bot)
            await tables.grow(args.tables)
            settle_heap(fake)
            for i in range(20):
                await tables.sample(args.tables, i)
            settle_heap(fake)
            load0 = os.getloadavg()[0]
            for i in range(args.samples * 2):
                slot = tables.rng.randrange(args.tables)
                kind = NOOP if i % 2 else KINDS[(i // 2) % 2]
                action = (
                    None
                    if kind == NOOP
                    else await tables._ready(slot, Play if kind == "play" else Fight)
                )
                _, channel, user = tables.games[slot]
                await quiet(fake, bot)
                if action is None:
                    name, opts = f"legendary {NOOP}", {}
                elif isinstance(action, Play):
                    name, opts = "legendary play", {"card": action.card}
                else:
                    name, opts = "legendary fight", {"target": action.target}
                wall[kind].append(await measure(fake, user, channel, name, opts))
                rows[kind].append(dict(marks.at))
                await quiet(fake, bot)
                if i % 100 == 99:
                    trim_records(fake)
            load1 = os.getloadavg()[0]
            await fake.stop_bot(bot)
    print(f"{args.tables} games, load average {load0:.2f} → {load1:.2f}")
    print("CPU ms per interaction (mean), dispatch → stamp | " + " | ".join((*KINDS, NOOP)))
    names = [p for p, _ in PHASES]
    for (start, what), end in zip(PHASES, names[1:], strict=False):
        cells = []
        for k in (*KINDS, NOOP):
            got = [(r[end] - r[start]) * 1000 for r in rows[k] if start in r and end in r]
            cells.append(f"{statistics.mean(got):.3f}" if got else "-")
        print(f"{start}: {what} | " + " | ".join(cells))
    totals = {
        k: statistics.mean((r["stamp"] - r["dispatch"]) * 1000 for r in rows[k])
        for k in (*KINDS, NOOP)
    }
    print("total | " + " | ".join(f"{totals[k]:.3f}" for k in (*KINDS, NOOP)))
    worst = max(totals[k] for k in KINDS)
    print(f"measured / no-op CPU (means): {worst / totals[NOOP]:.2f}×")
    print(
        "wall p50 ms | " + " | ".join(f"{statistics.median(wall[k]):.2f}" for k in (*KINDS, NOOP))
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.legendary_phases")
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--samples", type=int, default=300)
    asyncio.run(run(p.parse_args(argv)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
