"""The fake Discord for the interaction-latency benches, in this process or in its own.

Two harnesses with one interface (`Harness`), both over `tests/fakediscord`:

* `LocalFake` (`--fake-inprocess`): the fake runs in the bot's process and event loop,
  as the benches always did. The clock is the fake's: from the fake stamping the
  INTERACTION_CREATE just before it writes the frame (`FakeInteraction.dispatched_at`)
  to the fake accepting the callback in its route handler (`_accept_callback`); after a
  defer, to the bench seeing the followup recorded. The fake's own work (building the
  frame, parsing the bot's request, routing, its aiohttp server side) runs on the bot's
  loop inside that window.
* `RemoteFake` (`--fake-process`, the default): the fake runs in a child process (its
  REST and gateway server on 127.0.0.1, as a real bot reaches Discord over the network),
  and the bench drives it through a small HTTP control server of the child's. The clock
  is the bot's (`BotClock`): from discord.py's gateway reader receiving the frame that
  carries the INTERACTION_CREATE (`DiscordWebSocket.received_message`, before it is
  decoded) to the bot's callback request returning (`AsyncWebhookAdapter.request`:
  the fake accepted it and its response has been read); after a defer (type 5), to the
  first followup request returning. The bot's whole share is inside the window: decoding,
  dispatch, the command, building and sending the answer, reading the response. The
  fake's share runs on the child's loop, as Discord's runs on Discord's machines; its
  round trip over localhost is inside the window, as the network is on Discord.

The child dispatches the interaction 2 ms after it has answered the control request, so
the bench's own control traffic is not read by the bot's loop inside the window.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import multiprocessing
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import aiohttp
import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

from bench.bench_discord import settle_heap, trim_records
from tests.fakediscord import FakeDiscord, FakeInteraction


@dataclass(frozen=True)
class Ref:
    """A user or channel of the fake, by id (what the bot sees of it)."""

    id: int
    name: str


@dataclass(frozen=True)
class Answer:
    """One measured interaction: milliseconds, and the message that answered it."""

    ms: float
    message_id: int | None = None
    custom_ids: tuple[str, ...] = ()
    fake_ms: float | None = None
    """The fake's own span (its dispatch stamp to its accepting the callback), for
    comparison: equal to `ms` in process, inside it in the child."""
    served_ms: float | None = None
    """In the child: the fake's own time on the request the bot's clock ends on (the
    callback, or after a defer the first followup), from taking it to its response
    built. That is Discord's servers' share of `ms`, which `--bot-share` takes out."""


class Harness(Protocol):
    token: str
    guild_id: int

    async def add_channel(self, name: str) -> Ref: ...

    async def add_user(self, name: str) -> Ref: ...

    async def start_bot(self, bot: discord.Client) -> None: ...

    async def stop_bot(self, bot: discord.Client) -> None: ...

    async def install_commands(self, tree: discord.app_commands.CommandTree) -> None: ...

    async def slash(
        self, user: Ref, channel: Ref, name: str, opts: Mapping[str, Any]
    ) -> Answer: ...

    async def click(self, user: Ref, message_id: int, custom_id: str) -> Answer: ...

    async def idle(self, quiet: float = 0.003) -> None: ...

    async def trim(self) -> None: ...

    async def settle(self) -> None: ...


# ---- in process -------------------------------------------------------------------------


def _answer_of(it: FakeInteraction, ms: float) -> Answer:
    msg = it.original or (it.followups[-1] if it.followups else None)
    fake_ms = it.latency * 1000 if it.latency is not None else None
    if msg is None:
        return Answer(ms, fake_ms=fake_ms)
    return Answer(ms, msg.id, tuple(msg.custom_ids), fake_ms)


class LocalFake:
    """The fake in the bot's process (the benches' earlier and only mode)."""

    def __init__(self) -> None:
        self.fake = FakeDiscord(strict=False)
        self.token = self.fake.token
        self.guild_id = self.fake.guild.id

    async def __aenter__(self) -> LocalFake:
        await self.fake.__aenter__()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.fake.__aexit__(*exc)

    async def add_channel(self, name: str) -> Ref:
        ch = self.fake.add_channel(self.fake.guild, name)
        return Ref(ch.id, ch.name or "")

    async def add_user(self, name: str) -> Ref:
        u = self.fake.add_user(name, guild=self.fake.guild)
        return Ref(u.id, u.name)

    async def start_bot(self, bot: discord.Client) -> None:
        await self.fake.start_bot(bot)

    async def stop_bot(self, bot: discord.Client) -> None:
        await self.fake.stop_bot(bot)

    async def install_commands(self, tree: discord.app_commands.CommandTree) -> None:
        self.fake.install_commands(tree)

    async def _measure(self, it: FakeInteraction) -> Answer:
        cb = await it.response(timeout=10)
        if cb.type == 5:
            await it.wait_followups(1, timeout=10)
            return _answer_of(it, (time.perf_counter() - it.dispatched_at) * 1000)
        assert it.latency is not None
        return _answer_of(it, it.latency * 1000)

    async def slash(self, user: Ref, channel: Ref, name: str, opts: Mapping[str, Any]) -> Answer:
        f = self.fake
        it = await f.send_slash(f.users[user.id], name, dict(opts), channel=f.channels[channel.id])
        return await self._measure(it)

    async def click(self, user: Ref, message_id: int, custom_id: str) -> Answer:
        f = self.fake
        it = await f.click_button(f.users[user.id], f.messages[message_id], custom_id)
        return await self._measure(it)

    async def idle(self, quiet: float = 0.003) -> None:
        await self.fake.idle(quiet)

    async def trim(self) -> None:
        trim_records(self.fake)

    async def settle(self) -> None:
        settle_heap(self.fake)


# ---- the bot's clock --------------------------------------------------------------------


def _future() -> asyncio.Future[float]:
    return asyncio.get_running_loop().create_future()


@dataclass
class _Pending:
    received: float
    deferred: bool = False
    done: asyncio.Future[float] = field(default_factory=lambda: _future())


class BotClock:
    """Stamps taken inside the bot's process, keyed by interaction token: when the gateway
    frame carrying an INTERACTION_CREATE was received, and when the answer's request
    came back. Installed by patching three discord.py methods (for the bench's life)."""

    def __init__(self) -> None:
        self.pending: dict[str, _Pending] = {}
        self.last_frame = 0.0
        self.next: asyncio.Future[str] | None = None
        self._saved: list[tuple[Any, str, Any]] = []

    def install(self) -> None:
        clock = self
        rx = DiscordWebSocket.received_message
        parse = ConnectionState.parse_interaction_create
        request = AsyncWebhookAdapter.request

        async def received_message(ws: Any, msg: Any, /) -> None:
            clock.last_frame = time.perf_counter()
            await rx(ws, msg)

        def parse_interaction_create(state: Any, data: Any) -> None:
            p = _Pending(clock.last_frame)
            clock.pending[data["token"]] = p
            if clock.next is not None and not clock.next.done():
                clock.next.set_result(data["token"])
            parse(state, data)

        async def adapter_request(adapter: Any, route: Any, *args: Any, **kwargs: Any) -> Any:
            out = await request(adapter, route, *args, **kwargs)
            p = clock.pending.get(str(route.webhook_token))
            if p is not None and not p.done.done():
                if route.path.endswith("/callback"):
                    body = kwargs.get("payload") or {}
                    if body.get("type") == 5:
                        p.deferred = True
                    else:
                        p.done.set_result(time.perf_counter() - p.received)
                elif p.deferred and route.method == "POST":
                    p.done.set_result(time.perf_counter() - p.received)
            return out

        for owner, name, fn in (
            (DiscordWebSocket, "received_message", received_message),
            (ConnectionState, "parse_interaction_create", parse_interaction_create),
            (AsyncWebhookAdapter, "request", adapter_request),
        ):
            self._saved.append((owner, name, getattr(owner, name)))
            setattr(owner, name, fn)

    def uninstall(self) -> None:
        for owner, name, fn in reversed(self._saved):
            setattr(owner, name, fn)
        self._saved.clear()

    def arm(self) -> asyncio.Future[str]:
        self.next = asyncio.get_running_loop().create_future()
        return self.next

    async def wait(self, armed: asyncio.Future[str], timeout: float = 10.0) -> float:
        token = await asyncio.wait_for(armed, timeout)
        p = self.pending[token]
        secs = await asyncio.wait_for(p.done, timeout)
        self.pending.clear()
        return secs * 1000


# ---- in its own process -----------------------------------------------------------------


class _Control:
    """The child's side: the fake, and a control server the bench drives it through."""

    def __init__(self) -> None:
        self.fake = FakeDiscord(strict=False)
        self.errors: list[str] = []
        self.last: FakeInteraction | None = None

    def _later(self, coro_fn: Any) -> None:
        async def run() -> None:
            try:
                self.last = await coro_fn()
            except Exception as e:  # reported on the next control call
                self.errors.append(repr(e))

        asyncio.get_running_loop().call_later(0.002, lambda: asyncio.ensure_future(run()))

    async def handle(self, request: web.Request) -> web.Response:
        op = request.match_info["op"]
        body = await request.json() if request.can_read_body else {}
        f = self.fake
        out: Any = None
        if op == "add_channel":
            ch = f.add_channel(f.guild, body["name"])
            out = {"id": ch.id, "name": ch.name}
        elif op == "add_user":
            u = f.add_user(body["name"], guild=f.guild)
            out = {"id": u.id, "name": u.name}
        elif op == "install":
            store = f.global_commands
            store[:] = [f._store_command(None, c, store) for c in body["commands"]]
        elif op == "slash":
            user, ch = f.users[body["user"]], f.channels[body["channel"]]
            self._later(lambda: f.send_slash(user, body["name"], body["opts"], channel=ch))
        elif op == "click":
            user, msg = f.users[body["user"]], f.messages[body["message"]]
            self._later(lambda: f.click_button(user, msg, body["custom_id"]))
        elif op == "answer":
            it = self.last
            a = _answer_of(it, 0.0) if it is not None else Answer(0.0)
            out = {
                "message_id": a.message_id,
                "custom_ids": list(a.custom_ids),
                "fake_ms": a.fake_ms,
                "served_ms": _served_ms(f, it) if it is not None else None,
            }
        elif op == "idle":
            await f.idle(float(body.get("quiet", 0.003)))
        elif op == "trim":
            trim_records(f)
        elif op == "settle":
            settle_heap(f)
        elif op == "stop":
            self.stopping.set()
        errors, self.errors = self.errors, []
        return web.json_response({"out": out, "errors": errors})

    async def serve(self, conn: Any) -> None:
        self.stopping = asyncio.Event()
        await self.fake.start()
        app = web.Application()
        app.router.add_post("/{op}", self.handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        control = runner.addresses[0][1]
        gc.collect()
        gc.freeze()
        conn.send((self.fake.port, control, self.fake.token, self.fake.guild.id))
        await self.stopping.wait()
        await asyncio.sleep(0.05)
        await runner.cleanup()
        await self.fake.stop()


def _served_ms(fake: FakeDiscord, it: FakeInteraction) -> float | None:
    """The fake's time on the request `BotClock` stops at: the interaction's callback,
    or after a deferral (type 5) its first followup (a POST to the webhook)."""
    for call in fake.calls:
        if it.token not in call.path:
            continue
        if call.path.endswith("/callback"):
            if (call.json or {}).get("type") == 5:
                continue
            return call.handled_ms
        if call.method == "POST":
            return call.handled_ms
    return None


def _child(conn: Any) -> None:
    asyncio.run(_Control().serve(conn))


class RemoteFake:
    """The fake in a child process; the bot, the bench and the clock in this one."""

    def __init__(self, *, bot_share: bool = False) -> None:
        self.token = ""
        self.guild_id = 0
        self.bot_share = bot_share
        self.clock = BotClock()
        self._proc: multiprocessing.process.BaseProcess | None = None
        self._http: aiohttp.ClientSession | None = None
        self._control = ""
        self._saved: tuple[str, yarl.URL] | None = None
        self._tasks: dict[discord.Client, asyncio.Task[None]] = {}

    async def __aenter__(self) -> RemoteFake:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._proc = ctx.Process(target=_child, args=(child,), daemon=True)
        self._proc.start()
        loop = asyncio.get_running_loop()
        if not await loop.run_in_executor(None, parent.poll, 30.0):
            raise RuntimeError("the fake Discord's process did not start")
        port, control, self.token, self.guild_id = parent.recv()
        self._control = f"http://127.0.0.1:{control}"
        self._http = aiohttp.ClientSession()
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = f"http://127.0.0.1:{port}/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/gateway")
        self.clock.install()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        try:
            for bot in list(self._tasks):
                await self.stop_bot(bot)
            with contextlib.suppress(Exception):
                await self._call("stop")
        finally:
            self.clock.uninstall()
            if self._saved is not None:
                Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            if self._http is not None:
                await self._http.close()
            if self._proc is not None:
                self._proc.join(5)
                if self._proc.is_alive():
                    self._proc.terminate()
                    self._proc.join(5)

    async def _call(self, op: str, **body: Any) -> Any:
        assert self._http is not None
        async with self._http.post(f"{self._control}/{op}", json=body) as r:
            r.raise_for_status()
            data = await r.json()
        if data["errors"]:
            raise RuntimeError(f"the fake Discord: {data['errors']}")
        return data["out"]

    async def add_channel(self, name: str) -> Ref:
        out = await self._call("add_channel", name=name)
        return Ref(out["id"], out["name"])

    async def add_user(self, name: str) -> Ref:
        out = await self._call("add_user", name=name)
        return Ref(out["id"], out["name"])

    async def start_bot(self, bot: discord.Client) -> None:
        await bot.login(self.token)
        task = asyncio.ensure_future(bot.connect(reconnect=True))
        self._tasks[bot] = task
        ready = asyncio.ensure_future(bot.wait_until_ready())
        done, _ = await asyncio.wait({task, ready}, timeout=10, return_when="FIRST_COMPLETED")
        if ready not in done:
            ready.cancel()
            raise RuntimeError("the bot did not get ready against the fake's process")

    async def stop_bot(self, bot: discord.Client) -> None:
        task = self._tasks.pop(bot, None)
        await bot.close()
        if task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)

    async def install_commands(self, tree: discord.app_commands.CommandTree) -> None:
        await self._call("install", commands=[c.to_dict(tree) for c in tree.get_commands()])

    async def _measure(self, op: str, **body: Any) -> Answer:
        armed = self.clock.arm()
        await self._call(op, **body)
        ms = await self.clock.wait(armed)
        out = await self._call("answer")
        served = out["served_ms"]
        if self.bot_share:
            if served is None:
                raise RuntimeError(f"the fake has no request of this {op} to take out")
            ms -= served
        return Answer(ms, out["message_id"], tuple(out["custom_ids"]), out["fake_ms"], served)

    async def slash(self, user: Ref, channel: Ref, name: str, opts: Mapping[str, Any]) -> Answer:
        return await self._measure(
            "slash", user=user.id, channel=channel.id, name=name, opts=dict(opts)
        )

    async def click(self, user: Ref, message_id: int, custom_id: str) -> Answer:
        return await self._measure("click", user=user.id, message=message_id, custom_id=custom_id)

    async def idle(self, quiet: float = 0.003) -> None:
        await self._call("idle", quiet=quiet)

    async def trim(self) -> None:
        await self._call("trim")

    async def settle(self) -> None:
        await self._call("settle")
        gc.collect()
        gc.freeze()


def harness(args: argparse.Namespace) -> LocalFake | RemoteFake:
    """The harness `add_fake_args`'s options ask for."""
    if args.fake_inprocess:
        if args.bot_share:
            raise SystemExit("--bot-share needs the fake in its own process (--fake-process)")
        return LocalFake()
    return RemoteFake(bot_share=args.bot_share)


def add_fake_args(p: argparse.ArgumentParser) -> None:
    g = p.add_mutually_exclusive_group()
    g.add_argument(
        "--fake-process",
        dest="fake_inprocess",
        action="store_false",
        help="the fake Discord in its own process, the bot's clock (the default)",
    )
    g.add_argument(
        "--fake-inprocess",
        dest="fake_inprocess",
        action="store_true",
        help="the fake Discord in the bot's process and loop, the fake's clock (earlier runs)",
    )
    p.set_defaults(fake_inprocess=False)
    p.add_argument(
        "--bot-share",
        action="store_true",
        help="the bot's clock less the fake's own time on the answer's request (what"
        " Discord's servers would spend): the bot's share of each interaction",
    )
