"""How to act, in the terminal's words: the ONE place the terminal says which input does
what. Every input named here, in single quotes, is one the terminal accepts where the
text is shown (tests/terminal/test_hints.py plays sessions and tries each one). Quoted
text that is not an input (a rules quotation, what someone typed) is written in double
quotes instead.

The rules say what happened and give a typed `Hint` (rules/legends/codes.py); `PHRASES`
continues their text with the terminal's way to act on it, as cogs/legends/howto.py does
with Discord's slash commands.
"""

from __future__ import annotations

import re

from bot.i18n import N_, SOURCE, from_environment, language, t
from bot.terminal.console import numbers as numbers
from cogs.legends.words import say
from rules.core.errors import Refusal
from rules.core.events import Event
from rules.core.hints import attach
from rules.legends.codes import Hint

# ---- the terminal's own inputs ----------------------------------------------------------

#: Commands that work at every prompt (the move prompt, the campaign screen, the shop...).
ANYWHERE = ("help", "board", "hand", "deck", "clues", "memory", "log", "rules", "quit")
#: The campaign screen's entries, by word (cogs/legends/terminal/camp.py).
CAMP_WORDS = ("start", "shop", "remove", "decks", "scenario")

#: `{card}`: a card of the player's own deck, so the example can be typed as it is.
HELP = N_("""\
Type the number of a move and press Enter. Other inputs, at any prompt:
  'board'   the table again            'hand'    your hand again
  'clues'   Clue cards and puzzles     'memory'  the campaign's Persistent Memory
  'deck'    your decklist and Eddies   'log'     the last events again
  'rules'   the rules, by topic        'help'    this text
  'quit'    leave: the campaign is saved; python -m bot play --resume comes back
During a run: 'play {card}' (or just '{card}': any start of a card's name),
'discard {card}', 'choose A' (a vote or a choice, by its letter), 'flip', 'ready',
'solve' and your answer to a clue's puzzle. Between runs: 'start', 'shop'.
Table talk: you may not say what is on the cards in your hand. The AI crewmates
only ever see their own hands and the public table, as you do.""")

#: What the terminal says to a line it cannot use (the test looks for these).
NOT_A_MOVE = N_("\"{line}\" is not a move here. Type {numbers}, or 'help'.")
NO_LINE = N_("Type {numbers}, or 'help'.")
#: The campaign screen's answer to a word close to one of its own.
NOT_A_MOVE_MEANT = N_(
    "\"{line}\" is not a move here. Type {numbers}, or 'help' (did you mean '{word}'?)."
)


# ---- the rules' hints, in the terminal's words ------------------------------------------

#: Hint (the rules' `Hint` values) -> the phrase continuing the text. A hint this front end
#: cannot act on (joining, table options, abandoning: a terminal table is set up on its
#: command line) just ends the sentence.
PHRASES: dict[str, str] = {
    Hint.ABANDON_INSTEAD: ".",
    Hint.CLUES: N_(". See it any time with 'clues'."),
    Hint.DECK: N_(". See 'deck'."),
    Hint.EXTRA_ROLE_DECKS: ".",
    Hint.FINISH_OR_ABANDON: N_(". Finish it first."),
    Hint.HAND: N_(". Check 'hand'."),
    Hint.JOIN: ".",
    Hint.PLAYERS_JOIN: ".",
    Hint.READY: N_(". Type 'ready'."),
    Hint.READY_TO_DRAW: N_(", then 'ready' to draw back up."),
    Hint.SHOP: N_(". Type 'shop' on the campaign screen to see the pool."),
    Hint.START_RUN: N_(". Start one with 'start' on the campaign screen."),
    Hint.START_TRAUMA: N_(". Start it with 'start' on the campaign screen."),
    Hint.VOTE: N_(
        ". Vote with 'choose A' (or B, ...: the option's letter) or the move's number; "
        "the Leader breaks ties and can close the vote early."
    ),
}


def help_text(card: str, loc: str | None = None) -> str:
    return t(_loc(loc), HELP, card=card)


def _loc(loc: str | None) -> str:
    """The terminal speaks the language of its environment (`LANG`) unless told."""
    return from_environment() if loc is None else language(loc)


def _phrases(lang: str) -> dict[str, str]:
    if lang == SOURCE:
        return PHRASES
    return {hint: t(lang, phrase) if phrase != "." else phrase for hint, phrase in PHRASES.items()}


def refusal_text(refusal: Refusal, loc: str | None = None) -> str:
    """The refusal's message with the terminal's way to act on it, in its language."""
    lang = _loc(loc)
    return attach(say(lang, refusal.message), refusal.hint, _phrases(lang))


def event_text(event: Event, loc: str | None = None) -> str:
    """The event's text with the terminal's way to act next, in its language."""
    lang = _loc(loc)
    return attach(say(lang, event.text), event.hint, _phrases(lang))


# ---- reused texts that were written for Discord -------------------------------------------

_QUOTED = re.compile(r"(?<![\w'])'([^'\n]+)'(?![\w'])")
# Sentences of the shared rules topics that describe Discord's buttons and commands.
_DISCORD_ONLY = re.compile(
    r"/legends|button|'My hand'|channel|ephemeral|DMs?\b|deletes or warns"
    r"|przycisk|„Moja ręka”|kanał|prywatn|usuwa wiadomość"
)

#: What the terminal adds to a shared rules topic, in its own inputs.
RULES_NOTES: dict[str, str] = {
    "cleanup": N_(
        "At the terminal: discard with the numbered moves (or 'discard' and the "
        "card's name), then 'ready'."
    ),
    "votes": N_("At the terminal the vote is one of your moves: its number, or 'choose A'."),
    "merc": N_(
        "At the terminal your merc's hand is shown below yours, and its moves say "
        "(merc); 'ready' readies you first, then your merc."
    ),
    "campaign": N_(
        "At the terminal a campaign is saved in the database after every move; "
        "'quit' leaves and python -m bot play --resume comes back; roster, decks, Eddies, "
        "Clues and Persistent Memory carry over between runs. Between runs the campaign "
        "screen offers the shop ('shop'), removing cards and the next run ('start'). Answer "
        "a puzzle with 'solve' and your answer."
    ),
    "plan": N_(
        "At the terminal the board says, under the Plan, whether it hits each "
        "Obstacle as it stands, and why."
    ),
}


def rules_text(topic: str, text: str, loc: str | None = None) -> str:
    """A shared rules topic for the terminal, in its language: its Discord-only sentences
    left out, its quotations in double quotes (single quotes name inputs here), the
    terminal's note (its inputs, in single quotes, stay the terminal's own words)."""
    lang = _loc(loc)
    text = t(lang, text)
    sentences = re.split(r"(?<=[.!?])\s+", text)
    kept = " ".join(s for s in sentences if not _DISCORD_ONLY.search(s))
    kept = _QUOTED.sub(r'"\1"', kept)
    note = t(lang, RULES_NOTES[topic]) if topic in RULES_NOTES else None
    return f"{kept}\n{note}" if note else kept
