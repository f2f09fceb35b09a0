"""The Legends engine's English texts, in any language (bot/i18n/phrases.py).

The engine (rules/legends) writes each event, refusal and "what the table waits on" in
English with its values in it. Each template below is how the engine builds one of them;
the catalogue holds its translation, and `say` turns a finished English text into the
reader's language at render time, so the engine stays as it is. A text without a
template here (a card's own wording, the To Hit explanation) stays as the engine wrote it.
"""

from __future__ import annotations

import re

from bot.i18n import N_, SOURCE, language, t, tcount
from bot.i18n.phrases import Phrasebook

# The events that quote a Persistent Memory's, a campaign's or an upgrade pack's name:
# the pack's translation of the name goes into them before the sentence is translated
# (cogs/legends/localize.py), as the engine wrote them (rules/legends/engine/).
MEMORY_RECORDED = N_("Persistent Memory recorded: {memory}.")
CAMPAIGN_DONE = N_("Campaign {name} complete. Legends, all of you.")
UNLOCKED = N_("New gear in the Upgrade Pool: {pack}.")
# The events that quote a scenario's name (rules/legends/engine/runs.py): a run's start
# and end, a Trauma Pack's; the translated name goes in the same way.
RUN_STARTED = N_("Scenario: {scenario}. {intro}")
TRAUMA_STARTED = N_("Trauma Pack: {scenario}. {intro}")
TRAUMA_DONE = N_("{scenario} is over. The crew is back on its feet.")
RUN_COMPLETE = N_("Run complete: {scenario}. The crew made it out with {health} Health.")
TRAUMA_NEXT = N_("Trauma Team is on the way: {scenario} is next.")
SCENARIO_NAMED = (RUN_STARTED, TRAUMA_STARTED, TRAUMA_DONE, RUN_COMPLETE, TRAUMA_NEXT)

# Events (rules/legends/engine/*: eng.emit).
EVENTS = (
    N_("{who} joins the crew as the {role}."),
    N_("{who} joins the crew as the {role}, with a {merc} merc."),
    N_("{who} joins the crew as the {role} (dealt in from the next run)."),
    N_("{who} joins the crew as the {role}, with a {merc} merc (dealt in from the next run)."),
    N_("{who} leaves the crew."),
    N_("{who} leaves the crew mid-run."),
    N_("Option {name} is now {value}."),
    N_("The run was abandoned. The campaign stays; start again any time."),
    N_("{who} has no card to draw."),
    N_("All Obstacles cleared. Discard any number of cards."),
    N_("The Obstacles still stand. You may discard up to one card."),
    N_("{who} is ready."),
    N_("The Leader Token passes to {who}, who flips the next card."),
    N_("The Plan executes with {cards} and {damage} Damage."),
    N_("{who} draws {n}."),
    N_("You drew: {cards}."),
    N_("{who} shuffles their discard pile into a new deck."),
    N_("{who} discards a card."),
    N_("You discarded {card}."),
    N_("{source} deals {amount} Damage to the crew. Health {health}/{most}."),
    N_("The crew heals {amount}. Health {health}/{most}."),
    N_("{obstacle} recovers {amount}."),
    N_("Every Obstacle is down: the Plan ends early."),
    N_("{obstacle} takes {amount} Damage ({tally})."),
    N_("{obstacle} takes {amount} immediate Damage ({tally})."),
    N_("{obstacle} is cleared!"),
    N_("Round {round} against {obstacles}. Plan Size {size}. {who} plays first."),
    N_("{who} rushes in."),
    N_("{who} plays {card}."),
    N_("{who} puts {card} into the Plan."),
    N_("{who} has nothing they can play: the Plan executes now."),
    N_("{card} is discarded from the Plan."),
    N_("Waiting for {who} to decide."),
    N_("{who} has no card to put into the Plan."),
    N_("{who} has nothing to replace."),
    N_("{who} discards the drawn card."),
    N_("Correct! The crew cracked '{card}'."),
    N_("Each runner gains {eddies}."),
    N_("Added to every runner's deck: {cards}."),
    UNLOCKED,
    MEMORY_RECORDED,
    RUN_STARTED,
    TRAUMA_STARTED,
    N_("{who} holds the Leader Token and flips first."),
    N_("The crew's max Health is now {health}."),
    TRAUMA_DONE,
    RUN_COMPLETE,
    CAMPAIGN_DONE,
    N_("The crew's Health hit 0. Flatlined."),
    TRAUMA_NEXT,
    N_("Clue set aside: {card}."),
    N_("The crew must choose. {options}."),
    N_("{who} (Leader) flips the next card."),
    N_("There is no next card."),
    N_("{who} buys an upgrade."),
    N_("You bought {card} for {eddies}."),
    N_("You removed {card} from your deck."),
    N_("{who} votes {key}."),
    N_("{who}'s turn to play."),
    N_("The next {cards} is discarded unseen."),
    N_("The next {cards} are discarded unseen."),
    N_("The crew chose {key}: {label}."),
    # One line of a flipped Scenario Card (the card's own text stays as printed).
    N_("**{card}** ({kind} #{order})"),
    N_("Health {health}, Damage {damage}. To Hit: {hits}."),
)

