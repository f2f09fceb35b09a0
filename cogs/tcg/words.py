"""The TCG engine's English texts, in any language (bot/i18n/phrases.py).

The engine (rules/tcg) writes each event and refusal in English with its values in it.
Each template below is how the engine builds one of them; the catalogue holds its
translation, and `say` turns a finished English text into the reader's language at
render time, so the engine stays as it is. A deck's problems have their own book
(`cogs.tcg.deck_words`); a card's effect wording is the pack's translated text (a
ChooseOne mode, `cogs.tcg.localize`); a text without a template stays as written.
"""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t, tn
from bot.i18n.phrases import Phrasebook

# Events (rules/tcg/*: emit).
EVENTS = (
    N_("{who} concedes."),
    N_("{who} chooses to go {key}."),
    N_(
        "Decks and Legends are shuffled; {who} goes first and spends their two leftmost "
        "Legends. Each player draws 6."
    ),
    N_("{who} mulligans and draws 6."),
    N_("{who} keeps."),
    N_("Turn {n}: {who}."),
    N_("{who} readies their cards."),
    N_("{who} draws a card."),
    N_("You draw {card}."),
    N_("{who} rolls in a d{size}: {value}."),
    N_("{who} sells {card}."),
    N_("{who} sells the top card of their deck unseen."),
    N_("{who} Calls slot {n}: {card}."),
    N_("{who} plays {card}."),
    N_("{who} plays {card}: it {how}."),
    N_("{who} equips {host} with {card}."),
    N_("{who} pays {amount} €$."),
    N_("{who} activates {card}."),
    N_("{who} attacks {what} with {card}."),
    N_("{who}, react."),
    N_("{who} blocks with {card}."),
    N_("{who} passes."),
    N_("{who} ends their turn."),
    N_("{attacker} ({pa}) fights {target} ({pt})."),
    N_("{card} is defeated."),
    N_("{who} steals d{size}: {value}."),
    N_("{who} takes d{size}: {value}."),
    N_("The attack steals nothing."),
    N_("The attack ends: {why}."),
    N_("{who} starts a turn with 7 Gigs."),
    N_("{who} holds 7 Gigs in Overtime."),
    N_("{who} has to draw from an empty deck."),
    N_("Overtime: 7 Gigs now win at once."),
    N_("{who} looks at the top of their deck."),
    N_("You see: {cards}."),
    N_("{card} gets {amount} power."),
    N_("{card} goes to {where}."),
    N_("{card} is removed from the game."),
    N_("{card} is readied."),
    N_("{card} is spent."),
    N_("{card} can't attack."),
    N_("{card} is shielded from defeat."),
    N_("{who}'s Gigs are shielded from steals."),
    N_("{who} triggers."),
    N_("{who} chooses: {mode}"),
    N_("{who} readies {n} Eddies."),
    N_("{who} swaps d{size}: {value} for d{size2}: {value2}."),
    N_("{who}'s d{size} now shows {value}."),
    N_("{winner} wins ({reason})."),
    N_("The duel is a draw."),
    N_("{card} steals {amount} Gigs."),
    N_("{what} would {verb}; instead, {by} replaces it."),
    N_("{what} would {verb}; it is prevented."),
    N_("{card} is trashed instead."),
    N_("{who}'s Gig"),
)

