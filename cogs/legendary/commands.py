"""The `/legendary` slash-command group (names and options:
shared/design/legendary-discord.md). Thin: find the table of the channel, turn options
into a table action (`cogs.legendary.table`), run it through the service, answer.
Public updates are posted by the runtime's publisher after each commit; answers that
show a hand are ephemeral. Autocomplete offers what the caller may do now."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import perms
from cogs.common.answer import or_refuse, player_id, send
from cogs.common.answer import refuse as house_refuse
from cogs.common.ids import table_id_for
from cogs.common.text import CONTENT_MAX, clip
from cogs.legendary import components, render
from cogs.legendary.howto import RULES, card_text
from cogs.legendary.interact import LegendaryActor
from cogs.legendary.runtime import LegendaryRuntime
from cogs.legendary.table import Abandon, ChangeSetup, Choice, Join, Leave, Start, Table, new_table
from rules.core.errors import IllegalAction
from rules.legendary import engine, setup
from rules.legendary.actions import Action as GameAction
from rules.legendary.actions import Choose, EndTurn, Fight, Heal, Play, Recruit

log = logging.getLogger("cogs.legendary")
MAX_CHOICES = 25
AC = app_commands.Choice

LEGENDARY = app_commands.Group(
    name="legendary", description="Legendary 2099: the deck-builder, refereed", guild_only=True
)


async def refuse(interaction: discord.Interaction[Any], message: str) -> None:
    await house_refuse(interaction, message, group=render.COMMAND)


def resolve(text: str, names: dict[str, str], what: str) -> str:
    """An id from a typed id or name: exact, else case-insensitive, else unambiguous prefix."""
    t = text.strip()
    if t in names:
        return t
    low = t.lower()
    exact = [i for i, n in names.items() if n.lower() == low or i.lower() == low]
    if len(exact) == 1:
        return exact[0]
    pre = [i for i, n in names.items() if n.lower().startswith(low) or i.startswith(low)]
    if len(pre) == 1:
        return pre[0]
    if not pre:
        raise IllegalAction.of(
            "bad_name", f"There is no {what} named '{t}'.\nPick one from the list."
        )
    raise IllegalAction.of("bad_name", f"'{t}' could be several {what}s.\nType more of its name.")


def complete(names: dict[str, str], current: str) -> list[AC[str]]:
    cur = current.split(",")[-1].strip().lower()
    head = ",".join(current.split(",")[:-1])
    out = []
    for i, n in sorted(names.items(), key=lambda x: x[1]):
        if not cur or cur in n.lower():
            value = f"{head},{i}" if head else i
            out.append(AC(name=clip(n, 100), value=value[:100]))
    return out[:MAX_CHOICES]


class LegendaryCog(commands.Cog):
    legendary = LEGENDARY

    def __init__(self, bot: commands.Bot, runtime: LegendaryRuntime | None) -> None:
        self.bot = bot
        self._rt = runtime
        self.actor = LegendaryActor(runtime) if runtime is not None else None

    @property
    def rt(self) -> LegendaryRuntime:
        if self._rt is None:
            raise RuntimeError("Fixer is not running (sync mode)")
        return self._rt

    # ---- helpers ------------------------------------------------------------------------

    def _names(self, kind: str) -> dict[str, str]:
        p = self.rt.content
        tables: dict[str, dict[str, Any]] = {
            "scheme": dict(p.schemes),
            "mastermind": dict(p.masterminds),
            "villains": dict(p.groups),
            "heroes": dict(p.heroes),
        }
        where = tables[kind]
        if kind == "villains":
            return {i: g.name for i, g in where.items() if not getattr(g, "henchman", False)}
        return {i: x.name for i, x in where.items()}

    def _choice(
        self,
        scheme: str | None,
        mastermind: str | None,
        villains: str | None,
        heroes: str | None,
        epic: bool,
    ) -> Choice:
        def many(text: str | None, kind: str) -> tuple[str, ...] | None:
            if not text or not text.strip():
                return None
            names = self._names(kind)
            return tuple(resolve(t, names, kind[:-1]) for t in text.split(",") if t.strip())

        return Choice(
            scheme=resolve(scheme, self._names("scheme"), "Scheme") if scheme else None,
            mastermind=resolve(mastermind, self._names("mastermind"), "Mastermind")
            if mastermind
            else None,
            villains=many(villains, "villains"),
            heroes=many(heroes, "heroes"),
            epic=epic,
        )

    async def _here(self, interaction: discord.Interaction[Any]) -> tuple[str, Table] | None:
        cid = await self.rt.table_for_channel(interaction.channel, ask_db=True)
        if cid is None:
            await refuse(
                interaction,
                "There is no Legendary game in this channel.\nCreate one with /legendary new.",
            )
            return None
        state = await or_refuse(interaction, self.rt.service.get(cid), group=render.COMMAND)
        return None if state is None else (cid, state)

    async def _quiet(self, interaction: discord.Interaction[Any]) -> Table | None:
        if self._rt is None:
            return None
        cid = await self.rt.table_for_channel(interaction.channel)
        if cid is None:
            return None
        try:
            return await self.rt.service.get(cid)
        except Exception:
            return None

    async def _table_act(
        self, interaction: discord.Interaction[Any], cid: str, action: Any, done: str
    ) -> Table | None:
        assert self.actor is not None
        async with self.rt.answering(cid):
            applied = await self.actor.act(interaction, cid, action)
            if applied is None:
                return None
            await send(interaction, content=clip(done, CONTENT_MAX), ephemeral=True)
            return applied.state

    async def _seat(self, interaction: discord.Interaction[Any]) -> tuple[str, Table, int] | None:
        here = await self._here(interaction)
        if here is None:
            return None
        cid, state = here
        seats = state.seats_of(player_id(interaction))
        if not seats:
            await refuse(interaction, "You have no seat in this game.\nYou can watch the board.")
            return None
        if state.game is None:
            await refuse(
                interaction, "The game has not started.\nThe host starts it with /legendary start."
            )
            return None
        return cid, state, seats[0]

    async def _move(
        self, interaction: discord.Interaction[Any], make: Any, done: str | None = None
    ) -> None:
        found = await self._seat(interaction)
        if found is None:
            return
        cid, state, seat = found
        try:
            action: GameAction = make(state, seat)
        except IllegalAction as exc:
            await refuse(interaction, exc.refusal.message)
            return
        assert self.actor is not None
        await self.actor.move(interaction, cid, state, action, done=done)

    def _legal(self, state: Table | None, person: str) -> tuple[list[GameAction], Any]:
        if state is None or state.game is None:
            return [], None
        seats = state.seats_of(person)
        if not seats:
            return [], None
        v = self.rt.view(state, seats[0])
        return engine.legal_actions(state.game, self.rt.content, seats[0]), v

    async def _ac_actions(
        self, interaction: discord.Interaction[Any], current: str, kind: type, field: str
    ) -> list[AC[str]]:
        state = await self._quiet(interaction)
        legal, v = self._legal(state, player_id(interaction))
        out = []
        for a in legal:
            if isinstance(a, kind):
                label = components.action_label(a, v)
                if current.lower() in label.lower():
                    out.append(AC(name=clip(label, 100), value=str(getattr(a, field))[:100]))
        return out[:MAX_CHOICES]

    def _pick(self, state: Table, seat: int, typed: str, kind: type, field: str) -> str:
        """The engine id behind a typed option: an id the autocomplete gave, or a name."""
        assert state.game is not None
        legal = [
            a
            for a in engine.legal_actions(state.game, self.rt.content, seat)
            if isinstance(a, kind)
        ]
        ids = {str(getattr(a, field)) for a in legal}
        if typed in ids:
            return typed
        v = self.rt.view(state, seat)
        cards = components.known_cards(v)
        names = {}
        for a in legal:
            key = str(getattr(a, field))
            label = components.action_label(a, v)
            names[key] = cards[key].name if key in cards else label.split(" ", 1)[-1]
        if not names:
            # Nothing legal of this kind: let the engine say why, with the typed value.
            return typed
        return resolve(typed, names, "card")

    # ---- the table ----------------------------------------------------------------------

    @legendary.command(name="new", description="Create a Legendary game in this channel")
    @app_commands.describe(
        scheme="The Scheme (random if empty)",
        mastermind="The Mastermind (random if empty)",
        villains="Villain Groups, comma-separated (random if empty)",
        heroes="Heroes, comma-separated (random if empty)",
        epic="Play the Mastermind's Epic side",
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        scheme: str | None = None,
        mastermind: str | None = None,
        villains: str | None = None,
        heroes: str | None = None,
        epic: bool = False,
    ) -> None:
        rt = self.rt
        channel = interaction.channel
        if interaction.guild is None or channel is None:
            await refuse(interaction, "A game lives in a server channel.\nRun this in one.")
            return
        try:
            choice = self._choice(scheme, mastermind, villains, heroes, epic)
            person = player_id(interaction)
            cid = table_id_for(interaction.id)
            table = new_table(cid, person, interaction.user.display_name, choice)
            setup.new_game(rt.content, _setup_of(table), 0)  # refuse a bad setup now
        except IllegalAction as exc:
            await refuse(interaction, exc.refusal.message)
            return
        info = await or_refuse(
            interaction,
            rt.service.create(
                campaign_id=cid,
                name="Legendary 2099",
                owner=person,
                state=table,
                guild_id=str(interaction.guild.id),
                channel_id=str(channel.id),
            ),
            group=render.COMMAND,
        )
        if info is None:
            return
        rt.bind(cid, channel.id)
        text = (
            f"**New Legendary 2099 game** — host <@{person}>.\n"
            + render.setup_text(table, rt.content)
            + "\nJoin with `/legendary join`; the host adds AI players with "
            "`/legendary join ai:True` and starts with `/legendary start`."
        )
        await send(interaction, content=clip(text, CONTENT_MAX), ephemeral=False)

    @new.autocomplete("scheme")
    async def _ac_scheme(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("scheme"), current)

    @new.autocomplete("mastermind")
    async def _ac_mm(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("mastermind"), current)

    @new.autocomplete("villains")
    async def _ac_vil(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("villains"), current)

    @new.autocomplete("heroes")
    async def _ac_heroes(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return complete(self._names("heroes"), current)

    @legendary.command(name="setup", description="Show or change the setup (host, before start)")
    async def setup_cmd(
        self,
        interaction: discord.Interaction[Any],
        scheme: str | None = None,
        mastermind: str | None = None,
        villains: str | None = None,
        heroes: str | None = None,
        epic: bool | None = None,
    ) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, state = here
        if all(x is None for x in (scheme, mastermind, villains, heroes, epic)):
            await send(interaction, content=render.setup_text(state, self.rt.content))
            return
        try:
            choice = self._choice(
                scheme, mastermind, villains, heroes, state.choice.epic if epic is None else epic
            )
        except IllegalAction as exc:
            await refuse(interaction, exc.refusal.message)
            return
        action = ChangeSetup(
            person=player_id(interaction), choice=choice, manager=perms.is_manager(interaction)
        )
        new = await self._table_act(interaction, cid, action, "✓ Setup changed.")
        if new is not None:
            await send(
                interaction, content=render.setup_text(new, self.rt.content), ephemeral=False
            )

    @legendary.command(name="join", description="Take a seat (ai: the host seats an AI player)")
    async def join(self, interaction: discord.Interaction[Any], ai: bool = False) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        action = Join(
            person=player_id(interaction),
            name=interaction.user.display_name,
            ai=ai,
            manager=perms.is_manager(interaction),
        )
        await self._table_act(interaction, cid, action, "✓ Seated." if not ai else "✓ AI seated.")

    @legendary.command(name="leave", description="Give up your seat before the start")
    async def leave(self, interaction: discord.Interaction[Any], ai: bool = False) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        action = Leave(person=player_id(interaction), ai=ai, manager=perms.is_manager(interaction))
        await self._table_act(interaction, cid, action, "✓ Seat given up.")

    @legendary.command(name="start", description="Shuffle, deal and start (host)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        action = Start(
            person=player_id(interaction),
            seed=self.rt.new_seed(),
            manager=perms.is_manager(interaction),
        )
        await self._table_act(
            interaction, cid, action, "✓ The game starts. Open your cards with /legendary hand."
        )

    @legendary.command(name="abandon", description="End the game without a result (host)")
    async def abandon(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        cid, _ = here
        action = Abandon(person=player_id(interaction), manager=perms.is_manager(interaction))
        await self._table_act(interaction, cid, action, "✓ Game abandoned.")

    # ---- playing ------------------------------------------------------------------------

    @legendary.command(name="hand", description="Your hand and what you can do (only you see it)")
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        assert self.actor is not None
        await self.actor.show_panel(interaction, here[1])

    @legendary.command(name="play", description="Play a card from your hand")
    async def play(
        self, interaction: discord.Interaction[Any], card: str, fated_future: bool | None = None
    ) -> None:
        await self._move(
            interaction,
            lambda st, s: Play(
                seat=s, card=self._pick(st, s, card, Play, "card"), fated_future=fated_future
            ),
        )

    @play.autocomplete("card")
    async def _ac_play(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Play, "card")

    @legendary.command(name="recruit", description="Recruit a Hero from the HQ, or an Officer")
    async def recruit(self, interaction: discord.Interaction[Any], card: str) -> None:
        await self._move(
            interaction,
            lambda st, s: Recruit(seat=s, card=self._pick(st, s, card, Recruit, "card")),
        )

    @recruit.autocomplete("card")
    async def _ac_rec(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Recruit, "card")

    @legendary.command(name="fight", description="Fight a Villain in the city or the Mastermind")
    async def fight(self, interaction: discord.Interaction[Any], target: str) -> None:
        await self._move(
            interaction,
            lambda st, s: Fight(seat=s, target=self._pick(st, s, target, Fight, "target")),
        )

    @fight.autocomplete("target")
    async def _ac_fight(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Fight, "target")

    @legendary.command(name="heal", description="KO all Wounds in your hand")
    async def heal(self, interaction: discord.Interaction[Any]) -> None:
        await self._move(interaction, lambda st, s: Heal(seat=s))

    @legendary.command(name="choose", description="Answer the choice waiting on you")
    async def choose(self, interaction: discord.Interaction[Any], option: str) -> None:
        await self._move(
            interaction,
            lambda st, s: Choose(seat=s, option=self._pick(st, s, option, Choose, "option")),
        )

    @choose.autocomplete("option")
    async def _ac_choose(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return await self._ac_actions(i, current, Choose, "option")

    @legendary.command(name="end", description="End your turn")
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        await self._move(interaction, lambda st, s: EndTurn(seat=s), done="✓ Turn ended.")

    # ---- reading ------------------------------------------------------------------------

    @legendary.command(name="status", description="The board")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        _, state = here
        if state.game is None:
            await send(interaction, content=render.setup_text(state, self.rt.content))
            return
        content = None
        if state.over:
            g = state.game
            v = self.rt.view(state, None)
            content = render.end_sentence(
                v, engine.scores(g, self.rt.content), engine.winners(g, self.rt.content)
            )
            if state.abandoned:
                content = "The game was abandoned."
        await send(interaction, content=content, embeds=[self.rt.public_board(state)])

    @legendary.command(name="victory", description="A Victory Pile")
    async def victory(
        self, interaction: discord.Interaction[Any], player: discord.Member | None = None
    ) -> None:
        found = await self._here(interaction)
        if found is None:
            return
        _, state = found
        if state.game is None:
            await refuse(interaction, "The game has not started.\nNo Victory Piles yet.")
            return
        who = str(player.id) if player is not None else player_id(interaction)
        seats = state.seats_of(who)
        if not seats:
            await refuse(interaction, "That person has no seat.\nName a seated player.")
            return
        p = self.rt.view(state, None).players[seats[0]]
        classes = ", ".join(f"{k} {n}" for k, n in sorted(p.cyber.items()) if n) or "none"
        cards = ", ".join(c.name for c in p.victory) or "empty"
        await send(
            interaction,
            content=clip(f"**{p.name}** — {p.vp} VP\nCards: {cards}\nBy class: {classes}", 1900),
        )

    @legendary.command(name="card", description="One card's full text")
    async def card(self, interaction: discord.Interaction[Any], name: str) -> None:
        p = self.rt.content
        try:
            cid = resolve(name, {i: c.name for i, c in p.cards.items()}, "card")
        except IllegalAction as exc:
            await refuse(interaction, exc.refusal.message)
            return
        await send(interaction, content=clip(card_text(p.cards[cid]), CONTENT_MAX))

    @card.autocomplete("name")
    async def _ac_card(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        names: dict[str, str] = {}
        for cid, c in self.rt.content.cards.items():
            names.setdefault(c.name, cid)
        return complete({v: k for k, v in names.items()}, current)

    @legendary.command(name="rules", description="Short rules reference")
    async def rules(self, interaction: discord.Interaction[Any], topic: str | None = None) -> None:
        if topic is None:
            text = "Topics: " + ", ".join(sorted(RULES))
        else:
            key = topic.strip().lower()
            text = RULES.get(key) or f"No topic '{topic}'. Topics: " + ", ".join(sorted(RULES))
        await send(interaction, content=clip(text, CONTENT_MAX))

    @rules.autocomplete("topic")
    async def _ac_rules(self, i: discord.Interaction[Any], current: str) -> list[AC[str]]:
        return [AC(name=k, value=k) for k in sorted(RULES) if current.lower() in k][:MAX_CHOICES]

    @legendary.command(name="log", description="Recent events (only you see it)")
    async def log_cmd(self, interaction: discord.Interaction[Any]) -> None:
        here = await self._here(interaction)
        if here is None:
            return
        lines = self.rt.recent_events(here[0])
        await send(interaction, content=clip("\n".join(lines) or "Nothing yet.", CONTENT_MAX))

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        log.error("/legendary failed: %s", type(original).__name__, exc_info=original)
        await refuse(
            interaction, "Something went wrong on my side; nothing was changed.\nTry again."
        )


def _setup_of(table: Table) -> setup.Setup:
    from cogs.legendary.table import game_setup

    return game_setup(table)
