"""Legendary's English texts from the pure rules and the table, in any language
(bot/i18n/phrases.py).

The engine (rules/legendary) and the table's reducer (cogs/legendary/table.py) write
each event, refusal, prompt and prompt option in English with its values in it. Each
template below is how one of them is built; the catalogue holds its translation, and
`say` turns a finished English text into the reader's language at render time, so the
rules stay as they are. A text without a template (a card's own choice wording, an
ability's printed text) stays as the engine wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.i18n import N_, SOURCE, language, t, tcount
from bot.i18n.phrases import Phrasebook

# Events (rules/legendary/*: `Work.emit`; cogs/legendary/table.py: the table's own).
EVENTS = (
    N_("{scheme} against {mastermind}; Villains: {villains}; Heroes: {heroes}"),
    N_("{who}'s turn"),
    N_("The Villain Deck reveals {card}"),
    N_("{card} enters the Sewers"),
    N_("{card} escapes"),
    N_("{card} escapes with {cards}"),
    N_("The Mastermind captures {card}"),
    N_("{villain} captures {card}"),
    N_("Scheme Twist {n}"),
    N_("Master Strike!"),
    N_("The Mastermind adapts: {card}"),
    N_("{who} takes the Tactic {card}"),
    N_("The players win!"),
    N_("Evil wins!"),
    N_("The game ends in a draw."),
    N_("Scores: {scores}"),
    N_("{who} defeats {card}"),
    N_("{who} gains {card}"),
    N_("{card} is put into the Escape pile"),
    N_("{who} KOs {card}"),
    N_("{who} discards {card}"),
    N_("{who} sends {card} Undercover"),
    N_("{who} puts {card} on the bottom of their deck"),
    N_("{card} is KO'd from the HQ"),
    N_("{card} goes to the bottom of the Hero Deck"),
    N_("{who} reveals {card}"),
    N_("{who} stacks {card}: a vote for {hero}"),
    N_("The Twist is a vote for the Mastermind ({n} in all)"),
    N_("{card} goes under HQ space {n}"),
    N_("{who} flushes the HQ"),
    N_("{who} gains a Wound"),
    N_("{who} rescues {card}"),
    N_("{who} plays {card}"),
    N_("You draw {cards}"),
    N_("A deck has run out: the game ends after this turn"),
    N_("{card} joins the HQ"),
    N_("{card} moves to the {space}"),
    N_("{who} recruits {card}"),
    N_("{who} fights {target}"),
    N_("{who} fails to defeat {target}"),
    N_("Revealed for Uru-Enchanted Weapons: {cards} (+{n})"),
    N_("{who} uses {action}"),
    N_("{who} heals, KOing {wounds}"),
    N_("{who} ends their turn"),
    # The table's (cogs/legendary/table.py).
    N_("{who} takes a seat."),
    N_("{who} leaves the table."),
    N_("The setup changed."),
    N_("The table options changed."),
    N_("The table's language changed."),
    N_("The game starts."),
    N_("The host abandoned the game."),
    N_("Time is up for {who}: the table moves for them."),
)

# Prompts and their options (rules/legendary/*: `Work.ask`, `Work.card_options`).
PROMPTS = (
    N_("Choose a card to KO"),
    N_("Choose a card to discard"),
    N_("Choose a card to send Undercover"),
    N_("Send {card} Undercover?"),
    N_("Put {card} on the bottom of your deck (Fated Future)?"),
    N_("Choose an HQ Hero"),
    N_("Choose an HQ Hero to be captured"),
    N_("Choose an HQ Hero to gain"),
    N_("Choose a Villain to defeat"),
    N_("Choose a Villain that escapes"),
    N_("Choose a card to copy"),
    N_("Choose one"),
    N_("Reveal a card, or take the alternative"),
    N_("Use this ability?"),
    N_("Use this ability? {text}"),
    N_("Use {card}'s ability?"),
    N_("Use {card}'s ability? {text}"),
    N_("Which half of {card} do you play?"),
    N_("Which first: the Fight effect or the rescued Bystanders' effects?"),
    N_("Choose a Hero to stack as a vote"),
    N_("Choose the HQ space the {card} goes under"),
    N_("Yes"),
    N_("No"),
    N_("Don't"),
    N_("Don't reveal"),
    N_("Fight effect first"),
    N_("Rescue effects first"),
    N_("HQ space {n}: {card}"),
    N_("HQ space {n} (empty)"),
    N_("{card} (hand)"),
    N_("{card} (discard pile)"),
    N_("{card} (played)"),
    N_("{card} (Victory Pile)"),
)

# Refusals (rules/legendary/*: `refuse`): the engine's reason, then what to do.
REFUSALS = (
    N_("There is no seat {n} in this game."),
    N_("The game is over.\nStart a new game to play again."),
    N_("A choice is waiting for you: {text}.\nAnswer it first (choose)."),
    N_("It is not your turn.\nWait for {who}, who is choosing: {text}."),
    N_("A choice is waiting for {who}: {text}.\nWait for them to answer it."),
    N_("It is not your turn.\nIt is {who}'s turn; wait for it."),
    N_("There is nothing to choose right now."),
    N_("This choice is not yours.\nIt is waiting for {who}."),
    N_("That is not one of the options.\nChoose one of: {options}."),
    N_("That card is not in your hand.\nPick a card from your hand."),
    N_("Wounds can't be played.\nHeal to KO them instead."),
    N_("{card} is not a divided card.\nPlay it without a half."),
    N_("You healed this turn.\nAfter Healing you can't recruit."),
    N_("The Officer stack is empty."),
    N_("That Hero is not in the HQ.\nPick an HQ Hero or Officer."),
    N_(
        "{card} can't be recruited: something is under its HQ space.\n"
        "Flush the HQ first, or recruit another Hero."
    ),
    N_(
        "You fought this turn, so you can't recruit while the recruit-or-fight lock is in the city."
    ),
    N_(
        "You can't afford {card}: it costs {cost} and you have {recruit} Recruit.\n"
        "Play more cards first."
    ),
    N_("You healed this turn.\nAfter Healing you can't fight."),
    N_(
        "You failed a fight against Uru-Enchanted Weapons this turn.\n"
        "You can't fight again this turn, but you may still play cards and recruit."
    ),
    N_(
        "You recruited this turn, so you can't fight while the recruit-or-fight lock is in "
        "the city."
    ),
    N_("There is no such enemy to fight.\nPick a city Villain or the Mastermind."),
    N_("You need {need} Attack to fight {target}; you have {attack}.\nPlay more cards first."),
    N_("There is no such special action in this game."),
    N_("You already used {action} this turn."),
    N_(
        "You can't use {action} now: nothing is under the HQ.\n"
        "Wait until a Twist puts something there."
    ),
    N_(
        "You can't afford {action}: it needs {attack} Attack and {recruit} Recruit.\n"
        "Play more cards first."
    ),
    N_(
        "You can't heal now: you have already recruited, fought or healed this turn.\n"
        "Heal before recruiting or fighting."
    ),
    N_("You have no Wounds in your hand to heal."),
    N_("Effects are still resolving.\nAnswer the prompt first."),
    # rules/legendary/setup.py, for each kind of group it names.
    N_("There is no Villain Group '{id}' in this pack."),
    N_("There is no Henchman Group '{id}' in this pack."),
    N_("There is no Hero '{id}' in this pack."),
    N_("This game needs {n} different Villain Group; {given} given."),
    N_("This game needs {n} different Villain Groups; {given} given."),
    N_("This game needs {n} different Henchman Group; {given} given."),
    N_("This game needs {n} different Henchman Groups; {given} given."),
    N_("This game needs {n} different Hero; {given} given."),
    N_("This game needs {n} different Heroes; {given} given."),
    N_("The Mastermind always leads '{id}'; include it among the Villain Groups."),
    N_("The Mastermind always leads '{id}'; include it among the Henchman Groups."),
    N_("This pack has too few Villain Groups for this game."),
    N_("This pack has too few Henchman Groups for this game."),
    N_("This pack has too few Heros for this game."),
    N_("There is no Scheme '{id}' in this pack."),
    N_("There is no Mastermind '{id}' in this pack."),
    N_("{scheme} can't be played with {mastermind}'s Tactics."),
    # The table's (cogs/legendary/table.py).
    N_("Only the host can {what}.\nAsk the host (or someone with Manage Channels)."),
    N_("This game is over.\nStart a new one with /legendary new."),
    N_("The game has already started.\nSeats and setup are fixed."),
    N_("The table is full (5 seats).\nWatch, or wait for a seat."),
    N_("You already have a seat.\nWait for the start."),
    N_("There is no AI seat.\nNothing to remove."),
    N_("You have no seat here.\nJoin first."),
    N_("The last seat can't be given up.\nAbandon the game with /legendary abandon."),
    N_("This game is already over.\nNothing to abandon."),
    N_("This game was abandoned.\nStart a new one with /legendary new."),
    N_("The game has not started.\nThe host starts it with /legendary start."),
    N_("The game no longer waits on that seat.\nNothing to do."),
    N_("It is not your turn.\nWait for your turn (or for the prompt addressed to you)."),
)

# The front end's own refusals raised as IllegalAction (cogs/legendary/cmd_base.py).
COG_REFUSALS = (
    N_(
        "{card} can't be recruited: {cards} under its HQ space.\n"
        "Recruit another Hero, or {how} first."
    ),
    N_("use **{action}** (a button in /legendary hand)"),
    N_("free it"),
    N_("There is no {kind} named '{name}'.\nPick one from the list."),
    N_("'{name}' could be several {kind}s.\nType more of its name."),
    N_("{card} is not a divided card.\nPlay it without `half`."),
    N_("That card is not a divided card.\nPlay it without `half`."),
)

# The things a typed name may name ("There is no {kind} named …"), as cmd_base says them.
KINDS = {
    "Scheme": N_("Scheme"),
    "Mastermind": N_("Mastermind"),
    "villain": N_("Villain Group"),
    "heroe": N_("Hero"),
    "card": N_("card"),
    "half": N_("half"),
}

# What only the host may do (the `{what}` of "Only the host can {what}.").
HOST_ONLY = (
    N_("seat an AI player"),
    N_("remove an AI player"),
    N_("change the setup"),
    N_("change the table options"),
    N_("start the game"),
    N_("abandon the game"),
)

# The city's spaces (rules/legendary/state.py CITY_NAMES).
SPACES = (N_("Bridge"), N_("Streets"), N_("Rooftops"), N_("Bank"), N_("Sewers"))

_COUNT = re.compile(r"^(\d+) (\S+)$")
_SCORE = re.compile(r"(.+?) (-?\d+)")


def _counted(value: str, say_count: Callable[[int], str]) -> str:
    """A value that is an English count ("3 cards"), said with `say_count`."""
    m = _COUNT.match(value)
    return say_count(int(m[1])) if m else value


def _cards(lang: str, value: str) -> str:
    return _counted(value, lambda n: tcount(lang, n, "card"))


def _wounds(lang: str, value: str) -> str:
    return _counted(value, lambda n: tcount(lang, n, "Wound"))


def _names(lang: str, value: str) -> str:
    """A list of card names as the engine joins them ("nothing" when empty)."""
    return t(lang, "nothing") if value == "nothing" else value


def _card(lang: str, value: str) -> str:
    """A played card: "a copy of X" (L3) is said in the language; a name stays."""
    if value.startswith("a copy of "):
        return t(lang, "a copy of {card}", card=value.removeprefix("a copy of "))
    return value


def _target(lang: str, value: str) -> str:
    return t(lang, "the Mastermind") if value == "the Mastermind" else value


def _kind(lang: str, value: str) -> str:
    return t(lang, KINDS[value]) if value in KINDS else value


def _options(lang: str, value: str) -> str:
    """A prompt's option labels as the engine lists them ("Yes, No")."""
    return ", ".join(say(lang, label) for label in value.split(", "))


