"""The terminal's help and its short rules topics, in our own words (the full rules as
Fixer referees them: docs/rules/tcg.md), in the terminal's language. The topic names stay
as they are (they are what `rules TOPIC` takes), as on Discord's `/tcg rules`."""

from __future__ import annotations

from bot.i18n import N_, SOURCE, t
from cogs.tcg.rules_text import TOPICS as BASE_TOPICS

HELP = N_("""\
Commands:
  NUMBER         take that move from the list
  WORDS          a move by its words, when they pick one move ('end', 'pass', 'keep',
                 'roll d8', 'attack', 'play neon')
  board          the table again          hand      your hand with card text
  card NAME      a card's text            rules     rules topics ('rules attack')
  concede        give up the duel         quit      leave (end of input quits too)
  help           this list""")

# The topics the Discord front end shows (`/tcg rules`), plus the terminal's own extras:
# one wording of each rule for both front ends.
TOPICS: dict[str, str] = {
    **BASE_TOPICS,
    "fight": N_(
        "When Units fight, the one with more power defeats the other; equal power "
        "defeats both, but a Unit with 0 power defeats nothing."
    ),
    "street cred": N_(
        "Street Cred is the total showing on your Gigs; some cards need a "
        "given Street Cred or reward pairs of equal values."
    ),
    "overtime": N_(
        "Once a turn begins, and the turn before began, with both fixer areas "
        "empty, Overtime starts at that turn's end: from then on 7 or more Gigs win at once. "
        "If both players win or lose at the same moment, the duel is a draw."
    ),
}


def help_text(loc: str = SOURCE) -> str:
    return t(loc, HELP)


def rules(topic: str, loc: str = SOURCE) -> str:
    key = topic.strip().lower()
    names = ", ".join(TOPICS)
    if not key:
        return t(loc, "Rules topics: {topics}. Type 'rules TOPIC'.", topics=names)
    if key in TOPICS:
        return t(loc, TOPICS[key])
    hits = [k for k in TOPICS if k.startswith(key) or key in k]
    if len(hits) == 1:
        return t(loc, TOPICS[hits[0]])
    return t(loc, "No rules topic '{topic}'. Topics: {topics}.", topic=topic, topics=names)
