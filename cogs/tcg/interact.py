"""Answering TCG interactions: the private panel (the hand with a button for each thing
its player may do now), clicks, running an action, and starting a duel.

A panel's action buttons (and its overflow menu's options) carry the duel's version and
the action's index in `legal_actions` for that player at that version: the engine's list
is deterministic, so the index names exactly one action, and a click at another version
is refused as stale (with the fresh panel) before anything happens. The panel itself and
the payment prompt are `cogs.tcg.panel`.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import SOURCE
from bot.service.contract import Applied
from cogs.common import answer, ids
from cogs.common.answer import Actor, player_id, send
from cogs.common.locale import table_locale, user_locale
from cogs.common.text import clip
from cogs.tcg import decks as player_decks
from cogs.tcg import render, texts
from cogs.tcg.challenges import Challenge
from cogs.tcg.messages import deck_picker
from cogs.tcg.panel import (
    menu_page,
    panel,
    payment_choices,
    payment_pick,
    payment_prompt,
)
from cogs.tcg.runtime import ACCEPT, DECK, DECLINE, DO, HAND, PAY, REACT
from cogs.tcg.words import say
from rules.tcg import actions as act
from rules.tcg.cards import DeckList
from rules.tcg.engine import new_duel
from rules.tcg.state import Duel
from rules.tcg.view import events_for

if TYPE_CHECKING:
    from cogs.tcg.runtime import TcgRuntime

log = logging.getLogger("cogs.tcg")


async def refuse(interaction: discord.Interaction[Any], message: str, **kw: Any) -> None:
    """A refusal in the reader's language: the front end's and the engine's English
    messages have templates in `cogs.tcg.words` (an unknown one stays English)."""
    message = say(user_locale(interaction), message)
    await answer.refuse(interaction, message, group=render.COMMAND, **kw)


def private_notes(
    rt: TcgRuntime, applied: Applied[Duel], player: str, loc: str = SOURCE
) -> list[str]:
    seat = rt.seat_of(applied.state, player)
    if seat is None:
        return []
    mine = events_for(list(applied.events), seat)
    return [f"🔒 {rt.line(loc, e.text)}" for e in mine if e.seats is not None]


async def run_action(
    rt: TcgRuntime,
    interaction: discord.Interaction[Any],
    cid: str,
    action: act.Action,
    *,
    expected_version: int | None = None,
    done: str | None = None,
    show_panel: bool = True,
) -> Applied[Duel] | None:
    """Apply `action` for the person of `interaction` and answer ephemerally: what
    happened (their public lines and private news) and, if they still have something to
    do, their fresh panel."""
    actor: Actor[Duel] = Actor(rt)
    player = player_id(interaction)
    if isinstance(action, act.Play | act.Call | act.Activate) and action.pay is None:
        # T27: the payer picks what pays; with a choice to make, ask before acting.
        state = await rt.service.get(cid)
        ways = payment_choices(rt, state, action)
        legal = rt.legal(state, player) if ways else []
        if ways and action in legal and expected_version in (None, state.version):
            index = legal.index(action)
            embed, buttons = payment_prompt(
                rt, state, player, index, ways, user_locale(interaction)
            )
            rt.remember_payment(cid, player, state.version, index)  # for `/tcg choose`
            await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
            # Stored after the answer, which the player then needn't wait for.
            await rt.store_payment(cid, player)
            return None
    async with rt.answering(cid):
        applied = await actor.act(
            interaction, cid, action, expected_version=expected_version, stale_panel=True
        )
        if applied is None:
            return None
        loc = user_locale(interaction)
        public = [rt.line(loc, e.text) for e in events_for(list(applied.events), None)]
        lines = ([done] if done else []) + public
        lines += private_notes(rt, applied, player, loc)
        state = applied.state
        if show_panel and state.result is None and rt.legal(state, player):
            embed, buttons = panel(rt, state, player, lines[-12:], loc=loc)
            await send(interaction, embeds=[embed], view=buttons, ephemeral=True)
        else:
            await send(
                interaction,
                content=clip("\n".join(lines) or texts.done(loc), 1900),
                ephemeral=True,
            )
    return applied


async def show_panel(
    rt: TcgRuntime,
    interaction: discord.Interaction[Any],
    state: Duel,
    notes: Sequence[str] = (),
    page: int = 0,
) -> None:
    player = player_id(interaction)
    if rt.seat_of(state, player) is None:
        await refuse(
            interaction,
            "You are not playing in this duel.\nOnly the two duellists have a hand; watch "
            "with /tcg status.",
        )
        return
    embed, buttons = panel(rt, state, player, notes, page, user_locale(interaction))
    await send(interaction, embeds=[embed], view=buttons, ephemeral=True)


async def handle_click(
    rt: TcgRuntime, interaction: discord.Interaction[Any], bid: ids.ButtonId
) -> None:
    if bid.action in (ACCEPT, DECLINE, DECK):
        await challenge_click(rt, interaction, bid)
        return
    player = player_id(interaction)
    state = await answer.or_refuse(
        interaction,
        rt.service.get(bid.table),
        group=render.COMMAND,
        explain=lambda r: rt.explain_for(r, user_locale(interaction)),
    )
    if state is None:
        return
    seat = rt.seat_of(state, player)
    if bid.action == HAND:
        await show_panel(rt, interaction, state)
        return
    if bid.action == REACT:
        a = state.attack
        if seat is None or a is None or not a.window or seat == a.seat:
            await refuse(
                interaction,
                "This reaction window is not yours.\nOnly the defender reacts to an attack; "
                "/tcg status shows the duel.",
            )
            return
        await show_panel(rt, interaction, state)
        return
    if bid.action in (DO, PAY) and bid.arg is not None:
        if seat is None:
            await refuse(interaction, "Only the two duellists act.\nWatch with /tcg status.")
            return
        if bid.version != state.version:
            fresh = panel(rt, state, player, [], loc=user_locale(interaction))
            await refuse(
                interaction,
                "This choice is out of date: the duel has moved on.\nHere is your hand as "
                "it is now.",
                extra=[fresh[0]],
                view=fresh[1],
            )
            return
        page = menu_page(bid.arg) if bid.action == DO else None
        if page is not None:  # the overflow menu's link to its next page
            await show_panel(rt, interaction, state, page=page)
            return
        action = _clicked(rt, state, player, bid)
        if action is None:
            await refuse(interaction, "This button does nothing any more.\nSee /tcg hand.")
            return
        await run_action(rt, interaction, bid.table, action, expected_version=bid.version)
        return
    await refuse(interaction, "This button does nothing any more.\nSee /tcg hand.")


def _clicked(rt: TcgRuntime, state: Duel, player: str, bid: ids.ButtonId) -> act.Action | None:
    """The action a `do` or `pay` click names at the state it was drawn for."""
    legal = rt.legal(state, player)
    arg = bid.arg or ""
    if bid.action == DO:
        i = int(arg) if arg.isdigit() else -1
        return legal[i] if 0 <= i < len(legal) else None
    pick = payment_pick(arg)
    if pick is None or pick[0] >= len(legal):
        return None
    ways = payment_choices(rt, state, legal[pick[0]])
    return ways[pick[1]] if pick[1] < len(ways) else None


# ---- challenges ----------------------------------------------------------------------


async def deck_buttons(rt: TcgRuntime, ch: Challenge, loc: str = SOURCE) -> discord.ui.View | None:
    """The deck picker of the challenged player (their saved decks read first)."""
    mine = await player_decks.saved(rt.service.store, ch.opponent)
    return deck_picker(rt, ch, mine, loc)


def _challenge_of(
    rt: TcgRuntime, interaction: discord.Interaction[Any], cid: str
) -> Challenge | None:
    for ch in rt.challenges.values():
        if ch.id == cid:
            return ch
    return None


async def challenge_click(
    rt: TcgRuntime, interaction: discord.Interaction[Any], bid: ids.ButtonId
) -> None:
    ch = _challenge_of(rt, interaction, bid.table)
    player = player_id(interaction)
    if ch is None:
        await refuse(
            interaction,
            "This challenge is over (accepted, declined or expired).\nStart a new one with "
            "/tcg challenge.",
        )
        return
    if bid.action == DECLINE:
        if player not in (ch.opponent, ch.challenger):
            await refuse(
                interaction,
                "This challenge is not yours.\nOnly its two players answer it; challenge "
                "someone yourself with /tcg challenge.",
            )
            return
        await decline(rt, interaction, ch)
        return
    if player != ch.opponent:
        await refuse(
            interaction,
            "Only the challenged player can accept.\nChallenge someone yourself with "
            "/tcg challenge.",
        )
        return
    if bid.action == ACCEPT:
        loc = user_locale(interaction)
        await send(
            interaction,
            content=texts.deck_picker(loc),
            view=await deck_buttons(rt, ch, loc),
            ephemeral=True,
        )
        return
    await accept(rt, interaction, ch, bid.arg or "")


async def decline(rt: TcgRuntime, interaction: discord.Interaction[Any], ch: Challenge) -> None:
    rt.drop_challenge(ch)
    withdrawn = player_id(interaction) == ch.challenger
    channel = interaction.channel
    if isinstance(channel, discord.abc.Messageable):
        # Before the answer: once the decliner sees "done", the channel says so too.
        public = table_locale(ch.language, interaction)  # the challenge's language
        notice = texts.declined_notice(public, ch.challenger_name, ch.opponent_name, withdrawn)
        with contextlib.suppress(discord.HTTPException):
            await channel.send(notice, allowed_mentions=discord.AllowedMentions.none())
    reply = texts.declined_reply(user_locale(interaction), withdrawn)
    await send(interaction, content=reply, ephemeral=True)


async def accept(
    rt: TcgRuntime, interaction: discord.Interaction[Any], ch: Challenge, deck_name: str
) -> None:
    deck = await player_decks.find(rt.service.store, rt.content, ch.opponent, deck_name)
    if deck is None:
        await refuse(
            interaction,
            f"There is no deck '{deck_name}'.\nPick one of your decks (/tcg deck list).",
        )
        return
    rt.drop_challenge(ch)
    await start_duel(
        rt,
        interaction,
        players=(ch.challenger, ch.opponent),
        names=(ch.challenger_name, ch.opponent_name),
        decks=(ch.deck, deck),
        options=ch.options,
        language=ch.language,
    )


async def start_duel(
    rt: TcgRuntime,
    interaction: discord.Interaction[Any],
    *,
    players: tuple[str, str],
    names: tuple[str, str],
    decks: tuple[DeckList, DeckList],
    options: Any,
    language: str = "",
) -> str | None:
    channel = interaction.channel
    if interaction.guild is None or channel is None:
        await refuse(interaction, "Duels live in a server channel.\nUse /tcg in a server.")
        return None
    cid = "d" + ids.table_id_for(interaction.id)
    try:
        state = new_duel(
            duel_id=cid,
            players=players,
            names=names,
            decks=decks,
            seed=rt.new_seed(),
            content=rt.content,
            options=options,
        )
    except Exception as exc:  # IllegalAction: an illegal deck
        await refuse(interaction, str(exc))
        return None
    created = await answer.or_refuse(
        interaction,
        rt.service.create(
            campaign_id=cid,
            name=f"{names[0]} vs {names[1]}",
            owner=players[0],
            state=state,
            guild_id=str(interaction.guild.id),
            channel_id=str(channel.id),
        ),
        group=render.COMMAND,
        explain=lambda r: rt.explain_for(r, user_locale(interaction)),
    )
    if created is None:
        return None
    rt.bind(cid, channel.id)
    if language:
        await rt.set_language(cid, language)
    chooser = state.seats[state.chooser]
    begins = texts.duel_begins(user_locale(interaction), names[0], names[1], chooser.name)
    await send(interaction, content=begins, ephemeral=True)
    public = rt.table_loc(cid, channel)
    v = rt.view_for(state, None)
    rt.spawn(
        rt.post_board(
            cid,
            state,
            note=f"⚔️ {names[0]} vs {names[1]}: "
            + (rt.line(public, v.prompt.text) if v.prompt else ""),
        ),
        name="board",
    )
    rt.schedule_timers(cid, state)  # no commit yet: the turn timer starts here
    rt.maybe_ai(cid, state)
    return cid