# Refusals (rules/legends: refuse(Code…, text)).
REFUSALS = (
    N_("You can only discard during clean-up."),
    N_("You are already done with clean-up."),
    N_("That card is not in your hand."),
    N_("After a round the Obstacles survive, you may discard only {n} card."),
    N_("There is no clean-up to finish right now."),
    N_("Only the crew can submit answers."),
    N_("Type an answer to submit."),
    N_("That answer doesn't crack any open clue. No harm done; try again."),
    N_("The Upgrade Pool opens between runs."),
    N_("There is no such card."),
    N_("That card is not in the Upgrade Pool (yet)."),
    N_("A deck may hold at most {n} copies of {card}."),
    N_("{card} costs {cost}; you have {eddies}."),
    N_("You can change your deck between runs."),
    N_("That card is not in your deck."),
    N_("A deck needs at least {n} cards."),
    N_("Only the campaign's owner or a channel manager can start a run."),
    N_("A run is already in progress."),
    N_("Nobody is seated yet."),
    N_("There is no scenario '{scenario}'."),
    N_("The campaign is complete. Name a scenario to replay it."),
    N_("Mercs don't vote; vote as yourself."),
    N_("Nothing is waiting on you right now: {why}."),
    N_("That is not one of the choices. Pick from the list offered."),
    N_("You already have a seat at this table."),
    N_("The system cannot take a seat."),
    N_("The {role} deck is already taken. Pick another role."),
    N_("This pack has no {role} deck."),
    N_("A merc can only be hired by a runner playing alone."),
    N_("This crew runs with a merc; the merc's owner must leave before others join."),
    N_("You are the last runner in this run."),
    N_("You can leave mid-run only between Obstacles, when the Leader is about to flip."),
    N_("Only the campaign's owner or a channel manager can change options."),
    N_("There is no option '{name}'. Options: {names}."),
    N_("Rules options can only change between runs."),
    N_("'{value}' is not a valid value for {name}."),
    N_("Only the campaign's owner or a channel manager can abandon a run."),
    # A card's play restriction (rules/legends/engine/plan.py: `play_refusal`).
    N_("{card} can only be played if there are no other {suit} symbols in the Plan."),
    N_("{card} can only be played if the Plan shows a {suit} symbol."),
    N_("{card} can only be played while the Plan has at most {cards}."),
    N_("{card} can only be played once the Plan has {cards}."),
    N_("There is no Plan being built right now: {why}."),
    N_("Finish the open choice first: {why}."),
    N_("It is {who}'s turn to play."),
    N_("Choose one of: {keys}."),
    N_("There is no vote open."),
    N_("Only the Leader can close the vote early."),
    N_("It is not time to flip: {why}."),
    N_("Only the Leader ({who}) flips the next card."),
    N_("No run is in progress."),
    N_("You have no merc at this table."),
    N_("You are not seated at this table."),
    N_("You are not part of this run; you will be dealt in next run."),
)

# Prompts and their options (rules/legends/engine/prompts.py, card_effects.py, execution.py).
PROMPTS = (
    N_("{who} chooses a player to {what}."),
    N_("draw {n}"),
    N_("discard {n}"),
    N_("{who} may discard up to {cards}."),
    N_("{who} discards {cards}."),
    N_("{who} must discard {cards}."),
    N_("{who} may put a card from hand into the Plan."),
    N_("{who} may discard a card from the Plan."),
    N_("{who} may discard cards from the Plan."),
    N_("{who} may replace a card in the Plan."),
    N_("{who} picks the replacing card."),
    N_("{who} drew a card: put it into the Plan or discard it."),
    N_("{who} assigns Damage: how much of the {n} left goes to {obstacle}?"),
    N_("{who} picks the Obstacle that takes {amount} immediate Damage."),
    N_("Put {card} into the Plan"),
    N_("Discard {card}"),
    N_("Done"),
    N_("Don't replace"),
)

