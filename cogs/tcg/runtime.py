"""Cyberpunk TCG's runtime: the house's `GameRuntime` (channels, publisher queue, DMs,
restart-proof timers) with what is the TCG.

* **Publishing.** After every commit: the public lines of the events (`events_for(…,
  None)`: only what a spectator may know) and the spectator's board, with a **My hand**
  button, and a **React** button while a reaction window is open. The people newly
  waited on are mentioned.
* **The reaction window (T10).** Its deadline is the table's shared-timer deadline
  (`reaction_timeout`, kept in the preferences, so it survives a restart): when it passes,
  the defender passes.
* **Turn timer.** With `turn_timer` set, the player the duel waits on is reminded.
* **Practice.** A seat whose player is an AI id (`ai_player(level)`: "ai-random",
  "ai-greedy", "ai-search"; the duel's own, so each practice duel has its level) is
  played by the engine's AI of that level: after a short pause, its choice is computed
  off the event loop (`asyncio.to_thread`) from its own view, then committed like
  anyone's action.
* **Challenges** (before a duel exists) are kept per channel, in memory and in the
  database (`cogs.tcg.challenges`), so they and their expiry survive a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import SOURCE, language
from bot.service.contract import Applied, Refused
from bot.service.game import GameService
from bot.storage.base import SavedItem
from bot.storage.errors import StorageError
from cogs.common import ids
from cogs.common.locale import table_locale
from cogs.common.memo import VersionMemo
from cogs.common.prefs import Prefs
from cogs.common.runtime import GameRuntime
from cogs.common.timers import Deadline, Reminder
from cogs.tcg import challenges as stored_challenges
from cogs.tcg import language as languages
from cogs.tcg import payments, render, texts
from cogs.tcg.challenges import Challenge
from cogs.tcg.localize import line, localize_view, words
from cogs.tcg.plugin import PLUGIN
from cogs.tcg.timeouts import timeout_action
from rules.core.errors import IllegalAction, Refusal
from rules.core.text import count
from rules.tcg import actions as act
from rules.tcg.cards import TcgContent
from rules.tcg.legal import legal_actions, to_act
from rules.tcg.state import Duel
from rules.tcg.view import DuelView, events_for, view

if TYPE_CHECKING:
    from cogs.common.ids import ButtonId

log = logging.getLogger("cogs.tcg")

AI_PLAYER = "ai"  # the AI's seat of a practice duel made before levels: search
AI_LEVELS = ("random", "greedy", "search")
DEFAULT_AI_LEVEL = "search"


def ai_player(level: str) -> str:
    """The player id of an AI seat of `level`: kept in the duel itself, so a practice
    duel's level is its own (several at once) and survives a restart."""
    if level not in AI_LEVELS:
        raise ValueError(f"unknown AI level {level!r}")
    return f"{AI_PLAYER}-{level}"


def ai_level(player: str) -> str | None:
    """The AI level of a seat's player id, or None for a person."""
    if player == AI_PLAYER:
        return DEFAULT_AI_LEVEL
    level = player.removeprefix(AI_PLAYER + "-")
    return level if level != player and level in AI_LEVELS else None


# Button actions: a hand panel, the defender's React, one legal action by its index in
# `legal_actions` at the button's version, one way to pay for one (T27), and a
# challenge's Accept / Decline / deck.
HAND, REACT, DO, PAY = "hand", "react", "do", "pay"
ACCEPT, DECLINE, DECK = "accept", "decline", "deck"
ids.register(PLUGIN.name, frozenset({HAND, REACT, DO, PAY, ACCEPT, DECLINE, DECK}))

CHALLENGE_SECONDS = 600.0
MEMO_TABLES = 256  # duels whose legal actions and views are kept, at least
AI_PACE = 0.6  # seconds between the AI's moves (scaled by time_scale)


