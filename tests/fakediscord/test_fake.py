"""The fake Discord against the real, unmodified discord.py client."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import EPHEMERAL, FakeAttachment, FakeDiscord, FakeUser

# --------------------------------------------------------------------------------------------
# A tiny bot exercising what Fixer will use
# --------------------------------------------------------------------------------------------


class CounterButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A persistent button whose custom_id carries its state."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick",
        options=[discord.SelectOption(label=x, value=x) for x in ("rock", "paper", "scissors")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class HandleModal(discord.ui.Modal, title="Your handle"):
    handle: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Handle", custom_id="handle")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.handle.value}", ephemeral=True)


CARDS = [f"card-{i:02d}" for i in range(40)]


class FixtureBot(commands.Bot):
    def __init__(self, *, intents: discord.Intents | None = None) -> None:
        if intents is None:
            intents = discord.Intents.default()
            intents.message_content = True
            intents.members = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            guild_ready_timeout=0.05,
        )
        self.errors: list[Exception] = []
        self.seen: list[str] = []
        self.tree.add_command(build_commands(self))

        @self.tree.error
        async def on_app_command_error(
            interaction: discord.Interaction, error: app_commands.AppCommandError
        ) -> None:
            self.errors.append(getattr(error, "original", error))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(CounterButton)

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        self.seen.append(message.content)
        if "forbidden" in message.content.lower():
            try:
                await message.delete()
            except discord.Forbidden as exc:
                self.errors.append(exc)


def build_commands(bot: FixtureBot) -> app_commands.Group:
    fx = app_commands.Group(name="fx", description="Fixer test commands")
    admin = app_commands.Group(name="admin", description="Admin things", parent=fx)

    @fx.command(description="Pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @fx.command(description="Something only you may see")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("your hand: ace of spades", ephemeral=True)

    @fx.command(description="Defers, then follows up")
    async def slow(
        interaction: discord.Interaction, hidden: bool = False, then_hidden: bool | None = None
    ) -> None:
        await interaction.response.defer(ephemeral=hidden, thinking=True)
        await asyncio.sleep(0.02)
        await interaction.followup.send(
            "done", ephemeral=hidden if then_hidden is None else then_hidden
        )
        await interaction.followup.send("just for you", ephemeral=True)

    async def card_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        hits = [c for c in CARDS if current in c]
        return [app_commands.Choice(name=c, value=c) for c in hits[:25]]

    @fx.command(description="Play a card")
    @app_commands.autocomplete(card=card_choices)
    async def play(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"played {card}")

    @fx.command(description="Roll dice for someone")
    async def roll(interaction: discord.Interaction, dice: int, who: discord.Member) -> None:
        await interaction.response.send_message(f"{who.display_name} rolls {dice}")

    @fx.command(description="Read an attached file")
    async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}: {data.decode()}")

    @fx.command(description="A board with a persistent button")
    async def board(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        await interaction.response.send_message("count 0", view=view)

    @fx.command(description="A select menu")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=PickView())

    @fx.command(description="A modal")
    async def form(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(HandleModal())

    @fx.command(description="DM someone")
    async def dm(interaction: discord.Interaction, who: discord.User) -> None:
        await interaction.response.defer(ephemeral=True)
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(10))
        try:
            await who.send("your hand: ace of spades", view=view)
        except discord.Forbidden as exc:
            bot.errors.append(exc)
            await interaction.followup.send(f"closed DMs ({exc.code})", ephemeral=True)
        else:
            await interaction.followup.send("sent", ephemeral=True)

    @fx.command(description="Post in the channel")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.defer(ephemeral=True)
        assert interaction.channel is not None
        await interaction.channel.send(text)  # type: ignore[union-attr]
        await interaction.followup.send("posted", ephemeral=True)

    @fx.command(description="Answers too late")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as exc:
            bot.errors.append(exc)

    @fx.command(description="Follows up, edits, reads back")
    async def edits(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send("one")
        await interaction.edit_original_response(content="edited")
        original = await interaction.original_response()
        await interaction.followup.send(f"original says {original.content}", ephemeral=True)

    @fx.command(description="Create a campaign channel")
    async def campaign(interaction: discord.Interaction, name: str) -> None:
        assert interaction.guild is not None
        await interaction.response.defer(ephemeral=True)
        channel = await interaction.guild.create_text_channel(name)  # may raise Forbidden
        await channel.send("The campaign starts here.")
        await interaction.followup.send(f"created {channel.mention}", ephemeral=True)

    @admin.command(description="Reset everything")
    async def reset(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("reset", ephemeral=True)

    @app_commands.command(description="Moderators only")
    @app_commands.default_permissions(manage_channels=True)
    async def fxmod(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("moderated", ephemeral=True)

    bot.tree.add_command(fxmod)
    return fx


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------


@pytest.fixture
async def fake() -> Any:
    async with FakeDiscord() as f:
        yield f


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.add_user("alice", guild=fake.guild)


@pytest.fixture
async def bot(fake: FakeDiscord) -> FixtureBot:
    b = FixtureBot()
    await fake.start_bot(b)
    await b.tree.sync()
    return b


# --------------------------------------------------------------------------------------------
# Connection, sync, REST basics
# --------------------------------------------------------------------------------------------


async def test_bot_connects_and_is_ready_quickly(fake: FakeDiscord, alice: FakeUser) -> None:
    b = FixtureBot()
    start = time.perf_counter()
    await fake.start_bot(b)
    assert time.perf_counter() - start < 2.0
    assert b.is_ready()
    assert b.user is not None and b.user.id == fake.bot_user.id
    assert b.application_id == fake.application_id
    guild = b.get_guild(fake.guild.id)
    assert guild is not None and guild.name == "Night City"
    assert guild.get_member(alice.id) is not None  # members intent: full member list
    general = guild.get_channel(fake.channel.id)
    assert general is not None and general.name == "general"
    me = guild.me
    assert me.guild_permissions.manage_messages
    identify = next(f for f in fake.gateway_received if f["op"] == 2)
    assert identify["d"]["intents"] == b.intents.value
    assert identify["d"]["token"] == "<redacted>"
    assert [c.route for c in fake.calls[:2]] == ["/users/@me", "/oauth2/applications/@me"]


async def test_command_sync_is_recorded(fake: FakeDiscord) -> None:
    b = FixtureBot()
    await fake.start_bot(b)
    synced = await b.tree.sync()
    assert sorted(c.name for c in synced) == ["fx", "fxmod"]
    assert synced[0].id == int(fake.global_commands[0]["id"])
    ((scope, payload),) = fake.command_syncs
    assert scope is None
    fx = next(c for c in payload if c["name"] == "fx")
    subs = {o["name"] for o in fx["options"]}
    assert {"ping", "secret", "play", "admin"} <= subs
    b.tree.copy_global_to(guild=discord.Object(fake.guild.id))
    await b.tree.sync(guild=discord.Object(fake.guild.id))
    assert {c["name"] for c in fake.guild_commands[fake.guild.id]} == {"fx", "fxmod"}
    assert fake.calls_to("PUT", "/applications/{app_id}/guilds/{guild_id}/commands")[0].ok


async def test_wrong_token_is_a_login_failure(fake: FakeDiscord) -> None:
    b = FixtureBot()
    with pytest.raises(discord.LoginFailure):
        await b.login("not-the-token")
    await b.close()


async def test_disallowed_privileged_intent_closes_4014() -> None:
    async with FakeDiscord(privileged_intents=["members"]) as fake:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await fake.start_bot(FixtureBot())


# --------------------------------------------------------------------------------------------
# Slash commands
# --------------------------------------------------------------------------------------------


async def test_slash_command_public_response(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx ping")
    cb = await it.response()
    assert cb.type == 4 and cb.content == "pong" and not cb.ephemeral
    assert it.latency is not None and it.latency < 1.0
    (msg,) = fake.channel_messages(fake.channel)
    assert msg.content == "pong" and msg.interaction is it and msg in fake.public_messages()


async def test_a_slash_command_attachment_is_readable(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    it = await fake.send_slash(alice, "fx upload", {"file": FakeAttachment("a.txt", b"3 Cards")})
    cb = await it.response()
    assert cb.content == "a.txt: 3 Cards"
    (opt,) = it.payload["data"]["options"][0]["options"]
    assert opt["type"] == 11
    assert it.payload["data"]["resolved"]["attachments"][opt["value"]]["size"] == 7


async def test_ephemeral_response_has_flag_64(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx secret")
    cb = await it.response()
    assert cb.type == 4 and cb.flags & EPHEMERAL == 64 and cb.ephemeral
    assert fake.public_messages() == []
    assert [m.content for m in fake.ephemeral_messages(alice)] == ["your hand: ace of spades"]
    assert fake.channel_messages(fake.channel) == []


async def test_defer_then_followups(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx slow")
    cb = await it.response()
    assert cb.type == 5 and not cb.ephemeral
    first, second = await it.wait_followups(2)
    # The first followup replaces the "thinking" message; the second is a new message.
    assert first is it.original and first.content == "done" and not first.loading
    assert second.content == "just for you" and second.ephemeral
    assert [m.content for m in fake.public_messages()] == ["done"]


async def test_public_defer_makes_an_ephemeral_first_followup_public(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    it = await fake.send_slash(alice, "fx dm", {"who": alice})  # defers ephemeral: fine
    await it.wait_followups(1)
    assert it.ephemeral and fake.warnings == []
    it = await fake.send_slash(alice, "fx slow", {"hidden": True})
    assert (await it.response()).ephemeral
    first, _ = await it.wait_followups(2)
    assert first.ephemeral and first.visible_to == alice.id

    # Deciding visibility in the followup is too late: Discord keeps the defer's.
    it = await fake.send_slash(alice, "fx slow", {"hidden": False, "then_hidden": True})
    first, _ = await it.wait_followups(2)
    assert not first.ephemeral and first.requested_flags & EPHEMERAL
    assert first in fake.public_messages()
    assert len(fake.warnings) == 1 and "defer's visibility" in fake.warnings[0]


async def test_subcommand_group_typed_options_and_permissions(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    bob = fake.add_user("bob", guild=fake.guild)
    it = await fake.send_slash(alice, "fx roll", {"dice": 3, "who": bob})
    assert (await it.response()).content == "bob rolls 3"
    with pytest.raises(ValueError, match="missing required"):
        await fake.send_slash(alice, "fx roll", {"dice": 3})
    with pytest.raises(LookupError, match="no option"):
        await fake.send_slash(alice, "fx roll", {"dice": 3, "who": bob, "extra": 1})
    it = await fake.send_slash(alice, "fx admin reset")
    assert (await it.response()).content == "reset"
    assert it.data["options"][0]["type"] == 2  # group -> subcommand -> (no options)
    assert it.data["options"][0]["options"][0] == {"type": 1, "name": "reset"}
    with pytest.raises(PermissionError):  # default_member_permissions=manage_channels
        await fake.send_slash(alice, "fxmod")
    owner = fake.owner_of()
    it = await fake.send_slash(owner, "fxmod")
    assert (await it.response()).ephemeral


async def test_autocomplete_returns_choices(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.autocomplete(alice, "fx play", {"card": "card-1"}, focused="card")
    cb = await it.response()
    assert cb.type == 8
    assert [c["value"] for c in it.choices] == [f"card-{i}" for i in range(10, 20)]
    it = await fake.autocomplete(alice, "fx play", {}, focused="card")
    await it.response()
    assert len(it.choices) == 25


async def test_modal_roundtrip(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx form")
    cb = await it.response()
    assert cb.type == 9 and it.modal is not None and it.modal["title"] == "Your handle"
    sub = await fake.submit_modal(alice, it, {"handle": "V"})
    cb = await sub.response()
    assert cb.content == "hello V" and cb.ephemeral


# --------------------------------------------------------------------------------------------
# Components
# --------------------------------------------------------------------------------------------


async def test_button_click_updates_message(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx board")
    board = await it.wait_message()
    assert board.custom_ids == ["counter:0"]
    click = await fake.click_button(alice, board, "counter:0")
    cb = await click.response()
    assert cb.type == 7
    assert board.content == "count 1" and board.custom_ids == ["counter:1"]
    assert [v["content"] for v in board.versions] == ["count 0", "count 1"]
    click = await fake.click_button(alice, board, label="Count 1")
    await click.response()
    assert board.content == "count 2"
    with pytest.raises(LookupError):  # the button is gone from the current message
        await fake.click_button(alice, board, "counter:0")
    stale = await fake.click_button(alice, board, "counter:0", stale=True)  # an old client view
    await fake.idle(quiet=0.1)
    # discord.py rebuilds DynamicItems from the *current* message in the payload and silently
    # drops a custom_id that is no longer on it: the user sees "This interaction failed".
    assert stale.callback is None and board.content == "count 2"


async def test_select_menu(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx pick")
    msg = await it.wait_message()
    with pytest.raises(ValueError, match="not options"):
        await fake.select(alice, msg, "pick", ["lizard"])
    sel = await fake.select(alice, msg, "pick", ["paper"])
    cb = await sel.response()
    assert cb.content == "picked paper" and cb.ephemeral


async def test_dynamic_item_survives_a_restart(fake: FakeDiscord, alice: FakeUser) -> None:
    first = FixtureBot()
    await fake.start_bot(first)
    await first.tree.sync()
    board = await (await fake.send_slash(alice, "fx board")).wait_message()
    await fake.stop_bot(first)
    assert first.is_closed() and not fake.live_sessions

    second = FixtureBot()  # a new process: nothing in memory but the registered DynamicItem
    await fake.start_bot(second)
    click = await fake.click_button(alice, board, "counter:0")
    assert (await click.response()).type == 7
    assert board.content == "count 1"
    assert len(fake.sessions) == 2


async def test_killed_bot_restarts_and_old_buttons_work(fake: FakeDiscord, alice: FakeUser) -> None:
    first = FixtureBot()
    await fake.start_bot(first)
    await first.tree.sync()
    board = await (await fake.send_slash(alice, "fx board")).wait_message()
    await fake.kill_bot(first)
    assert not fake.live_sessions
    assert next(iter(fake.sessions.values())).resumable  # no close frame: like a crash
    second = FixtureBot()
    await fake.start_bot(second)
    await (await fake.click_button(alice, board, "counter:0")).response()
    assert board.content == "count 1"


# --------------------------------------------------------------------------------------------
# Messages, permissions, intents
# --------------------------------------------------------------------------------------------


async def test_listener_deletes_and_needs_manage_messages(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    innocent = await fake.post_message(alice, fake.channel, "hello there")
    bad = await fake.post_message(alice, fake.channel, "a FORBIDDEN word")
    await fake.wait_for(lambda: bad.deleted)
    assert bad.deleted_by == fake.bot_user.id and not innocent.deleted
    assert fake.deleted_messages() == [bad]
    assert bot.seen == ["hello there", "a FORBIDDEN word"]

    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(manage_messages=True))
    bad2 = await fake.post_message(alice, fake.channel, "forbidden again")
    await fake.wait_for(lambda: bot.errors)
    (err,) = bot.errors
    assert isinstance(err, discord.Forbidden) and err.code == 50013
    assert not bad2.deleted
    assert fake.calls_to("DELETE", "/channels/{channel_id}/messages/{message_id}")[-1].status == 403
    # The bot's cache saw the overwrite (CHANNEL_UPDATE) too.
    channel = bot.get_channel(fake.channel.id)
    assert not channel.permissions_for(channel.guild.me).manage_messages

    edited = await fake.edit_message(innocent, "now forbidden")  # MESSAGE_UPDATE
    await fake.idle()
    assert edited.content == "now forbidden"


async def test_without_message_content_intent_content_is_blank(
    fake: FakeDiscord, alice: FakeUser
) -> None:
    intents = discord.Intents.default()  # no message_content
    b = FixtureBot(intents=intents)
    await fake.start_bot(b)
    await fake.post_message(alice, fake.channel, "forbidden words")
    await fake.post_message(alice, fake.channel, f"{fake.bot_user.mention} hi")
    await fake.post_message(alice, fake.dm_channel(alice), "in a DM")
    await fake.wait_for(lambda: len(b.seen) == 3)
    assert b.seen == ["", f"{fake.bot_user.mention} hi", "in a DM"]
    assert fake.deleted_messages() == []


async def test_closed_dms_raise_forbidden(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    bob = fake.add_user("bob", guild=fake.guild, dms_open=False)
    it = await fake.send_slash(alice, "fx dm", {"who": alice})
    assert (await it.wait_followups())[0].content == "sent"
    (dm,) = fake.dms_to(alice)
    assert dm.content == "your hand: ace of spades" and dm.channel.is_dm
    assert fake.dm_channel(alice) is dm.channel
    click = await fake.click_button(alice, dm, "counter:10")  # buttons work outside the guild
    assert (await click.response()).type == 7 and dm.content == "count 11"
    assert "user" in click.payload and "member" not in click.payload

    it = await fake.send_slash(alice, "fx dm", {"who": bob})
    (reply,) = await it.wait_followups()
    assert reply.content == "closed DMs (50007)" and reply.ephemeral
    (err,) = bot.errors
    assert isinstance(err, discord.Forbidden) and err.code == 50007
    assert fake.dms_to(bob) == []


async def test_bot_creates_a_channel(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx campaign", {"name": "Night Run"})
    (reply,) = await it.wait_followups()
    ch = fake.guild.channel("night-run")
    assert reply.content == f"created {ch.mention}"
    assert [m.content for m in fake.channel_messages(ch)] == ["The campaign starts here."]
    assert bot.get_channel(ch.id) is not None  # CHANNEL_CREATE reached the cache

    fake.set_role_permissions(
        fake.guild.bot_role, discord.Permissions(view_channel=True, send_messages=True)
    )
    it = await fake.send_slash(alice, "fx campaign", {"name": "nope"})
    await it.response()
    await fake.wait_for(lambda: bot.errors)
    assert isinstance(bot.errors[0], discord.Forbidden) and bot.errors[0].code == 50013
    assert fake.calls_to("POST", "/guilds/{guild_id}/channels")[-1].status == 403


# --------------------------------------------------------------------------------------------
# Misbehaving Discord
# --------------------------------------------------------------------------------------------


async def test_injected_429_is_retried(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    fake.rate_limit_next("POST", "/channels/{channel_id}/messages", retry_after=0.05)
    fake.rate_limit_next("POST", "/webhooks/{app_id}/{token}", retry_after=0.05)
    it = await fake.send_slash(alice, "fx announce", {"text": "hello city"})
    (reply,) = await it.wait_followups()
    assert reply.content == "posted"
    posts = fake.calls_to("POST", "/channels/{channel_id}/messages")
    assert [c.status for c in posts] == [429, 200]
    assert posts[1].at - posts[0].at >= 0.04
    assert [c.status for c in fake.calls_to("POST", "/webhooks/{app_id}/{token}")] == [429, 200]
    assert [m.content for m in fake.channel_messages(fake.channel)] == ["hello city"]


async def test_429_without_via_is_not_retried(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    fake.rate_limit_next("POST", "/channels/*/messages", via=False)
    ch = bot.get_channel(fake.channel.id)
    with pytest.raises(discord.HTTPException) as info:
        await ch.send("hi")
    assert info.value.status == 429


async def test_late_and_double_acknowledgements(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    fake.ack_deadline = 0.1
    it = await fake.send_slash(alice, "fx late")
    await fake.wait_for(lambda: bot.errors)
    assert isinstance(bot.errors[0], discord.NotFound) and bot.errors[0].code == 10062
    assert it.failed and it.rejected[0].error_code == 10062
    with pytest.raises(AssertionError, match="rejected"):
        await it.response()


async def test_two_processes_answering_the_same_interaction(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    twin = FixtureBot()  # the same application started twice: both get every interaction
    await fake.start_bot(twin)
    it = await fake.send_slash(alice, "fx ping")
    await it.response()
    await fake.wait_for(lambda: it.rejected)
    assert it.rejected[0].error_code == 40060  # "Interaction has already been acknowledged."
    errors = bot.errors + twin.errors
    assert len(errors) == 1 and isinstance(errors[0], discord.HTTPException)


async def test_edit_and_fetch_original(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    it = await fake.send_slash(alice, "fx edits")
    _, readback = await it.wait_followups(2)
    assert readback.content == "original says edited" and readback.ephemeral
    original = await it.wait_message()
    assert original.content == "edited"
    assert [v["content"] for v in original.versions] == ["", "one", "edited"]
    assert fake.calls_to("GET", "/webhooks/{app_id}/{token}/messages/{message_id}")[0].ok


async def test_failures_and_validation(fake: FakeDiscord, alice: FakeUser, bot: Any) -> None:
    ch = bot.get_channel(fake.channel.id)
    with pytest.raises(discord.HTTPException) as info:
        await ch.send("x" * 2001)
    assert info.value.code == 50035
    fake.fail_next("POST", "/channels/{channel_id}/messages", status=403, code=50013)
    with pytest.raises(discord.Forbidden):
        await ch.send("hi")
    await ch.send("hi")
    assert [m.content for m in fake.channel_messages(fake.channel)] == ["hi"]


async def test_gateway_drop_resumes_and_replays(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_resumed)
    await fake.drop_connections(code=4000)
    await fake.post_message(alice, fake.channel, "while you were away")
    await asyncio.wait_for(resumed.wait(), 2.0)
    await fake.wait_for(lambda: "while you were away" in bot.seen)
    (session,) = fake.sessions.values()
    assert session.resumes == 1 and session.connected
    assert any(c.path == "/resume" for c in fake.connections)
    it = await fake.send_slash(alice, "fx ping")
    assert (await it.response()).content == "pong"


async def test_gateway_reconnect_opcode_and_heartbeat_ack_delay() -> None:
    async with FakeDiscord(heartbeat_interval=0.15) as fake:
        b = FixtureBot()
        await fake.start_bot(b)
        fake.heartbeat_ack_delay = 0.1
        await fake.wait_for(lambda: b.latency >= 0.09, timeout=1.0)
        fake.heartbeat_ack_delay = 0.0
        fake.send_reconnect()
        await fake.wait_for(lambda: next(iter(fake.sessions.values())).resumes == 1)
        alice = fake.add_user("alice", guild=fake.guild)  # GUILD_MEMBER_ADD reaches the cache
        guild = b.get_guild(fake.guild.id)
        assert guild is not None
        await fake.wait_for(lambda: guild.get_member(alice.id))


async def test_unsynced_commands_and_install_commands(fake: FakeDiscord, alice: FakeUser) -> None:
    b = FixtureBot()
    await fake.start_bot(b)
    bob = fake.add_user("bob", guild=fake.guild)
    it = await fake.send_slash(alice, "fx roll", {"dice": 2, "who": bob})  # types inferred
    assert (await it.response()).content == "bob rolls 2"
    fake.install_commands(b.tree)  # registered without REST: now validated
    assert fake.command_syncs == [] and not fake.calls_to("PUT")
    with pytest.raises(LookupError, match="not registered"):
        await fake.send_slash(alice, "nope")


async def test_unmodeled_route_is_reported(fake: FakeDiscord, bot: Any) -> None:
    fake.strict = False  # strict mode would fail the test on exit
    ch = bot.get_channel(fake.channel.id)
    msg = await ch.send("pin me")
    with pytest.raises(discord.NotFound):
        await msg.pin()
    assert [c.method for c in fake.unhandled_calls] == ["PUT"]


# --------------------------------------------------------------------------------------------
# Threads
# --------------------------------------------------------------------------------------------


async def test_threads_messages_interactions_and_permissions(
    fake: FakeDiscord, alice: FakeUser, bot: FixtureBot
) -> None:
    thread = fake.add_thread(fake.channel, "plans", owner=alice)
    await fake.idle(0.02)
    cached = bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.parent_id == fake.channel.id
    assert cached.owner_id == alice.id and cached.parent is not None

    await fake.post_message(alice, thread, "in a thread, forbidden")
    await fake.wait_for(lambda: "in a thread, forbidden" in bot.seen)
    assert [m.content for m in fake.deleted_messages(thread)] == ["in a thread, forbidden"]

    it = await fake.send_slash(alice, "fx ping", channel=thread)
    cb = await it.response()
    assert cb.type == 4 and it.original is not None and it.original.channel is thread
    assert it.payload["channel"]["type"] == 11
    assert it.payload["channel"]["parent_id"] == str(fake.channel.id)

    # Permissions come from the parent; posting needs Send Messages in Threads.
    assert fake.bot_permissions(thread) == fake.bot_permissions(fake.channel)
    fake.set_permissions(
        fake.channel, fake.guild, deny=discord.Permissions(send_messages_in_threads=True)
    )
    with pytest.raises(PermissionError):
        await fake.post_message(alice, thread, "no")
    await fake.post_message(alice, fake.channel, "still fine here")

    # A bot (re)connecting gets the active threads in GUILD_CREATE.
    await fake.stop_bot(bot)
    b2 = FixtureBot()
    await fake.start_bot(b2)
    assert isinstance(b2.get_channel(thread.id), discord.Thread)
    fake.set_thread_archived(thread)
    await fake.idle(0.02)
    assert b2.get_channel(thread.id) is None  # discord.py drops archived threads


async def test_forum_posts(fake: FakeDiscord, alice: FakeUser, bot: FixtureBot) -> None:
    forum = fake.add_forum(fake.guild, "lfg")
    post = fake.add_forum_post(forum, "Tonight", "who's in?", owner=alice)
    await fake.idle(0.02)
    cached_forum = bot.get_channel(forum.id)
    assert isinstance(cached_forum, discord.ForumChannel)
    cached = bot.get_channel(post.id)
    assert isinstance(cached, discord.Thread) and cached.parent is cached_forum
    starter = post.messages[0]
    assert starter.id == post.id and starter.author is alice
    assert fake.bot_permissions(post) == fake.bot_permissions(forum)

    # Nobody posts in the forum itself: the bot gets 400 / 50008, users and commands can't.
    with pytest.raises(discord.HTTPException) as exc:
        await bot.http.send_message(
            forum.id, params=discord.http.handle_message_parameters(content="hi")
        )
    assert exc.value.status == 400 and exc.value.code == 50008
    with pytest.raises(ValueError):
        await fake.post_message(alice, forum, "hi")
    with pytest.raises(ValueError):
        await fake.send_slash(alice, "fx ping", channel=forum)
    # The post works like any thread.
    await cached.send("in the post")
    it = await fake.send_slash(alice, "fx ping", channel=post)
    cb = await it.response()
    assert cb.type == 4 and it.original is not None and it.original.channel is post
    assert it.payload["channel"]["parent_id"] == str(forum.id)

    # A reconnecting bot gets the forum and its post in GUILD_CREATE.
    await fake.stop_bot(bot)
    b2 = FixtureBot()
    await fake.start_bot(b2)
    assert isinstance(b2.get_channel(forum.id), discord.ForumChannel)
    assert isinstance(b2.get_channel(post.id), discord.Thread)


async def test_archived_and_locked_threads(
    fake: FakeDiscord, alice: FakeUser, bot: FixtureBot
) -> None:
    thread = fake.add_thread(fake.channel, "plans", owner=alice)
    await fake.idle(0.02)
    ch = bot.get_channel(thread.id)
    assert isinstance(ch, discord.Thread)
    msg = await ch.send("first")
    await msg.add_reaction("👍")
    assert fake.messages[msg.id].reactions == {"👍": [fake.bot_user.id]}

    # Archived (auto-archive): edits and reactions fail with 50083; a message unarchives.
    fake.set_thread_archived(thread)
    await fake.idle(0.02)
    assert bot.get_channel(thread.id) is None
    for attempt in (msg.edit(content="x"), msg.add_reaction("🔥"), msg.delete()):
        with pytest.raises(discord.HTTPException) as exc:
            await attempt
        assert exc.value.code == 50083
    fetched = await bot.fetch_channel(thread.id)  # archived threads are fetched by id
    assert isinstance(fetched, discord.Thread) and fetched.archived
    await fetched.send("wake up")
    assert not thread.archived
    await fake.idle(0.02)
    assert isinstance(bot.get_channel(thread.id), discord.Thread)  # THREAD_UPDATE

    # A user's message unarchives it too (THREAD_UPDATE before MESSAGE_CREATE).
    fake.set_thread_archived(thread)
    await fake.post_message(alice, thread, "back")
    assert not thread.archived

    # Locked and archived: nobody posts; unarchiving needs Manage Threads.
    fake.set_thread_archived(thread, locked=True)
    await fake.idle(0.02)
    with pytest.raises(PermissionError):
        await fake.post_message(alice, thread, "hello?")
    fetched = await bot.fetch_channel(thread.id)
    assert isinstance(fetched, discord.Thread) and fetched.locked
    with pytest.raises(discord.HTTPException) as exc:
        await fetched.send("hello?")
    assert exc.value.code == 50083
    with pytest.raises(discord.Forbidden):
        await fetched.edit(archived=False)
    with pytest.raises(discord.HTTPException) as exc:
        await fetched.edit(name="renamed")  # still archived
    assert exc.value.code == 50083
    fake.set_bot_permissions(fake.channel, allow=discord.Permissions(manage_threads=True))
    await fake.idle(0.02)
    unarchived = await fetched.edit(archived=False)
    assert not thread.archived and thread.locked and unarchived.locked
    await unarchived.send("moderators may post in a locked thread")
    fake.set_bot_permissions(fake.channel, deny=discord.Permissions(manage_threads=True))
    await fake.idle(0.02)
    with pytest.raises(discord.Forbidden) as exc:
        await unarchived.send("but not others")
    assert exc.value.code == 160005

    # Deleted: THREAD_DELETE, then 10003.
    fake.delete_channel(thread)
    await fake.idle(0.02)
    assert bot.get_channel(thread.id) is None
    with pytest.raises(discord.NotFound) as exc:
        await bot.fetch_channel(thread.id)
    assert exc.value.code == 10003


async def test_forum_tags(fake: FakeDiscord, alice: FakeUser, bot: FixtureBot) -> None:
    forum = fake.add_forum(
        fake.guild,
        "lfg",
        require_tag=True,
        tags=["Open", {"name": "Staff pick", "moderated": True, "emoji": "⭐"}, "Done"],
    )
    await fake.idle(0.02)
    cached = bot.get_channel(forum.id)
    assert isinstance(cached, discord.ForumChannel) and cached.flags.require_tag
    assert [(t.name, t.moderated) for t in cached.available_tags] == [
        ("Open", False),
        ("Staff pick", True),
        ("Done", False),
    ]
    assert str(cached.get_tag(forum.tag("Staff pick").id).emoji) == "⭐"
    with pytest.raises(ValueError):
        fake.add_forum_post(forum, "untagged", "hi", owner=alice)
    post = fake.add_forum_post(forum, "Tonight", "who's in?", owner=alice, tags=["Open"])
    assert fake.tag_names(post) == ["Open"]

    # The bot opens a post: a tag is required (40067); moderated tags need Manage Threads.
    with pytest.raises(discord.HTTPException) as exc:
        await cached.create_thread(name="Run", content="a run")
    assert exc.value.status == 400 and exc.value.code == 40067
    with pytest.raises(discord.Forbidden):
        await cached.create_thread(
            name="Run", content="a run", applied_tags=[cached.get_tag(forum.tag("Staff pick").id)]
        )
    made = await cached.create_thread(
        name="Run", content="a run", applied_tags=[cached.get_tag(forum.tag("Open").id)]
    )
    post2 = fake.channels[made.thread.id]
    assert post2.owner_id == fake.bot_user.id and post2.messages[0].id == post2.id
    assert made.message.content == "a run" and fake.tag_names(post2) == ["Open"]
    await fake.idle(0.02)
    assert isinstance(bot.get_channel(post2.id), discord.Thread)

    # Retagging its own post; 5 tags at most; at least one in a REQUIRE_TAG forum.
    thread = bot.get_channel(post2.id)
    assert isinstance(thread, discord.Thread)
    edited = await thread.edit(applied_tags=[cached.get_tag(forum.tag("Done").id)])
    assert fake.tag_names(post2) == ["Done"] and [t.name for t in edited.applied_tags] == ["Done"]
    with pytest.raises(discord.HTTPException) as exc:
        await thread.edit(applied_tags=[])
    assert exc.value.code == 40067
    fake.set_forum_tags(forum, [f"t{i}" for i in range(6)], require_tag=False)
    await fake.idle(0.02)
    assert post2.applied_tags == [] and not cached.flags.require_tag
    with pytest.raises(discord.HTTPException) as exc:
        await thread.edit(applied_tags=list(cached.available_tags))
    assert exc.value.status == 400
    # Someone else's post: only with Manage Threads.
    other = bot.get_channel(post.id)
    assert isinstance(other, discord.Thread)
    with pytest.raises(discord.Forbidden):
        await other.edit(applied_tags=[cached.available_tags[0]])


def test_a_snapshot_is_a_deep_copy_equal_to_the_json_one() -> None:
    """Each version is kept as it was sent: a later change to the message's dicts (or
    the request's) does not reach it, and it equals what a json round trip gave."""
    import json

    from tests.fakediscord.server import FakeChannel, FakeMessage, FakeUser, _copy_json

    body = {
        "embeds": [{"title": "Zażółć", "fields": [{"name": "a", "value": "1", "inline": False}]}],
        "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "y"}]}
        ],
    }
    user = FakeUser(1, "u")
    msg = FakeMessage(
        2, FakeChannel(3, 0, "c"), user, embeds=body["embeds"], components=body["components"]
    )
    msg.snapshot()
    (v,) = msg.versions
    assert v["embeds"] == json.loads(json.dumps(body["embeds"]))
    assert v["components"] == json.loads(json.dumps(body["components"]))
    body["embeds"][0]["fields"][0]["value"] = "changed"
    body["components"][0]["components"].append({"type": 2})
    assert v["embeds"][0]["fields"][0]["value"] == "1"
    assert len(v["components"][0]["components"]) == 1

    class Odd:  # not a JSON value: json refuses it, as before
        pass

    with pytest.raises(TypeError):
        _copy_json([Odd()])


async def test_the_fake_times_its_own_share_of_each_request(
    fake: FakeDiscord, alice: FakeUser, bot: Any
) -> None:
    """`RestCall.handled_ms` (the latency benches' `--bot-share` takes it out) is the
    fake's time on that request, and `_served_ms` picks the request the bot's clock
    stops at: the callback, or after a defer the first followup."""
    from bench.fake_process import _served_ms

    it = await fake.send_slash(alice, "fx ping")
    await it.response()
    mine = [c for c in fake.calls if it.token in c.path]
    assert mine and all(c.handled_ms is not None and 0 <= c.handled_ms < 1000 for c in mine)
    assert _served_ms(fake, it) == next(c for c in mine if c.path.endswith("/callback")).handled_ms

    slow = await fake.send_slash(alice, "fx slow")
    await slow.wait_followups(2)
    followups = [c for c in fake.calls if slow.token in c.path and c.method == "POST"]
    callback, first = followups[0], followups[1]
    assert callback.path.endswith("/callback") and callback.json["type"] == 5
    assert not first.path.endswith("/callback")
    assert _served_ms(fake, slow) == first.handled_ms