# What a Plan makes and why it hit or missed (rules/legends/evaluate/results.py). These
# are read by their known shape (`explain`, `made`, `required`), not by the phrasebook.
TO_HIT = N_("{obstacle}: {explain}")
HIT = N_("Hit — {parts}")
MEETS = N_("{made} meets {required}")
NO_REQUIREMENT = N_("No To Hit requirement")
MISSING = N_("No {missing}")
MADE_WITH = N_("{hand} ({suits}) from {cards}")
MADE = N_("{hand} from {cards}")
HANDS = (
    N_("Pair of {rank}"),
    N_("Two pair, {rank} and {other}"),
    N_("Three of a kind, {rank}"),
    N_("Straight {run}"),
    N_("{suit} flush"),
    N_("Flush"),
    N_("Full house, {rank} over {other}"),
    N_("Four of a kind, {rank}"),
)
REQ_WITH_BETTER = N_("{req} with {suits} or better")
REQ_WITH = N_("{req} with {suits}")
REQ_BETTER = N_("{req} or better")
REQ_HANDS = {
    "pair": N_("pair"),
    "two pair": N_("two pair"),
    "three of a kind": N_("three of a kind"),
    "straight": N_("straight"),
    "flush": N_("flush"),
    "full house": N_("full house"),
    "four of a kind": N_("four of a kind"),
}

# What the table waits on (rules/legends/engine/status.py), alone and inside refusals.
WAITING = (
    N_("no run is in progress"),
    N_("waiting for {who} to choose"),
    N_("waiting for {who} (Leader) to flip"),
    N_("the crew is voting"),
    N_("it is {who}'s turn to play"),
    N_("clean-up: waiting for {who}"),
    N_("resolving"),
    N_("{health}/{most}, {over} past its Health"),
)

_KINDS = {
    "obstacle": N_("Obstacle"),
    "scene": N_("Scene"),
    "clue": N_("Clue"),
    "memory": N_("Memory"),
}
_COUNT = re.compile(r"^(?P<n>\d+) (?P<word>.+)$")
_SINGULAR = {
    "cards": "card",
    "card": "card",
    "Eddies": "Eddie",
    "Eddie": "Eddie",
    "Scenario Card": "Scenario Card",
    "Scenario Cards": "Scenario Card",
}


def _counted(loc: str, text: str) -> str:
    """ "3 cards" / "2 Eddies" (the engine's count()) in the language."""
    m = _COUNT.match(text)
    if m is None or m.group("word") not in _SINGULAR:
        return text
    return tcount(loc, int(m.group("n")), _SINGULAR[m.group("word")])


_LABEL = re.compile(r"\[(?P<inner>[^\[\]]*)\]$")


def _card(loc: str, text: str) -> str:
    """A card as the engine labels it, "Frag Out [4 Muscle]": the suit names in the
    language (the card's name stays as printed)."""
    from cogs.legends.render import suit_name

    m = _LABEL.search(text)
    if m is None:
        return text
    words = [suit_name(loc, w) if w.lower() in _SUITS else w for w in m.group("inner").split(" ")]
    return text[: m.start()] + "[" + " ".join(words) + "]"


_SUITS = frozenset({"charisma", "muscle", "stealth", "tech", "any"})


def card_label(loc: str, text: str) -> str:
    """A card's engine label ("Frag Out [4 Muscle]") with its suit names in the language
    (the terminal's card lines)."""
    return _card(loc, text)


_RANKS = {"Jacks": "J", "Queens": "Q", "Kings": "K", "Aces": "A"}


def _rank(loc: str, text: str) -> str:
    """ "8s", "Jacks": a rank as the cards print it (8, J), which reads in any language."""
    return _RANKS.get(text, text.removesuffix("s"))


def _suits(loc: str, text: str) -> str:
    from cogs.legends.render import suit_name

    for sep in (" + ", " and "):
        if sep in text:
            words = [suit_name(loc, w) if w.lower() in _SUITS else w for w in text.split(sep)]
            return (" + " if sep == " + " else t(loc, " and ")).join(words)
    return suit_name(loc, text) if text.lower() in _SUITS else text