class TcgRuntime(GameRuntime[Duel]):
    game = PLUGIN.name
    title = PLUGIN.title
    command = render.COMMAND
    resume_note = texts.RESUME  # in the duel's language on its board (`_post`)

    def __init__(
        self,
        bot: discord.Client,
        service: GameService[Duel, Any],
        content: TcgContent,
        prefs: Prefs,
    ) -> None:
        super().__init__(bot, service, prefs)
        self.content = content
        self.challenges: dict[int, Challenge] = {}
        self.ai_pace = AI_PACE
        self.ai_budget = 0.05  # seconds a search-level move may think
        self._awaited: dict[str, int | None] = {}
        self._ai_running: set[str] = set()
        self._dm_sig: dict[tuple[str, str], tuple[Any, ...]] = {}
        self._timed_out: dict[str, tuple[Any, ...]] = {}
        # One interaction asks for the same version's legal actions, views and ways to
        # pay several times (the option's resolution, the payment check, the answer's
        # panel, the public board, DM hands): each is computed once per version, for
        # as many duels as the service keeps (cogs/common/memo.py).
        self.memo = VersionMemo(max(MEMO_TABLES, getattr(service, "cache_size", 0)))
        # duel -> player -> (version, legal index) of the payment prompt last shown to
        # them (T27), so `/tcg choose` can answer it; any commit makes it stale. Also in
        # the database (`cogs.tcg.payments`), so a restart keeps it.
        self.paying: dict[str, dict[str, tuple[int, int]]] = {}
        # duel -> its `language` option (cogs/tcg/language.py); absent: its server's.
        self.languages: dict[str, str] = {}

    # ---- the house's hooks ------------------------------------------------------------

    def owner_of(self, state: Duel) -> str:
        return state.seats[0].player

    def name_of(self, state: Duel) -> str:
        return f"{state.seats[0].name} vs {state.seats[1].name}"

    def in_play(self, state: Duel) -> bool:
        return state.result is None

    def describe(self, state: Duel) -> str | None:
        return f"{self.name_of(state)}, turn {state.turn}, v{state.version}"

    def explain(self, refusal: Refusal) -> str:
        from cogs.tcg.howto import refusal_text

        return refusal_text(refusal)

    def explain_for(self, refusal: Refusal, locale: str) -> str:
        from cogs.tcg.howto import refusal_text

        # The engine names cards as printed: the pack's names in the reader's language.
        return words(self.content, locale).replace(refusal_text(refusal, locale))

    async def notice_locale(self, cid: str) -> str:
        return self.table_loc(cid, await self.channel(cid))

    async def say(self, cid: str, text: str, *, mention: str | None = None) -> None:
        """A notice in the duel's channel, in the duel's language (the timer's hooks,
        such as `reminder_text`, write it in English without the duel at hand)."""
        loc = await self.notice_locale(cid)
        await super().say(cid, texts.NOTICES.translate(loc, text), mention=mention)

    async def say_many(self, cid: str, text: str, people: Sequence[str]) -> None:
        """A reminder in the duel's channel, in the duel's language."""
        loc = await self.notice_locale(cid)
        await super().say_many(cid, texts.NOTICES.translate(loc, text), people)

    async def on_click(self, interaction: discord.Interaction[Any], bid: ButtonId) -> None:
        from cogs.tcg.interact import handle_click

        await handle_click(self, interaction, bid)

    # ---- views ------------------------------------------------------------------------

    def seat_of(self, state: Duel, player: str) -> int | None:
        for i, s in enumerate(state.seats):
            if s.player == player:
                return i
        return None

    def view_for(self, state: Duel, player: str | None, loc: str = SOURCE) -> DuelView:
        """The one way this front end sees a duel: the engine's view for the person's seat
        (None, or anyone not seated: the spectator's), with the pack's names in the
        reader's language `loc` (`localize_view`). Cached per version (see `memo`)."""
        seat = self.seat_of(state, player) if player is not None else None
        memo, cid, version = self.memo, state.id, state.version
        found = memo.compute(cid, version, ("view", seat), lambda: view(state, self.content, seat))
        assert isinstance(found, DuelView)
        lang = language(loc)
        if lang == SOURCE:
            return found
        local = memo.compute(
            cid, version, ("view", seat, lang), lambda: localize_view(found, self.content, lang)
        )
        assert isinstance(local, DuelView)
        return local

    def line(self, loc: str, text: str) -> str:
        """An engine line (an event, a prompt) in the language `loc`, the pack's names in it."""
        return line(self.content, loc, text)

    def legal(self, state: Duel, player: str) -> list[act.Action]:
        """`legal_actions` for `player`, cached per version (a fresh list each call)."""
        found = self.memo.compute(
            state.id,
            state.version,
            ("legal", player),
            lambda: tuple(legal_actions(state, self.content, player)),
        )
        assert isinstance(found, tuple)
        return list(found)

    def waiting(self, state: Duel) -> int | None:
        return to_act(state)

    # ---- languages --------------------------------------------------------------------

    def table_loc(self, cid: str, where: Any = None) -> str:
        """The language of duel `cid`'s public messages (and DM hands): its `language`
        option, else the server's of `where` (its channel), else English."""
        return table_locale(self.languages.get(cid), where)

    def setup_locale(self, channel: Any, state: Duel) -> str:
        return self.table_loc(state.id, channel)

    async def set_language(self, cid: str, lang: str) -> None:
        self.languages[cid] = lang
        try:
            await languages.save(self.service.store, cid, lang)
        except StorageError:
            log.warning("duel %s: its language could not be stored; kept until a restart", cid)

    # ---- publishing -------------------------------------------------------------------

    def board_buttons(self, state: Duel, loc: str = SOURCE) -> discord.ui.View | None:
        from cogs.tcg.messages import board_buttons

        return board_buttons(self, state, loc)

    async def publish(self, cid: str, batch: Sequence[Applied[Duel]]) -> None:
        state = batch[-1].state
        self._forget_payments(cid, state.version)
        if state.result is not None:
            self._timed_out.pop(cid, None)
        events = [e for a in batch for e in a.events]
        lines = [e.text for e in events_for(events, None)]  # English: `_post` translates
        waiting = self.waiting(state)
        before = self._awaited.get(cid, -1)
        self._awaited[cid] = waiting
        mention: str | None = None
        if waiting is not None and waiting != before:
            p = state.seats[waiting].player
            if p.isdigit():
                mention = p
        window = state.attack is not None and state.attack.window
        react = state.seats[waiting].name if window and waiting is not None else None
        await self._post(cid, state, lines, mention, react=react)
        self.prefs.mark_published(cid, state.version)
        self._update_dms(cid, state)
        self.schedule_timers(cid, state)
        self.maybe_ai(cid, state)
        self.warm(state)

    def warm(self, state: Duel) -> None:
        """The view and legal actions of the person the duel now waits on, worked out
        here, in the publisher's turn (after the answers in progress and the board),
        rather than inside their next command: after the rival's move nobody has
        computed them yet (after their own move, their answer's panel has). The memo
        keeps them for that command's name resolution and payment check."""
        seat = self.waiting(state)
        if seat is None or state.result is not None:
            return
        player = state.seats[seat].player
        if ai_level(player) is not None:
            return  # the AI works from its own view, in its own thread
        self.view_for(state, player)
        self.legal(state, player)

    async def _post(
        self,
        cid: str,
        state: Duel,
        lines: list[str],
        mention: str | None,
        note: str | None = None,
        react: str | None = None,
    ) -> None:
        from cogs.tcg.messages import update_message

        channel = await self.channel(cid)
        if channel is None:
            return
        loc = self.table_loc(cid, channel)
        kwargs = update_message(self, state, lines, loc, mention=mention, note=note, react=react)
        await self.send(cid, channel, f"the update for v{state.version}", **kwargs)

    async def post_board(self, cid: str, state: Duel, note: str | None = None) -> None:
        await self._post(cid, state, [], None, note=note)
        self.prefs.mark_published(cid, state.version)

    # ---- DM hands ---------------------------------------------------------------------

    def _update_dms(self, cid: str, state: Duel) -> None:
        from cogs.tcg.panel import panel

        for player in sorted(self.prefs.dm_players(cid)):
            if player in self.prefs.dm_closed or not player.isdigit():
                continue
            seat = self.seat_of(state, player)
            if seat is None or state.result is not None:
                continue
            v = self.view_for(state, player)  # (the hand's signature: any language)
            legal = self.legal(state, player)
            sig = (tuple(c.inst for c in v.seats[seat].hand or ()), tuple(map(repr, legal)))
            if self._dm_sig.get((cid, player)) == sig:
                continue
            self._dm_sig[(cid, player)] = sig
            loc = self.dm_language(player, self.table_loc(cid))  # theirs, as last heard
            embed, buttons = panel(self, state, player, [], loc=loc)
            kwargs: dict[str, Any] = {"embed": embed}
            if buttons is not None:
                kwargs["view"] = buttons
            self.spawn(self.send_dm(cid, player, kwargs, None), name="dm")

    # ---- timers' policies -------------------------------------------------------------

    @staticmethod
    def _window_key(state: Duel) -> tuple[Any, ...] | None:
        a = state.attack
        if a is None or not a.window or state.result is not None:
            return None
        return ("window", state.turn, a.attacker, a.target or "", a.redirected)

    def _turn_key(self, state: Duel) -> tuple[Any, ...] | None:
        """The turn timer's situation: the duel waits on this person in this turn."""
        if state.result is not None or state.options.turn_timer <= 0:
            return None
        seat = self.waiting(state)
        if seat is None or ai_level(state.seats[seat].player) is not None:
            return None
        return ("turn", state.turn, seat)

    def deadline(self, state: Duel) -> Deadline | None:
        """T10: an open reaction window closes after `reaction_timeout` seconds. Else,
        with a turn timer, the person the duel waits on has `turn_timer` seconds; when
        they run out, Fixer makes their timid moves until the duel waits on someone else
        (`timeout_action`): pass, keep, end the turn."""
        key = self._window_key(state)
        if key is not None:
            return Deadline(key, state.options.reaction_timeout)
        key = self._turn_key(state)
        if key is not None:
            return Deadline(key, state.options.turn_timer, repeat=True)
        return None

    def deadline_action(self, state: Duel, key: tuple[Any, ...]) -> Any | None:
        key = tuple(key)
        if key[:1] == ("turn",):
            if self._turn_key(state) != key:
                return None
            action = timeout_action(state, self.content, int(key[2]))
            if action is not None and self._timed_out.get(state.id) != key:
                self._timed_out[state.id] = key  # one notice for the moves that follow
                who = state.seats[int(key[2])].name
                note = texts.timed_out(SOURCE, who)  # `say` gives the duel's language
                self.spawn(self.say(state.id, note), name="notice")
            return action
        if self._window_key(state) != key or state.attack is None:
            return None
        return act.Pass(player=state.seats[1 - state.attack.seat].player)

    def reminder(self, state: Duel) -> Reminder | None:
        """One warning when three quarters of the turn timer are gone."""
        key = self._turn_key(state)
        if key is None or self._window_key(state) is not None:
            return None
        player = state.seats[int(key[2])].player
        if not player.isdigit():
            return None
        return Reminder(key, state.options.turn_timer * 0.75, (player,))

    def reminder_text(self, state: Duel, number: int, who: str, minutes: float) -> str:
        # English: `say_many` gives the duel's language.
        return texts.reminder(SOURCE, who, state.options.turn_timer * 0.25)

    # ---- the AI -------------------------------------------------------------------------

    def kick_ai(self, cid: str, state: Duel) -> None:
        self.maybe_ai(cid, state)

    def maybe_ai(self, cid: str, state: Duel) -> None:
        seat = self.waiting(state)
        if seat is None or ai_level(state.seats[seat].player) is None or cid in self._ai_running:
            return
        self._ai_running.add(cid)
        self.spawn(self._ai_move(cid, state.version), name="ai")

    async def _ai_move(self, cid: str, version: int) -> None:
        try:
            if not await self.ai_pause(cid, version, self.ai_pace):
                return  # (several processes: another one makes this move)
            state = await self.service.get(cid)
            if state.version != version:
                return
            seat = self.waiting(state)
            if seat is None or ai_level(state.seats[seat].player) is None:
                return
            action = await asyncio.to_thread(self._ai_choose, state, seat)
            try:
                await self.service.act(cid, action, expected_version=version)
            except (Refused, IllegalAction) as exc:
                log.warning("duel %s: the AI's move was refused (%s)", cid, exc)
        finally:
            self._ai_running.discard(cid)
        # The commit's publish normally re-arms the AI; if it raced this task, go on.
        state = await self.service.get(cid)
        self.maybe_ai(cid, state)

    def _ai_choose(self, state: Duel, seat: int) -> act.Action:
        """Off the event loop: the AI of the seat's level sees only its own view."""
        from cogs.tcg.terminal.setup import make_player

        me = state.seats[seat]
        legal = [a for a in legal_actions(state, self.content, me.player) if a.type != "concede"]
        seen = view(state, self.content, seat)
        level = ai_level(me.player) or DEFAULT_AI_LEVEL
        player = make_player(level, self.content.decks.get(me.deck_id), budget=self.ai_budget)
        rng = random.Random(state.version * 7919 + state.turn)
        return player.choose(seen, legal, self.content, rng)

    # ---- challenges -------------------------------------------------------------------

    async def add_challenge(self, ch: Challenge) -> None:
        """A new open challenge (or one read back at start-up): stored, and timed."""
        self.challenges[ch.channel_id] = ch
        await self.save_challenge(ch)
        ch.task = self.spawn(self._expire(ch), name="timer")

    async def save_challenge(self, ch: Challenge) -> None:
        try:
            await stored_challenges.save(self.service.store, ch)
        except StorageError:
            log.warning("challenge %s: could not be stored; it lasts until a restart", ch.id)

    async def start(self) -> None:
        await super().start()
        try:
            items = await self.service.store.all_items()
        except StorageError:
            log.warning("open challenges and payment prompts could not be read; they are lost")
            return
        await self.restore_challenges(stored_challenges.read(items))
        await self.restore_payments(payments.read(items))
        self.languages.update(languages.read(items))

    async def on_ready(self) -> None:
        await super().on_ready()
        # Timed once connected, so an expiry that passed while Fixer was away can say so.
        for ch in list(self.challenges.values()):
            if ch.task is None:
                ch.task = self.spawn(self._expire(ch), name="timer")

    async def restore_challenges(self, found: list[tuple[SavedItem, Challenge | None]]) -> None:
        """The open challenges of before a restart, back in memory before the first
        click can arrive (their timers start on connecting); a row that no longer reads,
        or one that expired more than CHALLENGE_SECONDS ago, is dropped."""
        now = time.time()
        for item, ch in found:
            # Long expired (a database restored or imported later): dropped, unannounced.
            stale = ch is not None and now - ch.expires > CHALLENGE_SECONDS
            if ch is None or stale or ch.channel_id in self.challenges:
                log.warning("challenge %s: unreadable, long expired or a duplicate", item.name)
                with contextlib.suppress(StorageError):
                    await self.service.store.delete_item(
                        item.game, item.kind, item.owner, item.name
                    )
                continue
            self.challenges[ch.channel_id] = ch
        if self.challenges:
            log.info("tcg: %s resumed", count(len(self.challenges), "open challenge"))

    # ---- payment prompts (T27) ----------------------------------------------------------

    def remember_payment(self, cid: str, player: str, version: int, index: int) -> None:
        """The payment prompt for legal action `index` at `version` is shown to `player`:
        `/tcg choose` answers it (`store_payment` keeps it across a restart)."""
        self.paying.setdefault(cid, {})[player] = (version, index)

    async def store_payment(self, cid: str, player: str) -> None:
        """`player`'s payment prompt in `cid`, into the database (if still pending)."""
        found = self.paying.get(cid, {}).get(player)
        if found is None:
            return
        try:
            await payments.save(self.service.store, payments.Pending(cid, player, *found))
        except StorageError:
            log.warning("duel %s: a payment prompt could not be stored", cid)

    def _forget_payments(self, cid: str, version: int) -> None:
        """Prompts of versions before `version` are stale: forgotten, here and in the
        database (a row left by a crash is dropped at the next start)."""
        prompts = self.paying.get(cid)
        if not prompts:
            return
        for player in [p for p, (v, _) in prompts.items() if v < version]:
            del prompts[player]
            self.spawn(self._delete_payment(cid, player), name="payment")
        if not prompts:
            del self.paying[cid]

    async def _delete_payment(self, cid: str, player: str) -> None:
        with contextlib.suppress(StorageError):
            await payments.delete(self.service.store, cid, player)

    async def restore_payments(
        self, found: list[tuple[SavedItem, payments.Pending | None]]
    ) -> None:
        """The payment prompts of before a restart whose duel is still at their version;
        the others (unreadable, duel over or gone, moved on) are deleted."""
        for item, p in found:
            state: Duel | None = None
            if p is not None:
                with contextlib.suppress(Refused, IllegalAction, StorageError):
                    state = await self.service.get(p.duel)
            if p is None or state is None or state.result is not None or state.version != p.version:
                with contextlib.suppress(StorageError):
                    await self.service.store.delete_item(
                        item.game, item.kind, item.owner, item.name
                    )
                continue
            if p.duel in self.channel_of_table:  # a duel of this process's shards
                self.paying.setdefault(p.duel, {})[p.player] = (p.version, p.index)

    async def _expire(self, ch: Challenge) -> None:
        await asyncio.sleep(max(0.0, ch.expires - time.time()))
        if self.challenges.get(ch.channel_id) is ch:
            del self.challenges[ch.channel_id]
            with contextlib.suppress(StorageError):
                await stored_challenges.delete(self.service.store, ch)
            channel = self.bot.get_channel(ch.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                loc = table_locale(ch.language, channel)  # public: the challenge's language
                with contextlib.suppress(discord.HTTPException):
                    await channel.send(
                        texts.expired_notice(loc, ch.challenger_name, ch.opponent_name),
                        allowed_mentions=discord.AllowedMentions.none(),
                    )

    def drop_challenge(self, ch: Challenge) -> None:
        """The challenge is answered or withdrawn: forgotten, here and in the database."""
        if self.challenges.get(ch.channel_id) is ch:
            del self.challenges[ch.channel_id]
        if ch.task is not None:
            ch.task.cancel()
        self.spawn(self._forget(ch), name="challenge")

    async def _forget(self, ch: Challenge) -> None:
        try:
            await stored_challenges.delete(self.service.store, ch)
        except StorageError:
            log.warning("challenge %s: could not be deleted from the database", ch.id)
