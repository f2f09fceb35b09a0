"""`/tcg rules` topics: a short reference in our own words (the full text with rulings is
docs/rules/tcg.md). Each text is a catalogue message (`N_`): `/tcg rules` shows it in the
reader's language (`t(loc, text)`); each topic's name (`NAMES`) too, in the autocomplete,
the list and the answer (cogs/common/topics.py); the key is what the option sends back."""

from __future__ import annotations

from bot.i18n import N_, t
from cogs.common.topics import topic_name

TOPICS: dict[str, str] = {
    "setup": N_(
        "Each player brings 3 Legends (face-down in the Legends area) and a 40-50 card "
        "deck. The roll-off winner picks who goes first; each draws 6 and may take one "
        "mulligan (the starting player decides first)."
    ),
    "turn": N_(
        "Start phase: ready your cards, draw, then roll in a Gig from your fixer area "
        "(the d20 only as the last die). Main phase: sell once, Call once, play cards, use "
        "abilities, attack. End phase: effects that last until the end of turn stop."
    ),
    "eddies": N_(
        "Sell a Sell-tagged card (once per turn) to make it an Eddie: each ready Eddie "
        "pays 1 €$. A ready Legend in your Legends area pays 1 €$ when spent: face-down always, "
        "face-up only with a Sell tag; Legends on the field never pay."
    ),
    "legends": N_(
        "Call a face-down Legend for 1 €$ (once per turn; the defender may Call "
        "during a reaction window). A face-up Legend can be played to the field, with GO SOLO "
        "if it has it."
    ),
    "attack": N_(
        "A ready Unit without Lag attacks the rival's Gig area or a spent rival Unit. "
        "The defender's reaction window opens: block, play a QUICK card, Call, or pass. "
        "An attack on the Gig area steals dice by the attacker's power."
    ),
    "reaction": N_(
        "Every attack opens the same reaction prompt, whether or not the defender "
        "can do anything. The window closes on a pass or after the table's reaction timeout "
        "(`/tcg options reaction_timeout`)."
    ),
    "winning": N_(
        "Start your turn with 7 Gigs, or win by an effect; a player who must draw "
        "from an empty deck loses. When both fixer areas are empty, Overtime begins."
    ),
    "hidden": N_(
        "Hands (only their counts are public), deck order (owner included), and which "
        "Legend lies in which face-down slot (owner included) stay hidden."
    ),
}

#: Each topic's name, as the reader's language words it (the key is what is sent back).
NAMES: dict[str, str] = {
    "setup": N_("Setting up a duel"),
    "turn": N_("A turn, phase by phase"),
    "eddies": N_("Paying with Eddies"),
    "legends": N_("Calling Legends"),
    "attack": N_("Attacks"),
    "reaction": N_("Reaction windows"),
    "winning": N_("Winning"),
    "hidden": N_("What stays hidden"),
}


def topic_text(loc: str, key: str) -> str:
    """`/tcg rules topic:` answered: the topic's name, then its text, in `loc`."""
    return f"**{topic_name(loc, NAMES, key)}** — {t(loc, TOPICS[key])}"
