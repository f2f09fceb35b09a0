"""`/legends options`' answers in the reader's language: the list of the table's options
and the "✓ `key` = value" confirmation of a change.

An option is named as the reader types it: the command's parameter name in their
client's language (`table_talk`, in Polish `rozmowy_przy_stole`). A value keeps the
token the reader picked (`delete` as Discord shows its choice, `True`, `60`, `pl`), with
what it means where the token alone does not say it: a switch on or off, seconds, a
timer that is off, the language by its own name, the server's language.
"""

from __future__ import annotations

from bot.i18n import language_value, slash_word, switch_value, t, tcount
from rules.legends.options import TableOptions

#: Options whose values are seconds.
SECONDS = ("turn_timer", "vote_seconds")


def option_name(loc: str, key: str) -> str:
    """`key` as the reader's client names the command's parameter."""
    return slash_word(loc, "parameter_name", key)


def option_value(loc: str, key: str, value: object) -> str:
    """An option's value as the reader picked it, and what it means."""
    if isinstance(value, bool):
        return switch_value(loc, value)
    if key == "language":
        return language_value(loc, str(value))
    if key in SECONDS and isinstance(value, int):
        if value == 0:
            return t(loc, "{value} ({meaning})", value="0", meaning=t(loc, "off"))
        return tcount(loc, value, "second")
    if key == "table_talk":
        return slash_word(loc, "choice_name", str(value))
    return str(value)


def options_list(loc: str, options: TableOptions) -> str:
    """Every option and its value (no option given)."""
    lines = [t(loc, "**Table options**")]
    for key, value in options.model_dump().items():
        lines.append(f"`{option_name(loc, key)}`: {option_value(loc, key, value)}")
    return "\n".join(lines)


def option_changed(loc: str, key: str, options: TableOptions) -> str:
    """One changed option as the confirmation lists it: "`key` = value"."""
    return f"`{option_name(loc, key)}` = {option_value(loc, key, getattr(options, key))}"
