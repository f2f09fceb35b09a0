"""Slash commands in every language: discord.py's `app_commands.Translator` over the
catalogues.

discord.py asks the translator for every name, description, option name and choice of
every command while building the sync payload (`tree.sync`, `Command.to_dict(tree)`),
once per Discord locale; the answer becomes the command's `name_localizations` and
`description_localizations`. The catalogue entry's msgctxt is "slash:" + where the
string sits (`slash:command_name`, `slash:parameter_description`, …), so a command
called "hand" and a message "hand" never share an entry. Game cogs need no change:
the translator sees every string of every game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import discord
from discord import app_commands

from bot.i18n import language, lookup
from bot.i18n.catalog import SOURCE

#: Discord's rule for a command, option or group name in any locale.
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")
NAME_KINDS = frozenset({"command_name", "group_name", "parameter_name"})


def context_of(location: app_commands.TranslationContextLocation) -> str:
    return "slash:" + location.name


class CatalogueTranslator(app_commands.Translator):
    """Names and descriptions from the catalogue of the locale's language; None (Discord
    shows the English one) for English or a string the catalogue lacks."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = language(locale.value)
        if lang == SOURCE:
            return None
        return lookup(lang, context_of(context.location), string.message)


def valid_name(text: str) -> bool:
    """A localized name Discord accepts: 1-32 letters, digits, '-' or '_', lower case."""
    return bool(NAME_RULE.match(text)) and text == text.lower()


def command_strings(
    commands: Iterable[Any],
) -> Iterator[tuple[str, str]]:
    """(msgctxt, English text) of every string the translator will be asked for (slash
    commands and groups; Fixer has no context menus)."""
    L = app_commands.TranslationContextLocation
    for cmd in commands:
        if isinstance(cmd, app_commands.Group):
            yield context_of(L.group_name), cmd.name
            yield context_of(L.group_description), cmd.description
            yield from command_strings(list(cmd.commands))
            continue
        yield context_of(L.command_name), cmd.name
        yield context_of(L.command_description), cmd.description
        for p in cmd.parameters:
            yield context_of(L.parameter_name), p.name
            yield context_of(L.parameter_description), p.description
            for ch in p.choices:
                yield context_of(L.choice_name), ch.name