# Refusals (rules/tcg/*: IllegalAction): the engine's reason, then what to do.
REFUSALS = (
    N_("The duel is over.\nStart a new duel to play."),
    N_("You are not playing in this duel.\nYou can watch: the board is public."),
    N_("You already decided.\nWait for your rival."),
    N_("Nothing is waiting on your choice.\nUse an action instead."),
    N_("That card is not in your hand.\nPick one."),
    N_("That card is not in your hand or your Legends area.\nPick a card you can play."),
    N_("You already sold this turn (once per turn).\nSell again next turn."),
    N_("You already Called a Legend this turn (once per turn).\nCall again next turn."),
    N_("Mulligans happen only during setup.\nPlay on with the hand you have."),
    N_("The first player decides first (§3).\nWait for them to mulligan or keep."),
    N_("There is no reaction window of yours to close.\nWait for a rival attack."),
    N_("A face-down Legend can't be played or go solo (T4).\nCall it first."),
    N_("That ability is not QUICK.\nIn a reaction window use only QUICK abilities."),
    N_("You roll in a Gig only at the end of your start phase.\nWait for your next turn."),
    N_("You control no such card in play.\nPick one of your Units or face-up Legends."),
    N_("'{key}' is not an option.\nChoose one of: {keys}."),
    N_("A choice is waiting on {who}.\nAnswer it first (choose)."),
    N_("Slot {n} holds no face-down Legend.\nCall a face-down slot."),
    N_("{card} has no Sell tag.\nSell a card that has one."),
    N_("{card} has no ability {n}.\nPick one it has."),
    N_("{card} must attack while it can.\nAttack with it first."),
    N_("It is not your turn, so you can't {what} now.\nWait for {who} to end their turn."),
    N_("You can {what} only in your main phase.\nFinish the start phase first."),
    N_("An attack is in progress, so you can't {what} now.\nWait for the defender to react."),
    N_(
        "That Unit can't attack now (it must be yours, ready, without Lag, and not under a "
        "prohibition).\nPick a Unit that may attack."
    ),
    N_(
        "That is not a legal target: attack a spent rival Unit, or the rival's Gig area while "
        "it holds a Gig.\nPick a legal target."
    ),
    N_(
        "You can block only in the reaction window of a rival attack.\nWait for your rival to "
        "attack."
    ),
    N_(
        "That card can't block this attack (a ready BLOCKER of yours on the field, not the "
        "current target, and the attacker must be blockable).\nPick another blocker or pass."
    ),
    N_("You can't roll in a d{size} now (the d20 only as the last die).\nChoose one of: {dice}."),
    N_("{card} is not QUICK.\nIn a reaction window play only QUICK cards, block, Call or pass."),
    N_(
        "In a reaction window you may play only QUICK cards from your hand.\nBlock, Call or "
        "pass instead."
    ),
    N_(
        "{card} is Gear: it needs a host.\nChoose one of your Units or face-up Legends as the "
        "target."
    ),
    N_("Gear equips only your own Unit or your own face-up Legend (T28).\nChoose one of those."),
    N_(
        "{card} has the null cost: it can never be played to the field.\nUse its abilities "
        "from the Legends area."
    ),
    N_(
        "{card} can't use that ability now (it must be ready, and a Unit can't use ⊡ with Lag "
        "or on the turn it arrives).\nTry again next turn."
    ),
    N_(
        "You need {amount} €$ but have {n} ready sources.\nSell a card or wait for your Eddies "
        "to ready."
    ),
    N_(
        "Pay exactly {amount} €$ from different ready Eddies or Legends in your Legends area "
        "(face-up ones only with a Sell tag).\nPick other sources."
    ),
)