_MADE = re.compile(r"^(?P<hand>.+?)(?: \((?P<suits>[^()]*)\))? from (?P<cards>\d+ cards?)$")
_REQ = re.compile(r"^(?P<head>.+?)(?: with (?P<suits>.+?))?(?P<better> or better)?$")


def made(loc: str, text: str) -> str:
    """What a Plan makes ("Pair of 8s (Muscle) from 2 cards") in the language."""
    m = _MADE.match(text)
    if m is None:
        return HAND_BOOK.translate(loc, text)
    hand = HAND_BOOK.translate(loc, m.group("hand"))
    cards = _counted(loc, m.group("cards"))
    if m.group("suits"):
        return t(loc, MADE_WITH, hand=hand, suits=_suits(loc, m.group("suits")), cards=cards)
    return t(loc, MADE, hand=hand, cards=cards)


def required(loc: str, text: str) -> str:
    """A requirement in running text ("pair with Tech or better") in the language."""
    m = _REQ.match(text)
    if m is None:
        return text
    head = m.group("head")
    if head.endswith(" flush") and head != "flush":
        req = HAND_BOOK.translate(loc, head[:1].upper() + head[1:]).lower()
    else:
        req = t(loc, REQ_HANDS[head]) if head in REQ_HANDS else head
    suits = m.group("suits")
    if suits and m.group("better"):
        return t(loc, REQ_WITH_BETTER, req=req, suits=_suits(loc, suits))
    if suits:
        return t(loc, REQ_WITH, req=req, suits=_suits(loc, suits))
    return t(loc, REQ_BETTER, req=req) if m.group("better") else req


def explain(loc: str, text: str) -> str:
    """Why a Plan hit or missed an Obstacle, in the language."""
    if text == NO_REQUIREMENT:
        return t(loc, NO_REQUIREMENT)
    if text.startswith("Hit — "):
        return t(loc, HIT, parts=hit_reasons(loc, text.removeprefix("Hit — ")))
    if text.startswith("No "):
        reqs = text.removeprefix("No ").split("; no ")
        return t(loc, MISSING, missing=t(loc, "; no ").join(required(loc, r) for r in reqs))
    return text


def hit_reasons(loc: str, text: str) -> str:
    """What a hitting Plan met, "Pair of 8s (Muscle) from 2 cards meets pair with
    Muscle; ..." (an explanation without its "Hit — "), in the language."""
    parts = []
    for part in text.split("; "):
        got, sep, req = part.partition(" meets ")
        parts.append(
            t(loc, MEETS, made=made(loc, got), required=required(loc, req)) if sep else part
        )
    return "; ".join(parts)


#: The engine names a merc's seat "Ana (merc)" (rules/legends/engine/context.py).
_MERC = " (merc)"


def seat_names(loc: str, text: str) -> str:
    """Seat names ("Ana, Ana (merc)") with the engine's merc mark in the language."""
    if _MERC not in text or language(loc) == SOURCE:
        return text
    return text.replace(_MERC, t(loc, " (merc)"))


def _kind(loc: str, text: str) -> str:
    return t(loc, _KINDS[text]) if text in _KINDS else text


def _hits(loc: str, text: str) -> str:
    from cogs.legends.render import to_hit_line

    return to_hit_line(re.split(r" or (?!better)", text), loc=loc).replace("**", "")


HAND_BOOK = Phrasebook(
    HANDS, values={"rank": _rank, "other": _rank, "suit": _suits}, words={"rank", "other", "suit"}
)
BOOK = Phrasebook(
    (*EVENTS, *REFUSALS, *PROMPTS, *WAITING, TO_HIT),
    nested={"why", "tally", "what"},
    values={
        "who": seat_names,
        "cards": _counted,
        "eddies": _counted,
        "cost": _counted,
        "kind": _kind,
        "hits": _hits,
        "card": _card,
        "explain": explain,
        "suit": _suits,
    },
)


def say(loc: str, text: str) -> str:
    """An engine text in the language of `loc`, line by line (English as it is)."""
    if "\n" in text:
        return "\n".join(BOOK.translate(loc, line) for line in text.split("\n"))
    return BOOK.translate(loc, text)