def _space(lang: str, value: str) -> str:
    return t(lang, value) if value in SPACES else value


def _scores(lang: str, value: str) -> str:
    """ "Ana 12, Bo 3" as the engine writes the final scores: each with its VP."""
    parts = [_SCORE.fullmatch(p.strip()) for p in value.split(", ")]
    if not all(parts):
        return value
    return ", ".join(t(lang, "{who} {n} VP", who=m[1], n=int(m[2])) for m in parts if m)


BOOK = Phrasebook(
    (*EVENTS, *PROMPTS, *REFUSALS, *COG_REFUSALS, *HOST_ONLY),
    nested=("text", "what", "how"),
    words=("kind",),
    values={
        "cards": _names,
        "card": _card,
        "target": _target,
        "space": _space,
        "scores": _scores,
        "wounds": _wounds,
        "kind": _kind,
        "options": _options,
    },
)
# A draw counts its cards ("Ana draws 2 cards"); every other {cards} lists names.
_DRAWS = Phrasebook((N_("{who} draws {cards}"),), values={"cards": _cards})


def say(loc: object, text: str) -> str:
    """An English text of the engine or the table in the language of `loc` (a text no
    template matches stays English)."""
    lang = language(loc)
    if lang == SOURCE:
        return text
    found = _DRAWS.match(text)
    if found is not None and _COUNT.match(found[1]["cards"]):
        return _DRAWS.translate(lang, text)
    return BOOK.translate(lang, text)


def known(text: str) -> bool:
    """Whether `text` was made from one of the templates here (tests check the engine's
    texts all are)."""
    return _DRAWS.match(text) is not None or BOOK.match(text) is not None
