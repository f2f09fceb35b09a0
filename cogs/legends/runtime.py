"""Cyberpunk Legends' runtime: the house's `GameRuntime` (cogs/common/runtime.py, the
channels, the publisher queue, DMs and timers plumbing) with what is Legends.

* **Publishing.** A natural point (a flip, a new round, an execution, a vote, clean-up,
  the end of a run) gets a fresh full board; other actions get a short message with the
  events, whose turn it is (with a mention for the people newly waited on) and buttons.
* **DM hands.** Players who opted in (`/legends dm`) get their hand by DM whenever it or
  their options change.
* **Timers' policies.** Scene votes close themselves after the table's `vote_seconds` (a
  `CloseVote` by "system"); with `turn_timer` set, the people the table waits on are
  reminded.
* **Views.** `board` and `player_view` are computed once per table version (states are
  immutable); an answer may be prepared while the commit is written (`speculate`).

Only views (`board`, `player_view`) and public events are rendered into channels; a
private event goes only to the person whose seat it names, in an ephemeral reply or DM.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.service.contract import Applied
from bot.service.game import GameService
from cogs.common import perms, threads
from cogs.common.locale import table_locale
from cogs.common.memo import VersionMemo
from cogs.common.prefs import Prefs
from cogs.common.runtime import GameRuntime
from cogs.common.timers import Deadline, Reminder
from cogs.legends import howto, render, render_private
from cogs.legends.components import board_buttons, panel_buttons, panel_message
from cogs.legends.localize import localize_board, localize_events, localize_view
from cogs.legends.words import say
from rules.core.errors import IllegalAction, Refusal
from rules.core.events import Event
from rules.legends.actions import SYSTEM_PLAYER, CloseVote
from rules.legends.cards import ContentPack
from rules.legends.engine import apply as engine_apply
from rules.legends.legal import controlled_seats
from rules.legends.state import Table
from rules.legends.view import BoardView, PlayerView, board, events_for, player_view

if TYPE_CHECKING:
    from cogs.common.ids import ButtonId
    from cogs.legends.interact import ClickHandler

log = logging.getLogger("cogs.legends")

VIEW_TABLES = 256  # tables whose views are kept, at least
# Loop turns a speculated answer waits for the commit to be handed to SQLite's thread.
SPECULATE_AFTER = 4
GAME_TAGS = ("cyberpunk legends", "legends")  # forum tags named like the game, best first


@dataclass
class _DmState:
    signature: tuple[Any, ...] | None = None
    last: asyncio.Task[None] | None = None
    pending: list[Event] = field(default_factory=list)


class LegendsRuntime(GameRuntime[Table]):
    """Owned by the house (`bot.house.runtimes["legends"]`), made by the extension."""

    game = "legends"
    title = "Cyberpunk Legends"
    command = render.COMMAND
    resume_note = "Fixer is back online. The run goes on from here."

    def __init__(
        self,
        bot: discord.Client,
        service: GameService[Table, Any],
        content: ContentPack,
        prefs: Prefs,
    ) -> None:
        super().__init__(bot, service, prefs)
        self.content = content
        self._awaited: dict[str, set[str]] = {}
        self._dm: dict[tuple[str, str], _DmState] = {}
        # Views and boards by table version and person (cogs/common/memo.py), for as
        # many tables as the service keeps states of (as the other games).
        self.memo = VersionMemo(max(VIEW_TABLES, getattr(service, "cache_size", 0)))
        # Preparing the answer during the commit pays only if the commit waits for the
        # disk (FULL); an inline NORMAL commit leaves the event loop no idle time.
        self.speculative = bool(getattr(service.store, "commits_wait_for_disk", True))
        from cogs.legends.interact import ClickHandler

        self.clicks: ClickHandler = ClickHandler(self)

    # ---- the house's hooks ------------------------------------------------------------

    def owner_of(self, state: Table) -> str:
        return state.owner

    def name_of(self, state: Table) -> str:
        return state.name

    def in_play(self, state: Table) -> bool:
        return state.run is not None

    def describe(self, state: Table) -> str | None:
        if state.run is None:
            return None
        return f"{state.run.scenario}, round {state.run.round}, v{state.version}"

    def explain(self, refusal: Refusal) -> str:
        from cogs.legends.interact import explain

        return explain(refusal)

    def stale_panel(self, state: Table, player: str) -> tuple[discord.Embed, Any] | None:
        return self.stale_panel_for(state, player, "en")

    def explain_for(self, refusal: Refusal, locale: str) -> str:
        return howto.refusal_text(refusal, locale)

    def stale_panel_for(
        self, state: Table, player: str, locale: str
    ) -> tuple[discord.Embed, Any] | None:
        if not self.seats_of(state, player):
            return None
        note = t(locale, "Here is your hand as it is now.")
        return panel_message(self.view(state, player), [note], loc=locale)

    async def table_loc(self, cid: str, state: Table) -> str:
        """The language of this table's public messages: its `language` option, else
        its server's (cogs/common/locale.py)."""
        if state.options.language:
            return table_locale(state.options.language)
        return table_locale(None, await self.channel(cid))

    async def on_click(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        await self.clicks.handle(interaction, bid)

    async def notice_locale(self, cid: str) -> str:
        try:
            state = await self.service.get(cid)
        except IllegalAction:  # the campaign is gone: its server's language
            return await super().notice_locale(cid)
        return await self.table_loc(cid, state)

    # ---- publishing -------------------------------------------------------------------

    def awaited(self, state: Table) -> list[str]:
        return render.awaited(state)

    async def publish(self, cid: str, batch: Sequence[Applied[Table]]) -> None:
        state = batch[-1].state
        events = [e for a in batch for e in a.events]
        public = [e for e in events if e.seats is None]
        b = self.board(state)
        natural = render.is_natural(public)
        awaited = self.awaited(state)
        before = self._awaited.get(cid, set())
        self._awaited[cid] = set(awaited)
        ping = awaited if natural else [p for p in awaited if p not in before]
        for e in public:
            if e.kind in ("run_started", "complete", "flatlined", "abandoned", "campaign_done"):
                log.info("campaign %s: %s (v%d)", cid, e.kind.replace("_", " "), state.version)
        if render.event_lines(public):
            await self._post_update(cid, state, b, public, natural, ping)
        self.prefs.mark_published(cid, state.version)
        if any(e.kind == "campaign_done" for e in public):
            await self._retag_finished(cid)
        self._update_dms(cid, state, events)
        self.schedule_timers(cid, state)
        if state.run is None and any(e.kind in render.RUN_OVER for e in public):
            self._awaited.pop(cid, None)

    async def _post_update(
        self,
        cid: str,
        state: Table,
        b: BoardView,
        public: list[Event],
        natural: bool,
        ping: Iterable[str],
    ) -> None:
        channel = await self.channel(cid)
        if channel is None:
            return
        loc = table_locale(state.options.language, channel)
        lines = render.event_lines(localize_events(public, self.content, state, loc), loc=loc)
        b = localize_board(b, self.content, state, loc)
        mentions = {p: f"<@{p}>" for p in ping if p.isdigit()}
        # The same builder the message gallery (cogs/legends/gallery.py) shows.
        text, embeds = render.update_message(
            state, b, lines, natural, mentions, self.content, loc=loc
        )
        view = board_buttons(b, loc=loc)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(int(p)) for p in mentions]
        )
        kwargs: dict[str, Any] = {"content": text, "embeds": embeds, "allowed_mentions": allowed}
        if view is not None:
            kwargs["view"] = view
        await self.send(cid, channel, f"the update for v{state.version}", **kwargs)

    async def _retag_finished(self, cid: str) -> None:
        """A complete campaign's forum post: its "Active"-like tags give way to a
        "Finished"-like tag, if the forum has one. Cosmetic: a failure is only logged."""
        channel = await self.channel(cid)
        forum = threads.forum_of(channel)
        if forum is None or not isinstance(channel, discord.Thread):
            return
        tags = threads.finished_tags(channel, forum, can_moderate=threads.can_manage_threads(forum))
        if tags is None:
            return
        try:
            await channel.edit(applied_tags=tags, archived=False)
            log.info("campaign %s: its forum post is tagged finished", cid)
        except discord.HTTPException as exc:
            log.warning(
                "campaign %s: could not retag its forum post (HTTP %s, code %s)",
                cid,
                exc.status,
                exc.code,
            )

    async def post_board(self, cid: str, state: Table, note: str | None = None) -> None:
        """A fresh full board (start-up resume, `/legends move`…)."""
        channel = await self.channel(cid)
        if channel is None:
            return
        loc = table_locale(state.options.language, channel)
        b = localize_board(self.board(state), self.content, state, loc)
        embeds = [
            render.board_embed(b, loc=loc)
            if state.run is not None
            else render.campaign_embed(state, self.content, loc=loc)
        ]
        kwargs: dict[str, Any] = {
            "content": note,
            "embeds": embeds,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
        view = board_buttons(b, loc=loc)
        if view is not None:
            kwargs["view"] = view
        await self.send(cid, channel, "a board", **kwargs)
        self.prefs.mark_published(cid, state.version)

    # ---- DM hands ---------------------------------------------------------------------

    def _update_dms(self, cid: str, state: Table, events: Sequence[Event]) -> None:
        for player in sorted(self.prefs.dm_players(cid)):
            if player in self.prefs.dm_closed or not player.isdigit():
                continue
            key = (cid, player)
            dm = self._dm.setdefault(key, _DmState())
            mine = [e for e in events_for(list(events), state, player) if e.seats is not None]
            view = self.view(state, player)
            if not view.seats:
                continue
            sig = self._dm_signature(state, view)
            dm.pending.extend(mine)
            if sig == dm.signature or state.run is None:
                continue
            dm.signature = sig
            notes = list(dm.pending)
            dm.pending = []
            prev = dm.last
            dm.last = self.spawn(
                self._send_hand(cid, player, view, notes, prev, state.options.language),
                name="dm",
            )

    def _dm_signature(self, state: Table, view: Any) -> tuple[Any, ...]:
        return (
            state.run is not None,
            tuple((s, tuple(c.inst for c in h)) for s, h in sorted(view.hands.items())),
            tuple(a.model_dump_json() for a in view.legal),
        )

    def mark_dm_sent(self, cid: str, player: str, state: Table) -> None:
        """The hand was just sent by DM (by a command): don't send the same again."""
        dm = self._dm.setdefault((cid, player), _DmState())
        dm.signature = self._dm_signature(state, self.view(state, player))

    async def _send_hand(
        self,
        cid: str,
        player: str,
        view: Any,
        events: list[Event],
        prev: asyncio.Task[None] | None,
        language: str = "",
    ) -> None:
        # A DM has no interaction to tell the reader's language: theirs as last heard from
        # them (any /legends command or click), else the table's.
        loc = self.dm_language(player, table_locale(language, await self.channel(cid)))
        view = localize_view(view, self.content, None, loc)
        mine = localize_events(events[-6:], self.content, None, loc)
        notes = [f"🔒 {howto.event_text(e, loc)}" for e in mine]
        embed = render_private.hand_embed(view, notes=notes, loc=loc)
        buttons, hidden = panel_buttons(view, loc=loc)
        if hidden:
            embed.description = (embed.description or "") + t(
                loc,
                "\n({hidden} more options: use the slash commands in the channel.)",
                hidden=hidden,
            )
        kwargs: dict[str, Any] = {"embed": embed}
        if buttons is not None:
            kwargs["view"] = buttons
        await self.send_dm(cid, player, kwargs, prev)

    # ---- timers' policies -------------------------------------------------------------

    @staticmethod
    def _vote_key(state: Table) -> tuple[Any, ...] | None:
        run = state.run
        if run is not None and run.phase == "vote" and run.scenes:
            return (len(state.history), len(run.deck), run.scenes[-1].order)
        return None

    def deadline(self, state: Table) -> Deadline | None:
        """An open scene vote closes after the table's `vote_seconds`."""
        key = self._vote_key(state)
        return None if key is None else Deadline(key, state.options.vote_seconds)

    def deadline_action(self, state: Table, key: tuple[Any, ...]) -> Any | None:
        return CloseVote(player=SYSTEM_PLAYER) if self._vote_key(state) == key else None

    def reminder(self, state: Table) -> Reminder | None:
        """With `turn_timer` set, the people the table waits on are reminded."""
        run = state.run
        if run is None or state.options.turn_timer <= 0:
            return None
        awaited = tuple(self.awaited(state))
        key = (
            len(state.history),
            run.round,
            run.phase,
            len(run.plan),
            run.turn,
            len(run.deck),
            awaited,
        )
        return Reminder(key, state.options.turn_timer, awaited)

    def reminder_text(self, state: Table, number: int, who: str, minutes: float) -> str:
        b = self.board(state)
        loc = table_locale(state.options.language)
        return t(
            loc,
            "⏰ Reminder {number}: {who} — {what} (turn timer {minutes} min).",
            number=number,
            who=who,
            what=say(loc, b.waiting_on),
            minutes=minutes,  # a number: "1.5" / "1,5"
        )

    # ---- setup checks -------------------------------------------------------------------

    def setup_locale(self, channel: Any, state: Table) -> str:
        return table_locale(state.options.language, channel)

    def setup_problems(self, channel: Any, state: Table, loc: str | None = None) -> list[str]:
        """What keeps Fixer from running this campaign fully, in words for its owner: in
        `loc` (an ephemeral answer: the reader's), else the table's language."""
        problems: list[str] = []
        loc = loc or self.setup_locale(channel, state)
        mode = state.options.table_talk
        if mode != "off" and not self.bot.intents.message_content:
            problems.append(
                t(
                    loc,
                    "I can't read chat messages: the **Message Content** intent is off "
                    "(Developer Portal → Bot → Privileged Gateway Intents). The table-talk "
                    "rule is not enforced until it is on.",
                )
            )
        problems += perms.post_problems(channel, self.command, loc)
        if mode == "delete" and not perms.can_manage_messages(channel):
            problems.append(
                t(
                    loc,
                    "I lack **Manage Messages** in {channel}, so I can't delete messages "
                    "that break the table-talk rule; I will only warn. Grant it, or set "
                    "`/legends options table_talk:warn`.",
                    channel=channel.mention,
                )
            )
        return problems

    # ---- views (cached per table version: states are immutable) -------------------------

    def view(self, state: Table, player: str) -> PlayerView:
        """`player_view`, computed once per (table, version, person)."""
        return self.memo.compute(
            state.id,
            state.version,
            ("view", player),
            lambda: player_view(state, player, self.content),
        )

    def speculate(
        self, base: Table, action: Any, player: str
    ) -> asyncio.Task[tuple[Table, PlayerView] | None]:
        """Prepare the answer to `action` while the service commits it.

        Committing an action is CPU work (the engine, a few hundred microseconds) followed
        by a wait for the disk (the fsync of synchronous=FULL, 2-8 ms here): the event loop is
        idle while SQLite's thread waits. This task uses that time: once the commit is in
        flight it applies `action` to `base` with the (pure, deterministic) engine on its
        own and computes `player`'s view of the result. `adopt` uses that view only if the
        service committed exactly that state; nothing is shown or stored before the
        commit, so durability and ordering are unchanged."""

        async def guess() -> tuple[Table, PlayerView] | None:
            # Let the service apply the action and hand the commit to SQLite's thread
            # first (a few loop turns); starting earlier would delay the commit.
            for _ in range(SPECULATE_AFTER):
                await asyncio.sleep(0)
            try:
                new_state = engine_apply(base, action, self.content).table
            except Exception:  # refused (or anything else): the service will say why
                return None
            return new_state, player_view(new_state, player, self.content)

        return asyncio.ensure_future(guess())

    async def adopt(
        self, guess: asyncio.Task[tuple[Table, PlayerView] | None], state: Table, player: str
    ) -> None:
        """Cache the speculated view if it is of the committed `state` (same table and
        version, and equal state: the engine is deterministic, so this holds unless
        another action got in first, in which case the view is computed afresh)."""
        key = ("view", player)
        if self.memo.get(state.id, state.version, key) is not None:
            guess.cancel()
            return
        try:
            found = await guess
        except asyncio.CancelledError:
            me = asyncio.current_task()
            if me is not None and me.cancelling():  # this handler is being cancelled
                raise
            return  # the guess was dropped: no guess
        except Exception:
            return
        if found is None:
            return
        new_state, view = found
        if new_state.id == state.id and new_state.version == state.version and new_state == state:
            self.memo.put(state.id, state.version, key, view)

    def board(self, state: Table) -> BoardView:
        """The public `board`, computed once per (table, version)."""
        return self.memo.compute(
            state.id, state.version, ("board",), lambda: board(state, self.content)
        )

    # ---- helpers for commands -----------------------------------------------------------

    def seats_of(self, state: Table, player: str) -> list[int]:
        return controlled_seats(state, player)
