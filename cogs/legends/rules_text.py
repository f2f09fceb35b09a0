"""Short rules reference for `/legends rules`, in our words (the full reference with the
rulings is docs/rules/legends.md). Titles and texts are catalogue msgids: `/legends rules`
shows them in the reader's language (`t(loc, title)`)."""

from __future__ import annotations

from bot.i18n import N_

TOPICS: dict[str, tuple[str, str]] = {
    "overview": (
        N_("How a run works"),
        N_(
            "The Leader flips the top Scenario Card and everyone reads it. Scenes give "
            "instructions (sometimes a crew vote), Clues are set aside, Obstacles must be beaten. "
            "Reach the last card of the Scenario Deck to finish the run. Never shuffle the "
            "Scenario Deck: its order numbers fix it."
        ),
    ),
    "plan": (
        N_("The Plan"),
        N_(
            "Against Obstacles, starting with the Leader and going clockwise, each player plays "
            "one card into the Plan until it reaches the Plan Size (5 unless a card or Obstacle "
            "changes it). If you hold a legal card you must play one. If the player on turn has "
            "nothing legal, the Plan executes at once."
        ),
    ),
    "to_hit": (
        N_("To Hit"),
        N_(
            "An Obstacle lists requirements; the Plan hits if it meets at least one. Order, "
            "weakest to strongest: Pair < Two Pair < Three of a Kind < Straight < Flush < Full "
            "House < Four of a Kind. 'Or better' accepts anything stronger. Suits attached to a "
            "requirement must be shown by the cards that form the combination. Every card counts "
            "as each rank and each suit symbol printed on it."
        ),
    ),
    "execution": (
        N_("Execution"),
        N_(
            "1. Check each Obstacle's To Hit. 2. Each hit Obstacle takes the Plan's full Damage. "
            "3. Healing resolves (hit or not), up to max Health. 4. Each Obstacle still standing "
            "deals its Damage, then its end-of-round effects. 5. Clean-up: Plan cards go to their "
            "owners' discard piles."
        ),
    ),
    "cleanup": (
        N_("Clean-up"),
        N_(
            "All Obstacles cleared: discard any number of cards, draw up to 5, the Leader Token "
            "passes left and the new Leader flips. Otherwise: discard up to one card, draw up to "
            "5, and a new round starts with the same Leader. Use the buttons in 'My hand' or "
            "/legends discard and /legends ready."
        ),
    ),
    "timing": (
        N_("Timing, put and replace"),
        N_(
            "A card's effects resolve as it enters the Plan, except Damage and healing, which "
            "count at execution. 'Put' ignores play restrictions and the Plan Size. Replace: "
            "discard the replaced card from the Plan, then play the new one normally. A card that "
            "discards from the Plan may discard itself."
        ),
    ),
    "immediate": (
        N_("Immediate Damage"),
        N_(
            "Immediate Damage ignores To Hit and lands at once. If every Obstacle is cleared "
            "mid-Plan, the Plan ends early (no healing) and the cleared clean-up follows."
        ),
    ),
    "health": (
        N_("Health and flatlining"),
        N_(
            "The crew shares one Health pool (20 by default), reset at each scenario. At 0 the "
            "crew flatlines: the run ends and the campaign opens its next Trauma Pack."
        ),
    ),
    "votes": (
        N_("Scene choices"),
        N_(
            "When a card asks the crew to choose, Fixer opens a vote with buttons. When everyone "
            "has voted, or the time runs out, or the Leader closes it, the most votes win; the "
            "Leader breaks ties."
        ),
    ),
    "table_talk": (
        N_("Table talk"),
        N_(
            "You may not say anything that is on the cards in your own hand: names, ranks, suit "
            "names, numbers or rules text. Cards already face up may be discussed. Bending the "
            "rule is fine ('feeling regal today'); literal mentions (and obvious disguises) are "
            "not. Depending on the table's option Fixer deletes or warns."
        ),
    ),
    "merc": (
        N_("Solo play with a merc"),
        N_(
            "Alone? Join with a merc: a second deck you control, seated to your left with its own "
            "hand. At the start of each round against Obstacles the merc's top card is put into "
            "the Plan before anyone plays. Use the merc option of play, discard and ready, or "
            "the buttons in 'My hand'."
        ),
    ),
    "campaign": (
        N_("Campaigns"),
        N_(
            "A campaign lives in its channel: roster, decks, Eddies, Clues and Persistent Memory "
            "carry over between runs. Between runs, spend Eddies in the Upgrade Pool (/legends "
            "shop, buy, remove; at most 3 copies of a card). Clues may hold puzzles: /legends "
            "solve."
        ),
    ),
    "commands": (
        N_("Commands"),
        N_(
            "new, join, leave, start, flip, hand, play, choose, discard, ready, status, clues, "
            "memory, solve, deck, shop, buy, remove, options, abandon, rules, dm. Your hand is "
            "only ever shown to you (ephemeral replies, or DMs with /legends dm)."
        ),
    ),
}
