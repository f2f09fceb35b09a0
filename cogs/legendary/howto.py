"""Legendary's short rules reference (`/legendary rules`) and card text (`/legendary
card`), in our own words (the rules summary: docs/rules/legendary.md).

Each topic's text is a catalogue message (`N_`), shown in the reader's language; so is
its name (`NAMES`), in the autocomplete and the list (cogs/common/topics.py); the key is
what the option sends back. A card reads in the
pack's translation for its reader's language (content/legendary/translations), the
English where it has none.
"""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from cogs.common.topics import find_topic, topic_list
from cogs.legendary.localize import class_names, icons
from rules.legendary.cards import Card, HeroCard, Pack, TacticCard, VillainCard

RULES: dict[str, str] = {
    "turn": N_(
        "Your turn: a Villain card enters the city first, then play cards from your hand "
        "for Recruit and Attack, recruit Heroes from the HQ, fight Villains and the "
        "Mastermind, then end your turn: you discard everything and draw 6."
    ),
    "city": N_(
        "The city has five spaces. Each new Villain enters the first space and pushes "
        "the others along; one pushed out of the last space escapes."
    ),
    "heal": N_("Heal: KO all Wounds in your hand, only before you recruit or fight this turn."),
    "winning": N_(
        "The players win when the Mastermind's last Tactic is defeated. Evil wins when the "
        "Scheme's Evil Wins condition happens. The best individual player has the most VP."
    ),
    "fated future": N_(
        "A Fated Future card may go to the bottom of your deck when played "
        "(`/legendary play fated_future:true`)."
    ),
    "divided": N_(
        "A divided card shows two halves with their own names, classes and text. Play one "
        "half: the hand panel has a button for each, or `/legendary play half:`; without "
        "it you are asked which. In your hand and deck the card has the classes of both."
    ),
    "votes": N_(
        "Vote Schemes stack Twists as votes for the Mastermind and, once a turn, one of "
        "your non-grey Heroes as votes for its Hero Name; the board shows the tally and "
        "who leads. Stacked cards score no VP."
    ),
    "tokens": N_(
        "Token Schemes (Sludge) put tokens under HQ spaces; a Hero above one is buried "
        "and can't be recruited. The Scheme's special action flushes them: every token "
        "and the Hero above each is KO'd, and each player gains a Wound."
    ),
    "uru": N_(
        "Uru-Enchanted Weapons: fighting such an enemy reveals cards from your deck; if you "
        "fall short you can't fight again this turn."
    ),
}

#: Each topic's name, as the reader's language words it (the key is what is sent back).
NAMES: dict[str, str] = {
    "turn": N_("Your turn"),
    "city": N_("The city"),
    "heal": N_("Healing"),
    "winning": N_("How to win"),
    "fated future": N_("Fated Future"),
    "divided": N_("Divided cards"),
    "votes": N_("Vote Schemes"),
    "tokens": N_("Token Schemes"),
    "uru": N_("Uru-Enchanted Weapons"),
}

KINDS = {
    "hero": N_("hero"),
    "wound": N_("wound"),
    "bystander": N_("bystander"),
    "villain": N_("villain"),
    "twist": N_("twist"),
    "strike": N_("strike"),
    "tactic": N_("tactic"),
    "token": N_("token"),
}


def rules_text(topic: str | None, loc: str = SOURCE) -> str:
    """`/legendary rules [topic]` in the language `loc`."""
    topics = topic_list(loc, NAMES)
    if topic is None:
        return t(loc, "Topics: {topics}", topics=topics)
    key = find_topic(loc, NAMES, topic)  # its key or name, or their unambiguous start
    if key is None:
        return t(loc, "No topic '{topic}'. Topics: {topics}", topic=topic, topics=topics)
    return t(loc, RULES[key])


def _text(pack: Pack | None, path: str, english: str | None, loc: str) -> str:
    """A text of the pack in the language `loc` (the English where it has none)."""
    if pack is None or not english:
        return icons(loc, english or "")
    try:
        return icons(loc, pack.translated(path, loc))
    except KeyError:
        return icons(loc, english)


#: How a reader plays one half of a divided card, on Discord.
PLAY_HALF = N_("A divided card: play one half (`/legendary play half:`).")


def card_text(
    c: Card, pack: Pack | None = None, loc: str = SOURCE, *, play_half: str = PLAY_HALF
) -> str:
    """One card's full text, plainly, in the language `loc`; a divided card says how to
    play a half with `play_half` (a catalogue message: the terminal has its own way)."""
    head = f"**{_text(pack, f'cards.{c.id}.name', c.name, loc)}**"
    facts: list[str] = [t(loc, KINDS[c.kind.value]) if c.kind.value in KINDS else c.kind.value]
    if isinstance(c, HeroCard):
        if c.hero:
            facts.append(c.hero)
        facts.append(t(loc, "cost {n}", n=c.cost))
        if c.recruit is not None:
            facts.append(t(loc, "Recruit {n}", n=c.recruit))
        if c.attack is not None:
            facts.append(t(loc, "Attack {n}", n=c.attack))
        if c.classes:
            facts.append(class_names(loc, c.classes))
    elif isinstance(c, VillainCard | TacticCard):
        facts.append(t(loc, "Attack {n}", n=c.attack))
        facts.append(t(loc, "{n} VP", n=c.vp))
        if c.uru:
            facts.append(f"Uru {c.uru}")
    body = _text(pack, f"cards.{c.id}.text", c.text, loc) or t(loc, "(no text)")
    text = f"{head} — {' · '.join(facts)}\n{body}"
    if isinstance(c, HeroCard) and c.halves:
        # A divided card (L2): both halves, each played on its own.
        text += "\n" + t(loc, play_half)
        for i, h in enumerate(c.halves):
            bits = [class_names(loc, h.classes) or t(loc, "no class")]
            if h.team:
                bits.append(h.team)
            if h.recruit is not None:
                bits.append(t(loc, "Recruit {n}", n=h.recruit))
            if h.attack is not None:
                bits.append(t(loc, "Attack {n}", n=h.attack))
            half = _text(pack, f"cards.{c.id}.halves.{i}.text", h.text, loc) or t(loc, "(no text)")
            title = _text(pack, f"cards.{c.id}.halves.{i}.name", h.name, loc)
            text += f"\n• **{title}** — {' · '.join(bits)}: {half}"
    return text
