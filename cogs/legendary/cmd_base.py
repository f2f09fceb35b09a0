"""What every `/legendary` command shares: the command group, finding the table of the
channel, name resolution, running an action and answering, autocomplete helpers and the
error handler. The commands are in cmd_game.py (the table before and around the game),
cmd_turn.py (playing) and cmd_read.py (what anyone may read); commands.py assembles them
into `LegendaryCog`.

Languages (docs/i18n.md): an ephemeral answer speaks the asker's (`user_locale`), a
public one the table's (`LegendaryRuntime.public_locale`); `refuse` says the engine's,
the table's and these helpers' English refusals in the asker's language
(cogs/legendary/words.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, SOURCE, language, t
from cogs.common.answer import or_refuse, player_id, send
from cogs.common.answer import refuse as house_refuse
from cogs.common.commands import ActorCommandBase
from cogs.common.locale import user_locale
from cogs.common.text import CONTENT_MAX, clip
from cogs.legendary import components, render
from cogs.legendary.interact import LegendaryActor
from cogs.legendary.runtime import LegendaryRuntime
from cogs.legendary.table import Choice, Table
from cogs.legendary.words import say
from rules.core.errors import IllegalAction
from rules.core.text import count
from rules.legendary.actions import Action as GameAction
from rules.legendary.actions import Recruit
from rules.legendary.view import GameView

MAX_CHOICES = 25
AC = app_commands.Choice

LEGENDARY = app_commands.Group(
    name="legendary", description="Legendary 2099: the deck-builder, refereed", guild_only=True
)


def buried_refusal(v: GameView, typed: str) -> None:
    """Typing an HQ Hero that tokens bury (L13): say so, and how to free it, rather than
    "no such card" (the Hero is not offered because it can't be recruited)."""
    for i, c in enumerate(v.hq):
        under = v.hq_under[i] if i < len(v.hq_under) else ()
        if c is None or not under:
            continue
        if c.name.lower().startswith(typed.strip().lower()) or c.inst == typed.strip():
            flush = next((s.name for s in v.special_actions if not s.used), None)
            how = f"use **{flush}** (a button in /legendary hand)" if flush else "free it"
            raise IllegalAction.of(
                "buried",
                f"{c.name} can't be recruited: {count(len(under), under[0].name, under[0].name)}"
                f" under its HQ space.\nRecruit another Hero, or {how} first.",
            )


async def refuse(interaction: discord.Interaction[Any], message: str) -> None:
    """A refusal in the asker's language (an English one the rules or these helpers
    wrote is translated; one already translated is left as it is)."""
    await house_refuse(interaction, say(user_locale(interaction), message), group=render.COMMAND)


NO_GAME = N_("There is no Legendary game in this channel.\nCreate one with /legendary new.")


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


class CommandBase(ActorCommandBase[Table, LegendaryRuntime, LegendaryActor]):
    group = render.COMMAND
    crash_text = N_("Something went wrong on my side; nothing was changed.\nTry again.")

    def make_actor(self, runtime: LegendaryRuntime) -> LegendaryActor:
        return LegendaryActor(runtime)

    # ---- helpers ------------------------------------------------------------------------

    def _names(self, kind: str, loc: str = SOURCE) -> dict[str, str]:
        """Ids → names of one setup part, as the pack's translation for `loc` gives them
        (the printed name where it gives none): autocomplete labels in the reader's
        language; the values stay ids, so a table's setup never depends on one."""
        p = self.rt.content
        tables: dict[str, tuple[str, dict[str, Any]]] = {
            "scheme": ("schemes", dict(p.schemes)),
            "mastermind": ("masterminds", dict(p.masterminds)),
            "villains": ("groups", dict(p.groups)),
            "heroes": ("heroes", dict(p.heroes)),
        }
        section, where = tables[kind]
        if kind == "villains":
            where = {i: g for i, g in where.items() if not getattr(g, "henchman", False)}
        if language(loc) == SOURCE:
            return {i: x.name for i, x in where.items()}
        return {i: p.translated(f"{section}.{i}.name", loc) for i in where}

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

    async def _here(
        self, interaction: discord.Interaction[Any], *, or_last: bool = False
    ) -> tuple[str, Table] | None:
        loc = self.rt.heard(interaction)
        cid = await self.rt.table_for_channel(interaction.channel, ask_db=True)
        if cid is None and or_last:
            cid = await self.rt.last_finished(interaction.channel)
        if cid is None:
            await refuse(interaction, t(loc, NO_GAME))
            return None
        state = await or_refuse(interaction, self.rt.service.get(cid), group=render.COMMAND)
        return None if state is None else (cid, state)

    async def _here_or_last(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[str, Table] | None:
        """The channel's game, or (none in progress) the last one that ended here, so
        `status`, `log` and `victory` go on saying how it ended, after a restart too,
        until a new game starts."""
        return await self._here(interaction, or_last=True)

    async def _table_act(
        self, interaction: discord.Interaction[Any], cid: str, action: Any, done: str
    ) -> Table | None:
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
        loc = user_locale(interaction)
        seats = state.seats_of(player_id(interaction))
        if not seats:
            await refuse(
                interaction, t(loc, "You have no seat in this game.\nYou can watch the board.")
            )
            return None
        if state.game is None:
            await refuse(
                interaction,
                t(loc, "The game has not started.\nThe host starts it with /legendary start."),
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
        await self.actor.move(interaction, cid, state, action, done=done)

    def _legal(self, state: Table | None, person: str) -> tuple[list[GameAction], Any]:
        if state is None or state.game is None:
            return [], None
        seats = state.seats_of(person)
        if not seats:
            return [], None
        v = self.rt.view(state, seats[0])
        return self.rt.legal(state, seats[0]), v

    async def _ac_actions(
        self, interaction: discord.Interaction[Any], current: str, kind: type, field: str
    ) -> list[AC[str]]:
        state = await self._quiet(interaction)
        legal, v = self._legal(state, player_id(interaction))
        loc = user_locale(interaction)
        cards = components.known_cards(v) if v is not None else {}
        out = []
        for a in legal:
            if isinstance(a, kind):
                label = components.action_label(a, v, loc, self.rt.content, cards)
                if current.lower() in label.lower():
                    out.append(AC(name=clip(label, 100), value=str(getattr(a, field))[:100]))
        return out[:MAX_CHOICES]

    def _pick(self, state: Table, seat: int, typed: str, kind: type, field: str) -> str:
        """The engine id behind a typed option: an id the autocomplete gave, or a name."""
        assert state.game is not None
        legal = [a for a in self.rt.legal(state, seat) if isinstance(a, kind)]
        ids = {str(getattr(a, field)) for a in legal}
        if typed in ids:
            return typed
        v = self.rt.view(state, seat)
        cards = components.known_cards(v)
        names = {}
        for a in legal:
            key = str(getattr(a, field))
            label = components.action_label(a, v, cards=cards)
            names[key] = cards[key].name if key in cards else label.split(" ", 1)[-1]
        if not names and kind is not Recruit:
            # Nothing legal of this kind: let the engine say why, with the typed value.
            return typed
        try:
            return resolve(typed, names, "card")
        except IllegalAction:
            low = typed.strip().lower()
            if kind is Recruit and not any(n.lower().startswith(low) for n in names.values()):
                buried_refusal(v, typed)  # no offered Hero matched: is it a buried one?
            raise

    def _half(self, state: Table, seat: int, inst: str, typed: str) -> int:
        """Which half of the divided card `inst` the typed `half` names: the
        autocomplete's "0"/"1", or (part of) a half's name."""
        c = components.known_cards(self.rt.view(state, seat)).get(inst)
        if c is None or not c.halves:
            name = c.name if c is not None else "That card"
            raise IllegalAction.of(
                "bad_half", f"{name} is not a divided card.\nPlay it without `half`."
            )
        if typed.strip() in {str(n) for n in range(len(c.halves))}:
            return int(typed.strip())
        return int(resolve(typed, {str(n): h for n, h in enumerate(c.halves)}, "half"))
