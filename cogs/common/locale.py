"""Which language to answer in, for every game (docs/i18n.md).

An ephemeral answer speaks the clicking person's client language (`interaction.locale`);
a public message speaks the table's language: the table's language option when it is set,
else the server's (`guild_locale` / `Guild.preferred_locale`), else English.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import SOURCE, language


def user_locale(interaction: Any) -> str:
    """The language of the person who clicked or typed."""
    return language(getattr(interaction, "locale", None))


def guild_locale(where: Any) -> str | None:
    """The server's language for an interaction, a channel, a thread or a guild."""
    loc = getattr(where, "guild_locale", None)
    if loc is not None:
        return str(getattr(loc, "value", loc))
    guild = getattr(where, "guild", where)
    pref = getattr(guild, "preferred_locale", None)
    return None if pref is None else str(getattr(pref, "value", pref))


def table_locale(option: str | None, where: Any = None) -> str:
    """The language of a table's public messages: its option, else its server's."""
    if option:
        return language(option)
    server = guild_locale(where) if where is not None else None
    return language(server) if server else SOURCE


#: The value of the "Server's language" choice of a table's `language` option: stored as
#: "" (the option unset), so the table follows its server.
SERVER = "server"


def language_choices() -> list[Any]:
    """A table's `language` option's choices: the server's language, then every language
    with a catalogue by its own name (a new catalogue adds a choice)."""
    from babel import Locale
    from discord.app_commands import Choice

    from bot.i18n import languages

    return [
        Choice(name="Server's language", value=SERVER),
        *(
            Choice(name=Locale.parse(lang).get_display_name(lang) or lang, value=lang)
            for lang in languages()
        ),
    ]
