"""The `/legends` slash-command group (names and options: shared/design/legends-discord.md).

Thin: each command finds the campaign of the channel, turns its options into an engine
action, runs it through the game service (`Actor.act`) and answers. Public updates are
posted by the runtime's publisher after the commit, whoever caused them; a command's own
answer is ephemeral unless it is a read-only public view (status, clues, memory).
Autocomplete offers only what the caller may legally do now (at most 25 choices).
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.storage.errors import StorageError
from cogs.legends import render, threads
from cogs.legends.components import board_buttons, component_ids, shop_buttons
from cogs.legends.ids import parse, table_id_for
from cogs.legends.interact import (
    Actor,
    defer,
    or_refuse,
    panel,
    player_id,
    private_notes,
    refuse,
    send,
)
from cogs.legends.rules_text import TOPICS
from cogs.legends.runtime import Runtime
from rules.core.errors import IllegalAction
from rules.legends import engine
from rules.legends.actions import (
    Abandon,
    Action,
    Buy,
    Choose,
    CloseVote,
    Discard,
    Flip,
    Join,
    Leave,
    Play,
    Ready,
    Remove,
    SetOption,
    Solve,
    Start,
)
from rules.legends.cards import Role
from rules.legends.state import Table

log = logging.getLogger("cogs.legends")

Choice = app_commands.Choice
MAX_CHOICES = 25
CLOSE_VOTE = "close-vote"
MERC_PREFIX = "merc|"


def _match(current: str, *texts: str) -> bool:
    cur = current.strip().lower()
    return not cur or any(cur in t.lower() for t in texts)


def _choices(items: list[tuple[str, str]], current: str) -> list[Choice[str]]:
    out = [
        Choice(name=render.clip(name, 100), value=value[:100])
        for name, value in items
        if _match(current, name, value)
    ]
    return out[:MAX_CHOICES]


class LegendsCog(commands.Cog):
    legends = app_commands.Group(
        name="legends", description="Cyberpunk Legends: Fixer runs the table", guild_only=True
    )

    def __init__(self, bot: commands.Bot, runtime: Runtime | None) -> None:
        self.bot = bot
        self._rt = runtime
        self._actor = Actor(runtime) if runtime is not None else None

    @property
    def rt(self) -> Runtime:
        if self._rt is None:
            raise RuntimeError("Fixer is not running (sync mode)")
        return self._rt

    @property
    def actor(self) -> Actor:
        if self._actor is None:
            raise RuntimeError("Fixer is not running (sync mode)")
        return self._actor

    # ---- helpers ------------------------------------------------------------------------

    async def _here(self, interaction: discord.Interaction[Any]) -> tuple[str, Table] | None:
        """The campaign of this channel and its state, or None after an ephemeral refusal."""
        cid = await self.rt.table_for_channel(interaction.channel, ask_db=True)
        if cid is None:
            await refuse(
                interaction, "There is no campaign in this channel. Create one with /legends new."
            )
            return None
        state = await or_refuse(interaction, self.rt.service.get(cid))
        return None if state is None else (cid, state)

    async def _state_quiet(self, interaction: discord.Interaction[Any]) -> Table | None:
        """For autocomplete: the state, or None (never replies)."""
        if self._rt is None:
            return None
        cid = await self.rt.table_for_channel(interaction.channel)
        if cid is None:
            return None
        try:
            return await self.rt.service.get(cid)
        except (IllegalAction, StorageError):
            return None

    @staticmethod
    def _manager(interaction: discord.Interaction[Any]) -> bool:
        perms = interaction.permissions
        return bool(perms.manage_channels or perms.administrator)

    async def _do(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        action: Action,
        *,
        done: str | None = None,
        show_panel: bool = False,
        suffix: str = "",
        base: Table | None = None,
    ) -> bool:
        """Run `action`; on success answer ephemerally with `done` and, if the caller has
        something to do now (or private news), their panel. `base`: the state the action
        was chosen on, to prepare the answer while the commit is written (see
        `Runtime.speculate`)."""
        async with self.rt.answering(cid):
            return await self._do_answer(interaction, cid, action, done, show_panel, base)

    async def _do_answer(
        self,
        interaction: discord.Interaction[Any],
        cid: str,
        action: Action,
        done: str | None,
        show_panel: bool,
        base: Table | None = None,
    ) -> bool:
        player = player_id(interaction)
        guess = (
            self.rt.speculate(base, action, player)
            if base is not None and show_panel and self.rt.speculative
            else None
        )
        applied = await self.actor.act(interaction, cid, action)
        if applied is None:
            if guess is not None:
                guess.cancel()
            return False
        if guess is not None:
            await self.rt.adopt(guess, applied.state, player)
        notes = private_notes(applied, player)
        lines = ([done] if done else []) + notes
        view = self.rt.view(applied.state, player)
        if show_panel and applied.state.run is not None and view.seats:
            _, embed, buttons = panel(self.rt, applied.state, player, notes=lines, view=view)
            await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
        else:
            await send(
                interaction,
                content=render.clip("\n".join(lines) or "✓ Done.", 1900),
                ephemeral=True,
            )
        return True

    def _hand_cards(self, state: Table, player: str) -> list[tuple[str, str, bool, str]]:
        """(instance, label, merc, name) of every card in the caller's hands (own view)."""
        view = self.rt.view(state, player)
        merc_seats = {s.seat for s in view.board.seats if s.is_merc}
        return [
            (c.inst, c.label, seat in merc_seats, c.name)
            for seat, hand in view.hands.items()
            for c in hand
        ]

    @staticmethod
    def _own_instance(
        state: Table, player: str, value: str, merc: bool | None
    ) -> tuple[str, bool] | None:
        """The fast path: `value` is an instance id (what autocomplete sends) in one of
        the caller's own hands. Only the caller's seats are looked at."""
        run = state.run
        if run is None:
            return None
        for seat, r in enumerate(state.runners):
            if r.player != player or (merc is not None and r.is_merc != merc):
                continue
            zones = run.zones.get(seat)
            if zones is not None and value in zones.hand:
                return value, r.is_merc
        return None

    def _resolve_card(
        self, state: Table, player: str, value: str, merc: bool | None, legal: set[tuple[str, bool]]
    ) -> tuple[str, bool]:
        """An instance id from what was typed or picked: the id itself, or a card name
        (preferring a card that is legal now). Unknown text goes to the engine unchanged,
        which refuses it with the reason."""
        cards = self._hand_cards(state, player)
        if merc is not None:
            cards = [c for c in cards if c[2] == merc]
        for inst, _, is_merc, _ in cards:
            if inst == value:
                return inst, is_merc
        wanted = value.strip().lower()
        named = [c for c in cards if c[3].lower() == wanted or c[1].lower() == wanted]
        named.sort(key=lambda c: (c[0], c[2]) not in legal)
        if named:
            return named[0][0], named[0][2]
        return value[:40], bool(merc)

    async def _card_command(
        self,
        interaction: discord.Interaction[Any],
        card: str,
        merc: bool | None,
        kind: type[Play] | type[Discard],
        *,
        speculate: bool,
    ) -> None:
        """`/legends play` and `/legends discard`: the card from the caller's hands (an
        instance id, or a name preferring a card that is legal now), then `_do`."""
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        found = self._own_instance(state, player, card, merc)
        if found is None:
            legal = {
                (a.card, a.merc) for a in self.rt.view(state, player).legal if isinstance(a, kind)
            }
            found = self._resolve_card(state, player, card, merc, legal)
        inst, is_merc = found
        await self._do(
            interaction,
            cid,
            kind(player=player, card=inst, merc=is_merc),
            show_panel=True,
            base=state if speculate else None,
        )

    # ---- campaign -----------------------------------------------------------------------

    @legends.command(
        name="new",
        description="Create a campaign in this channel (or a new one) — you become its owner",
    )
    @app_commands.describe(
        name="The campaign's name",
        create_channel="Create a dedicated channel for the campaign (in a "
        "forum post: a new post in that forum)",
        forum="Open a new post for the campaign in this forum",
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        name: str | None = None,
        create_channel: bool = False,
        forum: discord.ForumChannel | None = None,
    ) -> None:
        rt = self.rt
        guild = interaction.guild
        channel = interaction.channel
        if guild is None or channel is None:
            await refuse(interaction, "Campaigns live in a server channel.")
            return
        camp_id = next(iter(rt.content.campaigns))
        camp = rt.content.campaigns[camp_id]
        title = render.clip((name or f"{camp.name}").strip() or camp.name, 64)
        if forum is None and create_channel:
            forum = threads.forum_of(channel)  # in a forum post: a new post of that forum
        tags: list[discord.ForumTag] = []
        if forum is not None:
            refusal, tags = self._forum_post_check(forum)
            if refusal:
                await refuse(interaction, refusal)
                return
        elif not create_channel and await rt.table_for_channel(channel) is not None:
            await refuse(
                interaction,
                "This channel already has an active campaign. Use "
                "create_channel:True to start another in a new channel.",
            )
            return
        elif create_channel and not interaction.app_permissions.manage_channels:
            await refuse(
                interaction,
                "I need the Manage Channels permission to create a "
                "channel. Ask an admin to grant it, or run /legends new "
                "without create_channel to play in this channel.",
            )
            return
        await defer(interaction, ephemeral=True)
        target: Any = channel
        owner_line = (
            f"Owner: {interaction.user.mention}. Take a seat with `/legends join`; "
            "the owner starts the run with `/legends start`."
        )
        welcome = f"🌃 **{title}** — a Cyberpunk Legends campaign, run by Fixer. {owner_line}"
        posted = False
        cid = table_id_for(interaction.id)
        owner = player_id(interaction)
        state = engine.new_table(
            table_id=cid,
            name=title,
            owner=owner,
            campaign=camp_id,
            seed=rt.new_seed(),
            content=rt.content,
        )
        if forum is not None:
            try:
                made = await forum.create_thread(
                    name=render.clip(title, 100),
                    content=welcome,
                    embed=render.campaign_embed(state, rt.content),
                    applied_tags=tags,
                    allowed_mentions=discord.AllowedMentions.none(),
                    reason=f"/legends new by {interaction.user}",
                )
            except discord.HTTPException as exc:
                reason = (
                    "it requires a tag I can't apply"
                    if exc.code == threads.TAG_REQUIRED
                    else "Send Messages is missing there"
                    if exc.status == 403
                    else f"HTTP {exc.status}"
                )
                await refuse(
                    interaction,
                    f"Discord refused to let me open a post in "
                    f"{forum.mention} ({reason}). Nothing was created.",
                )
                return
            target, posted = made.thread, True
        elif create_channel:
            try:
                target = await guild.create_text_channel(
                    render.clip(title, 90),
                    category=getattr(channel, "category", None),
                    topic=f"Cyberpunk Legends campaign {title}, run by Fixer. Anyone may "
                    "watch; /legends join to take a seat.",
                    reason=f"/legends new by {interaction.user}",
                )
            except discord.Forbidden:
                await refuse(
                    interaction,
                    "Discord refused to let me create the channel (Manage Channels is missing).",
                )
                return
            except discord.HTTPException as exc:
                await refuse(interaction, f"Discord could not create the channel ({exc.status}).")
                return
        if (
            await or_refuse(
                interaction,
                rt.service.create(
                    campaign_id=cid,
                    name=title,
                    owner=owner,
                    state=state,
                    guild_id=str(guild.id),
                    channel_id=str(target.id),
                ),
            )
            is None
        ):
            return
        rt.bind(cid, target.id)
        log.info("campaign %s created in guild %s channel %s", cid, guild.id, target.id)
        try:
            if not posted:  # a new forum post's starter message is the welcome
                await target.send(
                    welcome,
                    embed=render.campaign_embed(state, rt.content),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        except discord.HTTPException as exc:
            log.warning("campaign %s: welcome message failed (HTTP %s)", cid, exc.status)
        problems = await rt.check_setup(cid, state, notify=False)
        rt.prefs.warned[cid] = " | ".join(problems)
        rt.prefs.changed()
        where = target.mention if (create_channel or posted) else "this channel"
        text = f"✓ Campaign **{title}** created in {where}. You are its owner."
        if problems:
            text += "\n\n**Before you play:**\n" + "\n".join(f"• {p}" for p in problems)
        await send(interaction, content=render.clip(text, 1900), ephemeral=True)

    def _forum_post_check(
        self, forum: discord.ForumChannel
    ) -> tuple[str | None, list[discord.ForumTag]]:
        """Can Fixer open a campaign post in `forum`, and with which tags: (refusal, tags)."""
        perms = forum.permissions_for(forum.guild.me)
        if not (perms.view_channel and perms.send_messages):
            return (
                f"I need View Channel and Send Messages in {forum.mention} to open a post "
                "there. Ask an admin to grant them, or run /legends new in an existing "
                "post or channel."
            ), []
        tags, problem = threads.pick_post_tags(
            forum, can_moderate=bool(perms.manage_threads or perms.administrator)
        )
        return problem, tags

    @legends.command(
        name="move",
        description="Continue one of your campaigns here (after its channel or thread was deleted)",
    )
    @app_commands.describe(campaign="The campaign to move here")
    async def move(
        self, interaction: discord.Interaction[Any], campaign: str | None = None
    ) -> None:
        rt = self.rt
        guild, channel = interaction.guild, interaction.channel
        if guild is None or channel is None:
            await refuse(interaction, "Campaigns live in a server channel.")
            return
        if await rt.table_for_channel(channel, ask_db=True) is not None:
            await refuse(
                interaction,
                "This channel already has an active campaign. Run "
                "/legends move in a channel or thread without one.",
            )
            return
        mine = await self._movable(interaction)
        if campaign:
            found = [i for i in mine if i.id == campaign or i.name.lower() == campaign.lower()]
        else:
            found = [i for i in mine if i.id in rt.homeless]
        if len(found) != 1:
            names = ", ".join(f"**{i.name}**" for i in mine[:10])
            await refuse(
                interaction,
                (
                    "Pick the campaign to move with the `campaign` option: " + names + "."
                    if mine
                    else "You have no campaign in this server that you may move (its "
                    "owner, or someone with Manage Channels here, may)."
                ),
            )
            return
        info = found[0]

        async def move() -> Table:
            await rt.service.move(info.id, guild_id=str(guild.id), channel_id=str(channel.id))
            return await rt.service.get(info.id)

        state = await or_refuse(interaction, move())
        if state is None:
            return
        rt.homeless.pop(info.id, None)
        rt.bind(info.id, channel.id)
        rt.prefs.warned.pop(info.id, None)
        rt.prefs.changed()
        log.info("campaign %s moved to channel %s", info.id, channel.id)
        problems = await rt.check_setup(info.id, state, notify=False)
        text = f"✓ Campaign **{state.name}** moved here. Nothing of the game changed."
        if problems:
            text += "\n\n**Before you play:**\n" + "\n".join(f"• {p}" for p in problems)
        await send(interaction, content=render.clip(text, 1900), ephemeral=True)
        await rt.post_board(info.id, state, note=f"📦 **{state.name}** continues here.")

    async def _movable(self, interaction: discord.Interaction[Any]) -> list[Any]:
        """Active campaigns of this server the caller may move here: their own, and (with
        Manage Channels here) those whose channel was deleted."""
        guild = interaction.guild
        here = str(getattr(interaction.channel, "id", ""))
        player = player_id(interaction)
        manager = self._manager(interaction)
        try:
            infos = await self.rt.service.store.list_campaigns("active", limit=500)
        except StorageError:
            return []
        return [
            i
            for i in infos
            if i.game == "legends"
            and guild is not None
            and i.guild_id == str(guild.id)
            and i.channel_id != here
            and (i.owner == player or (manager and i.id in self.rt.homeless))
        ]

    @move.autocomplete("campaign")
    async def _move_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        if self._rt is None:
            return []
        items = [
            (i.name + (" (channel deleted)" if i.id in self.rt.homeless else ""), i.id)
            for i in await self._movable(interaction)
        ]
        return _choices(items, current)

    # ---- channels and threads going away ------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        if self._rt is not None:
            self.rt.channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self._rt is not None:
            self.rt.channel_gone(channel.id)

    @legends.command(name="join", description="Take a seat with a role's deck")
    @app_commands.describe(role="Your role", merc="Hire a merc (only if you play alone)")
    async def join(
        self, interaction: discord.Interaction[Any], role: str, merc: str | None = None
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        try:
            r = Role(role.strip().lower())
            m = Role(merc.strip().lower()) if merc else None
        except ValueError:
            roles = ", ".join(x.value for x in self.rt.content.roles)
            await refuse(interaction, f"There is no such role. Roles: {roles}.")
            return
        name = render.clip(interaction.user.display_name, 64) or "Runner"
        await self._do(
            interaction,
            cid,
            Join(player=player_id(interaction), name=name, role=r, merc=m),
            done=f"✓ You joined as the {r.value.title()}"
            + (f" with a {m.value.title()} merc." if m else "."),
        )

    @join.autocomplete("role")
    async def _role_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return self._roles(await self._state_quiet(interaction), current, exclude=None)

    @join.autocomplete("merc")
    async def _merc_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._state_quiet(interaction)
        if state is None or any(not r.is_merc for r in state.runners):
            return []  # a merc only for a runner alone at the table
        chosen = getattr(interaction.namespace, "role", None)
        return self._roles(state, current, exclude=chosen)

    def _roles(self, state: Table | None, current: str, exclude: str | None) -> list[Choice[str]]:
        if state is None:
            return []
        copies = 1 + state.options.extra_role_decks
        items = []
        for role, deck in self.rt.content.roles.items():
            taken = sum(1 for r in state.runners if r.role == role)
            taken += 1 if exclude and exclude.lower() == role.value else 0
            if taken < copies:
                items.append((f"{role.value.title()} — {deck.name}", role.value))
        return _choices(items, current)

    @legends.command(name="leave", description="Give up your seat")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Leave(player=player_id(interaction)),
                done="✓ You left the crew.",
            )

    @legends.command(
        name="start", description="Start the next scenario (owner or channel managers)"
    )
    @app_commands.describe(scenario="Play this scenario instead of the next one")
    async def start(
        self, interaction: discord.Interaction[Any], scenario: str | None = None
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        await self._do(
            interaction,
            here[0],
            Start(
                player=player_id(interaction),
                manager=self._manager(interaction),
                scenario=scenario or None,
            ),
            done="✓ The run starts.",
            show_panel=True,
        )

    @start.autocomplete("scenario")
    async def _scenario_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._state_quiet(interaction)
        if state is None or state.run is not None:
            return []
        content = self.rt.content
        camp = content.campaigns[state.campaign]
        ids = list(camp.scenarios) + [
            s
            for s in content.scenarios
            if s not in camp.scenarios
            and not content.is_trauma_pack(s)
            and not any(
                s in c.trauma_packs  # packs built in code
                for c in content.campaigns.values()
            )
        ]
        return _choices([(content.scenarios[s].name, s) for s in ids], current)

    @legends.command(
        name="abandon", description="End the current run without result (owner or channel managers)"
    )
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Abandon(player=player_id(interaction), manager=self._manager(interaction)),
                done="✓ The run was abandoned.",
            )

    @legends.command(
        name="options", description="Show or change table options (owner or channel managers)"
    )
    @app_commands.describe(
        table_talk="What to do with a message naming a card in its author's hand",
        ace_low="A-2-3-4-5 counts as a straight",
        one_rank_per_card="Each card counts as only one of its ranks in a combination",
        assign_damage="The crew splits the Plan's Damage among the Obstacles it hit",
        loose_or_better_suits="Attached suits do not apply to a better hand",
        turn_timer="Seconds before the people the table waits on are reminded (0 = off)",
        vote_seconds="Seconds a scene vote stays open",
        extra_role_decks="Extra copies of each role deck (more runners, or two of a role)",
    )
    async def options(
        self,
        interaction: discord.Interaction[Any],
        table_talk: Literal["delete", "warn", "off"] | None = None,
        ace_low: bool | None = None,
        one_rank_per_card: bool | None = None,
        assign_damage: bool | None = None,
        loose_or_better_suits: bool | None = None,
        turn_timer: app_commands.Range[int, 0, 86400] | None = None,
        vote_seconds: app_commands.Range[int, 10, 86400] | None = None,
        extra_role_decks: app_commands.Range[int, 0, 4] | None = None,
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        wanted = {
            k: v
            for k, v in (
                ("table_talk", table_talk),
                ("ace_low", ace_low),
                ("one_rank_per_card", one_rank_per_card),
                ("assign_damage", assign_damage),
                ("loose_or_better_suits", loose_or_better_suits),
                ("turn_timer", turn_timer),
                ("vote_seconds", vote_seconds),
                ("extra_role_decks", extra_role_decks),
            )
            if v is not None
        }
        if not wanted:
            lines = [
                f"`{line.split(':')[0]}`:{line.split(':', 1)[1]}"
                for line in state.options.describe()
            ]
            await send(
                interaction, content="**Table options**\n" + "\n".join(lines), ephemeral=True
            )
            return
        changed = []
        for n, (key, value) in enumerate(wanted.items()):
            action = SetOption(
                player=player_id(interaction),
                manager=self._manager(interaction),
                name=key,
                value=value,
            )
            applied = await self.actor.act(
                interaction, cid, action, expected_version=None, iid_suffix=f":{n}"
            )
            if applied is None:
                return
            state = applied.state
            changed.append(f"`{key}` = {getattr(state.options, key)}")
        note = ""
        if "table_talk" in wanted:
            problems = await self.rt.check_setup(cid, state, notify=False)
            if problems:
                note = "\n" + "\n".join(f"• {p}" for p in problems)
        await send(
            interaction, content=render.clip("✓ " + ", ".join(changed) + note, 1900), ephemeral=True
        )

    # ---- the run --------------------------------------------------------------------------

    @legends.command(name="flip", description="Flip the next Scenario Card (Leader)")
    async def flip(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Flip(player=player_id(interaction)),
                done="✓ Flipped.",
                show_panel=True,
            )

    @legends.command(name="hand", description="Your hand (and your merc's), only for you")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self.rt.clicks.show_panel(interaction, here[1], player_id(interaction))

    @legends.command(name="play", description="Play a card into the Plan")
    @app_commands.describe(card="A card you may play now", merc="Play from your merc's hand")
    async def play(
        self, interaction: discord.Interaction[Any], card: str, merc: bool | None = None
    ) -> None:
        # Played cards are answered speculatively (see `_do`'s `base`).
        await self._card_command(interaction, card, merc, Play, speculate=True)

    @play.autocomplete("card")
    async def _play_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._card_ac(interaction, current, Play)

    async def _card_ac(
        self, interaction: discord.Interaction[Any], current: str, kind: type[Play] | type[Discard]
    ) -> list[Choice[str]]:
        state = await self._state_quiet(interaction)
        if state is None:
            return []
        player = player_id(interaction)
        want_merc = getattr(interaction.namespace, "merc", None)
        cards = {inst: (lbl, m) for inst, lbl, m, _ in self._hand_cards(state, player)}
        items = []
        for a in self.rt.view(state, player).legal:
            if not isinstance(a, kind) or (want_merc is not None and a.merc != want_merc):
                continue
            lbl = cards.get(a.card, (a.card, a.merc))[0]
            items.append((("Merc: " if a.merc else "") + lbl, a.card))
        return _choices(items, current)

    @legends.command(name="choose", description="Answer the prompt waiting on you, or vote")
    @app_commands.describe(option="Your answer")
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        action: Action
        if option == CLOSE_VOTE:
            action = CloseVote(player=player)
        else:
            merc = option.startswith(MERC_PREFIX)
            key = option.removeprefix(MERC_PREFIX)
            # A typed label instead of a picked key.
            for label, value in self._choose_items(state, player):
                if label.lower() == key.strip().lower():
                    merc, key = value.startswith(MERC_PREFIX), value.removeprefix(MERC_PREFIX)
                    break
            if key == CLOSE_VOTE:
                action = CloseVote(player=player)
            else:
                action = Choose(player=player, option=key[:60], merc=merc)
        await self._do(interaction, cid, action, done="✓ Done.", show_panel=True)

    def _choose_items(self, state: Table, player: str) -> list[tuple[str, str]]:
        view = self.rt.view(state, player)
        b = view.board
        merc_seats = {s.seat for s in b.seats if s.is_merc}
        items: list[tuple[str, str]] = []
        for a in view.legal:
            if isinstance(a, CloseVote):
                items.append(("Close the vote now (Leader)", CLOSE_VOTE))
            elif isinstance(a, Choose):
                if b.phase == "vote" and not view.prompts:
                    lbl = next(
                        (f"{o.key}: {o.label}" for o in b.vote if o.key == a.option), a.option
                    )
                else:
                    lbl = render.prompt_option_label(view.prompts, a.option, merc_seats, a.merc)
                    lbl = ("Merc: " if a.merc else "") + lbl
                items.append((lbl, (MERC_PREFIX if a.merc else "") + a.option))
        return items

    @choose.autocomplete("option")
    async def _choose_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._state_quiet(interaction)
        if state is None:
            return []
        return _choices(self._choose_items(state, player_id(interaction)), current)

    @legends.command(name="discard", description="Clean-up: discard a card from your hand")
    @app_commands.describe(card="A card from your hand", merc="Discard from your merc's hand")
    async def discard(
        self, interaction: discord.Interaction[Any], card: str, merc: bool | None = None
    ) -> None:
        await self._card_command(interaction, card, merc, Discard, speculate=False)

    @discard.autocomplete("card")
    async def _discard_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return await self._card_ac(interaction, current, Discard)

    @legends.command(name="ready", description="Clean-up: you are done discarding")
    @app_commands.describe(merc="Your merc is ready")
    async def ready(self, interaction: discord.Interaction[Any], merc: bool | None = None) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        if merc is None:
            readies = [a for a in self.rt.view(state, player).legal if isinstance(a, Ready)]
            merc = bool(readies) and all(a.merc for a in readies)
        await self._do(
            interaction, cid, Ready(player=player, merc=merc), done="✓ Ready.", show_panel=True
        )

    # ---- read-only views -------------------------------------------------------------------

    @legends.command(name="status", description="The board: Obstacles, the Plan, the crew")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        b = self.rt.board(state)
        if state.run is None:
            await send(
                interaction, embeds=[render.campaign_embed(state, self.rt.content)], ephemeral=False
            )
            return
        await send(
            interaction, embeds=[render.board_embed(b)], view=board_buttons(b), ephemeral=False
        )

    @legends.command(name="clues", description="Clue cards collected in this campaign")
    async def clues(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await send(
                interaction, embeds=[render.clues_embed(here[1], self.rt.content)], ephemeral=False
            )

    @legends.command(name="memory", description="Persistent Memory of this campaign")
    async def memory(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await send(interaction, embeds=[render.memory_embed(here[1])], ephemeral=False)

    @legends.command(name="solve", description="Answer a clue's puzzle")
    @app_commands.describe(answer="Your answer")
    async def solve(
        self, interaction: discord.Interaction[Any], answer: app_commands.Range[str, 1, 200]
    ) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Solve(player=player_id(interaction), answer=answer),
                done="✓ Correct!",
            )

    @legends.command(name="deck", description="Your decklist and Eddies, only for you")
    async def deck(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        mine = [r for r in here[1].runners if r.player == player_id(interaction)]
        if not mine:
            await refuse(interaction, "You are not seated at this table. Join with /legends join.")
            return
        await send(interaction, embeds=[render.deck_embed(mine, self.rt.content)], ephemeral=True)

    def _pool(self, state: Table) -> list[str]:
        return engine.shop_cards(state, self.rt.content)

    @legends.command(name="shop", description="The Upgrade Pool and its prices")
    async def shop(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        content = self.rt.content
        player = player_id(interaction)
        mine = [r for r in state.runners if r.player == player]
        lines = []
        for card_id in self._pool(state):
            card = content.cards[card_id]
            lines.append(
                f"• **{render.card_label(card)}** — {card.cost} Eddies"
                + (f": {card.text}" if card.text else "")
            )
        head = (
            ", ".join(f"{'Your merc' if r.is_merc else 'You'}: {r.eddies} Eddies" for r in mine)
            or "You are not seated: join to shop."
        )
        if state.run is not None:
            head += "\nThe Upgrade Pool opens between runs."
        embed = discord.Embed(
            title="Upgrade Pool",
            colour=render.COLOR_PRIVATE,
            description=render.clip(head + "\n\n" + "\n".join(lines), 4000),
        )
        buttons = None
        if state.run is None and mine:
            items = []
            for r in mine:
                for card_id in self._pool(state):
                    card = content.cards[card_id]
                    if card.cost <= r.eddies and r.deck.count(card_id) < engine.DECK_LIMIT:
                        who = "Merc buys" if r.is_merc else "Buy"
                        items.append((card_id, f"{who} {card.name} ({card.cost})", r.is_merc))
            buttons = shop_buttons(state.id, state.version, items)
        await send(interaction, embeds=[embed], view=buttons, ephemeral=True)

    @legends.command(name="buy", description="Buy a card from the Upgrade Pool into your deck")
    @app_commands.describe(card="A card you can afford")
    async def buy(self, interaction: discord.Interaction[Any], card: str) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        merc, card_id = self._deck_card(card)
        await self._do(
            interaction, cid, Buy(player=player_id(interaction), card=card_id, merc=merc)
        )

    def _deck_card(self, value: str) -> tuple[bool, str]:
        merc = value.startswith(MERC_PREFIX)
        raw = value.removeprefix(MERC_PREFIX).strip()
        content = self.rt.content
        if raw not in content.cards:
            for cid, card in content.cards.items():
                if card.name.lower() == raw.lower():
                    return merc, cid
        return merc, raw[:60]

    @buy.autocomplete("card")
    async def _buy_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._state_quiet(interaction)
        if state is None or state.run is not None:
            return []
        content = self.rt.content
        items = []
        for r in state.runners:
            if r.player != player_id(interaction):
                continue
            for card_id in self._pool(state):
                card = content.cards[card_id]
                if card.cost <= r.eddies and r.deck.count(card_id) < engine.DECK_LIMIT:
                    who = "Merc: " if r.is_merc else ""
                    items.append(
                        (
                            f"{who}{render.card_label(card)} — {card.cost} Eddies",
                            (MERC_PREFIX if r.is_merc else "") + card_id,
                        )
                    )
        return _choices(items, current)

    @legends.command(name="remove", description="Take a card out of your deck (between runs)")
    @app_commands.describe(card="A card of your deck")
    async def remove(self, interaction: discord.Interaction[Any], card: str) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        merc, card_id = self._deck_card(card)
        await self._do(
            interaction, here[0], Remove(player=player_id(interaction), card=card_id, merc=merc)
        )

    @remove.autocomplete("card")
    async def _remove_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._state_quiet(interaction)
        if state is None or state.run is not None:
            return []
        content = self.rt.content
        items = []
        for r in state.runners:
            if r.player != player_id(interaction) or len(r.deck) <= engine.MIN_DECK:
                continue
            for card_id in sorted(set(r.deck), key=lambda c: content.cards[c].name):
                who = "Merc: " if r.is_merc else ""
                items.append(
                    (
                        f"{who}{render.card_label(content.cards[card_id])} "
                        f"(×{r.deck.count(card_id)})",
                        (MERC_PREFIX if r.is_merc else "") + card_id,
                    )
                )
        return _choices(items, current)

    @legends.command(name="rules", description="Short rules reference, only for you")
    @app_commands.describe(topic="What to explain")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        key = (topic or "overview").strip().lower().replace(" ", "_")
        if key not in TOPICS:
            key = next(
                (k for k, (title, _) in TOPICS.items() if key in k or key in title.lower()), ""
            )
        if not key:
            await refuse(interaction, "No such topic. Topics: " + ", ".join(TOPICS) + ".")
            return
        title, text = TOPICS[key]
        embed = discord.Embed(title=title, description=text, colour=render.COLOR_BOARD)
        embed.set_footer(text="Topics: " + ", ".join(TOPICS))
        await send(interaction, embeds=[embed], ephemeral=True)

    @rules.autocomplete("topic")
    async def _rules_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return _choices([(title, key) for key, (title, _) in TOPICS.items()], current)

    @legends.command(name="dm", description="Get your hand by DM whenever it changes")
    @app_commands.describe(enabled="On or off")
    async def dm(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        player = player_id(interaction)
        if not any(r.player == player for r in state.runners):
            await refuse(interaction, "You are not seated at this table. Join with /legends join.")
            return
        rt = self.rt
        rt.prefs.set_dm(cid, player, enabled)
        if not enabled:
            await send(
                interaction, content="✓ No more DMs: use the **My hand** button.", ephemeral=True
            )
            return
        await defer(interaction, ephemeral=True)
        try:
            if state.run is not None:
                view, embed, buttons = panel(rt, state, player)
                kwargs: dict[str, Any] = {"embed": embed}
                if buttons is not None:
                    kwargs["view"] = buttons
                await interaction.user.send(**kwargs)
                rt.mark_dm_sent(cid, player, state)
            else:
                await interaction.user.send(
                    f"You will get your hand for **{state.name}** here whenever it changes."
                )
        except discord.Forbidden:
            rt.prefs.dm_closed.add(player)
            rt.prefs.changed()
            await send(
                interaction,
                content="I can't DM you: your DMs are closed. Open them "
                "(Server → Privacy Settings → Direct Messages) and run this again. "
                "Meanwhile, use the **My hand** button.",
                ephemeral=True,
            )
            return
        except discord.HTTPException as exc:
            await send(
                interaction,
                content=f"Discord refused the DM ({exc.status}); try again later.",
                ephemeral=True,
            )
            return
        await send(
            interaction,
            content="✓ I'll DM you your hand whenever it changes, with buttons to act from there.",
            ephemeral=True,
        )

    # ---- stale buttons ----------------------------------------------------------------

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A click on a Fixer button that is no longer on its message (a client showing an
        older version of it): discord.py drops those, so answer here (usually: stale)."""
        if self._rt is None or interaction.type is not discord.InteractionType.component:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if not custom_id.startswith("fx:") or custom_id in component_ids(interaction.message):
            return
        bid = parse(custom_id)
        if bid is not None:
            await self.rt.clicks.handle(interaction, bid)

    # ---- errors -------------------------------------------------------------------------

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        log.error(
            "/legends %s failed: %s",
            getattr(interaction.command, "name", "?"),
            type(original).__name__,
            exc_info=original,
        )
        await refuse(
            interaction,
            "Something went wrong on my side; nothing was changed "
            "unless the board says so. Try again.",
        )
