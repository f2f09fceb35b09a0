"""``FakeDiscord``: the fake server plus the helpers end-to-end tests use.

    async with FakeDiscord() as fake:
        alice = fake.add_user("alice", guild=fake.guild)
        bot = make_bot()                      # any discord.Client, guild_ready_timeout=0.05
        await fake.start_bot(bot)
        it = await fake.send_slash(alice, "legends new", {"players": 2})
        cb = await it.response()
        assert cb.type == 4 and not cb.ephemeral

Entering the context starts the server on 127.0.0.1 (free port) and points discord.py at it
by patching ``discord.http.Route.BASE`` and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY``;
leaving it stops the bots started with :meth:`FakeDiscord.start_bot`, restores both and stops
the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .server import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM_PERMISSIONS,
    GUILD_CATEGORY,
    GUILD_FORUM,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    VIEW_CHANNEL,
    DiscordError,
    FakeAttachment,
    FakeChannel,
    FakeDiscordServer,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    JSONDict,
    _walk_components,
)

_log = logging.getLogger(__name__)

OptionValue = Any


class FakeDiscord(FakeDiscordServer):
    """A fake Discord for one test: model, REST, gateway, user actions, bot lifecycle.

    Keyword arguments: ``token``, ``bot_name``, ``privileged_intents`` (the intents enabled
    "in the developer portal"; default members + message_content), ``heartbeat_interval``
    (seconds), ``ack_deadline`` (seconds to acknowledge an interaction, default 3.0),
    ``default_guild`` (create ``fake.guild`` with ``#general`` = ``fake.channel``), ``strict``
    (fail the test on leaving if the bot called a route the fake does not model).
    """

    def __init__(self, *, default_guild: bool = True, strict: bool = True, **kwargs: Any):
        super().__init__(**kwargs)
        self.strict = strict
        self._saved: tuple[str, yarl.URL] | None = None
        self._bots: dict[discord.Client, asyncio.Task[None]] = {}
        self._default_guild = self.add_guild() if default_guild else None

    # ---- context manager -----------------------------------------------------------------

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        return self

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        try:
            for client in list(self._bots):
                await self.stop_bot(client)
        finally:
            if self._saved is not None:
                Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
                self._saved = None
            await self.stop()
        if self.strict and exc_type is None and self.unhandled_calls:
            listing = ", ".join(f"{c.method} {c.path}" for c in self.unhandled_calls)
            raise AssertionError(f"the bot called routes the fake does not model: {listing}")

    @property
    def guild(self) -> FakeGuild:
        """The default guild ("Night City"), unless ``default_guild=False``."""
        if self._default_guild is None:
            raise LookupError("FakeDiscord(default_guild=False): add_guild() yourself")
        return self._default_guild

    def owner_of(self, guild: FakeGuild | None = None) -> FakeUser:
        """The owner of ``guild`` (default guild if omitted): has every permission."""
        return self.users[(guild or self.guild).owner_id]

    @property
    def channel(self) -> FakeChannel:
        """The default channel: ``#general`` of the first guild."""
        for guild in self.guilds.values():
            if guild.text_channels:
                return guild.text_channels[0]
        raise LookupError("no guild text channel; add a guild first")

    # ---- bots ----------------------------------------------------------------------------

    async def start_bot(self, client: discord.Client, *, timeout: float = 5.0) -> None:
        """Log ``client`` in, connect it in a background task and wait until it is ready.

        Give clients ``guild_ready_timeout=0.05`` (discord.py waits that long after the last
        GUILD_CREATE before ``on_ready``; the default is 2 s).  Errors of the connection
        (e.g. ``discord.PrivilegedIntentsRequired``) are raised here.
        """
        if self.api_base != Route.BASE:  # never let a test bot reach the real Discord
            raise RuntimeError("discord.py is not pointed at this fake; use `async with`")
        await client.login(self.token)
        task = asyncio.ensure_future(client.connect(reconnect=True))
        self._bots[client] = task
        ready = asyncio.ensure_future(client.wait_until_ready())
        done, _ = await asyncio.wait(
            {task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready in done:
            return
        ready.cancel()
        if task in done:
            del self._bots[client]
            with contextlib.suppress(Exception):
                await client.close()
            task.result()  # raises the connection error, if any
            raise RuntimeError("client.connect() returned before the client was ready")
        raise TimeoutError(f"the bot was not ready after {timeout}s")

    async def stop_bot(self, client: discord.Client, *, timeout: float = 5.0) -> None:
        """Close ``client`` cleanly (close code 1000: its gateway session ends)."""
        task = self._bots.pop(client, None)
        await client.close()
        if task is not None:
            try:
                await asyncio.wait_for(task, timeout)
            except Exception:  # the connection ended: whatever it raised is moot now
                _log.debug("bot task ended with an error", exc_info=True)

    async def kill_bot(self, client: discord.Client) -> None:
        """Stop ``client`` as a crashed process would: no close frame, session left resumable."""
        task = self._bots.pop(client, None)
        session_id = client.ws.session_id if client.ws is not None else None
        if task is not None:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        if session_id is not None:
            await self.kill_session(session_id)
        await asyncio.sleep(0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(client.close(), 2.0)

    def install_commands(
        self, tree: discord.app_commands.CommandTree, *, guild: FakeGuild | None = None
    ) -> None:
        """Register ``tree``'s commands as if synced, without a REST call (not recorded in
        :attr:`command_syncs`).  Needed only for typed options / validation in send_slash."""
        scope = discord.Object(guild.id) if guild is not None else None
        payload = [cmd.to_dict(tree) for cmd in tree.get_commands(guild=scope)]
        store = self.guild_commands.setdefault(guild.id, []) if guild else self.global_commands
        store[:] = [self._store_command(guild.id if guild else None, c, store) for c in payload]

    # ---- users acting: messages ----------------------------------------------------------

    def _check_member(self, user: FakeUser, channel: FakeChannel, *, posting: bool = False) -> None:
        if channel.guild is None:
            if user not in channel.recipients:
                raise ValueError(f"{user} is not a recipient of DM channel {channel.id}")
            return
        if user.id not in channel.guild.members:
            raise ValueError(f"{user} is not a member of {channel.guild}")
        perms = self.permissions_for(user, channel)
        if not perms & VIEW_CHANNEL:
            raise PermissionError(f"{user} cannot see {channel}")
        if posting and channel.type in (GUILD_FORUM, GUILD_CATEGORY):
            raise ValueError(
                f"nobody can post in {channel} itself (a forum: open a post with "
                "add_forum_post, then post in it)"
            )
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if posting and not perms & needed:
            raise PermissionError(f"{user} cannot send messages in {channel}")

    async def post_message(
        self,
        user: FakeUser,
        channel: FakeChannel,
        content: str,
        *,
        embeds: Sequence[JSONDict] = (),
        reply_to: FakeMessage | None = None,
    ) -> FakeMessage:
        """``user`` posts in ``channel`` (a guild channel or their DM with the bot):
        MESSAGE_CREATE, content blanked for bots without the message content intent."""
        self._check_member(user, channel, posting=True)
        if channel.is_thread:
            # Like the bot's messages: unarchives an unlocked thread (THREAD_UPDATE first).
            try:
                self._check_thread_send(channel, user.id)
            except DiscordError as exc:
                raise PermissionError(f"{user} cannot post in {channel}: {exc.message}") from None
        body: JSONDict = {"content": content, "embeds": list(embeds)}
        if reply_to is not None:
            body["message_reference"] = {"message_id": str(reply_to.id)}
        msg = self._new_message(channel, user, body, type=19 if reply_to else 0)
        self._dispatch_message("MESSAGE_CREATE", msg)
        await asyncio.sleep(0)
        return msg

    async def edit_message(self, message: FakeMessage, content: str) -> FakeMessage:
        """The author edits ``message``: MESSAGE_UPDATE (not in an archived thread)."""
        if message.channel.archived:
            raise PermissionError(f"{message.channel} is archived: its messages can't be edited")
        message.content = content
        message.edited_at = discord.utils.utcnow()
        message.snapshot()
        self._dispatch_message("MESSAGE_UPDATE", message)
        await asyncio.sleep(0)
        return message

    async def remove_message(self, message: FakeMessage, *, by: FakeUser | None = None) -> None:
        """A user deletes ``message``: MESSAGE_DELETE."""
        self._delete(message, by=(by or message.author).id)
        await asyncio.sleep(0)

    # ---- users acting: interactions ------------------------------------------------------

    async def send_slash(
        self,
        user: FakeUser,
        name: str,
        options: Mapping[str, OptionValue] | None = None,
        *,
        channel: FakeChannel | None = None,
        locale: str = "en-US",
    ) -> FakeInteraction:
        """``user`` runs a slash command: INTERACTION_CREATE (type 2) with resolved data.

        ``name`` is the full path as typed: ``"ping"``, ``"legends play"`` (subcommand) or
        ``"legends admin reset"`` (group + subcommand).  Option values: str, int, float,
        bool, or FakeUser / FakeChannel / FakeRole (resolved like Discord does).  If the
        command was synced (or :meth:`install_commands`), option types come from it and the
        invocation is validated (unknown option, missing required, invalid choice).
        """
        channel = channel or self.channel
        return await self._command_interaction(
            APPLICATION_COMMAND, user, name, dict(options or {}), channel, locale, focused=None
        )

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        options: Mapping[str, OptionValue] | None,
        focused: str,
        *,
        channel: FakeChannel | None = None,
        locale: str = "en-US",
    ) -> FakeInteraction:
        """``user`` types in option ``focused``: INTERACTION_CREATE (type 4).  Await
        ``(await it.response()).choices``."""
        channel = channel or self.channel
        values = dict(options or {})
        values.setdefault(focused, "")
        return await self._command_interaction(
            AUTOCOMPLETE, user, name, values, channel, locale, focused=focused
        )

    async def click_button(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        stale: bool = False,
        locale: str = "en-US",
    ) -> FakeInteraction:
        """``user`` clicks a button of ``message`` (by custom_id or label): type 3.

        ``stale=True`` also finds the button in earlier versions of the message: a user whose
        client still shows the old message clicks it (the interaction carries the current
        message, as on Discord)."""
        comp = self._clickable(user, message, custom_id, label, stale=stale)
        if comp.get("type") != 2:
            raise ValueError(f"component {comp.get('custom_id')!r} is not a button")
        data: JSONDict = {"custom_id": comp["custom_id"], "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        it = FakeInteraction(
            self,
            type=MESSAGE_COMPONENT,
            user=user,
            channel=message.channel,
            data=data,
            message=message,
            name=comp["custom_id"],
        )
        return await self._deliver(it, locale)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: Sequence[Any],
        *,
        stale: bool = False,
        locale: str = "en-US",
    ) -> FakeInteraction:
        """``user`` picks ``values`` in a select menu of ``message``: type 3.

        String selects take option values; user/role/mentionable/channel selects take
        FakeUser / FakeRole / FakeChannel objects (resolved like Discord does).
        ``stale=True`` also finds the menu in earlier versions of the message, as
        ``click_button`` does.
        """
        comp = self._clickable(user, message, custom_id, None, stale=stale)
        ctype = comp.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise ValueError(f"component {custom_id!r} is not a select menu")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        data: JSONDict = {"custom_id": custom_id, "component_type": ctype}
        if ctype == 3:
            allowed = [o["value"] for o in comp.get("options", [])]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r}: {allowed}")
            data["values"] = list(values)
        else:
            resolved: JSONDict = {}
            data["values"] = [
                self._resolve_value(v, resolved, user, message.channel)[1] for v in values
            ]
            data["resolved"] = resolved
        it = FakeInteraction(
            self,
            type=MESSAGE_COMPONENT,
            user=user,
            channel=message.channel,
            data=data,
            message=message,
            name=custom_id,
        )
        return await self._deliver(it, locale)

    async def submit_modal(
        self,
        user: FakeUser,
        source: FakeInteraction,
        values: Mapping[str, Any],
        *,
        locale: str = "en-US",
    ) -> FakeInteraction:
        """``user`` submits the modal the bot opened in response to ``source``: type 5.

        ``values`` maps text input custom_ids to text (select custom_ids to lists)."""
        modal = source.modal
        if modal is None:
            raise ValueError(f"the bot did not answer {source.describe()} with a modal")

        def fill(comp: JSONDict) -> JSONDict | None:
            ctype = comp.get("type")
            if ctype == 1:
                inner = [c for c in (fill(c) for c in comp.get("components", [])) if c]
                return {"type": 1, "components": inner}
            if ctype == 18:
                out: JSONDict = {"type": 18, "component": fill(comp["component"])}
                if "id" in comp:
                    out["id"] = comp["id"]
                return out
            cid = comp.get("custom_id")
            if cid is None:
                return None
            if ctype == 4:
                value = values.get(cid, comp.get("value") or "")
                if comp.get("required", True) and not value:
                    raise ValueError(f"modal field {cid!r} is required")
                return {"type": 4, "custom_id": cid, "value": value}
            return {"type": ctype, "custom_id": cid, "values": list(values.get(cid, []))}

        data = {
            "custom_id": modal["custom_id"],
            "components": [c for c in (fill(c) for c in modal.get("components", [])) if c],
        }
        it = FakeInteraction(
            self,
            type=MODAL_SUBMIT,
            user=user,
            channel=source.channel,
            data=data,
            message=source.message,
            name=modal["custom_id"],
        )
        return await self._deliver(it, locale)

    # ---- interaction plumbing ------------------------------------------------------------

    def _clickable(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str | None,
        label: str | None,
        *,
        stale: bool = False,
    ) -> JSONDict:
        if message.deleted:
            raise ValueError(f"{message} was deleted")
        if message.ephemeral and message.visible_to != user.id:
            raise PermissionError(f"{user} cannot see ephemeral {message}")
        self._check_member(user, message.channel)
        try:
            comp = message.component(custom_id, label=label)
        except LookupError:
            if not stale:
                raise
            found = next(
                (
                    c
                    for version in reversed(message.versions)
                    for c in _walk_components(version["components"])
                    if "custom_id" in c
                    and (c["custom_id"] == custom_id or (label and c.get("label") == label))
                ),
                None,
            )
            if found is None:
                raise
            comp = found

        if comp.get("disabled"):
            raise ValueError(f"component {comp.get('custom_id')!r} is disabled")
        return comp

    def _find_schema(self, name: str, guild: FakeGuild | None) -> tuple[JSONDict | None, bool]:
        scopes: list[tuple[list[JSONDict], bool]] = []
        if guild is not None:
            scopes.append((self.guild_commands.get(guild.id, []), True))
        scopes.append((self.global_commands, False))
        for store, is_guild in scopes:
            for cmd in store:
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd, is_guild
        if any(store for store, _ in scopes):
            known = sorted({c["name"] for store, _ in scopes for c in store})
            raise LookupError(f"/{name} is not registered (registered: {known})")
        return None, False

    async def _command_interaction(
        self,
        itype: int,
        user: FakeUser,
        name: str,
        values: dict[str, OptionValue],
        channel: FakeChannel,
        locale: str,
        *,
        focused: str | None,
    ) -> FakeInteraction:
        self._check_member(user, channel)
        if channel.type in (GUILD_FORUM, GUILD_CATEGORY):
            raise ValueError(f"{channel} has no message box to run a command in (use a post)")
        path = name.split()
        schema, is_guild = self._find_schema(path[0], channel.guild)
        if schema is not None:
            self._check_command_allowed(schema, user, channel)
        resolved: JSONDict = {}
        options = self._build_options(path, values, schema, user, channel, resolved, focused)
        data: JSONDict = {
            "id": schema["id"] if schema else str(self.snowflake()),
            "name": path[0],
            "type": 1,
        }
        if options:
            data["options"] = options
        if resolved:
            data["resolved"] = resolved
        if is_guild and channel.guild is not None:
            data["guild_id"] = str(channel.guild.id)
        it = FakeInteraction(self, type=itype, user=user, channel=channel, data=data, name=name)
        return await self._deliver(it, locale)

    def _check_command_allowed(self, schema: JSONDict, user: FakeUser, ch: FakeChannel) -> None:
        if ch.guild is None:
            contexts = schema.get("contexts")
            if schema.get("dm_permission") is False or (contexts and 1 not in contexts):
                raise PermissionError(f"/{schema['name']} is not available in DMs")
            return
        required = schema.get("default_member_permissions")
        if required is not None:
            have = self.guild_permissions(user, ch.guild)
            if have & int(required) != int(required):
                raise PermissionError(
                    f"Discord hides /{schema['name']} from {user.name} "
                    f"(default_member_permissions={required})"
                )

    def _build_options(
        self,
        path: list[str],
        values: dict[str, OptionValue],
        schema: JSONDict | None,
        user: FakeUser,
        channel: FakeChannel,
        resolved: JSONDict,
        focused: str | None,
    ) -> list[JSONDict]:
        # Walk group / subcommand segments through the schema (when known).
        node = schema
        kinds: list[int] = []
        for depth, seg in enumerate(path[1:]):
            if node is not None:
                sub = next(
                    (
                        o
                        for o in node.get("options") or []
                        if o["name"] == seg and o["type"] in (1, 2)
                    ),
                    None,
                )
                if sub is None:
                    raise LookupError(f"/{' '.join(path[: depth + 1])} has no subcommand {seg!r}")
                kinds.append(sub["type"])
                node = sub
            else:
                kinds.append(2 if depth == 0 and len(path) == 3 else 1)
        leaf_schema = {o["name"]: o for o in (node or {}).get("options") or []} if node else None
        if leaf_schema is not None and any(o["type"] in (1, 2) for o in leaf_schema.values()):
            raise LookupError(f"/{' '.join(path)} needs a subcommand: {sorted(leaf_schema)}")

        leaf: list[JSONDict] = []
        for opt_name, value in values.items():
            opt_schema = None
            if leaf_schema is not None:
                opt_schema = leaf_schema.get(opt_name)
                if opt_schema is None:
                    raise LookupError(
                        f"/{' '.join(path)} has no option {opt_name!r}: {sorted(leaf_schema)}"
                    )
            leaf.append(
                self._option(
                    opt_name,
                    value,
                    opt_schema,
                    user,
                    channel,
                    resolved,
                    focused=opt_name == focused,
                )
            )
        if leaf_schema is not None and focused is None:
            missing = [n for n, o in leaf_schema.items() if o.get("required") and n not in values]
            if missing:
                raise ValueError(f"/{' '.join(path)}: missing required option(s) {missing}")

        options = leaf
        for seg, kind in reversed(list(zip(path[1:], kinds, strict=True))):
            wrapper: JSONDict = {"type": kind, "name": seg}
            if options:
                wrapper["options"] = options
            options = [wrapper]
        return options

    def _option(
        self,
        name: str,
        value: OptionValue,
        schema: JSONDict | None,
        user: FakeUser,
        channel: FakeChannel,
        resolved: JSONDict,
        *,
        focused: bool,
    ) -> JSONDict:
        raw: Any
        if isinstance(value, FakeAttachment):
            data = self.upload(value)
            resolved.setdefault("attachments", {})[data["id"]] = data
            otype, raw = 11, data["id"]
        elif isinstance(value, FakeUser | FakeMember | FakeChannel | FakeRole):
            otype, raw = self._resolve_value(value, resolved, user, channel)
        elif isinstance(value, bool):
            otype, raw = 5, value
        elif isinstance(value, int):
            otype, raw = 4, value
        elif isinstance(value, float):
            otype, raw = 10, value
        else:
            otype, raw = 3, value
        if schema is not None:
            otype = schema["type"] if not (schema["type"] == 9 and otype in (6, 8)) else 9
            choices = [c["value"] for c in schema.get("choices") or []]
            if choices and not focused and raw not in choices:
                raise ValueError(f"option {name!r}: {raw!r} is not one of the choices {choices}")
        option: JSONDict = {"name": name, "type": otype, "value": raw}
        if focused:
            option["focused"] = True
        return option

    def _resolve_value(
        self, value: Any, resolved: JSONDict, user: FakeUser, channel: FakeChannel
    ) -> tuple[int, str]:
        if isinstance(value, FakeMember):
            value = value.user
        if isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            guild = channel.guild
            if guild is not None and value.id in guild.members:
                member = guild.members[value.id]
                resolved.setdefault("members", {})[str(value.id)] = member.payload(
                    with_user=False, permissions=self.permissions_for(value, channel)
                )
            return 6, str(value.id)
        if isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return 8, str(value.id)
        if isinstance(value, FakeChannel):
            data = value.payload()
            data["permissions"] = str(self.permissions_for(user, value))
            resolved.setdefault("channels", {})[str(value.id)] = data
            return 7, str(value.id)
        raise TypeError(f"cannot resolve {value!r}")

    def _interaction_payload(self, it: FakeInteraction, locale: str) -> JSONDict:
        ch = it.channel
        payload: JSONDict = {
            "id": str(it.id),
            "application_id": str(self.application_id),
            "type": it.type,
            "data": it.data,
            "token": it.token,
            "version": 1,
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str(self.bot_permissions(ch)),
            "channel_id": str(ch.id),
        }
        if ch.guild is not None:
            guild = ch.guild
            perms = self.permissions_for(it.user, ch)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                guild_locale=guild.preferred_locale,
                member=guild.members[it.user.id].payload(permissions=perms),
                channel={**ch.payload(), "permissions": str(perms)},
                context=0,
                authorizing_integration_owners={"0": str(guild.id)},
            )
        else:
            payload.update(
                user=it.user.payload(),
                channel={**ch.payload(), "permissions": str(DM_PERMISSIONS)},
                context=1,
                authorizing_integration_owners={"0": "0"},
            )
        if it.message is not None:
            payload["message"] = self._msg_payload(it.message)
        return payload

    async def _deliver(self, it: FakeInteraction, locale: str) -> FakeInteraction:
        if not self.live_sessions:
            raise RuntimeError("no bot is connected to the fake gateway (start_bot first)")
        it.payload = self._interaction_payload(it, locale)
        self.interactions.append(it)
        self._interactions_by_id[it.id] = it
        self._interactions_by_token[it.token] = it
        it.dispatched_at = time.perf_counter()
        self._dispatch_all("INTERACTION_CREATE", lambda s: it.payload)
        await asyncio.sleep(0)
        return it


__all__ = ["FakeDiscord"]
