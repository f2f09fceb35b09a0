"""How to act, in Discord's words: the slash command for each hint of the Legends rules.

The rules say what happened and give a typed `Hint` (rules/legends/codes.py); this module
continues their text with the command a Discord player uses, so the final text reads as
it always has ("Nobody is seated yet. Players join with /legends join.").
"""

from __future__ import annotations

from bot.i18n import N_, SOURCE, language, t
from cogs.legends.words import say
from rules.core.errors import Refusal
from rules.core.events import Event
from rules.core.hints import attach
from rules.legends.codes import Hint

PHRASES: dict[str, str] = {
    Hint.ABANDON_INSTEAD: N_(". The owner can /legends abandon it instead."),
    Hint.CLUES: N_(". See it any time with /legends clues."),
    Hint.DECK: N_(". See /legends deck."),
    Hint.EXTRA_ROLE_DECKS: N_(", or the owner can allow extra role decks with /legends options."),
    Hint.FINISH_OR_ABANDON: N_(". Finish or /legends abandon it first."),
    Hint.HAND: N_(". Check /legends hand."),
    Hint.JOIN: N_(". Join with /legends join."),
    Hint.PLAYERS_JOIN: N_(". Players join with /legends join."),
    Hint.READY: N_(". Use /legends ready."),
    Hint.READY_TO_DRAW: N_(", then /legends ready to draw back up."),
    Hint.SHOP: N_(". Use /legends shop to see the pool."),
    Hint.START_RUN: N_(". The owner can start one with /legends start."),
    Hint.START_TRAUMA: N_(". The owner starts it with /legends start."),
    Hint.VOTE: N_(
        ". Vote with /legends choose; the Leader breaks ties and can close the vote early."
    ),
}


def _phrases(loc: str) -> dict[str, str]:
    lang = language(loc)
    if lang == SOURCE:
        return PHRASES
    return {hint: t(lang, phrase) for hint, phrase in PHRASES.items()}


def refusal_text(refusal: Refusal, loc: str = SOURCE) -> str:
    """The refusal's message with the Discord way to act on it, in the language."""
    return attach(say(loc, refusal.message), refusal.hint, _phrases(loc))


def event_text(event: Event, loc: str = SOURCE) -> str:
    """The event's text with the Discord way to act next, in the language."""
    return attach(say(loc, event.text), event.hint, _phrases(loc))
