"""A game's rules topics on Discord (`/<game> rules topic:`), in the reader's language.

Each topic has a key (what the option sends back, as the autocomplete offers it) and a
name, a catalogue msgid (`N_`) the reader sees in their language: in the autocomplete, in
the list of topics and in the answer. A typed topic is found by its key or by its name in
the reader's language or in English, whole or by an unambiguous start (docs/i18n.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import t


def topic_name(loc: str, names: Mapping[str, str], key: str) -> str:
    """Topic `key`'s name in the language `loc`."""
    return t(loc, names[key]) if key in names else key


def topic_list(loc: str, names: Mapping[str, str]) -> str:
    """Every topic by its name in the language `loc`, in their order, comma-separated."""
    return ", ".join(topic_name(loc, names, k) for k in names)


def find_topic(loc: str, names: Mapping[str, str], typed: str) -> str | None:
    """The key of the topic `typed` names: its key, or its name in `loc` or English
    (case and surrounding spaces aside); else the one topic any of those start with."""
    low = typed.strip().casefold()
    if not low:
        return None

    def words(key: str) -> tuple[str, ...]:
        return (key.casefold(), names[key].casefold(), t(loc, names[key]).casefold())

    exact = [k for k in names if low in words(k)]
    if exact:
        return exact[0]
    started = [k for k in names if any(w.startswith(low) for w in words(k))]
    return started[0] if len(started) == 1 else None


def topic_choices(loc: str, names: Mapping[str, str], current: str) -> list[tuple[str, str]]:
    """(name in `loc`, key) of the topics matching what is typed so far (by key or name)."""
    cur = current.strip().casefold()
    return [
        (topic_name(loc, names, k), k)
        for k in names
        if not cur or cur in k.casefold() or cur in topic_name(loc, names, k).casefold()
    ]
