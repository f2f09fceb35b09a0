"""`/legends` commands about a campaign and its crew: new, move, join, leave, start,
abandon, options."""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.i18n import t
from bot.storage.errors import StorageError
from cogs.common import threads
from cogs.common.locale import SERVER, language_choices, table_locale, user_locale
from cogs.legends import render
from cogs.legends.cmd_base import (
    LEGENDS,
    Choice,
    CommandBase,
    choices,
)
from cogs.legends.ids import table_id_for
from cogs.legends.interact import (
    defer,
    or_refuse,
    player_id,
    refuse,
    send,
)
from cogs.legends.localize import campaign_name, role_deck_name, scenario_name
from cogs.legends.options_text import option_changed, options_list
from cogs.legends.runtime import GAME_TAGS, LegendsRuntime
from rules.core.text import name_list
from rules.legends import engine
from rules.legends.actions import (
    Abandon,
    Join,
    Leave,
    SetOption,
    Start,
)
from rules.legends.cards import Role
from rules.legends.state import Table

log = logging.getLogger("cogs.legends")
legends = LEGENDS

# The table's language: the server's, or each language with a catalogue (shared with
# the other games' `options language`).
LANGUAGE_CHOICES = language_choices()


class CampaignCommands(CommandBase):
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
        loc = user_locale(interaction)
        guild = interaction.guild
        channel = interaction.channel
        if guild is None or channel is None:
            await refuse(interaction, t(loc, "Campaigns live in a server channel."))
            return
        camp_id = next(iter(rt.content.campaigns))
        # Unnamed, the table is named after the campaign in the server's language (what
        # its public messages speak until the owner sets one).
        camp_name = campaign_name(rt.content, table_locale(None, interaction), camp_id)
        title = render.clip((name or camp_name).strip() or camp_name, 64)
        if forum is None and create_channel:
            forum = threads.forum_of(channel)  # in a forum post: a new post of that forum
        tags: list[discord.ForumTag] = []
        if forum is not None:
            refusal, tags = self._forum_post_check(forum, loc)
            if refusal:
                await refuse(interaction, refusal)
                return
        elif not create_channel and await rt.table_for_channel(channel) is not None:
            await refuse(
                interaction,
                t(
                    loc,
                    "This channel already has an active campaign. Use "
                    "create_channel:True to start another in a new channel.",
                ),
            )
            return
        elif create_channel and not interaction.app_permissions.manage_channels:
            await refuse(
                interaction,
                t(
                    loc,
                    "I need the Manage Channels permission to create a "
                    "channel. Ask an admin to grant it, or run /legends new "
                    "without create_channel to play in this channel.",
                ),
            )
            return
        await defer(interaction, ephemeral=True)
        target: Any = channel
        public = table_locale(None, interaction)  # the welcome is public: the server's language
        welcome = t(
            public,
            "🌃 **{title}** — a Cyberpunk Legends campaign, run by Fixer. "
            "Owner: {owner}. Take a seat with `/legends join`; "
            "the owner starts the run with `/legends start`.",
            title=title,
            owner=interaction.user.mention,
        )
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
                    embed=render.campaign_embed(state, rt.content, loc=public),
                    applied_tags=tags,
                    allowed_mentions=discord.AllowedMentions.none(),
                    reason=f"/legends new by {interaction.user}",
                )
            except discord.HTTPException as exc:
                if exc.code == threads.TAG_REQUIRED:
                    why = t(
                        loc,
                        "Discord refused to let me open a post in {forum}: it requires a "
                        "tag I can't apply. Nothing was created. Ask an admin to add a tag "
                        "anyone may apply, or run /legends new elsewhere.",
                        forum=forum.mention,
                    )
                elif exc.status == 403:
                    why = t(
                        loc,
                        "Discord refused to let me open a post in {forum}: Send Messages "
                        "is missing there. Nothing was created. Ask an admin to grant it, "
                        "or run /legends new elsewhere.",
                        forum=forum.mention,
                    )
                else:
                    why = t(
                        loc,
                        "Discord refused to let me open a post in {forum} (HTTP {status})."
                        " Nothing was created. Try again in a moment.",
                        forum=forum.mention,
                        status=exc.status,
                    )
                await refuse(interaction, why)
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
                    t(
                        loc,
                        "Discord refused to let me create the channel: Manage Channels is "
                        "missing. Nothing was created. Ask an admin to grant it, or run "
                        "/legends new without create_channel to play in this channel.",
                    ),
                )
                return
            except discord.HTTPException as exc:
                await refuse(
                    interaction,
                    t(
                        loc,
                        "Discord could not create the channel (HTTP {status}). Nothing was "
                        "created. Try again in a moment.",
                        status=exc.status,
                    ),
                )
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
                    embed=render.campaign_embed(state, rt.content, loc=public),
                    allowed_mentions=discord.AllowedMentions.none(),
                )
        except discord.HTTPException as exc:
            log.warning("campaign %s: welcome message failed (HTTP %s)", cid, exc.status)
        problems = await rt.check_setup(cid, state, notify=False)
        rt.prefs.warned[cid] = " | ".join(problems)
        rt.prefs.changed()
        text = (
            t(
                loc,
                "✓ Campaign **{title}** created in {where}. You are its owner.",
                title=title,
                where=target.mention,
            )
            if (create_channel or posted)
            else t(
                loc,
                "✓ Campaign **{title}** created in this channel. You are its owner.",
                title=title,
            )
        )
        if problems:
            # The same problems, in the words of the person reading this answer.
            shown = rt.setup_problems(target, state, loc)
            text += "\n\n" + t(loc, "**Before you play:**") + "\n"
            text += "\n".join(f"• {p}" for p in shown)
        await send(interaction, content=render.clip(text, 1900), ephemeral=True)

    def _forum_post_check(
        self, forum: discord.ForumChannel, loc: str
    ) -> tuple[str | None, list[discord.ForumTag]]:
        """Can Fixer open a campaign post in `forum`, and with which tags: (refusal in the
        language `loc`, tags)."""
        mine = forum.permissions_for(forum.guild.me)
        if not (mine.view_channel and mine.send_messages):
            return t(
                loc,
                "I need View Channel and Send Messages in {forum} to open a post there. "
                "Ask an admin to grant them, or run /legends new in an existing post or "
                "channel.",
                forum=forum.mention,
            ), []
        tags, problem = threads.pick_post_tags(
            forum,
            can_moderate=bool(mine.manage_threads or mine.administrator),
            game_tags=GAME_TAGS,
            title=LegendsRuntime.title,
            loc=loc,
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
        loc = user_locale(interaction)
        guild, channel = interaction.guild, interaction.channel
        if guild is None or channel is None:
            await refuse(interaction, t(loc, "Campaigns live in a server channel."))
            return
        if await rt.table_for_channel(channel, ask_db=True) is not None:
            await refuse(
                interaction,
                t(
                    loc,
                    "This channel already has an active campaign. Run "
                    "/legends move in a channel or thread without one.",
                ),
            )
            return
        mine = await self._movable(interaction)
        if campaign:
            found = [i for i in mine if i.id == campaign or i.name.lower() == campaign.lower()]
        else:
            found = [i for i in mine if i.id in rt.homeless]
        if len(found) != 1:
            names = name_list(f"**{i.name}**" for i in mine[:10])
            await refuse(
                interaction,
                (
                    t(
                        loc,
                        "Pick the campaign to move with the `campaign` option: {names}.",
                        names=names,
                    )
                    if mine
                    else t(
                        loc,
                        "You have no campaign in this server that you may move (its "
                        "owner, or someone with Manage Channels here, may).",
                    )
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
        text = t(
            loc, "✓ Campaign **{name}** moved here. Nothing of the game changed.", name=state.name
        )
        if problems:
            # The same problems, in the words of the person reading this answer.
            shown = rt.setup_problems(channel, state, loc)
            text += "\n\n" + t(loc, "**Before you play:**") + "\n"
            text += "\n".join(f"• {p}" for p in shown)
        await send(interaction, content=render.clip(text, 1900), ephemeral=True)
        public = table_locale(state.options.language, channel)
        note = t(public, "📦 **{name}** continues here.", name=state.name)
        await rt.post_board(info.id, state, note=note)

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
            if i.game == self.rt.game
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
        return choices(items, current)

    @legends.command(name="join", description="Take a seat with a role's deck")
    @app_commands.describe(role="Your role", merc="Hire a merc (only if you play alone)")
    async def join(
        self, interaction: discord.Interaction[Any], role: str, merc: str | None = None
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        loc = user_locale(interaction)
        try:
            r = Role(role.strip().lower())
            m = Role(merc.strip().lower()) if merc else None
        except ValueError:
            roles = ", ".join(x.value for x in self.rt.content.roles)
            await refuse(interaction, t(loc, "There is no such role. Roles: {roles}.", roles=roles))
            return
        name = render.clip(interaction.user.display_name, 64) or "Runner"
        done = (
            t(
                loc,
                "✓ You joined as the {role} with a {merc} merc.",
                role=r.value.title(),
                merc=m.value.title(),
            )
            if m
            else t(loc, "✓ You joined as the {role}.", role=r.value.title())
        )
        await self._do(
            interaction,
            cid,
            Join(player=player_id(interaction), name=name, role=r, merc=m),
            done=done,
        )

    @join.autocomplete("role")
    async def _role_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        return self._roles(
            await self._quiet(interaction), current, exclude=None, loc=user_locale(interaction)
        )

    @join.autocomplete("merc")
    async def _merc_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._quiet(interaction)
        if state is None or any(not r.is_merc for r in state.runners):
            return []  # a merc only for a runner alone at the table
        chosen = getattr(interaction.namespace, "role", None)
        return self._roles(state, current, exclude=chosen, loc=user_locale(interaction))

    def _roles(
        self, state: Table | None, current: str, exclude: str | None, *, loc: str
    ) -> list[Choice[str]]:
        if state is None:
            return []
        copies = 1 + state.options.extra_role_decks
        items = []
        content = self.rt.content
        for role in content.roles:
            taken = sum(1 for r in state.runners if r.role == role)
            taken += 1 if exclude and exclude.lower() == role.value else 0
            if taken < copies:
                deck = role_deck_name(content, loc, role)
                items.append((f"{role.value.title()} — {deck}", role.value))
        return choices(items, current)

    @legends.command(name="leave", description="Give up your seat")
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is not None:
            await self._do(
                interaction,
                here[0],
                Leave(player=player_id(interaction)),
                done=t(user_locale(interaction), "✓ You left the crew."),
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
            done=t(user_locale(interaction), "✓ The run starts."),
            show_panel=True,
        )

    @start.autocomplete("scenario")
    async def _scenario_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[Choice[str]]:
        state = await self._quiet(interaction)
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
        loc = user_locale(interaction)
        return choices([(scenario_name(content, loc, s), s) for s in ids], current)

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
                done=t(user_locale(interaction), "✓ The run was abandoned."),
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
        language="The language of the table's public messages (default: the server's)",
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
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
        language: str | None = None,
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
                ("language", None if language is None else language.removeprefix(SERVER)),
            )
            if v is not None
        }
        loc = user_locale(interaction)
        if not wanted:
            await send(interaction, content=options_list(loc, state.options), ephemeral=True)
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
            changed.append(option_changed(loc, key, state.options))
        note = ""
        if "table_talk" in wanted:
            problems = await self.rt.check_setup(cid, state, notify=False)
            if problems and interaction.channel is not None:
                # The same problems, in the words of the person reading this answer.
                shown = self.rt.setup_problems(interaction.channel, state, loc)
                note = "\n" + "\n".join(f"• {p}" for p in shown)
        await send(
            interaction, content=render.clip("✓ " + ", ".join(changed) + note, 1900), ephemeral=True
        )
