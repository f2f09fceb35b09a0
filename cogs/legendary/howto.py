"""Legendary's short rules reference (`/legendary rules`) and card text (`/legendary
card`), in our own words (the rules summary: docs/rules/legendary.md)."""

from __future__ import annotations

from rules.legendary.cards import Card, HeroCard, TacticCard, VillainCard

RULES: dict[str, str] = {
    "turn": (
        "Your turn: a Villain card enters the city first, then play cards from your hand "
        "for Recruit and Attack, recruit Heroes from the HQ, fight Villains and the "
        "Mastermind, then end your turn: you discard everything and draw 6."
    ),
    "city": (
        "The city has five spaces. Each new Villain enters the first space and pushes "
        "the others along; one pushed out of the last space escapes."
    ),
    "heal": "Heal: KO all Wounds in your hand, only before you recruit or fight this turn.",
    "winning": (
        "The players win when the Mastermind's last Tactic is defeated. Evil wins when the "
        "Scheme's Evil Wins condition happens. The best individual player has the most VP."
    ),
    "fated future": (
        "A Fated Future card may go to the bottom of your deck when played "
        "(`/legendary play fated_future:true`)."
    ),
    "divided": (
        "A divided card shows two halves with their own names, classes and text. Play one "
        "half: the hand panel has a button for each, or `/legendary play half:`; without "
        "it you are asked which. In your hand and deck the card has the classes of both."
    ),
    "votes": (
        "Vote Schemes stack Twists as votes for the Mastermind and, once a turn, one of "
        "your non-grey Heroes as votes for its Hero Name; the board shows the tally and "
        "who leads. Stacked cards score no VP."
    ),
    "tokens": (
        "Token Schemes (Sludge) put tokens under HQ spaces; a Hero above one is buried "
        "and can't be recruited. The Scheme's special action flushes them: every token "
        "and the Hero above each is KO'd, and each player gains a Wound."
    ),
    "uru": (
        "Uru-Enchanted Weapons: fighting such an enemy reveals cards from your deck; if you "
        "fall short you can't fight again this turn."
    ),
}


def card_text(c: Card) -> str:
    """One card's full text, plainly."""
    head = f"**{c.name}**"
    facts: list[str] = [c.kind.value]
    if isinstance(c, HeroCard):
        if c.hero:
            facts.append(c.hero)
        facts.append(f"cost {c.cost}")
        if c.recruit is not None:
            facts.append(f"Recruit {c.recruit}")
        if c.attack is not None:
            facts.append(f"Attack {c.attack}")
        if c.classes:
            facts.append("/".join(sorted(x.value for x in c.classes)))
    elif isinstance(c, VillainCard | TacticCard):
        facts.append(f"Attack {c.attack}")
        facts.append(f"{c.vp} VP")
        if c.uru:
            facts.append(f"Uru {c.uru}")
    text = f"{head} — {' · '.join(facts)}\n{c.text or '(no text)'}"
    if isinstance(c, HeroCard) and c.halves:
        # A divided card (L2): both halves, each played on its own.
        text += "\nA divided card: play one half (`/legendary play half:`)."
        for h in c.halves:
            bits = ["/".join(sorted(x.value for x in h.classes)) or "no class"]
            if h.team:
                bits.append(h.team)
            if h.recruit is not None:
                bits.append(f"Recruit {h.recruit}")
            if h.attack is not None:
                bits.append(f"Attack {h.attack}")
            text += f"\n• **{h.name}** — {' · '.join(bits)}: {h.text or '(no text)'}"
    return text
