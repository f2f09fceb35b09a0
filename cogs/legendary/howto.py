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
    return f"{head} — {' · '.join(facts)}\n{c.text or '(no text)'}"
