"""Reading input at the terminal table: a line (where the commands of `howto.ANYWHERE`
and 'quit' work too), a number from a list or the start of an item's name, and a move
(its number, its words, or 'solve' and an answer). A bad line gets one line saying what
to type and the prompt again.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.i18n import N_, t
from bot.terminal.console import Quit
from cogs.legends.terminal import commands, howto, render
from cogs.legends.terminal.inputs import match_move, pick_by_name
from rules.legends.actions import Action, Solve
from rules.legends.view import PlayerView

if TYPE_CHECKING:
    from cogs.legends.terminal.session import Session

#: What a list says to a name none of its items has (`choice`'s `missing`).
NO_ROLE = N_('No role is named "{query}"{hint}. Type its number or name.')
NO_RUNNER = N_('No runner is named "{query}"{hint}. Type its number or name.')
NO_POOL_CARD = N_('No card in the pool is named "{query}"{hint}. Type its number or name.')
NO_DECK_CARD = N_('No card in this deck is named "{query}"{hint}. Type its number or name.')
NO_SCENARIO = N_('No scenario is named "{query}"{hint}. Type its number or name.')


def text(
    s: Session, prompt: str, help_text: str | None = None, *, commands_too: bool = True
) -> str:
    """A line. 'quit' and (with `commands_too`) every command of `howto.ANYWHERE` work
    here; 'help' shows `help_text` if given."""
    while True:
        line = s.io.ask(prompt).strip()
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("quit", "exit") and not rest:
            raise Quit
        if help_text is not None and word in ("help", "h", "?") and not rest:
            s.io.say(help_text)
            continue
        if commands_too and commands.anywhere(s, s.viewer(), word, rest):
            continue
        if not commands_too and line:
            s.io.say(t(s.lang, "Press Enter when the keyboard has been passed (or 'quit')."))
            continue
        return line


def choice(
    s: Session,
    prompt: str,
    labels: Sequence[str],
    missing: str,
    *,
    default: int | None = None,
    zero: bool = False,
) -> int:
    """A number from a list, or the start of an item's name (`missing`: what to say to a
    name no item has, one of the `NO_…` messages)."""
    count = len(labels)
    lo = 0 if zero else 1
    numbers = howto.numbers(lo, count)
    if default is not None:
        hint = t(s.lang, "Type {numbers} or a name (Enter keeps the default), or 'quit'.",
                 numbers=numbers)  # fmt: skip
    else:
        hint = t(s.lang, "Type {numbers} or a name, or 'quit'.", numbers=numbers)
    while True:
        line = text(s, prompt, hint)
        if not line and default is not None:
            return default
        if line.isdigit() and lo <= int(line) <= count:
            return int(line)
        if line and not line.isdigit():
            got = pick_by_name(line, labels, missing, s.lang)
            if isinstance(got, int):
                return got + 1
            s.io.say(got)
            continue
        s.io.say(t(s.lang, "Type {numbers}.", numbers=numbers))


def move(s: Session, player: str, moves: Sequence[Action], view: PlayerView) -> int:
    """The index of the move typed at the move prompt."""
    n = len(moves)
    while True:
        line = text(s, "> ")
        if line.isdigit() and 1 <= int(line) <= n:
            return int(line) - 1
        word, _, rest = line.partition(" ")
        if word.lower() == "solve":
            solve(s, player, rest)
            continue
        got = match_move(line, moves, view, s.table, s.content, player, s.lang) if line else None
        if isinstance(got, int):
            return got
        if isinstance(got, str):
            s.io.say(render.clean(got))
        elif not line:
            s.io.say(t(s.lang, howto.NO_LINE, numbers=howto.numbers(1, n)))
        else:
            s.io.say(t(s.lang, howto.NOT_A_MOVE, line=line, numbers=howto.numbers(1, n)))


def solve(s: Session, player: str, rest: str) -> None:
    answer = " ".join(shlex.split(rest)) if rest.count('"') % 2 == 0 else rest
    if not answer.strip():
        s.io.say(t(s.lang, "Type 'solve' and your answer on the same line, as in "
                   "'solve the answer'."))  # fmt: skip
    else:
        s.try_act(Solve(player=player, answer=answer[:200]), player)
