"""How to act, in the terminal's words: the ONE place the terminal says which input does
what. Every input named here, in single quotes, is one the terminal accepts where the
text is shown (tests/terminal/test_hints.py plays sessions and tries each one). Quoted
text that is not an input (a rules quotation, what someone typed) is written in double
quotes instead.

The rules give a hint with some texts ("...is next. The owner starts it with ..."). Each
hint's phrase here continues the text where its final period was, as the Discord front
end's do. Until the rules carry the hint as a typed field (`Refusal.hint`, `Event.hint`),
today's texts end with the Discord wording of it ("/legends start"); `_DISCORD` finds
that ending and swaps it for the terminal's.
"""

from __future__ import annotations

import re

from rules.core.errors import Refusal
from rules.core.events import Event

# ---- the terminal's own inputs ----------------------------------------------------------

#: Commands that work at every prompt (the move prompt, the campaign screen, the shop...).
ANYWHERE = ("help", "board", "hand", "deck", "clues", "memory", "log", "rules", "quit")
#: The campaign screen's entries, by word (cogs/legends/terminal/camp.py).
CAMP_WORDS = ("start", "shop", "remove", "decks", "scenario")

#: `{card}`: a card of the player's own deck, so the example can be typed as it is.
HELP = """\
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
only ever see their own hands and the public table, as you do."""

#: What the terminal says to a line it cannot use (the test looks for these).
NOT_A_MOVE = "\"{line}\" is not a move here. Type a number from 1 to {n}, or 'help'."
NO_LINE = "Type a number from 1 to {n}, or 'help'."

# ---- the rules' hints, in the terminal's words ------------------------------------------

#: Hint (the rules' `Hint` values) -> the phrase continuing the text. A hint this front end
#: cannot act on (joining, table options, abandoning: a terminal table is set up on its
#: command line) just ends the sentence.
PHRASES: dict[str, str] = {
    "abandon_instead": ".",
    "clues": ". See it any time with 'clues'.",
    "deck": ". See 'deck'.",
    "extra_role_decks": ".",
    "finish_or_abandon": ". Finish it first.",
    "hand": ". Check 'hand'.",
    "join": ".",
    "players_join": ".",
    "ready": ". Type 'ready'.",
    "ready_to_draw": ", then 'ready' to draw back up.",
    "shop": ". Type 'shop' on the campaign screen to see the pool.",
    "start_run": ". Start one with 'start' on the campaign screen.",
    "start_trauma": ". Start it with 'start' on the campaign screen.",
    "status": ". Type 'board' to see the table now.",
    "vote": (
        ". Vote with 'choose A' (or B, ...: the option's letter) or the move's number; "
        "the Leader breaks ties and can close the vote early."
    ),
}

# Today's texts: the Discord wording of each hint, as the rules append it.
_DISCORD: dict[str, str] = {
    "abandon_instead": ". The owner can /legends abandon it instead.",
    "clues": ". See it any time with /legends clues.",
    "deck": ". See /legends deck.",
    "extra_role_decks": ", or the owner can allow extra role decks with /legends options.",
    "finish_or_abandon": ". Finish or /legends abandon it first.",
    "hand": ". Check /legends hand.",
    "join": ". Join with /legends join.",
    "players_join": ". Players join with /legends join.",
    "ready": ". Use /legends ready.",
    "ready_to_draw": ", then /legends ready to draw back up.",
    "shop": ". Use /legends shop to see the pool.",
    "start_run": ". The owner can start one with /legends start.",
    "start_trauma": ". The owner starts it with /legends start.",
    "status": ". Use the newest board or /legends status.",
    "vote": ". Vote with /legends choose; the Leader breaks ties and can close the vote early.",
}


def help_text(card: str) -> str:
    return HELP.format(card=card)


def attach(text: str, hint: str | None) -> str:
    """`text` continued with the terminal's phrase for `hint`."""
    if hint is None or hint not in PHRASES:
        return text
    return text.removesuffix(".") + PHRASES[hint]


def worded(text: str, hint: str | None = None) -> str:
    """A rules text with its hint in the terminal's words."""
    if hint is None:
        for key, ending in _DISCORD.items():
            if text.endswith(ending):
                return attach(text[: -len(ending)] + ".", key)
    return attach(text, hint)


def refusal_text(refusal: Refusal) -> str:
    return worded(refusal.message, getattr(refusal, "hint", None))


def event_text(event: Event) -> str:
    return worded(event.text, getattr(event, "hint", None))


# ---- reused texts that were written for Discord -------------------------------------------

_QUOTED = re.compile(r"(?<![\w'])'([^'\n]+)'(?![\w'])")
# Sentences of the shared rules topics that describe Discord's buttons and commands.
_DISCORD_ONLY = re.compile(r"/legends|button|'My hand'|channel|ephemeral|DMs?\b|deletes or warns")

#: What the terminal adds to a shared rules topic, in its own inputs.
RULES_NOTES: dict[str, str] = {
    "cleanup": "At the terminal: discard with the numbered moves (or 'discard' and the "
    "card's name), then 'ready'.",
    "votes": "At the terminal the vote is one of your moves: its number, or 'choose A'.",
    "merc": "At the terminal your merc's hand is shown below yours, and its moves say "
    "(merc); 'ready' readies you first, then your merc.",
    "campaign": "At the terminal a campaign is saved in the database after every move; "
    "'quit' leaves and python -m bot play --resume comes back; roster, decks, Eddies, "
    "Clues and Persistent Memory carry over between runs. Between runs the campaign "
    "screen offers the shop ('shop'), removing cards and the next run ('start'). Answer "
    "a puzzle with 'solve' and your answer.",
    "plan": "At the terminal the board says, under the Plan, whether it hits each "
    "Obstacle as it stands, and why.",
}


def rules_text(topic: str, text: str) -> str:
    """A shared rules topic for the terminal: its Discord-only sentences left out, its
    quotations in double quotes (single quotes name inputs here), the terminal's note."""
    sentences = re.split(r"(?<=[.!?])\s+", text)
    kept = " ".join(s for s in sentences if not _DISCORD_ONLY.search(s))
    kept = _QUOTED.sub(r'"\1"', kept)
    note = RULES_NOTES.get(topic)
    return f"{kept}\n{note}" if note else kept
