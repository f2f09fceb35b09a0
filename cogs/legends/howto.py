"""How to act, in Discord's words: the slash command for each hint of the Legends rules.

The rules say what happened and give a typed `Hint` (rules/legends/codes.py); this module
continues their text with the command a Discord player uses, so the final text reads as
it always has ("Nobody is seated yet. Players join with /legends join.").
"""

from __future__ import annotations

from rules.core.errors import Refusal
from rules.core.events import Event
from rules.core.hints import attach
from rules.legends.codes import Hint

PHRASES: dict[str, str] = {
    Hint.ABANDON_INSTEAD: ". The owner can /legends abandon it instead.",
    Hint.CLUES: ". See it any time with /legends clues.",
    Hint.DECK: ". See /legends deck.",
    Hint.EXTRA_ROLE_DECKS: ", or the owner can allow extra role decks with /legends options.",
    Hint.FINISH_OR_ABANDON: ". Finish or /legends abandon it first.",
    Hint.HAND: ". Check /legends hand.",
    Hint.JOIN: ". Join with /legends join.",
    Hint.PLAYERS_JOIN: ". Players join with /legends join.",
    Hint.READY: ". Use /legends ready.",
    Hint.READY_TO_DRAW: ", then /legends ready to draw back up.",
    Hint.SHOP: ". Use /legends shop to see the pool.",
    Hint.START_RUN: ". The owner can start one with /legends start.",
    Hint.START_TRAUMA: ". The owner starts it with /legends start.",
    Hint.VOTE: ". Vote with /legends choose; the Leader breaks ties and can close the vote early.",
}


def refusal_text(refusal: Refusal) -> str:
    """The refusal's message with the Discord way to act on it."""
    return attach(refusal.message, refusal.hint, PHRASES)


def event_text(event: Event) -> str:
    """The event's text with the Discord way to act next."""
    return attach(event.text, event.hint, PHRASES)
