"""How to act, in the terminal's words: the typed command for each hint of the Legends
rules (the terminal's commands are bare words, quoted: 'ready')."""

from __future__ import annotations

from rules.core.errors import Refusal
from rules.core.events import Event
from rules.core.hints import attach
from rules.legends.codes import Hint

PHRASES: dict[str, str] = {
    Hint.ABANDON_INSTEAD: ". The owner can 'abandon' it instead.",
    Hint.CLUES: ". See it any time with 'clues'.",
    Hint.DECK: ". See 'deck'.",
    Hint.EXTRA_ROLE_DECKS: ", or the owner can allow extra role decks with 'options'.",
    Hint.FINISH_OR_ABANDON: ". Finish or 'abandon' it first.",
    Hint.HAND: ". Check 'hand'.",
    Hint.JOIN: ". Join with 'join'.",
    Hint.PLAYERS_JOIN: ". Players join with 'join'.",
    Hint.READY: ". Use 'ready'.",
    Hint.READY_TO_DRAW: ", then 'ready' to draw back up.",
    Hint.SHOP: ". Use 'shop' to see the pool.",
    Hint.START_RUN: ". The owner can start one with 'start'.",
    Hint.START_TRAUMA: ". The owner starts it with 'start'.",
    Hint.VOTE: ". Vote with 'choose'; the Leader breaks ties and can close the vote early.",
}


def refusal_text(refusal: Refusal) -> str:
    return attach(refusal.message, refusal.hint, PHRASES)


def event_text(event: Event) -> str:
    return attach(event.text, event.hint, PHRASES)