# The front end's own refusals (cogs/tcg/*: `interact.refuse` translates every message).
COG_REFUSALS = (
    N_(
        "Something went wrong on my side; nothing was changed unless the board says so.\nTry again."
    ),
    N_("You are not playing in this duel.\nOnly its two players act; watch with /tcg status."),
    N_("This duel is over.\nStart a new one with /tcg challenge or /tcg practice."),
    N_("You can't {verb} now.\nSee /tcg hand for what you can do."),
    N_("'{value}' is not something you can {what} now.\nYou can {what}: {names}."),
    N_(
        "There is no deck '{value}'.\nPick one from the list (/tcg deck list shows yours and "
        "the preconstructed ones)."
    ),
    N_("There is no duel in this channel.\nStart one with /tcg challenge or /tcg practice."),
    N_("This duel can't be read right now.\nTry again."),
    N_(
        "This channel already has a duel in progress.\nFinish it (or /tcg concede), or duel in "
        "another channel."
    ),
    N_("Duels live in a server channel.\nUse /tcg in a server."),
    N_(
        "A thread for the duel can only be opened in a text channel.\nRun /tcg challenge "
        "without thread here, or in a text channel."
    ),
    N_(
        "I need the Create Public Threads permission to open a thread here.\nAsk an admin to "
        "grant it, or run /tcg challenge without thread."
    ),
    N_(
        "Discord would not let me open the thread.\nTry again, or run /tcg challenge "
        "without thread."
    ),
    N_(
        "Discord would not let me post in the thread.\nTry again, or run /tcg challenge "
        "without thread."
    ),
    N_("You can't challenge yourself or a bot.\nPlay the AI with /tcg practice."),
    N_(
        "This channel already has an open challenge.\nWait for it to be answered or to expire, "
        "or /tcg decline it if it is yours."
    ),
    N_("Nobody has challenged you in this channel.\nChallenge someone with /tcg challenge."),
    N_(
        "There is no challenge of yours in this channel.\nNothing to decline; start one with "
        "/tcg challenge."
    ),
    N_("There is no AI level '{level}'.\nPick one of: {levels}."),
    N_(
        "Table options are set by the two players before the duel starts.\nChallenge someone "
        "with /tcg challenge, then set them."
    ),
    N_("'{target}' is not a target you can play that card on now.\nTargets: {names}."),
    N_("'{target}' is not a target that Unit can attack now.\nTargets: {names}."),
    N_("'{option}' is not a way to pay now.\nPick one of: {names}."),
    N_("This card needs a target.\nPick one with the `target` option."),
    N_(
        "No reaction window is open.\nBlocks and QUICK reactions are for the defender when an "
        "attack is declared."
    ),
    N_("You have no saved deck '{name}'.\nSee /tcg deck list."),
    N_("That file is too big for a deck list.\nAttach a .txt of at most 20 kB."),
    N_("Name a deck or paste a list.\nUse the `name` or `list` option."),
    N_("I could not read the attachment.\nTry again, or paste the list."),
    N_("This button does nothing any more.\nSee /tcg hand."),
    N_(
        "You are not playing in this duel.\nOnly the two duellists have a hand; watch with "
        "/tcg status."
    ),
    N_(
        "This challenge is over (accepted, declined or expired).\nStart a new one with "
        "/tcg challenge."
    ),
    N_("Only the challenged player can accept.\nChallenge someone yourself with /tcg challenge."),
    N_("There is no deck '{value}'.\nPick one of your decks (/tcg deck list)."),
    N_(
        "This reaction window is not yours.\nOnly the defender reacts to an attack; /tcg "
        "status shows the duel."
    ),
    N_("Only the two duellists act.\nWatch with /tcg status."),
    N_("This choice is out of date: the duel has moved on.\nHere is your hand as it is now."),
    N_(
        "This challenge is not yours.\nOnly its two players answer it; challenge someone "
        "yourself with /tcg challenge."
    ),
)

# What a prompt asks (`Prompt.text`, on the board and the panel) and its options' labels.
PROMPTS = (
    N_("{who} won the roll-off: go first or second?"),
    N_("{who}, react: block, play a QUICK card, Call, or pass."),
    N_("{what}: use it?"),
    N_("{who}: choose one for {card}."),
    N_("{who}: choose which of your effects resolves next."),
    N_("{who}: by how much (0–{n})?"),
    N_("{who}: choose a face-down slot to Call."),
    N_("{who}: choose a target for {card}."),
    N_("{who}: choose a Gig to steal."),
    N_("{who}: choose a Gig to take."),
    N_("{who}: choose a Gig {rival} steals."),
    N_("{who}: choose a Gig {rival} takes."),
    N_("{who}: choose a Gig to raise."),
    N_("{who}: choose a Gig to lower."),
    N_("{who}: choose your Gig to swap."),
    N_("{who}: choose a rival Gig to swap."),
    N_("{who}: choose a Gig to make a min Gig."),
    N_("{who}: choose a Gig to make a max Gig."),
    N_("Go first"),
    N_("Go second"),
    N_("Yes"),
    N_("No"),
    N_("slot {n}"),
)

