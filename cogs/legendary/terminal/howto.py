"""The rules summaries the terminal table's `rules [topic]` prints (our own words; the
full reference is docs/rules/legendary.md), in the terminal's language; the topic
names stay as they are (they are what `rules TOPIC` takes)."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t

TOPICS: dict[str, str] = {
    "turn": N_(
        "Each turn: the top Villain Deck card is played (Villains enter the city, "
        "Twists and Strikes resolve), then you play cards from your hand, recruit Heroes "
        "with Recruit points, fight with Attack points, and finally draw a new hand of 6."
    ),
    "recruit": N_(
        "Spend Recruit points on a Hero in the HQ (its cost) or on an Officer; the "
        "Hero goes to your discard pile and the HQ refills from the Hero Deck."
    ),
    "fight": N_(
        "Spend Attack equal to a Villain's Attack to defeat it: it goes to your "
        "Victory Pile with any Bystanders it captured. Fight the Mastermind to take one of "
        "its Tactics; take the last one and the players win."
    ),
    "heal": N_(
        "If you have not recruited or fought this turn, you may KO every Wound in "
        "your hand instead."
    ),
    "city": N_(
        "Villains enter the city at the Sewers and push the others toward the Bridge; "
        "a Villain pushed off the Bridge escapes, and the HQ loses a Hero."
    ),
    "evil": N_(
        "Evil Wins when the Scheme's condition is met (too many Twists, escapes or "
        "similar: see the Scheme). If a deck runs out the game ends as a draw."
    ),
    "keywords": N_(
        "Cyber-Mod: stronger the more cards of a class your Victory Pile holds. "
        "Undercover: the card hides under your Victory Pile and scores. Fated Future: "
        "you may put the card on top of your deck for an effect now. Uru: a weapon fight "
        "that can fail. Fight or Fail: the effect happens whether you win or not."
    ),
    "score": N_(
        "At the end, each player's Victory Pile is counted; the players win or "
        "lose together, the highest VP is the top scorer."
    ),
}


def rules_text(topic: str | None, loc: str = SOURCE) -> str:
    names = ", ".join(TOPICS)
    if not topic:
        return t(loc, "Rules topics: {topics} (type: rules TOPIC)", topics=names)
    key = topic.strip().lower()
    hits = [k for k in TOPICS if k.startswith(key)]
    if len(hits) != 1:
        return t(loc, "No rules topic '{topic}'.\nTopics: {topics}", topic=topic, topics=names)
    return f"{hits[0]}: {t(loc, TOPICS[hits[0]])}"


def help_text(loc: str = SOURCE) -> str:
    return t(loc, HELP)


HELP = N_("""\
Commands:
  NUMBER              take the numbered move (or answer the prompt)
  play NAME           play a card from your hand
  recruit NAME        recruit an HQ Hero (recruit officer for an Officer)
  fight NAME          fight a city Villain (fight mastermind)
  heal                KO the Wounds in your hand
  end                 end your turn
  look                show the table again
  card NAME           read a card
  rules [TOPIC]       the rules in short
  help                this list
  quit                leave the game""")