# The engine's words inside an event (a value of a template above).
_WORDS = {
    "first": N_("first"),
    "second": N_("second"),
    "goes solo": N_("goes solo"),
    "enters the field": N_("enters the field"),
    "the Gig area": N_("the Gig area"),
    "deck": N_("the deck"),
    "deck_bottom": N_("the bottom of the deck"),
    "trash": N_("the trash"),
    # what a refusal says cannot be done now (rules/tcg: `need_main`)
    "attack": N_("attack"),
    "end your turn": N_("end your turn"),
    "sell": N_("sell"),
    "Call a Legend": N_("Call a Legend"),
    "play a card": N_("play a card"),
    "activate an ability": N_("activate an ability"),
    # what a front-end refusal says cannot be done now (cogs/tcg/cmd_*.py: `_act_kind`)
    "mulligan": N_("mulligan"),
    "keep": N_("keep"),
    "roll": N_("roll"),
    "play": N_("play"),
    "Call": N_("Call"),
    "activate": N_("activate"),
    "attack with": N_("attack with"),
    "block with": N_("block with"),
    "play as a reaction": N_("play as a reaction"),
    "choose": N_("choose"),
    "pass": N_("pass"),
    "concede": N_("concede"),
    # an empty list of what a refusal offers (cogs/tcg/cmd_duel.py: "Targets: none.")
    "none": N_("none"),
    # what a replacement or a prevention stops (rules/tcg/effects_watch.py: `_VERB`)
    "be defeated": N_("be defeated"),
    "return to its owner's hand": N_("return to its owner's hand"),
    "be trashed": N_("be trashed"),
    "draw a card": N_("draw a card"),
    "be stolen": N_("be stolen"),
    "its own text": N_("its own text"),
    # why an attack ends with no fight (rules/tcg/combat.py: `attack_broken`)
    "the attacker left the field": N_("the attacker left the field"),
    "the target left the field": N_("the target left the field"),
    "the target was readied": N_("the target was readied"),
}


def result_words(loc: str, reason: str) -> str:
    """The engine's reason for a result ("7 Gigs", "alice decked out") in the language."""
    if loc == SOURCE:
        return reason
    head, _, tail = reason.partition(" ")
    if tail in ("Gigs", "Gigs (Overtime)") and head.isdigit():
        gigs = tn(loc, "{n} Gig", "{n} Gigs", int(head))
        return gigs if tail == "Gigs" else t(loc, "{gigs} (Overtime)", gigs=gigs)
    if reason.endswith(" decked out"):
        return t(loc, "{who} decked out", who=reason.removesuffix(" decked out"))
    return reason


# A pending trigger's label (rules/tcg/resolve.py: "{card}: {when}", the trigger's name),
# on the board's Pending line and in a "may" prompt ("{what}: use it?").
PENDING = (
    N_("{card}: play"),
    N_("{card}: call"),
    N_("{card}: attack"),
    N_("{card}: defeated"),
    N_("{card}: spent"),
    N_("{card}: blocks"),
    N_("{card}: steals"),
    N_("{card}: start of turn"),
    N_("{card}: end of turn"),
    N_("{card}: you steal"),
    N_("{card}: you adjust"),
    N_("{card}: friendly defeated"),
    N_("{card}: you play"),
)

# A duel that can't start: the engine's refusal, its problems listed (cogs/tcg/deck_words.py).
ILLEGAL_DECK = N_(
    "{who}'s deck '{deck}' is not legal: {problems}.\nFix the deck (deck check lists every "
    "problem) and try again."
)


def _word(loc: str, value: str) -> str:
    word = _WORDS.get(value)
    if word is not None:
        return t(loc, word)
    return BOOK.translate(loc, value)  # a pending trigger's label ("X: play"), or as is


def _who(loc: str, value: str) -> str:
    """A player's name, or a pending trigger's label ("X: play triggers.")."""
    return BOOK.translate(loc, value) if ": " in value else value


def _problems(loc: str, value: str) -> str:
    from cogs.tcg.deck_words import problem_text

    return "; ".join(problem_text(loc, p) for p in value.split("; "))


BOOK = Phrasebook(
    (*EVENTS, *REFUSALS, *COG_REFUSALS, *PROMPTS, *PENDING, ILLEGAL_DECK),
    values={
        "key": _word,
        "how": _word,
        "what": _word,
        "where": _word,
        "why": _word,
        "verb": _word,
        "names": _word,
        "who": _who,
        "by": _word,
        "reason": result_words,
        "problems": _problems,
    },
    words=("size", "value", "size2", "value2", "n", "amount", "pa", "pt"),
)


def say(loc: str, text: str) -> str:
    """An engine text (an event's line, a refusal) in the language of `loc`."""
    if "\n" in text:  # a refusal: translated whole, else line by line
        whole = BOOK.translate(loc, text)
        if whole != text:
            return whole
        return "\n".join(BOOK.translate(loc, line) for line in text.split("\n"))
    return BOOK.translate(loc, text)
